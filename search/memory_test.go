package search

import (
	"runtime"
	"testing"
	"unsafe"
)

// TestBuildKeepsAFewTimesItsText builds an index of one card of 100,000
// distinct words in its summary, a phrase and replaces, as a card file
// may hold, and checks that the index keeps a few times the card's text:
// the daemon holds two indexes while it replaces one, in 1 GiB. It kept
// 16.6 times the text, mostly typo deletions, map entries and a copy of
// every stem and pattern token; it keeps 8.2.
func TestBuildKeepsAFewTimesItsText(t *testing.T) {
	c := hugeCard(100000, 0)
	text := len(c.Summary) + len(c.IntentPhrases[0]) + len(c.Replaces[0])
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	ix := Build([]Card{c})
	runtime.GC()
	runtime.ReadMemStats(&after)
	kept := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("kept %d bytes, %.1f times the text", kept, float64(kept)/float64(text))
	if kept > 10*int64(text) {
		t.Errorf("Build kept %d bytes for a card of %d bytes of text, over 10 times", kept, text)
	}
	runtime.KeepAlive(ix)
}

// TestOwnStemSharesTheWord: a stem that is its word is the word's bytes,
// which the card holds, not the stemmer's copy.
func TestOwnStemSharesTheWord(t *testing.T) {
	tests := []struct {
		word, stem string
		keep, same bool
	}{
		{"w123", "w123", true, true},
		{"w123", "w123", false, false},
		{"mounting", "mount", true, false},
	}
	for _, tt := range tests {
		got := ownStem(tt.word, tt.keep)
		if got != tt.stem {
			t.Errorf("ownStem(%q) = %q, want %q", tt.word, got, tt.stem)
		}
		if same := unsafe.StringData(got) == unsafe.StringData(tt.word); same != tt.same {
			t.Errorf("ownStem(%q, %v) shares the word: %v, want %v", tt.word, tt.keep, same, tt.same)
		}
	}
}
