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

// TestDotDotAfterALinkOutLeaves: a link whose text climbs back out of a
// link ("a/..") resolves by where a leads: through an alias of the
// repository outside it, it leaves, though it lands on its own folder.
func TestDotDotAfterALinkOutLeaves(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	makeSymlink(t, ".", filepath.Join(filepath.Dir(repo), "alias"))
	mustMkdirAll(t, filepath.Join(repo, "bin", "z"))
	makeSymlink(t, "../../alias/"+filepath.Base(repo)+"/bin/z", filepath.Join(repo, "bin", "a"))
	makeSymlink(t, "a/..", filepath.Join(repo, "bin", "up"))
	snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
	got := findingsAt(snap, "path-escape")
	if want := "symlink to a/.. resolves outside the repository root"; !strings.Contains(got["bin/up"], want) {
		t.Errorf("bin/up: path-escape %q, want %q:\n%s", got["bin/up"], want, formatDiagnostics(snap.Diagnostics))
	}
}
