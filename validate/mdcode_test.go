package validate

import (
	"fmt"
	"slices"
	"testing"
)

// mdTags is a complete tag-form marker: a loop point and its agent role.
const mdTags = "<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n"

// mdFindings are ParseMarker's findings of src, each as "rule line:col".
func mdFindings(diags Diagnostics) []string {
	var out []string
	for _, d := range diags {
		out = append(out, fmt.Sprintf("%s %d:%d", d.Rule, d.Line, d.Column))
	}
	return out
}

// mdCase is a document and what ParseMarker reads in it: the marker's
// loop points (none: no marker) and its findings.
type mdCase struct {
	name   string
	src    string
	points []string
	finds  []string
}

func runMdCases(t *testing.T, tests []mdCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := []byte(tt.src)
			b = b[:len(b):len(b)] // nothing past the end to read by mistake
			mk, diags := ParseMarker("w.md", b)
			var points []string
			if mk != nil {
				points = Values(mk.Points)
			}
			if !slices.Equal(points, tt.points) || !slices.Equal(mdFindings(diags), tt.finds) {
				t.Errorf("%q: points %q, findings %q; want points %q, findings %q", tt.src, points, mdFindings(diags), tt.points, tt.finds)
			}
		})
	}
}

var mdPlan = []string{"plan:pre"}

// The lines that open an HTML block, as CommonMark 0.31 reads them, hold
// the lines after them up to what ends the block: a fence line among them
// is HTML, not code, so the markers after it are read; a line that opens
// none is a paragraph's, and a fence after it quotes the markers.
func TestHTMLBlockStartsAsCommonMarkReadsThem(t *testing.T) {
	openFence := func(line int) []string { return []string{fmt.Sprintf("marker-in-open-fence %d:1", line)} }
	runMdCases(t, []mdCase{
		// Declarations: "<!" and an ASCII letter, in either case, to ">".
		{"a declaration", "<!DOCTYPE\n```\n>\n\n" + mdTags, mdPlan, nil},
		{"a declaration starting with a", "<!ATTLIST x\n```\n>\n\n" + mdTags, mdPlan, nil},
		{"a declaration starting with a, lower case", "<!attlist x\n```\n>\n\n" + mdTags, mdPlan, nil},
		{"a declaration starting with z", "<!zed\n```\n>\n\n" + mdTags, mdPlan, nil},
		{"a declaration starting with Z", "<!Zed\n```\n>\n\n" + mdTags, mdPlan, nil},
		{"no declaration: a brace", "<!{x\n```\n" + mdTags, nil, openFence(3)},
		{"no declaration: a tilde", "<!~x\n```\n" + mdTags, nil, openFence(3)},
		{"no declaration: a letter outside ASCII", "<!\u00e9x\n```\n" + mdTags, nil, openFence(3)},
		{"no declaration: a digit", "<!1x\n```\n" + mdTags, nil, openFence(3)},
		{"no declaration: a bracket", "<![x\n```\n" + mdTags, nil, openFence(3)},
		// A raw element's name (pre, script, style, textarea) ends at the
		// line's end, ">", a space or a tab; its block ends at its end tag.
		{"<pre alone", "<pre\n```\n" + mdTags + "```\n</pre>\n", mdPlan, nil},
		{"<pre and a space", "<pre class=x\n```\n" + mdTags + "```\n</pre>\n", mdPlan, nil},
		{"<pre and a tab", "<pre\tclass=x\n```\n" + mdTags + "```\n</pre>\n", mdPlan, nil},
		{"<SCRIPT>", "<SCRIPT>\n\n```\n" + mdTags + "```\n</script>\n", mdPlan, nil},
		{"a longer name is text", "<prex\n```\n" + mdTags + "```\n", nil, nil},
		{"a name and a slash is text", "<pre/\n```\n" + mdTags + "```\n", nil, nil},
		// A block-level tag's name may end the line, open or closing.
		{"<div alone", "<div\n```\n" + mdTags + "```\n", mdPlan, nil},
		{"</div alone", "</div\n```\n" + mdTags + "```\n", mdPlan, nil},
		{"<div and a tab", "<div\tid=x\n```\n" + mdTags + "```\n", mdPlan, nil},
		{"<hr/>", "<hr/>\n```\n" + mdTags + "```\n", mdPlan, nil},
		// Two bytes are enough to open a block.
		{"a block-level tag of one letter", "<p\n```\n" + mdTags + "```\n", mdPlan, nil},
		{"a processing instruction's start", "<?\n```\n" + mdTags + "```\n?>\n", mdPlan, nil},
		// A line of "<" or "<!" alone is text.
		{"a lone <", "<\n" + mdTags, mdPlan, nil},
		{"a lone <!", "<!\n" + mdTags, mdPlan, nil},
		{"a lone < as the last line", mdTags + "\n<", mdPlan, nil},
		{"a lone <! as the last line", mdTags + "\n<!", mdPlan, nil},
	})
}

