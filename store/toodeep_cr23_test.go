package store_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
)

// TestCR23TooDeepSeverityByLayout: a folder 257 deep is an error inside
// the capabilities folder and inside a configured card root (README:
// "an error inside the capabilities folder or a card or workflow root
// capreg.json names"), whatever the root's name: with "capabilities": "."
// (or a path that cleans to it) the whole repository is that folder, and
// it was a warning (review cr23); "cards": ["."] makes it an error too.
func TestCR23TooDeepSeverityByLayout(t *testing.T) {
	for _, tc := range []struct{ name, config, want string }{
		{"capabilities dot", `{"capabilities": "."}`, "error"},
		{"cards dot", `{"cards": ["."]}`, "error"},
		{"capabilities dot, written otherwise", `{"capabilities": "ui/.."}`, "error"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			repo := t.TempDir()
			writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(tc.config))
			if got := deepFolderSeverities(t, repo, "ui"); got != tc.want {
				t.Errorf("file-unreadable severities %q, want %q", got, tc.want)
			}
		})
	}
}

// deepFolderSeverities makes a folder 257 below repo, at top/d/d/…, and
// returns the severities of the file-unreadable findings a scan of repo
// gives, joined by commas.
func deepFolderSeverities(t *testing.T, repo, top string) string {
	t.Helper()
	dir := filepath.Join(repo, top)
	for d := 1; d < 258; d++ {
		dir = filepath.Join(dir, "d")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
	var got []string
	for _, d := range snap.Diagnostics {
		if d.Rule == "file-unreadable" {
			got = append(got, string(d.Severity))
		}
	}
	return strings.Join(got, ",")
}
