package validate

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestOwnersOfACapabilityWithErrors: a feature with errors (a copied
// folder, its title left wrong) was left out of the owner checks, so it
// was told the config keys and produced artifacts it shares with its
// original but not the skills, agents and command families: those came
// a run later. Its names are claimed as written when its id is its
// folder's name, as its config keys are; not when its id is another's,
// nor its role another, and an entry that is no string is skipped with
// the index of the others kept.
func TestOwnersOfACapabilityWithErrors(t *testing.T) {
	owned := func(id string) CapabilitySource {
		return editManifest(t, newcomerCap(id, `["review"]`, `["gsd-reviewer"]`, `{}`), `"steps"`, `"commands": [{"family": "rev", "module": "m.cjs", "router": "r"}], "steps"`)
	}
	edit := func(c CapabilitySource, old, new string) CapabilitySource { return editManifest(t, c, old, new) }
	untitled := func(c CapabilitySource) CapabilitySource { return untitledCap(t, c) }
	conflicts := func(at string, first string, skill, agent int) []string {
		return []string{
			fmt.Sprintf(`agent-owner-conflict capabilities/%s/capability.json /agents/%d: agent "gsd-reviewer" is owned by both %q and %q`, at, agent, first, at),
			fmt.Sprintf(`command-family-conflict capabilities/%s/capability.json /commands/0/family: command family "rev" is owned by both %q and %q`, at, first, at),
			fmt.Sprintf(`skill-owner-conflict capabilities/%s/capability.json /skills/%d: skill "review" is owned by both %q and %q`, at, skill, first, at),
		}
	}
	tests := []struct {
		name string
		caps []CapabilitySource
		want []string // *-conflict findings, sorted, each "rule file pointer: message" up to its first part
	}{
		{"both valid", []CapabilitySource{owned("aa"), owned("bb")}, conflicts("bb", "aa", 0, 0)},
		{"the copy with errors", []CapabilitySource{owned("aa"), untitled(owned("bb"))}, conflicts("bb", "aa", 0, 0)},
		{"the original with errors", []CapabilitySource{untitled(owned("aa")), owned("bb")}, conflicts("bb", "aa", 0, 0)},
		{"an entry no string before", []CapabilitySource{owned("aa"), edit(edit(owned("bb"), `["review"]`, `[5, "review"]`), `["gsd-reviewer"]`, `[null, "gsd-reviewer"]`)}, conflicts("bb", "aa", 1, 1)},
		{"the copy's id its original's", []CapabilitySource{owned("aa"), edit(owned("bb"), `"id": "bb"`, `"id": "aa"`)}, nil},
		{"the copy's role miswritten", []CapabilitySource{owned("aa"), edit(owned("bb"), `"role": "feature"`, `"role": "featur"`)}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Validate(&Sources{CapabilitiesDir: "capabilities", Capabilities: tt.caps, Workflows: hostWorkflows(t, "workflows")})
			var got []string
			for _, d := range res.Diagnostics {
				if strings.HasSuffix(d.Rule, "-conflict") {
					got = append(got, fmt.Sprintf("%s %s %s: %s", d.Rule, d.File, d.Pointer, d.Message))
				}
			}
			slices.Sort(got)
			if len(got) != len(tt.want) {
				t.Fatalf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tt.want[i]) {
					t.Errorf("finding %d:\n\tgot  %s\n\twant %s…", i, got[i], tt.want[i])
				}
			}
		})
	}
}

// gate7Findings are the findings of src, sorted, each "rule file:line:col
// message".
func gate7Findings(src *Sources) []string {
	var got []string
	for _, d := range Validate(src).Diagnostics {
		got = append(got, fmt.Sprintf("%s %s:%d:%d %s", d.Rule, d.File, d.Line, d.Column, d.Message))
	}
	slices.Sort(got)
	return got
}

