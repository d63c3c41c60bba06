package search

import "testing"

// placeOf is where Build put the card given at index given: it holds the
// cards in id order (Build), and the internal tests read its arrays by
// that place.
func placeOf(ix *Index, given int) int32 { return int32(ix.place[given]) }

// cardAt is the place of the card of id in ix.
func cardAt(tb testing.TB, ix *Index, id string) int32 {
	tb.Helper()
	for i, c := range ix.cards {
		if c.ID == id {
			return int32(i)
		}
	}
	tb.Fatalf("no card %q", id)
	return -1
}
