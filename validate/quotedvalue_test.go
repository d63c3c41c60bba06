package validate

import (
	"strings"
	"testing"
)

// TestQuotedMarkerValueSaysToUnquote: a gsd:loop-host value written in
// quotes, as YAML allows ("step: \"plan\"", "points: \"plan:pre\", …"),
// is read with its quotes, as gsd-core reads it, and the finding says to
// write it without them: a quoted point, role or step was an unknown one
// with no hint (or, for some roles, a "did you mean" and for others none).
func TestQuotedMarkerValueSaysToUnquote(t *testing.T) {
	const block = "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre, plan:post\nagent-roles: researcher, planner, checker\nproduces: PLAN.md\nconsumes: CONTEXT.md\n-->\n"
	for _, tt := range []struct{ name, from, to, want string }{
		{"a point", "plan:pre, plan:post", `"plan:pre", plan:post`, `write it without quotes: "plan:pre"`},
		{"a point in single quotes", "plan:pre, plan:post", `plan:pre, 'plan:post'`, `write it without quotes: "plan:post"`},
		{"a role", "researcher, planner, checker", `researcher, "planner", checker`, `write it without quotes: "planner"`},
		{"the step", "step: plan", `step: "plan"`, `write it without quotes: "plan"`},
		{"a step a typo away", "step: plan", `step: plann`, `did you mean "plan"?`},
		{"a step of other words", "step: plan", `step: planning`, `the points it lists are step "plan"'s: write plan`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := sampleRepo(t)
			for i := range src.Workflows {
				if src.Workflows[i].Path == "workflows/plan-phase.md" {
					src.Workflows[i].Data = []byte(strings.Replace(block, tt.from, tt.to, 1) + "\n```bash\ngsd_run loop render-hooks plan:pre\n```\n")
				}
			}
			var got []string
			for _, d := range Validate(src).Diagnostics {
				if d.File == "workflows/plan-phase.md" {
					got = append(got, d.Message)
				}
			}
			if len(got) != 1 || !strings.Contains(got[0], tt.want) {
				t.Errorf("findings %q, want one saying %q", got, tt.want)
			}
		})
	}
}
