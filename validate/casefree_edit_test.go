package validate

import (
	"fmt"
	"strings"
	"testing"
)

// TestNearNamesCountEditsCaseAside: a name typed in another case and a
// letter off is offered the name meant, as the same name typed in lower
// case is: the edits are counted on both names case folded
// (casefold.Rune), where they were counted as typed and a capital was an
// edit, so "Securty" and "SECURTY" named nothing while "securty" named
// "security". The name is given as declared; a plural in another case is
// still no field, and is an id's or a closed object's near name; an id
// named by its first words is so in any case (MeantID).
func TestNearNamesCountEditsCaseAside(t *testing.T) {
	fields := []string{"security", "onError", "version", "contributions", "λογος"}
	for _, tt := range []struct{ key, want string }{
		{"securty", "security"},
		{"Securty", "security"},
		{"SECURTY", "security"},
		{"sECURITYY", "security"},
		{"ſecurty", "security"}, // the long s is an s
		{"ONEROR", "onError"},   // given as declared
		{"OnErorr", "onError"},
		{"CONTRIBTUIONS", "contributions"}, // two edits in a long key
		{"ΛΟΓΟ", "λογος"},
		{"Versions", ""}, // a plural may be a field of its own, in any case
		{"VERSIONS", ""},
		{"SECURTYY", ""}, // two edits in a short key
		{"ILIK", ""},
	} {
		if got := nearestField(tt.key, fields); got != tt.want {
			t.Errorf("nearestField(%q) = %q, want %q", tt.key, got, tt.want)
		}
	}
	checkNearestIDs(t, []nearestIDCase{
		{"Reserch", []string{"plan", "research"}, "research"},
		{"RESERCH", []string{"plan", "research"}, "research"},
		{"Kube.Log", []string{"kube.exec", "kube.logs"}, "kube.logs"}, // a singular in another case
		{"KUBE.LOGSS", []string{"kube.logs"}, "kube.logs"},
		{"POLICIES", []string{"policy"}, "policy"},
		{"Patch", []string{"patches"}, "patches"},
		{"Deploy-Servixe", []string{"Deploy-Service", "deploy-server"}, "Deploy-Service"},
		{"ılık", []string{"ILIK"}, ""}, // "ı" is no "i"
		// The same words in another order before a typo: every word is as
		// typed, and with case aside a separator replaced is one edit.
		{"logs.kube", []string{"kube.logs", "logs.kubex"}, "kube.logs"},
		{"LOGS.KUBE", []string{"kube.logs", "logs.kubex"}, "kube.logs"},
	})
	for _, tt := range []struct {
		p, w string
		want bool
	}{
		{"PATCHES", "patch", true},
		{"Policies", "POLICY", true},
		{"logſ", "log", true},
		{"Logs", "logs", false},
		{"LOGSS", "log", false},
		{"ΛΟΓΟΙ", "λογος", false},
		{"IES", "x", false}, // "ies" is the plural of a word ending in "y" only
		{"ies", "y", true},
		{"es", "y", false}, // too short to end in "ies"
		{"ES", "Y", false},
	} {
		if got := PluralOf(tt.p, tt.w); got != tt.want {
			t.Errorf("PluralOf(%q, %q) = %v, want %v", tt.p, tt.w, got, tt.want)
		}
	}
	for _, tt := range []struct {
		id   string
		ids  []string
		want string
	}{
		{"Fraud", []string{"fraud-screen", "ui"}, "fraud-screen"},
		{"UI-Design", []string{"fraud-screen", "ui"}, "ui"},
		{"WEB", []string{"web-api", "web-app"}, ""}, // several
	} {
		if got := MeantID(tt.id, tt.ids); got != tt.want {
			t.Errorf("MeantID(%q, %q) = %q, want %q", tt.id, tt.ids, got, tt.want)
		}
	}
}

// nearNameCase is a card's missing tool, a file beside the card, and
// whether the file is taken for the tool renamed.
type nearNameCase struct {
	tool, sibling string
	named         bool
}

