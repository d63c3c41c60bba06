package validate

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/capreg/capreg/internal/unicodeform"
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
	// mended says doc was read past its slips (mendDoc): its own findings
	// are made, and it is no schema (schema is nil) to the keys.
	mended bool
}

// schema is the CentralSchema of in, nil for none (or one read mended).
func (in *centralInput) schema() *CentralSchema {
	if in == nil || in.mended {
		return nil
	}
	return in.CentralSchema
}

var tierRank = map[string]int{"core": 0, "standard": 1, "full": 2}

// crossCheck runs the cross-capability invariants of ref §3 and ADR-894 over
// the capabilities that passed their own checks (and the requires checks,
// cycles, unknown ids and tiers, also over those whose requires is
// readable: see requiresReaders). all holds every parsed
// capability, valid or not, so a requires edge to a broken capability is not
// reported as unknown on top of that capability's own findings.
// It returns the hooks of the valid capabilities ordered at each point.
//
// unread names the capability folders whose manifest could not be read or
// parsed, or is not an object: requiring one of those is not "unknown"
// either, since the folder (whose name is the id) is there with findings
// of its own. No finding in a valid capability claims what only another
// capability's errors make true ("requires "x" which does not exist" of a
// folder x whose id is not a string, "never produced" of an artifact a
// broken capability's step produces at a point that is no loop point):
// that capability's own errors say what to fix, the repository fails on
// them, and a healthy file is not blamed (its annotation on a pull request
// would be wrong).
//
// Once ctx ends the central patterns are no longer compiled or matched
// (they may take seconds: see patternBudget), and the findings are
// incomplete: the caller looks at ctx and discards them.
func crossCheck(ctx context.Context, valid, all []*Capability, unread map[string]bool, central *centralInput, contract *Contract, s *sink) []PointHooks {
	checkInlinedTotal(valid, s)
	checkConfigEcho(valid, s)
	checkOwners(hookReaders(all), s)
	checkConfigKeys(ctx, configReaders(all), central, s)
	checkReviewerLanes(valid, s)
	misnamed, readers := misnamedFolders(all), requiresReaders(all)
	checkRequires(readers, valid, all, unread, misnamed, s)
	checkRuntimeRefs(valid, all, unread, misnamed, s)
	checkCycles(readers, s)
	checkProducers(hookReaders(all), s)
	if len(unread) == 0 {
		// Host artifacts come from the contract and the others from the
		// capabilities: without all of both, a consumed artifact would
		// look like one nobody produces. A host workflow's consumes need
		// the hosts before it only (checkHostConsumes).
		consumers := valid
		if producesKnown(all) {
			consumers = hookReaders(all)
		}
		checkConsumes(consumers, all, contract, s)
		checkHostConsumes(all, contract, s)
	}
	points, cycles := orderPoints(valid)
	checkOrdering(valid, cycles, s)
	return points
}

// owners maps a name (skill, agent, command family) to the capability that
// claimed it first, in folder order, and the index of the claim in its list.
type owners map[string]ownerClaim

// ownerClaim is a capability's claim of a name: the capability and the
// index of the name in its list.
type ownerClaim struct {
	c *Capability
	i int
}

// claim records c as the owner of name, or reports c when another
// capability owns it already, at the pointer ptrFormat gives with i (made
// only then: the check runs over every name of every capability at each
// rebuild, and nearly all claims succeed). The finding, placed at the
// second claim in folder order, names where the first one is: the author
// who just added a capability may be told in another's file, and the
// claim to change may be their own.
func (o owners) claim(name string, c *Capability, s *sink, ptrFormat string, i int, rule, what, list string) {
	switch first, dup := o[name]; {
	case !dup:
		o[name] = ownerClaim{c, i}
	case first.c != c:
		s.at(c.doc, fmt.Sprintf(ptrFormat, i), rule, "%s %q is owned by both %q and %q; %q claims it at %s: %s has exactly one owner, so remove it from the %s of one of them, or rename one",
			what, name, first.c.ID, c.ID, first.c.ID, s.where(first.c.doc, fmt.Sprintf(ptrFormat, first.i)), article(what), list)
	}
}

// article is what with "a" or "an" before it.
func article(what string) string {
	if strings.ContainsRune("aeiou", rune(what[0])) {
		return "an " + what
	}
	return "a " + what
}

// checkOwners reports a skill, agent or command family claimed by two of
// caps: the valid features and each with errors whose id is its folder's
// name (hookReaders), as config keys are (configReaders). A name such a
// capability lists is claimed as written whatever else is wrong, so a
// copied capability is told the names it shares in the run that reports
// its errors, not once they are fixed. A list's names are read at their
// index in it, past entries that are no string (the schema's).
func checkOwners(caps []*Capability, s *sink) {
	skills, agents, families := owners{}, owners{}, owners{}
	for _, c := range caps {
		if c.Role != "feature" {
			continue
		}
		for i, stem := range c.Manifest.Get("skills").StringItems() {
			skills.claim(stem, c, s, "/skills/%d", i, "skill-owner-conflict", "skill", "skills")
		}
		for i, ag := range c.Manifest.Get("agents").StringItems() {
			agents.claim(ag, c, s, "/agents/%d", i, "agent-owner-conflict", "agent", "agents")
		}
		for i, cmd := range c.Commands {
			if cmd.Family != "" {
				families.claim(cmd.Family, c, s, "/commands/%d/family", i, "command-family-conflict", "command family", "commands")
			}
		}
	}
}

func checkConfigKeys(ctx context.Context, caps []*Capability, central *centralInput, s *sink) {
	keys := ownConfigKeys(caps, central.schema(), s)
	if central != nil && central.mended {
		// Its own findings only: the patterns that do not compile.
		checkCentralPatterns(ctx, nil, central, nil, &patternClock{}, s)
		central = nil
	}
	if central != nil {
		told := reportCentralParentKeys(keys, central, s)
		checkCentralPatterns(ctx, keys, central, told, &patternClock{}, s)
	}
	checkConfigValuesKeys(caps, keys, central.schema(), s)
}

// maxValuesKeyCompares bounds the declared keys the configValues
// near-miss search compares, in all: each undeclared key is compared
// with every declared one.
const maxValuesKeyCompares = 1_000_000

