package store

import (
	"slices"
	"strings"
	"testing"

	"github.com/capreg/capreg/search"
)

// TestReorderingNeedsTheSameCards: reordering maps each card to the
// place in the old list of the very same card (sameCard), not the first
// card of its id: a card edited (same id, another summary) and moved is
// no reordering, so prev's index, which holds the old text, is not
// shared.
func TestReorderingNeedsTheSameCards(t *testing.T) {
	card := func(id, summary string) search.Card {
		return search.Card{ID: strings.Clone(id), Summary: strings.Clone(summary)}
	}
	a, b := card("a", "land it"), card("b", "ship it")
	if from, ok := reordering([]search.Card{a, b}, []search.Card{b, a}); !ok || !slices.Equal(from, []int{1, 0}) {
		t.Errorf("moved: %v, %v; want [1 0], true", from, ok)
	}
	edited := card("b", "ship it now")
	if from, ok := reordering([]search.Card{a, b}, []search.Card{edited, a}); ok {
		t.Errorf("edited and moved: %v, true; want not a reordering", from)
	}
}
