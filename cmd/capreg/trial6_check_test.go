package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckSaysRolesAreSeparatedByCommas: a host workflow listing its
// roles with spaces between them ("agent-roles: planner checker", or a
// tag's name="planner checker") publishes one role, "planner checker",
// as gsd-core splits on commas only. capreg check said it was not in the
// vocabulary, with no hint, and told a contribution into "planner" to add
// "planner" to the roles of the workflow that lists it; now the marker's
// finding says to separate the roles with commas, and is the only one.
func TestCheckSaysRolesAreSeparatedByCommas(t *testing.T) {
	for _, c := range []struct{ name, roles, want string }{
		{"spaces", "planner checker", `workflows/plan.md:4:19: error [role-family] declared agent-role "planner checker" is not in the role vocabulary (orchestrator, researcher, planner, checker, executor, verifier); roles are separated by commas: "planner, checker"`},
		{"a semicolon", "planner; checker", `workflows/plan.md:4:19: error [role-family] declared agent-role "planner; checker" is not in the role vocabulary (orchestrator, researcher, planner, checker, executor, verifier); roles are separated by commas: "planner, checker"`},
		// Not every word a role: no hint, and the contribution told, as before.
		{"a word no role", "planner helper", `capabilities/hello/capability.json:17:44: error [into-not-in-roles] /contributions/0/into: capability "hello" contribution.into "planner" at point "plan:pre" is not in the step's agentRoles ["planner helper"]; into names one of them, or, if the step runs a planner, add "planner" to the roles of workflows/plan.md, the host workflow of step "plan", whose family admits it
workflows/plan.md:4:19: error [role-family] declared agent-role "planner helper" is not in the role vocabulary (orchestrator, researcher, planner, checker, executor, verifier)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := trial4Repo(t, "workflows/plan.md", `<agent-role name="planner"/>`, `<agent-role name="`+c.roles+`"/>`)
			capFile := filepath.Join(dir, "capabilities", "hello", "capability.json")
			data, err := os.ReadFile(capFile)
			if err != nil {
				t.Fatal(err)
			}
			data = bytes.Replace(data, []byte(`"contributions": []`),
				[]byte(`"contributions": [{ "point": "plan:pre", "into": "planner", "fragment": { "inline": "Greet first." }, "produces": [], "consumes": [] }]`), 1)
			if err := os.WriteFile(capFile, data, 0o644); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			if code := run(context.Background(), []string{"check", "--repo", dir}, &stdout, &stderr); code != 1 {
				t.Errorf("exit %d, want 1\n%s%s", code, stdout.String(), stderr.String())
			}
			got := strings.TrimSuffix(stdout.String(), "\n")
			if got != c.want {
				t.Errorf("check printed\n%s\nwant only\n%s", got, c.want)
			}
		})
	}
}
