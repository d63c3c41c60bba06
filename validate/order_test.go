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

func TestOrderHooksKeepsDeclarationOrderForOneCapability(t *testing.T) {
	a0, a1 := &Hook{CapID: "a", Index: 0}, &Hook{CapID: "a", Index: 1}
	got, _ := OrderHooks([]*Hook{a0, a1, hook("0", "", "")})
	if got[1] != a0 || got[2] != a1 {
		t.Errorf("declaration order lost: %+v", got)
	}
}

func TestSortGatesIsStableByCapID(t *testing.T) {
	d1, d2, u := &Hook{CapID: "drift", Index: 0}, &Hook{CapID: "drift", Index: 2}, &Hook{CapID: "ui"}
	got := SortGates([]*Hook{u, d1, d2})
	if got[0] != d1 || got[1] != d2 || got[2] != u {
		t.Errorf("SortGates = %s", ids(got))
	}
}

// TestCycleIn: the ordering-cycle finding names the cycle itself, each
// hook producing for the next, from its member first in input order, not
// every hook the cycle holds back (review 28: a hook that only consumed
// what the cycle makes was named as one of it).
func TestCycleIn(t *testing.T) {
	tests := []struct {
		name string
		in   []*Hook
		want string
	}{
		{"three and one held back", []*Hook{hook("aa", "P2", "P1"), hook("alpha", "", "P3"), hook("mid", "P1", "P3"), hook("zeta", "P3", "P2")}, "aa zeta mid"},
		{"held back first", []*Hook{hook("alpha", "", "P1"), hook("mid", "P1", "P2"), hook("zeta", "P2", "P1")}, "mid zeta"},
		{"two", []*Hook{hook("a", "X", "Y"), hook("b", "Y", "X")}, "a b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, left := OrderHooks(tt.in)
			loop := cycleIn(left)
			if got := ids(loop); got != tt.want {
				t.Fatalf("cycle %q, want %q", got, tt.want)
			}
			for k, h := range loop {
				if sharedArtifact(h, loop[(k+1)%len(loop)]) == "" {
					t.Errorf("%s produces nothing %s consumes", h.CapID, loop[(k+1)%len(loop)].CapID)
				}
			}
		})
	}
}

// TestCycleGroups: two cycles at one point are two groups, each hook that
// waits on a cycle is held back by that one alone, and a hook in two
// cycles joins them in one group (review 29: the second cycle was named
// as hooks waiting on the first).
func TestCycleGroups(t *testing.T) {
	tests := []struct {
		name       string
		in         []*Hook
		want, held []string
	}{
		{"two cycles", []*Hook{hook("pm", "PAT", "RES"), hook("res", "RES", "PAT"), hook("za", "A", "B"), hook("zb", "B", "A"), hook("w", "", "A")},
			[]string{"pm res", "za zb"}, []string{"", "w"}},
		{"a hook in two cycles", []*Hook{hook("pm", "PAT", "RES"), hook("res", "RES", "PAT,A"), hook("za", "A", "RES")},
			[]string{"pm res za"}, []string{""}},
		{"waiting on both", []*Hook{hook("a", "X", "Y"), hook("b", "Y", "X"), hook("c", "Z", "W"), hook("d", "W", "Z"), hook("w", "", "X,Z")},
			[]string{"a b", "c d"}, []string{"w", ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, left := OrderHooks(tt.in)
			groups, held := cycleGroups(left)
			var got, gotHeld []string
			for g := range groups {
				got, gotHeld = append(got, ids(groups[g])), append(gotHeld, ids(held[g]))
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") || strings.Join(gotHeld, "|") != strings.Join(tt.held, "|") {
				t.Errorf("groups %q held %q, want %q held %q", got, gotHeld, tt.want, tt.held)
			}
		})
	}
}

// TestCycleGroupsMany: past maxCycleHooks unordered hooks, one cycle is
// named and the rest are left unordered with it, none of them called a
// member (review 31).
func TestCycleGroupsMany(t *testing.T) {
	in := []*Hook{hook("a", "X", "Y"), hook("b", "Y", "X")}
	for i := range maxCycleHooks {
		in = append(in, hook(fmt.Sprintf("w%03d", i), "", "X"))
	}
	_, left := OrderHooks(in)
	groups, held := cycleGroups(left)
	if len(groups) != 1 || ids(groups[0]) != "a b" || len(held[0]) != maxCycleHooks {
		t.Errorf("groups %d (%s), held %d", len(groups), ids(groups[0]), len(held[0]))
	}
}
