package search

import "testing"

// TestIsDeletionOfFourByteRuneMut12: a rune of utf8.UTFMax bytes is one
// rune to delete like any other, at either end or inside; five bytes
// apart is more than one rune (found by mutation testing: the table of
// TestIsDeletionOf stops at two-byte runes).
func TestIsDeletionOfFourByteRuneMut12(t *testing.T) {
	for _, tt := range []struct {
		v, k string
		want bool
	}{
		{"ab\U00010428cd", "abcd", true},
		{"\U00010428abcd", "abcd", true},
		{"abcd\U00010428", "abcd", true},
		{"ab\U00010428xcd", "abcd", false},
		{"ab\U00010428\U00010428cd", "ab\U00010428cd", true},
	} {
		if got := isDeletionOf(tt.v, tt.k); got != tt.want {
			t.Errorf("isDeletionOf(%q, %q) = %v, want %v", tt.v, tt.k, got, tt.want)
		}
	}
}
