//go:build aix || darwin || dragonfly || freebsd || linux || netbsd || openbsd || solaris

package main

import (
	"os"

	"golang.org/x/sys/unix"
)

// isTTY reports whether f is a terminal: whether it has terminal
// attributes. /dev/null and /dev/zero are character devices too, and
// output sent there is no terminal's (isolateProbe then let an
// interrupted probe's children run on).
func isTTY(f *os.File) bool {
	_, err := unix.IoctlGetTermios(int(f.Fd()), ioctlReadTermios)
	return err == nil
}
