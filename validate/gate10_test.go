package validate

import (
	"strings"
	"testing"
)

// TestConsumesAfterAnUndeclaredStepBesideABrokenMarker: a capability
// step's consumes after a step no workflow declares waited, while another
// workflow's marker was not understood, for that marker to be mended: a
// slip (CONTEXT.mdx at plan:pre, discuss deleted) came a run later. The
// marker not understood, once mended, may declare that step, whose
// artifacts are unknown all the same with every marker understood (a
// consume not met is then a warning saying so): it is told in the same
// run as that warning, saying the marker not understood may be the
// step's, where point-uncovered is not told. A consume at the step of
// the marker not understood, or after a step whose own marker is not
// understood (a point misspelt), still waits: that marker, mended, may
// list its points only up to the consume's.
func TestConsumesAfterAnUndeclaredStepBesideABrokenMarker(t *testing.T) {
	intel := func(a string) sampleEdit {
		return sampleEdit{"intel", `"consumes": [], "onError"`, `"consumes": ["` + a + `"], "onError"`}
	}
	nyquist := func(a string) sampleEdit {
		return sampleEdit{"nyquist", `"consumes": ["SUMMARY.md"]`, `"consumes": ["` + a + `"]`}
	}
	shipBroken := [][3]string{{"ship.md", "step: ship", "stepp: ship"}}
	const undeclared = `; a warning while the discuss step has no host workflow whose marker is understood (one not understood may declare it), as what it produces from "discuss:post" on is unknown`
	tests := []struct {
		name string
		gone []string
		wf   [][3]string
		edit sampleEdit
		file string // of the one finding, a warning; "" for none
		want string // the start of its message
	}{
		{"a slip after discuss, ship's marker broken", []string{"discuss-phase.md"}, shipBroken, intel("CONTEXT.mdx"), "capabilities/intel/capability.json",
			`capability "intel" step at point "plan:pre" consumes "CONTEXT.mdx" which no host artifact nor capability hook produces at or before this point; did you mean "CONTEXT.md"?` + undeclared},
		{"a slip three steps after discuss, ship's marker broken", []string{"discuss-phase.md"}, shipBroken, nyquist("SUMMARY.mdd"), "capabilities/nyquist/capability.json",
			`capability "nyquist" step at point "verify:post" consumes "SUMMARY.mdd" which no host artifact nor capability hook produces at or before this point; did you mean "SUMMARY.md"?` + undeclared},
		{"a slip after discuss and execute, ship's marker broken", []string{"discuss-phase.md", "execute-phase.md"}, shipBroken, nyquist("SUMMARY.mdd"), "capabilities/nyquist/capability.json",
			`capability "nyquist" step at point "verify:post" consumes "SUMMARY.mdd" which no host artifact nor capability hook produces at or before this point; did you mean "SUMMARY.md"?; a warning while the discuss and execute steps have no host workflow whose marker is understood (one not understood may declare them)`},
		{"discuss's own artifact, presumed, ship's marker broken", []string{"discuss-phase.md"}, shipBroken, intel("CONTEXT.md"), "", ""},
		{"a host artifact, ship's marker broken", []string{"discuss-phase.md"}, shipBroken, nyquist("SUMMARY.md"), "", ""},
		{"at the step of the marker not understood", []string{"discuss-phase.md"}, [][3]string{{"plan-phase.md", "step: plan", "step: plna"}}, intel("CONTEXT.mdx"), "", ""},
		{"after a step whose points are not understood", []string{"discuss-phase.md"}, [][3]string{{"plan-phase.md", "plan:pre, plan:post", "plan:pre, plan:postt"}}, nyquist("SUMMARY.mdd"), "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ruleFindings(Validate(gate8Repo(t, tt.gone, tt.wf, tt.edit)).Diagnostics, "consumes-unsatisfied")
			if tt.file == "" {
				if len(got) != 0 {
					t.Fatalf("got %v, want no consumes-unsatisfied", got)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("%d consumes-unsatisfied, want 1: %v", len(got), got)
			}
			if d := got[0]; d.Severity != Warning || d.File != tt.file || !strings.HasPrefix(d.Message, tt.want) {
				t.Errorf("got %s\nwant a warning in %s: %s…", d, tt.file, tt.want)
			}
		})
	}
}

// TestPatternLiteralPrefix: the text every key a central pattern matches
// starts with, read only where it is sure (config-key-parent of a
// pattern's keys): "" for a pattern not anchored or holding a '|', and
// no character a quantifier follows or that is not written as itself.
func TestPatternLiteralPrefix(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{`^agent_skills\.[a-zA-Z0-9_-]+$`, "agent_skills."},
		{`^review\.models\.[a-z0-9-]+$`, "review.models."},
		{`^model_profile_overrides\.[a-zA-Z0-9_-]+\.[a-z]+$`, "model_profile_overrides."},
		{`^a\.b$`, "a.b"},
		{`^ab?c`, "a"},
		{`^ab*`, "a"},
		{`^ab+`, "a"},
		{`^ab{2}`, "a"},
		{`^a\.?b`, "a"},
		{`^a\+b\$`, "a+b$"},
		{`^a\db`, "a"},
		{`^a.b`, "a"},
		{`^a(b)`, "a"},
		{`^é.x`, ""},
		{`^a\`, "a"},
		{`agent_skills\.x`, ""},
		{`^a\.x|^b`, ""},
		{`^a[|]`, ""},
		{`^`, ""},
		{``, ""},
	} {
		if got := patternLiteralPrefix(tt.src); got != tt.want {
			t.Errorf("patternLiteralPrefix(%q) = %q, want %q", tt.src, got, tt.want)
		}
	}
}
