package store

import "testing"

// TestUnifiedDiffKeepsEachUnchangedLine: a line that is in both texts
// once, the first of b's such lines, between changes, is context in the
// diff gen --check prints, not removed and added again; so is the line
// after a first line that changed.
func TestUnifiedDiffKeepsEachUnchangedLine(t *testing.T) {
	for _, tt := range []struct {
		name string
		a, b []string
		want string
	}{
		{"one kept line between changes", []string{"p\n", "u\n", "q\n"}, []string{"r\n", "u\n", "s\n"},
			"--- a\n+++ b\n@@ -1,3 +1,3 @@\n-p\n+r\n u\n-q\n+s\n"},
		{"two kept lines, the first first in b", []string{"p\n", "u\n", "q\n", "v\n", "w\n"}, []string{"r\n", "u\n", "s\n", "v\n", "x\n"},
			"--- a\n+++ b\n@@ -1,5 +1,5 @@\n-p\n+r\n u\n-q\n+s\n v\n-w\n+x\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := unifiedDiff("a", "b", tt.a, tt.b); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}
