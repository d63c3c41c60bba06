package render

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

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