// A code span ends at its closing backticks: a tag right after them is
// read, not quoted.
func TestTagRightAfterCodeSpan(t *testing.T) {
	runMdCases(t, []mdCase{
		{"after a span", "`x`" + mdTags, mdPlan, nil},
		{"after a double span", "``x ` y``" + mdTags, mdPlan, nil},
		{"a span's last byte", "`x<loop-point id=\"ship:pre\"/>`" + mdTags, mdPlan, nil},
	})
}

// An HTML block ends where CommonMark ends it: a raw element's block at
// the end tag of a raw element in any case and no other, the others at
// their own end ("?>", "-->", ">", "]]>"). Up to there a fence line is
// HTML; after it a fence quotes the markers.
func TestHTMLBlockEnds(t *testing.T) {
	fenced := "```\n" + mdTags + "```\n"
	runMdCases(t, []mdCase{
		{"another end tag does not end <pre>", "<pre>\n</b>\n" + fenced + "</pre>\n", mdPlan, nil},
		{"</PRE> ends <pre>", "<pre>\n</PRE>\n" + fenced, nil, nil},
		{"</textarea> ends <style>", "<style>\nx </textarea> y\n" + fenced, nil, nil},
		{"</pre without > does not end it", "<pre>\n</pre\n" + fenced + "</pre>\n", mdPlan, nil},
		{"?> ends a processing instruction", "<?x\n?>\n" + fenced, nil, nil},
		{"</b> does not end a processing instruction", "<?x\n</b>\n" + fenced + "?>\n", mdPlan, nil},
		{"]]> ends CDATA", "<![CDATA[\n]]>\n" + fenced, nil, nil},
		{"--> ends a comment", "<!-- x\n-->\n" + fenced, nil, nil},
		{"> ends a declaration", "<!DOCTYPE\nhtml>\n" + fenced, nil, nil},
		{"a blank line ends a block-level tag's block", "<div>\n\n" + fenced, nil, nil},
		{"a blank line does not end <pre>", "<pre>\n\n" + fenced + "</pre>\n", mdPlan, nil},
	})
}

// A heading, a setext underline or a thematic break ends the paragraph
// before it, so a code span cannot run from the paragraph's lone backtick
// over the markers after it; a line like one that is none (two "_", "= =",
// mixed characters) is the paragraph's text, and the span quotes the tag.
func TestParagraphEnders(t *testing.T) {
	var tests []mdCase
	for _, line := range []string{"#", "##\t", "===", "=", "==  ", "=\t", "---", "_ _ _", "* * *", "*\t*\t*", "___", "- - -  ", "__ _"} {
		tests = append(tests, mdCase{"ends it: " + line, "Run `gsd\n" + line + "\n" + mdTags + "Then ` y.\n", mdPlan, nil})
	}
	for _, line := range []string{"#x", "= =", "=x", "==-", "__", "-_-", "**", "_ _ x", "x _ _ _", "***x"} {
		tests = append(tests, mdCase{"its text: " + line, "Run `gsd\n" + line + "\n<loop-point id=\"plan:pre\"/>\n` ok\n", nil, nil})
	}
	runMdCases(t, tests)
}

// A closing fence may be followed by spaces and tabs only (CommonMark
// 0.31, as cmark and commonmark.js read it): after a no-break space, a
// vertical tab, a form feed or another Unicode space the line is code, the
// fence stays open, and the marker after it is in that fence.
func TestClosingFenceTakesOnlySpacesAndTabs(t *testing.T) {
	open := []string{"marker-in-open-fence 4:1"}
	runMdCases(t, []mdCase{
		{"spaces and tabs", "```\nx\n```  \t\n" + mdTags, mdPlan, nil},
		{"a no-break space", "```\nx\n```\u00a0\n" + mdTags, nil, open},
		{"an em space", "```\nx\n```\u2003\n" + mdTags, nil, open},
		{"a vertical tab", "```\nx\n```\v\n" + mdTags, nil, open},
		{"a form feed", "~~~\nx\n~~~\f\n" + mdTags, nil, open},
	})
}

// A line of three or more "-", "*" or "_" (spaces between allowed) is a
// thematic break, not a list item, even where it also reads as one: a
// fence indented under it is at the margin and runs on over the markers;
// under a list item ("* *", "- -") it ends with the item.
func TestThematicBreakIsNoListItem(t *testing.T) {
	var tests []mdCase
	for _, line := range []string{"---", "- - -", "-- -", "***", "* * *", "*\t*\t*", "___", "_ _ _"} {
		tests = append(tests, mdCase{"a break: " + line, line + "\n  ```\n" + mdTags, nil, []string{"marker-in-open-fence 3:1"}})
	}
	for _, line := range []string{"- -", "* *", "* * x"} {
		tests = append(tests, mdCase{"a list item: " + line, line + "\n  ```\n" + mdTags, mdPlan, nil})
	}
	runMdCases(t, tests)
}

