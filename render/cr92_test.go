package render

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

// Tests that pin what a third mutation run of ./render (cr92) found no
// test held.

// A capability turned off by the surface's explicitRemoves alone is
// blamed on the surface when one active here requires it: the warning
// names "the surface", not the profile, nor the fallback "the
// enablement".
func TestWarnRequiresRemovedBySurface(t *testing.T) {
	reg := memRegistry(t,
		memCap{id: "top", requires: []string{"mid"}, steps: []string{`{"point":"plan:pre","ref":{"command":"t"}}`}},
		memCap{id: "mid", skills: []string{"m1"}})
	reg.Closure = map[string][]string{"top": {"mid"}}
	env := resolve(t, reg, "plan:pre", ``, Enablement{Surface: &Surface{ExplicitRemoves: []string{"m1"}}})
	want := []string{`capability "top" requires "mid", which the surface turns off, and its hooks here stay active: turn "top" off too, or "mid" on`}
	if !reflect.DeepEqual(env.Warnings, want) {
		t.Errorf("warnings\n%q\nwant\n%q", env.Warnings, want)
	}
	if got := ids(env); !reflect.DeepEqual(got, []string{"step:top"}) {
		t.Errorf("active %v; want [step:top]", got)
	}
}

// An index into an empty array finds nothing (and does not panic): the
// bound is checked before the array is indexed.
func TestLookupIndexOfEmptyArray(t *testing.T) {
	cfg := mustJSON(t, `{"a":[],"b":[true]}`)
	for _, c := range []struct {
		key   string
		found bool
	}{{"a.0", false}, {"b.0", true}, {"b.1", false}, {"a.length", true}} {
		if _, found := Lookup(&cfg, c.key); found != c.found {
			t.Errorf("Lookup(%s): found %v; want %v", c.key, found, c.found)
		}
	}
}

// A boolean given where another type is expected is named as given, and
// an entry of a type no validated registry has (a registry built in
// memory) takes any value, with no warning.
func TestConfigTypeWarningsNameTheValue(t *testing.T) {
	reg := memRegistry(t, memCap{id: "k", config: []validate.ConfigEntry{
		{Key: "k.s", Type: "string", Default: ojson.NewString("d"), Description: "s"},
		{Key: "k.any", Type: "list", Default: ojson.NewString("d"), Description: "any"}},
		contributions: []string{`{"point":"plan:pre","into":"planner","fragment":{"inline":"x"},"configValues":{"s":"k.s","any":"k.any"}}`}})
	env := resolve(t, reg, "plan:pre", `{"k":{"s":true,"any":[1]}}`, Enablement{})
	want := []string{`config key "k.s" expects a string but was given the boolean true; the value is ignored and the default "d" is used`}
	if !reflect.DeepEqual(env.Warnings, want) {
		t.Errorf("warnings\n%q\nwant\n%q", env.Warnings, want)
	}
	cv := env.ActiveHooks[0].Get("configValues")
	if got := string(ojson.Encode(cv, "")); got != `{"s":"d","any":[1]}` {
		t.Errorf("configValues %s; want {\"s\":\"d\",\"any\":[1]}", got)
	}
}

// A value under a root member named "" is at the path ".w.r", which no
// lookup of "w.r" reads: it is not checked as w.r's value (it is a near
// miss of it), and w.r keeps its default.
func TestEmptyRootMemberIsNoKeyPrefix(t *testing.T) {
	reg := memRegistry(t, memCap{id: "w", config: []validate.ConfigEntry{boolKey("w.r", true)},
		steps: []string{`{"point":"plan:pre","ref":{"command":"c"},"when":"w.r"}`}})
	env := resolve(t, reg, "plan:pre", `{"":{"w":{"r":"no"}}}`, Enablement{})
	want := []string{`config key ".w.r" is declared by no capability, so nothing reads it; did you mean "w.r"?`}
	if !reflect.DeepEqual(env.Warnings, want) {
		t.Errorf("warnings\n%q\nwant\n%q", env.Warnings, want)
	}
	if got := ids(env); !reflect.DeepEqual(got, []string{"step:w"}) {
		t.Errorf("active %v; want [step:w] (w.r at its default, true)", got)
	}
}

// A render too large names the largest value's key; of two as large, the
// first echoed (alias order), so the error is the same at every run.
func TestEchoLimitNamesTheFirstOfTheLargest(t *testing.T) {
	str := func(k string) validate.ConfigEntry {
		return validate.ConfigEntry{Key: k, Type: "string", Default: ojson.NewString(""), Description: k}
	}
	reg := memRegistry(t, memCap{id: "echo", config: []validate.ConfigEntry{str("k.a"), str("k.b")},
		contributions: []string{`{"point":"plan:pre","into":"planner","fragment":{"inline":"x"},"configValues":{"b":"k.b","a":"k.a"}}`}})
	size := MaxEchoed/2 + 1
	doc := ojson.NewObject()
	doc.Append("k.a", ojson.NewString(strings.Repeat("a", size-2)))
	doc.Append("k.b", ojson.NewString(strings.Repeat("b", size-2)))
	_, err := Resolve(reg, Request{Point: "plan:pre", Config: doc})
	want := fmt.Sprintf(`("k.b", %d bytes, the largest)`, size)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), want) {
		t.Errorf("err %v; want ErrTooLarge naming %s", err, want)
	}
}

// An envelope with an empty, non-nil, list of warnings writes none: the
// member is omitted when there are no warnings, however they are held.
func TestEnvelopeJSONOmitsNoWarnings(t *testing.T) {
	for _, w := range [][]string{nil, {}} {
		env := &Envelope{Point: "plan:pre", Warnings: w}
		if got := string(env.JSON()); strings.Contains(got, "warnings") {
			t.Errorf("Warnings %#v: JSON %s; want no warnings member", w, got)
		}
	}
}

// Of two config slices declaring one key (a registry built in memory;
// validation refuses it), the later decides, as configSchema[key] = …
// does in the reference: its default and its type.
func TestRepeatedConfigKeyLaterWins(t *testing.T) {
	reg := memRegistry(t,
		memCap{id: "a", config: []validate.ConfigEntry{boolKey("x.k", false)}},
		memCap{id: "b", config: []validate.ConfigEntry{boolKey("x.k", true)},
			steps: []string{`{"point":"plan:pre","ref":{"command":"c"},"when":"x.k"}`}})
	if got := ids(resolve(t, reg, "plan:pre", ``, Enablement{})); !reflect.DeepEqual(got, []string{"step:b"}) {
		t.Errorf("active %v; want [step:b] (x.k at the later default, true)", got)
	}
}

// A request's notes are the envelope's first warnings, before those of
// the config, once each.
func TestNotesComeFirst(t *testing.T) {
	reg := memRegistry(t, memCap{id: "w", config: []validate.ConfigEntry{boolKey("w.r", true)}})
	env, err := Resolve(reg, Request{Point: "plan:pre", Config: mustJSON(t, `{"w":{"r":"no"}}`), Notes: []string{"n1", "n1", "n2"}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"n1", "n2", `config key "w.r" expects a boolean but was given the string "no"; the value is ignored and the default true is used`}
	if !reflect.DeepEqual(env.Warnings, want) {
		t.Errorf("warnings\n%q\nwant\n%q", env.Warnings, want)
	}
}
