package validate

import (
	"fmt"
	"testing"
)

// TestCardOrphanNearNameLimit: toolHint names a file one edit from the
// missing tool's name, or two where both names are of ten bytes or more
// (nearEdits): a file of nine bytes two edits off, one of nine beside a
// tool of eleven two off, and a long one three off are other tools, named
// by no hint.
func TestCardOrphanNearNameLimit(t *testing.T) {
	const base = `no tool %q beside this card (a file, or a link to one; a link to nothing or a folder is none); a card is a sibling of the tool it describes`
	for _, c := range []struct {
		name string
		card CardSource
		hint string // after base
	}{
		{"nine bytes, one edit", orphanCard("validator", "bin/validator", "validatr", "deck-sudo"),
			`; did you mean "bin/validatr"? If so, rename the card to "bin/validatr.card.json"`},
		{"nine bytes, two edits", orphanCard("validator", "bin/validator", "validated", "deck-sudo"), ""},
		{"nine bytes beside eleven, two edits", orphanCard("validator", "bin/validator", "validatorsx", "deck-sudo"), ""},
		{"ten bytes beside twelve, two edits", orphanCard("od-wroktre", "bin/od-wroktre", "od-wroktrexy", "deck-sudo"),
			`; did you mean "bin/od-wroktrexy"? If so, rename the card to "bin/od-wroktrexy.card.json"`},
		{"ten bytes, three edits", orphanCard("od-wroktre", "bin/od-wroktre", "od-worktrees", "deck-sudo"), ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := orphanMessage(t, Validate(&Sources{Cards: []CardSource{c.card}}))
			if want := fmt.Sprintf(base, c.card.ToolPath) + c.hint; got != want {
				t.Errorf("card-orphan says\n%s\nwant\n%s", got, want)
			}
		})
	}
}