// A fence is three characters or more, and CDATA holds a fence line as
// HTML up to its "]]>".
func TestShortFenceAndCDATA(t *testing.T) {
	runMdCases(t, []mdCase{
		{"two tildes open no fence", "~~\n" + mdTags, mdPlan, nil},
		{"two backticks open no fence", "``\n\n" + mdTags, mdPlan, nil},
		{"a fence line in CDATA", "<![CDATA[\n```\n" + mdTags + "```\n]]>\n", mdPlan, nil},
	})
}

// quotedCodeTag is a paragraph that quotes a loop point after pre, a run of
// backslashes, and a backtick; the marker proper follows it.
func quotedCodeTag(pre string) string {
	return "Write " + pre + "`<loop-point id=\"x:quoted\"/>` to add one.\n\n" + mdTags
}

// A backslash escapes the next character, a backslash too: after an odd
// number of them a backtick is literal and the tag after it is read, after
// an even number it opens a code span that quotes the tag. Each case is
// what commonmark.js renders.
func TestBackslashesBeforeABacktick(t *testing.T) {
	quoted := []string{"x:quoted", "plan:pre"}
	runMdCases(t, []mdCase{
		{"no backslash", quotedCodeTag(""), mdPlan, nil},
		{"one: the backtick is literal", quotedCodeTag(`\`), quoted, nil},
		{"two: a literal backslash, then code", quotedCodeTag(`\\`), mdPlan, nil},
		{"three: literal backslash and backtick", quotedCodeTag(`\\\`), quoted, nil},
		{"four: two literal backslashes, then code", quotedCodeTag(`\\\\`), mdPlan, nil},
		{"two at the paragraph's start", "\\\\`<loop-point id=\"x:quoted\"/>`\n\n" + mdTags, mdPlan, nil},
		// Inside a code span a backslash is literal: the span ends at the
		// first backtick after it, and the tag after that is read.
		{"a backslash ends a span's text", "`a\\`<loop-point id=\"x:quoted\"/>`\n\n" + mdTags, quoted, nil},
	})
}

// TestLineStartingLikeARawHTMLTag: a line that is the start of a raw HTML
// element's name and no more ("<pr", "<scrip") is a paragraph, not an HTML
// block, and the marker tags after it are read; as the file's last line,
// with no line break after it, it is read without looking past the end.
func TestLineStartingLikeARawHTMLTag(t *testing.T) {
	tags := "<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n"
	for _, line := range []string{"<pr", "<scrip", "<styl", "<textare"} {
		for _, src := range []string{line + "\n\n" + tags, tags + "\n" + line} {
			b := []byte(src)
			b = b[:len(b):len(b)]
			mk, diags := ParseMarker("w.md", b)
			if mk == nil || !slices.Equal(Values(mk.Points), []string{"plan:pre"}) || len(diags) > 0 {
				t.Errorf("%q: marker %+v, findings %v; want plan:pre read and no findings", src, mk, diags)
			}
		}
	}
}

// TestATXHeadingIsOneLine: a heading ("#" to "######", then a space or a
// tab) is one line, so a backtick in it opens no code span that would
// quote the marker tag of the lines after it; a line of "#" and a word
// ("#hashtag"), or seven "#", is a paragraph, whose code span runs on to
// the backtick of a later line and quotes the tag between.
func TestATXHeadingIsOneLine(t *testing.T) {
	plan := "<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n"
	for _, tt := range []struct {
		first   string
		heading bool
	}{
		{"# Step `one", true},
		{"###### Step `one", true},
		{"#\tStep `one", true},
		{"#hashtag `one", false},
		{"####### Step `one", false},
	} {
		src := tt.first + "\n<loop-point id=\"ship:pre\"/>\n`\n\n" + plan
		mk, diags := ParseMarker("w.md", []byte(src))
		if tt.heading && (mk != nil || len(diags) != 1 || diags[0].Rule != "marker-multiple") {
			t.Errorf("%q: marker %+v, findings %v; want the ship:pre tag read, and marker-multiple", tt.first, mk, diags)
		}
		if !tt.heading && (mk == nil || !slices.Equal(Values(mk.Points), []string{"plan:pre"}) || len(diags) > 0) {
			t.Errorf("%q: marker %+v, findings %v; want the ship:pre tag quoted, plan:pre read and no findings", tt.first, mk, diags)
		}
	}
}
