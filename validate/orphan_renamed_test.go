package validate

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestCardOrphanNamesTheToolRenamed: a card whose tool is missing, with
// no name near it beside it, names the file that is probably the tool
// renamed, from the loose files the scan listed (Loose: named as a tool
// may be, and no card's): the one there is, when the card is the only
// orphan of its folder, or the one named like the tool; none for two
// alike, or where a near name or the command already says.
func TestCardOrphanNamesTheToolRenamed(t *testing.T) {
	const base = `no tool %q beside this card (a file, or a link to one; a link to nothing or a folder is none); a card is a sibling of the tool it describes`
	loose := func(c CardSource, names ...string) CardSource { c.Loose = names; return c }
	leaves := func(c CardSource) CardSource { c.ToolLeaves = true; return c }
	one := func(name string) string {
		return fmt.Sprintf(`; was the tool renamed? "bin/%s" is the one file beside the card with no card of its own: if it is the tool, rename the card to "bin/%s.card.json"`, name, name)
	}
	alike := func(name string) string {
		return fmt.Sprintf(`; was the tool renamed? of the files beside the card with no card of their own, "bin/%s" is the one named like it: if it is the tool, rename the card to "bin/%s.card.json"`, name, name)
	}
	for _, c := range []struct {
		name  string
		cards []CardSource // the first is the one asked about
		hint  string
	}{
		{"the one loose file", []CardSource{loose(orphanCard("ft", "bin/ft"), "run-checks")}, one("run-checks")},
		{"the one named like it, its letters in order", []CardSource{loose(orphanCard("ft", "bin/ft"), "deploy", "fast-test")}, alike("fast-test")},
		{"the one named like it, a word shared", []CardSource{loose(orphanCard("deploy.sh", "bin/deploy.sh"), "deploy-staging", "lint")}, alike("deploy-staging")},
		{"two named like it", []CardSource{loose(orphanCard("ft", "bin/ft"), "fast-test", "fix-tabs")}, ""},
		{"none named like it", []CardSource{loose(orphanCard("ft", "bin/ft"), "deploy", "lint")}, ""},
		{"a word shared, after _ and -", []CardSource{loose(orphanCard("run_checks", "bin/run_checks"), "run-lint", "deploy")}, alike("run-lint")},
		{"a one-letter word shared is no likeness", []CardSource{loose(orphanCard("x-run", "bin/x-run"), "x-test", "lint")}, ""},
		// Two orphans of the folder: the one loose file may be either's.
		{"the one loose file, two orphans", []CardSource{loose(orphanCard("ft", "bin/ft"), "run-checks"), loose(orphanCard("lint", "bin/lint"), "run-checks")}, ""},
		{"the one loose file, beside a card whose tool leaves the repository", []CardSource{loose(orphanCard("ft", "bin/ft"), "run-checks"), leaves(orphanCard("out", "bin/out"))}, one("run-checks")},
		{"the one named like it, two orphans", []CardSource{loose(orphanCard("ft", "bin/ft"), "fast-test"), loose(orphanCard("lint", "bin/lint"), "fast-test")}, one("fast-test")},
		// A near name, or the file the command names, is said first.
		{"a near name first", []CardSource{loose(orphanCard("lnad", "bin/lnad", "land"), "landing")},
			`; did you mean "bin/land"? If so, rename the card to "bin/land.card.json"`},
		{"the command's file first", []CardSource{loose(orphanCard("ft", "bin/ship", "ship"), "run-checks")},
			`; did you mean "bin/ship", which its command names? If so, rename the card to "bin/ship.card.json"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := Validate(&Sources{Cards: c.cards})
			want := fmt.Sprintf(base, c.cards[0].ToolPath) + c.hint
			for _, d := range res.Diagnostics {
				if d.Rule == "card-orphan" && d.File == c.cards[0].Path {
					if d.Message != want {
						t.Errorf("card-orphan says\n%s\nwant\n%s", d.Message, want)
					}
					return
				}
			}
			t.Errorf("no card-orphan of %s: %v", c.cards[0].Path, res.Diagnostics)
		})
	}
}

// TestSiblingListLoose: a file beside an orphan card that no near-name
// rule takes is loose when named as a tool may be, and the list keeps at
// most MaxLoose of them, none past it.
func TestSiblingListLoose(t *testing.T) {
	l := NewSiblingList(ptr(orphanCard("ft", "bin/ft")))
	for name, want := range map[string]bool{
		"fast-test": true, "run.sh": true, "Deploy.PY": true, "x.ps1": true,
		"ft": false, "fft": false, "ft.sh": false, // the tool's name, a near one, its script: Wants'
		"ft.card.json": false, "other.card.json": false, ".hidden": false, "notes.md": false, "data.json": false,
		"README": false, "Makefile": false, "backup~": false,
		"readme": false, "makefile": false, "Dockerfile": false, "dockerfile": false, // documents and build files, in any case
	} {
		if got := l.WantsLoose(name); got != want {
			t.Errorf("WantsLoose(%q) = %v, want %v", name, got, want)
		}
	}
	for i := range MaxLoose {
		l.AddLoose(fmt.Sprintf("t%d", MaxLoose-i))
	}
	l.AddLoose("t1") // again
	if got := l.LooseNames(); len(got) != MaxLoose || !slices.IsSorted(got) {
		t.Errorf("LooseNames() = %q, want %d sorted", got, MaxLoose)
	}
	l.AddLoose("t0")
	if got := l.LooseNames(); got != nil {
		t.Errorf("past MaxLoose, LooseNames() = %q, want none", got)
	}
	if l.WantsLoose("fast-test") {
		t.Error("past MaxLoose, a name is still wanted (and stat'ed)")
	}
}

// TestSiblingListFurtherOffIsLoose: a file two edits from a short tool's
// name, which toolHint does not name as a slip of it (bin/greeter for
// bin/greet), is a loose file, which card-orphan may name as the tool
// renamed; it was wanted as a near name, so left out of the loose files,
// and the card named nothing. Two edits from a long name is still a near
// name, which toolHint names.
func TestSiblingListFurtherOffIsLoose(t *testing.T) {
	l := NewSiblingList(ptr(orphanCard("greet", "bin/greet")))
	if l.Wants("greeter") || !l.WantsLoose("greeter") {
		t.Errorf("greeter beside bin/greet.card.json: Wants %v, WantsLoose %v; want a loose file", l.Wants("greeter"), l.WantsLoose("greeter"))
	}
	if !l.Wants("greeq") || l.WantsLoose("greeq") {
		t.Errorf("greeq beside bin/greet.card.json: Wants %v, WantsLoose %v; want a near name", l.Wants("greeq"), l.WantsLoose("greeq"))
	}
	long := NewSiblingList(ptr(orphanCard("deploy-prod", "bin/deploy-prod")))
	if !long.Wants("deploy-prud2") || long.WantsLoose("deploy-prud2") {
		t.Errorf("deploy-prud2 beside bin/deploy-prod.card.json: Wants %v, WantsLoose %v; want a near name", long.Wants("deploy-prud2"), long.WantsLoose("deploy-prud2"))
	}
	// Through Validate: the one loose file is named as the tool renamed.
	card := orphanCard("greet", "bin/greet")
	card.Loose = []string{"greeter"}
	want := `; was the tool renamed? "bin/greeter" is the one file beside the card with no card of its own: if it is the tool, rename the card to "bin/greeter.card.json"`
	if got := orphanMessage(t, Validate(&Sources{Cards: []CardSource{card}})); !strings.HasSuffix(got, want) {
		t.Errorf("card-orphan says\n%s\nwant it to end\n%s", got, want)
	}
}
