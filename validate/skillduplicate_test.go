package validate

import (
	"fmt"
	"testing"
)

// TestSkillDuplicate: a skill a feature lists twice, which gsd-core and
// capreg accepted in silence (one capability's second claim is no owner
// conflict) though capabilityClusters then lists it twice, is a warning at
// each entry after its first, naming where that one is. Entries that are
// no string keep their index (the schema reports them), and agents are
// not skills.
func TestSkillDuplicate(t *testing.T) {
	at := func(i, col int) string {
		return fmt.Sprintf("capabilities/aa/capability.json:4:%d (/skills/%d)", col, i)
	}
	type want struct {
		ptr string
		col int // on line 4
		msg string
	}
	tests := []struct {
		name           string
		skills, agents string
		want           []want
	}{
		{"none repeated", `["ui-phase", "ui-review"]`, `[]`, nil},
		{"one repeated", `["ui-phase", "ui-review", "ui-phase"]`, `[]`, []want{
			{"/skills/2", 39, `skill "ui-phase" is already listed in skills, at ` + at(0, 14) + `: the registry's capabilityClusters would list it twice; remove this entry`}}},
		{"one thrice", `["ui-phase", "ui-phase", "ui-phase"]`, `[]`, []want{
			{"/skills/1", 26, `skill "ui-phase" is already listed in skills, at ` + at(0, 14)},
			{"/skills/2", 38, `skill "ui-phase" is already listed in skills, at ` + at(0, 14)}}},
		{"after an entry that is no string", `[5, "ui-phase", "ui-phase"]`, `[]`, []want{
			{"/skills/2", 29, `skill "ui-phase" is already listed in skills, at ` + at(1, 17)}}},
		{"differing in case", `["ui-phase", "UI-phase"]`, `[]`, nil},
		{"an agent repeated", `[]`, `["gsd-ui", "gsd-ui"]`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := newcomerFindings(t, "skill-duplicate", newcomerCap("aa", tt.skills, tt.agents, `{}`))
			if len(got) != len(tt.want) {
				t.Fatalf("%d findings, want %d: %v", len(got), len(tt.want), got)
			}
			for i, w := range tt.want {
				d := got[i]
				if d.File != "capabilities/aa/capability.json" || d.Pointer != w.ptr || d.Line != 4 || d.Column != w.col || d.Severity != Warning || len(d.Message) < len(w.msg) || d.Message[:len(w.msg)] != w.msg {
					t.Errorf("got %s:%d:%d %s (%s): %s\nwant :4:%d warning (%s): %s…", d.File, d.Line, d.Column, d.Severity, d.Pointer, d.Message, w.col, w.ptr, w.msg)
				}
			}
		})
	}
}
