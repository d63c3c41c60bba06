package render

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/capreg/capreg/internal/unicodeform"
	"github.com/capreg/capreg/validate"
	"golang.org/x/text/unicode/norm"
)

// TestNearMissComposesKeys: a config key written decomposed ("e" and a
// combining acute accent, as macOS may save it) is the declared key
// written composed ("é"), and the other way round, as validate's
// did-you-means compare names: keyNeighbours compared keys as written, so
// "cafe\u0301.mode" was two letters off "café.mode" and named nothing,
// and its value was ignored in silence. Each rule composes: the same
// words in order, one edit away, the same words in another order.
func TestNearMissComposesKeys(t *testing.T) {
	reg := memRegistry(t, memCap{id: "c", config: []validate.ConfigEntry{
		boolKey("caf\u00e9.mode", true), boolKey("nai\u0308ve.on", true), boolKey("mode.gr\u00fcn", true),
		boolKey("\u1f82.x", true), boolKey("ascii.key", true)}})
	checkMeant(t, buildIndex(reg).keyNeighbours(), []meantCase{
		{"cafe\u0301.mode", "caf\u00e9.mode"},
		{"CAFE\u0301.MODE", "caf\u00e9.mode"},
		{"cafe\u0301_mode", "caf\u00e9.mode"},
		{"cafe\u0301.mod", "caf\u00e9.mode"},
		{"cafe\u0301.modes", "caf\u00e9.mode"},
		{"na\u00efve.on", "nai\u0308ve.on"}, // declared decomposed, written composed
		{"NA\u00cfVE.ON", "nai\u0308ve.on"},
		{"gru\u0308n.mode", "mode.gr\u00fcn"},
		{"\u03b1\u0313\u0300\u0345.x", "\u1f82.x"},  // one letter of four decomposed
		{"\u03b1\u0313\u0300.x", "\u1f82.x"},        // one letter off, composed
		{"cafe\u0301\u0301.mode", "caf\u00e9.mode"}, // one accent more
		{"cafe\u0301.mo", ""},
	})
}

// TestNearMissOfDecomposedKeyPastTheLongest: a config path is looked up,
// and its near miss looked for, while it has at most one letter more than
// the longest declared key composed: "re\u0301sume\u0301.mode", the
// declared "résumé.mode" decomposed, has two letters more as written and
// was not looked at; it is warned of, and, as it prints the same as the
// key meant, the warning says how each is written, the declared key
// composed and the config's decomposed, where "did you mean
// "résumé.mode"?" alone named what was written. Its value is still
// ignored: keys are read byte for byte, as in the reference. A key
// longer composed than written counts its composed letters as the
// longest.
func TestNearMissOfDecomposedKeyPastTheLongest(t *testing.T) {
	const (
		nfc    = "r\u00e9sum\u00e9.mode"
		nfd    = "re\u0301sume\u0301.mode"
		alike  = ` (the two print alike but are written in different Unicode forms: "re\u0301sume\u0301.mode" here, decomposed (NFD: a letter, then its accent, as macOS may save it), and the declared key "r\u00e9sum\u00e9.mode", composed (NFC); keys are read byte for byte, so write it as declared)`
		cased  = ` (besides case, the two are written in different Unicode forms: "RE\u0301SUME\u0301.MODE" here, decomposed (NFD: a letter, then its accent, as macOS may save it), and the declared key "r\u00e9sum\u00e9.mode", composed (NFC); keys are read byte for byte, so write it as declared)`
		nfdDue = ` (the two print alike but are written in different Unicode forms: "r\u00e9sum\u00e9.mode" here, composed (NFC), and the declared key "re\u0301sume\u0301.mode", decomposed (NFD: a letter, then its accent, as macOS may save it); keys are read byte for byte, so write it as declared)`
	)
	for _, c := range []struct{ declared, config, near, note string }{
		{nfc, nfd, nfc, alike},
		{nfc, nfd + "s", nfc, ""},
		{nfc, "RE\u0301SUME\u0301.MODE", nfc, cased}, // another case too
		{nfc, nfd + "ss", "", ""},
		{nfd, nfc, nfd, nfdDue},
		{nfc, "re\u0301sume\u0301.mo\u0301de", nfc, ""}, // partly decomposed, one letter off
		// Composed, "\u0958" is two letters, "\u0915\u093c" (it is
		// excluded from composition), so a path of one more is looked at.
		{"\u0958.x", "\u0915\u093c.xy", "\u0958.x", ""},
		// "\u1f82" is four letters decomposed, so "\u1f82\u1f82" so
		// written, eight letters, is one more than the key composed.
		{"\u1f82", "\u03b1\u0313\u0300\u0345\u03b1\u0313\u0300\u0345", "\u1f82", ""},
	} {
		reg := memRegistry(t, memCap{id: "c", config: []validate.ConfigEntry{boolKey(c.declared, true)},
			steps: []string{`{"point":"ship:post","ref":{"command":"c"},"when":"` + c.declared + `"}`}})
		var want []string
		if c.near != "" {
			want = []string{`config key "` + c.config + `" is declared by no capability, so nothing reads it; did you mean "` + c.near + `"?` + c.note}
		}
		env := resolve(t, reg, "ship:post", `{"`+c.config+`":false}`, Enablement{})
		if !slices.Equal(env.Warnings, want) {
			t.Errorf("config key %+q beside %+q: warnings\n got  %+q\n want %+q", c.config, c.declared, env.Warnings, want)
		}
		if got := ids(env); !slices.Equal(got, []string{"step:c"}) {
			t.Errorf("config key %+q beside %+q: active %q, want the hook on by its default (the value is read only as declared)", c.config, c.declared, got)
		}
	}
}

