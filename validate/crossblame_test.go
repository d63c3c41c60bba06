package validate

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestBrokenCapabilityBlamesNoOther: one capability's errors leave the
// repository failing on them alone, with no finding in a healthy
// capability that claims what only those errors make true: pattern-mapper
// requires research and consumes the RESEARCH.md research's step
// produces, and intel runs on the codex runtime. Before, a research step
// at "plan:pree" gave pattern-mapper "consumes "RESEARCH.md" which is
// never produced by any host artifact or capability hook", and "id": 5
// in research (codex) gave pattern-mapper (intel) "requires "research"
// which does not exist" ("references unknown runtime "codex"").
func TestBrokenCapabilityBlamesNoOther(t *testing.T) {
	read := func(id string) string {
		data, err := os.ReadFile("../testdata/repo/capabilities/" + id + "/capability.json")
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	type edit struct{ folder, old, new string }
	tests := []struct {
		name   string
		edits  []edit // the first breaks edits[0].folder
		rule   string // its own error ("" for any)
		blamed string // a healthy file whose finding stays, true as it is ("" for none)
	}{
		{"a step at no loop point", []edit{{"research", `"point": "plan:pre"`, `"point": "plan:pree"`}}, "point-unknown", ""},
		{"a step at a point of another type", []edit{{"research", `"point": "plan:pre"`, `"point": 3`}}, "schema", ""},
		{"produces not a list", []edit{{"research", `"produces": ["RESEARCH.md"]`, `"produces": "RESEARCH.md"`}}, "schema", ""},
		{"steps not a list", []edit{{"research", `"steps": [`, `"steps": `}, {"research", "    }\n  ],\n", "    },\n"}}, "schema", ""},
		{"an id that is no string", []edit{{"research", `"id": "research"`, `"id": 5`}}, "schema", ""},
		{"a role misspelt", []edit{{"research", `"role": "feature"`, `"role": "features"`}}, "schema", ""},
		{"a role that is no string", []edit{{"research", `"role": "feature"`, `"role": 1`}}, "schema", ""},
		{"no role", []edit{{"research", `"role": "feature",`, ``}}, "schema", ""},
		{"a feature declared a runtime", []edit{{"research", `"role": "feature"`, `"role": "runtime"`}}, "role-forbidden-field", ""},
		{"steps misspelt", []edit{{"research", `"steps": [`, `"step": [`}}, "schema", ""},
		{"steps in another case", []edit{{"research", `"steps": [`, `"Steps": [`}}, "schema", ""},
		{"a runtime's id that is no string", []edit{{"codex", `"id": "codex"`, `"id": 5`}}, "schema", ""},
		{"a runtime whose declaration does not parse", []edit{{"codex", `"id": "codex"`, `"id": `}}, "json-syntax", ""},
		// Still said where it is true whatever the fix: a feature is no
		// runtime, and an artifact no step names is never produced.
		{"a feature named as a runtime", []edit{{"research", `"id": "research"`, `"id": 5`},
			{"intel", `"supported": ["claude", "codex"]`, `"supported": ["claude", "codex", "research"]`}}, "schema", "intel"},
		{"an artifact no step names", []edit{{"research", `"produces": ["RESEARCH.md"]`, `"produces": ["RESEARCH2.md", 7]`}}, "schema", "pattern-mapper"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := Sources{CapabilitiesDir: "capabilities", Workflows: hostWorkflows(t, "workflows")}
			fragments := map[string]map[string]File{
				"research":       {"loop/research-prompt.md": {Data: []byte("x")}},
				"pattern-mapper": {"loop/mapper.md": {Data: []byte("x")}},
			}
			for _, id := range []string{"claude", "codex", "intel", "pattern-mapper", "research"} {
				data := read(id)
				for _, e := range tt.edits {
					if e.folder != id {
						continue
					}
					if !strings.Contains(data, e.old) {
						t.Fatalf("%s's manifest lacks %s; update this test", id, e.old)
					}
					data = strings.Replace(data, e.old, e.new, 1)
				}
				src.Capabilities = append(src.Capabilities, CapabilitySource{Folder: id,
					Manifest: File{Path: "capabilities/" + id + "/capability.json", Data: []byte(data)}, Files: fragments[id]})
			}
			broken := tt.edits[0].folder
			own, blamed := 0, ""
			for _, d := range Validate(&src).Diagnostics {
				switch {
				case d.Severity != Error:
				case d.File == "capabilities/"+broken+"/capability.json":
					if tt.rule == "" || d.Rule == tt.rule {
						own++
					}
				default:
					if blamed != "" || tt.blamed == "" || !strings.Contains(d.File, tt.blamed) {
						t.Errorf("a healthy file blamed: %s: [%s] %s", d.File, d.Rule, d.Message)
					}
					blamed = d.File
				}
			}
			if own == 0 {
				t.Errorf("no %s error in %s", tt.rule, broken)
			}
			if tt.blamed != "" && blamed == "" {
				t.Errorf("no finding in %s", tt.blamed)
			}
		})
	}
}

