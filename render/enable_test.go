package render

import (
	"reflect"
	"strings"
	"testing"
)

// Tests that pin the enablement (profiles, surfaces, the requires
// warning), which a second mutation run of ./render found no test held.

// Every capability active here that requires a disabled one is warned of,
// also after one with several active hooks.
func TestRequiresWarningForEachCapability(t *testing.T) {
	cmd := `{"point":"plan:pre","ref":{"command":"c"}}`
	reg := memRegistry(t,
		memCap{id: "a", requires: []string{"base"}, steps: []string{cmd, cmd}},
		memCap{id: "b", requires: []string{"base"}, steps: []string{cmd}},
		memCap{id: "base"})
	reg.Closure = map[string][]string{"a": {"base"}, "b": {"base"}}
	env := resolve(t, reg, "plan:pre", ``, Enablement{DisabledCapabilities: []string{"base"}})
	const off = `capability %q requires "base", which disabledCapabilities turns off, and its hooks here stay active: turn %q off too, or "base" on`
	want := []string{strings.ReplaceAll(off, "%q", `"a"`), strings.ReplaceAll(off, "%q", `"b"`)}
	if !reflect.DeepEqual(env.Warnings, want) {
		t.Errorf("warnings\n%q\nwant\n%q", env.Warnings, want)
	}
}

// The warning about a capability that requires one turned off names the
// surface only when the surface turns it off: a surface whose base is
// full, or that adds back a skill of a disabled cluster, does not.
func TestWarnRequiresDisabledSurfaceNotBlamed(t *testing.T) {
	reg := memRegistry(t,
		memCap{id: "top", requires: []string{"mid"}, steps: []string{`{"point":"plan:pre","ref":{"command":"t"}}`}},
		memCap{id: "mid", tier: "standard", skills: []string{"m1"}})
	reg.Closure = map[string][]string{"top": {"mid"}}
	want := []string{`capability "top" requires "mid", which the profile turns off, and its hooks here stay active: turn "top" off too, or "mid" on`}
	for _, s := range []*Surface{
		{BaseProfile: "full"},
		{DisabledClusters: []string{"mid"}, ExplicitAdds: []string{"m1"}},
	} {
		env := resolve(t, reg, "plan:pre", ``, Enablement{Profile: "core", Surface: s})
		if !reflect.DeepEqual(env.Warnings, want) {
			t.Errorf("surface %+v: warnings\n%q\nwant\n%q", *s, env.Warnings, want)
		}
	}
}

// A disabledClusters name that is a skill is pointed to its owner while the
// enablement has did-you-mean searches left, and not once maxHints are
// spent (the owner look-up reads every capability).
func TestClusterSkillHintStopsAtMaxHints(t *testing.T) {
	reg := memRegistry(t, memCap{id: "p", skills: []string{"plan"}})
	for _, before := range []int{maxHints - 1, maxHints} {
		names := unknownNames(before)
		env := resolve(t, reg, "plan:pre", ``, Enablement{DisabledCapabilities: names, Surface: &Surface{DisabledClusters: []string{"plan"}}})
		want := `surface disabledClusters: "plan" is not a cluster (no capability has that id); ignored`
		if before < maxHints {
			want = `surface disabledClusters: "plan" is not a cluster (no capability has that id; it is a skill of "p"; clusters are named by capability id); ignored`
		}
		if last := env.Warnings[len(env.Warnings)-1]; last != want {
			t.Errorf("after %d unknown names: %q, want %q", before, last, want)
		}
	}
}

// A skill two capabilities own (only a registry built in memory has one)
// is installed by the profiles of either owner's cluster: the union, as
// the reference installs the skills of every capability a mode includes.
func TestSharedSkillInstalledByEitherOwnersProfile(t *testing.T) {
	reg := memRegistry(t,
		memCap{id: "a", tier: "core", skills: []string{"s"}, gates: []string{`{"point":"ship:post","check":"a"}`}},
		memCap{id: "b", tier: "full", skills: []string{"s"}, gates: []string{`{"point":"ship:post","check":"b"}`}})
	for _, profile := range []string{"core", "standard", "full"} {
		env := resolve(t, reg, "ship:post", ``, Enablement{Profile: profile})
		if got := ids(env); !reflect.DeepEqual(got, []string{"gate:a", "gate:b"}) || len(env.Warnings) > 0 {
			t.Errorf("profile %s: active %v, warnings %q", profile, got, env.Warnings)
		}
	}
}

// The skills of a capability missing from the registry's clusters (a
// registry built in memory) are still skills a surface can name; only the
// full profile installs them.
func TestSkillsOutsideClusters(t *testing.T) {
	reg := memRegistry(t, memCap{id: "a", skills: []string{"s"}, gates: []string{`{"point":"ship:post","check":"a"}`}})
	reg.Clusters = nil
	for _, c := range []struct {
		name   string
		en     Enablement
		active []string
	}{
		{"full", Enablement{Profile: "full"}, []string{"gate:a"}},
		{"core", Enablement{Profile: "core"}, []string{}},
		{"removed", Enablement{Surface: &Surface{ExplicitRemoves: []string{"s"}}}, []string{}},
	} {
		env := resolve(t, reg, "ship:post", ``, c.en)
		if got := ids(env); !reflect.DeepEqual(got, c.active) || len(env.Warnings) > 0 {
			t.Errorf("%s: active %v, want %v; warnings %q", c.name, got, c.active, env.Warnings)
		}
	}
}