// TestOtherFormSaysHowEachIsWritten: the note is made only for keys that
// are the same letters composed, case aside, written in different forms,
// and names a form partly decomposed as such. Keys that differ in case
// too are noted, as fixing the case alone would leave the key unread.
func TestOtherFormSaysHowEachIsWritten(t *testing.T) {
	for _, c := range []struct {
		key, near string
		note      bool
	}{
		{"a.b", "a.b", false},
		{"cafe\u0301", "caf\u00e9", true},
		{"Cafe\u0301", "caf\u00e9", true},   // another case too
		{"CAF\u00c9", "caf\u00e9", false},   // another case only
		{"Cafe\u0301s", "caf\u00e9", false}, // a letter off
		{"cafe", "caf\u00e9", false},
		{"caf\u00e9", "caf\u00e9", false},
	} {
		if got := otherForm(c.key, c.near); (got != "") != c.note {
			t.Errorf("otherForm(%+q, %+q) = %q, want a note: %v", c.key, c.near, got, c.note)
		}
	}
	const want = ` (the two print alike but are written in different Unicode forms: "e\u0301\u00e9" here, partly decomposed, and the declared key "\u00e9\u00e9", composed (NFC); keys are read byte for byte, so write it as declared)`
	if got := otherForm("e\u0301\u00e9", "\u00e9\u00e9"); got != want {
		t.Errorf("otherForm, partly decomposed:\n got  %q\n want %q", got, want)
	}
	// "\u0958" is one code point, which both forms write as two: it is
	// not "partly decomposed".
	const excluded = ` (the two print alike but are written in different Unicode forms: "\u0958.x" here, in neither form (NFC and NFD both write some of its letters otherwise), and the declared key "\u0915\u093c.x", composed (NFC); keys are read byte for byte, so write it as declared)`
	if got := otherForm("\u0958.x", "\u0915\u093c.x"); got != excluded {
		t.Errorf("otherForm, a letter excluded from composition:\n got  %q\n want %q", got, excluded)
	}
	const cased = ` (besides case, the two are written in different Unicode forms: "Cafe\u0301" here, decomposed (NFD: a letter, then its accent, as macOS may save it), and the declared key "caf\u00e9", composed (NFC); keys are read byte for byte, so write it as declared)`
	if got := otherForm("Cafe\u0301", "caf\u00e9"); got != cased {
		t.Errorf("otherForm, another case too:\n got  %q\n want %q", got, cased)
	}
}

