package validate

import (
	"strings"
	"testing"
)

// TestBlockNestingIsBounded: block quotes and list items nest at most
// maxContainers deep, the rest of a line opening more read as text: a
// line of eight million ">" before a tag held a container per ">", a
// gigabyte for an 8 MiB workflow (review). Below the bound, nesting is
// read as before: a fence inside 99 quotes is code, and a marker in it is
// none.
func TestBlockNestingIsBounded(t *testing.T) {
	for _, prefix := range []string{">", "> ", "- ", "* "} {
		src := strings.Repeat(prefix, 10000) + "<loop-point id=\"plan:pre\"/>\n"
		if got := len(scanBlocks([]byte(src)).stack); got != maxContainers {
			t.Errorf("%q × 10000: %d containers open, want %d", prefix, got, maxContainers)
		}
	}
	deep := strings.Repeat(">", maxContainers-1)
	src := deep + " ```\n" + deep + " <loop-point id=\"plan:pre\"/>\n" + deep + " ```\n"
	if mk, diags := ParseMarker("w.md", []byte(src)); mk != nil || len(diags) != 0 {
		t.Errorf("a tag in a fence inside %d quotes: marker %v, findings %v; want neither", maxContainers-1, mk, diags)
	}
	// The bound counts the containers a line is in, not those the line
	// before left open: after a quote 100 deep, a fence at the margin
	// opens as after one 99 deep (review of the bound: it was text, and
	// the closing fence opened one running to the end).
	for _, depth := range []int{maxContainers - 1, maxContainers, maxContainers + 5} {
		for _, gap := range []string{"\n", "\n\n"} {
			src := strings.Repeat(">", depth) + gap + "```\n<loop-point id=\"plan:pre\"/>\n```\n"
			if mk, diags := ParseMarker("w.md", []byte(src)); mk != nil || len(diags) != 0 {
				t.Errorf("a tag in a fence after a quote %d deep (gap %q): marker %v, findings %v; want neither", depth, gap, mk != nil, diags)
			}
		}
	}
}
