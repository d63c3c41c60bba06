package store_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/capreg/capreg/store"
)

// TestRepoThatIsNoFolder: a --repo naming a file or a FIFO, or a path under
// a file, is no repository a clone will ever make: StatRepo says
// ErrRepoNotFolder for each (serve refuses it as a usage error rather than
// waiting for it), and Scan refuses a file or a FIFO with the same error. A
// path under a file fails Scan's resolving of it, as a path that is not
// there does; a folder is none of these.
func TestRepoThatIsNoFolder(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "capreg.json")
	writeTestFile(t, file, []byte("{}\n"))
	fifo := filepath.Join(dir, "fifo")
	if err := mkfifo(fifo); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	for _, c := range []struct {
		name, repo    string
		scanNotFolder bool // else Scan fails with ENOTDIR
	}{
		{"file", file, true},
		{"fifo", fifo, true},
		{"under a file", filepath.Join(file, "sub"), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := store.StatRepo(c.repo)
			if !errors.Is(err, store.ErrRepo) || !errors.Is(err, store.ErrRepoNotFolder) {
				t.Errorf("StatRepo = %v, want ErrRepo and ErrRepoNotFolder", err)
			}
			in, err := store.Scan(context.Background(), store.ScanOptions{Repo: c.repo})
			if in != nil || !errors.Is(err, store.ErrRepo) {
				t.Fatalf("Scan = %v, %v; want no input and ErrRepo", in, err)
			}
			if c.scanNotFolder != errors.Is(err, store.ErrRepoNotFolder) {
				t.Errorf("Scan = %v; ErrRepoNotFolder is %v, want %v", err, !c.scanNotFolder, c.scanNotFolder)
			}
			if !c.scanNotFolder && !errors.Is(err, syscall.ENOTDIR) {
				t.Errorf("Scan = %v, want ENOTDIR", err)
			}
			if !strings.Contains(err.Error(), c.repo) {
				t.Errorf("Scan = %v, want it to name %s", err, c.repo)
			}
		})
	}
	if err := store.StatRepo(dir); err != nil {
		t.Errorf("StatRepo(a folder) = %v, want nil", err)
	}
}