// wantFindings fails t unless got holds one finding for each of want, in
// order, each a prefix of it.
func wantFindings(t *testing.T, got, want []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
	for i := range got {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("finding %d:\n\tgot  %s\n\twant %s…", i, got[i], want[i])
		}
	}
}

// TestKnownStepsCheckedBesideABrokenMarker: while one host workflow's
// marker was rejected, no hook was checked against the contract and no
// host workflow's consumes: a hook at a point no workflow calls
// render-hooks for, a contribution into a role its step does not have,
// and a host consuming what no earlier host makes came a run later,
// though the marker, once mended, could change none of them. They are
// told for the steps whose host is known (one marker, its points
// understood): a hook of the broken marker's step, or a host consume
// after it, still waits, and the call sites of the rejected workflow
// count as wired, as they will once it is mended. (Where research moves
// to execute:pre, pattern-mapper consumes CONTEXT.md: its consume of
// RESEARCH.md at plan:pre is told since gate8, discuss and plan known.)
func TestKnownStepsCheckedBesideABrokenMarker(t *testing.T) {
	stpe := [3]string{"plan-phase.md", "step: plan", "stpe: plan"}
	shipBroken := [3]string{"ship.md", "step: ship", "stpe: ship"}
	planSyntax := "marker-syntax workflows/plan-phase.md:2:1 gsd:loop-host block is missing required field 'step:'"
	shipSyntax := "marker-syntax workflows/ship.md:2:1 gsd:loop-host block is missing required field 'step:'"
	atExecutePre := sampleEdit{"research", `"point": "plan:pre"`, `"point": "execute:pre"`}
	unwired := `point-unwired capabilities/research/capability.json:20:7 capability "research" steps[0].point "execute:pre" is declared but not wired`
	tests := []struct {
		name  string
		hosts [][3]string
		edits []sampleEdit
		want  []string
	}{
		{"a hook at an unwired point of a known step", [][3]string{stpe}, []sampleEdit{atExecutePre, {"pattern-mapper", `"RESEARCH.md"`, `"CONTEXT.md"`}},
			[]string{planSyntax, unwired}},
		{"the rejected workflow calls the point", [][3]string{stpe, {"plan-phase.md", "# Plan phase", "# Plan phase\n\n`gsd_run loop render-hooks execute:pre`"}}, []sampleEdit{atExecutePre, {"pattern-mapper", `"RESEARCH.md"`, `"CONTEXT.md"`}},
			[]string{planSyntax}},
		{"an unknown step's workflow calls the point", [][3]string{{"plan-phase.md", "step: plan\n", "step: plna\n"}, {"plan-phase.md", "# Plan phase", "# Plan phase\n\n`gsd_run loop render-hooks execute:pre`"}}, []sampleEdit{atExecutePre, {"pattern-mapper", `"RESEARCH.md"`, `"CONTEXT.md"`}},
			[]string{`marker-unknown-step workflows/plan-phase.md:2:7 unknown step "plna"`}},
		{"a second workflow of a step calls the point", [][3]string{{"ship.md", "step: ship\n", "step: verify\n"}, {"ship.md", "ship:pre, ship:post", "verify:pre, verify:post"}, {"ship.md", "# Ship", "# Ship\n\n`gsd_run loop render-hooks execute:pre`"}}, []sampleEdit{atExecutePre, {"pattern-mapper", `"RESEARCH.md"`, `"CONTEXT.md"`}},
			[]string{"marker-duplicate-step workflows/ship.md:2:7", "marker-duplicate-step workflows/verify-work.md:2:7"}},
		{"a contribution into a role of a known step", [][3]string{stpe}, []sampleEdit{{"assumptions", `"into": "orchestrator"`, `"into": "orchestrater"`}},
			[]string{`into-not-in-roles capabilities/assumptions/capability.json:21:7 capability "assumptions" contribution.into "orchestrater" at point "discuss:post" is not in the step's agentRoles ["orchestrator"]`, planSyntax}},
		{"a contribution into a role of the broken marker's step", [][3]string{stpe}, []sampleEdit{{"security", `"into": "planner"`, `"into": "plannerr"`}},
			[]string{planSyntax}},
		{"a host consume after the broken marker", [][3]string{stpe, {"verify-work.md", "consumes: SUMMARY.md", "consumes: SUMMARY.mdx"}}, nil,
			[]string{planSyntax}},
		{"a host consume before the broken marker", [][3]string{shipBroken, {"verify-work.md", "consumes: SUMMARY.md", "consumes: SUMMARY.mdx"}}, nil,
			[]string{`host-consumes-unsatisfied workflows/verify-work.md:6:11 the verify host workflow consumes "SUMMARY.mdx"`, shipSyntax}},
		{"a point of the step misspelt", [][3]string{{"execute-phase.md", `<loop-point id="execute:post"/>`, `<loop-point id="execute:postt"/>`}, {"verify-work.md", "consumes: SUMMARY.md", "consumes: SUMMARY.mdx"}}, []sampleEdit{atExecutePre, {"pattern-mapper", `"RESEARCH.md"`, `"CONTEXT.md"`}},
			[]string{`point-unknown workflows/execute-phase.md:6:17 "execute:postt" is not a canonical loop point`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantFindings(t, gate7Findings(gate4Repo(t, nil, tt.hosts, tt.edits...)), tt.want)
		})
	}
	// A rejected workflow saved as UTF-16 may call the point: its call
	// sites are not read.
	t.Run("the rejected workflow is UTF-16", func(t *testing.T) {
		src := gate4Repo(t, nil, nil, atExecutePre, sampleEdit{"pattern-mapper", `"RESEARCH.md"`, `"CONTEXT.md"`})
		i := slices.IndexFunc(src.Workflows, func(w File) bool { return w.Path == "workflows/plan-phase.md" })
		src.Workflows[i].Data = encodeUTF16(string(src.Workflows[i].Data), false)
		wantFindings(t, gate7Findings(src), []string{"marker-syntax workflows/plan-phase.md:1:1 the workflow is UTF-16"})
	})
}

