package search

import (
	"fmt"
	"math"
	"slices"
	"testing"
)

// TestNoveltyIndependentOfCardOrderMut12: a card's missing mass is its
// own and the corpus's, whatever cards come before it: the dev set's cards
// built in reverse order each keep their novelLog (found by mutation testing: a
// count left over from the previous card moved the eval's MRR@10 from
// 0.7140 to 0.7127 and broke no test).
func TestNoveltyIndependentOfCardOrderMut12(t *testing.T) {
	cards, _ := loadDevSet(t)
	rev := slices.Clone(cards)
	slices.Reverse(rev)
	a, b := Build(cards), Build(rev)
	for i, c := range cards {
		j := len(cards) - 1 - i
		if x, y := a.novelLog[placeOf(a, i)], b.novelLog[placeOf(b, j)]; math.Abs(float64(x-y)) > 1e-5 {
			t.Errorf("novelLog of %s: %v, built in reverse order %v", c.ID, x, y)
		}
	}
}

// TestRequestWordsNeedTwoPhrasesMut12: as pseudo-queries, a card's novel
// words are learned only from a card of two phrases or more: three cards
// each of one phrase that says "wipe" beside "shred" make "wipe" no
// request word of another card that says "shred" (TestRequestWords: with
// two phrases each, they do).
func TestRequestWordsNeedTwoPhrasesMut12(t *testing.T) {
	ix := shredderIndex(func(i int) []string { return []string{fmt.Sprintf("Wipe the disk number%d", i)} })
	_, got := cardsOf(t, ix, "wipe")
	if want := []string{"shredder0", "shredder1", "shredder2"}; !slices.Equal(got, want) {
		t.Errorf("cards of wipe: %v, want %v: no card of two phrases says wipe", got, want)
	}
}
