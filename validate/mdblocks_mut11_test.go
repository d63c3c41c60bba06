package validate

import (
	"strings"
	"testing"
)

// mb11Tags are a plan marker's tags, one a line.
const mb11Tags = "<loop-point id=\"plan:pre\"/>\n<agent-role name=\"planner\"/>\n"

// mb11Indent indents every line of s by prefix.
func mb11Indent(prefix, s string) string {
	return prefix + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n"+prefix) + "\n"
}

// Block structure as CommonMark reads it decides whether a marker tag is
// quoted (code) or real: each document below quotes its tags, as cmark
// and goldmark read it.
func TestMb11QuotedTagsAreNoMarker(t *testing.T) {
	for _, tt := range []struct{ name, src string }{
		// A heading's code span quotes, in a block quote or list item too.
		{"code span in a quoted heading", "Intro.\n\n> ## Write `<loop-point id=\"plan:pre\"/>`\n"},
		{"code span in an item's heading", "Intro.\n\n1. ## Run `<loop-point id=\"plan:pre\"/>` and `<agent-role name=\"planner\"/>`\n"},
		// Two spaces and a tab indent by four columns: indented code.
		{"spaces and a tab", "Text.\n\n" + mb11Indent("  \t", mb11Tags)},
		// A thematic break of spaced or tab-separated "*" or "-" is no
		// nest of list items: the text indented after it is top-level code.
		{"spaced thematic break", "Example:\n\n* * *\n\n" + mb11Indent("    ", mb11Tags)},
		{"tab-separated thematic break", "Example:\n\n-\t-\t-\n\n" + mb11Indent("    ", mb11Tags)},
		// A fence right after ">".
		{"fence after a quote's > and no space", mb11Indent(">", "~~~\n"+mb11Tags+"~~~")},
		// Under nested items, a tab reaches the next tab stop from the
		// column the outer item's content leaves it at: "\t      " is
		// four columns past the inner item's content, indented code.
		{"tab under nested items", "1.  A\n\n    - B\n\n" + mb11Indent("\t      ", mb11Tags)},
		// Five spaces after a bullet: the item's content is indented by
		// the bullet and one, and starts with indented code.
		{"five spaces after a bullet", mb11Indent("-     ", "<loop-point id=\"plan:pre\"/>") + mb11Indent("      ", "<agent-role name=\"planner\"/>")},
		// Ten digits make no list item (nine at most): the text is a
		// paragraph, and what is indented after it top-level code.
		{"ten-digit number", "1234567890. Step\n\n" + mb11Indent(strings.Repeat(" ", 14), mb11Tags)},
		// A numbered item that does not start at 1 does not interrupt a
		// paragraph: "10. later" continues it.
		{"item numbered 10 after a paragraph line", "Run:\n10. later\n\n" + mb11Indent("      ", mb11Tags)},
		// A fence closes only with a line of the fence alone.
		{"closing fence with text after it", "```\nexample\n``` x\n" + mb11Tags + "```\n"},
		// A fence in a list item runs on over a blank line: a block quote
		// closed earlier does not end the item there.
		{"fence in an item after a closed quote", "> Note.\n\n- Example:\n  ```\n  x\n\n" + mb11Indent("  ", mb11Tags) + "  ```\n"},
		// A quote in a quote continues with both ">": the inner one's
		// fence runs on.
		{"fence in a nested quote", mb11Indent("> > ", "```\n"+mb11Tags+"```")},
		// "<?>" opens and closes a processing instruction on one line: a
		// fence may start right after it.
		{"fence after a one-line processing instruction", "<?>\n```\n" + mb11Tags + "```\n"},
		// A bullet and spaces only start an empty item whose content is
		// indented by two: six spaces under it are four past, code.
		{"code under a bullet and trailing spaces", "-  \n" + mb11Indent("      ", mb11Tags)},
	} {
		if mk, diags := ParseMarker("doc.md", []byte(tt.src)); mk != nil || len(diags) > 0 {
			t.Errorf("%s: %q: marker %+v, findings %v; want none: the tags are quoted", tt.name, tt.src, mk, diags)
		}
	}
}

