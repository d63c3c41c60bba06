// Package render resolves the hooks active at one loop point and renders them
// the way the reference's `gsd-tools loop render-hooks <point>` does (ref §5,
// CONTRACT.md §7): pure functions of a registry, a point, a config object and
// a capability enablement.
//
// A hook is active when its capability is enabled, the capability's
// activationKey (if any) is truthy, and the hook's when (if any) is truthy.
// Keys resolve by nested lookup in the config, then a flat "a.b" key, then the
// config slice default; a nested null counts as not set, a value whose type
// does not fit its slice is ignored with a warning, and so is a parent that
// is not an object (it hides the keys below it). The active hooks come out as ref §5.4 entries (steps, then
// contributions, then gates, each in registry order) and as the markdown of
// ref §5.5.
package render

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/capreg/capreg/internal/casefold"
	"github.com/capreg/capreg/internal/unicodeform"
	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

// ErrUnknownPoint is wrapped by the error Resolve returns for a point that is
// not one of the 12 canonical loop points.
var ErrUnknownPoint = errors.New("unknown loop point")

// ErrNoRegistry is returned for a nil registry (a repository that did not
// pass validation has none).
var ErrNoRegistry = errors.New("no registry: the repository did not pass validation")

// ErrTooLarge is the error of a render whose contributions' configValues
// would echo more than MaxEchoed bytes of config values.
var ErrTooLarge = errors.New("render too large")

// MaxEchoed is the most bytes of config values, as JSON, that one render
// echoes in its contributions' configValues. Each alias echoes the whole
// value of its key, so the aliases multiply a value: 3,000 aliases of one
// key given a 1 MB string in a POST /render-hooks body held capreg serve
// at 13.5 GB for 68 s, and a slice default in the repository does the
// same to every GET of the point (which check warns of,
// config-values-echo: the limit is validate's).
const MaxEchoed = validate.MaxEchoed

// PointError is the unknown-point error. Its message is the reference's,
// `Invalid loop point: "<p>". Valid points: <the 12 points>`, followed, when
// the point is a typo away from one (Meant), by ` (did you mean "<point>"?)`
// as capreg names ids probably meant (or the one point it is the end of,
// wave:pre for execute:wave:pre), or, when it names a step without its
// phase (PointsOfStep), by ` (a loop point names its phase: did you mean
// "plan:pre" or "plan:post"?)`: the reference's text stays a prefix.
type PointError struct {
	Point        string
	Meant        string   // the valid point Point probably misspells, or ""
	PointsOfStep []string // the points of the step Point names, when Meant is ""
}

// UnknownPoint is the PointError for point, naming the point it probably
// misspells or the points of the step it names.
func UnknownPoint(point string) *PointError {
	e := &PointError{Point: point, Meant: validate.NearestID(point, validate.Points)}
	if e.Meant == "" {
		e.PointsOfStep = validate.PointsOfStep(point)
	}
	if e.Meant == "" && len(e.PointsOfStep) == 0 {
		e.Meant = pointEndingIn(point)
	}
	return e
}

// pointEndingIn is the one valid point whose last segments point is
// (wave:pre, the phase of execute:wave:pre named without its step), or "".
func pointEndingIn(point string) string {
	point = strings.ToLower(strings.TrimSpace(point))
	if !strings.Contains(point, ":") {
		return "" // pre or post alone ends half the points
	}
	found := ""
	for _, p := range validate.Points {
		if strings.HasSuffix(p, ":"+point) {
			if found != "" {
				return ""
			}
			found = p
		}
	}
	return found
}

func (e *PointError) Error() string {
	msg := `Invalid loop point: "` + e.Point + `". Valid points: ` + strings.Join(validate.Points, ", ")
	switch {
	case e.Meant != "":
		msg += fmt.Sprintf(" (did you mean %q?)", e.Meant)
	case len(e.PointsOfStep) > 0:
		msg += " (a loop point names its phase: did you mean " + quotedOr(e.PointsOfStep) + "?)"
	}
	return msg
}

// quotedOr writes names quoted, the last after "or": "a", "b" or "c".
func quotedOr(names []string) string {
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = strconv.Quote(n)
	}
	return validate.OrList(quoted)
}

// Unwrap makes errors.Is(err, ErrUnknownPoint) hold.
func (e *PointError) Unwrap() error { return ErrUnknownPoint }

// Request is one render: a point, the user's config (an object, or the zero
// Value, null, for none) and the capability enablement (zero: all enabled).
type Request struct {
	Point      string
	Config     ojson.Value
	Enablement Enablement
	// ActiveCap is the capability an activeCap question asks about, or
	// "": one the registry does not hold is answered false, as the
	// reference answers, with a warning naming the id probably meant, so
	// that a workflow that misspells an id is not told in silence that it
	// is never active.
	ActiveCap string
	// Notes are warnings the caller found reading the inputs (a config
	// file that starts with a byte order mark), given first among the
	// envelope's.
	Notes []string
}