// TestNearMissComposesNestedKeys: a key written nested is composed member
// by member, as the walk joins them: {"re\u0301sume\u0301": {"mode": …}}
// is the declared "résumé.mode", as the flat key is, and the warning
// points at the nested member.
func TestNearMissComposesNestedKeys(t *testing.T) {
	reg := memRegistry(t, memCap{id: "c", config: []validate.ConfigEntry{boolKey("r\u00e9sum\u00e9.mode", true), boolKey("x.\u1f82", true)}})
	for _, c := range []struct{ config, key, near, pointer string }{
		{`{"re\u0301sume\u0301": {"mode": false}}`, "re\u0301sume\u0301.mode", "r\u00e9sum\u00e9.mode", "/re\u0301sume\u0301/mode"},
		{`{"RE\u0301SUME\u0301": {"mod": false}}`, "RE\u0301SUME\u0301.mod", "r\u00e9sum\u00e9.mode", "/RE\u0301SUME\u0301/mod"},
		{`{"x": {"\u03b1\u0313\u0300\u0345": false}}`, "x.\u03b1\u0313\u0300\u0345", "x.\u1f82", "/x/\u03b1\u0313\u0300\u0345"},
		// A member after a sibling under a decomposed member: the path
		// composed is cut back to its own length after each, not to the
		// length of the path as written (two bytes longer here).
		{`{"re\u0301sume\u0301": {"xy": false, "mode": false}}`, "re\u0301sume\u0301.mode", "r\u00e9sum\u00e9.mode", "/re\u0301sume\u0301/mode"},
	} {
		env, err := Resolve(reg, Request{Point: "ship:post", Config: mustJSON(t, c.config)})
		if err != nil {
			t.Fatal(err)
		}
		want := `config key "` + c.key + `" is declared by no capability, so nothing reads it; did you mean "` + c.near + `"?` + otherForm(c.key, c.near)
		if !slices.Equal(env.Warnings, []string{want}) || !slices.Equal(env.ConfigPointers, []string{c.pointer}) {
			t.Errorf("config %s: warnings %+q at %q, want %+q at %q", c.config, env.Warnings, env.ConfigPointers, want, c.pointer)
		}
	}
}

// TestLetterCountIsRuneCount: letterCount counts as utf8.RuneCount does,
// a byte that is not UTF-8 (or a letter cut short) one letter, and
// allocates nothing on a path of letters not ASCII past 32 bytes.
func TestLetterCountIsRuneCount(t *testing.T) {
	long := []byte(strings.Repeat("\u03b1\u0313\u0300\u0345", 20))
	for _, s := range []string{"", "a.b", "caf\u00e9", "\xff\xfe", "a\xe2\x82", "\xe2\x82\xac\xe2", "\U0001F600x", string(long)} {
		if got, want := letterCount([]byte(s)), utf8.RuneCount([]byte(s)); got != want {
			t.Errorf("letterCount(%+q) = %d, want %d", s, got, want)
		}
	}
	if a := testing.AllocsPerRun(10, func() { letterCount(long) }); a != 0 {
		t.Errorf("letterCount of %d bytes: %v allocations, want none", len(long), a)
	}
}

// TestConfigPathComposesMemberByMember: the walk's path composed member
// by member (configPath) is the whole path composed, "." parting letters
// that nothing composes across: a key ending in a letter an accent could
// join, the next starting with the accent, a run of accents to reorder,
// an empty key, a key of accents alone.
func TestConfigPathComposesMemberByMember(t *testing.T) {
	for _, keys := range [][]string{
		{"e", "\u0301x"},
		{"cafe\u0301", "mode"},
		{"a\u0323\u0302", "\u0302\u0323b"},
		{"\u1100", "\u1161"},
		{"\u0958", "x", ""},
		{"", "e\u0301"},
		// Keys of accents alone, after a letter or an empty key, and a
		// run of 31, where NFC inserts U+034F (stream-safe).
		{"e", "\u0301"},
		{"e", "", "\u0301\u0323"},
		{"e" + strings.Repeat("\u0301", 20), strings.Repeat("\u0301", 20)},
		{"e", strings.Repeat("\u0301", 31)},
	} {
		var composed []byte
		for i, k := range keys {
			if i > 0 {
				composed = append(composed, '.')
			}
			composed = unicodeform.AppendNFC(composed, k)
		}
		if whole := norm.NFC.String(strings.Join(keys, ".")); string(composed) != whole {
			t.Errorf("%+q composed member by member: %+q, the path composed %+q", keys, composed, whole)
		}
	}
}