// Each document below holds a real plan marker, with no finding: its
// tags are in no code, as CommonMark reads it.
func TestMb11RealTagsAreAMarker(t *testing.T) {
	for _, tt := range []struct{ name, src string }{
		// ">" and a tab: the tab's first column is the marker's space, the
		// rest (two columns) is no indented code.
		{"tab after a quote's >", mb11Indent(">\t", mb11Tags)},
		// ">" needs no space after it.
		{"no space after a quote's >", mb11Indent(">", mb11Tags)},
		// A list item's content is indented by its marker and the one to
		// four spaces after it: three or four here.
		{"three spaces after a bullet", "-   Step:\n\n" + mb11Indent("      ", mb11Tags)},
		{"four spaces after a bullet", "-    Step:\n\n" + mb11Indent("        ", mb11Tags)},
		// Numbered items: up to nine digits, "0" and "9" among them, and
		// ")" after them as well as ".".
		{"nine-digit number", "123456789. Step\n\n" + mb11Indent(strings.Repeat(" ", 13), mb11Tags)},
		{"item numbered 9", "9. Step\n\n" + mb11Indent("     ", mb11Tags)},
		{"item numbered 10", "10. Step\n\n" + mb11Indent("      ", mb11Tags)},
		{"item numbered 1)", "1) Step\n\n" + mb11Indent("     ", mb11Tags)},
		// A line of digits alone is text.
		{"a line of digits", "Version\n2026\n\n" + mb11Tags},
		// A backtick fence's info string holds no backtick: this is text.
		{"backtick in a fence's info string", "```not`a fence\n\n" + mb11Tags},
		// "===" underlines only a paragraph's line: at the start it is a
		// paragraph, which the indented lines after it continue.
		{"=== with no paragraph above", "===\n" + mb11Indent("    ", mb11Tags)},
		// A blank line ends a block quote and the fence in it: a ">"
		// after it opens another quote.
		{"quote after a blank line", "> ```\n> example\n\n" + mb11Indent("> ", mb11Tags)},
		// A tab after a list item's marker reaches the next tab stop: the
		// content is indented by four columns, so the lines below are
		// indented by less than four past it, and are no code.
		{"tab after a bullet", "-\tStep:\n\n" + mb11Indent("      ", mb11Tags)},
		{"tab after a number", "1.\tStep:\n\n" + mb11Indent("       ", mb11Tags)},
		// A tab's columns are counted from its own column: "\t  " under
		// an item indented by four is two columns past its content.
		{"tab under an item", "1.  Step:\n\n" + mb11Indent("\t  ", mb11Tags)},
		// A list item holds text indented past its content after a blank
		// line, though a block quote closed before it.
		{"item after a closed quote", "> Note.\n\n- Plan:\n\n" + mb11Indent("    ", mb11Tags)},
		// A ">" indented by four columns does not continue a quote: the
		// line is the quote's paragraph run on lazily (no fence opens),
		// and the next ">" line continues that paragraph.
		{"> indented by four after a quote's paragraph", "> Plan:\n    > ```\n" + mb11Indent("> ", mb11Tags)},
		// A line of a quote in a list item's column continues the quote,
		// not the item: the fence in the item ends with it.
		{"quote's line ends an item's fence", "> - Step\n>   ```\n" + mb11Indent("> ", mb11Tags)},
		// ">", a tab and a space: the tab's first column is the marker's
		// space, then two columns and a space are three, no code.
		{"tab and a space after a quote's >", mb11Indent(">\t ", mb11Tags)},
		// ">" and four spaces: the first is the marker's, three are left.
		{"four spaces after a quote's >", mb11Indent(">    ", mb11Tags)},
		// A numbered item other than 1 does start a list after a quote's
		// paragraph (it interrupts no paragraph of its own container).
		{"item numbered 10 after a quote's paragraph", "> Run:\n10. later\n\n" + mb11Indent("      ", mb11Tags)},
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
func TestMb11CommentOpenedAfterAClosedOneOnAnHTMLLine(t *testing.T) {
	src := mb11Tags + "\n<!-- a --> <!-- b\n<agent-role name=\"checker\"/>\n"
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
func TestMb11CommentOpenedOnAnHTMLBlocksLastLine(t *testing.T) {
	src := mb11Tags + "\n<pre>\nexample\n</pre> <!-- b\n<agent-role name=\"checker\"/>\n"
	mk, diags := ParseMarker("plan.md", []byte(src))
	if mk == nil || len(diags) != 1 || diags[0].Rule != "marker-in-open-fence" || diags[0].Line != 7 || diags[0].Column != 1 {
		t.Fatalf("marker %+v, findings %v; want the marker and one warning at 7:1 of the comment opened at line 6", mk != nil, diags)
	}
	if got := strings.Join(Values(mk.Roles), " "); got != "planner" {
		t.Errorf("agent roles %q, want planner: checker is commented out", got)
	}
}