// Envelope is the render-hooks result (CONTRACT.md §7).
//
// ActiveHooks share their nested values (ref, check, fragment text, config
// values) with the registry and the request config: treat them as read-only.
type Envelope struct {
	Point string
	// ActiveHooks are the active hooks as ref §5.4 entries, in order.
	ActiveHooks []ojson.Value
	// Rendered is their markdown (ref §5.5, Markdown(Point, ActiveHooks)),
	// with no trailing newline.
	Rendered string
	// Warnings are the first 100 warnings (validate.MaxPerRule), then the
	// activeCap one (listed past the cap), then, when there were more, one
	// counting those not listed, Unlisted (see WarningCount).
	Warnings []string
	Unlisted int
	// ConfigPointers, when not nil, holds for each of Warnings the JSON
	// pointer in the request's config of the member it is about (a key
	// of the wrong type, one no capability declares, ...), or "" for a
	// warning about no one member. It is not in JSON: the envelope's
	// warnings are strings, and a caller that read the config from a file
	// places them there (capreg render names FILE:line:column).
	ConfigPointers []string
	// ConfigAtValue, when not nil, says for each of ConfigPointers whether
	// its warning is about the member's value (of the wrong type, past a
	// double's range, no object), which the author fixes after the colon,
	// rather than about its key (one no capability declares, given twice):
	// a caller places the first at the value, as capreg check places a
	// schema finding about a value.
	ConfigAtValue []bool
	// ProfileWarnings are the warnings of the render's profile and its
	// surface's base profile, word for word and in order: a mode no
	// profile has, which the render, as gsd-core, reads as full. They are
	// among Warnings, unless past the cap, and are not in JSON: capreg
	// render and state print the JSON on stdout and these on stderr too,
	// as a mistyped "--profile cor" rendered full with the warning only
	// inside the JSON a script passed on.
	ProfileWarnings []string
}

// WarningCount is how many warnings the rendering found, listed or not.
func (e *Envelope) WarningCount() int {
	if e.Unlisted > 0 {
		return len(e.Warnings) - 1 + e.Unlisted // the last one counts the rest
	}
	return len(e.Warnings)
}

// JSON is the envelope {point, activeHooks, rendered, warnings?} as
// JSON.stringify(env, null, 2) writes it: 2-space indent, keys in that order,
// warnings omitted when there are none, no trailing newline.
func (e *Envelope) JSON() []byte {
	doc := ojson.Value{Kind: ojson.Object, Off: -1, Members: make([]ojson.Member, 0, 4)}
	doc.Append("point", ojson.NewString(e.Point))
	doc.Append("activeHooks", ojson.NewArray(e.ActiveHooks...))
	doc.Append("rendered", ojson.NewString(e.Rendered))
	if len(e.Warnings) > 0 {
		doc.Append("warnings", ojson.NewStrings(e.Warnings))
	}
	// The pretty JSON is about twice the markdown plus a few hundred bytes a
	// hook (the markdown is escaped inside it and most hook text repeats).
	buf := make([]byte, 0, 2*len(e.Rendered)+256*len(e.ActiveHooks)+256)
	return ojson.AppendEncode(buf, &doc, "  ")
}

// Active reports whether any active hook belongs to capID: the answer of
// `render-hooks <point> --active-cap <id>` (ref §5.1).
func (e *Envelope) Active(capID string) bool {
	for i := range e.ActiveHooks {
		if v := e.ActiveHooks[i].Get("capId"); v.IsString() && v.Str == capID {
			return true
		}
	}
	return false
}

// Resolver renders the hooks of one registry. It holds the lookups every
// render needs (config slices by key, the profiles installing each skill,
// clusters by id), built once: make one per snapshot and share it; it is
// safe for concurrent use because registries are immutable.
type Resolver struct {
	reg *store.Registry
	idx *regIndex
}

// NewResolver prepares a resolver for reg (nil gives one whose renders fail
// with ErrNoRegistry, but of a point that is none, which fail as unknown
// points first: a misspelt point is said whatever the repository's state).
func NewResolver(reg *store.Registry) *Resolver {
	rv := &Resolver{reg: reg}
	if reg != nil {
		rv.idx = buildIndex(reg)
	}
	return rv
}

// Resolve is NewResolver(reg).Resolve(req), for a one-off render.
func Resolve(reg *store.Registry, req Request) (*Envelope, error) {
	return NewResolver(reg).Resolve(req)
}

// Resolve computes the envelope for one point. The only errors are an
// unknown point (wrapping ErrUnknownPoint) and a nil registry; anything odd
// in the config or the enablement becomes a warning.
func (rv *Resolver) Resolve(req Request) (*Envelope, error) {
	if validate.PointIndex(req.Point) < 0 {
		return nil, UnknownPoint(req.Point)
	}
	r, err := rv.begin(req)
	if err != nil {
		return nil, err
	}
	env := &Envelope{Point: req.Point}
	if ph := pointHooks(r.reg, req.Point); ph != nil {
		env.ActiveHooks = r.activeEntries(ph)
	}
	if _, known := r.reg.ByID[req.ActiveCap]; req.ActiveCap != "" && !known {
		msg := fmt.Sprintf("activeCap: %s is not a capability of this registry, so it is never active", quoteClipped(req.ActiveCap))
		msg += didYouMean(req.ActiveCap, rv.idx.ids)
		// Listed past maxWarnings too, last, after every capped one: it
		// is the only reason given for the answer false, after a hundred
		// warnings of the enablement.
		r.warnings = append(r.warnings, msg)
		r.pointers = append(r.pointers, "")
		r.atValue = append(r.atValue, false)
	}
	if r.echoed > MaxEchoed {
		return nil, fmt.Errorf("%w: the configValues of the hooks active at %s would echo %d bytes of config values, over the limit of %d: each alias echoes the whole value of its key (%s, %d bytes, the largest); give that key a smaller value, or read it through fewer aliases",
			ErrTooLarge, req.Point, r.echoed, MaxEchoed, quoteClipped(r.echoKey), r.echoMax)
	}
	env.Rendered = Markdown(req.Point, env.ActiveHooks)
	env.Warnings, env.Unlisted = r.listed()
	env.ConfigPointers, env.ConfigAtValue = r.configPointers()
	env.ProfileWarnings = r.en.profileWarnings
	return env, nil
}

