package validate

import (
	"fmt"
	"strings"
	"testing"
)

// TestAgentDuplicate: an agent a feature lists twice, which gsd-core and
// capreg accepted in silence (byAgent names it once; the manifest in the
// registry keeps both), is a warning at each entry after its first,
// naming where that one is, as a duplicate skill is. Entries that are no
// string keep their index (the schema reports them); skills are not
// agents; the same agent in two capabilities is an owner conflict, not
// this.
func TestAgentDuplicate(t *testing.T) {
	at := func(i, col int) string {
		return fmt.Sprintf("capabilities/aa/capability.json:5:%d (/agents/%d)", col, i)
	}
	type want struct {
		ptr string
		col int // on line 5
		msg string
	}
	const effect = `: byAgent names it once, but the registry's manifest of this capability keeps both; remove this entry`
	tests := []struct {
		name           string
		skills, agents string
		want           []want
	}{
		{"none repeated", `[]`, `["gsd-a", "gsd-b"]`, nil},
		{"one repeated", `[]`, `["gsd-a", "gsd-b", "gsd-a"]`, []want{
			{"/agents/2", 32, `agent "gsd-a" is already listed in agents, at ` + at(0, 14) + effect}}},
		{"one thrice", `[]`, `["gsd-a", "gsd-a", "gsd-a"]`, []want{
			{"/agents/1", 23, `agent "gsd-a" is already listed in agents, at ` + at(0, 14) + effect},
			{"/agents/2", 32, `agent "gsd-a" is already listed in agents, at ` + at(0, 14) + effect}}},
		{"after an entry that is no string", `[]`, `[5, "gsd-a", "gsd-a"]`, []want{
			{"/agents/2", 26, `agent "gsd-a" is already listed in agents, at ` + at(1, 17) + effect}}},
		{"differing in case", `[]`, `["gsd-a", "GSD-a"]`, nil},
		{"a skill repeated", `["ui", "ui"]`, `["gsd-a"]`, nil},
		{"the same name as a skill", `["gsd-a"]`, `["gsd-a"]`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := newcomerFindings(t, "agent-duplicate", newcomerCap("aa", tt.skills, tt.agents, `{}`))
			if len(got) != len(tt.want) {
				t.Fatalf("%d findings, want %d: %v", len(got), len(tt.want), got)
			}
			for i, w := range tt.want {
				d := got[i]
				if d.File != "capabilities/aa/capability.json" || d.Pointer != w.ptr || d.Line != 5 || d.Column != w.col || d.Severity != Warning || d.Message != w.msg {
					t.Errorf("got %s:%d:%d %s (%s): %s\nwant :5:%d warning (%s): %s", d.File, d.Line, d.Column, d.Severity, d.Pointer, d.Message, w.col, w.ptr, w.msg)
				}
			}
		})
	}
	t.Run("no owner conflict within one capability", func(t *testing.T) {
		if got := newcomerFindings(t, "agent-owner-conflict", newcomerCap("aa", `[]`, `["gsd-a", "gsd-a"]`, `{}`)); len(got) != 0 {
			t.Errorf("got %v, want no agent-owner-conflict", got)
		}
	})
	t.Run("two capabilities: an owner conflict, no duplicate", func(t *testing.T) {
		caps := []CapabilitySource{newcomerCap("aa", `[]`, `["gsd-a"]`, `{}`), newcomerCap("bb", `[]`, `["gsd-a"]`, `{}`)}
		if got := newcomerFindings(t, "agent-duplicate", caps...); len(got) != 0 {
			t.Errorf("got %v, want no agent-duplicate", got)
		}
		if got := newcomerFindings(t, "agent-owner-conflict", caps...); len(got) != 1 || !strings.Contains(got[0].Message, `"gsd-a"`) {
			t.Errorf("got %v, want one agent-owner-conflict", got)
		}
	})
}
