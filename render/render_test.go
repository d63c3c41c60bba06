package render

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

// ---------------------------------------------------------------------------
// Truthy and Lookup

// TestTruthy: a config value counts as on as JavaScript's truthiness has it
// (0, -0, "", null and an underflowing number off; objects, arrays on).
func TestTruthy(t *testing.T) {
	cases := []struct {
		json string
		want bool
	}{
		{`false`, false}, {`true`, true},
		{`0`, false}, {`-0`, false}, {`0.0`, false}, {`0e10`, false}, {`-0.0e-3`, false},
		{`1`, true}, {`-1`, true}, {`0.5`, true}, {`1e-400`, false}, {`1e400`, true}, {`-1e400`, true},
		{`""`, false}, {`"false"`, true}, {`"0"`, true}, {`" "`, true},
		{`null`, false},
		{`[]`, true}, {`[0]`, true}, {`{}`, true}, {`{"a":false}`, true},
	}
	for _, c := range cases {
		v := mustJSON(t, c.json)
		if got := Truthy(&v, true); got != c.want {
			t.Errorf("Truthy(%s) = %v, want %v", c.json, got, c.want)
		}
		if Truthy(&v, false) {
			t.Errorf("Truthy(%s, not found) = true", c.json)
		}
	}
	if Truthy(nil, true) || Truthy(nil, false) {
		t.Error("Truthy(nil) = true")
	}
	// NaN cannot come from JSON, but a number value built in memory can hold it.
	nan := ojson.Value{Kind: ojson.Number, Str: "NaN"}
	if Truthy(&nan, true) {
		t.Error("Truthy(NaN) = true")
	}
}

// TestLookup: how a dotted key is found in a config as the workflows' JS
// reads it: the nested value before a flat key of the same name, arrays by
// canonical index and length, strings not walked, no prototype keys.
func TestLookup(t *testing.T) {
	cfg := mustJSON(t, `{
		"workflow": {"ui_phase": false, "deep": {"er": 3}, "list": [10, {"x": "y"}], "s": "str"},
		"workflow.ui_phase": true,
		"flat.only": "flat",
		"a.b": {"c": 1},
		"__proto__": {"polluted": true},
		"constructor": 1,
		"x": {"prototype": 2, "constructor": 3},
		"": {"": "empty"},
		"nul": null,
		"n": {"k": null, "j": null},
		"n.k": false
	}`)
	cases := []struct {
		key   string
		want  string // compact JSON; "" = not found
		found bool
	}{
		{"workflow.ui_phase", "false", true}, // nested wins over the flat key
		{"workflow.deep.er", "3", true},
		{"workflow.deep", `{"er":3}`, true},
		{"workflow", "", true},
		{"flat.only", `"flat"`, true}, // only the flat key exists
		{"a.b", `{"c":1}`, true},
		{"a.b.c", "", false}, // a flat key is only the whole key
		{"workflow.missing", "", false},
		{"missing", "", false},
		{"workflow.ui_phase.x", "", false}, // walking into a boolean
		{"workflow.s.length", "", false},   // strings are not walked
		{"workflow.list.0", "10", true},    // arrays: own index properties
		{"workflow.list.1.x", `"y"`, true},
		{"workflow.list.2", "", false},
		{"workflow.list.01", "", false}, // not a canonical index
		{"workflow.list.-1", "", false},
		{"workflow.list.length", "2", true}, // an own property of every array
		{"__proto__", "", false},
		{"__proto__.polluted", "", false},
		{"constructor", "", false},
		{"x.prototype", "", false},
		{"x.constructor", "", false},
		{"..", "", false},
		{"", `{"":"empty"}`, true},
		{".", `"empty"`, true},
		{"nul", "null", true},  // found, and null
		{"n.k", "false", true}, // a nested null is not set: the flat key decides
		{"n.j", "null", true},  // no flat key: the null is found, as in the reference
	}
	for _, c := range cases {
		v, ok := Lookup(&cfg, c.key)
		if ok != c.found {
			t.Errorf("Lookup(%q) found = %v, want %v", c.key, ok, c.found)
			continue
		}
		if ok && c.want != "" {
			if got := string(ojson.Encode(v, "")); got != c.want {
				t.Errorf("Lookup(%q) = %s, want %s", c.key, got, c.want)
			}
		}
	}
	if _, ok := Lookup(nil, "a"); ok {
		t.Error("Lookup(nil) found something")
	}
	null := ojson.Value{}
	if _, ok := Lookup(&null, "a"); ok {
		t.Error("Lookup(null) found something")
	}
	// A top-level array is walked like any value; flat keys need an object.
	arr := mustJSON(t, `[{"a": true}]`)
	if v, ok := Lookup(&arr, "0.a"); !ok || !v.Bool {
		t.Error(`Lookup([{"a":true}], "0.a") should find true`)
	}
}

// ---------------------------------------------------------------------------
// Key resolution, type checks and warnings (testdata/repo)

// TestWhenResolution: a hook's when key, resolved in the config or from its
// default, turns the ui step on or off, with a warning for an ignored value.
func TestWhenResolution(t *testing.T) {
	reg := repoRegistry(t)
	uiStep := func(config string) (bool, []string) {
		env := resolve(t, reg, "plan:pre", config, Enablement{})
		for _, id := range ids(env) {
			if id == "step:ui" {
				return true, env.Warnings
			}
		}
		return false, env.Warnings
	}
	cases := []struct {
		config   string
		active   bool
		warnings int
	}{
		{``, true, 0}, // no config: default true
		{`{}`, true, 0},
		{`{"workflow":{"ui_phase":false}}`, false, 0},
		{`{"workflow":{"ui_phase":true}}`, true, 0},
		{`{"workflow.ui_phase":false}`, false, 0},                                        // flat key honoured (CONTRACT.md §7)
		{`{"workflow":{"ui_phase":true},"workflow.ui_phase":false}`, true, 1},            // nested first, the flat twin said ignored
		{`{"workflow":{"other":1},"workflow.ui_phase":false}`, false, 0},                 // nested missing: flat
		{`{"workflow":{"ui_phase":"false"}}`, true, 1},                                   // wrong type: default true
		{`{"workflow":{"ui_phase":0}}`, true, 1},                                         // ditto (the pure reference path would say false)
		{`{"workflow":{"ui_phase":null}}`, true, 1},                                      // null is no boolean
		{`{"workflow":{"ui_phase":[]}}`, true, 1},                                        // nor is []
		{`{"workflow.ui_phase":"no"}`, true, 1},                                          // flat, wrong type
		{`{"workflow":true}`, true, 1},                                                   // a boolean parent: default, said so
		{`{"workflow":{"ui_phase":null},"workflow.ui_phase":false}`, false, 0},           // a nested null is not set: flat
		{`{"workflow":{"ui_phase":null},"workflow.ui_phase":true}`, true, 0},             // ditto, no word about the null
		{`{"workflow":{"ui_phase":null},"workflow.ui_phase":"no"}`, true, 1},             // the flat value is checked instead
		{`{"workflow":null,"workflow.ui_phase":false}`, false, 1},                        // a null parent: flat (research is warned about)
		{`{"workflow":{"ui_phase":{"nested":false}}}`, true, 1},                          // an object is no boolean
		{`{"__proto__":{"workflow":{"ui_phase":false}}}`, true, 0},                       // not walked
		{`{"workflow":{"ui_phase":false},"unrelated":{"deep":[1,2,{"x":1}]}}`, false, 0}, // unknown keys: no warnings
		{`{"":{"workflow":{"ui_phase":"no"}}}`, true, 1},                                 // under "" is not workflow.ui_phase: never read, did-you-mean
		{`{"":{"workflow":{"ui_phase":"no"}},"workflow":{"ui_phase":false}}`, false, 1},  // ditto; the real value decides
	}
	for _, c := range cases {
		active, warnings := uiStep(c.config)
		if active != c.active || len(warnings) != c.warnings {
			t.Errorf("config %s: ui step active=%v warnings=%q; want active=%v with %d warning(s)", c.config, active, warnings, c.active, c.warnings)
		}
	}
}

// TestNullFallsThrough checks that a nested null counts as not set: a flat
// key then decides, and only a null that decides alone is warned about.
func TestNullFallsThrough(t *testing.T) {
	reg := repoRegistry(t)
	nullWarning := `config key "workflow.research" expects a boolean but was given null; the value is ignored and the default true is used`
	for _, c := range []struct {
		config   string
		research bool
		warnings []string
	}{
		{`{"workflow":{"research":null},"workflow.research":false}`, false, nil},
		{`{"workflow.research":false,"workflow":{"research":null}}`, false, nil},
		{`{"workflow":{},"workflow.research":false}`, false, nil},
		{`{"workflow":{"research":null}}`, true, []string{nullWarning}}, // reference parity: default, with the warning
		{`{"workflow":{"research":null},"workflow.research":null}`, true, []string{nullWarning}},
		// A nested value still wins, and a flat twin of another value is
		// said to be ignored; of the same value, it is no news.
		{`{"workflow":{"research":false},"workflow.research":true}`, false, []string{twinWarning("false", "true")}},
		{`{"workflow":{"research":false},"workflow.research":false}`, false, nil},
		{`{"workflow":{"research":"no"},"workflow.research":false}`, true, []string{
			`config key "workflow.research" expects a boolean but was given the string "no"; the value is ignored and the default true is used`,
			twinWarning(`"no"`, "false")}},
	} {
		env := resolve(t, reg, "plan:pre", c.config, Enablement{})
		if env.Active("research") != c.research || !reflect.DeepEqual(env.Warnings, c.warnings) {
			t.Errorf("config %s: research active=%v warnings=%q; want %v %q", c.config, env.Active("research"), env.Warnings, c.research, c.warnings)
		}
	}
}

// twinWarning is the warning of a key given nested and flat.
func twinWarning(nested, flat string) string {
	return `config gives "workflow.research" twice, nested (` + nested + `) and as the flat key "workflow.research" (` + flat + `); the nested value decides (one of the wrong type gives the default) and the flat one is ignored`
}

