package validate

import (
	"strings"
	"testing"
)

// cr79 mutation review of gate7's validate commits: the cases below each
// fail on a mutant the gate7 tests left alive.

// TestCR79SwappedValuesOnlyWhenBothSwapped: a gsd:loop-host block is read
// with its points: and agent-roles: values swapped only when both are
// wrong the same way (points all roles, roles all loop points), and only a
// block: marker tags so written are told at each tag, where the other
// tag goes, as the swap's "write points: …" message would name lines
// they have none of.
func TestCR79SwappedValuesOnlyWhenBothSwapped(t *testing.T) {
	const exec, plan = "workflows/execute-phase.md", "workflows/plan-phase.md"
	tests := []struct {
		name  string
		hosts [][3]string
		want  []string
	}{
		// Their step is read from the first id, a role: told swapped
		// since gate8, where it was "unknown step "executor"".
		{"tags: every loop point a role and every role a loop point", [][3]string{
			{"execute-phase.md", "<loop-point id=\"execute:pre\"/>\n<loop-point id=\"execute:wave:pre\"/>\n<loop-point id=\"execute:wave:post\"/>\n<loop-point id=\"execute:post\"/>\n<agent-role name=\"executor\"/> <agent-role name=\"verifier\"/>",
				"<loop-point id=\"executor\"/> <loop-point id=\"verifier\"/>\n<agent-role name=\"execute:pre\"/> <agent-role name=\"execute:post\"/>"}}, []string{
			`marker-unknown-step ` + exec + `:3:17 the <loop-point> ids are agent roles (executor, verifier) and the <agent-role> names loop points (execute:pre, execute:post): the two are swapped`,
		}},
		{"a block whose points and roles are both roles", [][3]string{{"plan-phase.md", "points: plan:pre, plan:post", "points: researcher, planner"}}, []string{
			"point-unknown " + plan + `:3:21 "planner" is not a canonical loop point: it is an agent role; list it in agent-roles:`,
			"point-unknown " + plan + `:3:9 "researcher" is not a canonical loop point: it is an agent role; list it in agent-roles:`,
		}},
		{"a block whose points are roles and whose agent-roles: is empty", [][3]string{{"plan-phase.md", "points: plan:pre, plan:post\nagent-roles: researcher, planner, checker", "points: researcher, planner\nagent-roles:"}}, []string{
			"marker-syntax " + plan + `:4:1 'agent-roles:' is empty`,
			"point-unknown " + plan + `:3:21 "planner" is not a canonical loop point: it is an agent role; list it in agent-roles:`,
			"point-unknown " + plan + `:3:9 "researcher" is not a canonical loop point: it is an agent role; list it in agent-roles:`,
		}},
		// A block rejected for another slip (no produces:) is read as
		// meant too: one finding at its points, not one at each value.
		{"a rejected block's points and roles swapped", [][3]string{{"plan-phase.md", "points: plan:pre, plan:post\nagent-roles: researcher, planner, checker\nproduces: PLAN.md\n", "points: researcher, planner, checker\nagent-roles: plan:pre, plan:post\n"}}, []string{
			"marker-syntax " + plan + `:1:1 gsd:loop-host block is missing required field 'produces:'`,
			"point-unknown " + plan + ":3:9 points: lists agent roles (researcher, planner, checker) and agent-roles: loop points (plan:pre, plan:post): the two values are swapped",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantFindings(t, gate7Findings(gate4Repo(t, nil, tt.hosts)), tt.want)
		})
	}
}

