package validate

import (
	"slices"
	"strings"
	"testing"
)

// consumesFindings runs Validate on testdata/repo with edits and the
// named host workflows deleted, and returns its consumes-unsatisfied
// findings, failing on any other error but point-uncovered.
func consumesFindings(t *testing.T, gone []string, edits ...sampleEdit) []Diagnostic {
	t.Helper()
	src := sampleRepo(t, edits...)
	src.Workflows = slices.DeleteFunc(src.Workflows, func(w File) bool { return slices.Contains(gone, strings.TrimPrefix(w.Path, "workflows/")) })
	return consumesOnly(t, Validate(src).Diagnostics)
}

// consumesOnly returns the consumes-unsatisfied findings of diags,
// failing on any other error but point-uncovered.
func consumesOnly(t *testing.T, diags []Diagnostic) []Diagnostic {
	t.Helper()
	var got []Diagnostic
	for _, d := range diags {
		switch {
		case d.Rule == "consumes-unsatisfied":
			got = append(got, d)
		case d.Severity == Error && d.Rule != "point-uncovered":
			t.Errorf("unwanted %s", d)
		}
	}
	return got
}

// TestConsumedBeforeAPresumedArtifact: an artifact taken to be the host
// artifact of a step no host workflow declares (SUMMARY.md, gsd-core's
// execute's, with execute-phase.md deleted) is available from that
// step's last point on, and a consumer before it is told so (review
// cr70): it was told "SUMMARY.md" is never produced, "did you mean
// "SUMMARY.md"?", the did-you-mean knowing the presumed artifact while
// the availability did not.
func TestConsumedBeforeAPresumedArtifact(t *testing.T) {
	tests := []struct {
		name string
		gone []string
		sev  Severity
		want string
	}{
		{"without execute", []string{"execute-phase.md"}, Error,
			`capability "research" step at point "plan:pre" consumes "SUMMARY.md" which is only produced after this point (earliest available at "execute:post")`},
		{"with every step", nil, Error,
			`capability "research" step at point "plan:pre" consumes "SUMMARY.md" which is only produced after this point (earliest available at "execute:post")`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := consumesFindings(t, tt.gone, sampleEdit{"research", `"consumes": ["CONTEXT.md"]`, `"consumes": ["SUMMARY.md"]`})
			if len(got) != 1 {
				t.Fatalf("%d consumes-unsatisfied, want 1: %v", len(got), got)
			}
			d := got[0]
			if d.Severity != tt.sev || d.File != "capabilities/research/capability.json" || d.Pointer != "/steps/0/consumes/0" || d.Message != tt.want {
				t.Errorf("got %s\nwant %s at capabilities/research/capability.json (/steps/0/consumes/0): %s", d, tt.sev, tt.want)
			}
		})
	}
}

// TestSkillDuplicateNotOfNonStrings: entries of skills that are no
// string are the schema's, never a skill-duplicate, however many (review
// cr70: checkDuplicateSkills without its string check survived every
// test, two numbers being the same skill "" to it).
func TestSkillDuplicateNotOfNonStrings(t *testing.T) {
	for _, skills := range []string{`[5, 6]`, `[null, null, "ui-phase"]`, `[{}, [], 5, "ui-phase"]`} {
		if got := newcomerFindings(t, "skill-duplicate", newcomerCap("aa", skills, `[]`, `{}`)); len(got) != 0 {
			t.Errorf("skills %s: %v, want no skill-duplicate", skills, got)
		}
	}
}

// TestPresumedArtifactsReview pins presumedArtifacts (review cr70: each
// mutant survived every test): an artifact a declared host workflow
// produces is never presumed, but available from that host's point
// (UAT.md, verify's, consumed at plan:pre without discuss, is a warning
// that it comes only later); and one gsd-core's own workflow of a step no
// host workflow declares makes is that step's, though a host consumes it
// after an earlier such step (PLAN.md, gsd-core's plan's, which execute
// consumes and, without plan-phase.md, no host produces, is plan's, from
// plan:post, not discuss's, met at plan:pre, as it was taken to be before
// gate8: a warning that declaring discuss will not meet it; the earliest
// step is kept for an artifact of no gsd-core workflow, see
// TestPresumedFromTheReferenceMaker); and what gsd-core's own verify produces,
// UAT.md, is verify's without verify-work.md though no declared host
// consumes it (ship-phase.md gone too).
func TestPresumedArtifactsReview(t *testing.T) {
	research := func(a string) sampleEdit {
		return sampleEdit{"research", `"consumes": ["CONTEXT.md"]`, `"consumes": ["` + a + `"]`}
	}
	tests := []struct {
		name string
		gone []string
		edit sampleEdit
		want []string // the one finding's message holds each, a warning
	}{
		{"a host's artifact, without discuss", []string{"discuss-phase.md"}, research("UAT.md"), []string{
			`consumes "UAT.md" which is only produced after this point (earliest available at "verify:post"); a warning while the discuss step has no host workflow (point-uncovered)`}},
		{"presumed for two steps, without discuss and plan", []string{"discuss-phase.md", "plan-phase.md"}, research("PLAN.md"), []string{
			`consumes "PLAN.md" which is only produced after this point (earliest available at "plan:post"); a warning while the discuss step has no host workflow (point-uncovered), but declaring discuss will not meet this consume: "PLAN.md" is the plan step's`}},
		{"verify's own, without verify and ship", []string{"verify-work.md", "ship.md"},
			sampleEdit{"nyquist", `"consumes": ["SUMMARY.md"]`, `"consumes": ["UAT.md"]`}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := consumesFindings(t, tt.gone, tt.edit)
			if tt.want == nil {
				if len(got) != 0 {
					t.Fatalf("got %v, want no consumes-unsatisfied", got)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("%d consumes-unsatisfied, want 1: %v", len(got), got)
			}
			d := got[0]
			ok := d.Severity == Warning && d.File == "capabilities/"+tt.edit.id+"/capability.json" && d.Pointer == "/steps/0/consumes/0"
			for _, w := range tt.want {
				ok = ok && strings.Contains(d.Message, w)
			}
			if !ok {
				t.Errorf("got %s\nwant a warning at capabilities/%s/capability.json (/steps/0/consumes/0) holding %q", d, tt.edit.id, tt.want)
			}
		})
	}
}
