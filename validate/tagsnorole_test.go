package validate

import (
	"fmt"
	"slices"
	"testing"
)

// TestTagsWithoutRoleCheckTheirPoints: marker tags lacking an
// <agent-role> are told so, and their points are checked in the same run,
// as a gsd:loop-host block's are when its agent-roles is missing: a
// workflow of an unknown step, or a mistyped point, was told only of the
// role, then of the step once the role was added.
func TestTagsWithoutRoleCheckTheirPoints(t *testing.T) {
	const file = "workflows/train.md"
	const noRole = "marker-syntax 2:1"
	tests := []struct {
		name, doc string
		want      []string // rule line:column of each finding in file
	}{
		{"unknown step", "# Train\n<loop-point id=\"train:pre\"/>\n", []string{noRole, "marker-unknown-step 2:17"}},
		{"mistyped point", "# Train\n<loop-point id=\"execute:pre,execute:pst\"/>\n", []string{noRole, "point-unknown 2:29"}},
		{"points of two steps", "# Train\n<loop-point id=\"plan:pre\"/> <loop-point id=\"ship:pre\"/>\n", []string{noRole, "marker-multiple 2:45"}},
		{"known points", "# Train\n<loop-point id=\"plan:pre\"/>\n", []string{noRole}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := sampleRepo(t)
			src.Workflows = append(src.Workflows, File{Path: file, Data: []byte(tt.doc)})
			var got []string
			for _, d := range Validate(src).Diagnostics {
				if d.File == file {
					got = append(got, fmt.Sprintf("%s %d:%d", d.Rule, d.Line, d.Column))
				}
			}
			slices.Sort(got)
			want := slices.Sorted(slices.Values(tt.want))
			if !slices.Equal(got, want) {
				t.Errorf("findings in %s: %q, want %q", file, got, want)
			}
		})
	}
}