// checkConfigValuesKeys warns of a contribution's configValues alias
// naming a key that no capability declares, when it is a slip from one
// that is declared and the central schema does not own it: a render
// finds no default for it and, unless the project config sets that key,
// leaves the alias out without a word, where
// the default of the key meant was expected (trial2: a payouts
// contribution's "payments.payouts.schedul"). A key of the central
// config, or of a tool's own settings, no capability declares is none.
func checkConfigValuesKeys(caps []*Capability, keys []configKey, central *CentralSchema, s *sink) {
	declared := make(map[string]bool, len(keys))
	names := make([]string, len(keys))
	for i, k := range keys {
		declared[k.key], names[i] = true, k.key
	}
	var owner *CentralOwner
	var deadline time.Time
	compares := 0
	for _, c := range caps {
		for _, h := range c.Contributions {
			cv := h.Raw.Get("configValues")
			if cv == nil || cv.Kind != ojson.Object {
				continue
			}
			for i := range cv.Members {
				m := &cv.Members[i]
				if m.Value.Kind != ojson.String || declared[m.Value.Str] || compares > maxValuesKeyCompares {
					continue
				}
				compares += len(names)
				meant := NearestID(m.Value.Str, names)
				if meant == "" {
					continue
				}
				if owner == nil {
					owner, deadline = central.Owner(), time.Now().Add(time.Second)
				}
				if owns, _ := owner.OwnsBefore(m.Value.Str, deadline); owns {
					continue
				}
				s.warnAt(c.doc, h.Pointer()+"/configValues/"+ojson.EscapePointer(m.Key), "config-values-unknown-key",
					"configValues alias %q names %q, which no capability declares, so no default gives it a value: a render leaves the alias out unless the project config sets that key; did you mean %q?", m.Key, m.Value.Str, meant)
			}
		}
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
				s.at(c.doc, k.ptr(), "config-key-conflict", "config key %q is owned by both %q and %q; %q declares it at %s: a config key has exactly one owner, so remove it from the config of one of them, or rename one (and each when naming it)",
					e.Key, first.ID, c.ID, first.ID, s.where(first.doc, configKey{first, e.Key}.ptr()))
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
	reportParentKeys(keys, s)
	return keys
}

// reportParentKeys warns of a config key that is the parent of another,
// release.store beside release.store.track (trial2: a mobile team's
// store-release capability): gsd-core reads a key by nested lookup alone
// (ref §5.2), so a config giving the longer key makes the shorter an
// object, which a when or activationKey reading it takes as set, whatever
// it was meant to hold. One finding at each parent, naming its first
// child in key order.
func reportParentKeys(keys []configKey, s *sink) {
	sorted := slices.Clone(keys)
	slices.SortFunc(sorted, func(a, b configKey) int { return strings.Compare(a.key, b.key) })
	for _, k := range keys {
		prefix := k.key + "."
		i, _ := slices.BinarySearchFunc(sorted, prefix, func(e configKey, t string) int { return strings.Compare(e.key, t) })
		if i == len(sorted) || !strings.HasPrefix(sorted[i].key, prefix) {
			continue
		}
		child := sorted[i]
		rename := renameParent(k, "rename one of them so that neither is the other's parent")
		s.warnAt(k.c.doc, k.ptr(), "config-key-parent",
			"config key %q is the parent of %q, declared at %s: gsd-core reads keys by nested lookup alone, so a config giving the child, %s, makes %q an object (taken as set by a when or activationKey, whatever it was meant to be), and no config gives both their own values; %s",
			k.key, child.key, s.where(child.c.doc, child.ptr()), nestedExample(child.key), k.key, rename)
	}
}

// renameParent is advice, the renaming config-key-parent asks of the
// parent key k, with the name a boolean switch may take instead.
func renameParent(k configKey, advice string) string {
	if i := slices.IndexFunc(k.c.Config, func(e ConfigEntry) bool { return e.Key == k.key }); i >= 0 && k.c.Config[i].Type == "boolean" {
		advice += fmt.Sprintf(" (the switch as %q, say)", k.key+".enabled")
	}
	return advice
}

// reportCentralParentKeys warns of a capability's config key below a
// central validKey (model_profile.mode under model_profile) or above one
// (git above git.branching_strategy): the mistake reportParentKeys finds
// among capabilities' keys, with the central config's loader, which reads
// the project config as gsd-core does, owning the other key. A config
// giving the longer makes the shorter an object, which the central loader
// or a when reads as its value, and none gives both their own values. One
// finding at each capability key: the central key nearest above it, or
// else the first below it in key order. A key equal to a central one is
// config-key-pending-migration's. It returns the keys it told of
// (reportPatternParentKeys tells each key once, of either).
func reportCentralParentKeys(keys []configKey, central *centralInput, s *sink) map[string]bool {
	told := map[string]bool{}
	at := map[string]int{} // each central key's index in validKeys, the first
	for i, k := range central.doc.Root.Get("validKeys").StringItems() {
		if _, ok := at[k]; !ok {
			at[k] = i
		}
	}
	sorted := slices.Sorted(maps.Keys(at))
	where := func(k string) string { return s.where(central.doc, fmt.Sprintf("/validKeys/%d", at[k])) }
	for _, k := range keys {
		if parent := centralParent(k.key, at); parent != "" {
			s.warnAt(k.c.doc, k.ptr(), "config-key-parent",
				"config key %q is below central config key %q, listed at %s: gsd-core reads keys by nested lookup alone, so a config giving this key, %s, makes the central %q an object, whatever gsd-core reads it as, and no config gives both their own values; rename this key so that it is not below a central one",
				k.key, parent, where(parent), nestedExample(k.key), parent)
			told[k.key] = true
			continue
		}
		prefix := k.key + "."
		i, _ := slices.BinarySearch(sorted, prefix)
		if i == len(sorted) || !strings.HasPrefix(sorted[i], prefix) {
			continue
		}
		child := sorted[i]
		rename := renameParent(k, "rename this key so that it is not the parent of a central one")
		s.warnAt(k.c.doc, k.ptr(), "config-key-parent",
			"config key %q is the parent of central config key %q, listed at %s: gsd-core reads keys by nested lookup alone, so a config giving the central key, %s, makes %q an object (taken as set by a when or activationKey, whatever it was meant to be), and no config gives both their own values; %s",
			k.key, child, where(child), nestedExample(child), k.key, rename)
		told[k.key] = true
	}
	return told
}

// centralParent is the longest central key (of at) that key is below,
// a.b of a.b.c, or "".
func centralParent(key string, at map[string]int) string {
	for i := strings.LastIndexByte(key, '.'); i > 0; i = strings.LastIndexByte(key[:i], '.') {
		if _, ok := at[key[:i]]; ok {
			return key[:i]
		}
	}
	return ""
}

// nestedExample is the nested config that gives key a value:
// {"a": {"b": …}} for a.b.
func nestedExample(key string) string {
	parts := strings.Split(key, ".")
	out := "…"
	for i := len(parts) - 1; i >= 0; i-- {
		out = "{" + strconv.Quote(parts[i]) + ": " + out + "}"
	}
	return out
}

// checkCentralPatterns compiles the central patterns one at a time,
// reporting those that do not compile, and matches each key against each
// that does while the budget lasts. Only one is held compiled: holding
// them all, the 80,000 a schema file may hold took 317 MB for as long as
// the Result lived, and twice that until their matchers were collected
// (BenchmarkCentralPatternsMemory). What the budget leaves unchecked fails
// closed, with one finding: any of those keys may be the central loader's.
// Once ctx ends it stops, its findings incomplete (see crossCheck).
// A key below or above a pattern's keys is config-key-parent's
// (reportPatternParentKeys), but for the keys told (of a validKey).
func checkCentralPatterns(ctx context.Context, keys []configKey, central *centralInput, told map[string]bool, budget *patternClock, s *sink) {
	if told == nil {
		told = map[string]bool{}
	}
	unchecked := 0
	var later []int // the patterns whose parent walks wait (below)
	for i, src := range central.Sources {
		if ctx.Err() != nil {
			return
		}
		re, err := compileJSPattern(src)
		var deep *patternDepthError
		if errors.As(err, &deep) {
			// Valid JavaScript, which gsd-core compiles and matches: fail
			// closed, as for a match not decided in time, when there
			// is a key to match.
			if len(keys) == 0 {
				continue
			}
			s.at(central.doc, fmt.Sprintf("/dynamicKeyPatterns/%d/source", central.at[i]), "config-key-central-pattern",
				"config keys were not checked against central config-schema pattern /%s/: %v; any of the %d keys may be the central loader's: simplify the pattern",
				src, err, len(keys))
			continue
		}
		if err != nil {
			s.warnAt(central.doc, fmt.Sprintf("/dynamicKeyPatterns/%d/source", central.at[i]), "config-file",
				"pattern /%s/ is not a valid JavaScript regular expression (%v); keys are not checked against it", src, err)
			continue
		}
		unchecked += matchCentralPattern(ctx, re, src, keys, budget, s)
		lit := patternLiteralPrefix(src)
		if lit == "" {
			later = append(later, i)
			continue
		}
		where := s.where(central.doc, fmt.Sprintf("/dynamicKeyPatterns/%d/source", central.at[i]))
		reportPatternParentKeys(ctx, re, src, lit, where, keys, told, budget, s)
	}
	if unchecked > 0 {
		s.add(Diagnostic{File: central.File, Rule: "config-key-central-pattern", Message: fmt.Sprintf(
			"matching config keys against the %d central config-schema patterns took over %v in all; %d key/pattern pairs were not checked; use fewer or simpler patterns",
			len(central.Sources), patternBudget, unchecked)})
	}
	// A pattern with no literal start is matched against each parent of
	// every key (config-key-parent, a warning): those walks come after
	// every pattern's own matches, with what is left of the budget, each
	// pattern compiled again, so that they never leave a collision (an
	// error) unchecked (2,000 such patterns and 300 keys four parents
	// deep: 0.2 s of matches, 0.9 s with the walks).
	for _, i := range later {
		if ctx.Err() != nil || budget.spent >= patternBudget {
			return
		}
		src := central.Sources[i]
		if re, err := compileJSPattern(src); err == nil {
			where := s.where(central.doc, fmt.Sprintf("/dynamicKeyPatterns/%d/source", central.at[i]))
			reportPatternParentKeys(ctx, re, src, "", where, keys, told, budget, s)
		}
	}
}

// reportPatternParentKeys warns of a capability's config key below a key
// a central pattern gives the central loader (agent_skills.x.mode, with
// ^agent_skills\.[a-z]+$) or above the keys it gives it (agent_skills):
// the mistake reportCentralParentKeys finds with a central validKey. re
// is the pattern compiled from src, where is where the schema lists it,
// and lit is the text every key it matches starts with
// (patternLiteralPrefix, "" when none is known): a key is above the
// pattern's keys when lit starts with the key and a '.', and it is below
// one when one of its parents (agent_skills.x) is matched by re, as
// gsd-core matches a key (RegExp test, anchored or not: skills.x.y is
// below skills.x with skills\.[a-z]+$), within what is left of the
// budget; a match not decided in time tells nothing, as a warning need
// not fail closed. Only the parents starting with lit are matched: no
// other can be. A key the pattern matches itself is
// config-key-central-pattern's; one told of already (told) is not told
// again.
func reportPatternParentKeys(ctx context.Context, re *regexp2.Regexp, src, lit, where string, keys []configKey, told map[string]bool, budget *patternClock, s *sink) {
	matching := false // the budget's clock runs (only while a parent is matched)
	defer func() {
		if matching {
			budget.end()
		}
	}()
	for _, k := range keys {
		if told[k.key] {
			continue
		}
		if strings.HasPrefix(lit, k.key+".") {
			rename := renameParent(k, "rename this key so that it is not the parent of central ones")
			s.warnAt(k.c.doc, k.ptr(), "config-key-parent",
				"config key %q is the parent of the keys central config-schema pattern /%s/ gives the central loader, listed at %s: gsd-core reads keys by nested lookup alone, so a config giving one of them, %s, makes %q an object (taken as set by a when or activationKey, whatever it was meant to be), and no config gives both their own values; %s",
				k.key, src, where, nestedExample(strings.TrimSuffix(lit, ".")), k.key, rename)
			told[k.key] = true
			continue
		}
		if !strings.HasPrefix(k.key, lit) {
			continue // nor any of its parents longer than lit
		}
		for i := strings.LastIndexByte(k.key, '.'); i >= len(lit) && i > 0; i = strings.LastIndexByte(k.key[:i], '.') {
			if !matching {
				budget.begin()
				matching = true
			}
			left := budget.left()
			if left <= 0 || ctx.Err() != nil {
				return
			}
			re.MatchTimeout = min(patternTimeout, left)
			if matched, err := re.MatchString(k.key[:i]); err == nil && matched {
				if whole, err := re.MatchString(k.key); err != nil || whole {
					break // config-key-central-pattern's
				}
				s.warnAt(k.c.doc, k.ptr(), "config-key-parent",
					"config key %q is below %q, a key central config-schema pattern /%s/ gives the central loader, listed at %s: gsd-core reads keys by nested lookup alone, so a config giving this key, %s, makes the central %q an object, whatever gsd-core reads it as, and no config gives both their own values; rename this key so that it is not below a central one",
					k.key, k.key[:i], src, where, nestedExample(k.key), k.key[:i])
				told[k.key] = true
				break
			}
		}
	}
}

// patternLiteralPrefix is the text every string src, a central pattern,
// matches starts with: src anchored at the start ("^"), the characters
// then written as themselves or escaped punctuation, up to the first
// that is not or that a quantifier follows ("^agent_skills\\.[a-z]+$":
// "agent_skills."). It is "" for a pattern not so anchored, or holding a
// '|' anywhere (an alternative may start otherwise), so that a key is
// never said to be below or above a pattern's keys that it is not.
func patternLiteralPrefix(src string) string {
	if !strings.HasPrefix(src, "^") || strings.IndexByte(src, '|') >= 0 {
		return ""
	}
	const meta = `\^$.*+?()[]{}|`
	var b strings.Builder
	for i := 1; i < len(src); {
		c, n := src[i], 1
		switch {
		case c == '\\' && i+1 < len(src) && src[i+1] < 0x80 && !isAlnum(src[i+1]):
			c, n = src[i+1], 2 // an identity escape: "\\." is "."
		case c >= 0x80 || strings.IndexByte(meta, c) >= 0:
			return b.String()
		}
		if i+n < len(src) && strings.IndexByte("*+?{", src[i+n]) >= 0 {
			return b.String() // c may be left out, or repeated
		}
		b.WriteByte(c)
		i += n
	}
	return b.String()
}

// isAlnum reports whether c is an ASCII letter or digit.
func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// matchCentralPattern matches the keys against re, the pattern compiled
// from src, while the budget lasts, reporting the keys it matches, and
// returns how many keys it left unchecked. Once the budget is spent, the
// keys left are counted, not visited: asking the clock for each pair took
// 12 s beyond the budget for 20,000 keys and 20,000 patterns
// (BenchmarkCentralPatternsSpent). Once ctx ends it returns 0, its
// findings incomplete (see crossCheck).
func matchCentralPattern(ctx context.Context, re *regexp2.Regexp, src string, keys []configKey, budget *patternClock, s *sink) int {
	budget.begin()
	defer budget.end()
	for j, k := range keys {
		left := budget.left()
		if left <= 0 {
			return len(keys) - j
		}
		if ctx.Err() != nil {
			return 0
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

// maxOwnsPatterns is how many dynamic-key patterns a CentralOwner matches a
// key against; a schema of more is taken to own every key.
const maxOwnsPatterns = 256

// CentralOwner says whether the central schema may own a key (Owns), its
// patterns compiled once for a caller asking of many keys: a render asks
// of each near miss a config holds, and compiling the patterns for each of
// the 30,000 a 1 MiB config may hold took seconds. A schema of more than
// 256 patterns is taken to own every key, and none is compiled. It is safe
// for concurrent use.
type CentralOwner struct {
	valid    map[string]bool
	patterns []*regexp2.Regexp
	all      bool // every key counts as owned (see Owns)
}

// Owner compiles c's patterns for Owns; a nil schema's owns nothing.
func (c *CentralSchema) Owner() *CentralOwner {
	o := &CentralOwner{}
	if c == nil {
		return o
	}
	if len(c.Sources) > maxOwnsPatterns {
		o.all = true
		return o
	}
	o.valid = validKeySet(c)
	for _, src := range c.Sources {
		re, err := compileJSPattern(src)
		var deep *patternDepthError
		switch {
		case errors.As(err, &deep):
			o.all = true
			return o
		case err != nil:
			continue
		}
		o.patterns = append(o.patterns, re)
	}
	return o
}

// Owns reports whether the central schema may own key: key is one of its
// validKeys or below one (a member of an object it holds), or one of its
// patterns matches it or a path above it. It fails closed, for a caller
// about to call key unknown: a pattern that does not compile is passed
// over, but one capreg refuses to compile (groups nested over 32 deep, or
// over 24 alternatives in one), a schema of more than 256 patterns, or a
// match not decided within 250 ms (the error says so) counts as owning it.
func (o *CentralOwner) Owns(key string) (bool, error) {
	return o.OwnsBefore(key, time.Time{})
}

// ErrOwnsOutOfTime is the error OwnsBefore returns, with true, for a key
// it had no time left to match against every pattern.
var ErrOwnsOutOfTime = errors.New("out of time matching the central config-schema patterns")

// OwnsBefore is Owns that matches no pattern once deadline has passed (a
// zero deadline: none), and then counts the key as owned, failing closed
// as after a slow match. One match may still take up to 250 ms: a caller
// that asks of many keys shares one deadline among them, or 256 patterns
// each backtracking just short of that time would take a minute a key.
func (o *CentralOwner) OwnsBefore(key string, deadline time.Time) (bool, error) {
	if o.all || o.valid[key] {
		return true, nil
	}
	// A value under a valid key whose value is an object
	// (model_overrides.gsd-planner under model_overrides) is that key's.
	for i := range len(key) {
		if key[i] == '.' && o.valid[key[:i]] {
			return true, nil
		}
	}
	// So is a value under a key a pattern matches (features.x.on under
	// ^features\.[a-z]+$): the key and each path above it are matched.
	for path := key; ; {
		for _, re := range o.patterns {
			if !deadline.IsZero() && !time.Now().Before(deadline) {
				return true, ErrOwnsOutOfTime
			}
			if matched, err := re.MatchString(path); matched || err != nil {
				return true, err
			}
		}
		i := strings.LastIndexByte(path, '.')
		if i < 0 {
			return false, nil
		}
		path = path[:i]
	}
}

// Matches is how many pattern matches Owns(key) tries at most: each
// pattern against the key and each path above it.
func (o *CentralOwner) Matches(key string) int {
	return len(o.patterns) * (1 + strings.Count(key, "."))
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
		for i, f := range rv.Get("flags").StringItems() {
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
		var others []string // the claimants but the one reported, each where it claims it
		for i, l := range ls {
			ids[i] = fmt.Sprintf("%q", l.cap.ID)
			if i != 1 {
				others = append(others, fmt.Sprintf("%q at %s", l.cap.ID, s.where(l.cap.doc, l.ptr)))
			}
		}
		slices.Sort(ids)
		too := strings.Join(others, " and ") + " declare it too"
		if len(others) == 1 {
			too = fmt.Sprintf("%q declares it at %s too", ls[0].cap.ID, s.where(ls[0].cap.doc, ls[0].ptr))
		}
		// One finding, as the reference's one line, at the second claim
		// in folder order; it says where the others are, as an owner
		// conflict does, since the claim to change may be in another file.
		rest := "the others"
		if len(ls) == 2 {
			rest = "the other"
		}
		s.at(ls[1].cap.doc, ls[1].ptr, "reviewer-lane-conflict", "%s is declared by %s; reviewer lanes must be unique: %s, so keep it in one of them and rename %s",
			k, strings.Join(ids, " and "), too, rest)
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
// typo or a word away from it ("; did you mean "x"?"), or "". The ids are listed and
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

func (h *idHints) meant(id, self string) string {
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
	want := nearestName(id, h.ids)
	if want == "" {
		want = renamedID(id, h.ids)
	}
	if want == "" || want == self {
		return "" // requiring itself is not what was meant
	}
	return fmt.Sprintf("; did you mean %q?", want)
}

// wordMoreOrLess returns the one id of ids that is id with words cut from
// or added at its end ("ui" for "ui-design", "pattern-mapper" for
// "pattern"), or "" when none or several are: an author who wrote the
// feature's longer or shorter name is no typo away from it.
func wordMoreOrLess(id string, ids []string) string {
	found, _ := oneID(ids, func(k string) bool { return wordsMore(id, k) || wordsMore(k, id) })
	return found
}

// renamedID is wordMoreOrLess for an id a capability names another by
// (requires, a runtime's members), or, when no id has words more or less
// at its end, the one with words more or less at its start
// ("phase-research" for "research": the capability renamed with a word
// before its name). Not for a client's 404 (MeantID), which recalls an
// id by its first words: "screen" is no "fraud-screen" there.
func renamedID(id string, ids []string) string {
	found, several := oneID(ids, func(k string) bool { return wordsMore(id, k) || wordsMore(k, id) })
	if found == "" && !several {
		found, _ = oneID(ids, func(k string) bool { return wordsBefore(id, k) || wordsBefore(k, id) })
	}
	return found
}

// oneID returns the one id of ids that is like, or "" and whether
// several are.
func oneID(ids []string, like func(string) bool) (found string, several bool) {
	for _, k := range ids {
		if like(k) {
			if found != "" {
				return "", true
			}
			found = k
		}
	}
	return found, false
}

// wordsMore reports whether long is short followed by "-" and more words,
// case aside ("Fraud" for "fraud-screen"), compared in place
// (cutFoldedPrefix), not by joining short+"-".
func wordsMore(long, short string) bool {
	rest, ok := cutFoldedPrefix(long, short)
	return ok && rest != "" && rest[0] == '-'
}

// wordsBefore reports whether long is more words and "-" followed by
// short, case aside, compared in place (cutFoldedSuffix) as wordsMore.
func wordsBefore(long, short string) bool {
	rest, ok := cutFoldedSuffix(long, short)
	return ok && rest != "" && rest[len(rest)-1] == '-'
}

// checkRequires checks that each requires entry names a capability
// (requires-unknown) of the requirer's tier or lower (tier-monotone). It
// reads the requires of readers (requiresReaders: the valid capabilities
// and each with errors whose requires is readable, as checkCycles): an
// entry naming nothing is so whatever the requirer's other errors are, and
// is told in the run that reports them, not once they are fixed. Its tier
// is compared only when it is one of the three (tierReadable). A required
// capability with errors is compared too when its tier is known
// (tierKnown): the requirer's finding is so however those errors are
// fixed, and told in the same run, not once they are.
func checkRequires(readers, valid, all []*Capability, unread map[string]bool, misnamed map[string]*Capability, s *sink) {
	known, ok := byID(all), byID(valid)
	hints := &idHints{known: known, fits: func(*Capability) bool { return true }}
	// The folder of a capability whose id differs from it (the error
	// id-folder-mismatch), or is no string at all ("id": 5, a schema
	// error), is what a requirer means: "does not exist" would blame a
	// correct requires, and "did you mean" the mistaken id would steer it
	// to the mistake (misnamed, misnamedFolders).
	for _, c := range readers {
		tiered := c.valid || tierReadable(c)
		for i, r := range c.Requires {
			ptr := func() string { return fmt.Sprintf("/requires/%d", i) } // for a finding only
			dep, exists := known[r]
			if !exists && !unread[r] && misnamed[r] == nil {
				s.at(c.doc, ptr(), "requires-unknown", "capability %q requires %q which does not exist%s", c.ID, r,
					hints.meant(r, c.ID))
				continue
			}
			if !exists {
				continue // its capability.json did not parse, or names another id: reported there
			}
			if _, isValid := ok[r]; !isValid && !tierKnown(dep) {
				continue
			}
			if tiered && tierRank[c.Tier] < tierRank[dep.Tier] {
				s.at(c.doc, ptr(), "tier-monotone",
					"tier-monotone violation: capability %q (tier: %s) requires %q (tier: %s); a capability may only require capabilities of its own tier or lower (core < standard < full)",
					c.ID, c.Tier, r, dep.Tier)
			}
		}
	}
}

// hookReaders are the capabilities whose steps checkConsumes and
// checkProducers read, and whose names checkOwners compares: the valid ones and, in the same order, each
// feature with errors whose id is its folder's name, for its steps whose
// consumes (or produces) are read as written (listReadable). What such a
// step consumes and nothing makes, or produces at a point where another
// step does, is so whatever else is wrong with its capability, and is
// told in the run that reports those errors, not once they are fixed.
func hookReaders(all []*Capability) []*Capability {
	return readers(all, func(c *Capability) bool { return c.Role == "feature" && namedByFolder(c) })
}

// producesKnown says whether every step of each capability with errors
// says what it produces: its produces is a list of strings. A step's
// produces missing, or of another kind, may hold what a capability with
// errors consumes (its own step's, as the one whose produces was left
// out): that consume is then not told, which would only echo the other
// step's finding.
func producesKnown(all []*Capability) bool {
	for _, c := range all {
		if c.valid {
			continue
		}
		steps := c.Manifest.Get("steps")
		if steps == nil {
			steps = misspeltSteps(&c.Manifest)
		}
		if steps == nil {
			continue
		}
		items := []ojson.Value{*steps}
		if steps.Kind == ojson.Array {
			items = steps.Items
		}
		for i := range items {
			if items[i].Kind != ojson.Object {
				continue
			}
			pr := items[i].Get("produces")
			if pr == nil || pr.Kind != ojson.Array || len(pr.Strings()) != len(pr.Items) {
				return false
			}
		}
	}
	return true
}

// listReadable says whether the list (consumes or produces) of h, a step
// of a capability with errors, is read as written: absent, or a list of
// strings (each entry's index in h.Consumes or h.Produces is then its
// index in the list).
func listReadable(h *Hook, list string) bool {
	read := h.Consumes
	if list == "produces" {
		read = h.Produces
	}
	v := h.Raw.Get(list)
	return v == nil || v.Kind == ojson.Array && len(v.Items) == len(read)
}

// configReaders are the capabilities whose config keys are checked
// against each other's and the central schema's (config-key-conflict,
// config-key-pending-migration, a central pattern's): the valid ones and,
// in the same order, each with errors whose id is its folder's name (the
// capability its file is, as requiresReadable says). Its config keys are
// declared as written whatever else is wrong (the slice of one may be
// wrong, config-slice, but the key is the capability's), so a conflict
// with another is told in the run that reports its errors, not once they
// are fixed.
func configReaders(all []*Capability) []*Capability {
	return readers(all, namedByFolder)
}

// misnamedFolders maps the folder of each parsed capability whose id is
// not its folder's name (another id, or none: missing or not a string) to
// that capability.
func misnamedFolders(all []*Capability) map[string]*Capability {
	out := map[string]*Capability{}
	for _, c := range all {
		if c.ID != c.Folder {
			out[c.Folder] = c
		}
	}
	return out
}

// checkRuntimeRefs checks that runtimeCompat names runtimes. An id that
// is the folder of a capability whose declaration did not parse, or whose
// id is wrong or missing, and whose role is runtime or not known (none, or
// not one of the three), is no unknown runtime: its own findings say what
// is wrong.
func checkRuntimeRefs(valid, all []*Capability, unread map[string]bool, misnamed map[string]*Capability, s *sink) {
	known := byID(all)
	isRuntime := func(id string) bool {
		c := known[id]
		if c == nil {
			if unread[id] {
				return true
			}
			c = misnamed[id]
		}
		switch {
		case c == nil:
			return false
		case c.Role == "runtime":
			return true
		}
		return !c.valid && c.Role != "feature" && c.Role != "reviewer"
	}
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
			for i, id := range rc.Get(list).StringItems() {
				if id != "*" && !isRuntime(id) {
					s.at(c.doc, fmt.Sprintf("/runtimeCompat/%s/%d", list, i), "runtime-compat-unknown",
						"capability %q runtimeCompat.%s references unknown runtime %q (no role:runtime capability has that id)%s", c.ID, list, id,
						hints.meant(id, c.ID))
				}
			}
		}
		if notes := rc.Get("notes"); notes != nil && notes.Kind == ojson.Object {
			for _, m := range notes.Members {
				if m.Key != "*" && !isRuntime(m.Key) {
					s.at(c.doc, "/runtimeCompat/notes/"+ojson.EscapePointer(m.Key), "runtime-compat-unknown",
						"capability %q runtimeCompat.notes references unknown runtime %q%s", c.ID, m.Key,
						hints.meant(m.Key, c.ID))
				}
			}
		}
	}
}

// checkCycles reports each requires cycle once (I-8a), however many of its
// entries a search meets and however many capabilities outside it require
// into it: each strongly connected group of capabilities (Tarjan's, over
// the entries naming an existing capability; one capability requiring
// itself is a group too) is one finding. It names the shortest way round
// from the group's member first in folder order, in the reference's shape
// (the re-entered id repeated), and where each requires entry of that way
// round is; the finding is at the entry that closes it, back to that first
// member, so it moves with neither the search nor what requires into it.
// The group's other members are named as in a cycle with them too. It is
// linear in the capabilities and their requires entries.
func checkCycles(caps []*Capability, s *sink) {
	succ, entry := requiresGraph(caps)
	comp := sccs(succ)
	members := make([][]int, len(caps)) // per component, in folder order
	for i, g := range comp {
		members[g] = append(members[g], i)
	}
	for first := range caps {
		ms := members[comp[first]]
		if ms[0] != first || len(ms) == 1 && !slices.Contains(succ[first], first) {
			continue // not its component's first member, or no cycle
		}
		loop, ks := shortestLoop(first, succ, entry, comp)
		msg := describeCycle(caps, loop, ks, offLoop(caps, ms, loop), s)
		last := loop[len(loop)-1]
		s.at(caps[last].doc, fmt.Sprintf("/requires/%d", ks[len(ks)-1]), "requires-cycle", "%s", msg)
	}
}

// requiresReaders are the capabilities checkCycles searches and whose
// entries checkRequires checks, in folder order: the valid ones, and each
// with errors whose requires is still readable, its errors being
// elsewhere: its id is its folder's name and a kebab-case id, and its
// requires a list of strings. A cycle through one of those (or an entry
// naming nothing, or one of a higher tier) is there whatever its other
// errors are, and gsd-core, which leaves it out of its checks until they
// are fixed, reports it then: told in the same run, the author does not
// fix one error only to meet the next. Whether a repository passes does
// not change: it already fails on that capability's errors.
func requiresReaders(all []*Capability) []*Capability {
	return readers(all, requiresReadable)
}

// readers are the capabilities of all, in their order, that are valid or
// whose fields a check reads can be taken as written though they have
// errors (readable): the one filter requiresReaders, hookReaders and
// configReaders each apply with their own test.
func readers(all []*Capability, readable func(*Capability) bool) []*Capability {
	out := make([]*Capability, 0, len(all))
	for _, c := range all {
		if c.valid || readable(c) {
			out = append(out, c)
		}
	}
	return out
}

// namedByFolder says whether c's id names it: its folder's name, and a
// kebab-case id, as another capability requires it by.
func namedByFolder(c *Capability) bool {
	return c.ID == c.Folder && isKebab(c.ID)
}

// requiresReadable says whether c's requires can be taken as written
// though c has errors: c's id names it (its folder's name, and kebab-case,
// as the id another capability requires it by) and its requires is a list
// of strings (so each entry's index in c.Requires is its index in the
// list). Its requires then says what it needs, whatever else is wrong.
func requiresReadable(c *Capability) bool {
	if !namedByFolder(c) {
		return false
	}
	req := c.Manifest.Get("requires")
	return req != nil && req.Kind == ojson.Array && len(c.Requires) == len(req.Items)
}

// tierReadable says whether the tier of c, which has errors, can be taken
// as written: it is "core", "standard" or "full" (a missing or miswritten
// tier, a schema error, ranks nothing).
func tierReadable(c *Capability) bool {
	_, ok := tierRank[c.Tier]
	return ok
}

// tierKnown says whether the tier of a required capability with errors
// is its own as written: its id is its folder's (the capability a
// requirer names, not a copy under another folder) and its tier one of
// the three (tierReadable).
func tierKnown(c *Capability) bool {
	return c.ID == c.Folder && tierReadable(c)
}

// requiresGraph is the graph checkCycles searches, over indexes of caps:
// succ[i] holds, per entry of caps[i] naming an existing capability, its
// index; entry[i] the entry's own index in caps[i].Requires. A capability
// whose id another holds first is not required by that id, and its own
// entries were never followed: it has none.
func requiresGraph(caps []*Capability) (succ, entry [][]int) {
	ids := byID(caps)
	index := make(map[*Capability]int, len(caps))
	for i, c := range caps {
		index[c] = i
	}
	succ, entry = make([][]int, len(caps)), make([][]int, len(caps))
	for i, c := range caps {
		if ids[c.ID] != c {
			continue
		}
		for k, r := range c.Requires {
			if dep := ids[r]; dep != nil {
				succ[i] = append(succ[i], index[dep])
				entry[i] = append(entry[i], k)
			}
		}
	}
	return succ, entry
}

// offLoop quotes the ids of the members ms of a cyclic group that its way
// round, loop, does not pass: they are in a cycle with it by another way.
func offLoop(caps []*Capability, ms, loop []int) []string {
	onLoop := make(map[int]bool, len(loop))
	for _, i := range loop {
		onLoop[i] = true
	}
	var also []string
	for _, i := range ms {
		if !onLoop[i] {
			also = append(also, strconv.Quote(caps[i].ID))
		}
	}
	return also
}

// describeCycle is requires-cycle's message for the way round loop (ks its
// requires entries, see shortestLoop), with also the group's members off
// it: the path in the reference's shape, the members off it, and the
// entries to remove one of, each with where it is. Past maxHeldNamed the
// path and the entries are counted, not named, so a cycle of thousands
// stays one readable line.
func describeCycle(caps []*Capability, loop, ks []int, also []string, s *sink) string {
	var path, entries []string
	for n, i := range loop {
		next := caps[loop[(n+1)%len(loop)]]
		if n < maxHeldNamed {
			entries = append(entries, fmt.Sprintf("%q → %q at %s", caps[i].ID, next.ID, s.where(caps[i].doc, fmt.Sprintf("/requires/%d", ks[n]))))
		}
		if n < maxHeldNamed || n == len(loop)-1 {
			path = append(path, caps[i].ID)
		} else if n == maxHeldNamed {
			path = append(path, fmt.Sprintf("(%s)", Plural(len(loop)-maxHeldNamed-1, "other")))
		}
	}
	path = append(path, caps[loop[0]].ID)
	if more := len(loop) - len(entries); more > 0 {
		entries = append(entries, fmt.Sprintf("and %s, one in each member's file", Plural(more, "other entry")))
	}
	msg := "requires cycle detected: " + strings.Join(path, " → ")
	if len(also) > 0 {
		named := also[:min(len(also), maxHeldNamed)]
		if more := len(also) - len(named); more > 0 {
			named = append(named, "and "+Plural(more, "other"))
		}
		msg += fmt.Sprintf(" (%s %s in a cycle with them too, by another way round)", strings.Join(named, ", "), isAre(len(also)))
	}
	if len(loop) == 1 {
		return msg + "; remove this requires entry: " + entries[0]
	}
	return msg + "; remove one of these requires entries: " + strings.Join(entries, ", ")
}

// shortestLoop is the shortest way round from first back to it through
// its component comp[first] of the graph succ (breadth first, entries in
// order): the members in order from first, and for each the index in its
// requires of the entry to the next (entry maps succ's edges to those).
func shortestLoop(first int, succ, entry [][]int, comp []int) (loop, ks []int) {
	type via struct{ from, k int }
	prev := map[int]via{first: {-1, -1}}
	queue := []int{first}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for e, v := range succ[u] {
			if comp[v] != comp[first] {
				continue
			}
			if v == first {
				// Back from u to first, then forward.
				loop, ks = []int{u}, []int{entry[u][e]}
				for w := u; w != first; w = prev[w].from {
					loop = append(loop, prev[w].from)
					ks = append(ks, prev[w].k)
				}
				slices.Reverse(loop)
				slices.Reverse(ks)
				return loop, ks
			}
			if _, seen := prev[v]; !seen {
				prev[v] = via{u, entry[u][e]}
				queue = append(queue, v)
			}
		}
	}
	return []int{first}, []int{0} // not reached: a member of a cyclic component has a way round
}

// checkProducers enforces one producer per artifact per point (I-9): two
// distinct steps, of one capability or two, may not produce the same artifact
// at the same point. Contributions do not count. caps are hookReaders'.
func checkProducers(caps []*Capability, s *sink) {
	docs := byID(caps)
	stepsAt := map[string][]*Hook{} // the steps by point, in folder then declaration order; of a capability with errors, those whose produces is read
	for _, c := range caps {
		for _, h := range c.Steps {
			if c.valid || listReadable(h, "produces") {
				stepsAt[h.Point] = append(stepsAt[h.Point], h)
			}
		}
	}
	for _, p := range Points {
		first := map[string]*Hook{}
		producers := map[string][]string{} // artifact → the capabilities of every step producing it
		for _, h := range stepsAt[p] {
			for _, a := range h.Produces {
				producers[a] = append(producers[a], h.CapID)
			}
		}
		var shared []string          // artifacts of more than one step, in order found
		second := map[string]*Hook{} // artifact → its second producing step
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
				if second[a] == nil {
					second[a] = h
					shared = append(shared, a)
				}
				// Every producer is named, in each finding, as the
				// reference's one finding names the two it meets: with
				// three, one finding per pair named only two.
				ids := idsOf(producers[a])
				// Where the first producer is, as an owner conflict says
				// it: the step to change may be that one, in another file.
				s.at(docs[h.CapID].doc, fmt.Sprintf("%s/produces/%d", h.Pointer(), j), "duplicate-producer",
					"duplicate-producer invariant violated: artifact %q is produced by more than one step at the same Loop Extension Point %q (capabilities: %s), the first by a step of %q at %s; data-flow resolution would be ambiguous: let one step produce it, or give one of them another artifact name",
					a, p, strings.Join(ids, ", "), prev.CapID, s.where(docs[prev.CapID].doc, fmt.Sprintf("%s/produces/%d", prev.Pointer(), slices.Index(prev.Produces, a))))
			}
		}
		// The first producer is told too: the step just edited, which a
		// CI annotation should mark, may be either.
		for _, a := range shared {
			h, next := first[a], second[a]
			s.at(docs[h.CapID].doc, fmt.Sprintf("%s/produces/%d", h.Pointer(), slices.Index(h.Produces, a)), "duplicate-producer",
				"duplicate-producer invariant violated: artifact %q is produced by more than one step at the same Loop Extension Point %q (capabilities: %s), first by this one, then by a step of %q at %s; data-flow resolution would be ambiguous: let one step produce it, or give one of them another artifact name",
				a, p, strings.Join(idsOf(producers[a]), ", "), next.CapID, s.where(docs[next.CapID].doc, fmt.Sprintf("%s/produces/%d", next.Pointer(), slices.Index(next.Produces, a))))
		}
	}
}

// idsOf is ids sorted, each once.
func idsOf(ids []string) []string {
	ids = slices.Clone(ids)
	slices.Sort(ids)
	return slices.Compact(ids)
}

// checkConsumes enforces that every step's consumes is available at its point
// (I-10): a host artifact from its step's last point on, or an artifact some
// other step produces at this point or an earlier one. The steps of every
// parsed capability count as producers, valid or not: a consumer of what a
// broken capability produces is not also reported for that capability's
// findings.
//
// At or after the last point of a step no host workflow declares
// (point-uncovered), that step's host artifacts are unknown, and the one
// consumed may be among them. One a declared host workflow after it
// consumes and none produces (CONTEXT.md, which plan's consumes, without
// discuss) is taken to be that step's, available from its last point; any
// other not met is told as a warning saying so, which an author may act
// on in the same run (a typo, "CONTEXT.mdx"), rather than an error, which
// declaring the step may prove wrong; declared, it is an error if still
// not met, as gsd-core's would be.
func checkConsumes(caps, producers []*Capability, contract *Contract, s *sink) {
	k := newConsumesCheck(producers, contract)
	for _, c := range caps {
		for _, h := range c.Steps {
			at := PointIndex(h.Point)
			if at < 0 || !c.valid && !listReadable(h, "consumes") || !contract.knownThrough(at) {
				continue
			}
			for j, a := range h.Consumes {
				earliest, self, met := k.available(h, at, a)
				if met {
					continue
				}
				msg := k.unmetMessage(c, h, at, a, earliest, self)
				ptr := fmt.Sprintf("%s/consumes/%d", h.Pointer(), j)
				if unknown := undeclaredBy(k.missing, at, a, contract); unknown != "" {
					s.warnAt(c.doc, ptr, "consumes-unsatisfied", "%s; %s", msg, unknown)
					continue
				}
				s.at(c.doc, ptr, "consumes-unsatisfied", "%s", msg)
			}
		}
	}
}

// consumesCheck is what checkConsumes judges a consumed artifact by: the
// host artifacts of the contract, by the index of the point they are
// available from (host), those presumed of the steps no host workflow
// declares (presumed, of missing), what the producers' steps produce
// (produced), and the artifacts a capability with errors produces where
// no point can place them (unplaced, brokenProduces').
type consumesCheck struct {
	contract  *Contract
	producers []*Capability
	host      map[string]int
	missing   []undeclaredStep
	presumed  map[string]int
	produced  map[string][]artifactProducer
	unplaced  map[string]bool
	hints     *artifactHints
}

func newConsumesCheck(producers []*Capability, contract *Contract) *consumesCheck {
	host := contract.hostArtifactIndex()
	missing := contract.undeclared()
	k := &consumesCheck{contract: contract, producers: producers, host: host, missing: missing,
		presumed: contract.presumedArtifacts(missing, host), produced: producedAt(producers), unplaced: brokenProduces(producers)}
	k.hints = &artifactHints{host: host, produced: k.produced}
	if len(k.presumed) > 0 {
		k.hints.host = maps.Clone(host)
		maps.Copy(k.hints.host, k.presumed)
	}
	return k
}

// available says whether artifact a is available to step h at point
// index at, and if not, the index of the earliest point it is (-1 for
// none), and whether h alone produces it (availability).
func (k *consumesCheck) available(h *Hook, at int, a string) (earliest int, self, met bool) {
	if idx, ok := k.host[a]; ok && idx <= at || k.unplaced[a] {
		return -1, false, true
	}
	if idx, ok := k.presumed[a]; ok && idx <= at {
		return -1, false, true
	}
	// A presumed artifact comes later, from its step's last
	// point, as the did-you-mean (hints) knows it.
	return availability(a, h, at, k.produced[a], k.hints.host)
}

// unmetMessage words the finding that capability c's step h, at point
// index at, consumes a, which is not available there: produced later
// (earliest), by h itself (self), or never.
func (k *consumesCheck) unmetMessage(c *Capability, h *Hook, at int, a string, earliest int, self bool) string {
	contract := k.contract
	switch {
	case earliest >= 0:
		sooner := ""
		if contract.unknownBefore(earliest) {
			sooner = ", unless a host workflow whose marker is not understood makes it sooner"
		}
		return fmt.Sprintf("capability %q step at point %q consumes %q which is only produced after this point (earliest available at %q%s)", c.ID, h.Point, a, Points[earliest], sooner)
	case self:
		return fmt.Sprintf("capability %q step at point %q consumes %q which is only produced by this step itself", c.ID, h.Point, a)
	}
	note, hint := contributedNote(k.producers, a), k.hints.of(a)
	if note == "" && hint == "" {
		hint = swappedHint(h, at, k.host, k.produced)
	}
	if note == "" && hint == "" {
		hint = hostMakerHint(a, at, contract)
	}
	never := "which is never produced by any host artifact or capability hook"
	switch {
	case !contract.Complete && undeclaredBy(k.missing, at, a, contract) != "":
		// A marker not understood may be that of a step
		// no workflow declares, before this point: the
		// warning says so.
		never = "which no host artifact nor capability hook produces at or before this point"
	case !contract.Complete:
		// A marker not understood, of a later step, may
		// produce it: after this point all the same.
		never = "which no host artifact nor capability hook produces at or before this point (a host workflow whose marker is not understood may make it, but only after this point)"
	}
	return fmt.Sprintf("capability %q step at point %q consumes %q %s%s%s", c.ID, h.Point, a, never, note, hint)
}

// undeclaredBy says, for a consumer at point index at of artifact a that
// nothing declared meets, which steps of missing would have their host
// artifacts available by then, none of them declared by a host workflow:
// why the finding is a warning, and what makes it go or an error; "" for
// none. An artifact gsd-core's own workflow of a step makes (UAT.md,
// verify's) is that step's, unless this repository's host workflow of the
// step is declared and does not produce it: the advice names that step,
// and, when it comes after at, says declaring the steps listed will not
// meet the consume, rather than that one of them may make it.
func undeclaredBy(missing []undeclaredStep, at int, a string, contract *Contract) string {
	var steps []string
	from := -1
	for _, u := range missing {
		if u.last <= at {
			steps = append(steps, u.step)
			if from < 0 {
				from = u.last
			}
		}
	}
	if len(steps) == 0 {
		return ""
	}
	one := len(steps) == 1
	names := steps[0]
	subject := "the " + names + " step has"
	it, its, declared := "it", "its marker's produces", "it is declared"
	if !one {
		names = AndList(steps)
		subject = "the " + names + " steps have"
		it, its, declared = "them", "the produces of the marker of the one that makes it", "they are declared"
	}
	why := fmt.Sprintf("a warning while %s no host workflow (point-uncovered)", subject)
	if !contract.Complete {
		// Not point-uncovered while a marker is not understood: that
		// marker may be its.
		why = fmt.Sprintf("a warning while %s no host workflow whose marker is understood (one not understood may declare %s)", subject, it)
	}
	maker, made := referenceMaker(a, contract)
	switch {
	case maker == "":
	case made > at:
		return fmt.Sprintf("%s, but declaring %s will not meet this consume: %q is the %s step's (gsd-core's own %s workflow makes it, from %q), after this point: move this step to a point where it is available, or drop this consume; else this is an error once %s",
			why, names, a, maker, maker, Points[made], declared)
	case slices.Contains(steps, maker):
		if !one {
			its = fmt.Sprintf("the produces of the %s marker", maker)
		}
		return fmt.Sprintf("%s, as what %s from %q on is unknown: declare %s, with %q in %s, as gsd-core's own %s workflow makes it; else this is an error once %s",
			why, produceVerb(one), Points[from], it, a, its, maker, declared)
	}
	if one {
		its += " if it makes it"
	}
	return fmt.Sprintf("%s, as what %s from %q on is unknown: declare %s, with %q in %s; else this is an error once %s",
		why, produceVerb(one), Points[from], it, a, its, declared)
}

// produceVerb is "it produces" for one step, else "they produce".
func produceVerb(one bool) string {
	if one {
		return "it produces"
	}
	return "they produce"
}

// referenceMaker is the step gsd-core's own workflow of which makes
// artifact a (see referenceHostProduces), and the index of the point it
// is available from: that step's last point, or, when a host workflow of
// it is declared, the last point its marker lists. "" when gsd-core's
// workflows make no a, or when this repository's host workflow of that
// step is declared and does not produce it (the repository's own says
// otherwise).
func referenceMaker(a string, contract *Contract) (string, int) {
	step := referenceStepOf(a)
	if step == "" {
		return "", -1
	}
	e := contract.Entry(step)
	if e == nil {
		ps := PointsOfStep(step)
		return step, PointIndex(ps[len(ps)-1])
	}
	if !slices.Contains(e.Produces, a) || len(e.Points) == 0 {
		return "", -1
	}
	if idx := PointIndex(e.Points[len(e.Points)-1]); idx >= 0 {
		return step, idx
	}
	return "", -1
}

// referenceStepOf is the step gsd-core's own workflow of which makes
// artifact a (UAT.md: verify), or "" for none (see
// referenceHostProduces; each artifact is one step's).
func referenceStepOf(a string) string {
	for _, step := range Steps {
		if slices.Contains(referenceHostProduces[step], a) {
			return step
		}
	}
	return ""
}

// artifactProducer is a step producing an artifact, with its point's index
// in the loop (see PointIndex).
type artifactProducer struct {
	h   *Hook
	idx int
}

// producedAt indexes, by artifact, the steps of producers that produce it
// at a loop point (one at no point places nothing: see brokenProduces).
func producedAt(producers []*Capability) map[string][]artifactProducer {
	produced := map[string][]artifactProducer{}
	for _, c := range producers {
		for _, h := range c.Steps {
			if idx := PointIndex(h.Point); idx >= 0 {
				for _, a := range h.Produces {
					produced[a] = append(produced[a], artifactProducer{h, idx})
				}
			}
		}
	}
	return produced
}

// availability is when artifact a, consumed by step h at point index at,
// can be had, from its producers ps and the host artifacts: satisfied
// when a step other than h produces it at or before at; else the earliest
// point index it is available from (-1 for none), and self, whether h
// produces it itself (its own output is no input of it).
func availability(a string, h *Hook, at int, ps []artifactProducer, host map[string]int) (earliest int, self, satisfied bool) {
	earliest = -1
	for _, p := range ps {
		if p.h == h {
			self = true
			continue
		}
		if p.idx <= at {
			return earliest, self, true
		}
		if earliest < 0 || p.idx < earliest {
			earliest = p.idx
		}
	}
	if idx, ok := host[a]; ok && (earliest < 0 || idx < earliest) {
		earliest = idx
	}
	return earliest, self, false
}

// artifactHints says what an artifact that nothing produces was likely
// meant to be. The sorted names for the did-you-mean are made for the
// first such artifact only: a repository whose consumes are all met never
// sorts them.
type artifactHints struct {
	host     map[string]int
	produced map[string][]artifactProducer
	known    []string // every artifact named, sorted, once needed
}

// of is the hint for a: a host workflow's quoted spelling of it (see
// quotedHostHint), else the artifact it probably misspells, else "".
func (k *artifactHints) of(a string) string {
	if hint := quotedHostHint(a, k.host); hint != "" {
		return hint
	}
	if k.known == nil {
		k.known = artifactNames(k.host, k.produced)
	}
	if hint := joinedHint(a, k.known); hint != "" {
		return hint
	}
	if hint := invisibleHostHint(a, k.known, k.host); hint != "" {
		return hint
	}
	if hint := normalizationHint(a, k.known, func(other string) string {
		if idx, ok := k.host[other]; ok {
			return fmt.Sprintf("the %s step's host workflow produces it", stepOf(Points[idx]))
		}
		if _, ok := k.produced[other]; ok {
			return "a capability's step produces it"
		}
		return ""
	}); hint != "" {
		return hint
	}
	if hint := artifactHint(a, k.known); hint != "" {
		return hint
	}
	return joinedHostHint(a, k.known, k.host)
}

// joinedHint says that a, consumed, names several artifacts in one string
// ("CONTEXT.md, PLAN.md", or "CONTEXT.md PLAN.md", "CONTEXT.md; PLAN.md"
// of artifacts all known, sorted): a consumes lists each as its own string; "" when a is one name.
func joinedHint(a string, known []string) string {
	parts := splitTrimmed(a, ",")
	if len(parts) < 2 {
		parts = strings.FieldsFunc(a, isListSep)
		if len(parts) < 2 || slices.ContainsFunc(parts, func(p string) bool { _, ok := slices.BinarySearch(known, p); return !ok }) {
			return ""
		}
	}
	return fmt.Sprintf("; it names %d artifacts in one string: list each as its own entry, %s", len(parts), quoteList(parts))
}

// splitTrimmed is s split on sep, each part trimmed, empty ones dropped.
func splitTrimmed(s, sep string) []string {
	var out []string
	for p := range strings.SplitSeq(s, sep) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// joinedHostHint says that a host workflow makes a, consumed, only as
// one word of an artifact name of known ("UAT.md CONTEXT.md", a
// marker's list written without commas, which gsd-core reads as one
// name), the first such in order; "" for none.
func joinedHostHint(a string, known []string, host map[string]int) string {
	for _, k := range known {
		if _, ok := host[k]; ok && len(k) > len(a) && slices.Contains(strings.FieldsFunc(k, isListSep), a) {
			return fmt.Sprintf("; a host workflow lists %q, one name holding it: gsd-core splits a marker's list on commas only, so separate the names there with commas", k)
		}
	}
	return ""
}

// invisibleHostHint says that a host workflow lists a, consumed, with an
// invisible character in it ("UAT.md\u200b", pasted), which gsd-core
// reads as part of the name: a did-you-mean would have the capability
// write it too. "" for none.
func invisibleHostHint(a string, known []string, host map[string]int) string {
	for _, k := range known {
		if _, ok := host[k]; ok && k != a && strings.Map(dropFormat, k) == a {
			return fmt.Sprintf("; a host workflow lists it with an invisible character, as %q, which gsd-core reads as part of the name: delete the character there", k)
		}
	}
	return ""
}

// normalizationHint says that a, consumed, is produced under the same
// letters in another Unicode form: "RÉSUMÉ.md" composed (NFC, as most
// keyboards type it) in one file and decomposed (NFD, a letter then its
// combining accent, as macOS file names and some editors write it) in
// another. gsd-core compares names byte for byte, so the two never meet,
// and a did-you-mean would print a name that looks the same as a. Both
// forms are written escaped, so the difference shows, and the one to
// change is named: the decomposed one, whichever side it is. "" for none.
//
// where says who produces the other spelling ("the plan step's host
// workflow produces it"), "" for none to name.
func normalizationHint(a string, known []string, where func(string) string) string {
	composed := unicodeform.NFC(a)
	for _, k := range known {
		if k == a || unicodeform.NFC(k) != composed {
			continue
		}
		where := where(k)
		if where == "" {
			continue
		}
		fix := "write this consume composed"
		switch {
		case a == composed:
			fix = "write it composed there"
		case k != composed:
			fix = "write both composed"
		}
		return fmt.Sprintf("; %s as %+q, the same letters %s, where this consume is %+q, %s: gsd-core compares names byte for byte, so %s, %+q",
			where, k, unicodeform.Name(k), a, unicodeform.Name(a), fix, composed)
	}
	return ""
}

// dropFormat is strings.Map's function dropping the invisible format
// characters (Unicode Cf: a zero-width space, joiner, a BOM).
func dropFormat(r rune) rune {
	if unicode.Is(unicode.Cf, r) {
		return -1
	}
	return r
}

// swappedHint asks whether step h, at point index at, consuming an
// artifact nothing produces, has its produces and consumes swapped: it
// produces one a host workflow (CONTEXT.md at plan:pre) or another step
// (UI-SPEC.md, produced at plan:pre, at verify:post) already makes by its
// point; "" when it produces none such.
func swappedHint(h *Hook, at int, host map[string]int, produced map[string][]artifactProducer) string {
	for _, b := range h.Produces {
		if idx, ok := host[b]; ok && idx <= at {
			return fmt.Sprintf("; this step produces %q, which a host workflow makes from %q, before it runs: are its produces and consumes swapped?", b, Points[idx])
		}
		for _, p := range produced[b] {
			if p.h != h && p.idx <= at {
				return fmt.Sprintf("; this step produces %q, which a step of %q makes at %q, before it runs: are its produces and consumes swapped?", b, p.h.CapID, Points[p.idx])
			}
		}
	}
	return ""
}

// artifactNames are the names of the host artifacts and of the artifacts
// steps produce, sorted, for a did-you-mean of one that none is.
func artifactNames[P any](host map[string]int, produced map[string]P) []string {
	names := make([]string, 0, len(host)+len(produced))
	for a := range host {
		names = append(names, a)
	}
	for a := range produced {
		if _, ok := host[a]; !ok {
			names = append(names, a)
		}
	}
	slices.Sort(names)
	return names
}

// artifactHint names the artifact of known that a probably misspells
// ("CONTEXTS.md", "context.md" for CONTEXT.md), or "".
func artifactHint(a string, known []string) string {
	if want := NearestID(a, known); want != "" {
		if hint := notUTF8Hint(a, want); hint != "" {
			return hint
		}
		return fmt.Sprintf("; did you mean %q?%s", want, alikeNote(a, want))
	}
	return ""
}

// notUTF8Hint is the did-you-mean for a consume a whose nearest artifact,
// near, was written in a file not saved as UTF-8: a byte of it that is
// not UTF-8 (a host workflow's name, as its marker holds it) or the U+FFFD
// it is read as (a declaration's, read as gsd-core's JSON.parse reads it).
// The slip is that file's encoding, which its invalid-utf8 warning names,
// not this consume, which a plain did-you-mean asked to copy the byte;
// "" when near holds no such byte, or a does too.
func notUTF8Hint(a, near string) string {
	if !readAsReplacement(near) || readAsReplacement(a) {
		return ""
	}
	return fmt.Sprintf("; did you mean %+q? It is written with a byte that is not UTF-8 where it is made, read as U+FFFD (the invalid-utf8 warning of that file says where): save that file as UTF-8, then write the name alike in both", near)
}

// readAsReplacement reports whether s holds a byte that is not UTF-8 or
// U+FFFD, the letter such a byte is read as.
func readAsReplacement(s string) bool {
	return !utf8.ValidString(s) || strings.ContainsRune(s, utf8.RuneError)
}

// quotedHostHint says, of an artifact a that nothing produces, that a host
// workflow lists it in quotes (produces: "CONTEXT.md", a YAML habit):
// gsd-core reads the quotes as part of the name, so the slip is in the
// workflow, where a did-you-mean had the capability write the quotes too.
// The finding stays the capability's, as the reference's would be: a
// workflow whose quoted artifact nothing consumes is accepted, as there.
func quotedHostHint(a string, host map[string]int) string {
	for _, q := range []string{`"` + a + `"`, "'" + a + "'"} {
		if _, ok := host[q]; ok {
			return fmt.Sprintf("; a host workflow lists it in quotes, %s, which gsd-core reads as part of the name: write it there without them", q)
		}
	}
	// A YAML flow list, "produces: [UAT.md, X.md]", is split on its
	// commas only: the brackets stay on the first and last names.
	for _, q := range []string{"[" + a + "]", "[" + a, a + "]"} {
		if _, ok := host[q]; ok {
			return fmt.Sprintf("; a host workflow lists it in brackets, as %q, which gsd-core reads as part of the name (a marker's list is split on commas only): write it there without them", q)
		}
	}
	return ""
}

// brokenProduces are the artifacts that a step of a capability with errors
// produces where no point can place it: its point is no loop point
// ("plan:pree", a number), its produces is a string rather than a list,
// or its steps are one object rather than a list; or any its steps
// produce when they were not read as hooks at all: its role is not
// "feature" (misspelt, missing, or another role, which may carry no
// steps), or its "steps" is misspelt ("step", "Steps").
// Whether a step that consumes one is satisfied depends on how that
// capability's errors are fixed, which its own findings ask for.
func brokenProduces(caps []*Capability) map[string]bool {
	out := map[string]bool{}
	for _, c := range caps {
		if c.valid {
			continue
		}
		steps := c.Manifest.Get("steps")
		unlisted := c.Role != "feature" // no hook is read
		if steps == nil {
			steps, unlisted = misspeltSteps(&c.Manifest), true
		}
		var items []ojson.Value
		switch {
		case steps == nil:
		case steps.Kind == ojson.Array:
			items = steps.Items
		case steps.Kind == ojson.Object:
			items, unlisted = []ojson.Value{*steps}, true
		}
		for i := range items {
			raw := &items[i]
			if raw.Kind != ojson.Object {
				continue
			}
			pr := raw.Get("produces")
			switch {
			case pr.IsString():
				out[pr.Str] = true
			case unlisted || PointIndex(raw.Get("point").StringOr("")) < 0:
				for _, a := range pr.Strings() {
					out[a] = true
				}
			}
		}
	}
	return out
}

// misspeltSteps is the value of the member of a declaration without
// "steps" whose key is "steps" misspelt, as the schema's "did you mean"
// reads it, or nil.
func misspeltSteps(root *ojson.Value) *ojson.Value {
	for i := range root.Members {
		if m := &root.Members[i]; nearestName(m.Key, []string{"steps"}) != "" {
			return &m.Value
		}
	}
	return nil
}

// contributedNote explains, for an artifact no step or host produces,
// that a contribution producing it does not count: gsd-core satisfies a
// step's consumes by steps and host artifacts only, and "never produced"
// alone reads as wrong to the author of that contribution.
func contributedNote(caps []*Capability, a string) string {
	for _, c := range caps {
		for _, h := range c.Contributions {
			if slices.Contains(h.Produces, a) {
				return fmt.Sprintf(" (capability %q's contribution at point %q produces it, but a contribution's produces satisfies no step: produce it from a step)", c.ID, h.Point)
			}
		}
	}
	return ""
}

// checkOrdering reports produces/consumes cycles among the steps, or among the
// contributions, at one point (I-11): no order could be materialized. Each
// cycle is a finding of its own, naming its way round and the hooks that
// wait on it.
func checkOrdering(caps []*Capability, cycles []hookCycle, s *sink) {
	docs := byID(caps)
	name := func(h *Hook) string { return fmt.Sprintf("%s %s", h.CapID, h.Pointer()) }
	for _, cy := range cycles {
		for _, k := range knotsOf(cy.hooks) {
			loop := k.loop
			var path strings.Builder
			path.WriteString(name(loop[0]))
			for i, h := range loop {
				if i > 0 {
					path.WriteString(", which")
				}
				next := loop[(i+1)%len(loop)]
				fmt.Fprintf(&path, " produces %q for %s", sharedArtifact(h, next), name(next))
			}
			msg := fmt.Sprintf("produces/consumes cycle detected in %ss at point %q: %s; no execution order exists", loop[0].Kind, cy.point, path.String())
			if also := namesOf(k.also, name); also != "" {
				msg += fmt.Sprintf(" (%s %s in a cycle with them too)", also, isAre(len(k.also)))
			}
			if held := namesOf(k.held, name); held != "" {
				wait := "wait"
				if len(k.held) == 1 {
					wait = "waits"
				}
				msg += fmt.Sprintf(" (it also holds back %s, which %s on it)", held, wait)
			}
			msg += fmt.Sprintf(": remove one of these consumes, or move one of these %ss to another point", loop[0].Kind)
			s.at(docs[loop[0].CapID].doc, loop[0].Pointer(), "ordering-cycle", "%s", msg)
		}
	}
}

// namesOf names up to maxHeldNamed hooks and counts the rest.
func namesOf(hooks []*Hook, name func(*Hook) string) string {
	var names []string
	for _, h := range hooks[:min(len(hooks), maxHeldNamed)] {
		names = append(names, name(h))
	}
	if more := len(hooks) - len(names); more > 0 {
		names = append(names, "and "+Plural(more, "other hook"))
	}
	return strings.Join(names, ", ")
}

// maxHeldNamed bounds the hooks an ordering-cycle finding names as in its
// cycle or held back by it; the others are counted.
const maxHeldNamed = 10

// knot is one strongly connected group of the hooks OrderHooks could not
// order: loop, one way round it, each producing for the next, from its
// member first in input order; also, its other members; held, the hooks
// outside every group that wait on it and on no group before it.
type knot struct {
	loop, also, held []*Hook
}

// knotsOf splits the hooks OrderHooks could not order into their cycles
// (Tarjan's strongly connected components of two or more hooks, over the
// hooks and their artifacts: see flowGraph.linked), in the order of their
// first members, so that two cycles at a point are two findings and a hook
// is named as held back only by a cycle it depends on. It is linear in the
// hooks and the artifacts they list.
func knotsOf(hooks []*Hook) []knot {
	n := len(hooks)
	g := newFlowGraph(hooks)
	comp := sccs(g.linked())
	size := make([]int, len(comp)) // hooks per component
	for _, c := range comp[:n] {
		size[c]++
	}
	var knots []knot
	var members [][]int              // per knot, in input order
	knotOf := make([]int, len(comp)) // per component: 1 + its knot, or 0
	claimed := make([]bool, n)
	for i, h := range hooks {
		c := comp[i]
		if size[c] < 2 {
			continue
		}
		claimed[i] = true
		if knotOf[c] == 0 {
			knots = append(knots, knot{loop: loopFrom(i, comp, g, hooks)})
			members = append(members, nil)
			knotOf[c] = len(knots)
		}
		k := knotOf[c] - 1
		members[k] = append(members[k], i)
		if !slices.Contains(knots[k].loop, h) {
			knots[k].also = append(knots[k].also, h)
		}
	}
	// Each knot in turn claims what waits on it that no knot before it
	// claimed; what waits through another knot is that one's too. An
	// artifact's consumers are claimed once it is reached, so it is
	// followed once.
	followed := make([]bool, len(g.consumers))
	for k := range knots {
		queue := members[k]
		var held []int
		for len(queue) > 0 {
			i := queue[0]
			queue = queue[1:]
			for _, a := range g.produces[i] {
				if followed[a] {
					continue
				}
				followed[a] = true
				for _, j := range g.consumers[a] {
					if !claimed[j] {
						claimed[j] = true
						held = append(held, j)
						queue = append(queue, j)
					}
				}
			}
		}
		slices.Sort(held)
		for _, j := range held {
			knots[k].held = append(knots[k].held, hooks[j])
		}
	}
	return knots
}

// loopFrom walks back from hook first, in its component, to a producer of
// what each consumes (another hook, in the order the artifacts are listed
// and their producers numbered) until it comes round, and returns that
// cycle forward (producer before consumer), from its member first in
// input order.
func loopFrom(first int, comp []int, g flowGraph, hooks []*Hook) []*Hook {
	seenAt := map[int]int{}
	var back []int
	for i := first; ; {
		if at, ok := seenAt[i]; ok {
			loop := slices.Clone(back[at:])
			slices.Reverse(loop)
			lead := slices.Index(loop, slices.Min(loop))
			loop = append(loop[lead:], loop[:lead]...)
			out := make([]*Hook, len(loop))
			for k, j := range loop {
				out[k] = hooks[j]
			}
			return out
		}
		seenAt[i] = len(back)
		back = append(back, i)
		next := producerIn(i, comp, g)
		if next < 0 {
			return []*Hook{hooks[first]} // not reached: a member of a component of two or more has a producer in it
		}
		i = next
	}
}

// producerIn is the first other hook in the component of hook i that
// produces an artifact i consumes, or -1.
func producerIn(i int, comp []int, g flowGraph) int {
	for _, a := range g.consumes[i] {
		for _, p := range g.producers[a] {
			if p != i && comp[p] == comp[i] {
				return p
			}
		}
	}
	return -1
}

// sccs numbers the strongly connected components of the graph succ
// (Tarjan's algorithm, iterative: a ring of 10,000 hooks is no stack of
// 10,000 calls).
func sccs(succ [][]int) []int {
	n := len(succ)
	index, low, comp := make([]int, n), make([]int, n), make([]int, n)
	for i := range index {
		index[i], comp[i] = -1, -1
	}
	onStack := make([]bool, n)
	var stack []int
	next, comps := 0, 0
	type frame struct{ v, edge int }
	for root := range n {
		if index[root] >= 0 {
			continue
		}
		calls := []frame{{root, 0}}
		index[root], low[root] = next, next
		next++
		stack, onStack[root] = append(stack, root), true
		for len(calls) > 0 {
			f := &calls[len(calls)-1]
			if f.edge < len(succ[f.v]) {
				w := succ[f.v][f.edge]
				f.edge++
				switch {
				case index[w] < 0:
					index[w], low[w] = next, next
					next++
					stack, onStack[w] = append(stack, w), true
					calls = append(calls, frame{w, 0})
				case onStack[w]:
					low[f.v] = min(low[f.v], index[w])
				}
				continue
			}
			v := f.v
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				u := calls[len(calls)-1].v
				low[u] = min(low[u], low[v])
			}
			if low[v] == index[v] {
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w], comp[w] = false, comps
					if w == v {
						break
					}
				}
				comps++
			}
		}
	}
	return comp
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

