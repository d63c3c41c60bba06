package validate

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// orphanCard is a valid card at bin/<name>.card.json whose tool is
// missing, of the given command, with siblings listed beside it.
func orphanCard(name, command string, siblings ...string) CardSource {
	data := fmt.Sprintf(`{"id":"x","command":%q,"summary":"s","intent_phrases":["p"],"effects":"e","risk":"reversible","example":"t"}`, command)
	return CardSource{File: File{Path: "bin/" + name + ".card.json", Data: []byte(data)}, ToolPath: "bin/" + name, Siblings: siblings}
}

// orphanMessage is the card-orphan message of res's one card, or "".
func orphanMessage(t *testing.T, res *Result) string {
	t.Helper()
	for _, d := range res.Diagnostics {
		if d.Rule == "card-orphan" {
			if d.Severity != Warning {
				t.Errorf("card-orphan is %v, want a warning", d.Severity)
			}
			return d.Message
		}
	}
	return ""
}

// TestCardOrphanNamesTheToolMeant: a card whose tool is missing names the
// file beside it most likely meant, and asks for the card to be renamed
// after it: one a typo away (or otherwise cased), the same name composed
// otherwise (given as code points, as the two print alike), or the file
// its command names; none where nothing is near, or two are equally near.
// The rule and severity stay.
func TestCardOrphanNamesTheToolMeant(t *testing.T) {
	const base = `no tool %q beside this card (a file, or a link to one; a link to nothing or a folder is none); a card is a sibling of the tool it describes`
	for _, c := range []struct {
		name string
		card CardSource
		hint string // after base
	}{
		{"typo", orphanCard("lnad", "bin/lnad", "deck-sudo", "land", "od-worktree"),
			`; did you mean "bin/land"? If so, rename the card to "bin/land.card.json"`},
		{"typo of a long name, two edits", orphanCard("od-wroktre", "bin/od-wroktre", "od-worktree"),
			`; did you mean "bin/od-worktree"? If so, rename the card to "bin/od-worktree.card.json"`},
		{"otherwise cased", orphanCard("Land", "bin/Land", "land", "lane"),
			`; did you mean "bin/land"? If so, rename the card to "bin/land.card.json"`},
		{"NFC card, NFD tool", orphanCard("caf\u00e9", "bin/caf\u00e9", "cafe\u0301", "cafes"),
			`; did you mean "bin/cafe` + "\u0301" + `"? (as code points: "bin/caf\u00e9" here, "bin/cafe\u0301" there; names that look alike may differ in Unicode normalization) If so, rename the card to "bin/cafe\u0301.card.json"`},
		{"NFC card, NFD tool, a folder of the card's name", orphanCard("caf\u00e9", "bin/caf\u00e9", "caf\u00e9", "cafe\u0301"),
			`; did you mean "bin/cafe` + "\u0301" + `"? (as code points: "bin/caf\u00e9" here, "bin/cafe\u0301" there; names that look alike may differ in Unicode normalization) If so, rename the card to "bin/cafe\u0301.card.json"`},
		{"NFD card, NFC tool", orphanCard("cafe\u0301", "x", "caf\u00e9"),
			`; did you mean "bin/caf` + "\u00e9" + `"? (as code points: "bin/cafe\u0301" here, "bin/caf\u00e9" there; names that look alike may differ in Unicode normalization) If so, rename the card to "bin/caf\u00e9.card.json"`},
		{"command names a sibling", orphanCard("deploy", "bin/ship <env> [--dry-run]", "ship", "deplyo2"),
			`; did you mean "bin/ship", which its command names? If so, rename the card to "bin/ship.card.json"`},
		{"command names a sibling bare", orphanCard("deploy", "./ship", "ship"),
			`; did you mean "bin/ship", which its command names? If so, rename the card to "bin/ship.card.json"`},
		{"command before a typo", orphanCard("lnad", "bin/ship", "land", "ship"),
			`; did you mean "bin/ship", which its command names? If so, rename the card to "bin/ship.card.json"`},
		{"command names a file of another folder", orphanCard("deploy", "tools/ship", "ship"), ""},
		{"command names the missing tool", orphanCard("deploy", "bin/deploy", "ship"), ""},
		{"no candidate", orphanCard("lnad", "bin/lnad", "deck-sudo", "od-worktree"), ""},
		{"nothing listed", orphanCard("lnad", "bin/lnad"), ""},
		{"two equally near", orphanCard("lnd", "bin/lnd", "land", "lend"), ""},
		{"the nearer of two", orphanCard("lnad", "bin/lnad", "land", "lnadxy"), // lnadxy is two edits, over the limit
			`; did you mean "bin/land"? If so, rename the card to "bin/land.card.json"`},
		{"a card is no tool", orphanCard("lnad", "bin/lnad", "lnad.card.json"), ""},
		// The card named after the command, beside its script (new-user
		// review): no hint named it, three edits away.
		{"the script of the name", orphanCard("greet", "bin/greet <name>", "greet.sh", "greet.md", "greeting"),
			`; did you mean "bin/greet.sh"? If so, rename the card to "bin/greet.sh.card.json"`},
		{"two scripts of the name", orphanCard("greet", "bin/greet", "greet.sh", "greet.py"), ""},
		{"a script before a typo", orphanCard("lnad", "bin/lnad", "land", "lnad.sh"),
			`; did you mean "bin/lnad.sh"? If so, rename the card to "bin/lnad.sh.card.json"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := orphanMessage(t, Validate(&Sources{Cards: []CardSource{c.card}}))
			if want := fmt.Sprintf(base, c.card.ToolPath) + c.hint; got != want {
				t.Errorf("card-orphan says\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// TestCardOrphanNamesNoToolWhereOneIsThere: the other card-orphan
// findings (a tool leaving the repository, a card named .card.json)
// name no sibling, nor does a card whose tool is there.
func TestCardOrphanNamesNoToolWhereOneIsThere(t *testing.T) {
	leaves := orphanCard("lnad", "bin/lnad", "land")
	leaves.ToolLeaves = true
	there := orphanCard("lnad", "bin/lnad", "land")
	there.ToolExists = true
	dot := orphanCard("", "bin/land", "land")
	for _, c := range []struct {
		name string
		card CardSource
	}{{"leaves", leaves}, {"there", there}, {".card.json", dot}} {
		t.Run(c.name, func(t *testing.T) {
			if got := orphanMessage(t, Validate(&Sources{Cards: []CardSource{c.card}})); strings.Contains(got, "did you mean") {
				t.Errorf("card-orphan says %q", got)
			}
		})
	}
}

// TestSiblingList: a card whose tool is missing wants the names its
// card-orphan may pick (its command's file, the tool's name cased or
// composed otherwise, one edit away, two for names of ten bytes or
// more), never a card or the tool's own name; a card that needs none
// gets no list.
func TestSiblingList(t *testing.T) {
	l := NewSiblingList(ptr(orphanCard("lnad", "bin/ship <x>")))
	for _, c := range []struct {
		name string
		want bool
	}{
		{"land", true}, {"LNAD", true}, {"ship", true}, {"lnadx", true}, {"lnadxy", false}, {"lnadxyz", false},
		{"lnad", false}, {"land.card.json", false}, {"deck-sudo", false}, {"", false},
		{"lnad.sh", true}, {"lnad.py", true}, {"lnad.md", false}, {"lnad.card.json", false},
	} {
		if got := l.Wants(c.name); got != c.want {
			t.Errorf("Wants(%q) = %v, want %v", c.name, got, c.want)
		}
	}
	if l := NewSiblingList(ptr(orphanCard("caf\u00e9", "x"))); !l.Wants("cafe\u0301") {
		t.Errorf("Wants(NFD of the tool) = false")
	}
	there := orphanCard("lnad", "x")
	there.ToolExists = true
	leaves := orphanCard("lnad", "x")
	leaves.ToolLeaves = true
	unread := orphanCard("lnad", "x")
	unread.Err = ErrTooLarge
	for _, c := range []CardSource{there, leaves, unread, orphanCard("", "x")} {
		if NewSiblingList(&c) != nil {
			t.Errorf("%s: a sibling list", c.Path)
		}
	}
	if got := (*SiblingList)(nil).Names(); got != nil {
		t.Errorf("nil list: %q", got)
	}
}

func ptr[T any](v T) *T { return &v }

// TestSiblingListBounded: of 10,000 names, 8,836 of them wanted, added
// in any order, a list keeps the least MaxSiblings wanted, sorted, and
// never holds more than twice that.
func TestSiblingListBounded(t *testing.T) {
	const tool = "abcdefghij"
	var names, wanted []string
	for a := byte('!'); a <= '~'; a++ {
		for b := byte('!'); b <= '~'; b++ {
			names = append(names, tool[:8]+string([]byte{a, b})) // two edits at most
		}
	}
	wanted = slices.Clone(names)
	for i := len(names); i < 10000; i++ {
		names = append(names, fmt.Sprintf("asset-%05d.png", i))
	}
	slices.Sort(wanted)
	wanted = slices.DeleteFunc(wanted, func(n string) bool { return n == tool })[:MaxSiblings]
	for _, c := range []struct {
		name  string
		order func([]string)
	}{
		{"sorted", slices.Sort[[]string]},
		{"reversed", func(s []string) { slices.Sort(s); slices.Reverse(s) }},
		{"shuffled", func(s []string) {
			rand.New(rand.NewPCG(1, 2)).Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := slices.Clone(names)
			c.order(in)
			l := NewSiblingList(ptr(orphanCard(tool, "x")))
			most := 0
			for _, n := range in {
				l.Add(n)
				most = max(most, len(l.names))
			}
			if most > 2*MaxSiblings {
				t.Errorf("held %d names, over %d", most, 2*MaxSiblings)
			}
			if got := l.Names(); !slices.Equal(got, wanted) {
				t.Errorf("kept %d names %q…, want %d %q…", len(got), got[:min(3, len(got))], len(wanted), wanted[:3])
			}
		})
	}
}
