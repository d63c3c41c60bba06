package store_test

import "testing"

// TestOverlayStrayLeftoverLinkedTwice: two editor's copies that are one
// file, in folders without a declaration, are one stray to an overlay as
// to a scan: the second name, which the scan leaves out, is no copy
// beside a declaration that a change would make a stray.
func TestOverlayStrayLeftoverLinkedTwice(t *testing.T) {
	for _, tt := range []overlayCase{
		{name: "another change", files: map[string]string{"bin/newtool.card.json": overlayCard("newtool")}},
		{name: "a declaration deleted", deleted: []string{"capabilities/claude/capability.json"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tt.setup = func(t *testing.T, repo string) {
				overlayWrite(map[string]string{
					"capabilities/gamma/capability.json~": `{"id": "x"}`,
					"capabilities/delta/notes.md":         "notes",
				})(t, repo)
				overlayLink("../gamma/capability.json~", "capabilities/delta/capability.json.bak")(t, repo)
			}
			overlayWantCheck(t, tt)
		})
	}
}

// TestOverlayLeftoverBesideANestedStray: a folder whose declaration a
// change deletes, holding an editor's copy of it and a declaration nested
// deeper, is warned of at the first of them in path order, as a scan
// does, whichever the served scan listed as a stray before.
func TestOverlayLeftoverBesideANestedStray(t *testing.T) {
	overlayWantCheck(t, overlayCase{
		setup: overlayWrite(map[string]string{
			"capabilities/claude/capability.json~":    `{"id": "x"}`,
			"capabilities/claude/sub/capability.json": `{"id": "y"}`,
		}),
		deleted: []string{"capabilities/claude/capability.json"},
	})
}

// TestOverlayStrayLeftoverLinkedFromAnEmptyFolder: so too where the second
// name is all its folder holds.
func TestOverlayStrayLeftoverLinkedFromAnEmptyFolder(t *testing.T) {
	overlayWantCheck(t, overlayCase{
		setup: func(t *testing.T, repo string) {
			overlayWrite(map[string]string{"capabilities/gamma/capability.json~": `{"id": "x"}`})(t, repo)
			overlayLink("../gamma/capability.json~", "capabilities/delta/capability.json.bak")(t, repo)
		},
		files: map[string]string{"bin/newtool.card.json": overlayCard("newtool")},
	})
}
