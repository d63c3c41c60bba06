package validate

import (
	"slices"
	"testing"
)

// TestBackslashEscapedTagIsText: "\<agent-role name="orchestrator"/>" is
// text, as CommonMark reads a backslash before "<" (the way prose shows a
// tag without backticks), and no marker: it was read as a role of the
// step (a role-family error at prose), or as a point declared twice. In
// an HTML block a backslash escapes nothing, and the tag after it is read.
func TestBackslashEscapedTagIsText(t *testing.T) {
	const tags = "<loop-point id=\"plan:pre\"/><loop-point id=\"plan:post\"/>\n<agent-role name=\"planner\"/>\n"
	for _, tt := range []struct {
		name, src string
		roles     []string
		points    int
	}{
		{"escaped role in prose", tags + "\nNot for this step: \\<agent-role name=\"orchestrator\"/>.\n", []string{"planner"}, 2},
		{"escaped point in prose", "Write \\<loop-point id=\"plan:pre\"/> tags.\n\n" + tags, []string{"planner"}, 2},
		{"escaped at a line's start", tags + "\n\\<agent-role name=\"checker\"/>\n", []string{"planner"}, 2},
		{"two backslashes escape each other", tags + "\nA \\\\<agent-role name=\"checker\"/>\n", []string{"planner", "checker"}, 2},
		{"in an HTML block a backslash is raw", tags + "\n<div>\n\\<agent-role name=\"checker\"/>\n</div>\n", []string{"planner", "checker"}, 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			mk, diags := ParseMarker("w/plan.md", []byte(tt.src))
			if mk == nil || diags.HasErrors() {
				t.Fatalf("no marker, findings %v", diags)
			}
			if got := Values(mk.Roles); !slices.Equal(got, tt.roles) || len(mk.Points) != tt.points {
				t.Errorf("roles %q, %d points; want %q, %d", got, len(mk.Points), tt.roles, tt.points)
			}
		})
	}
}

// TestBackslashTagInOpenFenceIsCode: in code a backslash is literal, so a
// tag after one in a fence left open is still the marker it hides.
func TestBackslashTagInOpenFenceIsCode(t *testing.T) {
	_, diags := ParseMarker("w/plan.md", []byte("# Plan\n\n```\n\\<loop-point id=\"plan:pre\"/>\n"))
	if len(diags) != 1 || diags[0].Rule != "marker-in-open-fence" {
		t.Errorf("findings %v, want one marker-in-open-fence", diags)
	}
}