// TestShadowingParent checks the warning for a parent that is not an object
// and so hides the keys below it: once per parent, only for keys a hook at
// the point reads, and only when no flat key stands in.
func TestShadowingParent(t *testing.T) {
	reg := repoRegistry(t)
	cases := []struct {
		point, config string
		warnings      []string
	}{
		{"plan:pre", `{"workflow":"x"}`, []string{`config "workflow" is a string, not an object, so "workflow.research" takes its default`}},
		{"plan:pre", `{"workflow":true}`, []string{`config "workflow" is a boolean, not an object, so "workflow.research" takes its default`}},
		{"plan:pre", `{"workflow":null}`, []string{`config "workflow" is null, not an object, so "workflow.research" takes its default`}},
		{"plan:pre", `{"intel":5,"workflow":[]}`, []string{
			`config "intel" is a number, not an object, so "intel.enabled" takes its default`,
			`config "workflow" is an array, not an object, so "workflow.research" takes its default`}},
		{"plan:pre", `{"workflow":true,"workflow.research":false}`, []string{ // research is found flat; the next key is not
			`config "workflow" is a boolean, not an object, so "workflow.ui_phase" takes its default`}},
		{"plan:pre", `{"workflow":{"research":0}}`, []string{ // a leaf of the wrong type keeps its own warning
			`config key "workflow.research" expects a boolean but was given the number 0; the value is ignored and the default true is used`}},
		{"execute:pre", `{"workflow":true}`, nil}, // no hook there reads a workflow.* key
		{"plan:pre", `{"workflow":{}}`, nil},      // a missing member is no shadow
	}
	for _, c := range cases {
		if env := resolve(t, reg, c.point, c.config, Enablement{}); !reflect.DeepEqual(env.Warnings, c.warnings) {
			t.Errorf("%s config %s: warnings\n got  %q\n want %q", c.point, c.config, env.Warnings, c.warnings)
		}
	}
	// Deeper parents and keys no slice declares.
	mem := memRegistry(t, memCap{id: "m", config: []validate.ConfigEntry{boolKey("a.b.c", true)},
		gates: []string{
			`{"point":"verify:pre","check":{"query":"q"},"when":"a.b.c","blocking":false,"onError":"skip"}`,
			`{"point":"verify:pre","check":{"query":"r"},"when":"u.v","blocking":false,"onError":"skip"}`}})
	env := resolve(t, mem, "verify:pre", `{"a":{"b":5},"u":"on"}`, Enablement{})
	want := []string{
		`config "a.b" is a number, not an object, so "a.b.c" takes its default`,
		`config "u" is a string, not an object, so "u.v" is not set`,
	}
	if !reflect.DeepEqual(env.Warnings, want) || len(env.ActiveHooks) != 1 {
		t.Errorf("deep and undeclared: %v warnings\n got  %q\n want %q", ids(env), env.Warnings, want)
	}
}

// TestTypeCheckWarnings: a config value of the wrong type or outside its enum
// is warned of, word for word, and its default is used instead.
func TestTypeCheckWarnings(t *testing.T) {
	reg := repoRegistry(t)
	env := resolve(t, reg, "plan:pre", `{
		"workflow": {"ui_phase": "false", "research_depth": 2, "security_asvs_level": "2", "security_block_on": "low",
		             "tdd_min_coverage": 1e400, "research": true, "unknown_key": "anything"},
		"intel.enabled": 1,
		"review.claude.model": 4
	}`, Enablement{})
	want := []string{
		`config key "workflow.ui_phase" expects a boolean but was given the string "false"; the value is ignored and the default true is used`,
		`config key "workflow.research_depth" expects one of "quick", "standard", "deep" but was given the number 2; the value is ignored and the default "standard" is used`,
		`config key "workflow.security_asvs_level" expects a number but was given the string "2"; the value is ignored and the default 1 is used`,
		`config key "workflow.security_block_on" expects one of "critical", "high", "medium" but was given the string "low"; the value is ignored and the default "high" is used`,
		infinityWarning("workflow.tdd_min_coverage", "1e400"),
		`config key "intel.enabled" expects a boolean but was given the number 1; the value is ignored and the default false is used`,
		`config key "review.claude.model" expects a string but was given the number 4; the value is ignored and the default "opus" is used`,
	}
	if !reflect.DeepEqual(env.Warnings, want) {
		t.Errorf("warnings:\n got  %q\n want %q", env.Warnings, want)
	}
	// The same config gives the same warnings at a point that reads none of
	// these keys.
	other := resolve(t, reg, "ship:post", `{"workflow":{"research_depth":2}}`, Enablement{})
	if len(other.Warnings) != 1 || !strings.Contains(other.Warnings[0], "research_depth") {
		t.Errorf("ship:post warnings = %q", other.Warnings)
	}
	// A long string is shortened in the message.
	long := resolve(t, reg, "plan:pre", `{"workflow":{"research":"`+strings.Repeat("é", 500)+`"}}`, Enablement{})
	if len(long.Warnings) != 1 || len(long.Warnings[0]) > 300 || !strings.Contains(long.Warnings[0], `éé..."`) {
		t.Errorf("long value warning = %q", long.Warnings)
	}
	// A config that is not an object is ignored with a warning.
	for _, cfg := range []string{`[]`, `"x"`, `1`, `true`} {
		env := resolve(t, reg, "plan:pre", cfg, Enablement{})
		def := resolve(t, reg, "plan:pre", `{}`, Enablement{})
		if len(env.Warnings) != 1 || !strings.Contains(env.Warnings[0], "config must be a JSON object") || env.Rendered != def.Rendered {
			t.Errorf("config %s: warnings %q", cfg, env.Warnings)
		}
	}
}

// infinityWarning is the warning of a number key given a number past the
// range of a double.
func infinityWarning(key, lit string) string {
	inf := "Infinity"
	if strings.HasPrefix(lit, "-") {
		inf = "-Infinity"
	}
	return `config key "` + key + `" is given the number ` + lit + `, past the range of a double: it is used as ` + inf + ` (truthy), as gsd-core's JSON.parse reads it, and written as null in JSON output such as configValues, as JSON.stringify writes it`
}

// TestInfiniteNumber checks that a number key given 1e400 keeps it, as
// gsd-core keeps the Infinity JSON.parse makes of it (its typeof is
// "number", ref §5.2): a when reading it is truthy, and the envelope stays
// JSON, writing it as JSON.stringify does (null), with a warning saying so.
func TestInfiniteNumber(t *testing.T) {
	level := validate.ConfigEntry{Key: "alpha.level", Type: "number", Default: ojson.NewNumber(0), Description: "level"}
	mem := memRegistry(t, memCap{id: "alpha", config: []validate.ConfigEntry{level},
		contributions: []string{`{"point":"plan:pre","into":"planner","fragment":{"inline":"x"},"configValues":{"lvl":"alpha.level"}}`},
		gates:         []string{`{"point":"plan:pre","check":{"query":"q"},"when":"alpha.level","blocking":true,"onError":"halt"}`}})
	for _, lit := range []string{"1e400", "-1e400"} {
		env := resolve(t, mem, "plan:pre", `{"alpha":{"level":`+lit+`}}`, Enablement{})
		if len(env.ActiveHooks) != 2 {
			t.Errorf("%s: %d active hooks, want the contribution and the gate", lit, len(env.ActiveHooks))
			continue
		}
		if want := []string{infinityWarning("alpha.level", lit)}; !reflect.DeepEqual(env.Warnings, want) {
			t.Errorf("%s: warnings\n got  %q\n want %q", lit, env.Warnings, want)
		}
		if got := string(ojson.Encode(env.ActiveHooks[0].Get("configValues"), "")); got != `{"lvl":null}` {
			t.Errorf("%s: configValues = %s", lit, got)
		}
		var doc map[string]any
		if err := json.Unmarshal(env.JSON(), &doc); err != nil {
			t.Errorf("%s: the envelope is not JSON: %v\n%s", lit, err, env.JSON())
		}
	}
}

// TestActivationKey: a capability's activation key turns it on only when set
// to true, nested or flat; a value of the wrong type leaves the default off.
func TestActivationKey(t *testing.T) {
	reg := repoRegistry(t)
	intel := func(config string) bool {
		env := resolve(t, reg, "plan:pre", config, Enablement{})
		return env.Active("intel")
	}
	cases := []struct {
		config string
		want   bool
	}{
		{`{}`, false}, // intel.enabled defaults to false
		{`{"intel":{"enabled":true}}`, true},
		{`{"intel.enabled":true}`, true},
		{`{"intel":{"enabled":"yes"}}`, false}, // wrong type: default false
		{`{"intel":{"enabled":false}}`, false},
	}
	for _, c := range cases {
		if got := intel(c.config); got != c.want {
			t.Errorf("config %s: intel active = %v, want %v", c.config, got, c.want)
		}
	}
	// The activation key gates every hook of the capability, also those
	// without a when.
	reg2 := memRegistry(t,
		memCap{id: "gated", activationKey: "gated.on", config: []validate.ConfigEntry{boolKey("gated.on", false)},
			steps: []string{`{"point":"ship:pre","ref":{"command":"x"},"onError":"skip"}`},
			gates: []string{`{"point":"ship:pre","check":{"query":"q"},"blocking":true,"onError":"halt"}`}},
	)
	if env := resolve(t, reg2, "ship:pre", `{}`, Enablement{}); len(env.ActiveHooks) != 0 {
		t.Errorf("activation key off: %v", ids(env))
	}
	if env := resolve(t, reg2, "ship:pre", `{"gated":{"on":true}}`, Enablement{}); !reflect.DeepEqual(ids(env), []string{"step:gated", "gate:gated"}) {
		t.Errorf("activation key on: %v", ids(env))
	}
}

// TestWhenShapes: a when that is present but not a non-empty string turns its
// hook off (null counts as absent), and such a when is never looked up.
func TestWhenShapes(t *testing.T) {
	// A when that is present but not a non-empty string deactivates the
	// hook; null counts as absent.
	whens := map[string]bool{`true`: false, `42`: false, `{}`: false, `""`: false, `[]`: false, `null`: true,
		`"k.on"`: true, `"k.off"`: false, `"k.missing"`: false}
	for w, want := range whens {
		reg := memRegistry(t, memCap{id: "k", config: []validate.ConfigEntry{boolKey("k.on", true), boolKey("k.off", false)},
			gates: []string{`{"point":"verify:pre","check":{"query":"q"},"when":` + w + `,"blocking":false,"onError":"skip"}`}})
		// Keys "" and "42" set: a when of "" or 42 is not looked up.
		env := resolve(t, reg, "verify:pre", `{"":true,"42":true}`, Enablement{})
		if got := len(env.ActiveHooks) == 1; got != want {
			t.Errorf("when %s: active = %v, want %v", w, got, want)
		}
	}
}

// ---------------------------------------------------------------------------
// configValues

// TestConfigValues: a hook's configValues carry the config's values of its
// declared keys, or their defaults where unset or of the wrong type.
func TestConfigValues(t *testing.T) {
	reg := repoRegistry(t)
	cv := func(config string) string {
		env := resolve(t, reg, "plan:pre", config, Enablement{})
		for i := range env.ActiveHooks {
			h := &env.ActiveHooks[i]
			if h.Get("capId").StringOr("") == "security" {
				if v := h.Get("configValues"); v != nil {
					return string(ojson.Encode(v, ""))
				}
				return "(none)"
			}
		}
		return "(inactive)"
	}
	cases := []struct{ config, want string }{
		{`{}`, `{"security_asvs_level":1,"security_block_on":"high"}`},
		{`{"workflow":{"security_asvs_level":2}}`, `{"security_asvs_level":2,"security_block_on":"high"}`},
		{`{"workflow":{"security_asvs_level":2.50,"security_block_on":"critical"}}`, `{"security_asvs_level":2.5,"security_block_on":"critical"}`},
		{`{"workflow.security_asvs_level":3}`, `{"security_asvs_level":3,"security_block_on":"high"}`},
		{`{"workflow":{"security_asvs_level":"3","security_block_on":"low"}}`, `{"security_asvs_level":1,"security_block_on":"high"}`},
		{`{"workflow":{"security_enforcement":false}}`, `(inactive)`},
	}
	for _, c := range cases {
		if got := cv(c.config); got != c.want {
			t.Errorf("config %s: configValues %s, want %s", c.config, got, c.want)
		}
	}

	// Raw values, not coerced; unknown keys omitted; non-string targets
	// ignored; alias order kept; nothing resolved → no configValues key.
	reg2 := memRegistry(t, memCap{id: "c",
		config: []validate.ConfigEntry{boolKey("c.flag", false)},
		contributions: []string{
			`{"point":"plan:post","into":"planner","fragment":{"inline":"x"},"produces":[],"consumes":[],
			  "configValues":{"z_obj":"central.obj","a_flag":"c.flag","m_missing":"nope.nothing","n_num":7,"s_str":"central.str","proto":"__proto__.x"}}`,
			`{"point":"plan:post","into":"planner","fragment":{"inline":"y"},"produces":[],"consumes":[],
			  "configValues":{"gone":"nope.nothing"}}`,
			`{"point":"plan:post","into":"planner","fragment":{"inline":"w"},"produces":[],"consumes":[],"configValues":["c.flag"]}`,
		}})
	env := resolve(t, reg2, "plan:post", `{"central":{"obj":{"k":[1,null]},"str":""}}`, Enablement{})
	if len(env.ActiveHooks) != 3 {
		t.Fatalf("active: %v", ids(env))
	}
	if got := string(ojson.Encode(env.ActiveHooks[0].Get("configValues"), "")); got != `{"z_obj":{"k":[1,null]},"a_flag":false,"s_str":""}` {
		t.Errorf("configValues = %s", got)
	}
	for i := 1; i < 3; i++ {
		if env.ActiveHooks[i].Has("configValues") {
			t.Errorf("hook %d has configValues %s", i, ojson.Encode(env.ActiveHooks[i].Get("configValues"), ""))
		}
	}
	if strings.Contains(env.Rendered, "false") || strings.Contains(env.Rendered, "configValues") {
		t.Errorf("configValues leak into markdown:\n%s", env.Rendered)
	}
}

