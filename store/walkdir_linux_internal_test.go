//go:build linux

package store

import (
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// readDirFD lists what os.ReadDir lists, with the same types, over more
// than one getdents buffer; rawFile reads and stats a file as an *os.File
// does.
func TestReadDirFDAgreesWithReadDir(t *testing.T) {
	dir := t.TempDir()
	for i := range 600 { // 600 names of 30 bytes: more than one 8 KiB getdents
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("file-with-a-longish-name-%04d", i)), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("sub", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("nowhere", filepath.Join(dir, "dangling")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	if l, err := net.Listen("unix", filepath.Join(dir, "sock")); err == nil {
		defer l.Close()
	}
	want, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	d, f, ok := listable(root, ".")
	if !ok {
		t.Fatal("not listable")
	}
	wd := newWalkDir(d, f, dir)
	defer wd.close()
	got, err := wd.list()
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(got, func(a, b os.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	if len(got) != len(want) {
		t.Fatalf("%d entries, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i].Name() != want[i].Name() || got[i].Type() != want[i].Type() || got[i].IsDir() != want[i].IsDir() {
			t.Errorf("entry %d: %q %v, want %q %v", i, got[i].Name(), got[i].Type(), want[i].Name(), want[i].Type())
		}
	}

	name := "file-with-a-longish-name-0000"
	fh, err := wd.openFile(name)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	fi, err := fh.Stat()
	if err != nil {
		t.Fatal(err)
	}
	osfi, err := os.Stat(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Name() != osfi.Name() || fi.Size() != osfi.Size() || fi.Mode() != osfi.Mode() || !fi.ModTime().Equal(osfi.ModTime()) {
		t.Errorf("Stat %s %d %v %v, want %s %d %v %v", fi.Name(), fi.Size(), fi.Mode(), fi.ModTime(), osfi.Name(), osfi.Size(), osfi.Mode(), osfi.ModTime())
	}
	if b, err := io.ReadAll(fh); err != nil || string(b) != "x" {
		t.Errorf("read %q, %v", b, err)
	}
	// A link is not followed (the caller opens it from the root); a FIFO
	// opens without blocking, and readReal's fstat refuses it.
	if fh, err := wd.openFile("link"); err == nil {
		fh.Close()
		t.Error("openFile followed a link")
	}
	if fh, err := wd.openFile("fifo"); err == nil {
		fh.Close()
	}
	if sub, ok := wd.openDir("link"); ok {
		sub.close()
		t.Error("openDir followed a link")
	}
}
