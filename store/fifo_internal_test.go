//go:build unix

package store

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A FIFO where the scan expects a folder (swapped in after the folder was
// listed, or given as the repository) is refused at once: opening one
// blocks until a writer comes, in a system call no signal ends, and
// os.Root opens without O_DIRECTORY.
func TestDirectoryOpensRefuseAFIFO(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "ff"), 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	sc := &scanner{root: root, rootWay: newRootWay(dir, dir)}
	opens := map[string]func() error{
		"listable": func() error {
			if _, _, ok := listable(root, "ff"); ok {
				t.Error("listable opened the FIFO as a folder")
			}
			return nil
		},
		"openDir": func() error { _, err := sc.openDir(filepath.Join(dir, "ff")); return err },
		"walkDir.openDir": func() error {
			d, err := sc.openDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer d.close()
			if _, ok := d.openDir("ff"); ok {
				t.Error("walkDir.openDir opened the FIFO as a folder")
			}
			return nil
		},
		"Scan": func() error { _, err := Scan(t.Context(), ScanOptions{Repo: filepath.Join(dir, "ff")}); return err },
	}
	for name, open := range opens {
		done := make(chan error, 1)
		go func() { done <- open() }()
		select {
		case err := <-done:
			if name != "listable" && name != "walkDir.openDir" && err == nil {
				t.Errorf("%s: no error for a FIFO", name)
			}
		case <-time.After(10 * time.Second): // a hang guard, not a timing assertion
			t.Fatalf("%s blocks on a FIFO", name)
		}
	}
}
