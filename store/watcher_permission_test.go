//go:build unix

package store_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
)

// TestWatcherServesAPermissionFix: a declaration replaced by one nobody may
// read fails the rebuild, and the chmod that fixes it (IN_ATTRIB) is served.
// Permissions do not bind root, as CI runs, so as root the watcher runs in
// a copy of this test binary as the user nobody, on a copy of the
// repository nobody owns (TestWatcherServesAPermissionFixChild).
func TestWatcherServesAPermissionFix(t *testing.T) {
	if os.Geteuid() != 0 {
		repo, _ := scanRepoCopy(t)
		permissionFixServed(t, repo)
		return
	}
	base := readableTempDir(t)
	repo := filepath.Join(base, "repo")
	copyRepoTree(t, baseRepoDir, repo)
	err := filepath.WalkDir(repo, func(p string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, 65534, 65534)
	})
	if err != nil {
		t.Fatal(err)
	}
	out, err := childAsNobody(t, base, "TestWatcherServesAPermissionFixChild", "CAPREG_PERMISSION_FIX_REPO="+repo, "-test.v").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: TestWatcherServesAPermissionFixChild") {
		t.Fatalf("the watcher as nobody: %v\n%s", err, out)
	}
}

// TestWatcherServesAPermissionFixChild is the watcher of the test above
// when it runs as nobody; it does nothing otherwise.
func TestWatcherServesAPermissionFixChild(t *testing.T) {
	repo := os.Getenv("CAPREG_PERMISSION_FIX_REPO")
	if repo == "" {
		t.Skip("run by TestWatcherServesAPermissionFix only")
	}
	permissionFixServed(t, repo)
}

func permissionFixServed(t *testing.T, repo string) {
	t.Helper()
	w, c := startWatcher(t, repo, store.WatchOptions{})
	ui := filepath.Join(repo, "capabilities/ui/capability.json")
	data := setTitle(t, ui, "Readable again")
	tmp := filepath.Join(repo, "capabilities/ui/.new")
	if err := os.WriteFile(tmp, data, 0o000); err != nil {
		t.Fatal(err)
	}
	failed := c.failed.Load()
	if err := os.Rename(tmp, ui); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the unreadable file to fail the rebuild", func() bool { return c.failed.Load() > failed })
	if err := os.Chmod(ui, 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the fixed file to be served", func() bool { return title(w, "ui") == "Readable again" })
}
