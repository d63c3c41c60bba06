package store_test

import (
	"path/filepath"
	"testing"

	"github.com/capreg/capreg/validate"
)

// TestConfiguredEscapeTwiceEachPlacedCr35 pins where the path-escape
// findings of one refused value written twice ("../x" in workflows and in
// cards) are placed: PathPlacer.PlaceValue keys the first value written so
// (validate/repoconfig.go add, raw map), so both findings land on
// /workflows/0 and /cards/0 gets none. It shows the claim "a refused
// value's finding is placed at that value" (f048cc7) holds only for the
// first of equal values. FAILS on purpose (a placement slip, as before
// f048cc7: not a regression).
func TestConfiguredEscapeTwiceEachPlacedCr35(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"workflows": ["../x"], "cards": ["../x"]}`))
	snap := scanLoadRepo(t, repo)
	got := map[string]int{}
	for _, d := range snap.Diagnostics {
		if d.Rule == "path-escape" && d.File == "capreg.json" {
			got[d.Pointer]++
		}
	}
	if got["/workflows/0"] != 1 || got["/cards/0"] != 1 {
		t.Errorf("path-escape findings by pointer = %v, want one at /workflows/0 and one at /cards/0\nall:\n%s", got, formatDiagnostics(snap.Diagnostics))
	}
}

// TestConfiguredPathAnyDriveCr35 pins that a capreg.json path Go on Windows
// reads as a volume ("1:/tools": filepath.VolumeName takes any byte before
// ':') is refused on Linux too: confineAs refuses it on Windows
// (filepath.VolumeName) but driveLetter accepts only ASCII letters, so the
// same capreg.json lays the repository out differently by OS. FAILS on
// purpose on Linux (pre-existing, not from 3e432ac..HEAD).
func TestConfiguredPathAnyDriveCr35(t *testing.T) {
	for _, value := range []string{"1:/tools", "./1:/tools"} {
		repo, _ := scanRepoCopy(t)
		writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"cards": ["`+value+`"]}`))
		snap := scanLoadRepo(t, repo)
		n := 0
		for _, d := range snap.Diagnostics {
			if d.Rule == "path-escape" && d.File == "capreg.json" && d.Severity == validate.Error {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s: %d path-escape errors, want 1 (Windows refuses it as a volume)\nall:\n%s", value, n, formatDiagnostics(snap.Diagnostics))
		}
	}
}
