package validate

import (
	"cmp"
	"slices"
	"strings"
)

// OrderHooks orders the steps (or the contributions) at one point the way the
// reference generator does (ref §4.3): an edge i→j when an artifact i produces
// is consumed by j; Kahn's algorithm whose initial ready set is sorted by
// capability id, and where each batch of entries released by one emission is
// sorted by capability id and appended to the tail of the queue (not merged
// into a priority queue). Equal ids keep their input order. When a cycle
// leaves entries unemitted, they are returned as cycle, in input order.
//
// The edges are not made one by one: N hooks producing and consuming one
// artifact are N² of them (10,000 such steps, a 1 MiB declaration, took 25
// s and 8.7 GB). A hook waits instead on each artifact it consumes, until
// every other producer of it is emitted; the hooks each emission releases
// are those the edges would have, and the work is linear in the produces
// and consumes lists.
func OrderHooks(in []*Hook) (ordered, cycle []*Hook) {
	n := len(in)
	if n <= 1 {
		return in, nil
	}
	k := newKahn(newFlowGraph(in))
	byCapID := func(a, b int) int { return strings.Compare(in[a].CapID, in[b].CapID) }
	var queue []int
	for i := range in {
		if k.waiting[i] == 0 {
			queue = append(queue, i)
		}
	}
	slices.SortStableFunc(queue, byCapID)
	ordered = make([]*Hook, 0, n)
	for head := 0; head < len(queue); head++ {
		i := queue[head]
		ordered = append(ordered, in[i])
		batch := k.emit(i)
		// In index order, then by capability id, as the edges visited.
		slices.SortFunc(batch, func(a, b int) int { return cmp.Or(byCapID(a, b), cmp.Compare(a, b)) })
		queue = append(queue, batch...)
	}
	if len(ordered) < n {
		for i, h := range in {
			if !k.emitted[i] {
				cycle = append(cycle, h)
			}
		}
	}
	return ordered, cycle
}

// kahn is OrderHooks' state between emissions: what each hook still waits
// on, and what each artifact has had of its producers.
type kahn struct {
	g       flowGraph
	waiting []int  // per hook: the artifacts it still waits on
	emitted []bool // per hook
	done    []int  // per artifact: its producers emitted
}

// newKahn starts the ordering of g's hooks: each waits on every artifact
// it consumes that a hook other than itself produces.
func newKahn(g flowGraph) *kahn {
	n := len(g.produces)
	k := &kahn{g: g, waiting: make([]int, n), emitted: make([]bool, n), done: make([]int, len(g.producers))}
	for j := range n {
		for _, a := range g.consumes[j] {
			if len(g.producers[a]) > 1 || len(g.producers[a]) == 1 && g.producers[a][0] != j {
				k.waiting[j]++
			}
		}
	}
	return k
}

// emit marks hook i emitted and returns the hooks it releases, those now
// waiting on nothing, in the order found (the caller sorts them).
func (k *kahn) emit(i int) (batch []int) {
	g, waiting, emitted, done := &k.g, k.waiting, k.emitted, k.done
	emitted[i] = true
	release := func(j int) {
		if waiting[j]--; waiting[j] == 0 {
			batch = append(batch, j)
		}
	}
	for _, a := range g.produces[i] {
		done[a]++
		switch all := len(g.producers[a]); done[a] {
		case all:
			// Its consumers that do not produce it have all they wait
			// on from it.
			for _, j := range g.consumers[a] {
				if !emitted[j] { // the others are its producers
					release(j)
				}
			}
		case all - 1:
			// One producer is left: if it consumes the artifact too, it
			// waited only on the others.
			u := g.producers[a][slices.IndexFunc(g.producers[a], func(p int) bool { return !emitted[p] })]
			if _, consumes := slices.BinarySearch(g.consumers[a], u); consumes {
				release(u)
			}
		}
	}
	return batch
}

// flowGraph is the produces/consumes graph of hooks through their
// artifacts, numbered in order of first mention: the edge i→j of two hooks
// is i producing an artifact j consumes (i ≠ j), and there are as many
// links as the hooks list artifacts, where the edges may be their square.
type flowGraph struct {
	produces, consumes [][]int // per hook: its artifacts, each once, as listed
	producers          [][]int // per artifact: the hooks producing it, in index order
	consumers          [][]int // per artifact: the hooks consuming it, in index order (sorted)
}