// begin starts a rendering of req: its notes, its config and its
// enablement read, and what is odd in them warned of. It fails only
// without a registry.
func (rv *Resolver) begin(req Request) (*rendering, error) {
	if rv.reg == nil {
		return nil, ErrNoRegistry
	}
	r := &rendering{reg: rv.reg, idx: rv.idx, nearBudget: maxNearComparisons}
	for _, n := range req.Notes {
		r.warn(n)
	}
	switch req.Config.Kind {
	case ojson.Null:
	case ojson.Object:
		r.config = &req.Config
	default:
		r.warn(fmt.Sprintf("config must be a JSON object, not %s; it is ignored and every key takes its default", req.Config.Kind.Phrase()))
	}
	r.en = newEnabler(rv.reg, r.idx, &req.Enablement, r.warn)
	r.checkConfig()
	return r, nil
}

// listed returns the warnings to list, the last counting those past
// maxWarnings when there were more, and how many were not listed.
func (r *rendering) listed() ([]string, int) {
	if r.unlisted == 0 {
		return r.warnings, 0
	}
	return append(r.warnings, fmt.Sprintf("%s not listed (the first %d are)", validate.Plural(r.unlisted, "more warning"), maxWarnings)), r.unlisted
}

// configPointers is Envelope.ConfigPointers and ConfigAtValue for the
// warnings listed: nil when none is about a config member.
func (r *rendering) configPointers() ([]string, []bool) {
	if !slices.ContainsFunc(r.pointers, func(p string) bool { return p != "" }) {
		return nil, nil
	}
	if r.unlisted == 0 {
		return r.pointers, r.atValue
	}
	return append(r.pointers, ""), append(r.atValue, false) // the count of those not listed
}

// maxWarnings is how many warnings one rendering lists, as capreg check
// lists at most validate.MaxPerRule findings of a rule in a file: a 1 MiB
// POST /render-hooks body naming 80,000 capabilities no registry has was
// answered with 6.9 MB of warnings. The rest are counted.
const maxWarnings = validate.MaxPerRule

type activeHook struct {
	h    *validate.Hook
	kind validate.HookKind // from the list the hook sits in
	raw  *ojson.Value
}

// hookList is the hooks of one kind at a point.
type hookList struct {
	kind  validate.HookKind
	hooks []*validate.Hook
}

// hookLists are the hooks at a point in the order a render lists them:
// steps, then contributions, then gates.
func hookLists(ph *store.PointHooks) [3]hookList {
	return [3]hookList{{validate.StepHook, ph.Steps}, {validate.ContributionHook, ph.Contributions}, {validate.GateHook, ph.Gates}}
}

// activeEntries filters the hooks at a point (steps, then contributions,
// then gates, each in registry order) and builds their entries. The entries'
// members share two backing arrays sized up front (each entry's slice is
// capped, so appending to one never writes into another).
func (r *rendering) activeEntries(ph *store.PointHooks) []ojson.Value {
	var active []activeHook
	size, frags := 0, 0
	for _, list := range hookLists(ph) {
		for _, h := range list.hooks {
			if h == nil {
				continue
			}
			raw := rawOf(h)
			if !r.active(h, raw) {
				continue
			}
			if active == nil {
				active = make([]activeHook, 0, len(ph.Steps)+len(ph.Contributions)+len(ph.Gates))
			}
			active = append(active, activeHook{h, list.kind, raw})
			size += len(raw.Members) + 2 // every key but point, plus capId and kind
			if f := raw.Get("fragment"); f != nil && f.Kind == ojson.Object {
				frags++
			}
		}
	}
	if len(active) == 0 {
		return nil
	}
	r.warnRequiresDisabled(active)
	b := builder{members: make([]ojson.Member, 0, size)}
	if frags > 0 {
		b.frags = make([]ojson.Member, 0, 2*frags)
	}
	out := make([]ojson.Value, len(active))
	for i, a := range active {
		out[i] = r.entry(&b, a.h.CapID, a.kind, a.raw)
	}
	return out
}

