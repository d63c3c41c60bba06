package validate

import (
	"slices"
	"testing"
)

// TestOwnerNameBlank: a skill or agent written with a blank at its start
// or end, or of blanks only, is a warning at its entry saying what to
// write; a name without one, an empty one (the schema's) or an entry that
// is no string is not told.
func TestOwnerNameBlank(t *testing.T) {
	tests := []struct {
		name           string
		skills, agents string
		want           []string // pointer: message
	}{
		{"none", `["a"]`, `["gsd-a"]`, nil},
		{"agent, trailing space", `[]`, `["gsd-a", "gsd-b "]`, []string{
			`/agents/1: agent "gsd-b " has a blank at its start or end: gsd-core keeps it as written, so it names no agent file and the registry lists it apart from "gsd-b"; write "gsd-b"`}},
		{"skill, leading tab", `["\tplan"]`, `[]`, []string{
			`/skills/0: skill "\tplan" has a blank at its start or end: gsd-core keeps it as written, so it names no skill file and the registry lists it apart from "plan"; write "plan"`}},
		{"no-break space", `[]`, `["gsd-a\u00a0"]`, []string{
			`/agents/0: agent "gsd-a\u00a0" has a blank at its start or end: gsd-core keeps it as written, so it names no agent file and the registry lists it apart from "gsd-a"; write "gsd-a"`}},
		{"only blanks", `[" "]`, `[]`, []string{
			`/skills/0: skill " " is only blanks: gsd-core keeps it as a skill of that name; remove this entry`}},
		{"a blank inside", `["ui phase"]`, `[]`, nil},
		{"empty and no string: the schema's", `["", 1]`, `[]`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, d := range newcomerFindings(t, "owner-name-blank", newcomerCap("aa", tt.skills, tt.agents, `{}`)) {
				if d.Severity != Warning {
					t.Errorf("%s: not a warning", d)
				}
				got = append(got, d.Pointer+": "+d.Message)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}