// checkNearName checks, for each case, that card-orphan names the file
// as the tool meant (toolHint) and that SiblingList.Wants lists it for
// the card, or that neither does.
func checkNearName(t *testing.T, cases []nearNameCase) {
	t.Helper()
	for _, c := range cases {
		card := orphanCard(c.tool, "bin/"+c.tool, c.sibling, "deck-sudo")
		got := orphanMessage(t, Validate(&Sources{Cards: []CardSource{card}}))
		if named := strings.Contains(got, fmt.Sprintf("did you mean %q?", "bin/"+c.sibling)); named != c.named {
			t.Errorf("tool %q, file %q: card-orphan says %q; named: %v, want %v", c.tool, c.sibling, got, named, c.named)
		}
		if wants := NewSiblingList(&card).Wants(c.sibling); wants != c.named {
			t.Errorf("tool %q: Wants(%q) = %v, want %v", c.tool, c.sibling, wants, c.named)
		}
	}
}

// TestCardOrphanNearNameCaseAside: a card's tool renamed in another case
// and a letter off is named, as one in its own case is (toolHint), and so
// is listed for it (SiblingList.Wants), both counting edits case folded:
// as typed, "Validatr" was two edits from "validator" and named nothing.
func TestCardOrphanNearNameCaseAside(t *testing.T) {
	checkNearName(t, []nearNameCase{
		{"validator", "validatr", true},
		{"validator", "Validatr", true},
		{"validator", "VALIDATR", true},
		{"Deploy", "deplyo", true},
		{"od-wroktre", "OD-WROKTREXY", true}, // ten bytes: two edits
		{"λογος", "ΛΟΓΟΣX", true},
		{"validator", "VALIDATED", false}, // two edits, nine bytes
	})
}

// TestCardOrphanNearNameCountsLetters: a card's tool renamed a letter off
// is named (toolHint) and listed (SiblingList.Wants) when the letter is
// not ASCII, as when it is: nameEdits counted names not in ASCII in bytes,
// so "cafe" beside bin/café (an "e" for an "é" of two bytes), "grosse" or
// "日本ツール" (a letter of three bytes left out) were two or more edits
// off and named nothing. Letters are code points composed, and a name of
// ten letters, not bytes, may be two edits off: "ΛΟΓΟΣXY", two off the
// five letters of λογος (ten bytes), was named.
func TestCardOrphanNearNameCountsLetters(t *testing.T) {
	checkNearName(t, []nearNameCase{
		{"café", "cafe", true},
		{"café", "CAFE", true},
		{"cafe", "café", true},
		{"café", "cafè", true},
		{"cafe\u0301", "cafè", true}, // composed, "é" is one letter
		{"grösse", "grosse", true},
		{"日本語ツール", "日本ツール", true},
		{"日本語ツール", "日本語ツール😀", true},
		{"λογος", "ΛΟΓΟΣX", true},
		{"λογος", "ΛΟΓΟΣXY", false},         // five letters: one edit
		{"größe", "grösse", false},          // "ß" is no "ss"
		{"déploiement", "deploiment", true}, // eleven letters: two edits
		{"déploiement", "deploimnt", false},
		{"de\u0301ployxyz", "de\u0301ployxab", false}, // nine letters composed, ten as written: one edit
	})
	// Wants reads every name of the folder: names composed already are
	// not copied.
	if a := testing.AllocsPerRun(10, func() { nameEdits("Validatr", "validator", 1); nameEdits("CAFE", "café", 1) }); a != 0 {
		t.Errorf("nameEdits made %.0f allocations, want none", a)
	}
}

// TestNameEditsAlikeEitherWay: two files' names are as many edits apart
// whichever is given first, case aside, counted in letters, an ASCII name
// beside one that is not too (when nameEdits counted bytes, a mutant
// reading the pair on its ASCII path when only the first name was ASCII
// counted "greet" and "GRËET" one edit one way and two the other, and
// passed every test).
func TestNameEditsAlikeEitherWay(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"greet", "GRËET", 1}, {"greet", "grëet", 1}, {"Greetr", "greet", 1},
		{"δοκιμη", "ΔΟΚΙΜΗ", 0}, {"tool", "τool", 1},
	} {
		ab, ba := nameEdits(c.a, c.b, 3), nameEdits(c.b, c.a, 3)
		if ab != ba {
			t.Errorf("nameEdits(%q, %q) = %d, the other way %d", c.a, c.b, ab, ba)
		}
		if ab != c.want {
			t.Errorf("nameEdits(%q, %q) = %d, want %d", c.a, c.b, ab, c.want)
		}
	}
}

