package validate

import (
	"slices"
	"strings"
	"testing"
)

// planMarkerTags are a plan marker's tags, one a line.
const planMarkerTags = "<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n"

// prefixLines indents every line of s by prefix.
func prefixLines(prefix, s string) string {
	return prefix + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n"+prefix) + "\n"
}

// Block structure as CommonMark reads it decides whether a marker tag is
// quoted (code) or real: each document below quotes its tags, as cmark
// and goldmark read it.
func TestBlockQuotedTagsAreNoMarker(t *testing.T) {
	for _, tt := range []struct{ name, src string }{
		// A heading's code span quotes, in a block quote or list item too.
		{"code span in a quoted heading", "Intro.\n\n> ## Write `<loop-point id=\"plan:pre\"/>`\n"},
		{"code span in an item's heading", "Intro.\n\n1. ## Run `<loop-point id=\"plan:pre\"/>` and `<agent-role name=\"planner\"/>`\n"},
		// Two spaces and a tab indent by four columns: indented code.
		{"spaces and a tab", "Text.\n\n" + prefixLines("  \t", planMarkerTags)},
		// A thematic break of spaced or tab-separated "*" or "-" is no
		// nest of list items: the text indented after it is top-level code.
		{"spaced thematic break", "Example:\n\n* * *\n\n" + prefixLines("    ", planMarkerTags)},
		{"tab-separated thematic break", "Example:\n\n-\t-\t-\n\n" + prefixLines("    ", planMarkerTags)},
		// A fence right after ">".
		{"fence after a quote's > and no space", prefixLines(">", "~~~\n"+planMarkerTags+"~~~")},
		// Under nested items, a tab reaches the next tab stop from the
		// column the outer item's content leaves it at: "\t      " is
		// four columns past the inner item's content, indented code.
		{"tab under nested items", "1.  A\n\n    - B\n\n" + prefixLines("\t      ", planMarkerTags)},
		// Five spaces after a bullet: the item's content is indented by
		// the bullet and one, and starts with indented code.
		{"five spaces after a bullet", prefixLines("-     ", "<loop-point id=\"plan:pre\"/>") + prefixLines("      ", "<agent-role name=\"planner\"/>")},
		// Ten digits make no list item (nine at most): the text is a
		// paragraph, and what is indented after it top-level code.
		{"ten-digit number", "1234567890. Step\n\n" + prefixLines(strings.Repeat(" ", 14), planMarkerTags)},
		// A numbered item that does not start at 1 does not interrupt a
		// paragraph: "10. later" continues it.
		{"item numbered 10 after a paragraph line", "Run:\n10. later\n\n" + prefixLines("      ", planMarkerTags)},
		// A fence closes only with a line of the fence alone.
		{"closing fence with text after it", "```\nexample\n``` x\n" + planMarkerTags + "```\n"},
		// A fence in a list item runs on over a blank line: a block quote
		// closed earlier does not end the item there.
		{"fence in an item after a closed quote", "> Note.\n\n- Example:\n  ```\n  x\n\n" + prefixLines("  ", planMarkerTags) + "  ```\n"},
		// A quote in a quote continues with both ">": the inner one's
		// fence runs on.
		{"fence in a nested quote", prefixLines("> > ", "```\n"+planMarkerTags+"```")},
		// "<?>" opens and closes a processing instruction on one line: a
		// fence may start right after it.
		{"fence after a one-line processing instruction", "<?>\n```\n" + planMarkerTags + "```\n"},
		// A bullet and spaces only start an empty item whose content is
		// indented by two: six spaces under it are four past, code.
		{"code under a bullet and trailing spaces", "-  \n" + prefixLines("      ", planMarkerTags)},
	} {
		if mk, diags := ParseMarker("doc.md", []byte(tt.src)); mk != nil || len(diags) > 0 {
			t.Errorf("%s: %q: marker %+v, findings %v; want none: the tags are quoted", tt.name, tt.src, mk, diags)
		}
	}
}

