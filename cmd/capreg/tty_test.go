//go:build linux

package main

import (
	"os"
	"testing"
)

// Output to /dev/null or /dev/zero, character devices, is no terminal's:
// taken for one, an interrupted probe's children were left running
// (isolateProbe) and its output escaped. A pseudo-terminal is one.
func TestIsTerminal(t *testing.T) {
	for _, name := range []string{os.DevNull, "/dev/zero"} {
		f, err := os.OpenFile(name, os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		if isTerminal(f) {
			t.Errorf("%s is taken for a terminal", name)
		}
		f.Close()
	}
	ptm, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal to try: %v", err)
	}
	defer ptm.Close()
	if !isTerminal(ptm) {
		t.Error("a pseudo-terminal is not taken for a terminal")
	}
}