// warnRequiresDisabled warns, once for each, of a capability with a hook
// active here that requires one the enablement turns off (by
// disabledCapabilities, the profile or the surface): its hooks stay
// active, as there is no cascade, and a step consuming what the one
// turned off produces would wait for a file nothing writes. One required
// through another is named with it.
func (r *rendering) warnRequiresDisabled(active []activeHook) {
	if r.en.all {
		return
	}
	seen := map[string]bool{}
	for _, a := range active {
		id := a.h.CapID
		if seen[id] {
			continue
		}
		seen[id] = true
		for _, dep := range r.reg.Closure[id] {
			if r.en.enabled(dep) {
				continue
			}
			what := fmt.Sprintf("%q", dep)
			if via := r.through(id, dep); via != "" {
				what += fmt.Sprintf(" (through %q)", via)
			}
			why, verb := r.en.whyOff(dep), "turns"
			if len(why) > 1 {
				verb = "turn"
			}
			r.warn(fmt.Sprintf("capability %q requires %s, which %s %s off, and its hooks here stay active: turn %q off too, or %q on",
				id, what, strings.Join(why, " and "), verb, id, dep))
		}
	}
}

// through is the first capability id requires directly whose closure
// holds dep, or "" when id requires dep directly.
func (r *rendering) through(id, dep string) string {
	c := r.reg.ByID[id]
	if c == nil || slices.Contains(c.Requires, dep) {
		return ""
	}
	for _, req := range c.Requires {
		if slices.Contains(r.reg.Closure[req], dep) {
			return req
		}
	}
	return ""
}

// builder appends entry members to shared arrays.
type builder struct {
	members, frags []ojson.Member
}

func (b *builder) add(key string, v ojson.Value) {
	b.members = append(b.members, ojson.Member{Key: key, KeyOff: -1, Value: v})
}

// copyField copies raw[key] when present.
func (b *builder) copyField(raw *ojson.Value, key string) {
	if v := raw.Get(key); v != nil {
		b.add(key, *v)
	}
}

// when copies a non-empty string when (an active hook has no other kind).
func (b *builder) when(raw *ojson.Value) {
	if w := raw.Get("when"); w.IsString() && w.Str != "" {
		b.add("when", *w)
	}
}

// lists copies produces and consumes when they are non-empty arrays.
func (b *builder) lists(raw *ojson.Value) {
	for _, key := range [...]string{"produces", "consumes"} {
		if v := raw.Get(key); v != nil && v.Kind == ojson.Array && len(v.Items) > 0 {
			b.add(key, *v)
		}
	}
}

// fragment rebuilds the fragment as {inline?, path?}, omitted when both are
// absent.
func (b *builder) fragment(raw *ojson.Value) {
	f := raw.Get("fragment")
	if f == nil || f.Kind != ojson.Object {
		return
	}
	in, p := f.Get("inline"), f.Get("path")
	if in == nil && p == nil {
		return
	}
	start := len(b.frags)
	if in != nil {
		b.frags = append(b.frags, ojson.Member{Key: "inline", KeyOff: -1, Value: *in})
	}
	if p != nil {
		b.frags = append(b.frags, ojson.Member{Key: "path", KeyOff: -1, Value: *p})
	}
	end := len(b.frags)
	b.add("fragment", ojson.Value{Kind: ojson.Object, Off: -1, Members: b.frags[start:end:end]})
}

// pointHooks finds a point's hooks; a registry built in memory may list
// fewer than 12 points.
func pointHooks(reg *store.Registry, point string) *store.PointHooks {
	if i := validate.PointIndex(point); i < len(reg.ByLoopPoint) && reg.ByLoopPoint[i].Point == point {
		return &reg.ByLoopPoint[i]
	}
	for i := range reg.ByLoopPoint {
		if reg.ByLoopPoint[i].Point == point {
			return &reg.ByLoopPoint[i]
		}
	}
	return nil
}

// rawOf is the hook object. Hooks from validation always carry Raw; for one
// built in memory without it, the typed fields stand in.
func rawOf(h *validate.Hook) *ojson.Value {
	if h.Raw.Kind == ojson.Object {
		return &h.Raw
	}
	v := ojson.NewObject()
	v.Append("point", ojson.NewString(h.Point))
	if h.Kind == validate.ContributionHook && h.Into != "" {
		v.Append("into", ojson.NewString(h.Into))
	}
	v.Append("produces", ojson.NewStrings(h.Produces))
	v.Append("consumes", ojson.NewStrings(h.Consumes))
	if h.When != nil {
		v.Append("when", ojson.NewString(*h.When))
	}
	return &v
}

// rendering is the state of one Resolver.Resolve call: the config, the
// enabler and the warnings so far.
type rendering struct {
	reg      *store.Registry
	idx      *regIndex
	config   *ojson.Value // nil: no config
	en       *enabler
	warnings []string
	pointers []string // for each of warnings, its config member's JSON pointer or ""
	atValue  []bool   // for each of warnings, whether it is about its member's value
	warned   map[string]bool
	unlisted int                             // warnings past maxWarnings
	shadows  map[string]bool                 // parents already warned about (see shadowed)
	trail    []string                        // the member keys walk is under, for a warning's pointer
	objIndex map[*ojson.Value]map[string]int // member positions of large config objects
	// nearBudget is how many more declared keys undeclared may compare
	// (maxNearComparisons at the start).
	nearBudget int
	// unsearched counts the unknown keys given a value whose near miss
	// was not looked for, or not decided, once the search had stopped
	// (nearBudget spent, or the central matches out of time).
	unsearched int
	// centralBy is when centralOwns stops matching central patterns
	// (maxCentralMatching after its first match; zero before).
	centralBy time.Time
	// echoed is the bytes of config values the configValues built so far
	// echo (see MaxEchoed); echoSize, each value's, encoded once; echoKey
	// and echoMax, the key of the largest and its size.
	echoed   int64
	echoSize map[*ojson.Value]int64
	echoKey  string
	echoMax  int64
}

