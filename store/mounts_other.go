//go:build !linux

package store

import "errors"

// mountWatch is Linux's (/proc/self/mountinfo): elsewhere a folder mounted
// over the repository is seen by --poll alone.
type mountWatch struct{}

func openMountWatch() (*mountWatch, error) {
	return nil, errors.New("mount changes are followed on Linux only")
}

func (*mountWatch) wait() bool                   { return false }
func (*mountWatch) mountPoints(...string) string { return "" }
func (*mountWatch) close()                       {}
func (*mountWatch) release()                     {}
