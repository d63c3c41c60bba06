package validate

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/capreg/capreg/validate/ojson"
	"github.com/dlclark/regexp2/v2"
)

// CentralSchema is the central config schema: keys it still owns and the
// sources of the patterns of its dynamic keys. It holds no compiled
// pattern: a Snapshot keeps its Result, and the 80,000 patterns a schema
// file may hold took 317 MB compiled (BenchmarkCentralPatternsMemory).
type CentralSchema struct {
	ValidKeys []string
	Sources   []string // the pattern sources, in order, as written
	File      string   // the schema's path, where a finding about all its patterns goes
}

// centralInput is the central schema as validation reads it: the
// CentralSchema a Result keeps, with the parsed file a finding about one
// of its patterns is placed in, which the Result does not keep.
type centralInput struct {
	*CentralSchema
	doc *doc
	at  []int // the index in dynamicKeyPatterns of each of Sources
}

// schema is the CentralSchema of in, nil for none.
func (in *centralInput) schema() *CentralSchema {
	if in == nil {
		return nil
	}
	return in.CentralSchema
}

var tierRank = map[string]int{"core": 0, "standard": 1, "full": 2}

// crossCheck runs the cross-capability invariants of ref §3 and ADR-894 over
// the capabilities that passed their own checks. all holds every parsed
// capability, valid or not, so a requires edge to a broken capability is not
// reported as unknown on top of that capability's own findings.
// It returns the hooks of the valid capabilities ordered at each point.
//
// unread names the capability folders whose manifest could not be read or
// parsed: requiring one of those is not "unknown" either, since the folder
// (whose name is the id) is there with findings of its own.
func crossCheck(valid, all []*Capability, unread map[string]bool, central *centralInput, contract *Contract, s *sink) []PointHooks {
	checkOwners(valid, s)
	checkConfigKeys(valid, central, s)
	checkReviewerLanes(valid, s)
	checkRequires(valid, all, unread, s)
	checkRuntimeRefs(valid, all, s)
	checkCycles(valid, s)
	checkProducers(valid, s)
	if contract.Complete && len(unread) == 0 {
		// Host artifacts come from the contract and the others from the
		// capabilities: without all of both, a consumed artifact would
		// look like one nobody produces.
		checkConsumes(valid, all, contract, s)
	}
	points, cycles := orderPoints(valid)
	checkOrdering(valid, cycles, s)
	return points
}

// owners maps a name (skill, agent, command family) to the capability that
// claimed it first, in folder order.
type owners map[string]*Capability

// claim records c as the owner of name, or reports c when another
// capability owns it already, at the pointer ptrFormat gives with i (made
// only then: the check runs over every name of every capability at each
// rebuild, and nearly all claims succeed).
func (o owners) claim(name string, c *Capability, s *sink, ptrFormat string, i int, rule, what string) {
	switch first, dup := o[name]; {
	case !dup:
		o[name] = c
	case first != c:
		s.at(c.doc, fmt.Sprintf(ptrFormat, i), rule, "%s %q is owned by both %q and %q", what, name, first.ID, c.ID)
	}
}

func checkOwners(caps []*Capability, s *sink) {
	skills, agents, families := owners{}, owners{}, owners{}
	for _, c := range caps {
		if c.Role != "feature" {
			continue
		}
		for i, stem := range c.Skills {
			skills.claim(stem, c, s, "/skills/%d", i, "skill-owner-conflict", "skill")
		}
		for i, ag := range c.Agents {
			agents.claim(ag, c, s, "/agents/%d", i, "agent-owner-conflict", "agent")
		}
		for i, cmd := range c.Commands {
			if cmd.Family != "" {
				families.claim(cmd.Family, c, s, "/commands/%d/family", i, "command-family-conflict", "command family")
			}
		}
	}
}

func checkConfigKeys(caps []*Capability, central *centralInput, s *sink) {
	keys := ownConfigKeys(caps, central.schema(), s)
	if central != nil {
		checkCentralPatterns(keys, central, &patternClock{}, s)
	}
}

// configKey is a config key and the capability that owns it.
type configKey struct {
	c   *Capability
	key string
}

// ptr is the key's pointer, made only for a finding: the checks run over
// every key at each rebuild.
func (k configKey) ptr() string { return "/config/" + ojson.EscapePointer(k.key) }

