package store_test

import (
	"strings"
	"testing"
)

// TestOverlayCardOrphanNamesTheToolMeant: a change validated over the
// served snapshot (POST /validate) names the tool an orphan card meant as
// a check of the changed repository does: the files beside the card are
// listed again from the served tree and the change where the change
// writes the card or a file beside it, and kept otherwise.
func TestOverlayCardOrphanNamesTheToolMeant(t *testing.T) {
	typoCard := overlayWrite(map[string]string{"bin/lnad.card.json": orphanCardJSON("lnad", "lnad")})
	const landHint = `; did you mean "bin/land"? If so, rename the card to "bin/land.card.json"`
	for _, c := range []struct {
		overlayCase
		card string // the orphan card
		hint string // what its card-orphan ends with; "" for no did-you-mean
	}{
		{overlayCase: overlayCase{name: "a new card of a typo", files: map[string]string{"bin/lnad.card.json": orphanCardJSON("lnad", "lnad")}},
			card: "bin/lnad.card.json", hint: landHint},
		{overlayCase: overlayCase{name: "the change leaves the served hint", setup: typoCard, files: map[string]string{"docs/x.md": "x"}},
			card: "bin/lnad.card.json", hint: landHint},
		{overlayCase: overlayCase{name: "the tool meant is deleted", setup: typoCard, deleted: []string{"bin/land"}},
			card: "bin/lnad.card.json"},
		{overlayCase: overlayCase{name: "a second near name is written", setup: typoCard, files: map[string]string{"bin/lnd": "#!/bin/sh\n"}},
			card: "bin/lnad.card.json"},
		{overlayCase: overlayCase{name: "the tool meant is renamed to the card's", setup: typoCard,
			files: map[string]string{"bin/lnda": "#!/bin/sh\n"}, deleted: []string{"bin/land"}},
			card: "bin/lnad.card.json", hint: `; did you mean "bin/lnda"? If so, rename the card to "bin/lnda.card.json"`},
		{overlayCase: overlayCase{name: "the card's command is changed", setup: typoCard,
			files: map[string]string{"bin/lnad.card.json": orphanCardJSON("lnad", "bin/ft")}},
			card: "bin/lnad.card.json", hint: `; did you mean "bin/ft", which its command names? If so, rename the card to "bin/ft.card.json"`},
		{overlayCase: overlayCase{name: "a card's tool is deleted", deleted: []string{"bin/ft"}},
			card: "bin/ft.card.json"},
		{overlayCase: overlayCase{name: "a card's tool is deleted, a near one written", deleted: []string{"bin/ft"}, files: map[string]string{"bin/fft": "#!/bin/sh\n"}},
			card: "bin/ft.card.json", hint: `; did you mean "bin/fft"? If so, rename the card to "bin/fft.card.json"`},
		// The served tree does not list a capability folder's files: the
		// names the served scan listed beside the card are kept.
		{overlayCase: overlayCase{name: "a file written beside an orphan card in a capability folder",
			setup: overlayWrite(map[string]string{"capabilities/security/loop/lnad.card.json": orphanCardJSON("lnad", "lnad"), "capabilities/security/loop/land": "#!/bin/sh\n"}),
			files: map[string]string{"capabilities/security/loop/notes.md": "Notes.\n"}},
			card: "capabilities/security/loop/lnad.card.json", hint: `; did you mean "capabilities/security/loop/land"? If so, rename the card to "capabilities/security/loop/land.card.json"`},
		// A tool renamed, its card left with the old name: the one file
		// beside it with no card of its own (card-orphan's renamedHint).
		{overlayCase: overlayCase{name: "a card's tool is renamed", deleted: []string{"bin/ft"}, files: map[string]string{"bin/fast-test": "#!/bin/sh\n"}},
			card: "bin/ft.card.json", hint: `; was the tool renamed? "bin/fast-test" is the one file beside the card with no card of its own: if it is the tool, rename the card to "bin/fast-test.card.json"`},
		{overlayCase: overlayCase{name: "a card's tool is renamed, and given a card", deleted: []string{"bin/ft"},
			files: map[string]string{"bin/fast-test": "#!/bin/sh\n", "bin/fast-test.card.json": orphanCardJSON("fast-test", "bin/fast-test")}},
			card: "bin/ft.card.json"},
		{overlayCase: overlayCase{name: "a renamed tool beside an orphan card in a capability folder is kept",
			setup: overlayWrite(map[string]string{"capabilities/security/loop/ship.card.json": orphanCardJSON("ship", "ship"), "capabilities/security/loop/ship-it": "#!/bin/sh\n"}),
			files: map[string]string{"capabilities/security/loop/notes.md": "Notes.\n"}},
			card: "capabilities/security/loop/ship.card.json", hint: `; was the tool renamed? "capabilities/security/loop/ship-it" is the one file beside the card with no card of its own: if it is the tool, rename the card to "capabilities/security/loop/ship-it.card.json"`},
		{overlayCase: overlayCase{name: "a renamed tool is deleted",
			setup:   overlayWrite(map[string]string{"bin/ship.card.json": orphanCardJSON("ship", "ship"), "bin/ship-it": "#!/bin/sh\n"}),
			deleted: []string{"bin/ship-it"}},
			card: "bin/ship.card.json"},
		{overlayCase: overlayCase{name: "a card made a file of the tool meant", setup: typoCard,
			files: map[string]string{"bin/land.card.json": orphanCardJSON("lnad", "lnad")}, deleted: []string{"bin/lnad.card.json"}},
			card: "bin/land.card.json", hint: "-"}, // no orphan
	} {
		t.Run(c.name, func(t *testing.T) {
			var msg string
			found := false
			for _, d := range overlayWantCheck(t, c.overlayCase) {
				if d.Rule == "card-orphan" && d.File == c.card {
					msg, found = d.Message, true
				}
			}
			switch {
			case c.hint == "-":
				if found {
					t.Errorf("card-orphan %q, want none", msg)
				}
			case !found:
				t.Errorf("no card-orphan at %s", c.card)
			case c.hint == "" && (strings.Contains(msg, "did you mean") || strings.Contains(msg, "renamed")):
				t.Errorf("card-orphan %q, want no did-you-mean", msg)
			case !strings.HasSuffix(msg, c.hint):
				t.Errorf("card-orphan %q, want it to end %q", msg, c.hint)
			}
		})
	}
}
