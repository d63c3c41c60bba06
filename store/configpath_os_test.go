package store_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/validate"
)

// TestConfiguredPathsReadAlikeOnEveryOS pins that a path capreg.json names
// is judged the same on every OS (review r25): one holding a backslash is
// a config-file error at its value, with the path written with '/' (it was
// read as a separator on Windows, where ToSlash turns it into one, and as
// part of a name elsewhere), and one starting with a drive letter is
// outside the root (path.IsAbs says no to "C:/x": it was joined under the
// root and ended as a confusing file-unreadable on Windows too).
func TestConfiguredPathsReadAlikeOnEveryOS(t *testing.T) {
	for _, tc := range []struct {
		config, rule, want, pointer string
	}{
		{`{"workflows": ["workflows\\plan-phase.md"]}`, "config-file", `configured path "workflows\\plan-phase.md" holds a backslash, which Windows reads as a separator and Linux and macOS as part of a name; it is not read: write it with '/': "workflows/plan-phase.md"`, "/workflows/0"},
		{`{"capabilities": "C:/caps"}`, "path-escape", `configured path "C:/caps" starts with a drive letter, which Windows reads as another drive, outside the repository root`, "/capabilities"},
		{`{"cards": ["d:tools"]}`, "path-escape", `configured path "d:tools" starts with a drive letter`, "/cards/0"},
		// Cleaned, it is "bin": the drive is looked for before (review cr33).
		{`{"cards": ["c:/../bin"]}`, "path-escape", `configured path "c:/../bin" starts with a drive letter`, "/cards/0"},
	} {
		repo, _ := scanRepoCopy(t)
		if tc.rule == "config-file" {
			// The very name, legal on Linux: still refused, as Windows
			// would read another file.
			if err := os.WriteFile(filepath.Join(repo, `workflows\plan-phase.md`), []byte("# notes\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(tc.config))
		snap := scanLoadRepo(t, repo)
		var found []validate.Diagnostic
		for _, d := range snap.Diagnostics {
			if d.Rule == tc.rule && d.File == "capreg.json" {
				found = append(found, d)
			}
		}
		if len(found) != 1 || !strings.Contains(found[0].Message, tc.want) || found[0].Pointer != tc.pointer || found[0].Severity != validate.Error {
			t.Errorf("%s: want one %s error at %s containing %q, got %v\nall:\n%s", tc.config, tc.rule, tc.pointer, tc.want, found, formatDiagnostics(snap.Diagnostics))
		}
	}
}
