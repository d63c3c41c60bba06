package validate

import (
	"strings"
	"testing"
)

// TestBlockRolesKeySaysAgentRoles: "roles:" for "agent-roles:" (the
// word the ADR's prose uses) is pointed at, as a misspelt key is; the
// block was "missing required field 'agent-roles:'" at its start.
func TestBlockRolesKeySaysAgentRoles(t *testing.T) {
	for _, key := range []string{"roles", "Roles", "role"} {
		src := "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre, plan:post\n" + key + ": planner\nproduces: PLAN.md\nconsumes: CONTEXT.md\n-->\n"
		_, diags := ParseMarker("w/plan.md", []byte(src))
		if len(diags) != 1 || diags[0].Line != 4 || !strings.Contains(diags[0].Message, "write 'agent-roles:'") {
			t.Errorf("%s: findings %v, want one at line 4 saying to write 'agent-roles:'", key, diags)
		}
	}
}
