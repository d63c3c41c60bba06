package render

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

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

// An array of one element that is not a string is written as
// JavaScript's String() writes it, as any other array is.
func TestMarkdownOneElementArrays(t *testing.T) {
	hooks := []string{
		`{"capId":"a","kind":"step","ref":{"skill":"s"},"produces":[7],"consumes":[true]}`,
		`{"capId":"c","kind":"contribution","into":[2.50],"onError":[false]}`,
		`{"capId":"g","kind":"gate","onError":[["x"]]}`,
	}
	var in []ojson.Value
	for _, h := range hooks {
		in = append(in, mustJSON(t, h))
	}
	const want = "### Step 1: skill:s (a)\n- produces: 7\n- consumes: true\n\n" +
		"<contribution from=\"c\" into=\"2.5\">\n- onError: false\n</contribution>\n\n" +
		"**Gate** (g): check=(none), blocking=false, onError=x"
	if got := Markdown("verify:pre", in); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
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

// A ref that is neither a skill nor an agent is written as compact JSON
// when it is an object or an array, as String() when it is a scalar.
func TestMarkdownOtherRefs(t *testing.T) {
	var in []ojson.Value
	for _, h := range []string{
		`{"capId":"a","kind":"step","ref":"run me"}`,
		`{"capId":"b","kind":"step","ref":["x","y"]}`,
		`{"capId":"c","kind":"step","ref":{"skill":""}}`,
	} {
		in = append(in, mustJSON(t, h))
	}
	const want = "### Step 1: run me (a)\n\n### Step 2: [\"x\",\"y\"] (b)\n\n### Step 3: {\"skill\":\"\"} (c)"
	if got := Markdown("plan:pre", in); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