// TestUndeclaredStepBlamesNoCapability: a step no host workflow declares
// (its workflow deleted, renamed out of *.md, or its marker fenced as an
// example) is one point-uncovered finding. Before, the capabilities that
// consume its host artifacts were told those are "never produced by any
// host artifact or capability hook" (CONTEXT.md, without discuss), and
// those contributing into its roles that it "publishes no agent roles":
// errors in files the change did not touch, for what declaring the step
// fixes (new-user review).
func TestUndeclaredStepBlamesNoCapability(t *testing.T) {
	for _, gone := range []string{"discuss-phase.md", "plan-phase.md", "execute-phase.md", "verify-work.md", "ship.md"} {
		t.Run(gone, func(t *testing.T) {
			src := sampleRepo(t)
			src.Workflows = slices.DeleteFunc(src.Workflows, func(w File) bool { return w.Path == "workflows/"+gone })
			var errs []string
			for _, d := range Validate(src).Diagnostics {
				if d.Severity == Error {
					errs = append(errs, d.Rule+" "+d.File+": "+d.Message)
				}
			}
			if len(errs) != 1 || !strings.HasPrefix(errs[0], "point-uncovered ") {
				t.Errorf("errors %q, want point-uncovered alone", errs)
			}
		})
	}
	// A consumes before the missing step's points is still checked.
	src := sampleRepo(t, sampleEdit{"research", `"consumes": ["CONTEXT.md"]`, `"consumes": ["CONTEXT.mdx"]`})
	src.Workflows = slices.DeleteFunc(src.Workflows, func(w File) bool { return w.Path == "workflows/ship.md" })
	if !slices.ContainsFunc(Validate(src).Diagnostics, func(d Diagnostic) bool { return d.Rule == "consumes-unsatisfied" }) {
		t.Error("CONTEXT.mdx at plan:pre, without ship: no consumes-unsatisfied")
	}
}

