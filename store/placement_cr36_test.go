package store_test

import (
	"path/filepath"
	"testing"
)

// TestScanPlacesRefusedValueItReadCr36 pins, in a real scan, where the
// path-escape finding of "../x" goes when capreg.json also writes "../x"
// under a key in a shape the scanner does not read ("capabilities" as a
// list: ParseRepoConfig takes it only as a string). The scanner confines
// the cards value alone, so its finding belongs at /cards/0; PathPlacer
// queues /capabilities/0 first and hands that out. FAILS on purpose (a
// placement slip present before e6fc38a too: not a regression, but the
// new PlaceValue doc's "a finding at each, in the order of
// repoConfigPathKeys" does not hold).
func TestScanPlacesRefusedValueItReadCr36(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"capabilities": ["../x"], "cards": ["../x"]}`))
	snap := scanLoadRepo(t, repo)
	got := map[string]int{}
	for _, d := range snap.Diagnostics {
		if d.Rule == "path-escape" && d.File == "capreg.json" {
			got[d.Pointer]++
		}
	}
	if len(got) != 1 || got["/cards/0"] != 1 {
		t.Errorf("path-escape findings by pointer = %v, want one at /cards/0\nall:\n%s", got, formatDiagnostics(snap.Diagnostics))
	}
}