// Each document below holds a real plan marker, with no finding: its
// tags are in no code, as CommonMark reads it.
func TestBlockRealTagsAreAMarker(t *testing.T) {
	for _, tt := range []struct{ name, src string }{
		// ">" and a tab: the tab's first column is the marker's space, the
		// rest (two columns) is no indented code.
		{"tab after a quote's >", prefixLines(">\t", planMarkerTags)},
		// ">" needs no space after it.
		{"no space after a quote's >", prefixLines(">", planMarkerTags)},
		// A list item's content is indented by its marker and the one to
		// four spaces after it: three or four here.
		{"three spaces after a bullet", "-   Step:\n\n" + prefixLines("      ", planMarkerTags)},
		{"four spaces after a bullet", "-    Step:\n\n" + prefixLines("        ", planMarkerTags)},
		// Numbered items: up to nine digits, "0" and "9" among them, and
		// ")" after them as well as ".".
		{"nine-digit number", "123456789. Step\n\n" + prefixLines(strings.Repeat(" ", 13), planMarkerTags)},
		{"item numbered 9", "9. Step\n\n" + prefixLines("     ", planMarkerTags)},
		{"item numbered 10", "10. Step\n\n" + prefixLines("      ", planMarkerTags)},
		{"item numbered 1)", "1) Step\n\n" + prefixLines("     ", planMarkerTags)},
		// A line of digits alone is text.
		{"a line of digits", "Version\n2026\n\n" + planMarkerTags},
		// A backtick fence's info string holds no backtick: this is text.
		{"backtick in a fence's info string", "```not`a fence\n\n" + planMarkerTags},
		// "===" underlines only a paragraph's line: at the start it is a
		// paragraph, which the indented lines after it continue.
		{"=== with no paragraph above", "===\n" + prefixLines("    ", planMarkerTags)},
		// A blank line ends a block quote and the fence in it: a ">"
		// after it opens another quote.
		{"quote after a blank line", "> ```\n> example\n\n" + prefixLines("> ", planMarkerTags)},
		// A tab after a list item's marker reaches the next tab stop: the
		// content is indented by four columns, so the lines below are
		// indented by less than four past it, and are no code.
		{"tab after a bullet", "-\tStep:\n\n" + prefixLines("      ", planMarkerTags)},
		{"tab after a number", "1.\tStep:\n\n" + prefixLines("       ", planMarkerTags)},
		// A tab's columns are counted from its own column: "\t  " under
		// an item indented by four is two columns past its content.
		{"tab under an item", "1.  Step:\n\n" + prefixLines("\t  ", planMarkerTags)},
		// A list item holds text indented past its content after a blank
		// line, though a block quote closed before it.
		{"item after a closed quote", "> Note.\n\n- Plan:\n\n" + prefixLines("    ", planMarkerTags)},
		// A ">" indented by four columns does not continue a quote: the
		// line is the quote's paragraph run on lazily (no fence opens),
		// and the next ">" line continues that paragraph.
		{"> indented by four after a quote's paragraph", "> Plan:\n    > ```\n" + prefixLines("> ", planMarkerTags)},
		// A line of a quote in a list item's column continues the quote,
		// not the item: the fence in the item ends with it.
		{"quote's line ends an item's fence", "> - Step\n>   ```\n" + prefixLines("> ", planMarkerTags)},
		// ">", a tab and a space: the tab's first column is the marker's
		// space, then two columns and a space are three, no code.
		{"tab and a space after a quote's >", prefixLines(">\t ", planMarkerTags)},
		// ">" and four spaces: the first is the marker's, three are left.
		{"four spaces after a quote's >", prefixLines(">    ", planMarkerTags)},
		// A numbered item other than 1 does start a list after a quote's
		// paragraph (it interrupts no paragraph of its own container).
		{"item numbered 10 after a quote's paragraph", "> Run:\n10. later\n\n" + prefixLines("      ", planMarkerTags)},
	} {
		mk, diags := ParseMarker("w.md", []byte(tt.src))
		if mk == nil || len(diags) > 0 || mk.Step.Value != "plan" {
			t.Errorf("%s: %q: marker %+v, findings %v; want the plan marker and no finding", tt.name, tt.src, mk, diags)
		}
	}
}

