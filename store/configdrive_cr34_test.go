package store_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/validate"
)

// TestConfiguredPathDriveAfterCleanCr34 pins that a capreg.json path whose
// cleaned form starts with a drive letter is refused, as it was before
// 92ba275: that commit looks for the drive on the raw value only
// (scan.go confineAs), so "./c:/tools" or "x/../c:/tools" pass and the
// cleaned "c:/tools" is used, a folder on Linux and drive C on Windows,
// against "read alike on every OS". FAILS on 92ba275..HEAD on purpose.
func TestConfiguredPathDriveAfterCleanCr34(t *testing.T) {
	for _, value := range []string{"./c:/tools", "x/../c:/tools", "./d:tools"} {
		repo, _ := scanRepoCopy(t)
		writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"cards": ["`+value+`"]}`))
		snap := scanLoadRepo(t, repo)
		var found []validate.Diagnostic
		for _, d := range snap.Diagnostics {
			if d.Rule == "path-escape" && d.File == "capreg.json" {
				found = append(found, d)
			}
		}
		if len(found) != 1 || !strings.Contains(found[0].Message, "drive letter") || found[0].Severity != validate.Error {
			t.Errorf("%s: want one path-escape error naming a drive letter, got %v\nall:\n%s", value, found, formatDiagnostics(snap.Diagnostics))
		}
	}
}

// TestConfiguredPathEscapePlacedAtItsValueCr34 pins that the path-escape of
// "c:/../bin" is placed at its own value: confineAs places it by the cleaned
// path "bin", so an earlier, legitimate "bin" takes it (the placer keys the
// first value naming a path). FAILS on purpose (a placement slip).
func TestConfiguredPathEscapePlacedAtItsValueCr34(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"cards": ["bin", "c:/../bin"]}`))
	snap := scanLoadRepo(t, repo)
	for _, d := range snap.Diagnostics {
		if d.Rule == "path-escape" && d.File == "capreg.json" && d.Pointer != "/cards/1" {
			t.Errorf("path-escape of c:/../bin placed at %q, want /cards/1: %s", d.Pointer, d.Message)
		}
	}
}
