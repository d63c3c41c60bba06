//go:build !linux

package store

import (
	"io/fs"
	"os"
	"syscall"
)

// walkDir is a directory the scan walks: off Linux, an os.Root its
// entries are opened from by name, one openat each, where opening them
// from the repository root walks every directory above them again (see
// walkdir_linux.go for Linux, where capreg serves from).
type walkDir struct {
	root *os.Root // nil: its entries are opened from the repository root
	f    *os.File // lists it; nil once listed
}

// newWalkDir is the folder d, listed through f ("." of d).
func newWalkDir(d *os.Root, f *os.File, _ string) *walkDir { return &walkDir{root: d, f: f} }

// listOnly is a folder the scan can list through f but not open as a
// root: its entries are opened from the repository root.
func listOnly(f *os.File, _ string) *walkDir { return &walkDir{f: f} }

// opensEntries says whether the folder's entries are opened from it.
func (d *walkDir) opensEntries() bool { return d.root != nil }

// openDir opens the folder name, an entry of d, to walk it; false when
// it cannot be opened so (the caller opens it from the repository root).
func (d *walkDir) openDir(name string) (*walkDir, bool) {
	if d.root == nil {
		return nil, false
	}
	r, f, ok := listable(d.root, name)
	if !ok {
		return nil, false
	}
	return &walkDir{root: r, f: f}, true
}

// openFile opens the file name, an entry of d, to read it, without
// blocking (see readReal).
func (d *walkDir) openFile(name string) (openedFile, error) {
	if d.root == nil {
		return nil, syscall.EINVAL
	}
	f, err := d.root.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// list returns the folder's entries, in the order the system gives them,
// and closes what listed them.
func (d *walkDir) list() ([]fs.DirEntry, error) {
	entries, err := d.f.ReadDir(-1)
	d.f.Close()
	d.f = nil
	return entries, err
}

// close closes the folder.
func (d *walkDir) close() {
	if d.f != nil {
		d.f.Close()
	}
	if d.root != nil {
		d.root.Close()
	}
}
