package validate

import (
	"path"
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

// TestContractMissingBesideOtherScanFindings: contract-missing gives way
// only to an error at a workflow root capreg.json names (the root is
// unread, and the build fails on that error): a warning there, or an
// error at a "/workflows" pointer of another file, leaves it, or a build
// with no workflow would pass.
func TestContractMissingBesideOtherScanFindings(t *testing.T) {
	for _, d := range []Diagnostic{
		{File: RepoConfigFile, Pointer: "/workflows/0", Rule: "file-unreadable", Severity: Warning, Message: "not read"},
		{File: "other.json", Pointer: "/workflows", Rule: "file-unreadable", Severity: Error, Message: "not read"},
	} {
		src := sampleRepo(t)
		src.Workflows = nil
		src.Diagnostics = []Diagnostic{d}
		if !slices.ContainsFunc(findingsOf(src), func(d Diagnostic) bool { return d.Rule == "contract-missing" }) {
			t.Errorf("beside %v: no contract-missing", d)
		}
	}
	src := sampleRepo(t)
	src.Workflows = nil
	src.Diagnostics = []Diagnostic{{File: RepoConfigFile, Pointer: "/workflows/1", Rule: "file-unreadable", Severity: Error, Message: "not read"}}
	if slices.ContainsFunc(findingsOf(src), func(d Diagnostic) bool { return d.Rule == "contract-missing" }) {
		t.Error("beside the unread root: contract-missing")
	}
}

// TestContractMissingBesideABrokenRepoConfig: a capreg.json that does not
// parse is one json-syntax error, which names the member the parse
// stopped in; where the slip is (a trailing comma in "workflows" or after
// the last member) does not change which other findings are made: the
// pointer of a json-syntax finding names no unread workflow root.
func TestContractMissingBesideABrokenRepoConfig(t *testing.T) {
	for _, cfg := range []string{
		`{"workflows": ["wf"], "cards": ["c"],}`,
		`{"workflows": ["wf",]}`,
		`{"workflows": ["wf" "x"]}`,
		`{"workflows": [tru]}`,
	} {
		_, diags := ParseRepoConfig(File{Path: RepoConfigFile, Data: []byte(cfg)})
		if len(diags) != 1 || diags[0].Rule != "json-syntax" {
			t.Fatalf("%s: findings %v, want one json-syntax", cfg, diags)
		}
		src := sampleRepo(t)
		src.Workflows = nil
		src.Diagnostics = diags
		if !slices.ContainsFunc(findingsOf(src), func(d Diagnostic) bool { return d.Rule == "contract-missing" }) {
			t.Errorf("beside %s (json-syntax at %q): no contract-missing", cfg, diags[0].Pointer)
		}
	}
}

// TestContractFindingsNameWhatIsWrong: a step that leaves out one
// canonical point names it in the singular; a point a marker lists twice
// is "also in this file", one listed by the workflow of another step is
// point-ownership, and a step two workflows declare names the other.
func TestContractFindingsNameWhatIsWrong(t *testing.T) {
	role := map[string]string{"plan": "planner", "ship": "orchestrator", "verify": "verifier"}
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
			`step "plan" does not declare its canonical point "plan:post": add plan:post to the points: line of its gsd:loop-host block`},
		{"a point twice in one file", []*Marker{marker("plan.md", "plan", "plan:pre, plan:pre, plan:post")}, "point-duplicate",
			`point "plan:pre" declared more than once across all step workflows (also in this file)`},
		// A point in two files is one of another step in one of them (two
		// workflows of one step are marker-duplicate-step): that is the
		// finding, whichever file is read first (review cr25).
		{"a point in two files", []*Marker{
			marker("plan.md", "plan", "plan:pre, plan:post"),
			marker("ship.md", "ship", "ship:pre, plan:post, ship:post"),
		}, "point-ownership", `point "plan:post" belongs to step "plan", not to "ship"`},
		{"a point in two files, the other read first", []*Marker{
			marker("ship.md", "ship", "ship:pre, plan:post, ship:post"),
			marker("plan.md", "plan", "plan:pre, plan:post"),
		}, "point-ownership", `point "plan:post" belongs to step "plan", not to "ship"`},
		// Two workflows of one step: each is told the other, and the ways
		// out, first the one for a quoted example (review r22: ADR-894's
		// text copied into docs/ declares the plan step again).
		{"a step in two files", []*Marker{
			marker("plan.md", "plan", "plan:pre, plan:post"),
			marker("docs/adr.md", "plan", "plan:pre, plan:post"),
		}, "marker-duplicate-step", `step "plan" is already declared by plan.md; one workflow file owns each step (if one quotes a marker as an example, ` +
			`as ADR-894's text does, put the example in a code fence; if one is a copy, such as a runtime's local install, name the workflow folders in ` +
			`capreg.json's "workflows" so the copy is not read; if the two are packages of a monorepo checked from its root, check each package with --repo)`},
		// Two paths that differ only in case, or in Unicode form: a
		// Windows or macOS checkout holds one of the two files, which the
		// message says, in the words of a card's (checkCardPathsFold),
		// where it gave the ways out of a quoted example or a copy.
		{"a step in two files differing in case", []*Marker{
			marker("workflows/Verify.md", "verify", "verify:pre, verify:post"),
			marker("workflows/verify.md", "verify", "verify:pre, verify:post"),
		}, "marker-duplicate-step", `step "verify" is already declared by workflows/Verify.md; its path differs from this file's only in case, which the file systems of Windows and macOS ` +
			`do not tell apart: a checkout there holds one of the two files, and the other's marker is missing; keep one of them (git rm the other)`},
		{"the first of two files differing in case", []*Marker{
			marker("workflows/Verify.md", "verify", "verify:pre, verify:post"),
			marker("workflows/verify.md", "verify", "verify:pre, verify:post"),
		}, "marker-duplicate-step", `step "verify" is also declared by workflows/verify.md; its path differs from this file's only in case, which`},
		{"a step in two files differing in Unicode form", []*Marker{
			marker("workflows/v\u00e9rifier.md", "verify", "verify:pre, verify:post"),
			marker("workflows/ve\u0301rifier.md", "verify", "verify:pre, verify:post"),
		}, "marker-duplicate-step", "step \"verify\" is already declared by workflows/v\u00e9rifier.md; its path differs from this file's only in Unicode form ("},
	}
	for _, tt := range tests {
		var s sink
		buildContract(tt.markers, false, nil, "", &s)
		var got []string
		for _, d := range s.diags {
			if d.Rule == tt.rule {
				got = append(got, d.Message)
			}
		}
		if !slices.ContainsFunc(got, func(m string) bool { return strings.HasPrefix(m, tt.want) }) { // want: the message, or its start
			t.Errorf("%s: %s findings\n%s\nwant\n%s", tt.name, tt.rule, strings.Join(got, "\n"), tt.want)
		}
	}
}

