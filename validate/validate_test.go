package validate

import (
	"strings"
	"testing"
)

// TestUnknownRoleOfAStepIsNotEchoedByContributions: a host workflow
// whose agent-roles misspell a role ("plannr", "plannér") is told so at
// its marker (role-family), once. The contributions into that role at
// the step's points, in capabilities the change did not touch, are not
// also into-not-in-roles: security's correct "into": "planner" was told
// `did you mean "plannr"?`, the marker's typo, sending its reader to
// break a healthy file. A role of the vocabulary left out of the marker
// is still into-not-in-roles. The role-family finding names the role
// meant, which the echo's "did you mean" used to be the only hint of.
func TestUnknownRoleOfAStepIsNotEchoedByContributions(t *testing.T) {
	for _, tt := range []struct {
		roles string
		rules []string // the rules of the findings, in order
		hint  string   // what the role-family finding ends with
	}{
		{"researcher, plannr, checker", []string{"role-family"}, `; did you mean "planner"?`},
		{"researcher, checker, plannér", []string{"role-family"}, ""}, // two bytes from it: no hint
		{"researcher, Planner, checker", []string{"role-family"}, `; did you mean "planner"?`},
		{"researcher, checker", []string{"into-not-in-roles"}, ""},
	} {
		t.Run(tt.roles, func(t *testing.T) {
			src := editedWorkflows(t, [3]string{"plan-phase.md", "agent-roles: researcher, planner, checker", "agent-roles: " + tt.roles})
			var got []string
			for _, d := range findingsOf(src) {
				got = append(got, d.Rule)
				if d.Rule == "role-family" && !strings.HasSuffix(d.Message, tt.hint) {
					t.Errorf("%s:%d [%s] %s: want it to end %s", d.File, d.Line, d.Rule, d.Message, tt.hint)
				}
				if d.Rule == "into-not-in-roles" && strings.Contains(d.Message, "did you mean") {
					t.Errorf("%s:%d [%s] %s: names the marker's typo", d.File, d.Line, d.Rule, d.Message)
				}
			}
			if strings.Join(got, " ") != strings.Join(tt.rules, " ") {
				t.Errorf("findings %v, want %v", got, tt.rules)
			}
		})
	}
}
