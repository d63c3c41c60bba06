package search

import "testing"

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
