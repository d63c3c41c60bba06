package render

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// Surface is the skill surface of ref §5.3 (.gsd-surface.json): start from a
// base profile, drop whole clusters, then add and remove single skill stems.
// BaseProfile reads as Enablement.Profile does (a comma-separated union of
// modes; "" means the install profile), because gsd-core falls back to the
// .gsd-profile marker for the base and resolves both the same way.
type Surface struct {
	BaseProfile      string
	DisabledClusters []string
	ExplicitAdds     []string
	ExplicitRemoves  []string
}

// Enablement says which capabilities are switched on (ref §5.3). The zero
// Enablement means none was given: every capability is enabled.
type Enablement struct {
	// Profile is the install profile: core, standard or full, or a
	// comma-separated union of them ("core,standard"), as gsd-core's
	// .gsd-profile marker holds; "" means none was given (full).
	Profile              string
	DisabledCapabilities []string
	Surface              *Surface
	// SurfaceIgnored says why a surface that was sent is not used: gsd-core
	// treats a surface with a missing or mistyped field as absent.
	SurfaceIgnored string
}

func (e *Enablement) given() bool {
	return e.Profile != "" || len(e.DisabledCapabilities) > 0 || e.Surface != nil
}

// enabler decides capability enablement for one request. It is built from
// the request's enablement in time linear in the size of that enablement
// (and of the registry, for the first maxHints unknown names);
// the per-capability answers are computed on demand and memoized.
type enabler struct {
	all      bool // no enablement given: everything is enabled
	reg      *store.Registry
	idx      *regIndex
	install  profileBit // 0: full ("*")
	base     profileBit // surface base; 0: full
	ownBase  bool       // the surface gives its base, rather than taking the install profile
	disabled map[string]bool
	offSkill map[string]bool // skills of disabled clusters
	adds     map[string]bool
	removes  map[string]bool
	memo     map[string]bool
	// profileWarnings are the warnings of the install profile and the
	// surface's base profile, in order (see Envelope.ProfileWarnings).
	profileWarnings []string
	// hints counts the did-you-mean searches made for unknown names (see
	// maxHints).
	hints int
	// unknown holds the unknown names already warned of, by field, so that
	// a name repeated in a list is warned of once and spends one hint at
	// most (see repeated).
	unknown map[string]bool
}

// maxHints is how many unknown names of one enablement are given a
// did-you-mean; the rest are warned of without one. Each search compares
// the name with every id, cluster or skill of the registry: a 1 MiB POST
// /render-hooks body of 80,000 disabledCapabilities no capability has
// kept a core busy for 397 s and took 1.2 GB on a 10,000-capability
// registry (8.7 ms a name), and nothing bounded how many such requests ran
// at once. A client that misspells names misspells a few.
const maxHints = 8

// spendHint takes one of the enablement's maxHints searches for a hint,
// reporting false when none is left.
func (e *enabler) spendHint() bool {
	if e.hints >= maxHints {
		return false
	}
	e.hints++
	return true
}

// repeated reports whether the unknown name was already warned of in the
// enablement's field, and notes it otherwise. A name sent again (a list
// built by appending, ["beacn", "beacn", …]) is the same mistake: warned
// of anew it took the enablement's hints, so that past maxHints copies it
// was warned of twice, with its did-you-mean and without.
func (e *enabler) repeated(field, name string) bool {
	key := field + "\x00" + name
	if e.unknown[key] {
		return true
	}
	if e.unknown == nil {
		e.unknown = map[string]bool{}
	}
	e.unknown[key] = true
	return false
}

// didYouMean is " (did you mean "x"?)" for the name among names that a
// misspelt or shortened name probably meant (validate.MeantID: names are
// capability ids and skill names), while the enablement has hints left.
func (e *enabler) didYouMean(name string, names []string) string {
	if !e.spendHint() {
		return ""
	}
	if near := validate.MeantID(name, names); near != "" {
		return fmt.Sprintf(" (did you mean %q?)", near)
	}
	return ""
}