// checkInlinedTotal reports the fragment reference, in folder order, past
// which the capabilities' hooks would inline over maxInlinedTotal into the
// registry: each capability keeps under maxInlined, and many of them
// together took gigabytes.
func checkInlinedTotal(valid []*Capability, s *sink) {
	total := 0
	for _, c := range valid {
		for _, f := range c.inlined {
			if total += f.size; total > maxInlinedTotal {
				s.at(c.doc, f.ptr+"/path", "file-too-large",
					"fragment %q is not inlined: the repository's hooks would inline over 32 MiB of fragments into the registry (as JSON text, where a control character takes six bytes), each reference copying its file; reference large fragments from fewer hooks, or make them smaller",
					f.rel)
				return
			}
		}
	}
}

// isAre is the verb "to be" for n things: "is" for one, else "are".
func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// checkHostConsumes warns of an artifact a host workflow's marker
// consumes that no host workflow of an earlier step produces, nor any
// capability step at or before the host's last point (nor the host
// itself): gsd-core never checks a host's consumes, so the slip (produces
// and consumes swapped, a typo, a name from another project) goes
// unnoticed, as what the host expects is never made. Not told while a
// step before the host has no host workflow, or one whose host is not
// known (Contract.knownHost: its artifacts are unknown), nor of an
// artifact a step of a capability with errors may produce where no point
// places it.
func checkHostConsumes(producers []*Capability, contract *Contract, s *sink) {
	produced := producedAt(producers)
	unplaced := brokenProduces(producers)
	earlier := map[string]int{} // what the hosts of the steps before produce, all declared
	for i, step := range Steps {
		e, mk := contract.Entry(step), contract.hosts[step]
		if e == nil || mk == nil || !contract.knownHost(step) {
			return
		}
		last := PointIndex(e.Points[len(e.Points)-1])
		for _, it := range mk.Consumes {
			a := it.Value
			_, made := earlier[a]
			if made || unplaced[a] || slices.Contains(e.Produces, a) ||
				slices.ContainsFunc(produced[a], func(p artifactProducer) bool { return p.idx <= last }) {
				continue
			}
			hint := hostConsumeHint(a, e, earlier, contract, i)
			if hint == "" && referenceStepOf(a) == "" && len(produced[a]) == 0 {
				// A name no step of gsd-core's makes, nor anything here, no
				// slip explains: likely made outside the loop (ROADMAP.md,
				// STATE.md by new-project), not told.
				continue
			}
			if hint == "" {
				hint = referenceMakerHint(a, Steps[:i])
			}
			if hint == "" {
				hint = fallbackHostHint(earlier)
			}
			s.atOffset(mk.File, mk.Src, it.Off, "", "host-consumes-unsatisfied",
				"the %s host workflow consumes %q, which no host workflow before it produces, nor any capability step by %q: gsd-core does not check it, but what the step expects is never made%s",
				step, a, Points[last], hint)
		}
		for _, p := range e.Produces {
			earlier[p] = 0
		}
	}
}