// An HTML block that a comment opens and closes on its first line
// reaches HTML as written, the rest of that line too: a second "<!--" on
// it that nothing closes comments out the rest of the file, as a
// browser reads it, which is warned of at the tag it hides.
func TestCommentOpenedAfterAClosedOneOnAnHTMLLine(t *testing.T) {
	src := planMarkerTags + "\n<!-- a --> <!-- b\n<agent-role name=\"checker\"/>\n"
	mk, diags := ParseMarker("plan.md", []byte(src))
	if mk == nil || len(diags) != 1 || diags[0].Rule != "marker-in-open-fence" || diags[0].Line != 5 || diags[0].Column != 1 || !strings.Contains(diags[0].Message, "opened at line 4 is never closed") {
		t.Fatalf("marker %+v, findings %v; want the marker and one warning at 5:1 of the comment opened at line 4", mk != nil, diags)
	}
	if got := strings.Join(Values(mk.Roles), " "); got != "planner" {
		t.Errorf("agent roles %q, want planner: checker is commented out", got)
	}
}

// An HTML block that ends at a line holding its end condition holds
// that whole line: a "<!--" after "</pre>" on it is raw HTML that
// nothing closes, as CommonMark and a browser read it.
func TestCommentOpenedOnAnHTMLBlocksLastLine(t *testing.T) {
	src := planMarkerTags + "\n<pre>\nexample\n</pre> <!-- b\n<agent-role name=\"checker\"/>\n"
	mk, diags := ParseMarker("plan.md", []byte(src))
	if mk == nil || len(diags) != 1 || diags[0].Rule != "marker-in-open-fence" || diags[0].Line != 7 || diags[0].Column != 1 {
		t.Fatalf("marker %+v, findings %v; want the marker and one warning at 7:1 of the comment opened at line 6", mk != nil, diags)
	}
	if got := strings.Join(Values(mk.Roles), " "); got != "planner" {
		t.Errorf("agent roles %q, want planner: checker is commented out", got)
	}
}

// TestCRLFIsOneLineBreak: with CRLF line endings, "\r\n" ends a line once,
// as "\n" does: a code span that runs across a line break of a paragraph
// still quotes the tag it holds, and a list item's lazy paragraph line
// still belongs to it; a lone CR is a line break of its own.
func TestCRLFIsOneLineBreak(t *testing.T) {
	tags := "<loop-point id=\"plan:pre\"/>\n<loop-point id=\"plan:post\"/>\n<agent-role name=\"planner\"/>\n"
	for _, tt := range []struct{ name, doc string }{
		{"a code span across a line break", "Example: `<loop-point\nid=\"ship:pre\"/>` is a marker tag.\n\n"},
		{"a code span three lines long", "Example: `<agent-role\nname=\"shipper\"\n/>` is a marker tag.\n\n"},
		{"an inline comment across a line break", "Old: <!-- <loop-point\nid=\"ship:pre\"/> -->\nkept for history.\n\n"},
	} {
		for _, eol := range []string{"\n", "\r\n"} {
			src := strings.ReplaceAll(tt.doc+tags, "\n", eol)
			mk, diags := ParseMarker("w.md", []byte(src))
			if mk == nil || !slices.Equal(Values(mk.Points), []string{"plan:pre", "plan:post"}) || len(diags) > 0 {
				t.Errorf("%s, line ends %q: marker %+v, findings %v; want plan's points only and no findings", tt.name, eol, mk, diags)
			}
		}
	}
}