// ownConfigKeys reports a config key declared by two capabilities, and one
// still among the central validKeys, and returns the keys in the order
// declared, each with the first capability to declare it.
func ownConfigKeys(caps []*Capability, central *CentralSchema, s *sink) []configKey {
	owners := map[string]*Capability{}
	valid := validKeySet(central)
	var keys []configKey
	for _, c := range caps {
		for _, e := range c.Config {
			k := configKey{c, e.Key}
			if first := owners[e.Key]; first != nil {
				s.at(c.doc, k.ptr(), "config-key-conflict", "config key %q is owned by both %q and %q", e.Key, first.ID, c.ID)
				continue
			}
			owners[e.Key] = c
			keys = append(keys, k)
			if valid[e.Key] {
				s.warnAt(c.doc, k.ptr(), "config-key-pending-migration",
					"pending-migration: capability %q declares config key %q still present in the central config schema; finish the move at cutover (remove it from validKeys)", c.ID, e.Key)
			}
		}
	}
	return keys
}

// checkCentralPatterns compiles the central patterns one at a time,
// reporting those that do not compile, and matches each key against each
// that does while the budget lasts. Only one is held compiled: holding
// them all, the 80,000 a schema file may hold took 317 MB for as long as
// the Result lived, and twice that until their matchers were collected
// (BenchmarkCentralPatternsMemory). What the budget leaves unchecked fails
// closed, with one finding: any of those keys may be the central loader's.
func checkCentralPatterns(keys []configKey, central *centralInput, budget *patternClock, s *sink) {
	unchecked := 0
	for i, src := range central.Sources {
		re, err := compileJSPattern(src)
		if err != nil {
			s.warnAt(central.doc, fmt.Sprintf("/dynamicKeyPatterns/%d/source", central.at[i]), "config-file",
				"pattern /%s/ is not a valid JavaScript regular expression (%v); keys are not checked against it", src, err)
			continue
		}
		unchecked += matchCentralPattern(re, src, keys, budget, s)
	}
	if unchecked > 0 {
		s.add(Diagnostic{File: central.File, Rule: "config-key-central-pattern", Message: fmt.Sprintf(
			"matching config keys against the %d central config-schema patterns took over %v in all; %d key/pattern pairs were not checked; use fewer or simpler patterns",
			len(central.Sources), patternBudget, unchecked)})
	}
}

// matchCentralPattern matches the keys against re, the pattern compiled
// from src, while the budget lasts, reporting the keys it matches, and
// returns how many keys it left unchecked. Once the budget is spent, the
// keys left are counted, not visited: asking the clock for each pair took
// 12 s beyond the budget for 20,000 keys and 20,000 patterns
// (BenchmarkCentralPatternsSpent).
func matchCentralPattern(re *regexp2.Regexp, src string, keys []configKey, budget *patternClock, s *sink) int {
	budget.begin()
	defer budget.end()
	for j, k := range keys {
		left := budget.left()
		if left <= 0 {
			return len(keys) - j
		}
		re.MatchTimeout = min(patternTimeout, left)
		switch matched, err := re.MatchString(k.key); {
		case err != nil: // fail closed: the key may be the central loader's
			s.at(k.c.doc, k.ptr(), "config-key-central-pattern",
				"could not decide within %v whether config key %q is matched by central config-schema pattern /%s/ (%v); simplify the pattern", patternTimeout, k.key, src, err)
		case matched:
			s.at(k.c.doc, k.ptr(), "config-key-central-pattern",
				"config key %q is matched by central config-schema pattern /%s/, so the central loader owns it and this declaration is inert; rename the key or narrow the pattern", k.key, src)
		}
	}
	return 0
}

// validKeySet is the central schema's validKeys as a set: every config key
// is looked up in it, and a search of the list made that quadratic (40,000
// keys against 60,000 validKeys: 2.3 s).
func validKeySet(central *CentralSchema) map[string]bool {
	if central == nil {
		return nil
	}
	set := make(map[string]bool, len(central.ValidKeys))
	for _, k := range central.ValidKeys {
		set[k] = true
	}
	return set
}

// patternBudget bounds the time of all the central-pattern matches of one
// validation. patternTimeout bounds one match, but a schema may hold
// thousands of patterns (a 1 MiB POST /validate body holds some 35,000 that
// backtrack) and a repository thousands of keys: without a total, their
// product ran for hours, holding the daemon's one validation turn, and a
// client that went away did not stop it.
const patternBudget = 2 * time.Second