// TestUndeclaredStepKeepsTheChecksItCannotAnswer pins where the checks of
// consumes resume around a step no host workflow declares: not before
// the last point of that step (the earliest from which its artifacts
// would be available, so a consumer there of the step's own artifact is
// not blamed), from the earliest such step when two are missing (a
// consumer after the first missing step's artifacts is not blamed), and
// still at the first point of the missing step, where none of its
// artifacts are due (a typo there is still told).
func TestUndeclaredStepKeepsTheChecksItCannotAnswer(t *testing.T) {
	errorsOf := func(src *Sources) []string {
		var errs []string
		for _, d := range Validate(src).Diagnostics {
			if d.Severity == Error {
				errs = append(errs, d.Rule+" "+d.File+": "+d.Message)
			}
		}
		return errs
	}
	without := func(src *Sources, gone ...string) *Sources {
		src.Workflows = slices.DeleteFunc(src.Workflows, func(w File) bool {
			return slices.Contains(gone, strings.TrimPrefix(w.Path, "workflows/"))
		})
		return src
	}
	// UAT.md, verify's, consumed at verify:post, verify's last point.
	src := without(sampleRepo(t, sampleEdit{"nyquist", `"consumes": ["SUMMARY.md"]`, `"consumes": ["UAT.md"]`}), "verify-work.md")
	if errs := errorsOf(src); len(errs) != 1 || !strings.HasPrefix(errs[0], "point-uncovered ") {
		t.Errorf("UAT.md at verify:post, without verify: errors %q, want point-uncovered alone", errs)
	}
	// Two steps missing: CONTEXT.md (discuss's) at plan:pre is not told
	// "never produced" because ship is missing too.
	if errs := errorsOf(without(sampleRepo(t), "discuss-phase.md", "ship.md")); len(errs) != 2 ||
		!strings.HasPrefix(errs[0], "point-uncovered ") || !strings.HasPrefix(errs[1], "point-uncovered ") {
		t.Errorf("without discuss and ship: errors %q, want two point-uncovered alone", errs)
	}
	// CONTEXT.mdx at plan:pre, the first point of the missing plan step.
	src = without(sampleRepo(t, sampleEdit{"research", `"consumes": ["CONTEXT.md"]`, `"consumes": ["CONTEXT.mdx"]`}), "plan-phase.md")
	if !slices.ContainsFunc(Validate(src).Diagnostics, func(d Diagnostic) bool { return d.Rule == "consumes-unsatisfied" }) {
		t.Error("CONTEXT.mdx at plan:pre, without plan: no consumes-unsatisfied")
	}
}

