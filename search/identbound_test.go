package search

import (
	"strings"
	"testing"
)

// TestMaxTermsBoundsTheIdentifiers: the identifiers the cards' text holds
// (holdsIdent) are bounded as the terms are: an identifier made of words
// the index already holds brings no new term, so cards of such
// identifiers ("alpha_bravo", "bravo_alpha", "alpha_charlie", ...) grew the
// index's table of them without bound. Past MaxTerms, a new identifier is
// not counted (a request naming it weighs it as one no card holds), while
// one counted before still is; a phrase held out for learning counts only
// identifiers the cards' text holds.
func TestMaxTermsBoundsTheIdentifiers(t *testing.T) {
	words := []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot"}
	var idents []string
	for _, a := range words {
		for _, b := range words {
			idents = append(idents, a+"_"+b)
		}
	}
	cards := []Card{
		{ID: "a-tool", Summary: strings.Join(words, " ") + " alpha_alpha"},
		{ID: "b-tool", Summary: strings.Join(idents, " "), IntentPhrases: []string{"x", "echo_echo zulu_yankee"}},
	}
	full := Build(cards, MaxTerms(0))
	if got := len(full.idents); got != len(idents)+1 { // and zulu_yankee
		t.Fatalf("unbounded: %d identifiers, want %d", got, len(idents)+1)
	}
	const bound = 10
	ix := Build(cards, MaxTerms(bound))
	if got := len(ix.idents); got > bound {
		t.Errorf("MaxTerms(%d): %d identifiers", bound, got)
	}
	if !ix.holdsIdent("alpha_alpha") {
		t.Errorf("MaxTerms(%d): alpha_alpha, a-tool's and counted first, is not held", bound)
	}
	if ix.holdsIdent("foxtrot_foxtrot") {
		t.Errorf("MaxTerms(%d): foxtrot_foxtrot, past the bound, is held", bound)
	}
	// A held-out phrase's identifiers are counted as the index counted
	// them: both of "echo_echo zulu_yankee" unbounded, neither past the
	// bound, where the index holds neither (its count of identifiers
	// held out stays within the index's own).
	out := func(ix *Index) map[string]int32 {
		return ix.without(func(card, phrase int) bool { return card == 1 && phrase == 1 }).identsOut
	}
	if got := out(full); got["echo_echo"] != 1 || got["zulu_yankee"] != 1 {
		t.Errorf("unbounded, held out %q: counted %v", cards[1].IntentPhrases[1], got)
	}
	for id := range out(ix) {
		if ix.idents[id] == 0 {
			t.Errorf("MaxTerms(%d): held out, %s is counted, which the index does not hold", bound, id)
		}
	}
}
