//go:build linux

package store

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// statInfo is a real file's FileInfo with its stat replaced by st.
type statInfo struct {
	fs.FileInfo
	st *syscall.Stat_t
}

func (i statInfo) Sys() any { return i.st }

// TestFileIdentityTellsAReplacement: a file replaced by another of the same
// size and times (npm's 1985) is told apart by the poller's fingerprint
// (hashInfo): by its inode, however close the inode numbers are, and by
// the time its inode changed.
func TestFileIdentityTellsAReplacement(t *testing.T) {
	p := filepath.Join(t.TempDir(), "capability.json")
	if err := os.WriteFile(p, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	info, err := os.Lstat(p)
	if err != nil {
		t.Fatal(err)
	}
	st := *info.Sys().(*syscall.Stat_t)
	with := func(ino uint64, ctime time.Duration) os.FileInfo {
		s := st
		s.Ino = ino
		s.Ctim = syscall.NsecToTimespec(int64(ctime))
		return statInfo{info, &s}
	}
	const at = 5 * time.Hour
	base := fileIdentity(with(62, at))
	for name, other := range map[string]os.FileInfo{
		"the next inode":          with(63, at),
		"the previous inode":      with(61, at),
		"a far inode":             with(62*31, at),
		"its inode changed":       with(62, at+time.Nanosecond),
		"its inode changed later": with(62, at+time.Second),
	} {
		if fileIdentity(other) == base {
			t.Errorf("%s: the same identity %d", name, base)
		}
	}
	if fileIdentity(with(62, at)) != base {
		t.Error("one file, two identities")
	}
	if got := fileInode(with(62, at)); got != 62 {
		t.Errorf("fileInode = %d, want 62", got)
	}
	if got := fileLinks(info); got != 1 {
		t.Errorf("fileLinks of a file with one name = %d", got)
	}
	if err := os.Link(p, p+".2"); err != nil {
		t.Fatal(err)
	}
	if info2, err := os.Lstat(p); err != nil || fileLinks(info2) != 2 {
		t.Errorf("fileLinks of a file with two names = %d, %v", fileLinks(info2), err)
	}
}
