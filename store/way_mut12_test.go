package store_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
)

// TestLeavingLinkIsNamedAtTheEndOfTheLongestChain: a chain of 255 links,
// as many as filepath.EvalSymlinks follows, still names the link that
// leaves, as a shorter one does (TestLeavingLinkIsNamedAtTheEndOfLongChains).
func TestLeavingLinkIsNamedAtTheEndOfTheLongestChain(t *testing.T) {
	const n = 255
	links := map[string]string{"docs/ch/l0": "/proc"}
	for i := 1; i < n; i++ {
		links[fmt.Sprintf("docs/ch/l%d", i)] = fmt.Sprintf("l%d", i-1)
	}
	repo, _ := linkRepo(t, links)
	last := fmt.Sprintf("docs/ch/l%d", n-1)
	writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"cards": ["`+last+`"]}`))
	got := findingsAt(scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}}), "path-escape")
	if want := fmt.Sprintf("symlink to l%d resolves outside the repository root, through docs/ch/l0, a link to /proc", n-2); !strings.Contains(got[last], want) {
		t.Errorf("%s: %q, want %q", last, got[last], want)
	}
}
