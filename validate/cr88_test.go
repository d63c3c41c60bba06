package validate

import (
	"strings"
	"testing"
)

// TestMissingFieldSaysWhatToAdd: validate itself, not only capreg check,
// tells a missing required field with few choices what to write (addHint):
// an enum of two by its two values, one of more by "one of", a card's
// string field and a list that may not be empty by the card schema's
// description, a list that may be empty by "[] for none", several missing
// fields each. cmd/capreg's TestCheckSaysWhatToWriteForAMissingField ran
// the only rows; validate's tests let "one of" lose the tier's three
// values (cr88 mutant: len(enum.Items) > 3).
func TestMissingFieldSaysWhatToAdd(t *testing.T) {
	const card = `{"id": "land", "command": "land <branch>", "summary": "Lands a branch.", "intent_phrases": ["land my branch"], ` +
		`"replaces": ["git merge"], "effects": "Merges the branch.", "risk": "reversible", "example": "land feature-x"}`
	for _, tt := range []struct {
		name, cut string // cut: the text left out of the card
		want      string
	}{
		{"risk, an enum of two", `, "risk": "reversible"`, `missing required field 'risk'; add "risk": "reversible" or "destructive"`},
		{"effects, a string described", `, "effects": "Merges the branch."`,
			`missing required field 'effects'; add "effects": "...", what it does to the system: state changed, files written, processes started`},
		{"id, a string of its own described", `"id": "land", `,
			`missing required field 'id'; add "id": "...", a stable identifier, independent of the tool's path or name`},
		{"intent_phrases, a list of at least one", `, "intent_phrases": ["land my branch"]`,
			`missing required field 'intent_phrases'; add "intent_phrases": ["..."], natural phrasings of the need, as an agent would describe it, not category labels`},
		{"two fields, each told", `, "effects": "Merges the branch.", "risk": "reversible"`,
			`missing required fields 'effects', 'risk'; add "effects": "...", what it does to the system: state changed, files written, processes started; add "risk": "reversible" or "destructive"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(card, tt.cut) {
				t.Fatalf("the card holds no %s", tt.cut)
			}
			data := strings.Replace(card, tt.cut, "", 1)
			src := Sources{Cards: []CardSource{{File: File{Path: "bin/land.card.json", Data: []byte(data)}, ToolPath: "bin/land", ToolExists: true}}}
			var got []string
			for _, d := range Validate(&src).Diagnostics {
				if d.Rule == "schema" {
					got = append(got, d.Message)
				}
			}
			if len(got) != 1 || got[0] != tt.want {
				t.Errorf("schema findings %q, want [%q]", got, tt.want)
			}
		})
	}
	for _, tt := range []struct{ old, new, want string }{
		{`"tier": "core",`, ``, `missing required field 'tier'; add "tier": one of "core", "standard", "full"`},
		{`"requires": [],`, ``, `missing required field 'requires'; add "requires": [...] ([] for none)`},
	} {
		var got []string
		for _, d := range claudeWith(t, tt.old, tt.new) {
			if d.Rule == "schema" {
				got = append(got, d.Message)
			}
		}
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("claude without %s: schema findings %q, want [%q]", tt.old, got, tt.want)
		}
	}
}