// newEnabler resolves profile names and checks every name the enablement
// mentions, adding a warning for each one it does not know.
func newEnabler(reg *store.Registry, idx *regIndex, en *Enablement, warn func(string)) *enabler {
	e := &enabler{reg: reg, idx: idx}
	if en.SurfaceIgnored != "" {
		warn("surface ignored, as gsd-core ignores such a surface file: " + en.SurfaceIgnored)
	}
	if !en.given() {
		e.all = true
		return e
	}
	profileWarn := func(w string) {
		e.profileWarnings = append(e.profileWarnings, w)
		warn(w)
	}
	e.install = resolveProfile("profile", en.Profile, profileWarn)
	e.disabled = map[string]bool{}
	for _, id := range en.DisabledCapabilities {
		if _, ok := reg.ByID[id]; !ok {
			if e.repeated("disabledCapabilities", id) {
				continue
			}
			warn(fmt.Sprintf("disabledCapabilities: %q is not a capability of this registry%s; ignored", id, e.didYouMean(id, idx.ids)))
			continue
		}
		e.disabled[id] = true
	}
	e.base = e.install
	if s := en.Surface; s != nil {
		if s.BaseProfile != "" {
			e.base = resolveProfile(profileOfSurface, s.BaseProfile, profileWarn)
			e.ownBase = true
		}
		e.offSkill = map[string]bool{}
		for _, id := range s.DisabledClusters {
			c, ok := idx.clusters[id]
			if !ok {
				if e.repeated("disabledClusters", id) {
					continue
				}
				what := "no capability has that id"
				if _, isCap := reg.ByID[id]; isCap {
					// Said with no search, which would spend one of the
					// enablement's hints for nothing.
					what = "that capability owns no skills"
				} else if e.spendHint() { // skillOwner reads every capability
					if owner := skillOwner(reg, id); owner != "" {
						// A cluster holds a capability's skills, so its
						// skills' names come to mind first.
						what += fmt.Sprintf("; it is a skill of %q; clusters are named by capability id", owner)
					} else if near := validate.MeantID(id, idx.clusterIDs); near != "" {
						what += fmt.Sprintf("; did you mean %q?", near)
					}
				}
				warn(fmt.Sprintf("surface disabledClusters: %q is not a cluster (%s); ignored", id, what))
				continue
			}
			for _, sk := range c.Skills {
				e.offSkill[sk] = true
			}
		}
		e.adds = e.withRequired(e.skillSet("explicitAdds", s.ExplicitAdds, warn))
		e.removes = e.skillSet("explicitRemoves", s.ExplicitRemoves, warn)
	}
	e.memo = map[string]bool{}
	return e
}

// skillOwner is the id of the first capability, in registry order, that
// owns skill stem, or "".
func skillOwner(reg *store.Registry, stem string) string {
	// Also as installed, under the runtimes' "gsd-" prefix.
	for _, name := range []string{stem, strings.TrimPrefix(stem, "gsd-")} {
		for _, c := range reg.Capabilities {
			if slices.Contains(c.Skills, name) {
				return c.ID
			}
		}
	}
	return ""
}

// profileOfSurface names a surface's base profile in warnings.
const profileOfSurface = "surface baseProfile"

// resolveProfile resolves an install profile as the reference's resolveProfile
// does (ref §5.3): the value is a comma-separated list of modes, as the
// .gsd-profile marker holds ("core" or "core,standard"), and installs the
// union of what its modes install, so a client can name the marker as is.
// full is 0 ("*") and absorbs the rest. An unknown mode makes the whole
// profile full, with a warning, as in the reference. Empty modes (from
// "core,") are skipped and spaces around a mode are trimmed; a list with no
// mode left is unknown too.
func resolveProfile(what, name string, warn func(string)) profileBit {
	if name == "" {
		return 0
	}
	modes := profileModes(name)
	if len(modes) == 0 {
		warn(unknownProfile(what, name, ""))
		return 0
	}
	var union profileBit
	for _, mode := range modes {
		b := profileBitOf(mode)
		if b == 0 {
			warn(unknownProfile(what, name, mode))
			return 0
		}
		union |= b
	}
	if union&bitFull != 0 {
		return 0
	}
	return union
}

// unknownProfile words the fallback warning; for a list it names the mode
// at fault, since the list itself is well formed, and the profile a typo
// away, if any: the fallback is gsd-core's, but "stadard" meant standard.
func unknownProfile(what, name, mode string) string {
	known := strings.Join(store.ProfileNames, ", ")
	if mode == "" {
		mode = name
	}
	if near := validate.NearestID(mode, store.ProfileNames); near != "" {
		known += fmt.Sprintf("; did you mean %q?", near)
	}
	if mode == name {
		return fmt.Sprintf("%s %q is not an install profile (%s); using full", what, name, known)
	}
	return fmt.Sprintf("%s %q: mode %q is not an install profile (%s); using full", what, name, mode, known)
}