// ---------------------------------------------------------------------------
// Enablement (testdata/repo: clusters assumptions (core), nyquist, security,
// ui (full); drift, intel, pattern-mapper, research, tdd own no skills)

// TestEnablement: which capabilities have an active hook under each profile,
// disabled list and surface, and the warnings an enablement gives.
func TestEnablement(t *testing.T) {
	reg := repoRegistry(t)
	// The capabilities with an active hook somewhere, over all points.
	enabled := func(en Enablement, config string) ([]string, []string, []string) {
		seen := map[string]bool{}
		var out, warnings, ofProfiles []string
		for _, p := range validate.Points {
			env := resolve(t, reg, p, config, en)
			for i := range env.ActiveHooks {
				id := env.ActiveHooks[i].Get("capId").Str
				if !seen[id] {
					seen[id] = true
					out = append(out, id)
				}
			}
			if p == "plan:pre" {
				warnings, ofProfiles = env.Warnings, env.ProfileWarnings
			}
		}
		return sortedCopy(out), warnings, ofProfiles
	}
	all := []string{"assumptions", "drift", "intel", "nyquist", "pattern-mapper", "research", "security", "tdd", "ui"}
	allOn := `{"intel":{"enabled":true},"workflow":{"tdd_mode":true}}`
	skillLess := []string{"drift", "intel", "pattern-mapper", "research", "tdd"}
	cases := []struct {
		name     string
		en       Enablement
		want     []string
		warnings []string
	}{
		{"none given", Enablement{}, all, nil},
		{"profile full", Enablement{Profile: "full"}, all, nil},
		{"profile core", Enablement{Profile: "core"}, sortedCopy(append([]string{"assumptions"}, skillLess...)), nil},
		{"profile standard", Enablement{Profile: "standard"}, sortedCopy(append([]string{"assumptions"}, skillLess...)), nil},
		{"unknown profile falls back to full", Enablement{Profile: "huge"}, all,
			[]string{`profile "huge" is not an install profile (core, standard, full); using full`}},
		{"a profile a typo away is named", Enablement{Profile: "stadard"}, all,
			[]string{`profile "stadard" is not an install profile (core, standard, full; did you mean "standard"?); using full`}},
		{"so is a mode of a list", Enablement{Profile: "core,ful"}, all,
			[]string{`profile "core,ful": mode "ful" is not an install profile (core, standard, full; did you mean "full"?); using full`}},
		{"a profile and a surface base a typo away are both named", Enablement{Profile: "cor", Surface: &Surface{BaseProfile: "ful"}}, all,
			[]string{`profile "cor" is not an install profile (core, standard, full; did you mean "core"?); using full`,
				`surface baseProfile "ful" is not an install profile (core, standard, full; did you mean "full"?); using full`}},
		{"a profile list is the union of its modes", Enablement{Profile: "core,standard"},
			sortedCopy(append([]string{"assumptions"}, skillLess...)), nil},
		{"full in a profile list is full", Enablement{Profile: "core,full"}, all, nil},
		{"an unknown mode in a list falls back to full", Enablement{Profile: "core,audit"}, all,
			[]string{`profile "core,audit": mode "audit" is not an install profile (core, standard, full); using full`}},
		{"a surface base list is a union too", Enablement{Surface: &Surface{BaseProfile: "core,standard", ExplicitAdds: []string{"ui-phase", "ui-review"}}},
			sortedCopy(append([]string{"assumptions", "ui"}, skillLess...)), nil},
		{"disabled capabilities", Enablement{DisabledCapabilities: []string{"drift", "ui", "nope", "securty"}},
			[]string{"assumptions", "intel", "nyquist", "pattern-mapper", "research", "security", "tdd"},
			[]string{`disabledCapabilities: "nope" is not a capability of this registry; ignored`,
				`disabledCapabilities: "securty" is not a capability of this registry (did you mean "security"?); ignored`}},
		{"skill-less capabilities cannot be disabled by profile or surface",
			Enablement{Profile: "core", Surface: &Surface{BaseProfile: "core", DisabledClusters: []string{"assumptions"}}}, skillLess, nil},
		{"an ignored surface is said so", Enablement{SurfaceIgnored: "it has no explicitAdds"}, all,
			[]string{"surface ignored, as gsd-core ignores such a surface file: it has no explicitAdds"}},
		{"surface without ui", Enablement{Surface: &Surface{BaseProfile: "full", DisabledClusters: []string{"ui"}}},
			[]string{"assumptions", "drift", "intel", "nyquist", "pattern-mapper", "research", "security", "tdd"}, nil},
		{"surface base defaults to the profile", Enablement{Profile: "core", Surface: &Surface{}},
			sortedCopy(append([]string{"assumptions"}, skillLess...)), nil},
		{"surface base core plus explicit adds", Enablement{Surface: &Surface{BaseProfile: "core", ExplicitAdds: []string{"ui-phase", "ui-review"}}},
			sortedCopy(append([]string{"assumptions", "ui"}, skillLess...)), nil},
		{"adds override disabled clusters", Enablement{Surface: &Surface{DisabledClusters: []string{"ui"}, ExplicitAdds: []string{"ui-phase", "ui-review"}}}, all, nil},
		{"one skill of two surfaced is not enough", Enablement{Surface: &Surface{BaseProfile: "core", ExplicitAdds: []string{"ui-phase"}}},
			sortedCopy(append([]string{"assumptions"}, skillLess...)), nil},
		{"surfaced but not installed", Enablement{Profile: "core", Surface: &Surface{BaseProfile: "full"}},
			sortedCopy(append([]string{"assumptions"}, skillLess...)), nil},
		{"explicit removes win", Enablement{Surface: &Surface{ExplicitAdds: []string{"secure-phase"}, ExplicitRemoves: []string{"secure-phase"}}},
			[]string{"assumptions", "drift", "intel", "nyquist", "pattern-mapper", "research", "tdd", "ui"}, nil},
		{"unknown names warn", Enablement{Surface: &Surface{BaseProfile: "mini", DisabledClusters: []string{"drift", "ghost", "uii", "drif", "ui-review", "gsd-ui-review"},
			ExplicitAdds: []string{"no-such-skill", "ui-phse"}, ExplicitRemoves: []string{"gsd-ui-phase"}}}, all,
			[]string{
				`surface baseProfile "mini" is not an install profile (core, standard, full); using full`,
				`surface disabledClusters: "drift" is not a cluster (that capability owns no skills); ignored`,
				`surface disabledClusters: "ghost" is not a cluster (no capability has that id); ignored`,
				`surface disabledClusters: "uii" is not a cluster (no capability has that id; did you mean "ui"?); ignored`,
				// drift owns no skills: no cluster to name.
				`surface disabledClusters: "drif" is not a cluster (no capability has that id); ignored`,
				// A skill's name is pointed to the capability owning it.
				`surface disabledClusters: "ui-review" is not a cluster (no capability has that id; it is a skill of "ui"; clusters are named by capability id); ignored`,
				// Also as installed, under the gsd- prefix (review 29).
				`surface disabledClusters: "gsd-ui-review" is not a cluster (no capability has that id; it is a skill of "ui"; clusters are named by capability id); ignored`,
				`surface explicitAdds: "no-such-skill" is not a skill of any capability; ignored`,
				`surface explicitAdds: "ui-phse" is not a skill of any capability (did you mean "ui-phase"?); ignored`,
				`surface explicitRemoves: "gsd-ui-phase" is not a skill of any capability (a surface names skills without the runtimes' gsd- prefix: "ui-phase"); ignored`,
			}},
		// A capability owning no skills is said so with no search: it
		// spent one of the enablement's maxHints did-you-means (a search
		// of the registry each), and the typo after them had none.
		{"capabilities owning no skills spend no hint", Enablement{Surface: &Surface{DisabledClusters: append(slices.Repeat([]string{"drift"}, maxHints), "uii")}}, all,
			[]string{`surface disabledClusters: "drift" is not a cluster (that capability owns no skills); ignored`, // said once
				`surface disabledClusters: "uii" is not a cluster (no capability has that id; did you mean "ui"?); ignored`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, warnings, profileWarnings := enabled(c.en, allOn)
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("enabled:\n got  %v\n want %v", got, c.want)
			}
			if !reflect.DeepEqual(warnings, c.warnings) {
				t.Errorf("warnings:\n got  %q\n want %q", warnings, c.warnings)
			}
			// ProfileWarnings are the envelope's warnings of the profile
			// and the surface's base, word for word and in order.
			var ofProfiles []string
			for _, w := range warnings {
				if strings.HasPrefix(w, "profile ") || strings.HasPrefix(w, "surface baseProfile ") {
					ofProfiles = append(ofProfiles, w)
				}
			}
			if got := profileWarnings; !slices.Equal(got, ofProfiles) {
				t.Errorf("ProfileWarnings:\n got  %q\n want %q", got, ofProfiles)
			}
		})
	}

	// Enablement is independent of when and activationKey: a disabled
	// capability stays off whatever the config says, an enabled one still
	// obeys its keys.
	env := resolve(t, reg, "plan:pre", `{}`, Enablement{Profile: "core"})
	if env.Active("intel") || env.Active("ui") || env.Active("security") || !env.Active("research") {
		t.Errorf("profile core at plan:pre: %v", ids(env))
	}
}

