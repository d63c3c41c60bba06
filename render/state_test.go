package render

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// TestStatesAgreeWithRenders pins ref §7.5, "render-hooks must consume the
// same state as capability state": under each enablement and config, a
// hook's state is active exactly when the render of its point lists it,
// every hook of the registry is in its capability's state once, and a
// capability with an active hook is enabled and active.
func TestStatesAgreeWithRenders(t *testing.T) {
	reg := gsdRegistry(t)
	tests := []struct {
		name, config string
		en           Enablement
	}{
		{"defaults", "", Enablement{}},
		{"core profile", "", Enablement{Profile: "core"}},
		{"surface without ui", `{"workflow":{"ui_phase":true}}`, Enablement{Surface: &Surface{BaseProfile: "full", DisabledClusters: []string{"ui"}}}},
		{"disabled and keys off", `{"workflow":{"nyquist_validation":false,"ui_review":false},"intel":{"enabled":true}}`,
			Enablement{DisabledCapabilities: []string{"security"}}},
		{"standard, graphify on", `{"graphify":{"enabled":true}}`, Enablement{Profile: "standard"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := Request{Enablement: tt.en}
			if tt.config != "" {
				req.Config = mustJSON(t, tt.config)
			}
			st, err := NewResolver(reg).States(req)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.IsSortedFunc(st.Capabilities, func(a, b CapabilityState) int { return strings.Compare(a.ID, b.ID) }) || len(st.Capabilities) != len(reg.Capabilities) {
				t.Fatalf("%d states, want %d sorted by id", len(st.Capabilities), len(reg.Capabilities))
			}
			var fromStates, all []string
			for _, c := range st.Capabilities {
				for _, h := range c.Hooks {
					all = append(all, h.Point+" "+h.Kind+":"+c.ID)
					if h.Active {
						fromStates = append(fromStates, h.Point+" "+h.Kind+":"+c.ID)
						if !c.Enabled || !c.Active {
							t.Errorf("%s has an active hook at %s but is enabled %v, active %v", c.ID, h.Point, c.Enabled, c.Active)
						}
					}
				}
			}
			var fromRenders, hooks []string
			for _, p := range validate.Points {
				req.Point = p
				env, err := Resolve(reg, req)
				if err != nil {
					t.Fatal(err)
				}
				for _, id := range ids(env) {
					fromRenders = append(fromRenders, p+" "+id)
				}
				ph := pointHooks(reg, p)
				for _, list := range [][]*validate.Hook{ph.Steps, ph.Contributions, ph.Gates} {
					for _, h := range list {
						hooks = append(hooks, p+" "+string(h.Kind)+":"+h.CapID)
					}
				}
			}
			slices.Sort(fromStates)
			slices.Sort(fromRenders)
			if !slices.Equal(fromStates, fromRenders) {
				t.Errorf("active hooks by state\n%q\nby render\n%q", fromStates, fromRenders)
			}
			slices.Sort(all)
			slices.Sort(hooks)
			if !slices.Equal(all, hooks) || len(hooks) == 0 {
				t.Errorf("hooks in the states\n%q\nin the registry\n%q", all, hooks)
			}
		})
	}
}

// TestStatesSayWhy pins each field of a capability's state: installed by
// the profile, surfaced by the surface, enabled unless either or
// disabledCapabilities turns it off (Off says which), and active when its
// activationKey holds, which turns no hook on by itself.
func TestStatesSayWhy(t *testing.T) {
	cmd := `{"point":"plan:pre","ref":{"command":"c"},"when":"k.on"}`
	reg := memRegistry(t,
		memCap{id: "plain", steps: []string{`{"point":"plan:pre","ref":{"command":"p"}}`}},
		memCap{id: "keyed", activationKey: "k.enabled", config: []validate.ConfigEntry{boolKey("k.enabled", false), boolKey("k.on", true)}, steps: []string{cmd}},
		memCap{id: "std", tier: "standard", skills: []string{"s1"}, gates: []string{`{"point":"verify:post","check":{"query":"q"}}`}},
		memCap{id: "clustered", tier: "core", skills: []string{"c1"}})
	type state struct {
		installed, surfaced, enabled, active bool
		off                                  string
		hooks                                string
	}
	tests := []struct {
		name, config string
		en           Enablement
		want         map[string]state
	}{
		{"defaults", "", Enablement{}, map[string]state{
			"plain":     {true, true, true, true, "", "plan:pre step true"},
			"keyed":     {true, true, true, false, "the activationKey", "plan:pre step false when k.on"},
			"std":       {true, true, true, true, "", "verify:post gate true"},
			"clustered": {true, true, true, true, "", ""},
		}},
		{"key on, core profile, a cluster off, one disabled", `{"k":{"enabled":true}}`,
			Enablement{Profile: "core", DisabledCapabilities: []string{"plain"}, Surface: &Surface{DisabledClusters: []string{"clustered"}}},
			map[string]state{
				"plain": {true, true, false, false, "disabledCapabilities", "plan:pre step false"},
				"keyed": {true, true, true, true, "", "plan:pre step true when k.on"},
				// The surface takes its base from the profile: off the
				// surface too, by the profile's doing.
				"std":       {false, false, false, false, "the profile", "verify:post gate false"},
				"clustered": {true, false, false, false, "the surface", ""},
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := Request{Enablement: tt.en}
			if tt.config != "" {
				req.Config = mustJSON(t, tt.config)
			}
			st, err := NewResolver(reg).States(req)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]state{}
			for _, c := range st.Capabilities {
				var hooks []string
				for _, h := range c.Hooks {
					s := h.Point + " " + h.Kind + " " + map[bool]string{true: "true", false: "false"}[h.Active]
					if h.When != "" {
						s += " when " + h.When
					}
					hooks = append(hooks, s)
				}
				got[c.ID] = state{c.Installed, c.Surfaced, c.Enabled, c.Active, strings.Join(c.Off, ", "), strings.Join(hooks, "; ")}
			}
			for id, want := range tt.want {
				if got[id] != want {
					t.Errorf("%s: %+v, want %+v", id, got[id], want)
				}
			}
			if len(got) != len(tt.want) {
				t.Errorf("states of %d capabilities, want %d", len(got), len(tt.want))
			}
		})
	}
}

