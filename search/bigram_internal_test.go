package search

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// naiveBigramBonus is bigramBonus as first written: the unit scanned once
// per pair of the query. The one-pass version must give the same bonus.
func naiveBigramBonus(ix *Index, s *scratch, ts []int32) float32 {
	var bonus float32
	for i := 0; i+1 < len(s.seq); i++ {
		a, b := s.seq[i], s.seq[i+1]
		if a < 0 || b < 0 || a == b {
			continue
		}
		for j := 0; j+1 < len(ts); j++ {
			if ts[j] == a && ts[j+1] == b {
				bonus += float32(ix.p.bigramWeight) * (ix.idf[a] + ix.idf[b])
				break
			}
		}
	}
	return bonus
}

// TestBigramBonusAgreesWithNaive pins the one-pass bigramBonus to the
// definition on random queries and units over a small vocabulary (so that
// pairs repeat in both, and a unit holds a pair twice), several units per
// query (a pair credited in one unit is credited again in the next).
func TestBigramBonusAgreesWithNaive(t *testing.T) {
	const vocab = 6
	r := rand.New(rand.NewPCG(1, 2))
	ix := &Index{p: defaultParams(), idf: make([]float32, vocab)}
	for i := range ix.idf {
		ix.idf[i] = 0.5 + r.Float32()*3
	}
	s := newScratch(0, vocab)
	nonzero := 0
	for q := range 2000 {
		s.reset()
		for range r.IntN(8) {
			w := int32(r.IntN(vocab+1)) - 1 // -1: a word no card holds
			s.seq = append(s.seq, w)
			if w >= 0 {
				s.addTerm(w, 1, kindOrig)
			}
		}
		for range 3 {
			ts := make([]int32, r.IntN(12))
			for j := range ts {
				ts[j] = int32(r.IntN(vocab))
			}
			got, want := ix.bigramBonus(s, ts), naiveBigramBonus(ix, s, ts)
			if math.Abs(float64(got-want)) > 1e-6*math.Max(1, float64(want)) { // float32 sums in another order: the last bits
				t.Fatalf("query %d seq %v unit %v: bigramBonus = %v, want %v", q, s.seq, ts, got, want)
			}
			if want > 0 {
				nonzero++
			}
		}
	}
	if nonzero < 500 {
		t.Fatalf("only %d of 6000 units held a query pair: the test compares too little", nonzero)
	}
}

// BenchmarkSearchLongSummary is a long intent against a card whose summary
// is 2.7 MB of the intent's words: bigramBonus read the summary once per
// pair of the intent (0.2 s a query at 1,000 words), now once.
func BenchmarkSearchLongSummary(b *testing.B) {
	words := strings.Fields("restart the web server and clear its cache")
	var sum strings.Builder
	for i := range 400_000 {
		sum.WriteString(words[i%len(words)])
		sum.WriteByte(' ')
	}
	ix := Build([]Card{
		{ID: "big", Summary: sum.String(), IntentPhrases: []string{"restart a server"}},
		{ID: "small", Summary: "Clear the cache", IntentPhrases: []string{"clear cache"}},
	})
	var intent strings.Builder
	for i := range 1000 {
		intent.WriteString(words[(i*3)%len(words)])
		intent.WriteByte(' ')
	}
	q := Query{Intent: intent.String(), Limit: 10}
	b.ResetTimer()
	for b.Loop() {
		if len(ix.Search(q)) == 0 {
			b.Fatal("no result")
		}
	}
}
