package search

import (
	"slices"
	"testing"
)

// TestSearchPutsNamedCommandsFirstWithoutWords: an intent of no indexable
// words that names a command ("w -h", "[ -f a ]") still gets the card that
// replaces it first, as one with words does: Search returned before it
// put Query.Commands first, so GET /tools?intent=w%20-h answered nothing
// (review). The risk filter, the limit and the id cards of such an intent
// hold as before.
func TestSearchPutsNamedCommandsFirstWithoutWords(t *testing.T) {
	cards := []Card{
		{ID: "users", Summary: "Who is logged in", Replaces: []string{"w *"}, Risk: "reversible"},
		{ID: "test-wrap", Summary: "Test a file", Replaces: []string{"[ *"}, Risk: "reversible"},
		{ID: "am", Summary: "An id of no indexable word", Risk: "destructive"},
	}
	ix := Build(cards)
	if got := ix.Search(Query{Intent: "w -h"}); got != nil {
		t.Fatalf("the cards no longer show the case: without Commands, %v", ids(got))
	}
	for _, tc := range []struct {
		q    Query
		want []string
	}{
		{Query{Intent: "w -h", Commands: []int{0}}, []string{"users"}},
		{Query{Intent: "[ -f a ]", Commands: []int{1, 1}}, []string{"test-wrap"}},
		{Query{Intent: "w -h", Commands: []int{0}, Risk: "destructive"}, nil},
		{Query{Intent: "am", Commands: []int{1}}, []string{"test-wrap", "am"}},
		{Query{Intent: "am", Commands: []int{2}}, []string{"am"}},
		{Query{Intent: "am", Commands: []int{1}, Limit: 1}, []string{"test-wrap"}},
	} {
		rs := ix.Search(tc.q)
		if got := ids(rs); !slices.Equal(got, tc.want) {
			t.Errorf("Search(%+v) = %v, want %v", tc.q, got, tc.want)
			continue
		}
		for i, r := range rs {
			if i > 0 && r.Score >= rs[i-1].Score {
				t.Errorf("Search(%+v): scores %v not descending", tc.q, rs)
			}
			if slices.Contains(tc.q.Commands, r.Card) && (r.Matched[0] != "replaces" || r.Coverage != 1) {
				t.Errorf("Search(%+v): %+v, want matched replaces, coverage 1", tc.q, r)
			}
		}
	}
}
