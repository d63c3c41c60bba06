package search

import (
	"reflect"
	"testing"
)

// TestShorterListIsPrefix pins that a search's results for a limit are the
// first of those for a larger one, up to 100 (the HTTP API's largest), with
// and without the risk filter: "At most this many results" (openapi.yaml).
// With 50 candidates re-ranked, a limit over 50 re-ranked more and put
// cards above ones a limit of 10 listed (90 of the 800 dev queries), and a
// list cut before its scores were rounded could keep a card that a tie of
// a smaller id displaced in a longer list.
func TestShorterListIsPrefix(t *testing.T) {
	cards, queries := loadDevSet(t)
	ix := Build(cards)
	for k, q := range queries {
		if k%2 == 1 {
			continue // half of them: enough to meet the ties and the cards past 50
		}
		for _, risk := range []string{"", "destructive"} {
			long := ix.Search(Query{Intent: q.Intent, Limit: 100, Risk: risk})
			for _, n := range []int{1, 10, 51} {
				got := ix.Search(Query{Intent: q.Intent, Limit: n, Risk: risk})
				want := long[:min(n, len(long))]
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%q risk=%q limit %d:\n got  %v\n want %v (the first of limit 100)", q.Intent, risk, n, ids(got), ids(want))
				}
			}
		}
	}
}