// hostConsumeHint says what host e, of the i-th step, consuming a that
// nothing before it makes (earlier: what the hosts before it produce),
// likely meant: e produces what an earlier host
// makes (produces and consumes swapped); an earlier host lists a quoted,
// in brackets or with an invisible character; an earlier host's artifact
// a is a typo of; a later host makes it; else "".
func hostConsumeHint(a string, e *ContractEntry, earlier map[string]int, contract *Contract, i int) string {
	known := slices.Sorted(maps.Keys(earlier))
	for _, b := range e.Produces {
		if _, ok := earlier[b]; ok {
			return fmt.Sprintf("; it produces %q, which an earlier host workflow already makes: are its produces and consumes swapped?", b)
		}
	}
	if hint := quotedHostHint(a, earlier); hint != "" {
		return hint
	}
	if hint := invisibleHostHint(a, known, earlier); hint != "" {
		return hint
	}
	if hint := ownSpellingHint(a, earlier); hint != "" {
		return hint
	}
	if hint := normalizationHint(a, known, func(string) string { return "an earlier host workflow produces it" }); hint != "" {
		return hint
	}
	if near := NearestID(a, known); near != "" {
		if hint := notUTF8Hint(a, near); hint != "" {
			return hint
		}
		return fmt.Sprintf("; did you mean %q?%s", near, alikeNote(a, near))
	}
	for _, step := range Steps[i+1:] {
		if l := contract.Entry(step); l != nil && slices.Contains(l.Produces, a) {
			return fmt.Sprintf("; only the %s host workflow, after it, makes it: consume what an earlier step makes, or drop it", step)
		}
	}
	return ""
}