// TestCutFoldedPrefixNeedsTheWholePrefix: s starts with prefix case aside
// only if it holds every letter of it: a prefix longer than s is none,
// even one whose extra bytes are no letter ("\xff", which decodes as
// utf8.RuneError, as the end of a string does).
func TestCutFoldedPrefixNeedsTheWholePrefix(t *testing.T) {
	for _, tt := range []struct {
		s, prefix, rest string
		ok              bool
	}{
		{"Fraud-screen", "FRAUD", "-screen", true},
		{"fraud", "fraud", "", true},
		{"", "\xff", "", false},
		{"a", "A\xff", "", false},
		{"fr", "fraud", "", false},
	} {
		if rest, ok := cutFoldedPrefix(tt.s, tt.prefix); rest != tt.rest || ok != tt.ok {
			t.Errorf("cutFoldedPrefix(%q, %q) = %q, %v, want %q, %v", tt.s, tt.prefix, rest, ok, tt.rest, tt.ok)
		}
	}
	if equalFolded("", "\xff") || equalFolded("\xff", "") {
		t.Error(`equalFolded("", "\xff") or ("\xff", ""): true, want false`)
	}
}

// TestCardOrphanNearNameTellsBytesNotUTF8Apart: a file's name may hold
// bytes that are not UTF-8 (a name in Latin-1, "caf\xe9"), and nameEdits
// counts each such byte as a letter of its own, as it counted bytes
// before it counted letters: read as U+FFFD, as ranging over a string
// reads it, any two such bytes were one letter, and "caf\xfc" was one
// edit from "caf\xe9x", named and listed for it (toolHint, Wants), where
// it is two. Nor are two such names of as many letters the same name
// otherwise cased: strings.EqualFold, which toolHint and Wants asked
// first, reads such bytes so too, and took "r\xfcsum\xfc" for
// "r\xe9sum\xe9", two bytes off. The command names no file, so that the
// card is read as JSON.
func TestCardOrphanNearNameTellsBytesNotUTF8Apart(t *testing.T) {
	for _, c := range []nearNameCase{
		{"caf\xe9x", "caf\xfc", false},
		{"caf\xe9x", "caf\xef\xbf\xbd", false}, // U+FFFD itself is no such byte
		{"caf\xefx", "caf\xef\xbf\xbd", false}, // nor is it its first byte alone
		{"caf\xe9x", "caf\u00e9", false},       // nor the letter of its Latin-1 code
		{"\xe9t\xe9s", "\xe0t\xe0", false},
		{"r\xe9sum\xe9", "r\xfcsum\xfc", false}, // equal but for case, to strings.EqualFold
		{"\xe9\xe9\xe9\xe9", "\xfc\xfc\xfc\xfc", false},
		{"caf\xe9x", "caf\xe9", true},
		{"caf\xe9", "CAF\xe9S", true},
		{"caf\xe9", "caf\xe9\xe9", true},
	} {
		card := orphanCard(c.tool, "run-it", c.sibling, "deck-sudo")
		got := orphanMessage(t, Validate(&Sources{Cards: []CardSource{card}}))
		if named := strings.Contains(got, fmt.Sprintf("did you mean %q?", "bin/"+c.sibling)); named != c.named {
			t.Errorf("tool %q, file %q: card-orphan says %q; named: %v, want %v", c.tool, c.sibling, got, named, c.named)
		}
		if wants := NewSiblingList(&card).Wants(c.sibling); wants != c.named {
			t.Errorf("tool %q: Wants(%q) = %v, want %v", c.tool, c.sibling, wants, c.named)
		}
	}
	if d := nameEdits("\xe9\xe9\xe9\xe9", "\xfc\xfc\xfc\xfc", 4); d != 4 {
		t.Errorf("nameEdits of four bytes not UTF-8 and four others = %d, want 4", d)
	}
}