// TestUndeclaredStepConsumesInTheSameRun: a consumes at or after the last
// point of a step no host workflow declares, which was not checked until
// the step was declared, is checked in the same run. One a declared host
// workflow after that step consumes and none produces (CONTEXT.md, which
// plan consumes, without discuss) is taken to be the missing step's and
// is met, as before; any other not met is a warning that names the steps
// whose artifacts are unknown (a typo is told now, with its did-you-mean),
// and an error once they are declared.
func TestUndeclaredStepConsumesInTheSameRun(t *testing.T) {
	type want struct {
		sev      Severity
		file     string
		contains []string
	}
	const warned = `; a warning while the `
	tests := []struct {
		name  string
		edits []sampleEdit
		gone  []string
		host  [2]string // an edit of discuss-phase.md
		want  []want
	}{
		{"discuss's CONTEXT.md, without discuss", nil, []string{"discuss-phase.md"}, [2]string{}, nil},
		{"a typo of it, without discuss", []sampleEdit{{"research", `"consumes": ["CONTEXT.md"]`, `"consumes": ["CONTEXT.mdx"]`}}, []string{"discuss-phase.md"}, [2]string{}, []want{
			{Warning, "capabilities/research/capability.json", []string{`consumes "CONTEXT.mdx" which is never produced by any host artifact or capability hook; did you mean "CONTEXT.md"?; a warning while the discuss step has no host workflow (point-uncovered), as what it produces from "discuss:post" on is unknown: declare it, with "CONTEXT.mdx" in its marker's produces if it makes it; else this is an error once it is declared`}}}},
		// No declared host consumes it, but gsd-core's discuss produces it.
		{"discuss's CONTEXT.md, without discuss, plan and execute", nil, []string{"discuss-phase.md", "plan-phase.md", "execute-phase.md"}, [2]string{}, nil},
		{"another, without discuss, plan and execute", []sampleEdit{{"nyquist", `"consumes": ["SUMMARY.md"]`, `"consumes": ["NOTES.md"]`}}, []string{"discuss-phase.md", "plan-phase.md", "execute-phase.md"}, [2]string{}, []want{
			{Warning, "capabilities/nyquist/capability.json", []string{`consumes "NOTES.md" which is never produced by any host artifact or capability hook; a warning while the discuss, plan and execute steps have no host workflow (point-uncovered), as what they produce from "discuss:post" on is unknown`}}}},
		{"a typo of it, with discuss", []sampleEdit{{"research", `"consumes": ["CONTEXT.md"]`, `"consumes": ["CONTEXT.mdx"]`}}, nil, [2]string{}, []want{
			{Error, "capabilities/research/capability.json", []string{`consumes "CONTEXT.mdx" which is never produced by any host artifact or capability hook; did you mean "CONTEXT.md"?`}}}},
		{"verify's UAT.md at verify:post, without verify", []sampleEdit{{"nyquist", `"consumes": ["SUMMARY.md"]`, `"consumes": ["UAT.md"]`}}, []string{"verify-work.md"}, [2]string{}, nil},
		{"produced only after, without discuss", []sampleEdit{{"research", `"consumes": ["CONTEXT.md"]`, `"consumes": ["UI-REVIEW.md"]`}}, []string{"discuss-phase.md"}, [2]string{}, []want{
			{Warning, "capabilities/research/capability.json", []string{`consumes "UI-REVIEW.md" which is only produced after this point (earliest available at "verify:post"); a warning while the discuss step has no host workflow (point-uncovered), as what it produces from "discuss:post" on is unknown`}}}},
		// Consumed by a host before the missing step: no sign it is that
		// step's.
		{"consumed by discuss, without verify", []sampleEdit{{"nyquist", `"consumes": ["SUMMARY.md"]`, `"consumes": ["BRIEF.md"]`}}, []string{"verify-work.md"}, [2]string{"consumes:\n", "consumes: BRIEF.md\n"}, []want{
			{Warning, "capabilities/nyquist/capability.json", []string{`consumes "BRIEF.md" which is never produced`, warned + `verify step has no host workflow (point-uncovered), as what it produces from "verify:post" on is unknown`}}}},
		{"consumed by discuss, without discuss and verify", []sampleEdit{{"nyquist", `"consumes": ["SUMMARY.md"]`, `"consumes": ["NOTES.md"]`}}, []string{"discuss-phase.md", "verify-work.md"}, [2]string{}, []want{
			{Warning, "capabilities/nyquist/capability.json", []string{warned + `discuss and verify steps have no host workflow (point-uncovered), as what they produce from "discuss:post" on is unknown: declare them, with "NOTES.md" in the produces of the marker of the one that makes it; else this is an error once they are declared`}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := sampleRepo(t, tt.edits...)
			src.Workflows = slices.DeleteFunc(src.Workflows, func(w File) bool { return slices.Contains(tt.gone, strings.TrimPrefix(w.Path, "workflows/")) })
			if tt.host[0] != "" {
				i := slices.IndexFunc(src.Workflows, func(w File) bool { return w.Path == "workflows/discuss-phase.md" })
				if i < 0 || !strings.Contains(string(src.Workflows[i].Data), tt.host[0]) {
					t.Fatalf("no %q in discuss-phase.md", tt.host[0])
				}
				src.Workflows[i].Data = []byte(strings.Replace(string(src.Workflows[i].Data), tt.host[0], tt.host[1], 1))
			}
			got := consumesOnly(t, Validate(src).Diagnostics)
			if len(got) != len(tt.want) {
				t.Fatalf("%d consumes-unsatisfied, want %d: %v", len(got), len(tt.want), got)
			}
			for i, w := range tt.want {
				d := got[i]
				ok := d.Severity == w.sev && d.File == w.file && d.Pointer == "/steps/0/consumes/0"
				for _, c := range w.contains {
					ok = ok && strings.Contains(d.Message, c)
				}
				if !ok {
					t.Errorf("got %s\nwant %s at %s (/steps/0/consumes/0) holding %q", d, w.sev, w.file, w.contains)
				}
			}
		})
	}
}
