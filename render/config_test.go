package render

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/capreg/capreg/internal/osatest"
	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

// Tests that pin the config warnings, which a second mutation run of
// ./render found no test held.

// The up-front config check warns of what a lookup would use: a flat key
// given beside a nested one is ignored, so only the twin is warned of,
// each twin is (whatever keys come before it), and a value under a
// member such as "a.b" that is not the whole key, which no lookup reads,
// is warned of as such.
func TestConfigCheckSeesWhatLookupUses(t *testing.T) {
	reg := memRegistry(t, memCap{id: "w", config: []validate.ConfigEntry{
		boolKey("w.r", true), boolKey("w.s", true), boolKey("a.b.c", true)}})
	twin := func(key, nested, flat string) string {
		return `config gives "` + key + `" twice, nested (` + nested + `) and as the flat key "` + key + `" (` + flat + `); ` +
			`the nested value decides (one of the wrong type gives the default) and the flat one is ignored`
	}
	for _, c := range []struct {
		config string
		want   []string
	}{
		{`{"w":{"r":true},"w.r":"yes"}`, []string{twin("w.r", "true", `"yes"`)}},
		{`{"w":{"s":true},"w.r":false,"w.s":false}`, []string{twin("w.s", "true", "false")}},
		{`{"w":{"r":true,"s":true},"w.r":true,"w.s":false}`, []string{twin("w.s", "true", "false")}},
		{`{"a.b":{"c":"x"}}`, []string{halfFlat("a.b.c", `"x"`, "a.b", `{"a":{"b":{"c":…}}}`)}},
		{`{"a":{"b.c":true}}`, []string{halfFlat("a.b.c", "true", "b.c", `{"a":{"b":{"c":…}}}`)}},
		{`{"a.b":{"c":null},"w":{"r":true}}`, nil},
		{`{"a.b.c":true}`, nil},
	} {
		// ship:post: no hook reads these keys, so only the up-front
		// check can warn.
		if env := resolve(t, reg, "ship:post", c.config, Enablement{}); !reflect.DeepEqual(env.Warnings, c.want) {
			t.Errorf("config %s: warnings\n got  %q\n want %q", c.config, env.Warnings, c.want)
		}
	}
}

// halfFlat is the warning of a value given for key under a member whose
// name holds a dot but is not the whole key (via), which no lookup reads.
func halfFlat(key, value, via, nested string) string {
	return `config gives "` + key + `" (` + value + `) under the member "` + via + `", which no lookup reads: ` +
		`a key is written nested, ` + nested + `, or flat, "` + key + `"; the value is ignored`
}

// The config check warns of a value only as far as it counts: null is no
// value given (nested or flat), a value under a key no config can set
// is warned of as such, not for its type, and a number past the range of
// a double is said to be used only where a number is expected.
func TestConfigWarningsOnlyForValuesThatCount(t *testing.T) {
	reg := memRegistry(t, memCap{id: "ui", config: []validate.ConfigEntry{
		boolKey("ui.prototype", false), boolKey("ui.on", true),
		{Key: "ui.n", Type: "number", Default: ojson.NewNumber(1), Description: "n"}}})
	unsettable := `config key "ui.prototype" cannot be set: gsd-core's resolveConfigKey never walks a "prototype" segment, ` +
		`so the value given is ignored and the default false is used (rename the key in capability "ui")`
	for _, c := range []struct {
		config string
		want   []string
	}{
		{`{"ui":{"prototype":null}}`, nil},
		{`{"ui.prototype":null}`, nil},
		{`{"ui":{"prototype":"yes"}}`, []string{unsettable}},
		{`{"ui":{"prototype":null},"ui.prototype":true}`, []string{unsettable}},
		{`{"ui":{"on":1e400}}`, []string{
			`config key "ui.on" expects a boolean but was given the number 1e400 (not finite); the value is ignored and the default true is used`}},
		{`{"ui":{"n":1e400}}`, []string{infinityWarning("ui.n", "1e400")}},
	} {
		if env := resolve(t, reg, "ship:post", c.config, Enablement{}); !reflect.DeepEqual(env.Warnings, c.want) {
			t.Errorf("config %s: warnings\n got  %q\n want %q", c.config, env.Warnings, c.want)
		}
	}
}

