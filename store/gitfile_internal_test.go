package store

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readGitFile reads a file of .git whole only up to its limit, and only
// as large as it was when opened: a file that holds more than its size
// said (still being written) is refused, not read on to the limit.
func TestReadGitFileBounds(t *testing.T) {
	dir := t.TempDir()
	head := filepath.Join(dir, "HEAD")
	if err := os.WriteFile(head, []byte("ref: refs/heads/main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := readGitFile(head, maxGitLine); err != nil || string(got) != "ref: refs/heads/main\n" {
		t.Errorf("readGitFile(HEAD) = %q, %v", got, err)
	}
	big := filepath.Join(dir, "big")
	if err := os.WriteFile(big, []byte(strings.Repeat("0", maxGitLine+1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := readGitFile(big, maxGitLine); !errors.Is(err, errGitFile) || got != nil {
		t.Errorf("readGitFile of %d bytes over a limit of %d = %d bytes, %v; want errGitFile", maxGitLine+1, maxGitLine, len(got), err)
	}
	if _, err := readGitFile(big, maxGitFile); err != nil {
		t.Errorf("readGitFile under maxGitFile: %v", err)
	}
	// A /proc file says it has 0 bytes and holds more, as a file being
	// written in place holds more than its size when opened.
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc here")
	}
	if got, err := readGitFile("/proc/self/status", maxGitLine); !errors.Is(err, errGitFile) {
		t.Errorf("readGitFile of a file holding more than its size = %d bytes, %v; want errGitFile", len(got), err)
	}
}