func newFlowGraph(hooks []*Hook) flowGraph {
	ids := map[string]int{}
	id := func(a string) int {
		k, ok := ids[a]
		if !ok {
			k = len(ids)
			ids[a] = k
		}
		return k
	}
	g := flowGraph{produces: make([][]int, len(hooks)), consumes: make([][]int, len(hooks))}
	// listedBy[k] == i+1: hook i listed artifact k already, in the list
	// being read (a scan of the list per artifact was its length squared).
	var listedBy []int
	once := func(i int, list []string, out *[]int) {
		for _, a := range list {
			k := id(a)
			if k == len(listedBy) {
				listedBy = append(listedBy, 0)
			}
			if listedBy[k] != i+1 {
				listedBy[k] = i + 1
				*out = append(*out, k)
			}
		}
	}
	for i, h := range hooks {
		once(i, h.Produces, &g.produces[i])
		for _, k := range g.produces[i] {
			listedBy[k] = 0 // the consumes list is read afresh
		}
		once(i, h.Consumes, &g.consumes[i])
	}
	g.producers, g.consumers = make([][]int, len(ids)), make([][]int, len(ids))
	for i := range hooks {
		for _, a := range g.produces[i] {
			g.producers[a] = append(g.producers[a], i)
		}
	}
	for j := range hooks {
		for _, a := range g.consumes[j] {
			g.consumers[a] = append(g.consumers[a], j)
		}
	}
	return g
}

// linked returns the graph as one of hooks (0 to n-1) and artifacts (n
// on): each hook's successors are the artifacts it produces, and each
// artifact's the hooks consuming it. Two hooks are in one strongly
// connected component of it when they are of the edges; a hook alone in
// one is in no cycle (none of its edges leads to itself).
func (g flowGraph) linked() [][]int {
	n := len(g.produces)
	succ := make([][]int, n+len(g.consumers))
	for i, as := range g.produces {
		for _, a := range as {
			succ[i] = append(succ[i], n+a)
		}
	}
	for a, js := range g.consumers {
		succ[n+a] = js
	}
	return succ
}

// SortGates orders the gates at a point: stable by capability id, so one
// capability's gates keep their declaration order (ref §4.3 step 5).
func SortGates(in []*Hook) []*Hook {
	out := slices.Clone(in)
	slices.SortStableFunc(out, func(a, b *Hook) int { return strings.Compare(a.CapID, b.CapID) })
	return out
}

// PointHooks are the ordered hooks of the feature capabilities at one loop
// point.
type PointHooks struct {
	Point         string
	Steps         []*Hook
	Contributions []*Hook
	Gates         []*Hook
}

// hookCycle is a produces/consumes cycle among the steps or the
// contributions at one point, in input order.
type hookCycle struct {
	point string
	hooks []*Hook
}

// orderPoints buckets every feature's hooks by point, the points in
// canonical order, and orders each bucket (ref §4.3). It also returns the
// cycles that left hooks unordered, which validation reports (I-11); the
// registry is built from the points only when there are none.
func orderPoints(caps []*Capability) ([]PointHooks, []hookCycle) {
	points := make([]PointHooks, len(Points))
	index := make(map[string]int, len(Points))
	for i, p := range Points {
		points[i].Point = p
		index[p] = i
	}
	for _, c := range caps {
		if c.Role != "feature" {
			continue
		}
		for _, h := range c.Steps {
			if i, ok := index[h.Point]; ok {
				points[i].Steps = append(points[i].Steps, h)
			}
		}
		for _, h := range c.Contributions {
			if i, ok := index[h.Point]; ok {
				points[i].Contributions = append(points[i].Contributions, h)
			}
		}
		for _, h := range c.Gates {
			if i, ok := index[h.Point]; ok {
				points[i].Gates = append(points[i].Gates, h)
			}
		}
	}
	var cycles []hookCycle
	for i := range points {
		ph := &points[i]
		var cycle []*Hook
		if ph.Steps, cycle = OrderHooks(ph.Steps); len(cycle) > 0 {
			cycles = append(cycles, hookCycle{ph.Point, cycle})
		}
		if ph.Contributions, cycle = OrderHooks(ph.Contributions); len(cycle) > 0 {
			cycles = append(cycles, hookCycle{ph.Point, cycle})
		}
		ph.Gates = SortGates(ph.Gates)
	}
	return points, cycles
}
