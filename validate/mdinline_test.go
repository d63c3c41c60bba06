package validate

import (
	"bytes"
	"runtime"
	"slices"
	"strings"
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

// TestInlineCodeRawHTMLEdges pins inlineCode beside raw HTML and
// autolinks where a mistake in inlineRaw changes which backticks pair up:
// the memo of nextAt answering a search that starts before an earlier one,
// a needle found right where the search starts, a paragraph that does not
// start at offset 0 or that ends before src does, the length limits of a
// URI scheme and an email label, and the bytes an autolink may hold. Each
// row's expected spans are CommonMark 0.31.2's (checked against the
// reference parser), the spec rule named beside it. pre is text before the
// paragraph (its own paragraph), post text after it that the scan must
// not read.
func TestInlineCodeRawHTMLEdges(t *testing.T) {
	label63 := strings.Repeat("d", 63)
	scheme32 := strings.Repeat("s", 32)
	tests := []struct {
		name, pre, src, post string
		want                 []string // the code spans' text, backticks included
	}{
		// §6.6: <a …> never closes (z='2 has no end quote), but the tag
		// <b y='`'> inside its first value is whole: the scan goes back
		// from z's search to y's, which the memo must not answer.
		{"search before the memo's", "", "p <a x=\"<b y='`'>\" z='2 `c`", "", []string{"`c`"}},
		// §6.6: a quoted attribute value may be empty; its end quote is
		// where the search for it starts.
		{"empty quoted value", "", "p <a t=\"\" u=\"`\"> `x`", "", []string{"`x`"}},
		// §2.4: "\<" is a literal '<' in a paragraph that starts past 0.
		{"escaped < after offset 0", "intro\n\n", "\\<a title=\"`\"> `x` y`", "", []string{"`\"> `", "` y`"}},
		// §6.6: an unclosed comment or processing instruction is text, and
		// a tag after it is read: its quote is searched for afresh, not
		// answered by the failed search for "-->" or "?>" (nextAt keeps one
		// memo per needle).
		{"tag after an unclosed comment", "", "p <!-- x <a t=\"`\"> `y`", "", []string{"`y`"}},
		{"tag after an unclosed PI", "", "p <? x <a t=\"`\"> `y`", "", []string{"`y`"}},
		// §6.6: a comment closed only after the paragraph is none in it.
		{"comment closed past the paragraph", "", "p <!-- `x`", " -->", []string{"`x`"}},
		// §6.6: <!--> and <!---> are whole comments wherever they start.
		{"<!--> mid-line", "", "p <!-->`x`", "", []string{"`x`"}},
		{"<!---> mid-line", "", "pp <!--->`x`", "", []string{"`x`"}},
		// §6.6: an unquoted value ends at a space and holds no '"'.
		{"unquoted value ends at a space", "", "p <a t=x u=\"`\"> `y`", "", []string{"`y`"}},
		{"unquoted value with '\"'", "", "p <a u='`' t=x\"y> `z`", "", []string{"`' t=x\"y> `"}},
		// §6.6: an attribute name may start with '_' or ':'.
		{"attribute name with '_'", "", "p <a _t=\"`\"> `x`", "", []string{"`x`"}},
		{"attribute name with ':'", "", "p <a :t=\"`\"> `x`", "", []string{"`x`"}},
		{"attribute name with '_' inside", "", "p <a t_x=\"`\"> `y`", "", []string{"`y`"}},
		{"attribute name at the end", "", "p <a t=\"`\" u", "", nil},
		{"attribute value missing at the end", "", "p <a t=\"`\" u=", "", nil},
		// §6.6: a tag name is ASCII letters and digits, 'z', '0' and '9' too.
		{"tag name <z09>", "", "p <z09 t=\"`\"> `x`", "", []string{"`x`"}},
		// §6.6: white space between attributes is spaces, tabs and a line
		// ending, CRLF too.
		{"tab before an attribute", "", "p <a\ttitle=\"`\"> `x`", "", []string{"`x`"}},
		{"CRLF before an attribute", "", "p <a\r\ntitle=\"`\"> `x`", "", []string{"`x`"}},
		// §6.6: "<a/>" is a whole tag mid-line; a tag the paragraph ends
		// inside is none, whatever follows the paragraph.
		{"<a/> mid-line", "", "p <a/>`x`", "", []string{"`x`"}},
		{"tag open at the end", "", "p <a t=\"`\"", "", nil},
		{"tag open at a line ending at the end", "", "p <a t=\"`a`\"\n", "", []string{"`a`"}},
		{"tag open at the end, '>' after it", "", "p <a t=\"`a`\"", ">", []string{"`a`"}},
		{"tag open at its '/', '>' after it", "", "p <a t=\"`a`\"/", ">", []string{"`a`"}},
		// §6.5: a scheme is 2 to 32 characters.
		{"32-character scheme", "", "p <" + scheme32 + ":`> `x`", "", []string{"`x`"}},
		{"33-character scheme", "", "p <" + scheme32 + "s:`> `x`", "", []string{"`> `"}},
		// §6.5: a URI holds no space.
		{"space in a URI", "", "p <http://a b`> `c`", "", []string{"`> `"}},
		// §6.5: the paragraph ends before the '>' that follows it.
		{"URI open at the paragraph's end", "", "p <http:`a`", ">", []string{"`a`"}},
		// §6.5: '.' is a local-part character, the first of the list.
		{"local part with '.'", "", "p <a.`b@c.d> `x`", "", []string{"`x`"}},
		// §6.5: an email address running to the paragraph's end is no
		// link (no '>'), in its local part or in its domain.
		{"local part to the end", "", "p <a`b`", "", []string{"`b`"}},
		{"domain to the end", "", "p <a`b`c@de", "", []string{"`b`"}},
		{"domain to the end, '>' after it", "", "p <a`b`c@de", ">", []string{"`b`"}},
		// §6.5: an email address has an '@', and only '.' parts its
		// domain's labels.
		{"no '@'", "", "p <a`b c> `x`", "", []string{"`b c> `"}},
		{"a space after a label", "", "p <a`b@c d> `x`", "", []string{"`b@c d> `"}},
		// §6.5: a one-label domain; a label ends in no '-'.
		{"one-label domain", "", "p <a`b@c> `x`", "", []string{"`x`"}},
		{"label ending in '-'", "", "p <a`b@c-> `x`", "", []string{"`b@c-> `"}},
		// §6.5: a domain label is at most 63 characters.
		{"63-character label", "", "p <a`b@" + label63 + "> `x`", "", []string{"`x`"}},
		{"64-character label", "", "p <a`b@" + label63 + "d> `x`", "", []string{"`b@" + label63 + "d> `"}},
		// §6.1: a span's content is literal, so scanning for raw HTML
		// resumes after its closer: "<a``b`@c.d>" would be an email link
		// if the scan began inside the span ``x<a``.
		{"scan resumes after the closer", "", "``x<a``b`@c.d> `y`", "", []string{"``x<a``", "`@c.d> `"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := tt.pre + tt.src + tt.post
			from, to := len(tt.pre), len(tt.pre)+len(tt.src)
			var got []string
			for _, sp := range inlineCode([]byte(doc), from, to, nil) {
				got = append(got, doc[sp[0]:sp[1]])
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("%q: spans %q, want %q", tt.src, got, tt.want)
			}
		})
	}
}

// TestBacktickRunsCounts pins backtickRuns, the count inlineCode sizes its
// slice of runs by (growing it instead cost 2.4 times the memory on long
// lines): a run is counted once however long, also at the start and end.
func TestBacktickRunsCounts(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int
	}{
		{"", 0},
		{"abc", 0},
		{"`", 1},
		{"```", 1},
		{"`a``b```", 3},
		{"a`b", 1},
		{"\\`x` ``", 3},
	} {
		if got := backtickRuns([]byte(tt.in)); got != tt.want {
			t.Errorf("backtickRuns(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

// TestEmailAutolinkBeforeRawHTML pins a bug found by m27's mutation
// review: end() read "</", "<!" and "<?" as a closing tag, a comment or
// declaration, or a processing instruction only, but an email address's
// local part may start with '/', '!' or '?' and hold a backtick (spec 0.31
// §6.5), and autolinks are read before raw HTML (the reference parser,
// commonmark.js 0.31.2, renders each src below as a mailto link and then
// the code span). Read as no construct, <!`a@b.c> let its backtick open a
// span that hid a gsd:loop-host block after it.
func TestEmailAutolinkBeforeRawHTML(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want []string
	}{
		{"p <!`a@b.c> `x`", []string{"`x`"}},
		{"p </`a@b.c> `x`", []string{"`x`"}},
		{"p <?`a@b.c> `x` ?>", []string{"`x`"}},    // not a PI to the "?>"
		{"p <!--`a@b.c> `x` -->", []string{"`x`"}}, // not a comment to the "-->"
		{"p <!-- `a@b.c> `x` -->", []string{}},     // a space: no address, a comment
		{"p <? `a@b.c> `x` ?>", []string{}},        // a space: no address, a PI
	} {
		if got := inlineSpanTexts(tt.src); !slices.Equal(got, tt.want) {
			t.Errorf("%q: spans %q, want %q", tt.src, got, tt.want)
		}
	}
	src := "Mail <!`plan@example.com> about the loop. " + planBlock + " and the ` sign.\n"
	if mk, diags := ParseMarker("plan.md", []byte(src)); mk == nil || mk.Step.Value != "plan" {
		t.Errorf("marker %+v, findings %v; want the plan block read: it is in no code span", mk, diags)
	}
}
