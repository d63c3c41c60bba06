package validate

import (
	"fmt"
	"slices"
	"testing"
)

// mc11Tags is a complete tag-form marker: a loop point and its agent role.
const mc11Tags = "<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n"

// mc11Findings are ParseMarker's findings of src, each as "rule line:col".
func mc11Findings(diags Diagnostics) []string {
	var out []string
	for _, d := range diags {
		out = append(out, fmt.Sprintf("%s %d:%d", d.Rule, d.Line, d.Column))
	}
	return out
}

// mc11Case is a document and what ParseMarker reads in it: the marker's
// loop points (none: no marker) and its findings.
type mc11Case struct {
	name   string
	src    string
	points []string
	finds  []string
}

func mc11Run(t *testing.T, tests []mc11Case) {
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
			if !slices.Equal(points, tt.points) || !slices.Equal(mc11Findings(diags), tt.finds) {
				t.Errorf("%q: points %q, findings %q; want points %q, findings %q", tt.src, points, mc11Findings(diags), tt.points, tt.finds)
			}
		})
	}
}

var mc11Plan = []string{"plan:pre"}

// The lines that open an HTML block, as CommonMark 0.31 reads them, hold
// the lines after them up to what ends the block: a fence line among them
// is HTML, not code, so the markers after it are read; a line that opens
// none is a paragraph's, and a fence after it quotes the markers.
func TestHTMLBlockStartsAsCommonMarkReadsThem(t *testing.T) {
	openFence := func(line int) []string { return []string{fmt.Sprintf("marker-in-open-fence %d:1", line)} }
	mc11Run(t, []mc11Case{
		// Declarations: "<!" and an ASCII letter, in either case, to ">".
		{"a declaration", "<!DOCTYPE\n```\n>\n\n" + mc11Tags, mc11Plan, nil},
		{"a declaration starting with a", "<!ATTLIST x\n```\n>\n\n" + mc11Tags, mc11Plan, nil},
		{"a declaration starting with a, lower case", "<!attlist x\n```\n>\n\n" + mc11Tags, mc11Plan, nil},
		{"a declaration starting with z", "<!zed\n```\n>\n\n" + mc11Tags, mc11Plan, nil},
		{"a declaration starting with Z", "<!Zed\n```\n>\n\n" + mc11Tags, mc11Plan, nil},
		{"no declaration: a brace", "<!{x\n```\n" + mc11Tags, nil, openFence(3)},
		{"no declaration: a tilde", "<!~x\n```\n" + mc11Tags, nil, openFence(3)},
		{"no declaration: a letter outside ASCII", "<!\u00e9x\n```\n" + mc11Tags, nil, openFence(3)},
		{"no declaration: a digit", "<!1x\n```\n" + mc11Tags, nil, openFence(3)},
		{"no declaration: a bracket", "<![x\n```\n" + mc11Tags, nil, openFence(3)},
		// A raw element's name (pre, script, style, textarea) ends at the
		// line's end, ">", a space or a tab; its block ends at its end tag.
		{"<pre alone", "<pre\n```\n" + mc11Tags + "```\n</pre>\n", mc11Plan, nil},
		{"<pre and a space", "<pre class=x\n```\n" + mc11Tags + "```\n</pre>\n", mc11Plan, nil},
		{"<pre and a tab", "<pre\tclass=x\n```\n" + mc11Tags + "```\n</pre>\n", mc11Plan, nil},
		{"<SCRIPT>", "<SCRIPT>\n\n```\n" + mc11Tags + "```\n</script>\n", mc11Plan, nil},
		{"a longer name is text", "<prex\n```\n" + mc11Tags + "```\n", nil, nil},
		{"a name and a slash is text", "<pre/\n```\n" + mc11Tags + "```\n", nil, nil},
		// A block-level tag's name may end the line, open or closing.
		{"<div alone", "<div\n```\n" + mc11Tags + "```\n", mc11Plan, nil},
		{"</div alone", "</div\n```\n" + mc11Tags + "```\n", mc11Plan, nil},
		{"<div and a tab", "<div\tid=x\n```\n" + mc11Tags + "```\n", mc11Plan, nil},
		{"<hr/>", "<hr/>\n```\n" + mc11Tags + "```\n", mc11Plan, nil},
		// Two bytes are enough to open a block.
		{"a block-level tag of one letter", "<p\n```\n" + mc11Tags + "```\n", mc11Plan, nil},
		{"a processing instruction's start", "<?\n```\n" + mc11Tags + "```\n?>\n", mc11Plan, nil},
		// A line of "<" or "<!" alone is text.
		{"a lone <", "<\n" + mc11Tags, mc11Plan, nil},
		{"a lone <!", "<!\n" + mc11Tags, mc11Plan, nil},
		{"a lone < as the last line", mc11Tags + "\n<", mc11Plan, nil},
		{"a lone <! as the last line", mc11Tags + "\n<!", mc11Plan, nil},
	})
}

// A code span ends at its closing backticks: a tag right after them is
// read, not quoted.
func TestTagRightAfterCodeSpan(t *testing.T) {
	mc11Run(t, []mc11Case{
		{"after a span", "`x`" + mc11Tags, mc11Plan, nil},
		{"after a double span", "``x ` y``" + mc11Tags, mc11Plan, nil},
		{"a span's last byte", "`x<loop-point id=\"ship:pre\"/>`" + mc11Tags, mc11Plan, nil},
	})
}