// bigObject is the member count from which a config object is indexed
// rather than scanned.
const bigObject = 16

// member is lastMember with an index for large objects, so a config with
// thousands of keys costs a map lookup per key, not a scan.
func (r *rendering) member(obj *ojson.Value, key string) *ojson.Value {
	if len(obj.Members) < bigObject {
		return lastMember(obj, key)
	}
	idx, ok := r.objIndex[obj]
	if !ok {
		if r.objIndex == nil {
			r.objIndex = map[*ojson.Value]map[string]int{}
		}
		idx = make(map[string]int, len(obj.Members))
		for i := range obj.Members {
			idx[obj.Members[i].Key] = i
		}
		r.objIndex[obj] = idx
	}
	if i, ok := idx[key]; ok {
		return &obj.Members[i].Value
	}
	return nil
}

func (r *rendering) lookup(key string) hit {
	return lookup(r.config, key, r.member)
}

func (r *rendering) warn(msg string) { r.warnAt(msg, "") }

// warnAt is warn for a warning about the config member at pointer ("" for
// none). A warning given twice keeps the first one's pointer.
func (r *rendering) warnAt(msg, pointer string) { r.warnPlaced(msg, pointer, false) }

// warnAtValue is warnAt for a warning about the value of the member at
// pointer (Envelope.ConfigAtValue).
func (r *rendering) warnAtValue(msg, pointer string) { r.warnPlaced(msg, pointer, true) }

// warnPlaced is warnAt, or warnAtValue when atValue is set.
func (r *rendering) warnPlaced(msg, pointer string, atValue bool) {
	if r.warned[msg] {
		return
	}
	if r.warned == nil {
		r.warned = map[string]bool{}
	}
	r.warned[msg] = true
	if len(r.warnings) >= maxWarnings {
		r.unlisted++
		return
	}
	r.warnings = append(r.warnings, msg)
	r.pointers = append(r.pointers, pointer)
	r.atValue = append(r.atValue, atValue)
}

// keyPointer is the JSON pointer of the member a lookup of key finds its
// value in: nested ("/workflow/research") when every segment is one, as
// lookup tries first, else the flat member ("/workflow.research").
func (r *rendering) keyPointer(key string) string {
	if v, _ := nested(r.config, key, r.member); v == nil || v.Kind == ojson.Null {
		if strings.Contains(key, ".") && r.member(r.config, key) != nil {
			return "/" + ojson.EscapePointer(key)
		}
	}
	return segmentsPointer(key)
}

// segmentsPointer is the JSON pointer of a dotted key's segments, each a
// member (or an array index) below the one before.
func segmentsPointer(key string) string { return ojson.Pointer(strings.Split(key, ".")) }

// trailPointer is the JSON pointer of the member walk is at.
func (r *rendering) trailPointer() string { return ojson.Pointer(r.trail) }

// resolve looks a dotted key up: the user's value (nested, then flat) when
// it fits the key's config slice, else the slice default; a key no slice
// declares is used as given. ok is false when nothing is found.
func (r *rendering) resolve(key string) (*ojson.Value, bool) {
	e := r.idx.keys[key]
	h := r.lookup(key)
	if h.v != nil {
		return r.checked(e, h.v, func() string { return r.keyPointer(key) }), true
	}
	if h.shadow != nil {
		r.shadowed(h, key, e != nil)
	}
	if e != nil {
		return &e.Default, true
	}
	return nil, false
}

// shadowed warns that a value which is not an object, met on the way to
// key, kept the key from being found: {"workflow": true} would otherwise
// send every workflow.* key to its default without a word, while
// {"workflow": {"research": 0}} is warned about. It warns once per parent,
// naming the first key resolved through it, and only for keys a hook reads.
func (r *rendering) shadowed(h hit, key string, declared bool) {
	if r.shadows[h.parent] {
		return
	}
	if r.shadows == nil {
		r.shadows = map[string]bool{}
	}
	r.shadows[h.parent] = true
	outcome := "takes its default"
	if !declared {
		outcome = "is not set"
	}
	r.warnAtValue(fmt.Sprintf("config %q is %s, not an object, so %q %s", h.parent, h.shadow.Kind.Phrase(), key, outcome), segmentsPointer(h.parent))
}

// checked returns the user's value v for a key, or, when v does not fit the
// key's config slice e, the slice default (with a warning placed at the
// member pointer names, asked only for a warning).
func (r *rendering) checked(e *store.ConfigKey, v *ojson.Value, pointer func() string) *ojson.Value {
	if e != nil && e.Type == "number" && infinite(v) {
		// Kept, as gsd-core keeps it, but JSON has no Infinity: the
		// envelope writes it as null (JSON.stringify does), which a
		// reader of configValues would take for unset, so it is said.
		inf := "Infinity"
		if strings.HasPrefix(v.Str, "-") {
			inf = "-Infinity"
		}
		r.warnAtValue(fmt.Sprintf("config key %q is given the number %s, past the range of a double: it is used as %s (truthy), as gsd-core's JSON.parse reads it, and written as null in JSON output such as configValues, as JSON.stringify writes it",
			e.Key, v.Str, inf), pointer())
	}
	if e == nil || typeMatches(e, v) {
		return v
	}
	r.warnAtValue(fmt.Sprintf("config key %q expects %s but was given %s; the value is ignored and the default %s is used",
		e.Key, expected(e), describe(v), compact(&e.Default)), pointer())
	return &e.Default
}

