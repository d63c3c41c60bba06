package render

import (
	"slices"
	"testing"

	"github.com/capreg/capreg/validate"
)

// TestNearMissCountsEditsCaseAside: a config key typed in another case
// and a letter off is taken for the declared key, given as declared, as
// the same key typed in its own case is: the one edit was looked for on
// the keys as typed, so "Beta.Deep.Flg" and "BEAT.DEEP.FLAG" named
// nothing. Same words typed in capitals in the declared order are the key
// in that order, not another key of those words ("ΤΕΛΟΣ.ΕΝΕΡΓΟ" is
// "τελος.ενεργο", not "ενεργο.τελος", first in sorted order).
func TestNearMissCountsEditsCaseAside(t *testing.T) {
	reg := memRegistry(t, memCap{id: "c", config: []validate.ConfigEntry{
		boolKey("beta.deep.flag", true), boolKey("Mode.Fast", true),
		boolKey("τελος.ενεργο", true), boolKey("ενεργο.τελος", true), boolKey("other.key", true),
		boolKey("τελος.ενεργο.ναι", true), boolKey("ναι.ενεργο.τελος", true), boolKey("İx.mode", true)}})
	checkMeant(t, buildIndex(reg).keyNeighbours(), []meantCase{
		{"beta.deep.flg", "beta.deep.flag"},
		{"Beta.Deep.Flg", "beta.deep.flag"},
		{"BEAT.DEEP.FLAG", "beta.deep.flag"},
		{"mode.fats", "Mode.Fast"}, // given as declared
		{"MODE.FAS", "Mode.Fast"},
		{"ΤΕΛΟΣ.ΕΝΕΡΓΟ", "τελος.ενεργο"},
		{"ΕΝΕΡΓΟ.ΤΕΛΟΣ", "ενεργο.τελος"},
		{"BETA.DEEP.FLAGXY", ""},
		// The same words in order, case aside, though two separators off
		// and "ναι.ενεργο.τελος" first in sorted order.
		{"ΤΕΛΟΣ_ΕΝΕΡΓΟ_ΝΑΙ", "τελος.ενεργο.ναι"},
		// "İx.mode" folded is "ix.mode" (eight bytes as declared, seven
		// folded), one edit from "ix.mod".
		{"ix.mod", "İx.mode"},
	})
}

// meantCase is a config key no capability declares and the declared key
// keyNeighbours.meant should name for it ("" for none).
type meantCase struct{ key, want string }

// checkMeant checks what n.meant names for each key, with budget to spare.
func checkMeant(t *testing.T, n *keyNeighbours, cases []meantCase) {
	t.Helper()
	for _, c := range cases {
		budget := 100
		if got, _ := n.meant(c.key, &budget); got != c.want {
			t.Errorf("meant(%q) = %q, want %q", c.key, got, c.want)
		}
	}
}

// TestNearMissCountsEditsInLetters: a config key a letter off a declared
// one is taken for it when the letter is not ASCII, as when it is: the
// edits were counted in bytes, so "cafe.mode" (an "e" for the declared
// "é", two bytes) and "grosse.limit" were two edits away and named
// nothing, and keys were grouped by their length in bytes, so a letter of
// three bytes left out was not looked for. Letters are code points, as
// validate's did-you-means count them: "größe" is still two from "grösse"
// ("ß" is no "ss").
func TestNearMissCountsEditsInLetters(t *testing.T) {
	reg := memRegistry(t, memCap{id: "c", config: []validate.ConfigEntry{
		boolKey("café.mode", true), boolKey("grösse.limit", true), boolKey("größe.max", true),
		boolKey("日本語.on", true), boolKey("emoji😀.on", true), boolKey("ascii.key", true)}})
	checkMeant(t, buildIndex(reg).keyNeighbours(), []meantCase{
		{"cafe.mode", "café.mode"},
		{"CAFE.MODE", "café.mode"},
		{"cafè.mode", "café.mode"},
		{"caf.mode", "café.mode"},
		{"cafée.mode", "café.mode"},
		{"grosse.limit", "grösse.limit"},
		{"GRÖSE.LIMIT", "grösse.limit"},
		{"grösse.max", ""},
		{"größe.mx", "größe.max"},
		{"日本.on", "日本語.on"},
		{"日語本.on", "日本語.on"},
		{"emoji.on", "emoji😀.on"},
		{"emoji😁.on", "emoji😀.on"},
		{"ascii.kye", "ascii.key"},
		{"cafe.mod", ""},
	})
}

// TestNearMissOfTheLongestKeyCountsLetters: a config path is looked up,
// and its near miss looked for, while it has at most one letter more than
// the longest declared key: it had to have at most one byte more, so
// "日本語本.on", a letter (three bytes) more than the longest key
// "日本語.on", "café.modeé" for "café.mode", and "KAFÉ.MODEX" for
// "kafé.mode", its "K" the Kelvin sign (three bytes, folded "k"), named
// nothing.
func TestNearMissOfTheLongestKeyCountsLetters(t *testing.T) {
	for _, c := range []struct{ declared, config, near string }{
		{"日本語.on", "日本語本.on", "日本語.on"},
		{"café.mode", "cafée.modes", ""},
		{"café.mode", "café.modeé", "café.mode"},
		{"kafé.mode", "\u212aAFÉ.MODEX", "kafé.mode"},
		{"ascii.key", "ascii.keys", "ascii.key"},
		{"ascii.key", "ascii.keyss", ""},
	} {
		reg := memRegistry(t, memCap{id: "c", config: []validate.ConfigEntry{boolKey(c.declared, true)}})
		var want []string
		if c.near != "" {
			want = []string{`config key "` + c.config + `" is declared by no capability, so nothing reads it; did you mean "` + c.near + `"?`}
		}
		if env := resolve(t, reg, "ship:post", `{"`+c.config+`":1}`, Enablement{}); !slices.Equal(env.Warnings, want) {
			t.Errorf("config key %q beside %q: warnings\n got  %q\n want %q", c.config, c.declared, env.Warnings, want)
		}
	}
}
