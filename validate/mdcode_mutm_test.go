package validate

import (
	"slices"
	"testing"
)

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
