package validate

import (
	"slices"
	"strings"
	"testing"
)

// TestNoWorkflowIsOnlyContractMissing: capabilities with no host workflow
// at all are told once that the contract is missing, and their hooks are
// not judged against a contract of no steps: without it, a contribution's
// into would be "not in the roles" of a step nobody declares and a
// consumed host artifact "never produced", a finding per capability for
// the one missing workflow.
func TestNoWorkflowIsOnlyContractMissing(t *testing.T) {
	src := sampleRepo(t)
	src.Workflows = nil
	if d := oneFinding(t, findingsOf(src)); d.Rule != "contract-missing" {
		t.Errorf("[%s] %s, want only contract-missing", d.Rule, d.Message)
	}
}

// TestContractFindingsNameWhatIsWrong: a step that leaves out one
// canonical point names it in the singular; a point a marker lists twice
// is "also in this file", one listed by two workflows names the other.
func TestContractFindingsNameWhatIsWrong(t *testing.T) {
	role := map[string]string{"plan": "planner", "ship": "orchestrator"}
	marker := func(file, step, points string) *Marker {
		t.Helper()
		mk := wantMarker(t, file, "<!-- gsd:loop-host\nstep: "+step+"\npoints: "+points+"\nagent-roles: "+role[step]+"\nproduces:\nconsumes:\n-->\n")
		if mk == nil {
			t.FailNow()
		}
		return mk
	}
	tests := []struct {
		name    string
		markers []*Marker
		rule    string
		want    string
	}{
		{"one point left out", []*Marker{marker("plan.md", "plan", "plan:pre")}, "point-uncovered",
			`step "plan" does not declare its canonical point "plan:post"`},
		{"a point twice in one file", []*Marker{marker("plan.md", "plan", "plan:pre, plan:pre, plan:post")}, "point-duplicate",
			`point "plan:pre" declared more than once across all step workflows (also in this file)`},
		{"a point in two files", []*Marker{
			marker("plan.md", "plan", "plan:pre, plan:post"),
			marker("ship.md", "ship", "ship:pre, plan:post, ship:post"),
		}, "point-duplicate", `point "plan:post" declared more than once across all step workflows (also in plan.md)`},
	}
	for _, tt := range tests {
		var s sink
		buildContract(tt.markers, false, nil, &s)
		var got []string
		for _, d := range s.diags {
			if d.Rule == tt.rule {
				got = append(got, d.Message)
			}
		}
		if !slices.Contains(got, tt.want) {
			t.Errorf("%s: %s findings\n%s\nwant\n%s", tt.name, tt.rule, strings.Join(got, "\n"), tt.want)
		}
	}
}
