package validate

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestAgentDuplicate: an agent a feature lists twice, which gsd-core and
// capreg accepted in silence (byAgent names it once; the manifest in the
// registry keeps both), is a warning at each entry after its first,
// naming where that one is, as a duplicate skill is. Entries that are no
// string keep their index (the schema reports them); skills are not
// agents; the same agent in two capabilities is an owner conflict, not
// this.
func TestAgentDuplicate(t *testing.T) {
	at := func(i, col int) string {
		return fmt.Sprintf("capabilities/aa/capability.json:5:%d (/agents/%d)", col, i)
	}
	type want struct {
		ptr string
		col int // on line 5
		msg string
	}
	const effect = `: byAgent names it once, but the registry's manifest of this capability keeps both; remove this entry`
	tests := []struct {
		name           string
		skills, agents string
		want           []want
	}{
		{"none repeated", `[]`, `["gsd-a", "gsd-b"]`, nil},
		{"one repeated", `[]`, `["gsd-a", "gsd-b", "gsd-a"]`, []want{
			{"/agents/2", 32, `agent "gsd-a" is already listed in agents, at ` + at(0, 14) + effect}}},
		{"one thrice", `[]`, `["gsd-a", "gsd-a", "gsd-a"]`, []want{
			{"/agents/1", 23, `agent "gsd-a" is already listed in agents, at ` + at(0, 14) + effect},
			{"/agents/2", 32, `agent "gsd-a" is already listed in agents, at ` + at(0, 14) + effect}}},
		{"after an entry that is no string", `[]`, `[5, "gsd-a", "gsd-a"]`, []want{
			{"/agents/2", 26, `agent "gsd-a" is already listed in agents, at ` + at(1, 17) + effect}}},
		{"differing in case", `[]`, `["gsd-a", "GSD-a"]`, nil},
		{"a skill repeated", `["ui", "ui"]`, `["gsd-a"]`, nil},
		{"the same name as a skill", `["gsd-a"]`, `["gsd-a"]`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := newcomerFindings(t, "agent-duplicate", newcomerCap("aa", tt.skills, tt.agents, `{}`))
			if len(got) != len(tt.want) {
				t.Fatalf("%d findings, want %d: %v", len(got), len(tt.want), got)
			}
			for i, w := range tt.want {
				d := got[i]
				if d.File != "capabilities/aa/capability.json" || d.Pointer != w.ptr || d.Line != 5 || d.Column != w.col || d.Severity != Warning || d.Message != w.msg {
					t.Errorf("got %s:%d:%d %s (%s): %s\nwant :5:%d warning (%s): %s", d.File, d.Line, d.Column, d.Severity, d.Pointer, d.Message, w.col, w.ptr, w.msg)
				}
			}
		})
	}
	t.Run("no owner conflict within one capability", func(t *testing.T) {
		if got := newcomerFindings(t, "agent-owner-conflict", newcomerCap("aa", `[]`, `["gsd-a", "gsd-a"]`, `{}`)); len(got) != 0 {
			t.Errorf("got %v, want no agent-owner-conflict", got)
		}
	})
	t.Run("two capabilities: an owner conflict, no duplicate", func(t *testing.T) {
		caps := []CapabilitySource{newcomerCap("aa", `[]`, `["gsd-a"]`, `{}`), newcomerCap("bb", `[]`, `["gsd-a"]`, `{}`)}
		if got := newcomerFindings(t, "agent-duplicate", caps...); len(got) != 0 {
			t.Errorf("got %v, want no agent-duplicate", got)
		}
		if got := newcomerFindings(t, "agent-owner-conflict", caps...); len(got) != 1 || !strings.Contains(got[0].Message, `"gsd-a"`) {
			t.Errorf("got %v, want one agent-owner-conflict", got)
		}
	})
}

