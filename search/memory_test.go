package search

import (
	"math"
	"runtime"
	"slices"
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

// TestBuildCardPostings checks the postings against a plain sum over each
// card's units and its request words (novel.go), and that building them
// allocates little beyond them: it
// held every posting with its term first, 12 bytes each and more while
// appending (a fifth of Build10k's allocation).
func TestBuildCardPostings(t *testing.T) {
	base, _ := loadDevSet(t)
	ix := Build(append(slices.Clone(base), hugeCard(20000, 100)))
	type key struct{ term, card int32 }
	want := map[key]float32{}
	expOff, exp := ix.buildNovelty(ix.cardFrequency(allFields, nil))
	for c := range ix.cards {
		for _, r := range exp[expOff[c]:expOff[c+1]] {
			want[key{r.term, int32(c)}] += r.w
		}
		var flen [numFields]float64
		for ui := ix.cardUnits[c]; ui < ix.cardUnits[c+1]; ui++ {
			flen[ix.units[ui].field] += float64(ix.units[ui].n)
		}
		for ui := ix.cardUnits[c]; ui < ix.cardUnits[c+1]; ui++ {
			u := &ix.units[ui]
			avg := float64(ix.avgLen[u.field])
			w := float32(ix.p.fieldWeight[u.field] / (1 - ix.p.b + ix.p.b*flen[u.field]/avg))
			for _, term := range ix.unitTermsOf(u) {
				want[key{term, int32(c)}] += w
			}
		}
	}
	n := 0
	for term := range ix.vocab {
		last := int32(-1)
		for _, p := range ix.cardPost[ix.cardOff[term]:ix.cardOff[term+1]] {
			if p.card <= last {
				t.Fatalf("term %q: postings not in card order", ix.vocab[term])
			}
			last = p.card
			if w := want[key{int32(term), p.card}]; math.Abs(float64(w-p.tf)) > 1e-3*float64(w) {
				t.Fatalf("term %q card %d: tf %v, want %v", ix.vocab[term], p.card, p.tf, w)
			}
			n++
		}
	}
	if n != len(want) {
		t.Errorf("%d postings, want %d", n, len(want))
	}

	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	ix.buildCardPostings(expOff, exp)
	runtime.ReadMemStats(&after)
	// The postings; the offsets and two more arrays of the vocabulary's
	// size; the terms of the largest card, appended (it allocated 2.4 MB,
	// now 0.85 MB).
	limit := 8*len(ix.cardPost) + 3*4*len(ix.vocab) + 32*len(ix.vocab)
	if got := int(after.TotalAlloc - before.TotalAlloc); got > limit {
		t.Errorf("buildCardPostings allocated %d bytes, over %d", got, limit)
	}
}
