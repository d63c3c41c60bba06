//go:build !linux

package store

// fileSystemType is "" off Linux (capreg serves from Linux): the file
// system holding the repository is not looked at there, and --poll is
// what follows a network share.
func fileSystemType(string) string { return "" }