// TestCR79KeyNearMissNeedsTheKeyWritten: marker-key-near-miss says
// gsd-core reads the key "from line N": only of a key a line writes as
// gsd-core reads it. A key the block writes only through a colon
// look-alike is the block's error, with no warning
// naming a line gsd-core does not read. The warning of a look-alike colon
// stands at the key of an indented line.
func TestCR79KeyNearMissNeedsTheKeyWritten(t *testing.T) {
	const plan = "workflows/plan-phase.md"
	tests := []struct {
		name  string
		hosts [][3]string
		want  string // the marker-key-near-miss finding, or "" for none
	}{
		{"the key only with a look-alike colon, and misspelt", [][3]string{{"plan-phase.md", "step: plan\n", "step\uff1a plan\nstpe: execute\n"}}, ""},
		{"an indented line with a look-alike colon", [][3]string{{"plan-phase.md", "points: plan:pre", "  points\uff1a plan:post\npoints: plan:pre"}},
			"marker-key-near-miss " + plan + `:3:3 this line writes 'points' with '：' (U+FF1A), which is no colon to gsd-core`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			all := gate7Findings(gate4Repo(t, nil, tt.hosts))
			var got []string
			for _, f := range all {
				if strings.HasPrefix(f, "marker-key-near-miss ") {
					got = append(got, f)
				}
			}
			switch {
			case tt.want == "" && len(got) > 0:
				t.Errorf("warned of a key no line writes as gsd-core reads it:\n\t%s\nall findings:\n\t%s", strings.Join(got, "\n\t"), strings.Join(all, "\n\t"))
			case tt.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], tt.want)):
				t.Errorf("got\n\t%s\nwant\n\t%s…", strings.Join(got, "\n\t"), tt.want)
			}
		})
	}
}

// TestCR79RejectedCallSitesAloneMakeAPointUnwired: while a marker is not
// understood, the call sites of its workflow count as they will once it
// is mended: when it is the only workflow calling render-hooks, a hook of
// a known step at a point it does not call is unwired, as it will be.
func TestCR79RejectedCallSitesAloneMakeAPointUnwired(t *testing.T) {
	hosts := [][3]string{{"plan-phase.md", "step: plan", "stpe: plan"}}
	for _, l := range []struct{ file, line string }{
		{"discuss-phase.md", "HOOKS=$(gsd_run loop render-hooks discuss:pre --raw)"},
		{"discuss-phase.md", "HOOKS=$(gsd_run loop render-hooks discuss:post --raw)"},
		{"execute-phase.md", "gsd_run loop render-hooks execute:wave:pre --raw"},
		{"execute-phase.md", "gsd_run loop render-hooks execute:wave:post --raw"},
		{"execute-phase.md", "gsd_run loop render-hooks execute:post --raw"},
		{"ship.md", "gsd_run loop render-hooks ship:pre --raw"},
		{"ship.md", "gsd_run loop render-hooks ship:post --raw"},
		{"verify-work.md", "gsd_run loop render-hooks verify:pre --raw"},
		{"verify-work.md", "gsd_run loop render-hooks verify:post --raw"},
	} {
		hosts = append(hosts, [3]string{l.file, l.line, "echo no hooks here"})
	}
	src := gate4Repo(t, nil, hosts, sampleEdit{"research", `"point": "plan:pre"`, `"point": "execute:pre"`}, sampleEdit{"pattern-mapper", `"RESEARCH.md"`, `"CONTEXT.md"`})
	const want = `point-unwired capabilities/research/capability.json:20:7 capability "research" steps[0].point "execute:pre" is declared but not wired`
	all := gate7Findings(src)
	for _, f := range all {
		if strings.HasPrefix(f, want) {
			return
		}
	}
	t.Errorf("no %s…; got\n\t%s", want, strings.Join(all, "\n\t"))
}

// TestCR79TwoBlocksBeforeAnUnclosedOne: the marker closed before a block
// left open is checked on its own only when it is the one (gate7's
// TestMarkerBesideAnUnclosedBlock): with two closed before it, which of
// the three is meant is unknown, and the first one's slips (a role of
// another family) are not told as the marker's.
func TestCR79TwoBlocksBeforeAnUnclosedOne(t *testing.T) {
	const block = "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre, plan:post\nagent-roles: researcher, planner, checker\nproduces: PLAN.md\nconsumes: CONTEXT.md\n-->\n"
	hosts := [][3]string{{"plan-phase.md", "planner, checker", "planner, executor"}, {"plan-phase.md", "# Plan phase\n", "# Plan phase\n\n" + block + "\n<!-- gsd:loop-host\nstep: plam\n\n"}}
	all := gate7Findings(gate4Repo(t, nil, hosts))
	for _, f := range all {
		if strings.HasPrefix(f, "role-family ") {
			t.Errorf("a closed block of several checked as the marker: %s\nall findings:\n\t%s", f, strings.Join(all, "\n\t"))
		}
	}
	if len(all) == 0 {
		t.Error("no finding of a workflow with two blocks and one left open")
	}
}
