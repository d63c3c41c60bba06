package validate

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// consumesOf is the consumes-unsatisfied findings of file, whatever else
// the repository is told.
func consumesOf(diags []Diagnostic, file string) []Diagnostic {
	var got []Diagnostic
	for _, d := range diags {
		if d.Rule == "consumes-unsatisfied" && d.File == file {
			got = append(got, d)
		}
	}
	return got
}

// TestCR72ConsumesHintsAtTheEdges: the never-produced hints at the
// boundaries a mutation review found untested: the swapped hint when what
// the step produces is made at its own point (by the host workflow of the
// step, or by another step: available there, as a consume of it would be
// met); the advice naming gsd-core's maker among several undeclared
// steps; a host list joined by a semicolon holding the consumed name
// first ("UAT.md; NOTES.md": gsd-core reads one name).
func TestCR72ConsumesHintsAtTheEdges(t *testing.T) {
	const never = ` which is never produced by any host artifact or capability hook`
	tests := []struct {
		name  string
		gone  []string
		hosts [][3]string
		edits []sampleEdit
		file  string
		sev   Severity
		want  string // the message, from the consumed name on
	}{
		{"swapped, the host's at the step's point", nil, nil, []sampleEdit{
			{"research", `"point": "plan:pre",
      "ref": { "agent": "gsd-phase-researcher" },
      "produces": ["RESEARCH.md"],
      "consumes": ["CONTEXT.md"]`, `"point": "discuss:post",
      "ref": { "agent": "gsd-phase-researcher" },
      "produces": ["CONTEXT.md"],
      "consumes": ["RESEARCH.md"]`},
			{"pattern-mapper", `"RESEARCH.md"`, `"CONTEXT.md"`}}, "capabilities/research/capability.json", Error,
			`"RESEARCH.md"` + never + `; this step produces "CONTEXT.md", which a host workflow makes from "discuss:post", before it runs: are its produces and consumes swapped?`},
		{"swapped, another step's at the step's point", nil, nil, []sampleEdit{
			{"research", `"produces": ["RESEARCH.md"],
      "consumes": ["CONTEXT.md"]`, `"produces": ["UI-SPEC.md"],
      "consumes": ["NOTES.md"]`},
			{"pattern-mapper", `"RESEARCH.md"`, `"CONTEXT.md"`}}, "capabilities/research/capability.json", Error,
			`"NOTES.md"` + never + `; this step produces "UI-SPEC.md", which a step of "ui" makes at "plan:pre", before it runs: are its produces and consumes swapped?`},
		{"gsd-core's maker among two undeclared steps", []string{"execute-phase.md", "verify-work.md"}, [][3]string{{"ship.md", "produces:\n", "produces: UAT.md\n"}},
			[]sampleEdit{{"nyquist", `"consumes": ["SUMMARY.md"]`, `"consumes": ["UAT.md"]`}}, "capabilities/nyquist/capability.json", Warning,
			`"UAT.md" which is only produced after this point (earliest available at "ship:post"); a warning while the execute and verify steps have no host workflow (point-uncovered), as what they produce from "execute:post" on is unknown: declare them, with "UAT.md" in the produces of the verify marker, as gsd-core's own verify workflow makes it; else this is an error once they are declared`},
		{"a host's list with a semicolon, the name first", nil, [][3]string{{"verify-work.md", "produces: UAT.md", "produces: UAT.md; NOTES.md"}},
			[]sampleEdit{{"nyquist", `"consumes": ["SUMMARY.md"]`, `"consumes": ["UAT.md"]`}}, "capabilities/nyquist/capability.json", Error,
			`"UAT.md"` + never + `; a host workflow lists "UAT.md; NOTES.md", one name holding it: gsd-core splits a marker's list on commas only, so separate the names there with commas`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := consumesOf(Validate(gate4Repo(t, tt.gone, tt.hosts, tt.edits...)).Diagnostics, tt.file)
			if len(got) != 1 {
				t.Fatalf("%d consumes-unsatisfied in %s, want 1: %v", len(got), tt.file, got)
			}
			if d := got[0]; d.Severity != tt.sev || !strings.Contains(d.Message, " consumes "+tt.want) || !strings.HasSuffix(d.Message, tt.want) {
				t.Errorf("got %s\nwant a %v ending %s", d, tt.sev, tt.want)
			}
		})
	}
}