// TestStatesWarnAsRendersDo: what is odd in the config or the enablement
// is warned of as a render warns of it, and without a registry there is
// no state.
func TestStatesWarnAsRendersDo(t *testing.T) {
	reg := gsdRegistry(t)
	req := Request{Point: "plan:pre", Config: mustJSON(t, `{"workflow":{"ui_phase":"yes"}}`), Enablement: Enablement{DisabledCapabilities: []string{"uii"}}}
	st, err := NewResolver(reg).States(req)
	if err != nil {
		t.Fatal(err)
	}
	env := resolve(t, reg, "plan:pre", `{"workflow":{"ui_phase":"yes"}}`, req.Enablement)
	if len(st.Warnings) != 2 || !slices.Equal(st.Warnings, env.Warnings) {
		t.Errorf("states warn %q; the render %q", st.Warnings, env.Warnings)
	}
	if _, err := NewResolver(nil).States(Request{}); err != ErrNoRegistry {
		t.Errorf("no registry: %v, want ErrNoRegistry", err)
	}
}

// TestStatesWarnOfWhatRendersWarnOf: every warning some render of the
// same request gives is among the states' (an orchestrator asks the state
// why a render did what it did, ref §7.5), a capability requiring one
// turned off included; the states add only what reading the activationKey
// of a capability with no hook finds, which no render reads.
func TestStatesWarnOfWhatRendersWarnOf(t *testing.T) {
	reg := memRegistry(t,
		memCap{id: "a", requires: []string{"b"}, steps: []string{`{"point":"plan:pre","ref":{"command":"a"}}`}},
		memCap{id: "b", steps: []string{`{"point":"verify:post","ref":{"command":"b"}}`}},
		memCap{id: "hookless", activationKey: "k.enabled", config: []validate.ConfigEntry{boolKey("k.enabled", false)}})
	reg.Closure = map[string][]string{"a": {"b"}, "b": {}, "hookless": {}}
	tests := []struct {
		name, config string
		en           Enablement
		extra        string // the one warning only the states give, "" for none
	}{
		{"a requires a disabled b", "", Enablement{DisabledCapabilities: []string{"b"}}, ""},
		{"a parent that is no object", `{"k": true}`, Enablement{}, `"k.enabled"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := Request{Enablement: tt.en}
			if tt.config != "" {
				req.Config = mustJSON(t, tt.config)
			}
			st, err := NewResolver(reg).States(req)
			if err != nil {
				t.Fatal(err)
			}
			var byRenders []string
			for _, p := range validate.Points {
				req.Point = p
				for _, w := range resolveReq(t, reg, req).Warnings {
					if !slices.Contains(byRenders, w) {
						byRenders = append(byRenders, w)
					}
				}
			}
			for _, w := range byRenders {
				if !slices.Contains(st.Warnings, w) {
					t.Errorf("a render warns %q; the states do not", w)
				}
			}
			var extra []string
			for _, w := range st.Warnings {
				if !slices.Contains(byRenders, w) {
					extra = append(extra, w)
				}
			}
			if tt.extra == "" && len(extra) > 0 || tt.extra != "" && (len(extra) != 1 || !strings.Contains(extra[0], tt.extra)) {
				t.Errorf("warnings only the states give: %q, want %q", extra, tt.extra)
			}
			if tt.extra == "" && len(byRenders) == 0 {
				t.Error("no render warns: the case checks nothing")
			}
		})
	}
}

// resolveReq renders req, failing t on an error.
func resolveReq(t *testing.T, reg *store.Registry, req Request) *Envelope {
	t.Helper()
	env, err := Resolve(reg, req)
	if err != nil {
		t.Fatal(err)
	}
	return env
}

// TestStatesWarnOnceOfARequiredCapabilityOff pins how the states warn of
// a capability requiring one the enablement turns off, now that they warn
// as the render of every point does: a capability with hooks at several
// points is warned of once, not once a point (the renders of two points
// would each warn, and the states join them), and past the cap of a
// rendering's warnings (validate.MaxPerRule) the rest are counted in a
// last line and in Unlisted, as one render's are, each capability
// counted once however many points its hooks sit at.
func TestStatesWarnOnceOfARequiredCapabilityOff(t *testing.T) {
	points := []string{"plan:pre", "execute:post", "verify:post"}
	for _, n := range []int{1, validate.MaxPerRule, validate.MaxPerRule + 37} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			caps := []memCap{{id: "base"}}
			closure := map[string][]string{"base": {}}
			for i := range n {
				c := memCap{id: fmt.Sprintf("c%04d", i), requires: []string{"base"}}
				for _, p := range points {
					c.steps = append(c.steps, fmt.Sprintf(`{"point":%q,"ref":{"command":"c%d"}}`, p, i))
				}
				caps = append(caps, c)
				closure[c.id] = []string{"base"}
			}
			reg := memRegistry(t, caps...)
			reg.Closure = closure
			st, err := NewResolver(reg).States(Request{Enablement: Enablement{DisabledCapabilities: []string{"base"}}})
			if err != nil {
				t.Fatal(err)
			}
			listed := min(n, validate.MaxPerRule)
			seen := map[string]bool{}
			requires := 0
			for _, w := range st.Warnings {
				if seen[w] {
					t.Errorf("warned twice: %q", w)
				}
				seen[w] = true
				if strings.Contains(w, `requires "base", which disabledCapabilities turns off`) {
					requires++
				}
			}
			if requires != listed {
				t.Errorf("%d warnings of a required capability off listed, want %d", requires, listed)
			}
			if unlisted := n - listed; st.Unlisted != unlisted {
				t.Errorf("Unlisted %d, want %d", st.Unlisted, unlisted)
			} else if unlisted > 0 {
				want := fmt.Sprintf("%s not listed (the first %d are)", validate.Plural(unlisted, "more warning"), validate.MaxPerRule)
				if last := st.Warnings[len(st.Warnings)-1]; last != want {
					t.Errorf("last warning %q, want %q", last, want)
				}
			}
			if len(st.Warnings) != listed+min(1, st.Unlisted) {
				t.Errorf("%d warnings, want %d", len(st.Warnings), listed+min(1, st.Unlisted))
			}
		})
	}
}

// TestStatesOnly: Only keeps one capability's state, found by id in the
// sorted states, and leaves them as they are for an id they do not hold.
func TestStatesOnly(t *testing.T) {
	st, err := NewResolver(gsdRegistry(t)).States(Request{})
	if err != nil {
		t.Fatal(err)
	}
	all := len(st.Capabilities)
	if st.Only("zzz-none") || len(st.Capabilities) != all {
		t.Fatalf("Only of an unknown id: %d states of %d", len(st.Capabilities), all)
	}
	for _, id := range []string{st.Capabilities[0].ID, st.Capabilities[all/2].ID, st.Capabilities[all-1].ID} {
		st, _ := NewResolver(gsdRegistry(t)).States(Request{})
		if !st.Only(id) || len(st.Capabilities) != 1 || st.Capabilities[0].ID != id {
			t.Errorf("Only(%q): %d states, the first %q", id, len(st.Capabilities), st.Capabilities[0].ID)
		}
	}
}

// States lists capabilities sorted by id (ref §5.3) whatever the order of
// the registry's, and Only, which searches them by id, finds each.
func TestStatesSortedByID(t *testing.T) {
	for _, order := range [][]string{{"b", "a", "c"}, {"c", "b", "a"}, {"a-b", "a", "ab"}} {
		var caps []memCap
		for _, id := range order {
			caps = append(caps, memCap{id: id})
		}
		reg := memRegistry(t, caps...)
		st, err := NewResolver(reg).States(Request{})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range st.Capabilities {
			got = append(got, c.ID)
		}
		if want := sortedCopy(order); !slices.Equal(got, want) {
			t.Errorf("registry order %v: states %v, want %v", order, got, want)
		}
		for _, id := range order {
			st, _ := NewResolver(reg).States(Request{})
			if !st.Only(id) || len(st.Capabilities) != 1 || st.Capabilities[0].ID != id {
				t.Errorf("registry order %v: Only(%q) = %d states", order, id, len(st.Capabilities))
			}
		}
	}
}
