package search

import (
	"slices"
	"testing"
)

// TestRawTokensEdgesMut12 pins how words are read at the edges that the
// tokenizer tests left open (found by mutation testing): a mark after a
// Han letter stays with it, the first Hangul jamo (U+1100, also what the
// compatibility letter "ㄱ" is in NFKC) is a CJK letter apart from the
// Latin word beside it, and U+0300, the first combining mark, continues a
// word when it has no precomposed letter to join.
func TestRawTokensEdgesMut12(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"mark after a han letter", "日\u3099本", []string{"日\u3099本"}},
		{"mark after the last han letter", "日本\u3099 x", []string{"日本\u3099", "x"}},
		{"first hangul jamo beside latin", "\u1100db", []string{"\u1100", "db"}},
		{"compatibility jamo", "\u3131db", []string{"\u1100", "db"}},
		{"run of first hangul jamo", "\u1100\u1100\u1100", []string{"\u1100\u1100", "\u1100\u1100"}},
		{"U+0300 inside a word", "x\u0300yz", []string{"x\u0300yz"}},
	}
	for _, tt := range tests {
		if got := rawTokens(nil, tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("%s: rawTokens(%q) = %q, want %q", tt.name, tt.in, got, tt.want)
		}
	}
}

// TestReadsAsProseMut12: the sentence word that decides may be the line's
// first or last word, or its only one, and a stop word with an "a" in it
// ("has", "what") counts like any other.
func TestReadsAsProseMut12(t *testing.T) {
	for text, want := range map[string]bool{
		"how come nginx restarts":    true, // first word
		"nginx keeps crashing, why":  true, // last word
		"Why?":                       true, // only word
		"nginx has crashed":          true, // a stop word with an "a"
		"nginx crashed, what now":    true,
		"nginx restarts":             false,
		`echo "unterminated quote`:   false,
		"git commit -m 'fix the bug": false, // the quote never closes
	} {
		if got := ReadsAsProse(text); got != want {
			t.Errorf("ReadsAsProse(%q) = %v, want %v", text, got, want)
		}
	}
}