// editedWorkflows is the sample with each edit (workflow file name, old
// text, new text) made once in its host workflow; an edit whose old text
// is not there fails the test.
func editedWorkflows(t *testing.T, edits ...[3]string) *Sources {
	t.Helper()
	src := sampleRepo(t)
	for _, ed := range edits {
		i := slices.IndexFunc(src.Workflows, func(f File) bool { return path.Base(f.Path) == ed[0] })
		if i < 0 || !strings.Contains(string(src.Workflows[i].Data), ed[1]) {
			t.Fatalf("no %q in workflow %s; update this test", ed[1], ed[0])
		}
		src.Workflows[i].Data = []byte(strings.Replace(string(src.Workflows[i].Data), ed[1], ed[2], 1))
	}
	return src
}

// TestHostArtifactIsAvailableFromItsEarliestStep: a host artifact is
// available from the last point its step lists, even the first point of
// the pipeline (discuss:pre), and from the earliest step of those that
// produce it: research and ui consume CONTEXT.md at plan:pre, which
// discuss produces, and neither is told it is never produced, nor
// produced after, when discuss lists only discuss:pre or ship produces it
// as well.
func TestHostArtifactIsAvailableFromItsEarliestStep(t *testing.T) {
	for _, ed := range [][3]string{
		{"discuss-phase.md", "points: discuss:pre, discuss:post", "points: discuss:pre"},
		{"ship.md", "produces:", "produces: CONTEXT.md,"},
	} {
		for _, d := range findingsOf(editedWorkflows(t, ed)) {
			if d.Rule != "point-uncovered" {
				t.Errorf("%s edited: unexpected finding %s:%d [%s] %s", ed[0], d.File, d.Line, d.Rule, d.Message)
			}
		}
	}
}

