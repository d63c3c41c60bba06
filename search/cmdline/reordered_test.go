package cmdline

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestMatcherReorderedMatchesAsCompiled: a Matcher reordered answers every
// command line of testdata/agent-wrappers as Compile of the cards in the
// new order does (cards, patterns, how many were tried and the work
// spent, within a budget that runs out too), with cards of one id among
// them; the Matcher it came from is unchanged; and a from that is no
// permutation gives nil.
func TestMatcherReorderedMatchesAsCompiled(t *testing.T) {
	cards := loadAgentWrappers(t)
	// Copies under the same ids, in another place, so that ties of one id
	// are ordered by card order.
	cards = append(cards, cards[3], cards[0], cards[len(cards)-1])
	lines := loadAgentCommands(t)
	m := Compile(cards)
	before := make([]Matches, len(lines))
	for k, l := range lines {
		before[k], _ = m.Match(context.Background(), l.Command, 0)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 4 {
		from := rng.Perm(len(cards))
		shuffled := make([]Card, len(cards))
		for i, g := range from {
			shuffled[i] = cards[g]
		}
		got, want := m.Reordered(from), Compile(shuffled)
		if got == nil {
			t.Fatalf("round %d: Reordered of a permutation is nil", round)
		}
		for _, budget := range []int64{0, 2000} {
			for _, l := range lines {
				g, gerr := got.Match(context.Background(), l.Command, budget)
				w, werr := want.Match(context.Background(), l.Command, budget)
				if !reflect.DeepEqual(g, w) || (gerr == nil) != (werr == nil) {
					t.Errorf("round %d, budget %d, %q: reordered %+v (%v), compiled %+v (%v)", round, budget, l.Command, g, gerr, w, werr)
				}
			}
		}
	}
	for k, l := range lines {
		if after, _ := m.Match(context.Background(), l.Command, 0); !reflect.DeepEqual(after, before[k]) {
			t.Errorf("%q: the matcher reordered from answers %+v, was %+v", l.Command, after, before[k])
		}
	}
	n := len(cards)
	ident := func() []int {
		p := make([]int, n)
		for i := range p {
			p[i] = i
		}
		return p
	}
	twice, out := ident(), ident()
	twice[1] = 0
	out[2] = n
	for name, from := range map[string][]int{"short": ident()[1:], "twice": twice, "out of range": out, "negative": append(ident()[1:], -1)} {
		if m.Reordered(from) != nil {
			t.Errorf("Reordered(%s) is not nil", name)
		}
	}
	var none *Matcher
	if none.Reordered(nil) != nil {
		t.Error("a nil Matcher's Reordered is not nil")
	}
}