// TestSwappedMarkerValues: a marker's values written where the other key
// or tag takes them. <agent-role id="execute:post"/> was told to write
// name="execute:post" (a role that is no role); it is told to write the
// <loop-point> tag, and <loop-point name="verifier"/> the <agent-role>
// one. A point that is an agent role, or a role that is a loop point, is
// told where it goes. A gsd:loop-host block whose points: and
// agent-roles: values are swapped gave an error at each value (five for
// the plan step's); it is one, and the block is read as meant, so that
// its other slips (a role of another family) and the checks of the
// contract (a host consume after it) come in the same run.
func TestSwappedMarkerValues(t *testing.T) {
	const exec, plan = "workflows/execute-phase.md", "workflows/plan-phase.md"
	swapped := [3]string{"plan-phase.md", "points: plan:pre, plan:post\nagent-roles: researcher, planner, checker", "points: researcher, planner, checker\nagent-roles: plan:pre, plan:post"}
	swapMsg := "point-unknown " + plan + ":3:9 points: lists agent roles (researcher, planner, checker) and agent-roles: loop points (plan:pre, plan:post): the two values are swapped; write points: plan:pre, plan:post and agent-roles: researcher, planner, checker"
	tests := []struct {
		name  string
		hosts [][3]string
		want  []string
	}{
		{"a loop point in an agent-role tag's id", [][3]string{{"execute-phase.md", `<loop-point id="execute:post"/>`, `<agent-role id="execute:post"/>`}}, []string{
			"marker-syntax " + exec + `:6:1 <agent-role> reads no id="…", so "execute:post" is not read: loop points are the id of <loop-point id="…">: did you mean <loop-point id="execute:post"/>?`}},
		{"an agent role in a loop-point tag's name", [][3]string{{"execute-phase.md", `<agent-role name="verifier"/>`, `<loop-point name="verifier"/>`}}, []string{
			"marker-syntax " + exec + `:7:31 <loop-point> reads no name="…", so "verifier" is not read: agent roles are the name of <agent-role name="…">: did you mean <agent-role name="verifier"/>?`}},
		{"a loop point in a loop-point tag's name", [][3]string{{"execute-phase.md", `<loop-point id="execute:post"/>`, `<loop-point name="execute:post"/>`}}, []string{
			"marker-syntax " + exec + `:6:1 <loop-point> reads no name="…", so "execute:post" is not read: did you mean id="execute:post"?`}},
		{"an agent role in a loop-point tag", [][3]string{{"execute-phase.md", `<agent-role name="verifier"/>`, `<loop-point id="verifier"/>`}}, []string{
			"point-unknown " + exec + `:7:47 "verifier" is not a canonical loop point: it is an agent role; write it as <agent-role name="verifier"/>`}},
		{"a loop point in an agent-role tag", [][3]string{{"execute-phase.md", `<agent-role name="verifier"/>`, `<agent-role name="execute:post"/>`}}, []string{
			"role-family " + exec + `:7:49 declared agent-role "execute:post" is not in the role vocabulary (orchestrator, researcher, planner, checker, executor, verifier): it is a loop point; write it as <loop-point id="execute:post"/>`}},
		{"an agent role among a block's points", [][3]string{{"plan-phase.md", "points: plan:pre, plan:post", "points: plan:pre, plan:post, planner"}}, []string{
			"point-unknown " + plan + `:3:30 "planner" is not a canonical loop point: it is an agent role; list it in agent-roles:`}},
		{"a block's points and roles swapped", [][3]string{swapped}, []string{swapMsg}},
		{"swapped, and a role of another family", [][3]string{swapped, {"plan-phase.md", "researcher, planner, checker", "researcher, planner, executor"}}, []string{
			swapMsg[:len("point-unknown ")] + plan + ":3:9 points: lists agent roles (researcher, planner, executor)",
			"role-family " + plan + `:3:30 declared agent-role "executor" belongs to the execution family, but step "plan" admits only planning roles (researcher, planner, checker); remove it from this step's roles: execution roles run in step "execute"`}},
		{"swapped, and a host consume after it", [][3]string{swapped, {"verify-work.md", "consumes: SUMMARY.md", "consumes: SUMMARY.mdx"}}, []string{
			`host-consumes-unsatisfied workflows/verify-work.md:6:11 the verify host workflow consumes "SUMMARY.mdx"`,
			swapMsg}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantFindings(t, gate7Findings(gate4Repo(t, nil, tt.hosts)), tt.want)
		})
	}
}