// TestConsumesAdviceNamesGSDCoresMaker: a consume not met while a step
// before it has no host workflow is a warning whose advice was to declare
// that step with the artifact in its produces, even for one gsd-core's
// own workflow of a later step makes (UAT.md, verify's, consumed at
// plan:pre without discuss: declaring discuss "with UAT.md in its
// produces" is wrong). The advice now names the step that makes it, and,
// when that comes after the consumer's point, says declaring the steps
// listed will not meet it; when the maker is one of them, it names it; when
// this repository's own host workflow of that step is declared and does
// not produce it, or gsd-core's make no such artifact, the advice is as
// before. Each is a warning still.
func TestConsumesAdviceNamesGSDCoresMaker(t *testing.T) {
	research := func(a string) sampleEdit {
		return sampleEdit{"research", `"consumes": ["CONTEXT.md"]`, `"consumes": ["` + a + `"]`}
	}
	const verifyLater = `"UAT.md" is the verify step's (gsd-core's own verify workflow makes it, from "verify:post"), after this point: move this step to a point where it is available, or drop this consume; else this is an error once `
	tests := []struct {
		name  string
		gone  []string
		hosts [][3]string // workflow, old, new
		edits []sampleEdit
		ptr   string
		want  string // the message's end, after the rule's own text
		not   string // a text the message must not hold
	}{
		{"verify's, at plan:pre, without discuss", []string{"discuss-phase.md"}, nil, []sampleEdit{research("UAT.md")}, "/steps/0/consumes/0",
			`; a warning while the discuss step has no host workflow (point-uncovered), but declaring discuss will not meet this consume: ` + verifyLater + `it is declared`,
			`with "UAT.md" in its marker's produces`},
		{"verify's, at plan:pre, without discuss, verify and ship", []string{"discuss-phase.md", "verify-work.md", "ship.md"}, nil, []sampleEdit{research("UAT.md")}, "/steps/0/consumes/0",
			`; a warning while the discuss step has no host workflow (point-uncovered), but declaring discuss will not meet this consume: ` + verifyLater + `it is declared`,
			`with "UAT.md" in`},
		{"verify's, at execute:wave:pre, without discuss and plan", []string{"discuss-phase.md", "plan-phase.md"}, nil,
			[]sampleEdit{{"nyquist", `"point": "verify:post", "ref": { "skill": "validate-phase" }, "produces": ["VALIDATION.md"], "consumes": ["SUMMARY.md"]`, `"point": "execute:wave:pre", "ref": { "skill": "validate-phase" }, "produces": ["VALIDATION.md"], "consumes": ["UAT.md"]`}}, "/steps/0/consumes/0",
			`; a warning while the discuss and plan steps have no host workflow (point-uncovered), but declaring discuss and plan will not meet this consume: ` + verifyLater + `they are declared`,
			`with "UAT.md" in`},
		{"verify's, at verify:post, without verify, ship making it", []string{"verify-work.md"}, [][3]string{{"ship.md", "produces:\n", "produces: UAT.md\n"}},
			[]sampleEdit{{"nyquist", `"consumes": ["SUMMARY.md"]`, `"consumes": ["UAT.md"]`}}, "/steps/0/consumes/0",
			`consumes "UAT.md" which is only produced after this point (earliest available at "ship:post"); a warning while the verify step has no host workflow (point-uncovered), as what it produces from "verify:post" on is unknown: declare it, with "UAT.md" in its marker's produces, as gsd-core's own verify workflow makes it; else this is an error once it is declared`,
			"if it makes it"},
		{"verify's, this repository's verify making another", []string{"discuss-phase.md"},
			[][3]string{{"verify-work.md", "produces: UAT.md\n", "produces: REPORT.md\n"}, {"ship.md", "consumes: UAT.md\n", "consumes: REPORT.md\n"}},
			[]sampleEdit{research("UAT.md")}, "/steps/0/consumes/0",
			`consumes "UAT.md" which is never produced by any host artifact or capability hook; a warning while the discuss step has no host workflow (point-uncovered), as what it produces from "discuss:post" on is unknown: declare it, with "UAT.md" in its marker's produces if it makes it; else this is an error once it is declared`,
			"gsd-core's own"},
		{"none of gsd-core's", []string{"discuss-phase.md"}, nil, []sampleEdit{research("NOTES.md")}, "/steps/0/consumes/0",
			`consumes "NOTES.md" which is never produced by any host artifact or capability hook; a warning while the discuss step has no host workflow (point-uncovered), as what it produces from "discuss:post" on is unknown: declare it, with "NOTES.md" in its marker's produces if it makes it; else this is an error once it is declared`,
			"gsd-core's own"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := sampleRepo(t, tt.edits...)
			src.Workflows = slices.DeleteFunc(src.Workflows, func(w File) bool { return slices.Contains(tt.gone, strings.TrimPrefix(w.Path, "workflows/")) })
			for _, h := range tt.hosts {
				i := slices.IndexFunc(src.Workflows, func(w File) bool { return w.Path == "workflows/"+h[0] })
				if i < 0 || !strings.Contains(string(src.Workflows[i].Data), h[1]) {
					t.Fatalf("no %q in %s", h[1], h[0])
				}
				src.Workflows[i].Data = []byte(strings.Replace(string(src.Workflows[i].Data), h[1], h[2], 1))
			}
			got := consumesOnly(t, Validate(src).Diagnostics)
			if len(got) != 1 {
				t.Fatalf("%d consumes-unsatisfied, want 1: %v", len(got), got)
			}
			d := got[0]
			if d.Severity != Warning || d.Pointer != tt.ptr || !strings.HasSuffix(d.Message, tt.want) || strings.Contains(d.Message, tt.not) {
				t.Errorf("got %s\nwant a warning (%s) ending %q, without %q", d, tt.ptr, tt.want, tt.not)
			}
		})
	}
}