// ownSpellingHint says that a, a host's consume, is an artifact of
// earlier written as gsd-core does not read it: quoted or in brackets
// (`consumes: "UAT.md"`, `[CONTEXT.md]`, which gsd-core reads as part of
// the name), or several names without commas ("CONTEXT.md ROADMAP.md",
// one name to gsd-core) one of which is earlier's; "" for none.
func ownSpellingHint(a string, earlier map[string]int) string {
	if u := unquoted(a); u != "" {
		if _, ok := earlier[u]; ok {
			return fmt.Sprintf("; it is %q in quotes, which gsd-core reads as part of the name: write it without them", u)
		}
	}
	if u := strings.TrimSuffix(strings.TrimPrefix(a, "["), "]"); u != a {
		if _, ok := earlier[u]; ok {
			return fmt.Sprintf("; it is %q in brackets, which gsd-core reads as part of the name (a marker's list is split on commas only): write it without them", u)
		}
	}
	if parts := strings.FieldsFunc(a, isListSep); len(parts) > 1 && slices.ContainsFunc(parts, func(p string) bool { _, ok := earlier[p]; return ok }) {
		return fmt.Sprintf("; it is one name to gsd-core, which splits a marker's list on commas only: separate the names with commas, %q", strings.Join(parts, ", "))
	}
	return ""
}