// TestMarkerBesideAnUnclosedBlock: a workflow whose gsd:loop-host block
// is left open after another marker (a block read, as gsd-core reads the
// first, or marker tags) declared no step and its other marker was not
// checked: a role of another family in it came once the block left open
// was closed or removed. That marker is checked in the same run; after
// tags the file still declares no step, and after the one complete block
// that block is the file's marker, as gsd-core reads it (gate12,
// TestUnclosedBlockAfterTheOneRead); the block left open is not read.
func TestMarkerBesideAnUnclosedBlock(t *testing.T) {
	const exec, plan = "workflows/execute-phase.md", "workflows/plan-phase.md"
	tests := []struct {
		name  string
		hosts [][3]string
		want  []string
	}{
		{"a block, and one left open after it", [][3]string{{"plan-phase.md", "planner, checker", "planner, executor"}, {"plan-phase.md", "# Plan phase\n", "# Plan phase\n\n<!-- gsd:loop-host\nstep: plam\n\n"}}, []string{
			"marker-syntax " + plan + ":11:1 gsd:loop-host block is not closed with -->, so it is not read: gsd-core matches no block without its --> and reads the one at line 1",
			"role-family " + plan + `:4:35 declared agent-role "executor" belongs to the execution family, but step "plan" admits only planning roles (researcher, planner, checker); remove it from this step's roles: execution roles run in step "execute"`}},
		{"tags, and a block left open after them", [][3]string{{"execute-phase.md", `<agent-role name="verifier"/>`, `<agent-role name="planner"/>`}, {"execute-phase.md", `consumes="PLAN.md"/>` + "\n", `consumes="PLAN.md"/>` + "\n\n<!-- gsd:loop-host\nstep: exec\n\n"}}, []string{
			"marker-syntax " + exec + ":10:1 gsd:loop-host block is not closed: add --> after its last key",
			"role-family " + exec + `:7:49 declared agent-role "planner" belongs to the planning family, but step "execute" admits only execution roles (executor, verifier); remove it from this step's roles: planning roles run in step "plan"`}},
		{"a block missing a field, and one left open after it", [][3]string{{"plan-phase.md", "consumes: CONTEXT.md\n", ""}, {"plan-phase.md", "# Plan phase\n", "# Plan phase\n\n<!-- gsd:loop-host\nstep: plam\n\n"}}, []string{
			"marker-syntax " + plan + ":10:1 gsd:loop-host block is not closed with -->, so it is not read: gsd-core matches no block without its --> and reads the one at line 1",
			"marker-syntax " + plan + ":1:1 gsd:loop-host block is missing required field 'consumes:'"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantFindings(t, gate7Findings(gate4Repo(t, nil, tt.hosts)), tt.want)
		})
	}
}