// patternClock measures how much of patternBudget matching has spent: for
// each pattern, the time from before its first match to after its last.
// Compiling a pattern, between those, does not count, as when every
// pattern was compiled before the first match: compiling all that a schema
// file may hold takes longer than the budget.
type patternClock struct {
	now   func() time.Time // time.Now where nil; a test sets its own
	spent time.Duration    // by the patterns matched before this one
	start time.Time        // when matching this one began
}

// begin starts the time of matching a pattern.
func (c *patternClock) begin() { c.start = c.read() }

// end adds the time of matching the pattern to what was spent.
func (c *patternClock) end() { c.spent += c.read().Sub(c.start) }

// left returns what remains of the budget.
func (c *patternClock) left() time.Duration {
	return patternBudget - c.spent - c.read().Sub(c.start)
}

func (c *patternClock) read() time.Time {
	if c.now == nil {
		return time.Now()
	}
	return c.now()
}

// checkReviewerLanes enforces unique slug, flags and reviewsSection across
// reviewer bodies (I-5). Claims are gathered first, then one finding per
// colliding value names every claimant.
func checkReviewerLanes(caps []*Capability, s *sink) {
	type lane struct {
		cap *Capability
		ptr string
	}
	claims := map[string][]lane{}
	var keys []string
	add := func(kind, value string, c *Capability, ptr string) {
		k := kind + " " + fmt.Sprintf("%q", value)
		if _, ok := claims[k]; !ok {
			keys = append(keys, k)
		}
		for _, l := range claims[k] {
			if l.cap == c {
				return
			}
		}
		claims[k] = append(claims[k], lane{c, ptr})
	}
	for _, c := range caps {
		rv := c.Manifest.Get("reviewer")
		if rv == nil || rv.Kind != ojson.Object {
			continue
		}
		if slug := rv.Get("slug"); slug.IsString() {
			add("reviewer slug", slug.Str, c, "/reviewer/slug")
		}
		for i, f := range rv.Get("flags").Strings() {
			add("reviewer flag", f, c, fmt.Sprintf("/reviewer/flags/%d", i))
		}
		if sec := rv.Get("reviewsSection"); sec.IsString() {
			add("reviewer reviewsSection", sec.Str, c, "/reviewer/reviewsSection")
		}
	}
	for _, k := range keys {
		ls := claims[k]
		if len(ls) < 2 {
			continue
		}
		ids := make([]string, len(ls))
		for i, l := range ls {
			ids[i] = fmt.Sprintf("%q", l.cap.ID)
		}
		slices.Sort(ids)
		s.at(ls[1].cap.doc, ls[1].ptr, "reviewer-lane-conflict", "%s is declared by %s; reviewer lanes must be unique", k, strings.Join(ids, " and "))
	}
}

func byID(caps []*Capability) map[string]*Capability {
	m := make(map[string]*Capability, len(caps))
	for _, c := range caps {
		if _, dup := m[c.ID]; !dup && c.ID != "" {
			m[c.ID] = c
		}
	}
	return m
}

// idHints suggests, for an unknown id, the id among those that fit a
// typo away from it ("; did you mean "x"?"), or "". The ids are listed and
// sorted on the first finding, and only the first maxIDHints findings get
// a hint: each is a search of every id, and a repository of thousands of
// broken references must not make the check quadratic.
type idHints struct {
	known map[string]*Capability
	fits  func(*Capability) bool
	ids   []string
	asked int
}

const maxIDHints = 100

func (h *idHints) meant(id string) string {
	if h.asked++; h.asked > maxIDHints {
		return ""
	}
	if h.ids == nil {
		h.ids = []string{}
		for k, c := range h.known {
			if h.fits(c) {
				h.ids = append(h.ids, k)
			}
		}
		slices.Sort(h.ids) // the first of equally near ids, whatever the map order
	}
	if want := nearestName(id, h.ids); want != "" {
		return fmt.Sprintf("; did you mean %q?", want)
	}
	return ""
}

