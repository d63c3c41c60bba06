package search

import (
	"testing"
)

// TestRiskFilterKeepsScores pins that the risk filter selects results and
// does not score them: a card's score for a query is the same whether the
// filter is asked or not. The second stage's relative-score feature was
// taken against the best card the filter kept, so "Display help" with
// risk=destructive scored driverquery four times higher than unfiltered,
// and two cards swapped places.
func TestRiskFilterKeepsScores(t *testing.T) {
	cards, queries := loadDevSet(t)
	ix := Build(cards)
	compared := 0
	for _, q := range queries[:200] {
		all := map[string]float64{}
		for _, r := range ix.Search(Query{Intent: q.Intent, Limit: 100}) {
			all[r.ID] = r.Score
		}
		for _, risk := range []string{"reversible", "destructive"} {
			for _, r := range ix.Search(Query{Intent: q.Intent, Limit: 10, Risk: risk}) {
				want, ok := all[r.ID]
				if !ok {
					continue // past the unfiltered list's candidates
				}
				compared++
				if r.Score != want {
					t.Errorf("%q risk=%s: %s scores %v, unfiltered %v", q.Intent, risk, r.ID, r.Score, want)
				}
			}
		}
	}
	if compared < 1000 {
		t.Fatalf("only %d filtered results were in the unfiltered lists: the test compares too little", compared)
	}
}
