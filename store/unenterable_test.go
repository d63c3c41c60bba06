//go:build unix

package store_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
)

// TestScanRepositoryNotEnterableIsNamed: a repository folder that opens
// but cannot be entered (mode 644, read by another user) is named in the
// error, as one that cannot be opened (mode 311) is: it said "cannot read
// repository: openat .: permission denied", naming no folder (review),
// and then "openat /…/repo: permission denied", naming the system call.
// The folder is named without the separator the scan opens it with
// (asDir, dirError): "permission denied reading /…/repo/" is not how
// --repo spells it.
func TestScanRepositoryNotEnterableIsNamed(t *testing.T) {
	for _, mode := range []os.FileMode{0o644, 0o311} {
		t.Run(mode.String(), func(t *testing.T) {
			base := readableTempDir(t)
			repo := filepath.Join(base, "repo")
			copyRepoTree(t, baseRepoDir, repo)
			if err := os.Chmod(repo, mode); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.Chmod(repo, 0o755) })
			var msg string
			if os.Geteuid() != 0 {
				_, err := store.Scan(t.Context(), store.ScanOptions{Repo: repo})
				msg = fmt.Sprint(err)
			} else {
				out, err := childAsNobody(t, base, "TestScanRepositoryNotEnterableChild", "CAPREG_NOENTER_REPO="+repo).Output()
				if err != nil {
					t.Fatalf("scan as nobody: %v\n%s", err, out)
				}
				msg, _, _ = strings.Cut(string(out), "\n") // then the child's PASS
			}
			// Said as a person says it, without the system call ("openat").
			if want := "cannot read repository " + repo + ": permission denied reading " + repo; msg != want {
				t.Errorf("error %q, want %q", msg, want)
			}
		})
	}
}

// TestScanRepositoryNotEnterableChild is the scan of the test above when
// it runs as another user; it does nothing otherwise.
func TestScanRepositoryNotEnterableChild(t *testing.T) {
	repo := os.Getenv("CAPREG_NOENTER_REPO")
	if repo == "" {
		t.Skip("run by TestScanRepositoryNotEnterableIsNamed only")
	}
	_, err := store.Scan(t.Context(), store.ScanOptions{Repo: repo})
	fmt.Println(err)
}
