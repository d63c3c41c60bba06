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
