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
}
