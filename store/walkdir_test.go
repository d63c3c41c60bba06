//go:build unix

package store_test

import (
	"os"
	"path/filepath"
	"testing"
)

// TestScanEmptyFolderListedNotSearched: a folder that can be listed but
// not searched (mode r--) and holds nothing has nothing unreadable in it:
// the scan lists it whole, finds no entry, and reports nothing, as for a
// readable empty folder. Listing it one entry at a time ended in io.EOF,
// a file-unreadable error that failed the build.
func TestScanEmptyFolderListedNotSearched(t *testing.T) {
	base := readableTempDir(t)
	repo := filepath.Join(base, "repo")
	copyRepoTree(t, baseRepoDir, repo)
	for _, dir := range []string{"capabilities/empty", "docs/empty"} {
		p := filepath.Join(repo, filepath.FromSlash(dir))
		if err := os.Mkdir(p, 0o444); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, 0o444); err != nil { // whatever the umask
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(p, 0o755) })
	}
	diags := scanAsUnprivileged(t, base, repo)
	for _, d := range diags {
		if d.Rule == "file-unreadable" || d.File == "capabilities/empty" || d.File == "docs/empty" {
			t.Errorf("finding %s %s %s: %s", d.Severity, d.Rule, d.File, d.Message)
		}
	}
	if diags.HasErrors() {
		t.Errorf("the scan has errors:\n%s", formatDiagnostics(diags))
	}
}