// checkConfig warns up front about every user value that does not fit its
// config slice, whether or not a hook at this point reads it, so one config
// gives the same warnings at every point. It walks the config's objects
// once; a path that spells a config key is checked against the value a
// lookup of that key would use.
func (r *rendering) checkConfig() {
	if r.config == nil || len(r.idx.keys) == 0 {
		return
	}
	var path configPath
	r.walk(r.config, &path, "")
	r.nearNotSearched()
	r.checkFlatTwins()
	r.checkUnsettable()
}

// checkUnsettable warns of a value the config gives, nested or flat, for a
// key no config can set: one with a segment ("prototype" in
// "ui.prototype") the reference's resolveConfigKey never walks, so the
// key keeps its default, as in gsd-core. The walk and the lookups pass
// such a key over, which left the value ignored without a word.
func (r *rendering) checkUnsettable() {
	for _, e := range r.idx.unsettable {
		v, _ := nested(r.config, e.Key, r.member)
		pointer := segmentsPointer(e.Key)
		if v == nil || v.Kind == ojson.Null {
			v, pointer = r.member(r.config, e.Key), "/"+ojson.EscapePointer(e.Key)
		}
		if v == nil || v.Kind == ojson.Null {
			continue
		}
		r.warnAt(fmt.Sprintf("config key %q cannot be set: gsd-core's resolveConfigKey never walks a %q segment, so the value given is ignored and the default %s is used (rename the key in capability %q)",
			e.Key, validate.ReservedSegment(e.Key), compact(&e.Default), e.Owner), pointer)
	}
}

// quoteClipped quotes an id a request gave, its first 80 characters when
// longer: a warning is no place to echo 5,000.
func quoteClipped(s string) string {
	if r := []rune(s); len(r) > 80 {
		return strconv.Quote(string(r[:77])) + "..."
	}
	return strconv.Quote(s)
}

// checkFlatTwins warns of a declared key the config gives twice, nested
// and as a flat "a.b" member, with different values: the nested one is
// used (when it is not null), which the flat one's author may not expect,
// and a nested value of the wrong type takes the default though the flat
// one would fit.
func (r *rendering) checkFlatTwins() {
	for i := range r.config.Members {
		m := &r.config.Members[i]
		e, ok := r.idx.keys[m.Key]
		if !ok || !strings.Contains(m.Key, ".") {
			continue
		}
		v, _ := nested(r.config, m.Key, r.member)
		if v == nil || v.Kind == ojson.Null || bytes.Equal(ojson.Encode(v, ""), ojson.Encode(&m.Value, "")) {
			continue
		}
		r.warnAt(fmt.Sprintf("config gives %q twice, nested (%s) and as the flat key %q (%s); the nested value decides (one of the wrong type gives the default) and the flat one is ignored",
			e.Key, compact(v), m.Key, compact(&m.Value)), "/"+ojson.EscapePointer(m.Key))
	}
}

// configPath is the path of config members walk is at, as written and
// composed (NFC), each member's key composed once as it is joined: a "."
// starts a letter that nothing composes with, so the path composed is its
// members' keys composed. Composing the whole path at each value instead
// took 1.5 s a render of 100,000 values under a member of 33 letters
// written decomposed, 80 ms so (BenchmarkConfigWalkUnderMember).
type configPath struct{ raw, composed []byte }

// walk checks the values along every path of obj that spells a declared
// key. via is the first member on the path whose name holds a dot ("" for
// none): a value reached through one is read only when that member is the
// whole key at the top level (the flat form); under any other such member
// ({"a.b":{"c":…}} for "a.b.c") no lookup reads it, which is warned of.
func (r *rendering) walk(obj *ojson.Value, path *configPath, via string) {
	for i := range obj.Members {
		m := &obj.Members[i]
		if validate.IsReservedName(m.Key) { // never walked, as in the reference
			continue
		}
		n, nc := len(path.raw), len(path.composed)
		// A member below the root is joined with a dot even when the path
		// so far is empty: under {"": {"workflow": ..}} the path is
		// ".workflow", which no lookup of "workflow.*" reaches.
		if obj != r.config {
			path.raw = append(path.raw, '.')
			path.composed = append(path.composed, '.')
		}
		path.raw = append(path.raw, m.Key...)
		path.composed = unicodeform.AppendNFC(path.composed, m.Key)
		r.trail = append(r.trail, m.Key)
		through := via
		if through == "" && strings.Contains(m.Key, ".") {
			through = m.Key
		}
		// A path longer than every key by more than a letter is neither
		// one of them nor a typo of one: it costs no lookup, nor a
		// copy (a 1 MiB body may put 100,000 values under a 100 KB
		// member).
		if r.idx.mayBeKey(path.raw, path.composed) {
			if e, ok := r.idx.keys[string(path.raw)]; ok {
				r.walked(e, m, through, obj == r.config)
			} else if m.Value.Kind != ojson.Object && m.Value.Kind != ojson.Null {
				r.undeclared(string(path.raw), path.composed)
			}
		}
		if m.Value.Kind == ojson.Object {
			r.walk(&m.Value, path, through)
		}
		path.raw, path.composed = path.raw[:n], path.composed[:nc]
		r.trail = r.trail[:len(r.trail)-1]
	}
}

