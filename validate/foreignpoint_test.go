package validate

import (
	"strings"
	"testing"
)

// TestForeignPointIsOwnershipWhateverTheFileOrder pins a finding of
// review cr25: a workflow that lists a point of another step
// ("points: plan:pre, plan:post, discuss:pre" in the plan workflow) breaks
// point-ownership (README, Rules: "a workflow declares a canonical point
// that belongs to another step"; ref §1.3 rule 5, each step declares exactly
// its own points). checkPoints tests "declared before" ahead of the owner,
// so when the owning workflow is read first the foreign point is only a
// point-duplicate, the marker counts as understood, and point-order advises
// "write discuss:pre, plan:pre, plan:post", keeping the foreign point; read
// the other way round it is point-ownership. The findings of one mistake
// must not depend on the order of the workflow files.
func TestForeignPointIsOwnershipWhateverTheFileOrder(t *testing.T) {
	marker := func(file, step, points, role string) *Marker {
		t.Helper()
		return wantMarker(t, file, "<!-- gsd:loop-host\nstep: "+step+"\npoints: "+points+"\nagent-roles: "+role+"\nproduces: X.md\nconsumes:\n-->\n")
	}
	discuss := marker("discuss.md", "discuss", "discuss:pre, discuss:post", "orchestrator")
	plan := marker("plan.md", "plan", "plan:pre, plan:post, discuss:pre", "planner")
	if discuss == nil || plan == nil {
		t.FailNow()
	}
	for _, tt := range []struct {
		name    string
		markers []*Marker
	}{
		{"owner read first", []*Marker{discuss, plan}},
		{"owner read last", []*Marker{plan, discuss}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var s sink
			c := buildContract(tt.markers, false, nil, "", &s)
			ownership := false
			for _, d := range s.diags {
				if d.Rule == "point-ownership" && d.File == "plan.md" && strings.Contains(d.Message, `"discuss:pre"`) {
					ownership = true
				}
				if d.Rule == "point-order" && strings.Contains(d.Message, "write discuss:pre") {
					t.Errorf("point-order advises keeping the foreign point: %s", d.Message)
				}
			}
			if !ownership {
				t.Errorf("no point-ownership for plan.md's discuss:pre; findings: %v", s.diags)
			}
			if c.Complete {
				t.Errorf("contract counted complete although plan.md declares a point of another step")
			}
		})
	}
}
