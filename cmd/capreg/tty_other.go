//go:build !(aix || darwin || dragonfly || freebsd || linux || netbsd || openbsd || solaris)

package main

import "os"

// isTTY reports whether f, a character device, is a terminal: capreg
// reads no terminal attributes here, and takes every character device
// for one.
func isTTY(*os.File) bool { return true }