// TestEnablementInMemory: a tier's cluster is installed by its profile and
// the larger ones, and a hook of a capability missing from the registry fails
// closed once an enablement is given.
func TestEnablementInMemory(t *testing.T) {
	// A standard-tier cluster is installed by standard and full, not core;
	// a capability missing from the registry fails closed once an
	// enablement is given.
	reg := memRegistry(t,
		memCap{id: "std", tier: "standard", skills: []string{"s1"}, steps: []string{`{"point":"plan:pre","ref":{"skill":"s1"},"onError":"skip"}`}},
		memCap{id: "core", tier: "core", skills: []string{"c1"}, steps: []string{`{"point":"plan:pre","ref":{"skill":"c1"},"onError":"skip"}`}},
		memCap{id: "none", steps: []string{`{"point":"plan:pre","ref":{"command":"n"},"onError":"skip"}`}},
	)
	orphan := &validate.Hook{CapID: "orphan", Kind: validate.StepHook, Point: "plan:pre",
		Raw: mustJSON(t, `{"point":"plan:pre","ref":{"command":"o"},"onError":"skip"}`)}
	reg.ByLoopPoint[2].Steps = append(reg.ByLoopPoint[2].Steps, orphan)
	for _, c := range []struct {
		en   Enablement
		want []string
	}{
		{Enablement{}, []string{"step:std", "step:core", "step:none", "step:orphan"}},
		{Enablement{Profile: "full"}, []string{"step:std", "step:core", "step:none"}},
		{Enablement{Profile: "standard"}, []string{"step:std", "step:core", "step:none"}},
		{Enablement{Profile: "core"}, []string{"step:core", "step:none"}},
		{Enablement{Surface: &Surface{BaseProfile: "core"}}, []string{"step:core", "step:none"}},
		{Enablement{DisabledCapabilities: []string{"none"}}, []string{"step:std", "step:core"}},
	} {
		env := resolve(t, reg, "plan:pre", `{}`, c.en)
		if got := ids(env); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%+v: %v, want %v", c.en, got, c.want)
		}
	}
}

// TestExplicitAddsBringTheirRequires: a surface adds explicitAdds
// "together with their requires-closure" (ref §5.3), taken over the
// capabilities' requires: adding x's skill surfaces y and z, which x
// requires through y, though the base profile leaves them out; w, which
// requires x, and v, which nothing added requires, stay off. Before, x
// came on alone, with a warning that it requires y.
func TestExplicitAddsBringTheirRequires(t *testing.T) {
	step := func(skill string) []string {
		return []string{`{"point":"plan:pre","ref":{"skill":"` + skill + `"},"onError":"skip"}`}
	}
	reg := memRegistry(t,
		memCap{id: "c", tier: "core", skills: []string{"c1"}, steps: step("c1")},
		memCap{id: "v", skills: []string{"v1"}, steps: step("v1")},
		memCap{id: "w", skills: []string{"w1"}, requires: []string{"x"}, steps: step("w1")},
		memCap{id: "x", skills: []string{"x1"}, requires: []string{"y", "c"}, steps: step("x1")},
		memCap{id: "y", skills: []string{"y1", "y2"}, requires: []string{"z", "x"}, steps: step("y1")},
		memCap{id: "z", skills: []string{"z1"}, steps: step("z1")},
	)
	env := resolve(t, reg, "plan:pre", `{}`, Enablement{Surface: &Surface{BaseProfile: "core", ExplicitAdds: []string{"x1"}}})
	if got, want := ids(env), []string{"step:c", "step:x", "step:y", "step:z"}; !reflect.DeepEqual(got, want) || len(env.Warnings) > 0 {
		t.Errorf("adding x1: %v %q, want %v and no warning", got, env.Warnings, want)
	}
	env = resolve(t, reg, "plan:pre", `{}`, Enablement{Surface: &Surface{BaseProfile: "core", ExplicitAdds: []string{"x1"}, ExplicitRemoves: []string{"z1"}}})
	if got, want := ids(env), []string{"step:c", "step:x", "step:y"}; !reflect.DeepEqual(got, want) {
		t.Errorf("adding x1, removing z1 (no cascade): %v, want %v", got, want)
	}
}

// TestProfileUnion checks that a comma-separated profile installs the union
// of its modes (ref §5.3 resolveProfile), with clusters that no single
// profile installs together, so a union cannot pass for one of its modes.
func TestProfileUnion(t *testing.T) {
	reg := memRegistry(t,
		memCap{id: "c", tier: "core", skills: []string{"c1"}, steps: []string{`{"point":"plan:pre","ref":{"skill":"c1"},"onError":"skip"}`}},
		memCap{id: "s", tier: "standard", skills: []string{"s1"}, steps: []string{`{"point":"plan:pre","ref":{"skill":"s1"},"onError":"skip"}`}},
		memCap{id: "f", tier: "full", skills: []string{"f1"}, steps: []string{`{"point":"plan:pre","ref":{"skill":"f1"},"onError":"skip"}`}},
	)
	for i := range reg.Clusters {
		reg.Clusters[i].Profiles = []string{reg.Clusters[i].Tier} // each installed by its own profile only
	}
	for _, c := range []struct {
		profile, base string
		want          []string
		warnings      []string
	}{
		{"core", "", []string{"step:c"}, nil},
		{"standard", "", []string{"step:s"}, nil},
		{"core,standard", "", []string{"step:c", "step:s"}, nil},
		{"standard,core", "", []string{"step:c", "step:s"}, nil},
		{"core, standard,", "", []string{"step:c", "step:s"}, nil},
		{"core,full", "", []string{"step:c", "step:s", "step:f"}, nil},
		{"core,huge", "", []string{"step:c", "step:s", "step:f"},
			[]string{`profile "core,huge": mode "huge" is not an install profile (core, standard, full); using full`}},
		{",", "", []string{"step:c", "step:s", "step:f"},
			[]string{`profile "," is not an install profile (core, standard, full); using full`}},
		{"core,standard", "core", []string{"step:c"}, nil},
		{"full", "standard,core", []string{"step:c", "step:s"}, nil},
	} {
		en := Enablement{Profile: c.profile}
		if c.base != "" {
			en.Surface = &Surface{BaseProfile: c.base}
		}
		env := resolve(t, reg, "plan:pre", `{}`, en)
		if got := ids(env); !reflect.DeepEqual(got, c.want) || !reflect.DeepEqual(env.Warnings, c.warnings) {
			t.Errorf("profile %q base %q: %v %q, want %v %q", c.profile, c.base, got, env.Warnings, c.want, c.warnings)
		}
	}
}

// TestEnablementFromJSON: the request's enablement object is read field by
// field, with an error naming each field of the wrong type or value.
func TestEnablementFromJSON(t *testing.T) {
	cases := []struct {
		json string
		want Enablement
		err  string
	}{
		{`null`, Enablement{}, ""},
		{`{}`, Enablement{}, ""},
		{`{"profile":"core","disabledCapabilities":["a","b"],"other":1}`, Enablement{Profile: "core", DisabledCapabilities: []string{"a", "b"}}, ""},
		{`{"surface":{"baseProfile":"full","disabledClusters":["ui"],"explicitAdds":[],"explicitRemoves":["x"]}}`,
			Enablement{Surface: &Surface{BaseProfile: "full", DisabledClusters: []string{"ui"}, ExplicitAdds: []string{}, ExplicitRemoves: []string{"x"}}}, ""},
		{`{"surface":null,"profile":null}`, Enablement{}, ""},
		{`[]`, Enablement{}, "enablement must be an object, not an array"},
		{`{"profile":1}`, Enablement{}, "profile must be a string, not a number"},
		// As an empty --profile is a usage error: an unset "$PROFILE".
		{`{"profile":""}`, Enablement{}, `profile "" names no install profile (core, standard, full); leave it out, or null, for full`},
		{`{"profile":" "}`, Enablement{}, `profile " " names no install profile (core, standard, full); leave it out, or null, for full`},
		// A union naming no mode ("$A,$B" with both unset) is one too.
		{`{"profile":","}`, Enablement{}, `profile "," names no install profile (core, standard, full); leave it out, or null, for full`},
		{`{"profile":" , ,\t"}`, Enablement{}, `profile " , ,\t" names no install profile (core, standard, full); leave it out, or null, for full`},
		{`{"profile":",core,"}`, Enablement{Profile: ",core,"}, ""},
		{`{"disabledCapabilities":"ui"}`, Enablement{}, `disabledCapabilities must be an array of strings, not a string: write ["ui"]`},
		// A surface is all or nothing, as gsd-core reads .gsd-surface.json.
		{`{"surface":{"baseProfile":null,"disabledClusters":[],"explicitAdds":[],"explicitRemoves":[]}}`,
			Enablement{Surface: &Surface{DisabledClusters: []string{}, ExplicitAdds: []string{}, ExplicitRemoves: []string{}}}, ""},
		{`{"surface":{"baseProfile":"full","disabledClusters":["ui"]}}`,
			Enablement{SurfaceIgnored: "it has no explicitAdds (a surface needs all of baseProfile, disabledClusters, explicitAdds, explicitRemoves)"}, ""},
		{`{"surface":{"baseProfile":"full","disabledClusters":["ui",2],"explicitAdds":[],"explicitRemoves":[]}}`,
			Enablement{SurfaceIgnored: "surface.disabledClusters[1] must be a string, not a number"}, ""},
		{`{"surface":{"baseProfile":"full","disabledClusters":["ui"],"explicitAdds":null,"explicitRemoves":[]}}`,
			Enablement{SurfaceIgnored: "surface.explicitAdds is null, not an array of strings"}, ""},
		{`{"surface":[],"profile":"core"}`, Enablement{Profile: "core", SurfaceIgnored: "it is an array, not an object"}, ""},
	}
	for _, c := range cases {
		v := mustJSON(t, c.json)
		got, err := EnablementFromJSON(&v)
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("%s: err %v, want %q", c.json, err, c.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %+v, %v; want %+v", c.json, got, err, c.want)
		}
	}
	if en, err := EnablementFromJSON(nil); err != nil || en.given() {
		t.Errorf("nil: %+v %v", en, err)
	}
}

// ---------------------------------------------------------------------------
// Entry shapes, markdown and the envelope

