package search

import (
	"fmt"
	"testing"
)

// TestCoverageCommonWordMissingIsNotAll: a card lacking one word of the
// request, however common that word (in every other of 300 cards, its
// weight a fraction of a percent of the request's), is not covered
// whole: 0.99, not the 1 its share rounds to (cr86 mutant: the cap at
// 0.99 dropped passed every test, TestCoverage's missing word being in
// no card and so the heaviest).
func TestCoverageCommonWordMissingIsNotAll(t *testing.T) {
	cards := []Card{{ID: "certs", Summary: "Rotate the certificate of the ingress gateway"}}
	for i := range 299 {
		cards = append(cards, Card{ID: fmt.Sprintf("w%03d", i), Summary: fmt.Sprintf("Paint the widget number%c%c", 'a'+i/26%26, 'a'+i%26)})
	}
	ix := Build(cards)
	for _, r := range ix.Search(Query{Intent: "rotate ingress gateway certificate widget"}) {
		if r.ID == "certs" {
			if r.Coverage != 0.99 {
				t.Errorf("coverage of certs = %v, want 0.99: the request's widget is not in it", r.Coverage)
			}
			return
		}
	}
	t.Fatal("certs not found")
}
