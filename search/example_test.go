package search_test

import (
	"fmt"

	"github.com/capreg/capreg/search"
)

// Index a few cards once and rank them for an intent; the index is safe
// for concurrent searches.
func ExampleBuild() {
	cards := []search.Card{
		{ID: "land", Summary: "Rebase the branch on main, run the checks and push it.", IntentPhrases: []string{"merge my branch into main"}, Risk: "destructive"},
		{ID: "ft", Summary: "Run the tests of the Go packages changed since main.", IntentPhrases: []string{"quick test before committing"}, Risk: "reversible"},
	}
	ix := search.Build(cards)
	for _, r := range ix.Search(search.Query{Intent: "merge my feature branch", Limit: 1}) {
		fmt.Println(r.ID, cards[r.Card].Risk)
	}
	fmt.Println(ix.Search(search.Query{Intent: "order pizza"}) == nil)
	// Output:
	// land destructive
	// true
}
