package validate

import (
	"strings"
	"testing"
)

// TestTagAttrOfTheOtherTagIsNamed: <loop-point name="plan:pre"/> and
// <agent-role id="planner"/> take the other tag's attribute; the finding
// says which to write, with the value (it was "needs a non-empty id").
func TestTagAttrOfTheOtherTagIsNamed(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{`<loop-point name="plan:pre"/><loop-point id="plan:post"/><agent-role name="planner"/>`, `did you mean id="plan:pre"?`},
		{`<loop-point id="plan:pre,plan:post"/><agent-role id="planner"/>`, `did you mean name="planner"?`},
	} {
		_, diags := ParseMarker("w/plan.md", []byte(tt.src+"\n"))
		if len(diags) != 1 || !strings.Contains(diags[0].Message, tt.want) {
			t.Errorf("%s: findings %v, want one saying %q", tt.src, diags, tt.want)
		}
	}
}
