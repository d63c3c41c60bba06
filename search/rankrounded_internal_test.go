package search

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRankRoundedCutsAfterRounding pins that candidates whose scores the
// rounding makes equal are in id order before the list is cut: "b" scores
// e^1e-9 and "a" e^0, both 1 to seven digits, so a list of one is "a", the
// first of the list of two. Cut before rounding, it was "b".
func TestRankRoundedCutsAfterRounding(t *testing.T) {
	ix := Build([]Card{{ID: "a", Summary: "one"}, {ID: "b", Summary: "two"}})
	s := newScratch(len(ix.cards), len(ix.vocab))
	a, b := cardAt(t, ix, "a"), cardAt(t, ix, "b")
	for _, limit := range []int{1, 2} {
		s.top = append(s.top[:0], hit{card: b, score: 1e-9}, hit{card: a, score: 0})
		got := ix.rankRounded(s, limit)
		if len(got) != limit || got[0].card != a || got[0].score != 1 {
			t.Errorf("limit %d: %+v, want a (card %d) first, score 1", limit, got, a)
		}
	}
}

// TestRankRoundedAsRoundingAll pins rankRounded, which rounds only the
// candidates that can make the list, against rounding every one and
// sorting: candidates in any order, many of them rounding alike, for
// every limit.
func TestRankRoundedAsRoundingAll(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	ix := &Index{}
	s := newScratch(0, 0)
	for round := range 300 {
		n := 1 + rng.IntN(120)
		s.top = s.top[:0]
		for _, c := range rng.Perm(n) {
			sc := float32(rng.IntN(5)) + float32(rng.IntN(3))*1e-7 // alike to seven digits
			if round%3 == 0 {
				sc = rng.Float32() * 10
			}
			s.top = append(s.top, hit{card: int32(c), score: sc})
		}
		if round%2 == 0 {
			sortHits(s.top) // as rerank leaves them
		}
		shift := scoreShift(s.top[0].score)
		var all []roundedHit
		for _, h := range s.top {
			all = append(all, roundedHit{h.card, roundScore(max(math.Exp(float64(h.score)-shift), math.SmallestNonzeroFloat64))})
		}
		slices.SortStableFunc(all, func(a, b roundedHit) int {
			return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(a.card, b.card))
		})
		for limit := 1; limit <= n+1; limit++ {
			top := slices.Clone(s.top)
			got := ix.rankRounded(s, limit)
			s.top = top
			if want := all[:min(limit, n)]; !slices.Equal(got, want) {
				t.Fatalf("round %d, limit %d: %v, want %v", round, limit, got, want)
			}
		}
	}
}
