//go:build linux

package store

import (
	"os"
	"syscall"
)

// fileIdentity is what tells a file from its replacement when size and
// time agree (npm sets every file's time to 1985): its inode and the time
// its inode last changed (a rename, a rewrite in place).
func fileIdentity(info os.FileInfo) uint64 {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return 0
	}
	return uint64(st.Ino)*31 + uint64(st.Ctim.Nano())
}

// fileInode is the inode alone: which file a name leads to.
func fileInode(info os.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return st.Ino
	}
	return 0
}

// fileLinks is the number of names (hard links) the file has.
func fileLinks(info os.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}
