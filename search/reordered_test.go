package search

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestReorderedAnswersAsBuild: an index Reordered to the dev set's cards
// shuffled answers every query as Build of the shuffled cards does, to
// the byte: the same results, scores, ties' order, matched fields and
// coverage, each Result.Card indexing the shuffled slice, with a risk
// filter, a longer list and a command named by its index in that slice;
// the index it was made of answers as before.
func TestReorderedAnswersAsBuild(t *testing.T) {
	cards, queries := loadDevSet(t)
	perm := rand.New(rand.NewPCG(3, 5)).Perm(len(cards))
	shuffled := make([]Card, len(cards))
	for i, p := range perm {
		shuffled[i] = cards[p]
	}
	built := Build(cards)
	before := make([][]Result, len(queries))
	for k, q := range queries {
		before[k] = built.Search(Query{Intent: q.Intent})
	}
	reordered, fresh := built.Reordered(perm), Build(shuffled)
	if reordered == nil {
		t.Fatal("Reordered gave no index for a permutation of cards of distinct ids")
	}
	for k, q := range queries {
		query := Query{Intent: q.Intent}
		switch k % 4 {
		case 1:
			query.Limit = 100
		case 2:
			query.Risk = []string{"reversible", "destructive"}[k%8/4]
		case 3:
			query.Commands = []int{k % len(cards), (k * 7) % len(cards)}
		}
		got, want := reordered.Search(query), fresh.Search(query)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%+v:\n reordered %+v\n built     %+v", query, got, want)
		}
		if again := built.Search(Query{Intent: q.Intent}); !reflect.DeepEqual(again, before[k]) {
			t.Errorf("%q: the index reordered from answers %+v, before %+v", q.Intent, again, before[k])
		}
	}
	if t.Failed() {
		return
	}
	// And again from the reordered one, back to the order first given.
	back := make([]int, len(perm))
	for i, p := range perm {
		back[p] = i
	}
	again := reordered.Reordered(back)
	for k, q := range queries[:100] {
		if got, want := again.Search(Query{Intent: q.Intent}), before[k]; !reflect.DeepEqual(got, want) {
			t.Errorf("%q reordered back: %+v, built %+v", q.Intent, got, want)
		}
	}
}

// TestReorderedCardsOfOneID: Build keeps cards of one id in the order
// given, so an index is reordered only when they stay in it; swapped,
// Reordered gives nil (the caller builds): reordered, the two would tie
// for "dup" in the order they were first given, Build's the other way. A
// from that is no permutation gives nil too.
func TestReorderedCardsOfOneID(t *testing.T) {
	cards := []Card{
		{ID: "deploy", Summary: "Deploy the service to production."},
		{ID: "dup", Summary: "Rotate the log files."},
		{ID: "backup", Summary: "Back the database up."},
		{ID: "dup", Summary: "Rotate the signing keys."},
	}
	ix := Build(cards)
	for _, tc := range []struct {
		from []int
		ok   bool
	}{
		{[]int{3, 2, 1, 0}, false},  // the two dup swapped
		{[]int{2, 1, 0, 3}, true},   // in their order
		{[]int{1, 3, 0, 2}, true},   // so
		{[]int{0, 1, 2}, false},     // a card short
		{[]int{0, 1, 1, 3}, false},  // one twice
		{[]int{0, 1, 2, 4}, false},  // out of range
		{[]int{0, 1, 2, -1}, false}, // so
	} {
		got := ix.Reordered(tc.from)
		if (got != nil) != tc.ok {
			t.Errorf("Reordered(%v) gave an index: %v, want %v", tc.from, got != nil, tc.ok)
			continue
		}
		if got == nil {
			continue
		}
		now := make([]Card, len(cards))
		for i, g := range tc.from {
			now[i] = cards[g]
		}
		fresh := Build(now)
		for _, intent := range []string{"rotate the keys", "rotate logs", "deploy", "dup", "back up the database"} {
			q := Query{Intent: intent, Commands: []int{1}}
			if a, b := got.Search(q), fresh.Search(q); !reflect.DeepEqual(a, b) {
				t.Errorf("Reordered(%v) %q: %+v, built %+v", tc.from, intent, a, b)
			}
		}
	}
}

// TestReorderedVocabularyBound: the card VocabularyBound names is in the
// new order, as Build of the cards in it names it.
func TestReorderedVocabularyBound(t *testing.T) {
	cards := []Card{
		{ID: "a-tool", Summary: "alpha beta gamma"},
		{ID: "c-tool", Summary: "theta iota kappa lambda"},
		{ID: "b-tool", Summary: "delta epsilon zeta"},
	}
	from := []int{1, 2, 0}
	now := []Card{cards[1], cards[2], cards[0]}
	ix, fresh := Build(cards, MaxTerms(8)), Build(now, MaxTerms(8))
	want, ok := fresh.VocabularyBound()
	if !ok {
		t.Fatal("no word left out at 8 terms: the test needs one")
	}
	if got, _ := ix.Reordered(from).VocabularyBound(); got != want {
		t.Errorf("reordered: %+v, built: %+v", got, want)
	}
	if b, _ := ix.VocabularyBound(); b.Card != 1 {
		t.Errorf("the index reordered from names card %d, want 1 (c-tool, as given)", b.Card)
	}
}
