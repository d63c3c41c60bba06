package validate

import (
	"fmt"
	"strings"
	"testing"
)

func hook(id string, produces, consumes string) *Hook {
	split := func(s string) []string {
		if s == "" {
			return nil
		}
		return strings.Split(s, ",")
	}
	return &Hook{CapID: id, Produces: split(produces), Consumes: split(consumes)}
}

func ids(hs []*Hook) string {
	var out []string
	for _, h := range hs {
		out = append(out, h.CapID)
	}
	return strings.Join(out, " ")
}

// TestOrderHooks: hooks are ordered by their produces/consumes in batch-FIFO
// order, ties by capId (the reference's §4.3 example), and a cycle is
// reported rather than ordered.
func TestOrderHooks(t *testing.T) {
	tests := []struct {
		name  string
		in    []*Hook
		want  string
		cycle string
	}{
		{"empty", nil, "", ""},
		{"single", []*Hook{hook("z", "", "")}, "z", ""},
		{"capId tie-break", []*Hook{hook("c", "", ""), hook("a", "", ""), hook("b", "", "")}, "a b c", ""},
		{
			// ref §4.3 worked example: batch-FIFO gives a c m z b; a min-heap would give a c m b z.
			"batch FIFO, not a priority queue",
			[]*Hook{hook("m", "M", ""), hook("b", "", "M"), hook("c", "", ""), hook("z", "", ""), hook("a", "", "")},
			"a c m z b", "",
		},
		{
			// The real plan:pre: pattern-mapper is released after research and lands behind ui.
			"gsd-core plan:pre",
			[]*Hook{
				hook("ai-integration", "AI-SPEC.md", "CONTEXT.md"), hook("intel", "", ""), hook("mempalace", "", ""),
				hook("pattern-mapper", "PATTERNS.md", "RESEARCH.md"), hook("research", "RESEARCH.md", "CONTEXT.md"), hook("ui", "UI-SPEC.md", "CONTEXT.md"),
			},
			"ai-integration intel mempalace research ui pattern-mapper", "",
		},
		{"equal ids keep input order", []*Hook{hook("b", "", ""), {CapID: "a", Index: 1}, {CapID: "a", Index: 0}}, "a a b", ""},
		{"chain", []*Hook{hook("a", "", "X"), hook("b", "X", "Y"), hook("c", "Y", "")}, "c b a", ""},
		{"cycle", []*Hook{hook("a", "X", "Y"), hook("b", "Y", "X"), hook("c", "", "")}, "c", "a b"},
		{"self-consume is not an edge", []*Hook{hook("b", "X", "X"), hook("a", "", "")}, "a b", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, cycle := OrderHooks(tt.in)
			if ids(got) != tt.want || ids(cycle) != tt.cycle {
				t.Errorf("OrderHooks = %q cycle %q, want %q cycle %q", ids(got), ids(cycle), tt.want, tt.cycle)
			}
		})
	}
}

// TestOrderHooksKeepsDeclarationOrderForOneCapability: two hooks of one
// capability keep the order they are declared in.
func TestOrderHooksKeepsDeclarationOrderForOneCapability(t *testing.T) {
	a0, a1 := &Hook{CapID: "a", Index: 0}, &Hook{CapID: "a", Index: 1}
	got, _ := OrderHooks([]*Hook{a0, a1, hook("0", "", "")})
	if got[1] != a0 || got[2] != a1 {
		t.Errorf("declaration order lost: %+v", got)
	}
}

// TestSortGatesIsStableByCapID: gates are sorted by capId, keeping the
// declaration order of one capability's gates.
func TestSortGatesIsStableByCapID(t *testing.T) {
	d1, d2, u := &Hook{CapID: "drift", Index: 0}, &Hook{CapID: "drift", Index: 2}, &Hook{CapID: "ui"}
	got := SortGates([]*Hook{u, d1, d2})
	if got[0] != d1 || got[1] != d2 || got[2] != u {
		t.Errorf("SortGates = %s", ids(got))
	}
}

// TestKnotsOf: the ordering-cycle findings name each cycle itself, each
// hook producing for the next, from its member first in input order; two
// cycles at one point are two; a hook that waits on a cycle is held back
// by that one alone; a hook in a cycle by another way round is in it
// (reviews 28, 29, 31, 32: a waiter was named a member, a second cycle
// waiting on the first, and past 256 hooks every cycle was one).
func TestKnotsOf(t *testing.T) {
	tests := []struct {
		name string
		in   []*Hook
		want []string // per knot: loop / also / held
	}{
		{"three and one held back", []*Hook{hook("aa", "P2", "P1"), hook("alpha", "", "P3"), hook("mid", "P1", "P3"), hook("zeta", "P3", "P2")},
			[]string{"aa zeta mid /  / alpha"}},
		{"held back first", []*Hook{hook("alpha", "", "P1"), hook("mid", "P1", "P2"), hook("zeta", "P2", "P1")}, []string{"mid zeta /  / alpha"}},
		{"two", []*Hook{hook("a", "X", "Y"), hook("b", "Y", "X")}, []string{"a b /  / "}},
		{"two cycles", []*Hook{hook("pm", "PAT", "RES"), hook("res", "RES", "PAT"), hook("za", "A", "B"), hook("zb", "B", "A"), hook("w", "", "A")},
			[]string{"pm res /  / ", "za zb /  / w"}},
		{"a hook in two cycles", []*Hook{hook("pm", "PAT", "RES"), hook("res", "RES", "PAT,A"), hook("za", "A", "RES")},
			[]string{"pm res / za / "}},
		{"waiting on both", []*Hook{hook("a", "X", "Y"), hook("b", "Y", "X"), hook("c", "Z", "W"), hook("d", "W", "Z"), hook("w", "", "X,Z")},
			[]string{"a b /  / w", "c d /  / "}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, left := OrderHooks(tt.in)
			var got []string
			for _, k := range knotsOf(left) {
				got = append(got, ids(k.loop)+" / "+ids(k.also)+" / "+ids(k.held))
				for i, h := range k.loop {
					if sharedArtifact(h, k.loop[(i+1)%len(k.loop)]) == "" {
						t.Errorf("%s produces nothing %s consumes", h.CapID, k.loop[(i+1)%len(k.loop)].CapID)
					}
				}
			}
			if strings.Join(got, " | ") != strings.Join(tt.want, " | ") {
				t.Errorf("knots %q, want %q", got, tt.want)
			}
		})
	}
}

