package store

import (
	"errors"
	"io/fs"
	"path/filepath"
	"syscall"
	"testing"
)

// TestPlainlyKeepsAnotherErrnoText: a failure to reach the repository
// that is neither a missing path, a permission nor a file in the way
// ("input/output error", "too many levels of symbolic links") is said with
// the system's text and the path as --repo spells it, without the system
// call and the absolute path, and stays in the chain for errors.Is.
func TestPlainlyKeepsAnotherErrnoText(t *testing.T) {
	abs, err := filepath.Abs("repo")
	if err != nil {
		t.Fatal(err)
	}
	for _, errno := range []syscall.Errno{syscall.EIO, syscall.ELOOP} {
		got := plainly("repo", &fs.PathError{Op: "lstat", Path: abs, Err: errno})
		if want := errno.Error() + " reading repo"; got.Error() != want {
			t.Errorf("plainly(lstat %s: %v) = %q, want %q", abs, errno, got, want)
		}
		if !errors.Is(got, errno) {
			t.Errorf("plainly(lstat %s: %v) = %q, which is not %v", abs, errno, got, errno)
		}
	}
}