// referenceMakerHint says, of a that a host consumes and no host
// before it produces, which of the earlier steps gsd-core's own workflow
// makes it in: that step's host here leaves it out of its produces (with
// verify's produces and consumes swapped, ship's consume of UAT.md points
// at verify, where the slip is); "" when none of steps, all declared, is
// its maker.
func referenceMakerHint(a string, steps []string) string {
	if step := referenceStepOf(a); step != "" && slices.Contains(steps, step) {
		return fmt.Sprintf("; gsd-core's own %s workflow makes it, but this repository's %s host workflow does not list it in its produces: add it there", step, step)
	}
	return ""
}

// hostMakerHint is referenceMakerHint for a capability step at point
// index at consuming a, which nothing makes: gsd-core's own workflow of a
// step whose last point is at or before at makes it, and this
// repository's host workflow of that step, declared and understood, does
// not list it in its produces (UAT.md, its verify tag left out). The slip
// is there, in a file the capability's author may not have touched, so the
// file is named; "" otherwise, and when that workflow produces it under a
// path (docs/UAT.md), which may be the name meant.
func hostMakerHint(a string, at int, contract *Contract) string {
	step := referenceStepOf(a)
	e, mk := contract.Entry(step), contract.hosts[step]
	if step == "" || e == nil || mk == nil || !contract.knownHost(step) || len(e.Points) == 0 ||
		PointIndex(e.Points[len(e.Points)-1]) > at ||
		slices.ContainsFunc(e.Produces, func(p string) bool { return p == a || strings.HasSuffix(p, "/"+a) }) {
		return ""
	}
	return fmt.Sprintf("; gsd-core's own %s workflow makes it, but this repository's %s host workflow, %s, does not list it in its produces: add it there", step, step, mk.File)
}

// fallbackHostHint is the advice when no likely slip explains a consume
// of an artifact of gsd-core's loop, or of one a capability step makes
// too late: name what the earlier hosts make.
func fallbackHostHint(earlier map[string]int) string {
	if len(earlier) == 0 {
		return "; no host workflow before it produces anything: drop it"
	}
	known := slices.Sorted(maps.Keys(earlier))
	return fmt.Sprintf("; the host workflows before it produce %s: name one of them, or drop it", quoteList(known))
}