// TestKnotsOfMany: many cycles at one point are as many findings, in
// linear time: 300 pairs, and a ring of 3,000 (which took 23 s to name).
func TestKnotsOfMany(t *testing.T) {
	var in []*Hook
	for i := range 150 {
		a, b := fmt.Sprintf("A%d", i), fmt.Sprintf("B%d", i)
		in = append(in, hook(fmt.Sprintf("p%03d", i), a, b), hook(fmt.Sprintf("q%03d", i), b, a))
	}
	_, left := OrderHooks(in)
	if got := len(knotsOf(left)); got != 150 {
		t.Errorf("%d knots of 150 pairs", got)
	}
	in = nil
	for i := range 3000 {
		in = append(in, hook(fmt.Sprintf("r%04d", i), fmt.Sprintf("X%d", (i+1)%3000), fmt.Sprintf("X%d", i)))
	}
	_, left = OrderHooks(in)
	if k := knotsOf(left); len(k) != 1 || len(k[0].loop) != 3000 {
		t.Errorf("a ring of 3000: %d knots", len(k))
	}
	// 2,000 hooks that each produce and consume one artifact: an edge
	// met 2,000 times each was deduplicated by a scan (11 s; review 34).
	in = nil
	for i := range 2000 {
		in = append(in, hook(fmt.Sprintf("s%04d", i), "STATE.md", "STATE.md"))
	}
	_, left = OrderHooks(in)
	if k := knotsOf(left); len(k) != 1 || len(k[0].loop)+len(k[0].also) != 2000 {
		t.Errorf("2000 sharing one artifact: %d knots", len(k))
	}
}

// TestOrderPointsReturnsOnlyTheCycles pins what orderPoints returns beside
// the points: one hookCycle per bucket (steps or contributions at a point)
// that OrderHooks left hooks of, with those hooks, and nothing for a bucket
// ordered whole. An entry for every bucket (len(cycle) >= 0), or none for
// the contributions' cycles (len(cycle) <= 0), survived the other tests:
// checkOrdering finds no knot in an empty cycle, so only the returned list
// tells them apart, and it is the list that says whether an order exists.
func TestOrderPointsReturnsOnlyTheCycles(t *testing.T) {
	step := func(id, point, produces, consumes string) *Hook {
		h := hook(id, produces, consumes)
		h.Kind, h.Point = StepHook, point
		return h
	}
	contribution := func(id, point, produces, consumes string) *Hook {
		h := hook(id, produces, consumes)
		h.Kind, h.Point = ContributionHook, point
		return h
	}
	tests := []struct {
		name  string
		caps  []*Capability
		want  string // the cycles, "point: ids" each, joined by "; "
		steps string // the steps ordered at plan:pre
	}{
		{
			name: "no cycle anywhere",
			caps: []*Capability{
				{ID: "b", Role: "feature", Steps: []*Hook{step("b", "plan:pre", "", "X")}, Contributions: []*Hook{contribution("b", "plan:pre", "Y", "")}},
				{ID: "a", Role: "feature", Steps: []*Hook{step("a", "plan:pre", "X", "")}, Contributions: []*Hook{contribution("a", "plan:pre", "", "Y")}},
			},
			want:  "",
			steps: "a b",
		},
		{
			name: "a cycle among the contributions only",
			caps: []*Capability{
				{ID: "a", Role: "feature", Steps: []*Hook{step("a", "plan:pre", "", "")},
					Contributions: []*Hook{contribution("a", "execute:pre", "X", "Y")}},
				{ID: "b", Role: "feature", Contributions: []*Hook{contribution("b", "execute:pre", "Y", "X"), contribution("b", "ship:post", "", "")}},
			},
			want:  "execute:pre: a b",
			steps: "a",
		},
		{
			name: "a cycle among the steps and one among the contributions",
			caps: []*Capability{
				{ID: "a", Role: "feature", Steps: []*Hook{step("a", "plan:pre", "X", "Y")}, Contributions: []*Hook{contribution("a", "verify:post", "P", "Q")}},
				{ID: "b", Role: "feature", Steps: []*Hook{step("b", "plan:pre", "Y", "X")}, Contributions: []*Hook{contribution("b", "verify:post", "Q", "P")}},
				{ID: "c", Role: "feature", Steps: []*Hook{step("c", "plan:pre", "", "")}},
			},
			want:  "plan:pre: a b; verify:post: a b",
			steps: "c",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			points, cycles := orderPoints(tt.caps)
			var got []string
			for _, cy := range cycles {
				got = append(got, fmt.Sprintf("%s: %s", cy.point, ids(cy.hooks)))
			}
			if strings.Join(got, "; ") != tt.want {
				t.Errorf("cycles = %q, want %q", got, tt.want)
			}
			if steps := ids(points[2].Steps); points[2].Point != "plan:pre" || steps != tt.steps {
				t.Errorf("%s steps = %q, want plan:pre steps %q", points[2].Point, steps, tt.steps)
			}
		})
	}
}