// TestCR72NearCallSiteTheFirst: of two lines that seem to call
// render-hooks for an unwired point, the hint names the first.
func TestCR72NearCallSiteTheFirst(t *testing.T) {
	const call = "gsd_run loop render-hooks verify:pre --raw"
	src := gate4Repo(t, nil, [][3]string{{"verify-work.md", call, "gsd_run loop render-hook verify:pre --raw\ngsd_run loop render_hooks verify:pre --raw"}})
	var got []Diagnostic
	for _, d := range Validate(src).Diagnostics {
		if d.Rule == "point-unwired" {
			got = append(got, d)
		}
	}
	const want = "workflows/verify-work.md:12 holds `loop render-hook verify:pre`, which is not read as a call site: write `loop render-hooks verify:pre`"
	if len(got) != 1 || !strings.HasSuffix(got[0].Message, want) {
		t.Errorf("got %v\nwant one point-unwired ending %s", got, want)
	}
}

// TestCR72ColonLookAlikeIndented: a marker key indented before its colon
// look-alike is told at the key, not at the line's start. (Not the
// block's first key: the blanks before that one are the opener's match.)
func TestCR72ColonLookAlikeIndented(t *testing.T) {
	src := gate4Repo(t, nil, [][3]string{{"verify-work.md", "produces: UAT.md", "  produces\uff1a UAT.md"}})
	var got []Diagnostic
	for _, d := range Validate(src).Diagnostics {
		if d.Rule == "marker-syntax" {
			got = append(got, d)
		}
	}
	if len(got) != 1 || got[0].File != "workflows/verify-work.md" || got[0].Line != 5 || got[0].Column != 3 || !strings.Contains(got[0].Message, "(U+FF1A)") {
		t.Errorf("got %v\nwant one marker-syntax at workflows/verify-work.md:5:3 naming U+FF1A", got)
	}
}

