package validate

import (
	"slices"
	"strings"
	"testing"
)

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
