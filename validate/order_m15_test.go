package validate

import (
	"fmt"
	"strings"
	"testing"
)

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