// A JSON value a warning quotes is clipped to 77 bytes and "...", never
// in the middle of a character.
func TestClippedValueStaysUTF8(t *testing.T) {
	reg := memRegistry(t, memCap{id: "w", config: []validate.ConfigEntry{boolKey("w.r", true)}})
	flat := "a" + strings.Repeat("é", 50)
	env := resolve(t, reg, "ship:post", `{"w":{"r":true},"w.r":"`+flat+`"}`, Enablement{})
	want := `config gives "w.r" twice, nested (true) and as the flat key "w.r" ("a` + strings.Repeat("é", 37) + `...); ` +
		`the nested value decides (one of the wrong type gives the default) and the flat one is ignored`
	if len(env.Warnings) != 1 || env.Warnings[0] != want || !utf8.ValidString(env.Warnings[0]) {
		t.Errorf("warnings\n%q\nwant\n%q", env.Warnings, want)
	}
}

// A config key no capability declares, given a value, is warned of when it
// is probably a misspelling of one that is declared (its hook would take
// the default in silence); not when the central config schema may own it
// (a valid key, or one its patterns match), nor when it is on the way to
// declared keys, nor when it is near nothing declared.
func TestUndeclaredKeyDidYouMean(t *testing.T) {
	caps := memCap{id: "beta", config: []validate.ConfigEntry{
		boolKey("beta.deep.flag", true), boolKey("w.r", true), boolKey("feature.alpha", false)}}
	central := &validate.CentralSchema{ValidKeys: []string{"w.s"}, Sources: []string{`^features\.[a-z]+$`}}
	meant := func(key, near string) string {
		return `config key "` + key + `" is declared by no capability, so nothing reads it; did you mean "` + near + `"?`
	}
	for _, c := range []struct {
		config  string
		central *validate.CentralSchema
		want    []string
	}{
		{`{"beat":{"deep":{"flag":false}}}`, central, []string{meant("beat.deep.flag", "beta.deep.flag")}},
		{`{"beta":{"deep":{"flg":false}}}`, central, []string{meant("beta.deep.flg", "beta.deep.flag")}},
		{`{"beta.deep.flg":false}`, central, []string{meant("beta.deep.flg", "beta.deep.flag")}},
		{`{"deep":{"beta":{"flag":[]}}}`, central, []string{meant("deep.beta.flag", "beta.deep.flag")}},
		{`{"beta_deep_flag":false}`, central, []string{meant("beta_deep_flag", "beta.deep.flag")}},
		{`{"Beta":{"Deep":{"Flag":false}}}`, central, []string{meant("Beta.Deep.Flag", "beta.deep.flag")}},
		{`{"beta":{"deep":{"flags":false}}}`, central, []string{meant("beta.deep.flags", "beta.deep.flag")}},
		{`{"beat":{"deep":{"flg":false}}}`, central, nil}, // two segments misspelt
		{`{"beat":{"deep":{"flag":null}}}`, central, nil}, // null: nothing given
		{`{"beta":{"deep":{"flag":false,"other":1}}}`, central, nil},
		{`{"beta":{"deep":1},"w":true}`, central, nil}, // parents: not typos (shadowed warns where a hook reads)
		{`{"unrelated":{"deep":[1,2]},"mode":"yolo"}`, central, nil},
		{`{"w":{"s":true}}`, central, nil},                                           // a central valid key
		{`{"w":{"s":true}}`, &validate.CentralSchema{ValidKeys: []string{"w"}}, nil}, // under a central valid key (an object)
		{`{"w":{"s":true}}`, nil, []string{meant("w.s", "w.r")}},                     // no central schema
		{`{"features":{"alpha":true}}`, central, nil},                                // a central pattern owns it
		{`{"features":{"alpha":true}}`, nil, []string{meant("features.alpha", "feature.alpha")}},
		{`{"features":{"alpha":true}}`, &validate.CentralSchema{Sources: []string{`(`}}, // an invalid pattern owns nothing
			[]string{meant("features.alpha", "feature.alpha")}},
	} {
		reg := memRegistry(t, caps)
		reg.Central = c.central
		if env := resolve(t, reg, "ship:post", c.config, Enablement{}); !reflect.DeepEqual(env.Warnings, c.want) {
			t.Errorf("config %s (central %v): warnings\n got  %q\n want %q", c.config, c.central != nil, env.Warnings, c.want)
		}
	}
}

// misspeltAmongMany renders, against a registry declaring the keys
// k00000.on … (declared of them), a config giving ten keys each one edit
// from one of them, k<from>.onn and the nine after it.
func misspeltAmongMany(t *testing.T, declared, from int) (*Envelope, []string) {
	t.Helper()
	entries := make([]validate.ConfigEntry, declared)
	for i := range entries {
		entries[i] = boolKey(fmt.Sprintf("k%05d.on", i), true)
	}
	reg := memRegistry(t, memCap{id: "many", config: entries})
	misspelt := make([]string, 10)
	for i := range misspelt {
		misspelt[i] = fmt.Sprintf(`"k%05d.onn":true`, from+i)
	}
	return resolve(t, reg, "ship:post", "{"+strings.Join(misspelt, ",")+"}", Enablement{}), misspelt
}