// The synthetic renderer check of ref §5.6, byte for byte, on a registry
// built in memory (validation would inline the step's fragment path).
func TestSyntheticRendererCheck(t *testing.T) {
	reg := memRegistry(t,
		memCap{id: "alpha", config: []validate.ConfigEntry{boolKey("demo.on", true)},
			steps:         []string{`{"point":"plan:pre","ref":{"agent":"gsd-demo"},"produces":["A.md"],"consumes":[],"onError":"skip","fragment":{"path":"f/a.md"}}`},
			contributions: []string{`{"point":"plan:pre","into":"planner","fragment":{"inline":"LINE ONE\nLINE TWO"},"produces":[],"consumes":[],"when":"demo.on"}`},
			gates:         []string{`{"point":"plan:pre","check":{"agentVerdict":{"ref":"r","prompt":"p"}},"blocking":false,"onError":"skip"}`}},
		memCap{id: "beta", config: []validate.ConfigEntry{boolKey("demo.on", true)},
			steps: []string{`{"point":"plan:pre","ref":{"command":"demo run"},"produces":[],"consumes":["A.md"],"when":"demo.on","onError":"halt"}`},
			gates: []string{`{"point":"plan:pre","check":"bare-string","onError":"halt"}`}},
	)
	const want = "### Step 1: agent:gsd-demo (alpha)\n" +
		"- produces: A.md\n" +
		"- onError: skip\n" +
		"\n" +
		"_Step fragment path is declared but not rendered by loop-resolver: f/a.md_\n" +
		"\n" +
		"### Step 2: {\"command\":\"demo run\"} (beta)\n" +
		"- consumes: A.md\n" +
		"- when: `demo.on`\n" +
		"- onError: halt\n" +
		"\n" +
		"<contribution from=\"alpha\" into=\"planner\">\n" +
		"LINE ONE\n" +
		"LINE TWO\n" +
		"- when: `demo.on`\n" +
		"</contribution>\n" +
		"\n" +
		"**Gate** (alpha): check={\"agentVerdict\":{\"ref\":\"r\",\"prompt\":\"p\"}}, blocking=false, onError=skip\n" +
		"\n" +
		"**Gate** (beta): check=bare-string, blocking=false, onError=halt"
	env := resolve(t, reg, "plan:pre", `{}`, Enablement{})
	if env.Rendered != want {
		t.Errorf("rendered:\n%s\n--- want:\n%s", env.Rendered, want)
	}
	wantHooks := []string{
		`{"capId":"alpha","kind":"step","ref":{"agent":"gsd-demo"},"fragment":{"path":"f/a.md"},"produces":["A.md"],"onError":"skip"}`,
		`{"capId":"beta","kind":"step","ref":{"command":"demo run"},"when":"demo.on","consumes":["A.md"],"onError":"halt"}`,
		`{"capId":"alpha","kind":"contribution","into":"planner","fragment":{"inline":"LINE ONE\nLINE TWO"},"when":"demo.on"}`,
		`{"capId":"alpha","kind":"gate","check":{"agentVerdict":{"ref":"r","prompt":"p"}},"blocking":false,"onError":"skip"}`,
		`{"capId":"beta","kind":"gate","check":"bare-string","onError":"halt"}`,
	}
	compareHooks(t, env, wantHooks)

	// The further observations of ref §5.6, under CONTRACT.md §7: the flat
	// key is honoured (the reference ignores it), and a mistyped value falls
	// back to the default with a warning, as the reference's type-checked
	// loadConfig does ({demo:{on:0}} deactivates only on the reference's
	// untyped pure path).
	for _, c := range []struct {
		config   string
		active   bool
		warnings int
	}{
		{`{"demo.on": false}`, false, 0},
		{`{"demo":{"on":"false"}}`, true, 1},
		{`{"demo":{"on":0}}`, true, 1},
		{`{"demo":{"on":false}}`, false, 0},
	} {
		env := resolve(t, reg, "plan:pre", c.config, Enablement{})
		if got := strings.Contains(env.Rendered, "Step 2:"); got != c.active || len(env.Warnings) != c.warnings {
			t.Errorf("config %s: beta step active=%v warnings=%q", c.config, got, env.Warnings)
		}
	}
}

func compareHooks(t *testing.T, env *Envelope, want []string) {
	t.Helper()
	var got []string
	for i := range env.ActiveHooks {
		got = append(got, string(ojson.Encode(&env.ActiveHooks[i], "")))
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("activeHooks:\n got  %s\n want %s", strings.Join(got, "\n      "), strings.Join(want, "\n      "))
	}
}

// Entry shapes and key order of ref §5.4, from hooks whose source key order
// differs from the emitted order.
func TestEntryShapes(t *testing.T) {
	reg := memRegistry(t, memCap{id: "s",
		steps: []string{
			`{"onError":"halt","when":"s.on","consumes":["C"],"produces":["P"],"fragment":{"path":"p.md","inline":"text","extra":1},"ref":{"skill":"x","note":"kept"},"point":"execute:post","unknown":true}`,
			`{"point":"execute:post","ref":{"agent":"a"},"produces":[],"consumes":[],"fragment":{}}`,
		},
		contributions: []string{
			`{"configValues":{"b":"s.on"},"onError":"skip","consumes":[],"produces":["X"],"when":"s.on","fragment":{"inline":"i"},"into":"executor","point":"execute:post"}`,
			`{"point":"execute:post","fragment":{"path":"only.md"},"produces":[],"consumes":[]}`,
		},
		gates: []string{
			`{"onError":"halt","blocking":true,"check":{"predicate":{"kind":"k","z":1,"a":2}},"when":"s.on","point":"execute:post"}`,
			`{"point":"execute:post","check":{"query":"q"},"blocking":"yes"}`,
		},
		config: []validate.ConfigEntry{boolKey("s.on", true)},
	})
	env := resolve(t, reg, "execute:post", `{}`, Enablement{})
	compareHooks(t, env, []string{
		`{"capId":"s","kind":"step","ref":{"skill":"x","note":"kept"},"fragment":{"inline":"text","path":"p.md"},"when":"s.on","produces":["P"],"consumes":["C"],"onError":"halt"}`,
		`{"capId":"s","kind":"step","ref":{"agent":"a"}}`,
		`{"capId":"s","kind":"contribution","into":"executor","fragment":{"inline":"i"},"when":"s.on","produces":["X"],"onError":"skip","configValues":{"b":true}}`,
		`{"capId":"s","kind":"contribution","fragment":{"path":"only.md"}}`,
		`{"capId":"s","kind":"gate","when":"s.on","check":{"predicate":{"kind":"k","z":1,"a":2}},"blocking":true,"onError":"halt"}`,
		`{"capId":"s","kind":"gate","check":{"query":"q"}}`,
	})
	const want = "### Step 1: skill:x (s)\n- produces: P\n- consumes: C\n- when: `s.on`\n- onError: halt\n\ntext\n\n" +
		"### Step 2: agent:a (s)\n\n" +
		"<contribution from=\"s\" into=\"executor\">\ni\n- produces: X\n- when: `s.on`\n- onError: skip\n</contribution>\n\n" +
		"<contribution from=\"s\" into=\"(unset)\">\n_Contribution fragment path is declared but not rendered by loop-resolver: only.md_\n</contribution>\n\n" +
		"**Gate** (s): check={\"predicate\":{\"kind\":\"k\",\"z\":1,\"a\":2}}, blocking=true, onError=halt\n- when: `s.on`\n\n" +
		"**Gate** (s): check={\"query\":\"q\"}, blocking=false, onError=skip"
	if env.Rendered != want {
		t.Errorf("rendered:\n%q\nwant\n%q", env.Rendered, want)
	}
}

// The real plan:pre envelope of ref §5.6 in shape, on testdata/repo (the
// same ui and drift hooks as gsd-core).
func TestPlanPreEnvelopeShape(t *testing.T) {
	reg := repoRegistry(t)
	env := resolve(t, reg, "plan:pre", `{"workflow":{"research":false,"pattern_mapper":false,"security_enforcement":false}}`, Enablement{})
	const want = `{
  "point": "plan:pre",
  "activeHooks": [
    {
      "capId": "ui",
      "kind": "step",
      "ref": {
        "skill": "ui-phase"
      },
      "when": "workflow.ui_phase",
      "produces": [
        "UI-SPEC.md"
      ],
      "consumes": [
        "CONTEXT.md"
      ],
      "onError": "skip"
    },
    {
      "capId": "drift",
      "kind": "gate",
      "when": "workflow.plan_drift_precheck",
      "check": {
        "query": "verify.codebase-drift"
      },
      "blocking": false,
      "onError": "skip"
    },
    {
      "capId": "ui",
      "kind": "gate",
      "when": "workflow.ui_safety_gate",
      "check": {
        "query": "ui.plan-gate"
      },
      "blocking": true,
      "onError": "halt"
    }
  ],
  "rendered": "### Step 1: skill:ui-phase (ui)\n- produces: UI-SPEC.md\n- consumes: CONTEXT.md\n- when: ` + "`workflow.ui_phase`" + `\n- onError: skip\n\n**Gate** (drift): check={\"query\":\"verify.codebase-drift\"}, blocking=false, onError=skip\n- when: ` + "`workflow.plan_drift_precheck`" + `\n\n**Gate** (ui): check={\"query\":\"ui.plan-gate\"}, blocking=true, onError=halt\n- when: ` + "`workflow.ui_safety_gate`" + `"
}`
	if got := string(env.JSON()); got != want {
		t.Errorf("envelope:\n%s\n--- want:\n%s", got, want)
	}
	if !env.Active("ui") || !env.Active("drift") || env.Active("security") || env.Active("nope") {
		t.Error("Active disagrees with activeHooks")
	}
}

// TestEnvelopeJSON: an envelope's JSON has its fields in order, an empty
// activeHooks array, and warnings only when there are some, escaped.
func TestEnvelopeJSON(t *testing.T) {
	env := &Envelope{Point: "ship:post", Rendered: "_No active hooks at ship:post._"}
	if got := string(env.JSON()); got != "{\n  \"point\": \"ship:post\",\n  \"activeHooks\": [],\n  \"rendered\": \"_No active hooks at ship:post._\"\n}" {
		t.Errorf("empty envelope: %s", got)
	}
	env.Warnings = []string{`a "quoted" <warning> & more`}
	if got := string(env.JSON()); !strings.HasSuffix(got, "\"rendered\": \"_No active hooks at ship:post._\",\n  \"warnings\": [\n    \"a \\\"quoted\\\" <warning> & more\"\n  ]\n}") {
		t.Errorf("envelope with warnings: %s", got)
	}
}

// TestUnknownPoint: an unknown point is ErrUnknownPoint with the reference's
// message, and names the point a typo away, or a phase's points.
func TestUnknownPoint(t *testing.T) {
	reg := repoRegistry(t)
	// The reference's message, then the point a typo away, if any.
	for _, c := range []struct{ point, meant string }{
		{"", ""}, {"plan:mid", ""}, {"pre", ""}, {"plans", ""}, {"PLAN:PRE", "plan:pre"}, {"plan:pre ", "plan:pre"}, {"plan:pree", "plan:pre"}, {"verify:psot", "verify:post"},
		// The end of one point, its step left out: that point.
		{"wave:pre", "execute:wave:pre"}, {" Wave:Post", "execute:wave:post"}, {":pre", ""}, {"pre:", ""},
		// A step without its phase: no one point is meant, so its points
		// are named, as the caller wants one of them.
		{"plan", `a loop point names its phase: did you mean "plan:pre" or "plan:post"`},
		{" Plan: ", `a loop point names its phase: did you mean "plan:pre" or "plan:post"`},
		{"execute:wave", `a loop point names its phase: did you mean "execute:wave:pre" or "execute:wave:post"`},
		{"execute", `a loop point names its phase: did you mean "execute:pre", "execute:wave:pre", "execute:wave:post" or "execute:post"`},
	} {
		p := c.point
		_, err := Resolve(reg, Request{Point: p})
		if !errors.Is(err, ErrUnknownPoint) {
			t.Fatalf("point %q: err %v, want ErrUnknownPoint", p, err)
		}
		want := `Invalid loop point: "` + p + `". Valid points: discuss:pre, discuss:post, plan:pre, plan:post, execute:pre, execute:wave:pre, execute:wave:post, execute:post, verify:pre, verify:post, ship:pre, ship:post`
		switch {
		case strings.HasPrefix(c.meant, "a loop point"):
			want += " (" + c.meant + "?)"
		case c.meant != "":
			want += ` (did you mean "` + c.meant + `"?)`
		}
		if err.Error() != want {
			t.Errorf("message:\n got  %s\n want %s", err, want)
		}
	}
	if _, err := Resolve(nil, Request{Point: "plan:pre"}); !errors.Is(err, ErrNoRegistry) {
		t.Errorf("nil registry: %v", err)
	}
	if _, err := Resolve(nil, Request{Point: "nope"}); !errors.Is(err, ErrUnknownPoint) {
		t.Errorf("nil registry, bad point: %v", err)
	}
}

