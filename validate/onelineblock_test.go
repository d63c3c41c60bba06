package validate

import (
	"fmt"
	"strings"
	"testing"
)

// TestBlockFieldsOnOneLineAreTold: a gsd:loop-host block written on one
// line, or with two fields on a line, is read by gsd-core as one field a
// line, the rest of the line its value: the fields after the first were
// each "missing required field" at the block's start, though written
// there. Each is told where it is and that it needs a line of its own.
func TestBlockFieldsOnOneLineAreTold(t *testing.T) {
	for _, tt := range []struct {
		name, src string
		want      []string // line:column of each finding
	}{
		{"one line", "<!-- gsd:loop-host step: plan points: plan:pre, plan:post agent-roles: planner produces: PLAN.md consumes: CONTEXT.md -->\n",
			[]string{"1:31", "1:59", "1:80", "1:98"}},
		{"two on a line", "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre, plan:post\nagent-roles: planner produces: PLAN.md\nconsumes: CONTEXT.md\n-->\n",
			[]string{"4:22"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			mk, diags := ParseMarker("w/plan.md", []byte(tt.src))
			var at []string
			for _, d := range diags {
				if d.Rule != "marker-syntax" || !strings.Contains(d.Message, "a line of its own") {
					t.Errorf("finding %v, want one saying the field needs a line of its own", d)
				}
				at = append(at, fmt.Sprintf("%d:%d", d.Line, d.Column))
			}
			if mk != nil || strings.Join(at, " ") != strings.Join(tt.want, " ") {
				t.Errorf("marker %v, findings at %q; want none, findings at %q", mk != nil, at, tt.want)
			}
		})
	}
}
