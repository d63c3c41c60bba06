package validate

import (
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
func OrderHooks(in []*Hook) (ordered, cycle []*Hook) {
	n := len(in)
	if n <= 1 {
		return in, nil
	}
	succ, pred := hookEdges(in) // successors in index order, as visited
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

// hookEdges are the produces/consumes edges among hooks: succ[i] the
// hooks consuming an artifact hook i produces, in index order, and
// pred[j] those producing one hook j consumes, each edge once and none
// from a hook to itself.
func hookEdges(hooks []*Hook) (succ, pred [][]int) {
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
