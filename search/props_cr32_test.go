package search

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// cr32Queries are the dev queries, one in four, with commands named now
// and then (by index in cards: the expected card, another, one out of
// range, one named twice), and intents of no indexable word, whose path
// is another (commandsFirst, searchBareID).
func cr32Queries(t *testing.T, cards []Card, queries []devQuery) []Query {
	r := rand.New(rand.NewPCG(5, 6))
	byID := map[string]int{}
	for i, c := range cards {
		byID[c.ID] = i
	}
	var out []Query
	for k, q := range queries {
		if k%4 != 0 {
			continue
		}
		qq := Query{Intent: q.Intent}
		switch k % 3 {
		case 1:
			qq.Commands = []int{byID[q.Expect], r.IntN(len(cards))}
		case 2:
			c := r.IntN(len(cards))
			qq.Commands = []int{c, len(cards) + 3, -1, c}
		}
		out = append(out, qq)
	}
	for _, in := range []string{"w -h", "am", "where", "[ -f a ]", "ls -la", "?"} {
		out = append(out, Query{Intent: in}, Query{Intent: in, Commands: []int{r.IntN(len(cards)), r.IntN(len(cards))}})
	}
	return out
}

// TestPrefixWithCommandsCR32 pins "the results for a limit are the first
// of those for any larger limit up to 100" where the commit's own test
// did not look: with commands named (SearchTools always names those the
// intent's command line matches) and for intents of no indexable word.
func TestPrefixWithCommandsCR32(t *testing.T) {
	cards, queries := loadDevSet(t)
	ix := Build(cards)
	for _, q := range cr32Queries(t, cards, queries) {
		for _, risk := range []string{"", "reversible", "destructive"} {
			q.Risk = risk
			q.Limit = 100
			long := ix.Search(q)
			for _, n := range []int{1, 2, 7, 60, 99} {
				q.Limit = n
				got := ix.Search(q)
				if want := long[:min(n, len(long))]; !reflect.DeepEqual(got, want) {
					t.Errorf("%q commands %v risk=%q limit %d:\n got  %v\n want %v", q.Intent, q.Commands, risk, n, ids(got), ids(want))
				}
			}
		}
	}
}

// TestOrderIndependentCR32 pins that the order cards are given in changes
// nothing but Result.Card (and Query.Commands), on the paths the commit's
// own test did not take: the risk filter, limit 100, commands out of range
// or named twice, and intents of no indexable word.
func TestOrderIndependentCR32(t *testing.T) {
	cards, queries := loadDevSet(t)
	perm := rand.New(rand.NewPCG(8, 9)).Perm(len(cards))
	inv := make([]int, len(perm))
	shuffled := make([]Card, len(cards))
	for i, p := range perm {
		shuffled[i] = cards[p]
		inv[p] = i
	}
	a, b := Build(cards), Build(shuffled)
	for _, qa := range cr32Queries(t, cards, queries) {
		for _, risk := range []string{"", "destructive"} {
			qa.Risk, qa.Limit = risk, 100
			qb := qa
			qb.Commands = nil
			for _, c := range qa.Commands {
				if c >= 0 && c < len(inv) {
					c = inv[c]
				}
				qb.Commands = append(qb.Commands, c)
			}
			ra, rb := a.Search(qa), b.Search(qb)
			for i := range rb {
				rb[i].Card = perm[rb[i].Card]
			}
			if !reflect.DeepEqual(ra, rb) {
				t.Errorf("%q commands %v risk=%q:\n in order %v\n shuffled %v", qa.Intent, qa.Commands, risk, ids(ra), ids(rb))
			}
		}
	}
}
