package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestProbeCommand: a probe whose first word is its tool's file name runs
// the tool by its path, which no builtin, function or reserved word of
// that name shadows; any other probe runs as written.
func TestProbeCommand(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"test", "a b", "a=b"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "folder"), 0o755); err != nil {
		t.Fatal(err)
	}
	tool := filepath.Join(dir, "test")
	quoted := shellQuote(filepath.ToSlash(tool))
	tests := []struct{ probe, tool, want string }{
		{"test --help", tool, quoted + " --help"},
		{"test", tool, quoted},
		{"  test -h", tool, quoted + " -h"},
		{"test|head -3", tool, quoted + "|head -3"},
		{"test;echo x", tool, quoted + ";echo x"},
		{"test>/dev/null", tool, quoted + ">/dev/null"},
		{"testing --help", tool, "testing --help"},                       // another program
		{"./test --help", tool, "./test --help"},                         // a path already
		{"echo test", tool, "echo test"},                                 // the tool not first
		{"test --help", filepath.Join(dir, "gone"), "test --help"},       // another tool's name
		{"folder --help", filepath.Join(dir, "folder"), "folder --help"}, // a folder, no tool
		{"a=b --help", filepath.Join(dir, "a=b"), "a=b --help"},          // an assignment to the shell
		{"a b --help", filepath.Join(dir, "a b"), "a b --help"},          // two words to the shell
	}
	for _, tt := range tests {
		if got := probeCommand(tt.probe, tt.tool); got != tt.want {
			t.Errorf("probeCommand(%q, %q) = %q, want %q", tt.probe, tt.tool, got, tt.want)
		}
	}
}
