package search

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestBuildExpansionList pins the co-occurrence expansion of one
// term: the terms that at least two cards describe with it, by Jaccard
// similarity of their card sets, best first (not in the order the cards
// use them), a tie to the earlier term,
// the best expandTop kept; a term in as many cards as maxExpandDF allows
// is still expanded (found by mutation testing: TestSearchCooccurrenceExpansion
// checks only that an expansion reaches a card).
func TestBuildExpansionList(t *testing.T) {
	cards := []Card{
		{ID: "card-a", Summary: "wifi band channel antenna router signal network"},
		{ID: "card-b", Summary: "band channel antenna router signal network wifi"},
		{ID: "card-c", Summary: "signal router antenna channel band"},
		{ID: "card-d", Summary: "router antenna channel band"},
		{ID: "card-e", Summary: "antenna channel band"},
		{ID: "card-f", Summary: "channel band"},
	}
	for i := len(cards); i < 45; i++ { // 45 cards: maxExpandDF allows 2, wifi's
		cards = append(cards, Card{ID: fmt.Sprintf("filler%02d", i), Summary: fmt.Sprintf("word%02d thing%02d", i, i)})
	}
	ix := Build(cards)
	if ix.p.expandTop != 5 {
		t.Fatalf("expandTop = %d, the test expects 5", ix.p.expandTop)
	}
	wifi, ok := ix.terms.get(ix.vocab, "wifi")
	if !ok {
		t.Fatal("no term wifi")
	}
	want := []struct {
		term string
		w    float64
	}{
		{"network", 1}, {"signal", 2.0 / 3}, {"router", 2.0 / 4}, {"antenna", 2.0 / 5},
		{"band", 2.0 / 6}, // "channel" ties with it, and comes later in the first card
	}
	got := ix.expand[ix.expandOff[wifi]:ix.expandOff[wifi+1]]
	var gotS string
	for _, r := range got {
		gotS += fmt.Sprintf(" %s:%.3f", ix.vocab[r.term], r.w)
	}
	if len(got) != len(want) {
		t.Fatalf("expansion of wifi =%s, want %v", gotS, want)
	}
	for i, r := range got {
		if ix.vocab[r.term] != want[i].term || math.Abs(float64(r.w)-want[i].w) > 1e-6 {
			t.Errorf("expansion of wifi =%s, want %v", gotS, want)
			break
		}
	}
}

// TestInsertTopKeepsSortedPrefix: the k strongest kept one at a time are
// the first k of all of them sorted by moreProbable, ties of weight in
// term order, whatever order they come in.
func TestInsertTopKeepsSortedPrefix(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		n, k := rng.IntN(30), 1+rng.IntN(8)
		all := make([]related, n)
		for i := range all {
			all[i] = related{term: int32(i), w: float32(rng.IntN(5)) / 4}
		}
		rng.Shuffle(n, func(i, j int) { all[i], all[j] = all[j], all[i] })
		var top []related
		for _, r := range all {
			top = insertTop(top, r, k)
		}
		slices.SortFunc(all, func(a, b related) int {
			if moreProbable(a, b) {
				return -1
			}
			return 1
		})
		if want := all[:min(k, n)]; !slices.Equal(top, want) {
			t.Fatalf("k=%d: kept %v, want %v", k, top, want)
		}
	}
}