func checkRequires(valid, all []*Capability, unread map[string]bool, s *sink) {
	known, ok := byID(all), byID(valid)
	hints := &idHints{known: known, fits: func(*Capability) bool { return true }}
	// The folder of a capability whose id differs from it (the error
	// id-folder-mismatch) is what a requirer means: "did you mean" its
	// id would steer a correct requires to the mistake.
	misnamed := map[string]bool{}
	for _, c := range all {
		if c.ID != "" && c.ID != c.Folder {
			misnamed[c.Folder] = true
		}
	}
	for _, c := range valid {
		for i, r := range c.Requires {
			ptr := func() string { return fmt.Sprintf("/requires/%d", i) } // for a finding only
			dep, exists := known[r]
			if !exists && !unread[r] && !misnamed[r] {
				s.at(c.doc, ptr(), "requires-unknown", "capability %q requires %q which does not exist%s", c.ID, r,
					hints.meant(r))
				continue
			}
			if !exists {
				continue // its capability.json did not parse, or names another id: reported there
			}
			if _, isValid := ok[r]; !isValid {
				continue
			}
			if tierRank[c.Tier] < tierRank[dep.Tier] {
				s.at(c.doc, ptr(), "tier-monotone",
					"tier-monotone violation: capability %q (tier: %s) requires %q (tier: %s); a capability may only require capabilities of its own tier or lower (core < standard < full)",
					c.ID, c.Tier, r, dep.Tier)
			}
		}
	}
}

func checkRuntimeRefs(valid, all []*Capability, s *sink) {
	known := byID(all)
	isRuntime := func(id string) bool { c := known[id]; return c != nil && c.Role == "runtime" }
	hints := &idHints{known: known, fits: func(c *Capability) bool { return c.Role == "runtime" }}
	for _, c := range valid {
		if c.Role != "feature" {
			continue
		}
		rc := c.Manifest.Get("runtimeCompat")
		if rc == nil {
			continue
		}
		for _, list := range []string{"supported", "unsupported"} {
			for i, id := range rc.Get(list).Strings() {
				if id != "*" && !isRuntime(id) {
					s.at(c.doc, fmt.Sprintf("/runtimeCompat/%s/%d", list, i), "runtime-compat-unknown",
						"capability %q runtimeCompat.%s references unknown runtime %q (no role:runtime capability has that id)%s", c.ID, list, id,
						hints.meant(id))
				}
			}
		}
		if notes := rc.Get("notes"); notes != nil && notes.Kind == ojson.Object {
			for _, m := range notes.Members {
				if m.Key != "*" && !isRuntime(m.Key) {
					s.at(c.doc, "/runtimeCompat/notes/"+ojson.EscapePointer(m.Key), "runtime-compat-unknown",
						"capability %q runtimeCompat.notes references unknown runtime %q%s", c.ID, m.Key,
						hints.meant(m.Key))
				}
			}
		}
	}
}

// checkCycles finds requires cycles by depth-first search in folder order and
// prints each as the path from its root with the re-entered node repeated.
func checkCycles(caps []*Capability, s *sink) {
	ids := byID(caps)
	const (
		white = iota
		grey
		black
	)
	color := map[string]int{}
	var stack []string
	var visit func(c *Capability)
	visit = func(c *Capability) {
		color[c.ID] = grey
		stack = append(stack, c.ID)
		for i, r := range c.Requires {
			dep := ids[r]
			if dep == nil {
				continue
			}
			switch color[r] {
			case white:
				visit(dep)
			case grey:
				path := append(slices.Clone(stack), r)
				s.at(c.doc, fmt.Sprintf("/requires/%d", i), "requires-cycle", "requires cycle detected: %s", strings.Join(path, " → "))
			}
		}
		stack = stack[:len(stack)-1]
		color[c.ID] = black
	}
	for _, c := range caps {
		if color[c.ID] == white {
			visit(c)
		}
	}
}

// stepsByPoint groups the steps of all capabilities by point, in folder
// then declaration order.
func stepsByPoint(caps []*Capability) map[string][]*Hook {
	out := map[string][]*Hook{}
	for _, c := range caps {
		for _, h := range c.Steps {
			out[h.Point] = append(out[h.Point], h)
		}
	}
	return out
}

// checkProducers enforces one producer per artifact per point (I-9): two
// distinct steps, of one capability or two, may not produce the same artifact
// at the same point. Contributions do not count.
func checkProducers(caps []*Capability, s *sink) {
	docs := byID(caps)
	stepsAt := stepsByPoint(caps)
	for _, p := range Points {
		first := map[string]*Hook{}
		for _, h := range stepsAt[p] {
			for j, a := range h.Produces {
				prev := first[a]
				if prev == nil {
					first[a] = h
					continue
				}
				if prev == h {
					continue // one step listing an artifact twice is harmless
				}
				ids := []string{prev.CapID, h.CapID}
				slices.Sort(ids)
				ids = slices.Compact(ids)
				s.at(docs[h.CapID].doc, fmt.Sprintf("%s/produces/%d", h.Pointer(), j), "duplicate-producer",
					"duplicate-producer invariant violated: artifact %q is produced by more than one step at the same Loop Extension Point %q (capabilities: %s); data-flow resolution would be ambiguous",
					a, p, strings.Join(ids, ", "))
			}
		}
	}
}

