package store

import (
	"strings"
	"testing"

	"golang.org/x/text/unicode/norm"
)

// FuzzNameKey: the names a file system may report for one file (another
// case, another normal form) share a key, whatever the name, so that an
// event under either spelling counts as a change to the file the scan
// read.
func FuzzNameKey(f *testing.F) {
	for _, s := range []string{"Config/Schema.json", "café.md", "ǅ", "İstanbul", "ß.card.json", "\ufb01le", "\xff.md"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k := nameKey(s)
		for _, v := range []string{strings.ToUpper(s), strings.ToLower(s), norm.NFC.String(s), norm.NFD.String(s)} {
			if got := nameKey(v); got != k {
				t.Fatalf("nameKey(%q) = %q, nameKey(%q) = %q", s, k, v, got)
			}
		}
	})
}