// Among many declared keys, each misspelt key is matched with its own,
// found early in the keys of its length within the budget.
func TestUndeclaredKeyAmongMany(t *testing.T) {
	const declared = 10_000
	env, misspelt := misspeltAmongMany(t, declared, 0)
	if len(env.Warnings) != len(misspelt) {
		t.Fatalf("%d warnings for %d misspelt keys against %d declared: %q", len(env.Warnings), len(misspelt), declared, env.Warnings)
	}
	for i, w := range env.Warnings {
		if want := fmt.Sprintf(`did you mean "k%05d.on"?`, i); !strings.HasSuffix(w, want) {
			t.Errorf("warning %d = %q; want it to end %q", i, w, want)
		}
	}
}

// The near-miss search of one rendering compares at most
// maxNearComparisons declared keys in all: past it, an unknown key's near
// miss is not looked for, so a config of many unknown keys against a large
// registry stays cheap. Each key here is found only after some 10,000
// comparisons, so two of the ten are named, and one more warning says
// that the search stopped before the other eight.
func TestUndeclaredKeyComparisonsBounded(t *testing.T) {
	const declared = 10_000
	env, misspelt := misspeltAmongMany(t, declared, declared-10) // the last in order
	named := maxNearComparisons / (declared - len(misspelt))
	if len(env.Warnings) != named+1 || named >= len(misspelt) || env.Warnings[named] != notSearched(len(misspelt)-named) {
		t.Errorf("%d warnings for %d misspelt keys against %d declared; want the %d the bound allows, then one saying it stopped before %d: %q",
			len(env.Warnings), len(misspelt), declared, named, len(misspelt)-named, env.Warnings)
	}
}

// notSearched is the warning that the near-miss search stopped before n
// unknown keys.
func notSearched(n int) string {
	return fmt.Sprintf("the search for misspelt config keys stopped before %d of the keys no capability declares, so a misspelling among them is not named: "+
		"one render compares at most 20000 declared keys and central config patterns, and matches patterns for %v", n, maxCentralMatching)
}

// oneEdit agrees with the distance in letters (code points, and bytes
// that are not UTF-8) within one edit, on pairs that differ by none, one
// and two edits of each kind, in ASCII and in letters of two, three and
// four bytes: "café" is one edit from "cafe" (an "é" is two bytes), as
// "grösse" is from "grosse".
func TestOneEdit(t *testing.T) {
	pairs := []struct {
		a, b string
		one  bool
	}{
		{"", "", true}, {"", "a", true}, {"a", "", true}, {"", "ab", false}, {"abc", "abc", true},
		{"abc", "abd", true}, {"abc", "xbc", true}, {"abc", "ab", true}, {"abc", "bc", true}, {"abc", "abcd", true}, {"abc", "zabc", true},
		{"abc", "acb", true}, {"abc", "bac", true}, {"abcd", "badc", false}, {"abc", "cba", false}, {"abc", "xyc", false},
		{"beta.deep.flag", "beat.deep.flag", true}, {"beta.deep.flag", "beta.deep.flg", true}, {"beta.deep.flag", "beta.deep.flags", true},
		{"beta.deep.flag", "beta_deep_flag", false}, {"ab", "ba", true}, {"aab", "aba", true}, {"abcde", "abdce", true},
		{"café", "cafe", true}, {"cafe", "café", true}, {"café", "caf", true}, {"café", "cafè", true}, {"café.mode", "cafe.mode", true},
		{"grösse", "grosse", true}, {"größe", "grösse", false}, {"größe", "gröse", true}, {"größe", "grße", true},
		{"éa", "aé", true}, {"aéb", "abé", true}, {"ééé", "éé", true}, {"éé", "èè", false},
		{"日本語", "日本", true}, {"日本語", "日語本", true}, {"日本語", "日本人", true}, {"日本語", "本日人", false},
		{"a😀b", "ab", true}, {"a😀b", "a😁b", true}, {"😀", "", true}, {"😀😁", "😁😀", true},
		{"é", "\xc3", true}, {"a\xffb", "a\xfeb", true}, {"a\xffb", "ab", true}, {"\xff\xfe", "", false},
		{"x\x80\x80", "x\x80\x81", true}, {"\x80\x80", "\x80\x81", true}, {"\xe6\x97", "日", false}, {"\xe6\x97\xe6", "日", false},
		{"\xe6y\x97\xa5", "y\xe6\x97\xa5", false}, {"\xe6y", "y\xe6", true}, {"\xffy", "y\xfe", false},
		// They part within a letter of a alone (b has its first byte, not
		// UTF-8, then another letter), or where b's letter ends and a
		// stray continuation byte follows it: each is one letter replaced.
		{"\u20acx", "\xe2x", true}, {"\xe2x", "\u20acx", true}, {"\u00e9x", "\u00e9\xa9", true}, {"\u00e9\xa9", "\u00e9x", true},
	}
	for _, p := range pairs {
		if want := osatest.Distance(letters(p.a), letters(p.b)) <= 1; want != p.one {
			t.Fatalf("the table says %q and %q are one edit apart: %v, the distance in code points %v", p.a, p.b, p.one, want)
		}
		if got := oneEdit(p.a, p.b); got != p.one {
			t.Errorf("oneEdit(%q, %q) = %v, want %v", p.a, p.b, got, p.one)
		}
	}
	if a := testing.AllocsPerRun(10, func() { oneEdit("beta.deep.flag", "beat.deep.flag"); oneEdit("café.mode", "cafe.mode") }); a != 0 {
		t.Errorf("oneEdit made %.0f allocations, want none", a)
	}
}

