//go:build !linux

package store

import "os"

// fileIdentity is 0 off Linux (capreg serves from Linux): size, time and
// mode alone fingerprint a file there.
func fileIdentity(os.FileInfo) uint64 { return 0 }

// fileInode is 0 off Linux, as fileIdentity.
func fileInode(os.FileInfo) uint64 { return 0 }

// fileLinks is 1 off Linux (capreg serves from Linux): there a write in
// place through a hard link whose name is no input's goes unseen.
func fileLinks(os.FileInfo) uint64 { return 1 }
