package validate

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestFlowGraphAgreesWithTheEdges: OrderHooks and knotsOf, which follow
// the hooks through their artifacts, give what they gave when they made
// every producer→consumer edge (kept below as the reference), for random
// hooks at one point: shared artifacts, hooks that produce what they
// consume, artifacts listed twice, repeated capability ids, cycles.
func TestFlowGraphAgreesWithTheEdges(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 3000 {
		n, arts := 1+r.IntN(12), 1+r.IntN(6)
		pick := func() []string {
			var out []string
			for range r.IntN(4) {
				out = append(out, fmt.Sprintf("A%d", r.IntN(arts)))
			}
			return out
		}
		in := make([]*Hook, n)
		for i := range in {
			in[i] = &Hook{CapID: fmt.Sprintf("c%d", r.IntN(5)), Index: i, Produces: pick(), Consumes: pick()}
		}
		gotOrder, gotCycle := OrderHooks(in)
		wantOrder, wantCycle := orderHooksPairs(in)
		if !slices.Equal(gotOrder, wantOrder) || !slices.Equal(gotCycle, wantCycle) {
			t.Fatalf("round %d, %s:\nOrderHooks %s | %s\nwant       %s | %s", round, describe(in),
				flowIDs(gotOrder), flowIDs(gotCycle), flowIDs(wantOrder), flowIDs(wantCycle))
		}
		if len(gotCycle) == 0 {
			continue
		}
		got, want := knotsOf(gotCycle), knotsOfPairs(gotCycle)
		if fmt.Sprint(knotIDs(got)) != fmt.Sprint(knotIDs(want)) {
			t.Fatalf("round %d, %s:\nknotsOf %v\nwant    %v", round, describe(gotCycle), knotIDs(got), knotIDs(want))
		}
	}
}

func flowIDs(hs []*Hook) string {
	var out []string
	for _, h := range hs {
		out = append(out, fmt.Sprintf("%s#%d", h.CapID, h.Index))
	}
	return strings.Join(out, " ")
}

func describe(hs []*Hook) string {
	var out []string
	for _, h := range hs {
		out = append(out, fmt.Sprintf("%s#%d %v→%v", h.CapID, h.Index, h.Produces, h.Consumes))
	}
	return strings.Join(out, "; ")
}

func knotIDs(ks []knot) [][3]string {
	var out [][3]string
	for _, k := range ks {
		out = append(out, [3]string{flowIDs(k.loop), flowIDs(k.also), flowIDs(k.held)})
	}
	return out
}

// The reference: every edge made, as OrderHooks and knotsOf did.

func orderHooksPairs(in []*Hook) (ordered, cycle []*Hook) {
	n := len(in)
	if n <= 1 {
		return in, nil
	}
	succ, pred := hookEdgesPairs(in) // successors in index order, as visited
	indeg := make([]int, n)
	for j := range pred {
		indeg[j] = len(pred[j])
	}
	byCapID := func(a, b int) int { return strings.Compare(in[a].CapID, in[b].CapID) }
	var queue []int
	for i := range in {
		if indeg[i] == 0 {
			queue = append(queue, i)
		}
	}
	slices.SortStableFunc(queue, byCapID)
	ordered = make([]*Hook, 0, n)
	emitted := make([]bool, n)
	for head := 0; head < len(queue); head++ {
		i := queue[head]
		ordered = append(ordered, in[i])
		emitted[i] = true
		var batch []int
		for _, j := range succ[i] {
			if indeg[j]--; indeg[j] == 0 {
				batch = append(batch, j)
			}
		}
		slices.SortStableFunc(batch, byCapID)
		queue = append(queue, batch...)
	}
	if len(ordered) < n {
		for i, h := range in {
			if !emitted[i] {
				cycle = append(cycle, h)
			}
		}
	}
	return ordered, cycle
}

func hookEdgesPairs(hooks []*Hook) (succ, pred [][]int) {
	n := len(hooks)
	producers := map[string][]int{}
	for i, h := range hooks {
		for _, a := range h.Produces {
			producers[a] = append(producers[a], i)
		}
	}
	succ, pred = make([][]int, n), make([][]int, n)
	edgeTo := make([]int, n)  // edgeTo[i] == j+1: the edge i→j is made
	for j, h := range hooks { // j rising: each succ[i] comes in index order
		for _, a := range h.Consumes {
			for _, i := range producers[a] {
				if i != j && edgeTo[i] != j+1 {
					edgeTo[i] = j + 1
					succ[i], pred[j] = append(succ[i], j), append(pred[j], i)
				}
			}
		}
	}
	return succ, pred
}

