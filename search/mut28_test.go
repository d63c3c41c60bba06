package search

import (
	"slices"
	"testing"
)

// TestNamedCardKeepsWhatElseItMatched pins that a card named in
// Query.Commands lists "replaces" first and once, then everything else it
// matched, in the order the search without Commands gives: naming a card
// moves "replaces" to the front, it does not drop the summary or id the
// intent also matched (a mutant that kept only the "replaces" entries
// passed every other test).
func TestNamedCardKeepsWhatElseItMatched(t *testing.T) {
	cards := []Card{
		{ID: "deploy-staging", Summary: "Ship the service to staging", Replaces: []string{"kubectl apply -f k8s/"}},
		{ID: "other", Summary: "Something else entirely"},
		{ID: "tf-apply", Summary: "Apply the terraform plan"},
	}
	ix := Build(cards)
	for _, tt := range []struct {
		name, intent string
	}{
		{"matched on replaces and summary", "kubectl apply to staging"},
		{"matched on summary only", "ship the service to staging"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var plain []string
			for _, r := range ix.Search(Query{Intent: tt.intent}) {
				if r.ID == "deploy-staging" {
					plain = r.Matched
				}
			}
			others := slices.DeleteFunc(slices.Clone(plain), func(m string) bool { return m == "replaces" })
			if len(others) == 0 {
				t.Fatalf("the cards no longer show the case: without Commands deploy-staging matched %v", plain)
			}
			rs := ix.Search(Query{Intent: tt.intent, Commands: []int{0}})
			if len(rs) == 0 || rs[0].ID != "deploy-staging" {
				t.Fatalf("Search(%q, Commands deploy-staging) = %v, want it first", tt.intent, ids(rs))
			}
			if want := append([]string{"replaces"}, others...); !slices.Equal(rs[0].Matched, want) {
				t.Errorf("Matched = %v, want %v (without Commands: %v)", rs[0].Matched, want, plain)
			}
		})
	}
}

// TestOutOfRangeCommandsNameNoCard pins that a Query.Commands index out of
// range of the cards given to Build (negative, or past the end) names no
// card, on the path with indexable words and on the one without: the
// results are those of the query without it. placesOf maps such an index
// to -1, which putFirst skips; mapped to +1 instead, the second card in id
// order ("b") was put first.
func TestOutOfRangeCommandsNameNoCard(t *testing.T) {
	cards := []Card{
		{ID: "c", Summary: "archive the logs"},
		{ID: "a", Summary: "rotate the logs"},
		{ID: "b", Summary: "print a greeting"},
	}
	ix := Build(cards)
	for _, intent := range []string{"rotate logs", "", "the"} {
		want := ix.Search(Query{Intent: intent})
		for _, commands := range [][]int{{-1}, {len(cards)}, {-2, len(cards) + 5}} {
			got := ix.Search(Query{Intent: intent, Commands: commands})
			if !slices.Equal(ids(got), ids(want)) {
				t.Errorf("Search(%q, Commands %v) = %v, want %v as without Commands", intent, commands, ids(got), ids(want))
			}
		}
	}
}

// TestSelectTopKeepsTheLimitBest pins selectTop against its definition:
// s.top is the limit best cards by score then id (better) among those
// scored above 0 and of the risk asked for, best first, never more than
// limit, and s.best the best score of any card touched. The cases hold
// what the searches of the package's tests do not reach: a tie with the
// worst kept card met in an order other than id order (the cheap reject
// must not drop the card of the smaller id), a full heap (it must not grow
// past limit), and a touched card of score 0 (not a candidate).
func TestSelectTopKeepsTheLimitBest(t *testing.T) {
	ix := Build([]Card{
		{ID: "a", Summary: "one", Risk: "reversible"},
		{ID: "b", Summary: "two", Risk: "destructive"},
		{ID: "c", Summary: "three", Risk: "reversible"},
		{ID: "d", Summary: "four", Risk: "reversible"},
	})
	type sc struct {
		id    string
		score float32
	}
	for _, tt := range []struct {
		name    string
		touched []sc // in the order scoring touched them
		limit   int
		risk    uint8
		want    []string
	}{
		{"tie at the cut met in reverse id order", []sc{{"d", 1}, {"c", 1}, {"b", 1}, {"a", 1}}, 1, riskUnknown, []string{"a"}},
		{"tie at the cut, two kept", []sc{{"d", 2}, {"c", 1}, {"b", 1}}, 2, riskUnknown, []string{"d", "b"}},
		{"full heap does not grow", []sc{{"a", 1}, {"b", 2}, {"c", 3}, {"d", 4}}, 2, riskUnknown, []string{"d", "c"}},
		{"full heap, ascending", []sc{{"d", 4}, {"c", 3}, {"b", 2}, {"a", 1}}, 3, riskUnknown, []string{"d", "c", "b"}},
		{"score 0 is no candidate", []sc{{"a", 0}, {"b", 1}}, 3, riskUnknown, []string{"b"}},
		{"only score 0", []sc{{"c", 0}}, 2, riskUnknown, nil},
		{"risk filter", []sc{{"b", 5}, {"a", 1}, {"c", 1}}, 1, riskReversible, []string{"a"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := newScratch(len(ix.cards), len(ix.vocab))
			var best float32
			for _, x := range tt.touched {
				c := cardAt(t, ix, x.id)
				s.cardTouched = append(s.cardTouched, c)
				s.cardScore[c] = x.score
				best = max(best, x.score)
			}
			ix.selectTop(s, tt.limit, tt.risk)
			var got []string
			for _, h := range s.top {
				got = append(got, ix.cards[h.card].ID)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("top = %v, want %v", got, tt.want)
			}
			if s.best != best {
				t.Errorf("best = %v, want %v", s.best, best)
			}
		})
	}
}