// The key a near miss names is chosen in validate.NearestID's order: the
// same words in the same order (any case or joining), then one edit away
// (a key of as many letters first, then one of a letter fewer, then one of
// a letter more), then the same words in another order.
func TestUndeclaredKeyPrefersTheNearest(t *testing.T) {
	reg := memRegistry(t, memCap{id: "c", config: []validate.ConfigEntry{
		boolKey("beta.deep", true), boolKey("deep.beta", true), boolKey("x.deep.flag", true), boolKey("flag.deep.x", true), boolKey("x.deep.flaq", true), boolKey("beta.deepxy", true)}})
	meant := func(key, near string) []string {
		return []string{`config key "` + key + `" is declared by no capability, so nothing reads it; did you mean "` + near + `"?`}
	}
	for _, c := range []struct {
		config string
		want   []string
	}{
		{`{"Deep.Beta":1}`, meant("Deep.Beta", "deep.beta")},
		{`{"Beta_Deep":1}`, meant("Beta_Deep", "beta.deep")},
		{`{"x.deep.flah":1}`, meant("x.deep.flah", "x.deep.flag")}, // one edit from two: the first in order
		{`{"deep.x.flag":1}`, meant("deep.x.flag", "flag.deep.x")}, // words reordered, no key one edit away
		{`{"x.flag.deep":1}`, meant("x.flag.deep", "flag.deep.x")}, // ditto
		{`{"X.Deep.Flaq":1}`, meant("X.Deep.Flaq", "x.deep.flaq")}, // same words before one edit (x.deep.flag)
		{`{"flag.deep.y":1}`, meant("flag.deep.y", "flag.deep.x")}, // one edit before reordered words
		{`{"beta.deepx":1}`, meant("beta.deepx", "beta.deep")},     // one edit from a key a letter shorter and one a letter longer: the shorter first
	} {
		if env := resolve(t, reg, "ship:post", c.config, Enablement{}); !reflect.DeepEqual(env.Warnings, c.want) {
			t.Errorf("config %s: warnings\n got  %q\n want %q", c.config, env.Warnings, c.want)
		}
	}
}

// TestNearMissStopNotedForOneKey: the search stopped before a single
// unknown key is said too, as the last warning, with no config pointer
// (it is about no member), so that each warning keeps its own pointer.
func TestNearMissStopNotedForOneKey(t *testing.T) {
	env, misspelt := misspeltAmongMany(t, 2200, 2190) // nine fit the budget, the tenth does not
	if n := len(env.Warnings); n != len(misspelt) || env.Warnings[n-1] != notSearched(1) {
		t.Fatalf("%d warnings for %d misspelt keys; want 9 named, then one saying it stopped before 1: %q", n, len(misspelt), env.Warnings)
	}
	if len(env.ConfigPointers) != len(env.Warnings) || env.ConfigPointers[len(env.Warnings)-1] != "" || env.ConfigPointers[0] == "" {
		t.Errorf("ConfigPointers = %q for %d warnings; want one each, the last \"\"", env.ConfigPointers, len(env.Warnings))
	}
}
