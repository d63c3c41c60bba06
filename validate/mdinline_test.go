package validate

import (
	"bytes"
	"runtime"
	"slices"
	"testing"
)

// TestBacktickInAutolinkOrTagOpensNoCodeSpan pins a finding of review
// cr25: inlineCode pairs every backtick run of a paragraph, also one inside
// an autolink (<http://host/`>) or a raw HTML tag's attribute
// (<span title="`">), which CommonMark reads before code spans ("code span
// backticks have higher precedence than any other inline constructs except
// HTML tags and autolinks", spec 0.31 §6.1). Such a backtick and a later one
// are taken for a code span around a gsd:loop-host block that is outside
// code, and the marker is silently dropped (no marker, no finding), where
// gsd-core, which reads the block anywhere (ref §1.2), reads it.
func TestBacktickInAutolinkOrTagOpensNoCodeSpan(t *testing.T) {
	for _, tt := range []struct{ name, src string }{
		{"autolink", "See <http://example.com/`> for the loop. " + planBlock + " and the ` sign.\n"},
		{"raw tag attribute", "<span title=\"`\">plan</span> " + planBlock + " and the ` sign.\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			mk, diags := ParseMarker("plan.md", []byte(tt.src))
			if mk == nil || mk.Step.Value != "plan" {
				t.Errorf("marker %+v, findings %v; want the plan block read: it is in no code span", mk, diags)
			}
		})
	}
}

// TestInlineCodeYieldsToRawHTML: code spans as CommonMark finds them
// beside raw HTML and autolinks: whichever starts first wins, a backtick
// inside a tag, comment, declaration, processing instruction, CDATA
// section or autolink opens nothing, and a '<' that starts none of them
// is text.
func TestInlineCodeYieldsToRawHTML(t *testing.T) {
	tests := []struct {
		src  string
		want []string // the code spans' text, backticks included
	}{
		{"`<a>` x", []string{"`<a>`"}},
		{"<a title=\"`\">x</a> `code`", []string{"`code`"}},
		{"<a title='`' b=c d>x `code`", []string{"`code`"}},
		{"<a\ntitle=\"`\"\n/> `code`", []string{"`code`"}},
		{"<http://x/`> `y`", []string{"`y`"}},
		{"<a`b@example.com> `c`", []string{"`c`"}},
		{"<!-- ` --> `d`", []string{"`d`"}},
		{"<!--> ` `e`", []string{"` `"}}, // <!--> is a whole comment
		{"<? ` ?> `f`", []string{"`f`"}},
		{"<!DOCTYPE `> `g`", []string{"`g`"}},
		{"<![CDATA[ ` ]]> `h`", []string{"`h`"}},
		{"</a `> x`", []string{"`> x`"}},              // no closing tag: text
		{"a < b ` c ` d", []string{"` c `"}},          // no tag at all
		{"<a title=\"` x `", []string{"` x `"}},       // a quote never closed: no tag
		{"<a title=\"`\"x> `i`", []string{"`\"x> `"}}, // no space before x: no tag
		{"<1a `> `j`", []string{"`> `"}},              // a tag name starts with a letter
		{"<ab:`> `k`", []string{"`k`"}},               // a backtick may be part of a URI
		// "\<" is a literal '<' (§2.4): no tag starts there (review cr26).
		{"\\<a title=\"`\"> `x` y`", []string{"`\"> `", "` y`"}},
	}
	for _, tt := range tests {
		if got := inlineSpanTexts(tt.src); !slices.Equal(got, tt.want) {
			t.Errorf("%q: spans %q, want %q", tt.src, got, tt.want)
		}
	}
}

// TestInlineRawAcrossContainerLines: a paragraph's lines after the first
// are read without their container markers and indentation, as CommonMark
// reads inlines in the paragraph's content (§5.1, §4.8): in a quote the
// next line's "> " is the quote's, not a tag's end, and a declaration
// ends at its content's '>', not the marker's; outside a quote a '>'
// indented four columns or more (which no indented code block starts
// in a paragraph, §4.4), or on a lazy line, or past a list item's
// content column, is text, and ends an open tag (review cr26, cr27; each
// row's spans as goldmark finds them).
func TestInlineRawAcrossContainerLines(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{"> a <b\n> title=\"`\"> z `w`\n", []string{"`w`"}},
		{"> a <!DOCTYPE x\n> y `> z `w`\n", []string{"`w`"}},
		{"See <b\n    > title=\"`\"> `y and ` z\n", []string{"`\"> `"}},
		{"See <b\n\t> title=\"`\"> `y and ` z\n", []string{"`\"> `"}},
		{"> See <b\n>     > title=\"`\"> `y and ` z\n", []string{"`\"> `"}},
		{"> See <b\n    > title=\"`\"> `y and ` z\n", []string{"`\"> `"}},
		{"- See <b\n      > title=\"`\"> `y and ` z\n", []string{"`\"> `"}},
	}
	for _, tt := range tests {
		if got := codeSpanTexts(tt.src); !slices.Equal(got, tt.want) {
			t.Errorf("%q: spans %q, want %q", tt.src, got, tt.want)
		}
	}
	// Through ParseMarker: the block after such a tag is outside code.
	src := "See <b\n    > title=\"`\"> `y " + planBlock + " and the ` sign.\n"
	if mk, diags := ParseMarker("plan.md", []byte(src)); mk == nil || mk.Step.Value != "plan" {
		t.Errorf("marker %+v, findings %v; want the plan block read: it is in no code span", mk, diags)
	}
}

// TestParagraphLinesCostNoMemory: reading a paragraph of millions of lines
// allocates less than the file's own size, in a quote or not, tags on
// every line or not: the quote markers are worked out where raw HTML crosses a line,
// not recorded for every line (review cr28: an 8 MiB file of " a" lines
// allocated 257 MB).
func TestParagraphLinesCostNoMemory(t *testing.T) {
	for _, unit := range []string{" a\n", "> a\n", "> a <b\n"} {
		// A code span at the end, so that the quoted lines' raw HTML is
		// read (a paragraph without a backtick is not).
		src := append(bytes.Repeat([]byte(unit), (8<<20)/len(unit)), "> `x`\n"...)
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		codeRanges(src)
		runtime.ReadMemStats(&m1)
		if got := m1.TotalAlloc - m0.TotalAlloc; got > uint64(len(src)) {
			t.Errorf("%q×%d: codeRanges allocated %d MB for a %d MB paragraph", unit, len(src)/len(unit), got>>20, len(src)>>20)
		}
	}
}

// planBlock is a gsd:loop-host block declaring the plan step, for rows
// that place one after raw HTML in a paragraph.
const planBlock = "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre, plan:post\nagent-roles: planner\nproduces: PLAN.md\nconsumes:\n-->"

// inlineSpanTexts are the texts of the code spans inlineCode finds in src,
// read as one paragraph in no container.
func inlineSpanTexts(src string) []string {
	return spanTexts(src, inlineCode([]byte(src), 0, len(src), nil))
}

// codeSpanTexts are the texts of the code ranges codeRanges finds in src,
// a document.
func codeSpanTexts(src string) []string {
	code, _, _, _, _ := codeRanges([]byte(src))
	return spanTexts(src, code)
}

func spanTexts(src string, sp spans) []string {
	got := []string{}
	for _, s := range sp {
		got = append(got, src[s[0]:s[1]])
	}
	return got
}
