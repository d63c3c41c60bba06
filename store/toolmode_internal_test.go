package store

import "testing"

// TestModesKnown: the scan reads no execute bit on Windows, whose file
// systems keep none, so no tool is warned of there (tool-not-executable).
func TestModesKnown(t *testing.T) {
	for goos, want := range map[string]bool{"windows": false, "linux": true, "darwin": true, "freebsd": true} {
		if got := modesKnown(goos); got != want {
			t.Errorf("modesKnown(%q) = %v, want %v", goos, got, want)
		}
	}
}