// A registry listing fewer than 12 points, or hooks without Raw, renders
// without panicking.
func TestOddRegistries(t *testing.T) {
	reg := memRegistry(t)
	reg.ByLoopPoint = reg.ByLoopPoint[5:7]
	env := resolve(t, reg, "plan:pre", `{}`, Enablement{Profile: "core"})
	if env.Rendered != "_No active hooks at plan:pre._" {
		t.Errorf("missing point: %q", env.Rendered)
	}
	w := "k.on"
	reg.ByLoopPoint[1].Steps = []*validate.Hook{nil, {CapID: "x", Kind: validate.StepHook, Point: reg.ByLoopPoint[1].Point,
		Produces: []string{"P"}, When: &w}}
	reg.ConfigKeys = append(reg.ConfigKeys, storeKey(boolKey("k.on", true)))
	env = resolve(t, reg, reg.ByLoopPoint[1].Point, `{}`, Enablement{})
	if env.Rendered != "### Step 1: (none) (x)\n- produces: P\n- when: `k.on`" {
		t.Errorf("hook without Raw: %q", env.Rendered)
	}
}

// Resolve is safe for concurrent use on one registry (the per-registry index
// is shared); run under -race.
func TestConcurrentResolve(t *testing.T) {
	reg := repoRegistry(t)
	configs := []string{`{}`, `{"workflow":{"ui_phase":"x"}}`, `{"intel.enabled":true}`}
	want := map[string]string{}
	for _, c := range configs {
		for _, p := range validate.Points {
			want[c+p] = string(resolve(t, reg, p, c, Enablement{Profile: "standard"}).JSON())
		}
	}
	done := make(chan error)
	for g := 0; g < 8; g++ {
		go func() {
			var err error
			for i := 0; i < 50 && err == nil; i++ {
				c, p := configs[(g+i)%len(configs)], validate.Points[i%len(validate.Points)]
				req := Request{Point: p, Config: mustJSON(t, c), Enablement: Enablement{Profile: "standard"}}
				env, e := Resolve(reg, req)
				if e != nil {
					err = e
				} else if string(env.JSON()) != want[c+p] {
					err = errors.New("concurrent result differs for " + c + " at " + p)
				}
			}
			done <- err
		}()
	}
	for g := 0; g < 8; g++ {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

// Entries share backing arrays but are capped: growing one leaves the next
// intact.
func TestEntriesIndependent(t *testing.T) {
	env := resolve(t, repoRegistry(t), "plan:pre", `{}`, Enablement{})
	if len(env.ActiveHooks) < 2 {
		t.Fatal("want at least two hooks")
	}
	next := string(ojson.Encode(&env.ActiveHooks[1], ""))
	env.ActiveHooks[0].Append("extra", ojson.NewBool(true))
	if f := env.ActiveHooks[0].Get("fragment"); f != nil {
		f.Append("extra", ojson.NewBool(true))
	}
	if got := string(ojson.Encode(&env.ActiveHooks[1], "")); got != next {
		t.Errorf("appending to entry 0 changed entry 1:\n%s\n%s", got, next)
	}
	again := resolve(t, repoRegistry(t), "plan:pre", `{}`, Enablement{})
	if strings.Contains(string(again.JSON()), "extra") {
		t.Error("appending to an entry changed the registry")
	}
}

// Large config objects are looked up through an index; the answers equal
// the scanning Lookup's, duplicates included (the last value wins).
func TestLargeConfig(t *testing.T) {
	reg := repoRegistry(t)
	var b strings.Builder
	b.WriteString(`{`)
	for i := 0; i < 40; i++ {
		b.WriteString(`"k` + strings.Repeat("x", i) + `":1,`)
	}
	b.WriteString(`"workflow":{`)
	for i := 0; i < 40; i++ {
		b.WriteString(`"w` + strings.Repeat("x", i) + `":1,`)
	}
	b.WriteString(`"ui_phase":false},"workflow.research":false,"intel.enabled":true}`)
	cfg := b.String()
	env := resolve(t, reg, "plan:pre", cfg, Enablement{})
	if got, want := ids(env), []string{"step:intel", "step:pattern-mapper", "contribution:security", "gate:drift", "gate:ui"}; !reflect.DeepEqual(got, want) {
		t.Errorf("large config: %v, want %v", got, want)
	}
	// Built in memory with a repeated key: the last one wins, as with
	// JSON.parse and the scanning Lookup.
	v := mustJSON(t, cfg)
	v.Members = append(v.Members, ojson.Member{Key: "workflow.research", Value: ojson.NewBool(true)})
	if got, ok := Lookup(&v, "workflow.research"); !ok || !got.Bool {
		t.Error("Lookup: the last duplicate should win")
	}
	env, err := Resolve(reg, Request{Point: "plan:pre", Config: v})
	if err != nil || !env.Active("research") {
		t.Errorf("indexed lookup: the last duplicate should win: %v %v", ids(env), err)
	}
}

// A config that is not an object (a caller of Resolve that skipped the
// checks the CLI and the API make) is ignored with a warning naming its kind
// with its article.
func TestNonObjectConfigIsIgnored(t *testing.T) {
	reg := repoRegistry(t)
	for _, c := range []struct{ config, kind string }{{`[]`, "an array"}, {`"x"`, "a string"}, {`1`, "a number"}} {
		env := resolve(t, reg, "plan:pre", c.config, Enablement{})
		want := "config must be a JSON object, not " + c.kind + "; it is ignored and every key takes its default"
		if len(env.Warnings) != 1 || env.Warnings[0] != want {
			t.Errorf("config %s: warnings %q, want [%q]", c.config, env.Warnings, want)
		}
	}
}

// TestSameProfile: two profiles are the same when they install the same
// union: the modes in any order, spacing or repeat, and full with anything.
func TestSameProfile(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"core,standard", "standard, core", true},
		{"core", "core,core", true},
		{"full", "core,full", true},
		{"core", "standard", false},
		{"core,standard", "core", false},
	}
	for _, tt := range tests {
		if got := SameProfile(tt.a, tt.b); got != tt.want {
			t.Errorf("SameProfile(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// A capability with a hook active at the point that requires one
// disabledCapabilities turns off is warned of, once: its hooks stay
// active, as there is no cascade. pattern-mapper requires research.
func TestWarnRequiresDisabled(t *testing.T) {
	reg := repoRegistry(t)
	want := `capability "pattern-mapper" requires "research", which disabledCapabilities turns off, and its hooks here stay active: turn "pattern-mapper" off too, or "research" on`
	for _, c := range []struct {
		disabled []string
		warned   bool
	}{
		{[]string{"research"}, true},
		{[]string{"research", "research"}, true},
		{[]string{"research", "pattern-mapper"}, false}, // disabled too: not active
		{[]string{"ui"}, false},
		{nil, false},
	} {
		env := resolve(t, reg, "plan:pre", `{}`, Enablement{DisabledCapabilities: c.disabled})
		if !env.Active("pattern-mapper") && c.warned {
			t.Fatalf("%v: pattern-mapper is not active at plan:pre", c.disabled)
		}
		if n := slices.Index(env.Warnings, want); (n >= 0) != c.warned || slices.Index(env.Warnings[n+1:], want) >= 0 {
			t.Errorf("disabledCapabilities %v: warnings %q, want the warning %v, once", c.disabled, env.Warnings, c.warned)
		}
	}
}

// The warning names what turns the required capability off (the profile
// and the surface too), and one required through another with it.
func TestWarnRequiresDisabledCause(t *testing.T) {
	step := func(ref string) []string {
		return []string{`{"point":"plan:pre","ref":{"skill":"` + ref + `"},"onError":"skip"}`}
	}
	reg := memRegistry(t,
		memCap{id: "top", steps: []string{`{"point":"plan:pre","ref":{"command":"t"},"onError":"skip"}`}},
		memCap{id: "mid", tier: "standard", skills: []string{"m1"}, steps: step("m1")},
		memCap{id: "base", tier: "full", skills: []string{"b1"}, steps: step("b1")},
	)
	reg.ByID["top"].Requires = []string{"mid"}
	reg.ByID["mid"].Requires = []string{"base"}
	reg.Closure = map[string][]string{"top": {"mid", "base"}, "mid": {"base"}, "base": nil}
	const (
		midOff  = `capability "top" requires "mid", which %s turns off, and its hooks here stay active: turn "top" off too, or "mid" on`
		baseOff = `capability "top" requires "base" (through "mid"), which %s turns off, and its hooks here stay active: turn "top" off too, or "base" on`
		midBase = `capability "mid" requires "base", which %s turns off, and its hooks here stay active: turn "mid" off too, or "base" on`
	)
	msg := fmt.Sprintf
	for _, c := range []struct {
		name string
		en   Enablement
		want []string
	}{
		{"none given", Enablement{}, nil},
		{"mid disabled", Enablement{DisabledCapabilities: []string{"mid"}}, []string{msg(midOff, "disabledCapabilities")}},
		{"base disabled", Enablement{DisabledCapabilities: []string{"base"}}, []string{msg(baseOff, "disabledCapabilities"), msg(midBase, "disabledCapabilities")}},
		{"core profile", Enablement{Profile: "core"}, []string{msg(midOff, "the profile"), msg(baseOff, "the profile")}},
		{"surface", Enablement{Surface: &Surface{DisabledClusters: []string{"mid"}}}, []string{msg(midOff, "the surface")}},
		// Every cause is named: turning one back on leaves it off.
		{"profile and disabled", Enablement{Profile: "core", DisabledCapabilities: []string{"mid"}}, []string{
			msg(strings.Replace(midOff, "turns", "turn", 1), "disabledCapabilities and the profile"), msg(baseOff, "the profile")}},
		{"profile and surface", Enablement{Profile: "core", Surface: &Surface{DisabledClusters: []string{"base"}}}, []string{
			msg(midOff, "the profile"), msg(strings.Replace(baseOff, "turns", "turn", 1), "the profile and the surface")}},
		{"surface base", Enablement{Surface: &Surface{BaseProfile: "core"}}, []string{msg(midOff, "the surface"), msg(baseOff, "the surface")}},
		// A base the surface gives is its own, though the profile is the same.
		{"both core", Enablement{Profile: "core", Surface: &Surface{BaseProfile: "core"}}, []string{
			msg(strings.Replace(midOff, "turns", "turn", 1), "the profile and the surface"), msg(strings.Replace(baseOff, "turns", "turn", 1), "the profile and the surface")}},
	} {
		env := resolve(t, reg, "plan:pre", `{}`, c.en)
		if !reflect.DeepEqual(env.Warnings, c.want) {
			t.Errorf("%s: warnings\n%q\nwant\n%q", c.name, env.Warnings, c.want)
		}
	}
}

// Tests that pin what ./render writes (the envelope, its entries, the
// markdown), which a second mutation run of the package found no test held.

// JSON writes any envelope, the zero one and one whose markdown is short
// beside its many hooks, as the JSON of its fields.
func TestEnvelopeJSONOfAnySize(t *testing.T) {
	if got, want := string((&Envelope{}).JSON()), "{\n  \"point\": \"\",\n  \"activeHooks\": [],\n  \"rendered\": \"\"\n}"; got != want {
		t.Errorf("zero envelope: %q, want %q", got, want)
	}
	gates := make([]string, 8)
	for i := range gates {
		gates[i] = `{"point":"ship:post"}`
	}
	reg := memRegistry(t, memCap{id: "g", gates: gates})
	env := resolve(t, reg, "ship:post", ``, Enablement{})
	var doc struct {
		Point       string
		ActiveHooks []map[string]any
		Rendered    string
	}
	if err := json.Unmarshal(env.JSON(), &doc); err != nil {
		t.Fatal(err)
	}
	line := "**Gate** (g): check=(none), blocking=false, onError=skip"
	if want := strings.Repeat(line+"\n\n", 7) + line; doc.Point != "ship:post" || len(doc.ActiveHooks) != 8 || doc.Rendered != want {
		t.Errorf("envelope of 8 bare gates: point %q, %d hooks, rendered %q", doc.Point, len(doc.ActiveHooks), doc.Rendered)
	}
}

// A registry built in memory that lists fewer than 12 points renders a
// point it does not list as one without hooks, whatever point sits at
// that point's place in the canonical order.
func TestPointMissingFromShortRegistry(t *testing.T) {
	reg := memRegistry(t, memCap{id: "g", gates: []string{`{"point":"ship:post","check":"c"}`}})
	last := validate.PointIndex("ship:post")
	reg.ByLoopPoint = reg.ByLoopPoint[last:]
	if env := resolve(t, reg, validate.Points[0], ``, Enablement{}); env.Rendered != "_No active hooks at "+validate.Points[0]+"._" || env.ActiveHooks != nil {
		t.Errorf("%s: %q, %d hooks", validate.Points[0], env.Rendered, len(env.ActiveHooks))
	}
	if env := resolve(t, reg, "ship:post", ``, Enablement{}); env.Rendered != "**Gate** (g): check=c, blocking=false, onError=skip" {
		t.Errorf("ship:post: %q", env.Rendered)
	}
}

// A contribution built in memory without Raw carries its into.
func TestContributionWithoutRawCarriesInto(t *testing.T) {
	reg := memRegistry(t)
	ph := &reg.ByLoopPoint[validate.PointIndex("plan:pre")]
	ph.Contributions = []*validate.Hook{{CapID: "x", Kind: validate.ContributionHook, Point: "plan:pre", Into: "planner"}}
	env := resolve(t, reg, "plan:pre", ``, Enablement{})
	compareHooks(t, env, []string{`{"capId":"x","kind":"contribution","into":"planner"}`})
	if want := "<contribution from=\"x\" into=\"planner\">\n</contribution>"; env.Rendered != want {
		t.Errorf("rendered %q, want %q", env.Rendered, want)
	}
}

// Appending to one entry's fragment leaves the next entry's fragment as it
// was: each fragment's members are capped.
func TestFragmentsIndependent(t *testing.T) {
	reg := memRegistry(t, memCap{id: "f", steps: []string{
		`{"point":"plan:pre","ref":{"skill":"a"},"fragment":{"inline":"A"}}`,
		`{"point":"plan:pre","ref":{"skill":"b"},"fragment":{"path":"b.md"}}`}})
	env := resolve(t, reg, "plan:pre", ``, Enablement{})
	if len(env.ActiveHooks) != 2 {
		t.Fatalf("active %v", ids(env))
	}
	env.ActiveHooks[0].Get("fragment").Append("extra", ojson.NewBool(true))
	if got := string(ojson.Encode(env.ActiveHooks[1].Get("fragment"), "")); got != `{"path":"b.md"}` {
		t.Errorf("appending to fragment 0 changed fragment 1: %s", got)
	}
}

// Tests that pin behaviour mutation testing (gremlins) found no test held.

// A value a warning quotes is shown whole up to 60 characters (runes, not
// bytes) and cut to 57 and "..." past that.
func TestWarningQuotesAtMostSixtyRunes(t *testing.T) {
	reg := repoRegistry(t)
	for _, c := range []struct {
		given, shown string
	}{
		{strings.Repeat("é", 60), strings.Repeat("é", 60)},
		{strings.Repeat("é", 61), strings.Repeat("é", 57) + "..."},
		{strings.Repeat("a", 59) + "€", strings.Repeat("a", 59) + "€"},
	} {
		env := resolve(t, reg, "plan:pre", `{"workflow":{"research":"`+c.given+`"}}`, Enablement{})
		want := `config key "workflow.research" expects a boolean but was given the string "` + c.shown + `"; the value is ignored and the default true is used`
		if !reflect.DeepEqual(env.Warnings, []string{want}) {
			t.Errorf("%d runes: warnings\n%q\nwant\n%q", len([]rune(c.given)), env.Warnings, []string{want})
		}
	}
}

// An enablement's did-you-mean searches are bounded by maxHints: the
// maxHints-th unknown name is given one, the next is not.
func TestHintsStopAtMaxHints(t *testing.T) {
	reg := repoRegistry(t)
	for _, before := range []int{maxHints - 1, maxHints} {
		names := unknownNames(before) // unknown, near nothing
		names = append(names, "securty")
		env := resolve(t, reg, "plan:pre", `{}`, Enablement{DisabledCapabilities: names})
		last := env.Warnings[len(env.Warnings)-1]
		hinted := strings.Contains(last, `(did you mean "security"?)`)
		if want := before < maxHints; hinted != want {
			t.Errorf("after %d unknown names: %q, want a hint %v", before, last, want)
		}
	}
}

// A surface that adds a skill of a capability whose requires name one the
// registry does not hold (a registry built in memory) enables it, and
// renders, rather than panicking.
func TestExplicitAddsRequiringMissingCapability(t *testing.T) {
	step := func(skill string) []string {
		return []string{`{"point":"plan:pre","ref":{"skill":"` + skill + `"},"onError":"skip"}`}
	}
	// The requires past the missing one still count: c comes with a
	// through b.
	reg := memRegistry(t,
		memCap{id: "a", skills: []string{"a1"}, requires: []string{"ghost", "b"}, steps: step("a1")},
		memCap{id: "b", skills: []string{"b1"}, requires: []string{"c"}, steps: step("b1")},
		memCap{id: "c", skills: []string{"c1"}, steps: step("c1")},
	)
	env := resolve(t, reg, "plan:pre", `{}`, Enablement{Surface: &Surface{BaseProfile: "core", ExplicitAdds: []string{"a1"}}})
	if got, want := ids(env), []string{"step:a", "step:b", "step:c"}; !reflect.DeepEqual(got, want) {
		t.Errorf("active hooks %v, want %v", got, want)
	}
}

// A surface skill named as installed, under the runtimes' gsd- prefix, is
// pointed to the skill it names even when another skill is a typo away
// from the prefixed name (as disabledClusters points a skill's name to its
// owner before any near id), and that look-up, which searches nothing,
// spends none of the enablement's maxHints did-you-means.
func TestSurfaceGsdPrefixBeforeNearName(t *testing.T) {
	reg := memRegistry(t,
		memCap{id: "p", skills: []string{"plan", "gsd-plam"}},
		memCap{id: "s", skills: []string{"ship"}},
	)
	prefixed := func(what, name, bare string) string {
		return fmt.Sprintf(`surface %s: %q is not a skill of any capability (a surface names skills without the runtimes' gsd- prefix: %q); ignored`, what, name, bare)
	}
	env := resolve(t, reg, "plan:pre", `{}`, Enablement{Surface: &Surface{ExplicitAdds: []string{"gsd-plan"}}})
	if want := []string{prefixed("explicitAdds", "gsd-plan", "plan")}; !reflect.DeepEqual(env.Warnings, want) {
		t.Errorf("warnings\n%q\nwant\n%q", env.Warnings, want)
	}
	removes := slices.Repeat([]string{"gsd-ship"}, maxHints)
	env = resolve(t, reg, "plan:pre", `{}`, Enablement{Surface: &Surface{ExplicitRemoves: append(removes, "shipp")}})
	want := []string{prefixed("explicitRemoves", "gsd-ship", "ship"),
		`surface explicitRemoves: "shipp" is not a skill of any capability (did you mean "ship"?); ignored`}
	if !reflect.DeepEqual(env.Warnings, want) {
		t.Errorf("warnings\n%q\nwant\n%q", env.Warnings, want)
	}
}

// A capability that requires a disabled one both directly and through
// another is warned of as requiring it directly.
func TestWarnRequiresDisabledDirectBeforeThrough(t *testing.T) {
	reg := memRegistry(t,
		memCap{id: "top", steps: []string{`{"point":"plan:pre","ref":{"command":"t"},"onError":"skip"}`}},
		memCap{id: "mid"},
		memCap{id: "base"},
	)
	reg.ByID["top"].Requires = []string{"mid", "base"}
	reg.ByID["mid"].Requires = []string{"base"}
	reg.Closure = map[string][]string{"top": {"mid", "base"}, "mid": {"base"}}
	env := resolve(t, reg, "plan:pre", `{}`, Enablement{DisabledCapabilities: []string{"base"}})
	want := []string{`capability "top" requires "base", which disabledCapabilities turns off, and its hooks here stay active: turn "top" off too, or "base" on`}
	if !reflect.DeepEqual(env.Warnings, want) {
		t.Errorf("warnings\n%q\nwant\n%q", env.Warnings, want)
	}
}

// A hook built in memory without Raw carries into only when it is a
// contribution into something: an empty into is no into.
func TestHookWithoutRawInto(t *testing.T) {
	reg := memRegistry(t)
	ph := &reg.ByLoopPoint[validate.PointIndex("plan:pre")]
	ph.Contributions = []*validate.Hook{{CapID: "x", Kind: validate.ContributionHook, Point: "plan:pre"}}
	env := resolve(t, reg, "plan:pre", `{}`, Enablement{})
	compareHooks(t, env, []string{`{"capId":"x","kind":"contribution"}`})
	if want := "<contribution from=\"x\" into=\"(unset)\">\n</contribution>"; env.Rendered != want {
		t.Errorf("rendered %q, want %q", env.Rendered, want)
	}
}

// Every unsettable key given a value is warned of, whatever precedes it;
// and so is a value of the wrong type after a reserved member the walk
// passes over.
func TestConfigWarningsPastSkippedKeys(t *testing.T) {
	mem := memRegistry(t, memCap{id: "ui", config: []validate.ConfigEntry{
		boolKey("ui.prototype", false), boolKey("ux.constructor", false), boolKey("ui.on", true)}})
	unsettable := func(key, seg string) string {
		return `config key "` + key + `" cannot be set: gsd-core's resolveConfigKey never walks a "` + seg + `" segment, ` +
			`so the value given is ignored and the default false is used (rename the key in capability "ui")`
	}
	for _, c := range []struct {
		config string
		want   []string
	}{
		{`{"ux":{"constructor":true}}`, []string{unsettable("ux.constructor", "constructor")}},
		{`{"__proto__":{"x":1},"ui":{"on":"yes"}}`, []string{
			`config key "ui.on" expects a boolean but was given the string "yes"; the value is ignored and the default true is used`}},
	} {
		// ship:post: no hook reads these keys, so only the up-front check
		// can warn.
		if env := resolve(t, mem, "ship:post", c.config, Enablement{}); !reflect.DeepEqual(env.Warnings, c.want) {
			t.Errorf("config %s: warnings\n got  %q\n want %q", c.config, env.Warnings, c.want)
		}
	}
}

// A value a warning shows as JSON is shown whole up to 80 bytes and cut to
// 77 and "..." past that.
func TestWarningJSONAtMostEightyBytes(t *testing.T) {
	reg := repoRegistry(t)
	for _, n := range []int{78, 79} { // 80 and 81 bytes with the quotes
		s := strings.Repeat("x", n)
		shown := `"` + s + `"`
		if n > 78 {
			shown = shown[:77] + "..."
		}
		env := resolve(t, reg, "plan:pre", `{"workflow":{"research":"`+s+`"},"workflow.research":false}`, Enablement{})
		if !slices.Contains(env.Warnings, twinWarning(shown, "false")) {
			t.Errorf("%d bytes: warnings %q, want %q", n+2, env.Warnings, twinWarning(shown, "false"))
		}
	}
}

// An activeCap the registry does not hold is warned of, naming the id a
// typo away, if any.
func TestActiveCapUnknownIsWarned(t *testing.T) {
	reg := repoRegistry(t)
	for _, c := range []struct{ id, want string }{
		{"securty", `activeCap: "securty" is not a capability of this registry, so it is never active (did you mean "security"?)`},
		{"zzz", `activeCap: "zzz" is not a capability of this registry, so it is never active`},
		{strings.Repeat("é", 80), `activeCap: "` + strings.Repeat("é", 80) + `" is not a capability of this registry, so it is never active`},
		{strings.Repeat("é", 81), `activeCap: "` + strings.Repeat("é", 77) + `"... is not a capability of this registry, so it is never active`},
	} {
		env, err := Resolve(reg, Request{Point: "plan:pre", ActiveCap: c.id})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(env.Warnings, []string{c.want}) || env.Active(c.id) {
			t.Errorf("activeCap %q: warnings %q, want %q", c.id, env.Warnings, c.want)
		}
	}
	if env, _ := Resolve(reg, Request{Point: "plan:pre", ActiveCap: "security"}); len(env.Warnings) != 0 {
		t.Errorf("a known activeCap is warned of: %q", env.Warnings)
	}
}

// A configValues alias that maps to something other than a string names no
// config key and is dropped, as validate's config-values-shape warning
// says, even when the config holds a member spelt as the value's text
// ("7") or as the empty key.
func TestConfigValuesDropsAliasesThatAreNotKeys(t *testing.T) {
	for _, target := range []string{`7`, `7.0`, `true`, `false`, `null`, `[]`, `["c.flag"]`, `{}`} {
		reg := memRegistry(t, memCap{id: "c",
			config: []validate.ConfigEntry{boolKey("c.flag", false)},
			contributions: []string{`{"point":"plan:post","into":"planner","fragment":{"inline":"x"},
			  "configValues":{"odd":` + target + `,"ok":"c.flag"}}`},
		})
		env := resolve(t, reg, "plan:post", `{"7":"seven","7.0":"seven","true":1,"":"empty"}`, Enablement{})
		if len(env.ActiveHooks) != 1 {
			t.Fatalf("configValues {odd: %s}: active %v", target, ids(env))
		}
		if got := string(ojson.Encode(env.ActiveHooks[0].Get("configValues"), "")); got != `{"ok":false}` {
			t.Errorf("configValues {odd: %s}: got %s, want {\"ok\":false}", target, got)
		}
	}
}

// TestLongConfigPathsCostNothing: a value whose path is longer than every
// declared key by more than a byte can be neither one of them nor a typo
// of one, so the config check spends nothing on it. A 1 MiB body of a
// 100 KB member holding 100,000 values took 31 s a render once the
// near-miss search copied, lowered and split each path; here a 64 KB
// member holding 200 values must allocate far less than one copy of each
// path.
func TestLongConfigPathsCostNothing(t *testing.T) {
	reg := memRegistry(t, memCap{id: "w", config: []validate.ConfigEntry{boolKey("workflow.research", true)}})
	const long, leaves = 64 << 10, 200
	var b strings.Builder
	b.WriteString(`{"` + strings.Repeat("x", long) + `":{`)
	for i := range leaves {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"k%d":1`, i)
	}
	b.WriteString("}}")
	req := Request{Point: "ship:post", Config: mustJSON(t, b.String())}
	rv := NewResolver(reg)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	env, err := rv.Resolve(req)
	runtime.ReadMemStats(&after)
	if err != nil || len(env.Warnings) != 0 {
		t.Fatalf("err %v, warnings %q", err, env.Warnings)
	}
	if got, limit := after.TotalAlloc-before.TotalAlloc, uint64(leaves*long/4); got > limit {
		t.Errorf("a render of %d values under a %d byte member allocated %d bytes; want at most %d", leaves, long, got, limit)
	}
}

// TestCentralOwnershipSpendsTheNearMissBudget: asking the central schema
// whether it owns a near miss matches the key against each of its
// patterns, which the near-miss search counts against its budget (one for
// the key, one a pattern): a 1 MiB config of 30,000 spellings of a
// declared key in other cases, against a schema of 16 patterns, took
// 4.4 s a render, each key matched (and each pattern compiled) again.
// Past the budget, no key is warned of.
func TestCentralOwnershipSpendsTheNearMissBudget(t *testing.T) {
	const key, patterns, spellings = "workflow.nyquist_validation", 256, 2000
	// The count budget is tested, not the quarter second: under -race on
	// two shared cores the matches took longer and stopped the search at
	// 4 and 32 warnings.
	defer func(d time.Duration) { maxCentralMatching = d }(maxCentralMatching)
	maxCentralMatching = time.Hour
	reg := memRegistry(t, memCap{id: "w", config: []validate.ConfigEntry{boolKey(key, true)}})
	central := &validate.CentralSchema{}
	for i := range patterns {
		central.Sources = append(central.Sources, fmt.Sprintf(`^never%d\.[a-z]+$`, i))
	}
	reg.Central = central
	var b strings.Builder
	b.WriteString("{")
	for i := 1; i <= spellings; i++ {
		spelt := []byte(key)
		for j, at := range []int{0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11} { // the letters of "workflow.nyq"
			if i&(1<<j) != 0 {
				spelt[at] -= 'a' - 'A'
			}
		}
		if i > 1 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "%q:true", spelt)
	}
	b.WriteString("}")
	env := resolve(t, reg, "ship:post", b.String(), Enablement{})
	named := maxNearComparisons / (1 + 2*patterns) // each pattern against the key and the path above it
	if got := env.WarningCount(); got != named+1 || env.Warnings[named] != notSearched(spellings-named) {
		t.Errorf("%d spellings of %q against %d central patterns: %d warnings; want the %d the budget allows, then one saying it stopped before %d",
			spellings, key, patterns, got, named, spellings-named)
	}
}

// TestCentralOwnershipStopsAtASlowMatch: a central pattern that cannot
// decide within its time whether it matches a near miss counts as owning
// it, and the rendering asks of no later key (each would take as long
// again): the misspelling after it is not warned of, and one warning says
// that the search stopped before the two.
func TestCentralOwnershipStopsAtASlowMatch(t *testing.T) {
	slow := strings.Repeat("abcdefghij", 4) // (\w+)+ backtracks on it for seconds
	reg := memRegistry(t, memCap{id: "w", config: []validate.ConfigEntry{boolKey(slow+".on", true), boolKey("workflow.research", true)}})
	reg.Central = &validate.CentralSchema{Sources: []string{`^(\w+)+!$`}}
	for _, c := range []struct {
		config string
		want   []string
	}{
		{`{"workflow":{"researh":true}}`, []string{`config key "workflow.researh" is declared by no capability, so nothing reads it; did you mean "workflow.research"?`}},
		{`{"` + strings.ToUpper(slow) + `.on":true,"workflow":{"researh":true}}`, []string{notSearched(2)}},
	} {
		if env := resolve(t, reg, "ship:post", c.config, Enablement{}); !slices.Equal(env.Warnings, c.want) {
			t.Errorf("config %.60s…: warnings %q; want %q", c.config, env.Warnings, c.want)
		}
	}
}

// TestUndeclaredKeyWarnedOnlyWhereAValueIs: the near-miss warning is of a
// value given for a key: not of a member on the way to declared keys
// (ab, for ab.c, is one edit from a.b), nor of an object, whose members are
// looked at instead; and a value written half nested, half flat names the
// first member on its path whose name holds a dot.
func TestUndeclaredKeyWarnedOnlyWhereAValueIs(t *testing.T) {
	reg := memRegistry(t, memCap{id: "w", config: []validate.ConfigEntry{
		boolKey("a.b", true), boolKey("ab.c", true), boolKey("w.x.y.z", true)}})
	for _, c := range []struct {
		config string
		want   []string
	}{
		{`{"ab":1}`, nil},
		{`{"a":{"bb":1}}`, []string{`config key "a.bb" is declared by no capability, so nothing reads it; did you mean "a.b"?`}},
		{`{"a":{"bb":{"on":true}}}`, nil},
		{`{"w.x":{"y.z":true}}`, []string{halfFlat("w.x.y.z", "true", "w.x", `{"w":{"x":{"y":{"z":…}}}}`)}},
	} {
		if env := resolve(t, reg, "ship:post", c.config, Enablement{}); !reflect.DeepEqual(env.Warnings, c.want) {
			t.Errorf("config %s: warnings\n got  %q\n want %q", c.config, env.Warnings, c.want)
		}
	}
}

// TestCentralOwnershipTimeBounded: the central patterns matched against
// the near misses of one rendering share a time budget, not only a count:
// a schema of 250 patterns each backtracking some tens of milliseconds on
// a near miss, short of the time one match may take, held a render of a
// one-key config for 19 s, and one of 80 such keys for over 3 minutes of
// CPU, after its client had gone. Past the budget every key counts as
// owned, as after a slow match, so no near miss is warned of (matched in
// full, none of the patterns owns them, and each would be).
func TestCentralOwnershipTimeBounded(t *testing.T) {
	const patterns, keys = 250, 4
	run := strings.Repeat("a", 30) // (a|aa)+$ backtracks on it for tens of ms: 250 take seconds
	var entries []validate.ConfigEntry
	var b strings.Builder
	b.WriteString("{")
	for i := range keys {
		entries = append(entries, boolKey(fmt.Sprintf("ui.%sb%d", run, i), true))
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"Xi.%sb%d":true`, run, i) // one edit from a declared key
	}
	b.WriteString("}")
	reg := memRegistry(t, memCap{id: "ui", config: entries})
	central := &validate.CentralSchema{}
	for i := range patterns {
		central.Sources = append(central.Sources, fmt.Sprintf(`^Xi\.(a|aa)+$|^never%d`, i))
	}
	reg.Central = central
	start := time.Now()
	env := resolve(t, reg, "ship:post", b.String(), Enablement{})
	t.Logf("%d near misses against %d slow central patterns: %v", keys, patterns, time.Since(start))
	if want := []string{notSearched(keys)}; !slices.Equal(env.Warnings, want) {
		t.Errorf("warnings %q; want %q (past the time budget every key counts as owned, and is counted as not searched)", env.Warnings, want)
	}
}
