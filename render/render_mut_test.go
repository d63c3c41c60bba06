package render

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

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
		var names []string
		for i := range before {
			names = append(names, fmt.Sprintf("zz%d", i)) // unknown, near nothing
		}
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
	reg := memRegistry(t,
		memCap{id: "a", skills: []string{"a1"}, requires: []string{"ghost"},
			steps: []string{`{"point":"plan:pre","ref":{"skill":"a1"},"onError":"skip"}`}},
	)
	env := resolve(t, reg, "plan:pre", `{}`, Enablement{Surface: &Surface{BaseProfile: "core", ExplicitAdds: []string{"a1"}}})
	if got := ids(env); !reflect.DeepEqual(got, []string{"step:a"}) {
		t.Errorf("active hooks %v, want step:a", got)
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