// checkConsumes enforces that every step's consumes is available at its point
// (I-10): a host artifact from its step's last point on, or an artifact some
// other step produces at this point or an earlier one. The steps of every
// parsed capability count as producers, valid or not: a consumer of what a
// broken capability produces is not also reported for that capability's
// findings.
func checkConsumes(caps, producers []*Capability, contract *Contract, s *sink) {
	host := contract.hostArtifactIndex()
	type producer struct {
		h   *Hook
		idx int
	}
	produced := map[string][]producer{}
	for _, c := range producers {
		for _, h := range c.Steps {
			if idx := PointIndex(h.Point); idx >= 0 {
				for _, a := range h.Produces {
					produced[a] = append(produced[a], producer{h, idx})
				}
			}
		}
	}
	for _, c := range caps {
		for _, h := range c.Steps {
			at := PointIndex(h.Point)
			if at < 0 {
				continue
			}
			for j, a := range h.Consumes {
				if idx, ok := host[a]; ok && idx <= at {
					continue
				}
				earliest, self, satisfied := -1, false, false
				for _, p := range produced[a] {
					if p.h == h {
						self = true
						continue
					}
					if p.idx <= at {
						satisfied = true
						break
					}
					if earliest < 0 || p.idx < earliest {
						earliest = p.idx
					}
				}
				if idx, ok := host[a]; ok && (earliest < 0 || idx < earliest) {
					earliest = idx
				}
				if satisfied {
					continue
				}
				ptr := fmt.Sprintf("%s/consumes/%d", h.Pointer(), j)
				switch {
				case earliest >= 0:
					s.at(c.doc, ptr, "consumes-unsatisfied",
						"capability %q step at point %q consumes %q which is only produced after this point (earliest available at %q)", c.ID, h.Point, a, Points[earliest])
				case self:
					s.at(c.doc, ptr, "consumes-unsatisfied",
						"capability %q step at point %q consumes %q which is only produced by this step itself", c.ID, h.Point, a)
				default:
					s.at(c.doc, ptr, "consumes-unsatisfied",
						"capability %q step at point %q consumes %q which is never produced by any host artifact or capability hook", c.ID, h.Point, a)
				}
			}
		}
	}
}

// checkOrdering reports produces/consumes cycles among the steps, or among the
// contributions, at one point (I-11): no order could be materialized.
func checkOrdering(caps []*Capability, cycles []hookCycle, s *sink) {
	docs := byID(caps)
	name := func(h *Hook) string { return fmt.Sprintf("%s %s", h.CapID, h.Pointer()) }
	for _, cy := range cycles {
		groups, held := cycleGroups(cy.hooks)
		for g, members := range groups {
			loop := cycleIn(members)
			var path strings.Builder
			path.WriteString(name(loop[0]))
			for k, h := range loop {
				if k > 0 {
					path.WriteString(", which")
				}
				next := loop[(k+1)%len(loop)]
				fmt.Fprintf(&path, " produces %q for %s", sharedArtifact(h, next), name(next))
			}
			msg := fmt.Sprintf("produces/consumes cycle detected in %ss at point %q: %s; no execution order exists", loop[0].Kind, cy.point, path.String())
			var also []string // in a cycle with these, by another way round
			for _, h := range members {
				if !slices.Contains(loop, h) {
					also = append(also, name(h))
				}
			}
			if len(also) > 0 {
				msg += fmt.Sprintf(" (%s %s in a cycle with them too)", strings.Join(also, ", "), map[bool]string{true: "is", false: "are"}[len(also) == 1])
			}
			if len(held[g]) > 0 {
				var names []string
				for _, h := range held[g][:min(len(held[g]), maxHeldNamed)] {
					names = append(names, name(h))
				}
				if more := len(held[g]) - len(names); more > 0 {
					names = append(names, fmt.Sprintf("and %d other hooks", more))
				}
				if len(cy.hooks) > maxCycleHooks {
					msg += fmt.Sprintf(" (%s are left unordered with it)", strings.Join(names, ", "))
				} else {
					msg += fmt.Sprintf(" (it also holds back %s, which wait%s on it)", strings.Join(names, ", "), map[bool]string{true: "s"}[len(held[g]) == 1])
				}
			}
			s.at(docs[loop[0].CapID].doc, loop[0].Pointer(), "ordering-cycle", "%s", msg)
		}
	}
}