// TestCR72HostConsumesEdges: host-consumes-unsatisfied where the mutation
// review found it untested: nothing while an earlier step has no host
// workflow, even for an artifact of gsd-core's loop (plan's CONTEXT.md
// without discuss, which may make it); nothing for what a capability step
// makes at the host's last point, nor for what a step of a capability with
// errors may make at no point placing it (its own findings tell it).
func TestCR72HostConsumesEdges(t *testing.T) {
	tests := []struct {
		name  string
		gone  []string
		hosts [][3]string
		edits []sampleEdit
		want  []string // file:line:col, in the order reported
	}{
		{"discuss undeclared, plan's CONTEXT.md", []string{"discuss-phase.md"}, nil, nil, nil},
		{"discuss undeclared, ship's UAT.md made by none", []string{"discuss-phase.md"}, [][3]string{{"verify-work.md", "produces: UAT.md\n", "produces:\n"}}, nil, nil},
		{"a capability step's at the host's last point", nil, [][3]string{{"execute-phase.md", `consumes="PLAN.md"`, `consumes="PLAN.md, VALIDATION.md"`}},
			[]sampleEdit{{"nyquist", `"point": "verify:post"`, `"point": "execute:post"`}}, nil},
		{"a capability step's at the point after", nil, [][3]string{{"execute-phase.md", `consumes="PLAN.md"`, `consumes="PLAN.md, VALIDATION.md"`}},
			[]sampleEdit{{"nyquist", `"point": "verify:post"`, `"point": "verify:pre"`}}, []string{"workflows/execute-phase.md:8:57"}},
		{"a broken step's at no point", nil, [][3]string{{"verify-work.md", "produces: UAT.md\n", "produces:\n"}},
			[]sampleEdit{{"nyquist", `"point": "verify:post", "ref": { "skill": "validate-phase" }, "produces": ["VALIDATION.md"]`, `"point": "verify:late", "ref": { "skill": "validate-phase" }, "produces": ["UAT.md"]`}}, nil},
		{"made by none, told", nil, [][3]string{{"verify-work.md", "produces: UAT.md\n", "produces:\n"}}, nil, []string{"workflows/ship.md:6:11"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, d := range Validate(gate4Repo(t, tt.gone, tt.hosts, tt.edits...)).Diagnostics {
				if d.Rule == "host-consumes-unsatisfied" {
					got = append(got, fmt.Sprintf("%s:%d:%d", d.File, d.Line, d.Column))
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

// TestCR72FallbackListsSorted: the fallback advice lists what the earlier
// hosts make sorted, not in the order of their steps or of a map (verify's
// REPORT.md before execute's SUMMARY.md).
func TestCR72FallbackListsSorted(t *testing.T) {
	earlier := map[string]int{"SUMMARY.md": 0, "CONTEXT.md": 0, "REPORT.md": 0, "PLAN.md": 0}
	const want = `; the host workflows before it produce ["CONTEXT.md", "PLAN.md", "REPORT.md", "SUMMARY.md"]: name one of them, or drop it`
	if got := fallbackHostHint(earlier); got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if got, want := fallbackHostHint(nil), "; no host workflow before it produces anything: drop it"; got != want {
		t.Errorf("none before: got %q, want %q", got, want)
	}
}

// TestCR72HostConsumeWrittenOtherwise: a host's consume of an earlier
// host's artifact written as gsd-core does not read it, quoted, in YAML
// brackets or joined to another name without a comma, was told "did you
// mean" or not at all (`consumes: "UAT.md"`, "CONTEXT.md ROADMAP.md":
// silent, as a name made outside the loop); it is a slip of a known name,
// told at the value with what to write. A name outside the loop stays
// silent, joined or not.
func TestCR72HostConsumeWrittenOtherwise(t *testing.T) {
	const never = `, which no host workflow before it produces, nor any capability step by `
	const plan = `workflows/plan-phase.md:6:11 the plan host workflow consumes `
	tests := []struct {
		name string
		host [3]string
		want []string
	}{
		{"quoted", [3]string{"ship.md", "consumes: UAT.md", `consumes: "UAT.md"`}, []string{
			`workflows/ship.md:6:11 the ship host workflow consumes "\"UAT.md\""` + never + `"ship:post": gsd-core does not check it, but what the step expects is never made; it is "UAT.md" in quotes, which gsd-core reads as part of the name: write it without them`}},
		{"in brackets", [3]string{"plan-phase.md", "consumes: CONTEXT.md", "consumes: [CONTEXT.md]"}, []string{
			plan + `"[CONTEXT.md]"` + never + `"plan:post": gsd-core does not check it, but what the step expects is never made; it is "CONTEXT.md" in brackets, which gsd-core reads as part of the name (a marker's list is split on commas only): write it without them`}},
		{"a bracketed list", [3]string{"plan-phase.md", "consumes: CONTEXT.md", "consumes: [CONTEXT.md, ROADMAP.md]"}, []string{
			plan + `"[CONTEXT.md"` + never + `"plan:post": gsd-core does not check it, but what the step expects is never made; it is "CONTEXT.md" in brackets, which gsd-core reads as part of the name (a marker's list is split on commas only): write it without them`}},
		{"without a comma", [3]string{"plan-phase.md", "consumes: CONTEXT.md", "consumes: CONTEXT.md ROADMAP.md"}, []string{
			plan + `"CONTEXT.md ROADMAP.md"` + never + `"plan:post": gsd-core does not check it, but what the step expects is never made; it is one name to gsd-core, which splits a marker's list on commas only: separate the names with commas, "CONTEXT.md, ROADMAP.md"`}},
		{"a semicolon", [3]string{"plan-phase.md", "consumes: CONTEXT.md", "consumes: CONTEXT.md; STATE.md"}, []string{
			plan + `"CONTEXT.md; STATE.md"` + never + `"plan:post": gsd-core does not check it, but what the step expects is never made; it is one name to gsd-core, which splits a marker's list on commas only: separate the names with commas, "CONTEXT.md, STATE.md"`}},
		{"outside the loop, joined", [3]string{"plan-phase.md", "consumes: CONTEXT.md", "consumes: CONTEXT.md, ROADMAP.md STATE.md"}, nil},
		{"outside the loop, quoted", [3]string{"plan-phase.md", "consumes: CONTEXT.md", `consumes: CONTEXT.md, "ROADMAP.md"`}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := hostConsumeFindings(t, gate4Repo(t, nil, [][3]string{tt.host})); !slices.Equal(got, tt.want) {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestHostConsumeInAnotherUnicodeForm: a host's consume composed (NFC)
// that an earlier host produces decomposed (NFD, saved on macOS) is told
// so, both forms escaped, where its did-you-mean printed a name that
// looked the same as the consume.
func TestHostConsumeInAnotherUnicodeForm(t *testing.T) {
	src := gate4Repo(t, nil, [][3]string{
		{"discuss-phase.md", "produces: CONTEXT.md", "produces: CONTEXT.md, RE\u0301SUME\u0301.md"},
		{"plan-phase.md", "consumes: CONTEXT.md", "consumes: CONTEXT.md, R\u00c9SUM\u00c9.md"}})
	want := []string{`workflows/plan-phase.md:6:23 the plan host workflow consumes "RÉSUMÉ.md", which no host workflow before it produces, nor any capability step by "plan:post": gsd-core does not check it, but what the step expects is never made; ` +
		`an earlier host workflow produces it as "RE\u0301SUME\u0301.md", the same letters decomposed (NFD: a letter, then its accent, as macOS may save it), where this consume is "R\u00c9SUM\u00c9.md", composed (NFC): gsd-core compares names byte for byte, so write it composed there, "R\u00c9SUM\u00c9.md"`}
	if got := hostConsumeFindings(t, src); !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