func knotsOfPairs(hooks []*Hook) []knot {
	n := len(hooks)
	succ, pred := hookEdgesPairs(hooks)
	comp := sccs(succ)
	size := make([]int, n) // per component (numbered below n)
	for _, c := range comp {
		size[c]++
	}
	var knots []knot
	var members [][]int      // per knot, in input order
	knotOf := make([]int, n) // per component: 1 + its knot, or 0
	claimed := make([]bool, n)
	for i, h := range hooks {
		c := comp[i]
		if size[c] < 2 {
			continue
		}
		claimed[i] = true
		if knotOf[c] == 0 {
			knots = append(knots, knot{loop: loopFromPairs(i, comp, pred, hooks)})
			members = append(members, nil)
			knotOf[c] = len(knots)
		}
		k := knotOf[c] - 1
		members[k] = append(members[k], i)
		if !slices.Contains(knots[k].loop, h) {
			knots[k].also = append(knots[k].also, h)
		}
	}
	// Each knot in turn claims what waits on it that no knot before it
	// claimed; what waits through another knot is that one's too.
	for k := range knots {
		queue := members[k]
		var held []int
		for len(queue) > 0 {
			i := queue[0]
			queue = queue[1:]
			for _, j := range succ[i] {
				if !claimed[j] {
					claimed[j] = true
					held = append(held, j)
					queue = append(queue, j)
				}
			}
		}
		slices.Sort(held)
		for _, j := range held {
			knots[k].held = append(knots[k].held, hooks[j])
		}
	}
	return knots
}

func loopFromPairs(first int, comp []int, pred [][]int, hooks []*Hook) []*Hook {
	seenAt := map[int]int{}
	var back []int
	for i := first; ; {
		if at, ok := seenAt[i]; ok {
			loop := slices.Clone(back[at:])
			slices.Reverse(loop)
			lead := slices.Index(loop, slices.Min(loop))
			loop = append(loop[lead:], loop[:lead]...)
			out := make([]*Hook, len(loop))
			for k, j := range loop {
				out[k] = hooks[j]
			}
			return out
		}
		seenAt[i] = len(back)
		back = append(back, i)
		next := -1
		for _, p := range pred[i] {
			if comp[p] == comp[i] {
				next = p
				break
			}
		}
		if next < 0 {
			return []*Hook{hooks[first]} // not reached: a member of a component of two or more has a producer in it
		}
		i = next
	}
}

// BenchmarkOrderSharedArtifact: hooks at one point that all produce and
// consume one artifact (a cycle of every pair of them), ordered and split
// into knots as validation does. Each pair was an edge: 10,000 took 25 s
// and 8.7 GB through POST /validate.
func BenchmarkOrderSharedArtifact(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		in := make([]*Hook, n)
		for i := range in {
			in[i] = &Hook{CapID: "cyc", Index: i, Produces: []string{"A"}, Consumes: []string{"A"}}
		}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, left := OrderHooks(in)
				if k := knotsOf(left); len(k) != 1 {
					b.Fatalf("%d knots", len(k))
				}
			}
		})
	}
}

// BenchmarkOrderLongLists: two hooks, one producing 150,000 artifacts and
// the other consuming them, each listed twice: a list was read against
// itself (a 1.4 MB declaration took 8 s).
func BenchmarkOrderLongLists(b *testing.B) {
	var arts []string
	for i := range 150000 {
		arts = append(arts, fmt.Sprintf("X%d", i))
	}
	arts = append(arts, arts...)
	in := []*Hook{{CapID: "p", Produces: arts}, {CapID: "c", Index: 1, Consumes: arts, Produces: arts[:10]}}
	b.ReportAllocs()
	for b.Loop() {
		if ordered, cycle := OrderHooks(in); len(ordered) != 2 || len(cycle) != 0 {
			b.Fatalf("%d ordered, %d in a cycle", len(ordered), len(cycle))
		}
	}
}
