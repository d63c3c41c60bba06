package render

import (
	"cmp"
	"slices"

	"github.com/capreg/capreg/validate"
)

// CapabilityState is one capability's state under an enablement and a
// config, gsd-core's `capability state` entry (ref §5.3): an orchestrator
// asks it to learn why a capability's hooks are missing from a render,
// which must agree with it (ref §7.5), and it does, as both are computed
// by one rendering.
type CapabilityState struct {
	ID string `json:"id"`
	// Installed: every skill it owns is in the install profile.
	Installed bool `json:"installed"`
	// Surfaced: every skill it owns is on the surface.
	Surfaced bool `json:"surfaced"`
	// Enabled: installed, surfaced and not in disabledCapabilities.
	Enabled bool `json:"enabled"`
	// Active: enabled, and its activationKey, if it has one, holds.
	Active bool `json:"active"`
	// Off says what turns it off when it is not active:
	// "disabledCapabilities", "the profile", "the surface" (each that
	// does) when it is not enabled, else "the activationKey" (it does not
	// hold), so that an inactive capability always says why.
	Off []string `json:"off,omitempty"`
	// Hooks are its hooks, in loop-point order and at a point steps,
	// contributions, then gates, each active or not.
	Hooks []HookState `json:"hooks"`
}

// HookState is one hook of a capability and whether a render of its point
// lists it.
type HookState struct {
	Point string `json:"point"`
	Kind  string `json:"kind"`
	// When is the config key the hook's when names, if it has one.
	When   string `json:"when,omitempty"`
	Active bool   `json:"active"`
}

// States is the state of every capability, sorted by id, with the
// warnings: those the renders of every point give for the same request,
// and those reading the activationKey of a capability with no hook finds
// (a render never reads it), capped as a render's are (the last counting
// those not listed, Unlisted).
type States struct {
	Capabilities []CapabilityState `json:"capabilities"`
	Warnings     []string          `json:"warnings,omitempty"`
	Unlisted     int               `json:"-"`
	// ConfigPointers, ConfigAtValue and ProfileWarnings are the
	// Envelope's of the same request.
	ConfigPointers  []string `json:"-"`
	ConfigAtValue   []bool   `json:"-"`
	ProfileWarnings []string `json:"-"`
}

// States computes every capability's state for req's config and
// enablement, as Resolve would render them at any point; req's Point and
// ActiveCap are not read. The only error is a nil registry.
func (rv *Resolver) States(req Request) (*States, error) {
	r, err := rv.begin(req)
	if err != nil {
		return nil, err
	}
	out := &States{Capabilities: make([]CapabilityState, 0, len(r.reg.Capabilities))}
	at := make(map[string]int, len(r.reg.Capabilities))
	for _, c := range r.reg.Capabilities {
		at[c.ID] = len(out.Capabilities)
		out.Capabilities = append(out.Capabilities, r.capabilityState(c))
	}
	// One backing array for every capability's hooks, each capability's
	// share capped so that appending stays inside it: a slice a capability
	// grew by appends was 14,000 allocations at 10,000 capabilities.
	counts := make([]int, len(out.Capabilities))
	total := 0
	for i := range r.reg.ByLoopPoint {
		ph := &r.reg.ByLoopPoint[i]
		for _, list := range hookLists(ph) {
			for _, h := range list.hooks {
				if j, ok := hookOwner(h, at); ok {
					counts[j]++
					total++
				}
			}
		}
	}
	all := make([]HookState, 0, total)
	for j, n := range counts {
		out.Capabilities[j].Hooks = all[len(all) : len(all) : len(all)+n]
		all = all[:len(all)+n]
	}
	for i := range r.reg.ByLoopPoint {
		r.hookStates(&r.reg.ByLoopPoint[i], out.Capabilities, at)
	}
	slices.SortStableFunc(out.Capabilities, func(a, b CapabilityState) int { return cmp.Compare(a.ID, b.ID) })
	out.Warnings, out.Unlisted = r.listed()
	out.ConfigPointers, out.ConfigAtValue = r.configPointers()
	out.ProfileWarnings = r.en.profileWarnings
	return out, nil
}

// capabilityState is c's state without its hooks.
func (r *rendering) capabilityState(c *validate.Capability) CapabilityState {
	st := CapabilityState{ID: c.ID, Installed: r.en.installed(c), Surfaced: r.en.surfaced(c), Enabled: r.en.enabled(c.ID)}
	st.Active = st.Enabled && (c.ActivationKey == "" || Truthy(r.resolve(c.ActivationKey)))
	switch {
	case !st.Enabled:
		st.Off = r.en.whyOff(c.ID)
	case !st.Active:
		st.Off = offByActivationKey
	}
	return st
}

// offByActivationKey is the Off of an enabled capability whose
// activationKey does not hold (shared: no state changes it).
var offByActivationKey = []string{"the activationKey"}

// hookStates appends the hooks at one point to their capabilities' states
// (at: index by id).
func (r *rendering) hookStates(ph *validate.PointHooks, caps []CapabilityState, at map[string]int) {
	var active []activeHook
	for _, list := range hookLists(ph) {
		for _, h := range list.hooks {
			i, ok := hookOwner(h, at)
			if !ok {
				continue
			}
			raw := rawOf(h)
			hs := HookState{Point: ph.Point, Kind: string(list.kind), Active: r.active(h, raw)}
			if w := raw.Get("when"); w.IsString() {
				hs.When = w.Str
			}
			if hs.Active {
				active = append(active, activeHook{h, list.kind, raw})
			}
			caps[i].Hooks = append(caps[i].Hooks, hs)
		}
	}
	if len(active) > 0 {
		r.warnRequiresDisabled(active) // as the render of this point warns
	}
}

// hookOwner is the index in the states of the capability owning h, by at.
func hookOwner(h *validate.Hook, at map[string]int) (int, bool) {
	if h == nil {
		return 0, false
	}
	i, ok := at[h.CapID]
	return i, ok
}

// Only keeps the state of capability id alone, and reports whether the
// states hold it (they are left as they are when not).
func (s *States) Only(id string) bool {
	i, ok := slices.BinarySearchFunc(s.Capabilities, id, func(c CapabilityState, id string) int { return cmp.Compare(c.ID, id) })
	if ok {
		s.Capabilities = s.Capabilities[i : i+1 : i+1]
	}
	return ok
}
