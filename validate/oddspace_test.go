package validate

import (
	"fmt"
	"strings"
	"testing"
)

// TestTagSpacedByNoBreakSpaceIsTold: a marker tag whose name is followed
// by a no-break space (pasted from a web page or a word processor) is
// read by neither HTML nor CommonMark, whose white space is ASCII: the
// tag was dropped in silence, a workflow of them declaring no step (its
// point-uncovered sent the author elsewhere) and one among read tags
// losing its role. It is a marker-syntax error at the tag, saying which
// character to retype; in code or a comment it is not looked at.
func TestTagSpacedByNoBreakSpaceIsTold(t *testing.T) {
	const tags = "<loop-point id=\"plan:pre\"/> <loop-point id=\"plan:post\"/>\n<agent-role name=\"planner\"/>\n"
	for _, tt := range []struct{ name, src, want string }{
		{"every tag", strings.ReplaceAll(tags, "t id=", "t\u00a0id="), "1:1 1:29"},
		{"one role among read tags", tags + "<agent-role\u00a0name=\"checker\"/>\n", "3:1"},
		{"a narrow no-break space", tags + "<agent-role\u202fname=\"checker\"/>\n", "3:1"},
		{"an ideographic space", tags + "x <loop-artifact\u3000produces=\"PLAN.md\"/>\n", "3:3"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			mk, diags := ParseMarker("w/plan.md", []byte(tt.src))
			var at []string
			for _, d := range diags {
				if d.Rule != "marker-syntax" || !strings.Contains(d.Message, "U+") || !strings.Contains(d.Message, "plain space") {
					t.Errorf("finding %v, want a marker-syntax error naming the character", d)
				}
				at = append(at, fmt.Sprintf("%d:%d", d.Line, d.Column))
			}
			if mk != nil || strings.Join(at, " ") != tt.want {
				t.Errorf("marker %v, findings at %q; want none, and findings at %q", mk != nil, at, tt.want)
			}
		})
	}
	for _, src := range []string{
		tags + "```\n<agent-role\u00a0name=\"checker\"/>\n```\n",
		tags + "Not `<agent-role\u00a0name=\"checker\"/>`.\n",
		tags + "<!-- <agent-role\u00a0name=\"checker\"/> -->\n",
		tags + "Not \\<agent-role\u00a0name=\"checker\"/>.\n",
		tags + "A <agent-role>\u00a0planner</agent-role> prompt.\n",
		tags + "The <agent-role\u00a0element, and <loop-point\u00a0tags> too.\n",
	} {
		if mk, diags := ParseMarker("w/plan.md", []byte(src)); mk == nil || len(diags) != 0 {
			t.Errorf("%q: marker %v, findings %v; want the marker and none", src, mk != nil, diags)
		}
	}
}
