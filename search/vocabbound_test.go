package search

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestMaxTermsBoundsTheVocabulary: past the bound, a word of a new term
// is not indexed (the card is not found by it) while words of terms
// already held still are, and VocabularyBound names the first card, in
// id order, that had a word left out, as the caller gave it.
func TestMaxTermsBoundsTheVocabulary(t *testing.T) {
	// Given out of id order: "b-tool" is analysed after "a-tool".
	cards := []Card{
		{ID: "c-tool", Summary: "zebra quokka", IntentPhrases: []string{"wombat"}},
		{ID: "b-tool", Summary: "walrus narwhal", IntentPhrases: []string{"zebra"}},
		{ID: "a-tool", Summary: "zebra"},
	}
	// a-tool holds the terms tool and zebra (a single letter is none),
	// b-tool adds walrus and narwhal, c-tool quokka and wombat.
	full := Build(cards, MaxTerms(0))
	if _, ok := full.VocabularyBound(); ok {
		t.Fatalf("an unbounded index reports a bound")
	}
	n := len(full.vocab)
	for _, tt := range []struct {
		max        int
		bound      bool
		card, left int
		found      map[string]bool // intent -> whether the card writing it answers
	}{
		{max: n, found: map[string]bool{"walrus": true, "quokka": true, "wombat": true}},
		// tool, zebra (a-tool), walrus, narwhal (b-tool): c-tool's
		// quokka and wombat are left out, its zebra kept.
		{max: 4, bound: true, card: 0, left: 2, found: map[string]bool{"walrus": true, "quokka": false, "wombat": false}},
		// tool, zebra: b-tool's walrus and narwhal are left out first.
		{max: 2, bound: true, card: 1, left: 4, found: map[string]bool{"walrus": false, "quokka": false, "wombat": false}},
	} {
		ix := Build(cards, MaxTerms(tt.max))
		if len(ix.vocab) > max(tt.max, 0) {
			t.Errorf("MaxTerms(%d): %d terms", tt.max, len(ix.vocab))
		}
		b, ok := ix.VocabularyBound()
		if ok != tt.bound || ok && (b.Card != tt.card || b.Left != tt.left || b.MaxTerms != tt.max) {
			t.Errorf("MaxTerms(%d): VocabularyBound() = %+v, %v; want card %d, left %d, %v", tt.max, b, ok, tt.card, tt.left, tt.bound)
		}
		for intent, want := range tt.found {
			got := len(ix.Search(Query{Intent: intent, Limit: 3})) > 0
			if got != want {
				t.Errorf("MaxTerms(%d): %q finds its card: %v, want %v", tt.max, intent, got, want)
			}
		}
		// zebra is a-tool's term, held before any bound: all three cards
		// are found by it.
		if got := len(ix.Search(Query{Intent: "zebra", Limit: 5})); got != 3 {
			t.Errorf("MaxTerms(%d): zebra finds %d cards, want 3", tt.max, got)
		}
	}
}

// TestDefaultMaxTermsIsFarAboveOrdinaryCards: the dev set and the
// synthetic 10,000 cards of BenchmarkBuild10k hold a few thousand terms,
// nothing near the default bound.
func TestDefaultMaxTermsIsFarAboveOrdinaryCards(t *testing.T) {
	base, _ := loadDevSet(t)
	for _, cards := range [][]Card{base, syntheticCorpus(base, 10000)} {
		ix := Build(cards)
		if _, ok := ix.VocabularyBound(); ok || len(ix.vocab)*100 > DefaultMaxTerms {
			t.Errorf("%d cards: %d terms, bound reported %v", len(cards), len(ix.vocab), ok)
		}
	}
}

// TestDefaultMaxTermsAsDocumented: the README states the bound
// DefaultMaxTerms sets, which would otherwise be left naming an old one.
func TestDefaultMaxTermsAsDocumented(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	n := strconv.Itoa(DefaultMaxTerms)
	for i := len(n) - 3; i > 0; i -= 3 {
		n = n[:i] + "," + n[i:]
	}
	want := "bounded at " + n + " distinct terms"
	if !strings.Contains(strings.Join(strings.Fields(string(readme)), " "), want) {
		t.Errorf("README.md does not say the vocabulary is %q", want)
	}
}
