//go:build unix

package store_test

import "syscall"

// mkfifo makes a FIFO at p.
func mkfifo(p string) error { return syscall.Mkfifo(p, 0o644) }