// An HTML block ends where CommonMark ends it: a raw element's block at
// the end tag of a raw element in any case and no other, the others at
// their own end ("?>", "-->", ">", "]]>"). Up to there a fence line is
// HTML; after it a fence quotes the markers.
func TestHTMLBlockEnds(t *testing.T) {
	fenced := "```\n" + mc11Tags + "```\n"
	mc11Run(t, []mc11Case{
		{"another end tag does not end <pre>", "<pre>\n</b>\n" + fenced + "</pre>\n", mc11Plan, nil},
		{"</PRE> ends <pre>", "<pre>\n</PRE>\n" + fenced, nil, nil},
		{"</textarea> ends <style>", "<style>\nx </textarea> y\n" + fenced, nil, nil},
		{"</pre without > does not end it", "<pre>\n</pre\n" + fenced + "</pre>\n", mc11Plan, nil},
		{"?> ends a processing instruction", "<?x\n?>\n" + fenced, nil, nil},
		{"</b> does not end a processing instruction", "<?x\n</b>\n" + fenced + "?>\n", mc11Plan, nil},
		{"]]> ends CDATA", "<![CDATA[\n]]>\n" + fenced, nil, nil},
		{"--> ends a comment", "<!-- x\n-->\n" + fenced, nil, nil},
		{"> ends a declaration", "<!DOCTYPE\nhtml>\n" + fenced, nil, nil},
		{"a blank line ends a block-level tag's block", "<div>\n\n" + fenced, nil, nil},
		{"a blank line does not end <pre>", "<pre>\n\n" + fenced + "</pre>\n", mc11Plan, nil},
	})
}

// A heading, a setext underline or a thematic break ends the paragraph
// before it, so a code span cannot run from the paragraph's lone backtick
// over the markers after it; a line like one that is none (two "_", "= =",
// mixed characters) is the paragraph's text, and the span quotes the tag.
func TestParagraphEnders(t *testing.T) {
	var tests []mc11Case
	for _, line := range []string{"#", "##\t", "===", "=", "==  ", "=\t", "---", "_ _ _", "* * *", "*\t*\t*", "___", "- - -  ", "__ _"} {
		tests = append(tests, mc11Case{"ends it: " + line, "Run `gsd\n" + line + "\n" + mc11Tags + "Then ` y.\n", mc11Plan, nil})
	}
	for _, line := range []string{"#x", "= =", "=x", "==-", "__", "-_-", "**", "_ _ x", "x _ _ _", "***x"} {
		tests = append(tests, mc11Case{"its text: " + line, "Run `gsd\n" + line + "\n<loop-point id=\"plan:pre\"/>\n` ok\n", nil, nil})
	}
	mc11Run(t, tests)
}

// A closing fence may be followed by spaces and tabs only (CommonMark
// 0.31, as cmark and commonmark.js read it): after a no-break space, a
// vertical tab, a form feed or another Unicode space the line is code, the
// fence stays open, and the marker after it is in that fence.
func TestClosingFenceTakesOnlySpacesAndTabs(t *testing.T) {
	open := []string{"marker-in-open-fence 4:1"}
	mc11Run(t, []mc11Case{
		{"spaces and tabs", "```\nx\n```  \t\n" + mc11Tags, mc11Plan, nil},
		{"a no-break space", "```\nx\n```\u00a0\n" + mc11Tags, nil, open},
		{"an em space", "```\nx\n```\u2003\n" + mc11Tags, nil, open},
		{"a vertical tab", "```\nx\n```\v\n" + mc11Tags, nil, open},
		{"a form feed", "~~~\nx\n~~~\f\n" + mc11Tags, nil, open},
	})
}

// A line of three or more "-", "*" or "_" (spaces between allowed) is a
// thematic break, not a list item, even where it also reads as one: a
// fence indented under it is at the margin and runs on over the markers;
// under a list item ("* *", "- -") it ends with the item.
func TestThematicBreakIsNoListItem(t *testing.T) {
	var tests []mc11Case
	for _, line := range []string{"---", "- - -", "-- -", "***", "* * *", "*\t*\t*", "___", "_ _ _"} {
		tests = append(tests, mc11Case{"a break: " + line, line + "\n  ```\n" + mc11Tags, nil, []string{"marker-in-open-fence 3:1"}})
	}
	for _, line := range []string{"- -", "* *", "* * x"} {
		tests = append(tests, mc11Case{"a list item: " + line, line + "\n  ```\n" + mc11Tags, mc11Plan, nil})
	}
	mc11Run(t, tests)
}

// A fence is three characters or more, and CDATA holds a fence line as
// HTML up to its "]]>".
func TestShortFenceAndCDATA(t *testing.T) {
	mc11Run(t, []mc11Case{
		{"two tildes open no fence", "~~\n" + mc11Tags, mc11Plan, nil},
		{"two backticks open no fence", "``\n\n" + mc11Tags, mc11Plan, nil},
		{"a fence line in CDATA", "<![CDATA[\n```\n" + mc11Tags + "```\n]]>\n", mc11Plan, nil},
	})
}
