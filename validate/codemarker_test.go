package validate

import (
	"strings"
	"testing"
)

// TestUncoveredStepNamesItsMarkerInCode: a step whose only marker is in
// code, which is not read (a workflow pasted into a fence, a marker
// quoted in backticks), is point-uncovered with where that marker is and
// what to do, as one indented at the margin is; an opener quoted in prose
// before a comment elsewhere is no marker (its "-->" is in no code of its
// own), and the finding then says where workflows are read.
func TestUncoveredStepNamesItsMarkerInCode(t *testing.T) {
	const block = "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre, plan:post\nagent-roles: researcher, planner, checker\nproduces: PLAN.md\nconsumes: CONTEXT.md\n-->"
	const tags = `<loop-point id="plan:pre, plan:post"/> <agent-role name="researcher"/> <agent-role name="planner"/> <agent-role name="checker"/>`
	for _, tt := range []struct{ name, workflow, want string }{
		{"a block in a fence", "# Plan\n\n```markdown\n" + block + "\n```\n", "workflows/plan-phase.md:4 holds a loop-host marker for it in code (a fenced code block or backticks), which is not read as a marker: take it out of the code"},
		{"tags in a fence", "# Plan\n\n~~~\n" + tags + "\n~~~\n", "workflows/plan-phase.md:4 holds a loop-host marker for it in code"},
		{"a block indented", "# Plan\n\n" + "    " + strings.ReplaceAll(block, "\n", "\n    ") + "\n", "workflows/plan-phase.md:3 holds a loop-host marker for it as indented code"},
		{"an opener in backticks, a comment after", "# Plan\n\nFind `<!-- gsd:loop-host` blocks.\n\nstep: plan\n\n<!-- note -->\n", "give the workflow that runs it a loop-host marker"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := sampleRepo(t)
			for i := range src.Workflows {
				if src.Workflows[i].Path == "workflows/plan-phase.md" {
					src.Workflows[i].Data = []byte(tt.workflow + "\n```bash\ngsd_run loop render-hooks plan:pre\n```\n")
				}
			}
			var got []string
			for _, d := range Validate(src).Diagnostics {
				if d.Rule == "point-uncovered" {
					got = append(got, d.Message)
				}
			}
			if len(got) != 1 || !strings.Contains(got[0], tt.want) {
				t.Errorf("point-uncovered %q, want one saying %q", got, tt.want)
			}
		})
	}
}

// TestUncoveredStepNamesTheWorkflowsMarkerInCode: where a document read
// first (docs/adr/…, as gsd-core's checkout holds ADR-894) quotes the
// step's marker in a fence too, point-uncovered names the one in the
// workflow that runs the step (it has the step's `loop render-hooks`
// call sites), the marker most likely meant, not the document's (it
// named the first file read, sending the author to the ADR).
func TestUncoveredStepNamesTheWorkflowsMarkerInCode(t *testing.T) {
	const block = "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre, plan:post\nagent-roles: researcher, planner, checker\nproduces: PLAN.md\nconsumes: CONTEXT.md\n-->"
	for _, docFirst := range []bool{true, false} {
		src := sampleRepo(t)
		for i := range src.Workflows {
			if src.Workflows[i].Path == "workflows/plan-phase.md" {
				src.Workflows[i].Data = []byte("# Plan\n\n```markdown\n" + block + "\n```\n\n```bash\ngsd_run loop render-hooks plan:pre\n```\n")
			}
		}
		doc := File{Path: "docs/adr/894.md", Data: []byte("# ADR\n\nThe form:\n\n```\n" + block + "\n```\n")}
		if docFirst {
			src.Workflows = append([]File{doc}, src.Workflows...)
		} else {
			src.Workflows = append(src.Workflows, doc)
		}
		var got []string
		for _, d := range Validate(src).Diagnostics {
			if d.Rule == "point-uncovered" {
				got = append(got, d.Message)
			}
		}
		const want = "workflows/plan-phase.md:4 holds a loop-host marker for it in code"
		if len(got) != 1 || !strings.Contains(got[0], want) {
			t.Errorf("document first %v: point-uncovered %q, want one saying %q", docFirst, got, want)
		}
	}
}

// TestUncoveredStepNamesItsCommentedOutTags: a workflow whose marker tags
// are all inside an HTML comment (commented out while editing) declares
// no step; point-uncovered says where they are and why they are not read,
// as for tags in code (it said only to give the workflow a marker).
func TestUncoveredStepNamesItsCommentedOutTags(t *testing.T) {
	const tags = `<loop-point id="plan:pre, plan:post"/> <agent-role name="researcher"/> <agent-role name="planner"/> <agent-role name="checker"/>`
	src := sampleRepo(t)
	for i := range src.Workflows {
		if src.Workflows[i].Path == "workflows/plan-phase.md" {
			src.Workflows[i].Data = []byte("# Plan\n\n<!--\n" + tags + "\n-->\n\n```bash\ngsd_run loop render-hooks plan:pre\n```\n")
		}
	}
	var got []string
	for _, d := range Validate(src).Diagnostics {
		if d.Rule == "point-uncovered" {
			got = append(got, d.Message)
		}
	}
	const want = "workflows/plan-phase.md:4 holds a loop-host marker for it in an HTML comment"
	if len(got) != 1 || !strings.Contains(got[0], want) {
		t.Errorf("point-uncovered %q, want one saying %q", got, want)
	}
}