// TestPointFindingsSayHowToMend: points out of pipeline order are told the
// order to write, and, where the step produces artifacts, when they
// become available; points written with spaces between them, the first
// of the pipeline among them, are told to take commas.
func TestPointFindingsSayHowToMend(t *testing.T) {
	tests := []struct {
		step, points, produces, role string
		rule, want                   string
	}{
		{"plan", "plan:post, plan:pre", "PLAN.md", "planner", "point-order",
			"points are listed out of pipeline order (plan:post, plan:pre); write plan:pre, plan:post: the step's artifacts (PLAN.md) become available at its last listed point, plan:pre, not at plan:post"},
		{"plan", "plan:post, plan:pre", "", "planner", "point-order",
			"points are listed out of pipeline order (plan:post, plan:pre); write plan:pre, plan:post"},
		{"discuss", "discuss:pre discuss:post", "", "orchestrator", "point-unknown",
			`"discuss:pre discuss:post" is not a canonical loop point (points are separated by commas: "discuss:pre, discuss:post"); the 12 points are ` + strings.Join(Points, ", ")},
	}
	for _, tt := range tests {
		mk := wantMarker(t, tt.step+".md", "<!-- gsd:loop-host\nstep: "+tt.step+"\npoints: "+tt.points+"\nagent-roles: "+tt.role+"\nproduces: "+tt.produces+"\nconsumes:\n-->\n")
		if mk == nil {
			continue
		}
		var s sink
		buildContract([]*Marker{mk}, false, nil, "", &s)
		var got []string
		for _, d := range s.diags {
			if d.Rule == tt.rule {
				got = append(got, d.Message)
			}
		}
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("points %q, produces %q: %s findings\n%s\nwant\n%s", tt.points, tt.produces, tt.rule, strings.Join(got, "\n"), tt.want)
		}
	}
}

// TestUncoveredStepsInPipelineOrder: the point-uncovered findings of steps
// no workflow declares, which have no file to be ordered by, come in the
// pipeline's order of their points (the reference's POINT_ORDER), not in
// the order of their messages, which put execute before plan and ship
// before verify; whatever order the checks made them in.
func TestUncoveredStepsInPipelineOrder(t *testing.T) {
	tests := []struct {
		removed []string // workflows left out
		steps   []string // the steps told, in order
	}{
		{[]string{"plan-phase.md", "execute-phase.md"}, []string{"plan", "execute"}},
		{[]string{"verify-work.md", "ship.md"}, []string{"verify", "ship"}},
		{[]string{"ship.md", "plan-phase.md", "verify-work.md", "execute-phase.md"}, []string{"plan", "execute", "verify", "ship"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.removed, ","), func(t *testing.T) {
			src := sampleRepo(t)
			src.Workflows = slices.DeleteFunc(src.Workflows, func(f File) bool { return slices.Contains(tt.removed, path.Base(f.Path)) })
			var steps []string
			for _, d := range findingsOf(src, "point-uncovered") {
				if d.File != "" {
					t.Fatalf("a finding placed at %s: %s", d.File, d.Message)
				}
				_, rest, _ := strings.Cut(d.Message, "no workflow declares step ")
				step, _, _ := strings.Cut(strings.TrimPrefix(rest, `"`), `"`)
				steps = append(steps, step)
			}
			if !slices.Equal(steps, tt.steps) {
				t.Errorf("point-uncovered for steps %q, want %q", steps, tt.steps)
			}
		})
	}
	// Sort puts them so from any order.
	ds := Diagnostics{
		{Rule: "point-uncovered", Message: "canonical points \"ship:pre\", \"ship:post\" are …", pipelineAt: PointIndex("ship:pre") + 1},
		{Rule: "point-uncovered", Message: "canonical points \"plan:pre\", \"plan:post\" are …", pipelineAt: PointIndex("plan:pre") + 1},
		{Rule: "point-uncovered", Message: "canonical points \"execute:pre\", … are …", pipelineAt: PointIndex("execute:pre") + 1},
		{Rule: "contract-missing", Message: "z"},
	}
	ds.Sort()
	var got []string
	for _, d := range ds {
		step, _, _ := strings.Cut(strings.TrimPrefix(d.Message, `canonical points "`), ":")
		got = append(got, step)
	}
	if want := []string{"z", "plan", "execute", "ship"}; !slices.Equal(got, want) {
		t.Errorf("sorted: %q, want %q", got, want)
	}
}