// walked checks the value m holds for the declared key e, reached through
// the member named via (see walk; atRoot: m is a member of the config).
func (r *rendering) walked(e *store.ConfigKey, m *ojson.Member, via string, atRoot bool) {
	switch {
	case via == "" && m.Value.Kind != ojson.Null:
		// Every member on the path is a plain segment, so the nested
		// lookup of the path finds exactly this value.
		r.checked(e, &m.Value, r.trailPointer)
	case via == "" || atRoot && via == m.Key:
		// Null (not set, so a flat key may decide), or the flat key
		// itself, which a nested value may override: ask the lookup.
		if h := r.lookup(e.Key); h.v != nil {
			r.checked(e, h.v, func() string { return r.keyPointer(e.Key) })
		}
	case m.Value.Kind != ojson.Null:
		r.warnAt(fmt.Sprintf("config gives %q (%s) under the member %s, which no lookup reads: a key is written nested, %s, or flat, %q; the value is ignored",
			e.Key, compact(&m.Value), quoteClipped(via), nestedForm(e.Key), e.Key), r.trailPointer())
	}
}

// undeclared warns of a config key, given a value, that no capability
// declares, when it is probably a misspelling of one that is declared
// (keyNeighbours.meant): the reference ignores it without a word, and the
// hook it was meant for takes its default. A key the central config schema
// may own, or one on the way to declared keys ({"a": 1} for "a.b"; see
// shadowed), is none. composed is key composed (NFC).
func (r *rendering) undeclared(key string, composed []byte) {
	if r.idx.parents[key] {
		return
	}
	if r.nearBudget <= 0 {
		r.unsearched++
		return
	}
	asComposed := key // no copy when written composed, ASCII among others
	if string(composed) != key {
		asComposed = string(composed)
	}
	near, stopped := r.idx.keyNeighbours().meant(asComposed, &r.nearBudget)
	if near == "" {
		if stopped {
			r.unsearched++
		}
		return
	}
	owned, decided := r.centralOwns(key)
	if !decided {
		r.unsearched++
		return
	}
	if !owned {
		r.warnAt(fmt.Sprintf("config key %s is declared by no capability, so nothing reads it; did you mean %q?%s", quoteClipped(key), near, otherForm(key, near)), r.trailPointer())
	}
}

// otherForm is, for a config key and the declared key near it was meant
// as, how each is written when the two are the same letters composed,
// case aside, in different Unicode forms ("é" decomposed, an "e" and a
// combining accent, as macOS may save it, for the "é" declared
// composed): "did you mean "café.mode"?" alone named what was written
// when the two print alike, and when they differ in case too
// ("Cafe\u0301.mode"), mending the case alone left the key unread.
// keyNeighbours compares keys composed, but a key is read only as
// declared, byte for byte, as the reference reads it. "" for keys that
// differ otherwise, or in case alone.
func otherForm(key, near string) string {
	if key == near {
		return ""
	}
	how := "the two print alike but are written in different Unicode forms"
	if unicodeform.NFC(key) != unicodeform.NFC(near) {
		if foldKey(key) != foldKey(near) || casefold.String(key) == casefold.String(near) {
			return ""
		}
		how = "besides case, the two are written in different Unicode forms"
	}
	return fmt.Sprintf(" (%s: %+q here, %s, and the declared key %+q, %s; keys are read byte for byte, so write it as declared)",
		how, key, unicodeform.Name(key), near, unicodeform.Name(near))
}

// nearNotSearched says, after the walk, how many unknown keys the
// near-miss search stopped short of (unsearched): a config of 3,000
// misspellings against as many declared keys was warned of 27 of them,
// with no word that the rest were not looked at. It is listed past
// maxWarnings, as the only word of its kind.
func (r *rendering) nearNotSearched() {
	if r.unsearched == 0 {
		return
	}
	r.warnings = append(r.warnings, fmt.Sprintf("the search for misspelt config keys stopped before %d of the keys no capability declares, so a misspelling among them is not named: one render compares at most %d declared keys and central config patterns, and matches patterns for %v",
		r.unsearched, maxNearComparisons, maxCentralMatching))
	r.pointers = append(r.pointers, "")
	r.atValue = append(r.atValue, false)
}

// centralOwns reports whether the central schema may own key
// (validate.CentralOwner.Owns), counting the key and each pattern match it may
// try (CentralOwner.Matches) against the near-miss budget; past it, and after a match not decided in
// time, every key counts as owned, and decided is false.
func (r *rendering) centralOwns(key string) (owned, decided bool) {
	o := r.idx.centralOwner()
	if cost := 1 + o.Matches(key); r.nearBudget >= cost {
		r.nearBudget -= cost
	} else {
		r.nearBudget = 0
		return true, false
	}
	if r.centralBy.IsZero() {
		r.centralBy = time.Now().Add(maxCentralMatching)
	}
	owned, err := o.OwnsBefore(key, r.centralBy)
	if err != nil {
		r.nearBudget = 0 // one slow match, or the time spent: look no further
		return true, false
	}
	return owned, true
}

