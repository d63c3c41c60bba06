//go:build !unix

package store_test

import "errors"

// mkfifo fails: there are no FIFOs in the file system here.
func mkfifo(string) error { return errors.ErrUnsupported }