func (e *enabler) skillSet(what string, stems []string, warn func(string)) map[string]bool {
	set := make(map[string]bool, len(stems))
	for _, s := range stems {
		if _, ok := e.idx.skills[s]; !ok {
			if e.repeated(what, s) {
				continue
			}
			// The installed name names the skill outright, as a cluster's
			// skill names its owner (newEnabler): said before any near
			// name, and with no search, which would spend a hint.
			hint := ""
			if bare, ok := strings.CutPrefix(s, "gsd-"); ok {
				if _, known := e.idx.skills[bare]; known {
					hint = fmt.Sprintf(" (a surface names skills without the runtimes' gsd- prefix: %q)", bare)
				}
			}
			if hint == "" {
				hint = e.didYouMean(s, e.idx.skillNames)
			}
			warn(fmt.Sprintf("surface %s: %q is not a skill of any capability%s; ignored", what, s, hint))
			continue
		}
		set[s] = true
	}
	return set
}

// withRequired adds to adds, skills a surface adds, the skills of every
// capability that the capabilities owning them require, transitively:
// ref §5.3 adds explicitAdds "together with their requires-closure".
// gsd-core takes that closure over its skill manifest's requires, which a
// registry does not hold; capreg takes it over the capabilities' requires,
// as CONTRACT.md takes the profiles'.
// The walk reads each capability's requires once and adds each required
// capability's skills once, so it is linear in the registry however many
// skills are added (BenchmarkExplicitAddsDense: 3,000 capabilities all
// requiring a hub of 3,000 skills, 6 ms a render; 159 ms per edge).
func (e *enabler) withRequired(adds map[string]bool) map[string]bool {
	walked := map[string]bool{}   // capabilities whose requires are queued
	required := map[string]bool{} // capabilities reached through requires
	var todo []string
	walk := func(id string) {
		if !walked[id] {
			walked[id] = true
			todo = append(todo, id)
		}
	}
	for _, s := range slices.Sorted(maps.Keys(adds)) {
		for _, owner := range e.idx.owners[s] {
			walk(owner)
		}
	}
	for i := 0; i < len(todo); i++ {
		c := e.reg.ByID[todo[i]]
		if c == nil {
			continue
		}
		for _, id := range c.Requires {
			if req := e.reg.ByID[id]; req != nil && !required[id] {
				required[id] = true
				for _, sk := range req.Skills {
					adds[sk] = true
				}
			}
			walk(id)
		}
	}
	return adds
}

// enabled reports whether capability id is enabled: installed (every skill
// it owns is in the install profile), surfaced (every skill it owns is on
// the surface) and not disabled. A capability without skills is vacuously
// installed and surfaced. An id missing from the registry is enabled only
// when no enablement was given (the reference fails closed on a capability
// missing from its state map).
func (e *enabler) enabled(id string) bool {
	if e.all {
		return true
	}
	if v, ok := e.memo[id]; ok {
		return v
	}
	c := e.reg.ByID[id]
	v := c != nil && !e.disabled[id] && e.installed(c) && e.surfaced(c)
	e.memo[id] = v
	return v
}

// whyOff says what turns off the capability id, which enabled says is
// off: "disabledCapabilities", "the profile", "the surface", every one that
// does, as turning one back on leaves it off while another holds.
func (e *enabler) whyOff(id string) []string {
	c := e.reg.ByID[id]
	var why []string
	if e.disabled[id] {
		why = append(why, "disabledCapabilities")
	}
	if c != nil && !e.installed(c) {
		why = append(why, "the profile")
	}
	if c != nil && e.surfaceTurnsOff(c) {
		why = append(why, "the surface")
	}
	if len(why) == 0 {
		return []string{"the enablement"}
	}
	return why
}

// surfaceTurnsOff reports whether a surface turns off a skill of c by a
// choice of its own: a removal, a disabled cluster, or a base profile of
// its own that leaves the skill out. A base it takes from the install
// profile is the profile's doing.
func (e *enabler) surfaceTurnsOff(c *validate.Capability) bool {
	if e.offSkill == nil {
		return false // no surface given
	}
	for _, s := range c.Skills {
		byBase := e.ownBase && e.base != 0 && e.idx.skills[s]&e.base == 0
		if e.removes[s] || !e.adds[s] && (e.offSkill[s] || byBase) {
			return true
		}
	}
	return false
}

func (e *enabler) installed(c *validate.Capability) bool {
	if e.install == 0 {
		return true
	}
	for _, s := range c.Skills {
		if e.idx.skills[s]&e.install == 0 {
			return false
		}
	}
	return true
}

func (e *enabler) surfaced(c *validate.Capability) bool {
	for _, s := range c.Skills {
		if !e.skillSurfaced(s) {
			return false
		}
	}
	return true
}

// skillSurfaced applies the surface in the reference's order: base profile,
// minus disabled clusters, plus explicit adds, minus explicit removes.
func (e *enabler) skillSurfaced(s string) bool {
	if e.removes[s] {
		return false
	}
	if e.adds[s] {
		return true
	}
	if e.offSkill[s] {
		return false
	}
	return e.base == 0 || e.idx.skills[s]&e.base != 0
}