// maxCentralMatching bounds the time one rendering spends matching its
// near misses against the central schema's patterns (each match is
// bounded too, by the schema's own timeout): 256 patterns that each
// backtrack for some tens of milliseconds on a near miss, short of that
// timeout, held one render of a one-key config for 19 s, and of an
// 80-key one for minutes, on as many cores as renders run at once. A
// variable so that a test of the near-miss count budget can lift it.
var maxCentralMatching = 250 * time.Millisecond

// nestedForm is the nested spelling of a dotted key, {"a":{"b":…}} for
// "a.b".
func nestedForm(key string) string {
	segs := strings.Split(key, ".")
	var b strings.Builder
	for _, seg := range segs {
		b.WriteString("{" + strconv.Quote(seg) + ":")
	}
	b.WriteString("…" + strings.Repeat("}", len(segs)))
	return b.String()
}

func compact(v *ojson.Value) string {
	s := string(ojson.Encode(v, ""))
	if len(s) > 80 {
		s = strings.ToValidUTF8(s[:77], "") + "..."
	}
	return s
}

// active applies the three gates of ref §5.2 in the reference's order:
// capability enabled, activationKey truthy, when truthy. A when that is
// present (not null) but not a non-empty string makes the hook inactive.
func (r *rendering) active(h *validate.Hook, raw *ojson.Value) bool {
	if !r.en.enabled(h.CapID) {
		return false
	}
	if c := r.reg.ByID[h.CapID]; c != nil && c.ActivationKey != "" {
		if !Truthy(r.resolve(c.ActivationKey)) {
			return false
		}
	}
	if w := raw.Get("when"); w != nil && w.Kind != ojson.Null {
		if w.Kind != ojson.String || w.Str == "" {
			return false
		}
		return Truthy(r.resolve(w.Str))
	}
	return true
}

// entry builds the activeHooks entry of ref §5.4 for an active hook:
//
//	step         {capId, kind, ref?, fragment?, when?, produces?, consumes?, onError?}
//	contribution {capId, kind, into?, fragment?, when?, produces?, consumes?, onError?, configValues?}
//	gate         {capId, kind, when?, check?, blocking?, onError?}
//
// A field is copied when the hook has it, except: produces and consumes only
// when non-empty arrays; fragment rebuilt as {inline?, path?}; blocking only
// when a boolean; configValues only when some alias resolved; when only as a
// non-empty string (the hook is active, so that is the only other case).
func (r *rendering) entry(b *builder, capID string, kind validate.HookKind, raw *ojson.Value) ojson.Value {
	start := len(b.members)
	b.add("capId", ojson.NewString(capID))
	b.add("kind", ojson.NewString(string(kind)))
	switch kind {
	case validate.StepHook:
		b.copyField(raw, "ref")
		b.fragment(raw)
		b.when(raw)
		b.lists(raw)
		b.copyField(raw, "onError")
	case validate.ContributionHook:
		b.copyField(raw, "into")
		b.fragment(raw)
		b.when(raw)
		b.lists(raw)
		b.copyField(raw, "onError")
		if cv := r.configValues(raw.Get("configValues")); cv.Kind == ojson.Object {
			b.add("configValues", cv)
		}
	case validate.GateHook:
		b.when(raw)
		b.copyField(raw, "check")
		if v := raw.Get("blocking"); v != nil && v.Kind == ojson.Bool {
			b.add("blocking", *v)
		}
		b.copyField(raw, "onError")
	}
	end := len(b.members)
	return ojson.Value{Kind: ojson.Object, Off: -1, Members: b.members[start:end:end]}
}

// echo counts v, the value of key, as echoed once more, and returns the
// bytes echoed so far.
func (r *rendering) echo(key string, v *ojson.Value) int64 {
	n, ok := r.echoSize[v]
	if !ok {
		n = int64(len(ojson.Encode(v, "")))
		if r.echoSize == nil {
			r.echoSize = map[*ojson.Value]int64{}
		}
		r.echoSize[v] = n
	}
	if n > r.echoMax {
		r.echoKey, r.echoMax = key, n
	}
	r.echoed += n
	return r.echoed
}

// configValues resolves each alias → dotted key (string values only) and
// keeps the raw value of every key found, in alias order. It returns null
// when nothing resolved.
func (r *rendering) configValues(cv *ojson.Value) ojson.Value {
	if cv == nil || cv.Kind != ojson.Object || r.echoed > MaxEchoed {
		return ojson.Value{}
	}
	var out ojson.Value
	for i := range cv.Members {
		m := &cv.Members[i]
		if m.Value.Kind != ojson.String {
			continue
		}
		if v, ok := r.resolve(m.Value.Str); ok {
			if r.echo(m.Value.Str, v) > MaxEchoed {
				return ojson.Value{} // the render fails (Resolve): build no more
			}
			if out.Kind != ojson.Object {
				out = ojson.Value{Kind: ojson.Object, Off: -1, Members: make([]ojson.Member, 0, len(cv.Members))}
			}
			out.Append(m.Key, *v)
		}
	}
	return out
}
