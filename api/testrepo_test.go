package api_test

import (
	"os"
	"testing"
)

// copyTestRepo returns a fresh copy of testdata/repo in a temporary folder, for
// tests that edit the repository a server or watcher reads: the checked-in
// tree is shared by every test and must stay as it is.
func copyTestRepo(t testing.TB) string {
	t.Helper()
	repo := t.TempDir()
	if err := os.CopyFS(repo, os.DirFS("../testdata/repo")); err != nil {
		t.Fatal(err)
	}
	return repo
}
