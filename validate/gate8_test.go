package validate

import (
	"path"
	"slices"
	"strings"
	"testing"
)

// gate8Repo is the sample (testdata/repo) with the named host workflows
// deleted, each workflow edit (file name, old text, new text) made once
// and the capability edits applied; an edit whose old text is not there
// fails the test.
func gate8Repo(t *testing.T, gone []string, wf [][3]string, edits ...sampleEdit) *Sources {
	t.Helper()
	src := sampleRepo(t, edits...)
	for _, ed := range wf {
		i := slices.IndexFunc(src.Workflows, func(f File) bool { return path.Base(f.Path) == ed[0] })
		if i < 0 || !strings.Contains(string(src.Workflows[i].Data), ed[1]) {
			t.Fatalf("no %q in workflow %s; update this test", ed[1], ed[0])
		}
		src.Workflows[i].Data = []byte(strings.Replace(string(src.Workflows[i].Data), ed[1], ed[2], 1))
	}
	src.Workflows = slices.DeleteFunc(src.Workflows, func(w File) bool { return slices.Contains(gone, path.Base(w.Path)) })
	return src
}

// ruleFindings are the findings of rule in diags.
func ruleFindings(diags []Diagnostic, rule string) []Diagnostic {
	var out []Diagnostic
	for _, d := range diags {
		if d.Rule == rule {
			out = append(out, d)
		}
	}
	return out
}

// TestPresumedFromTheReferenceMaker: an artifact a declared host workflow
// consumes and none produces is taken to be made by the step before that
// host whose gsd-core workflow makes it, when no host workflow declares
// that step, else by the earliest undeclared step before the host. With
// discuss and execute both gone, verify's SUMMARY.md was taken to be
// discuss's and a consume of it at plan:pre met in silence, where with
// execute gone alone it is an error (gate8 sweep s01): it is a warning
// that declaring discuss will not meet it. An artifact of no gsd-core
// workflow that a later host consumes is still the earliest's.
func TestPresumedFromTheReferenceMaker(t *testing.T) {
	intel := func(a string) sampleEdit {
		return sampleEdit{"intel", `"consumes": [], "onError"`, `"consumes": ["` + a + `"], "onError"`}
	}
	tests := []struct {
		name string
		gone []string
		wf   [][3]string
		edit sampleEdit
		sev  Severity // of the one finding; "" with want "" for none
		want string
	}{
		{"without discuss and execute", []string{"discuss-phase.md", "execute-phase.md"}, nil, intel("SUMMARY.md"), Warning,
			`consumes "SUMMARY.md" which is only produced after this point (earliest available at "execute:post"); a warning while the discuss step has no host workflow (point-uncovered), but declaring discuss will not meet this consume: "SUMMARY.md" is the execute step's`},
		{"without execute", []string{"execute-phase.md"}, nil, intel("SUMMARY.md"), Error,
			`consumes "SUMMARY.md" which is only produced after this point (earliest available at "execute:post")`},
		{"of no gsd-core workflow, without discuss and execute", []string{"discuss-phase.md", "execute-phase.md"},
			[][3]string{{"verify-work.md", "consumes: SUMMARY.md", "consumes: SUMMARY.md, NOTES.md"}}, intel("NOTES.md"), "", ""},
		{"gsd-core's execute's consumed by plan, without discuss and execute", []string{"discuss-phase.md", "execute-phase.md"},
			[][3]string{{"plan-phase.md", "consumes: CONTEXT.md", "consumes: CONTEXT.md, SUMMARY.md"}}, intel("SUMMARY.md"), "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ruleFindings(Validate(gate8Repo(t, tt.gone, tt.wf, tt.edit)).Diagnostics, "consumes-unsatisfied")
			if tt.want == "" {
				if len(got) != 0 {
					t.Fatalf("got %v, want no consumes-unsatisfied", got)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("%d consumes-unsatisfied, want 1: %v", len(got), got)
			}
			d := got[0]
			if d.Severity != tt.sev || d.File != "capabilities/intel/capability.json" || d.Pointer != "/steps/0/consumes/0" || !strings.Contains(d.Message, tt.want) {
				t.Errorf("got %s\nwant %s at capabilities/intel/capability.json (/steps/0/consumes/0) holding %s", d, tt.sev, tt.want)
			}
		})
	}
}