// maxCycleHooks bounds the hooks cycleGroups splits into cycles, which
// costs the square of their number.
const maxCycleHooks = 256

// maxHeldNamed bounds the hooks an ordering-cycle finding names as held
// back; the others are counted.
const maxHeldNamed = 10

// cycleGroups splits the hooks OrderHooks could not order into their
// cycles, the strongly connected groups of two or more (each in input
// order, the groups by their first member), and, for each group, the
// other hooks that wait on it and on no group before it: two cycles at a
// point are two findings, and a hook is named as held back only by a
// cycle it depends on.
func cycleGroups(hooks []*Hook) (groups, held [][]*Hook) {
	n := len(hooks)
	if n > maxCycleHooks {
		// Not split: one cycle named, the rest left unordered with it.
		loop := cycleIn(hooks)
		rest := slices.DeleteFunc(slices.Clone(hooks), func(h *Hook) bool { return slices.Contains(loop, h) })
		return [][]*Hook{loop}, [][]*Hook{rest}
	}
	succ := make([][]int, n)
	for i, p := range hooks {
		for j, c := range hooks {
			if i != j && sharedArtifact(p, c) != "" {
				succ[i] = append(succ[i], j)
			}
		}
	}
	reach := func(from []int) []bool {
		seen := make([]bool, n)
		stack := slices.Clone(from)
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, j := range succ[i] {
				if !seen[j] {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
		return seen
	}
	from := make([][]bool, n) // from[i][j]: j is reached from i
	for i := range hooks {
		from[i] = reach([]int{i})
	}
	grouped := make([]bool, n)
	var roots [][]int
	for i := range hooks {
		if grouped[i] || !from[i][i] {
			continue // ordered later, or only waiting
		}
		var g []int
		for j := i; j < n; j++ {
			if from[i][j] && from[j][i] {
				g, grouped[j] = append(g, j), true
			}
		}
		roots = append(roots, g)
	}
	claimed := slices.Clone(grouped)
	for _, g := range roots {
		var members, waiting []*Hook
		for _, i := range g {
			members = append(members, hooks[i])
		}
		for j, r := range reach(g) {
			if r && !claimed[j] {
				claimed[j] = true
				waiting = append(waiting, hooks[j])
			}
		}
		groups, held = append(groups, members), append(held, waiting)
	}
	return groups, held
}

// cycleIn returns one produces/consumes cycle among hooks, hooks that
// OrderHooks could not order, from its member first in input order, each
// producing an artifact the next consumes. Every such hook consumes what
// another of them produces (else it would have been ordered), so walking
// back from one to a producer of what it consumes must come round.
func cycleIn(hooks []*Hook) []*Hook {
	producerOf := func(h *Hook) *Hook {
		for _, p := range hooks {
			if p != h && sharedArtifact(p, h) != "" {
				return p
			}
		}
		return nil
	}
	var back []*Hook // the walk, each a producer for the one before
	for h := hooks[0]; h != nil; h = producerOf(h) {
		if at := slices.Index(back, h); at >= 0 {
			loop := slices.Clone(back[at:])
			slices.Reverse(loop) // producer before consumer
			first := slices.IndexFunc(loop, func(x *Hook) bool { return slices.Index(hooks, x) == minIndex(hooks, loop) })
			return append(loop[first:], loop[:first]...)
		}
		back = append(back, h)
	}
	return hooks // not reached: a hook with no producer among them was ordered
}

// minIndex is the least index in hooks of a member of some.
func minIndex(hooks, some []*Hook) int {
	least := len(hooks)
	for _, h := range some {
		least = min(least, slices.Index(hooks, h))
	}
	return least
}

// sharedArtifact is the first artifact p produces that c consumes, or "".
func sharedArtifact(p, c *Hook) string {
	for _, a := range p.Produces {
		if slices.Contains(c.Consumes, a) {
			return a
		}
	}
	return ""
}
