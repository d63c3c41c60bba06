package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/capreg/capreg/store"
)

// TestAsGivenThroughGitSyncLink: a folder given through git-sync's link
// (/git/current/products, a monorepo's folder of packages) is told to
// check the repository above it as the link names it, /git/current, not
// as the commit's worktree, /git/.worktrees/<hash>, which the next commit
// removes. A link that is the folder itself (vendored, elsewhere) still
// gets the root whole, as ".." from it is no folder above what it names.
func TestAsGivenThroughGitSyncLink(t *testing.T) {
	top := t.TempDir()
	wt := filepath.Join(top, ".worktrees", "abc")
	for _, dir := range []string{filepath.Join(wt, "products", "a"), filepath.Join(top, "elsewhere")} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{filepath.Join(wt, ".git"), filepath.Join(wt, "capreg.json"), filepath.Join(wt, "products", "a", "capreg.json")} {
		if err := os.WriteFile(f, []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(".worktrees", "abc"), filepath.Join(top, "current")); err != nil {
		t.Skip(err)
	}
	if err := os.Symlink(filepath.Join(wt, "products"), filepath.Join(top, "elsewhere", "products")); err != nil {
		t.Skip(err)
	}
	real, err := filepath.EvalSymlinks(wt)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ repo, want string }{
		{filepath.Join(top, "current", "products"), filepath.Join(top, "current")},
		{filepath.Join(top, "elsewhere", "products"), real},
	} {
		if got := asGiven(tt.repo, store.RootAbove(tt.repo)); got != tt.want {
			t.Errorf("asGiven(%s) = %s, want %s", tt.repo, got, tt.want)
		}
	}
}