// TestKeyNearMissBesideTheKey: a block line writing a key the block also
// writes, misspelt or with a colon look-alike, was no finding: gsd-core
// reads the block and ignores the line, so its value (a second step, an
// artifact consumed) was lost without a word. It is a warning at that
// line (the block is valid to gsd-core); a line misspelling a key no line
// writes stays the missing field's error, with no warning beside it.
func TestKeyNearMissBesideTheKey(t *testing.T) {
	const plan = "workflows/plan-phase.md"
	tests := []struct {
		name  string
		hosts [][3]string
		want  []string
	}{
		{"stpe: beside step:", [][3]string{{"plan-phase.md", "step: plan\n", "step: plan\nstpe: execute\n"}}, []string{
			"marker-key-near-miss " + plan + `:3:1 this line's key "stpe" is not "step": gsd-core reads 'step:' from line 2 only and ignores this line, so "execute" is not read; remove the line, or write what it means on line 2`}},
		{"consume: beside consumes:", [][3]string{{"plan-phase.md", "consumes: CONTEXT.md\n", "consumes: CONTEXT.md\nconsume: RESEARCH.md\n"}}, []string{
			"marker-key-near-miss " + plan + `:7:1 this line's key "consume" is not "consumes": gsd-core reads 'consumes:' from line 6 only and ignores this line, so "RESEARCH.md" is not read`}},
		{"a look-alike colon before the key", [][3]string{{"plan-phase.md", "points: plan:pre", "points\uff1a plan:post\npoints: plan:pre"}}, []string{
			"marker-key-near-miss " + plan + `:3:1 this line writes 'points' with '：' (U+FF1A), which is no colon to gsd-core: it reads 'points:' from line 4 only and ignores this line, so "plan:post" is not read`}},
		{"a key's plural beside it: a key of its own (ref §1.2)", [][3]string{{"plan-phase.md", "step: plan\n", "step: plan\nsteps: not-a-key\nSteps: another\n"}}, nil},
		{"a key misspelt, none written: the field's error alone", [][3]string{{"plan-phase.md", "step: plan\n", "stpe: plan\n"}}, []string{
			"marker-syntax " + plan + `:2:1 gsd:loop-host block is missing required field 'step:'`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantFindings(t, gate7Findings(gate4Repo(t, nil, tt.hosts)), tt.want)
		})
	}
}
