package store

import (
	"context"

	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

// registryIndent is the indentation of the artifacts (CONTRACT.md §4).
const registryIndent = "  "

// span is where a piece of an artifact lies in it.
type span struct{ from, to int }

// registryPieces remembers where the pieces of a registry artifact that
// depend on one capability alone were written: its declaration, its hooks
// and its config keys' schema, 22 of the 27 MB of a 10,000-capability
// registry. The next build copies those of the capabilities the validation
// cache gave back unchanged instead of encoding them again, which was a
// quarter of a rebuild.
//
// The pieces are keyed by identity: a capability taken from the cache
// shares its declaration, hooks and config entries with the one the
// previous build used, and those are never changed once checked (see
// validate.Cache), so the same pointer means the same bytes. A capability
// checked afresh has new pointers and is encoded again. The keys keep the
// previous build's parts alive only as long as this one is.
type registryPieces struct {
	data      []byte                  // the artifact the spans are in
	manifests map[*ojson.Member]span  // keyed by the first member of Capability.Manifest
	hooks     map[*validate.Hook]span // HookJSON at byLoopPoint's depth
	config    map[configPiece]span    // ConfigSchemaJSON in configSchema
	// encoded counts the pieces encoded rather than copied.
	encoded int
}

// configPiece is one config key of a capability, keyed as its manifest is.
type configPiece struct {
	manifest *ojson.Member
	index    int
}

func newRegistryPieces() *registryPieces {
	return &registryPieces{manifests: map[*ojson.Member]span{}, hooks: map[*validate.Hook]span{}, config: map[configPiece]span{}}
}

// manifestKey is the identity of a capability's declaration, or nil for
// one that cannot have any (an empty object, which is never valid).
func manifestKey(c *validate.Capability) *ojson.Member {
	if len(c.Manifest.Members) == 0 {
		return nil
	}
	return &c.Manifest.Members[0]
}

// registryWriter writes capability-registry.json piece by piece, as
// encoding Registry.JSON with registryIndent writes it, copying the pieces
// prev holds (nil: none) and recording those it writes in next (nil: none
// kept).
type registryWriter struct {
	b          []byte
	prev, next *registryPieces
	ends       ojson.LineEnds // of the text of fragments read from files
}

// appendRegistry appends the registry document of r, with a trailing
// newline. next, when not nil, is filled with the pieces written. Once ctx
// ends it stops between two sections (the capabilities are a tenth of a
// second at 3,000 of them) and returns stopped's error.
func appendRegistry(ctx context.Context, b []byte, r *Registry, prev, next *registryPieces) ([]byte, error) {
	return (&registryWriter{b: b, prev: prev, next: next, ends: ojson.LF}).registry(ctx, r)
}

// registryCRLF is the registry document of r as a checkout git wrote
// with CRLF inlined its fragments, with "\r\n" (as gsd-core, and capreg
// before, generated it there): gen takes a committed registry of that
// kind for up to date.
func registryCRLF(ctx context.Context, r *Registry) ([]byte, error) {
	return (&registryWriter{ends: ojson.CRLF}).registry(ctx, r)
}

// registry appends r's document to w.b (see appendRegistry).
func (w *registryWriter) registry(ctx context.Context, r *Registry) ([]byte, error) {
	w.b = append(w.b, '{')
	sections := r.sections()
	for i, s := range sections {
		if ctx.Err() != nil {
			return nil, stopped(ctx)
		}
		w.key(i, 1, s.key)
		if s.write != nil && plainKeys(s.keys()) {
			s.write(w)
			continue
		}
		v := s.value()
		w.b = ojson.AppendArtifactAt(w.b, &v, registryIndent, 1, w.ends)
	}
	w.end(len(sections), 0, '}')
	w.b = append(w.b, '\n')
	if w.next != nil {
		w.next.data = w.b
	}
	return w.b, nil
}

// key starts the i-th member of an object whose members are at depth.
func (w *registryWriter) key(i, depth int, key string) {
	if i > 0 {
		w.b = append(w.b, ',')
	}
	w.newline(depth)
	w.b = ojson.AppendString(w.b, key)
	w.b = append(w.b, ':', ' ')
}

// item starts the i-th element of an array whose elements are at depth.
func (w *registryWriter) item(i, depth int) {
	if i > 0 {
		w.b = append(w.b, ',')
	}
	w.newline(depth)
}

// end closes an object or array of n members begun at depth.
func (w *registryWriter) end(n, depth int, closer byte) {
	if n > 0 {
		w.newline(depth)
	}
	w.b = append(w.b, closer)
}

func (w *registryWriter) newline(depth int) {
	w.b = append(w.b, '\n')
	for range depth {
		w.b = append(w.b, registryIndent...)
	}
}

// piece appends the piece prev or next holds under key, or encode's bytes,
// and records where it went.
func piece[K comparable](w *registryWriter, pieces func(*registryPieces) map[K]span, key K, encode func([]byte) []byte) {
	from := len(w.b)
	switch s, ok := lookupPiece(w.next, w.b, pieces, key); {
	case ok:
		w.b = append(w.b, s...)
	default:
		if s, ok := lookupPiece(w.prev, nil, pieces, key); ok {
			w.b = append(w.b, s...)
		} else {
			w.b = encode(w.b)
			if w.next != nil {
				w.next.encoded++
			}
		}
		if w.next != nil {
			pieces(w.next)[key] = span{from, len(w.b)}
		}
	}
}

// lookupPiece returns the bytes of the piece p holds under key; data is
// where its spans point (nil: p.data).
func lookupPiece[K comparable](p *registryPieces, data []byte, pieces func(*registryPieces) map[K]span, key K) ([]byte, bool) {
	if p == nil {
		return nil, false
	}
	s, ok := pieces(p)[key]
	if !ok {
		return nil, false
	}
	if data == nil {
		data = p.data
	}
	return data[s.from:s.to], true
}

// manifest appends a capability's declaration as a member value at
// depth 2 (capabilities, runtimes).
func (w *registryWriter) manifest(c *validate.Capability) {
	key := manifestKey(c)
	encode := func(b []byte) []byte { return ojson.AppendArtifactAt(b, &c.Manifest, registryIndent, 2, w.ends) }
	if key == nil {
		w.b = encode(w.b)
		return
	}
	piece(w, func(p *registryPieces) map[*ojson.Member]span { return p.manifests }, key, encode)
}

// object appends an object of n members whose keys are at depth, the i-th
// with the key key(i) and the value value(i) appends.
func (w *registryWriter) object(n, depth int, key func(int) string, value func(int)) {
	w.b = append(w.b, '{')
	for i := range n {
		w.key(i, depth, key(i))
		value(i)
	}
	w.end(n, depth-1, '}')
}

// strings appends an array of strings whose elements are at depth.
func (w *registryWriter) strings(ss []string, depth int) {
	w.b = append(w.b, '[')
	for i, s := range ss {
		w.item(i, depth)
		w.b = ojson.AppendString(w.b, s)
	}
	w.end(len(ss), depth-1, ']')
}

func (w *registryWriter) string(s string) { w.b = ojson.AppendString(w.b, s) }

// capabilities appends an object mapping each capability's id to its
// declaration (capabilities, runtimes).
func (w *registryWriter) capabilities(caps []*validate.Capability) {
	w.object(len(caps), 2, func(i int) string { return caps[i].ID }, func(i int) { w.manifest(caps[i]) })
}

// owners appends bySkill or byAgent.
func (w *registryWriter) owners(owners []Owner) {
	w.object(len(owners), 2, func(i int) string { return owners[i].Name }, func(i int) { w.string(owners[i].CapID) })
}

// configOwners appends configKeys.
func (w *registryWriter) configOwners(keys []ConfigKey) {
	w.object(len(keys), 2, func(i int) string { return keys[i].Key }, func(i int) { w.string(keys[i].Owner) })
}

// clusters appends capabilityClusters.
func (w *registryWriter) clusters(cs []Cluster) {
	w.object(len(cs), 2, func(i int) string { return cs[i].CapID }, func(i int) { w.strings(cs[i].Skills, 3) })
}

// membership appends profileMembership.
func (w *registryWriter) membership(cs []Cluster) {
	w.object(len(cs), 2, func(i int) string { return cs[i].CapID }, func(i int) {
		w.object(2, 3, func(j int) string { return []string{"tier", "profiles"}[j] }, func(j int) {
			if j == 0 {
				w.string(cs[i].Tier)
			} else {
				w.strings(cs[i].Profiles, 4)
			}
		})
	})
}

// closure appends requiresClosure.
func (w *registryWriter) closure(caps []*validate.Capability, closure map[string][]string) {
	w.object(len(caps), 2, func(i int) string { return caps[i].ID }, func(i int) { w.strings(closure[caps[i].ID], 3) })
}

// profiles appends profiles.
func (w *registryWriter) profiles(profiles map[string][]string) {
	w.object(len(ProfileNames), 2, func(i int) string { return ProfileNames[i] }, func(i int) { w.strings(profiles[ProfileNames[i]], 3) })
}

// loopPoints appends byLoopPoint.
func (w *registryWriter) loopPoints(points []PointHooks) {
	w.b = append(w.b, '{')
	for i := range points {
		ph := &points[i]
		w.key(i, 2, ph.Point)
		w.b = append(w.b, '{')
		for j, hs := range [][]*validate.Hook{ph.Steps, ph.Contributions, ph.Gates} {
			w.key(j, 3, []string{"steps", "contributions", "gates"}[j])
			w.hooks(hs)
		}
		w.end(3, 2, '}')
	}
	w.end(len(points), 1, '}')
}

// hooks appends one list of hooks of a point, at depth 3.
func (w *registryWriter) hooks(hs []*validate.Hook) {
	w.b = append(w.b, '[')
	for i, h := range hs {
		w.item(i, 4)
		piece(w, func(p *registryPieces) map[*validate.Hook]span { return p.hooks }, h, func(b []byte) []byte {
			v := HookJSON(h)
			return ojson.AppendArtifactAt(b, &v, registryIndent, 4, w.ends)
		})
	}
	w.end(len(hs), 3, ']')
}

// configSchema appends configSchema from the capabilities' config, in the
// order buildRegistry lists Registry.ConfigKeys: capability order, then
// declaration order.
func (w *registryWriter) configSchema(caps []*validate.Capability) {
	w.b = append(w.b, '{')
	n := 0
	for _, c := range caps {
		key := manifestKey(c)
		for i := range c.Config {
			k := ConfigKey{ConfigEntry: c.Config[i], Owner: c.ID}
			w.key(n, 2, k.Key)
			n++
			encode := func(b []byte) []byte {
				v := ConfigSchemaJSON(k)
				return ojson.AppendArtifactAt(b, &v, registryIndent, 2, w.ends)
			}
			if key == nil {
				w.b = encode(w.b)
				continue
			}
			piece(w, func(p *registryPieces) map[configPiece]span { return p.config }, configPiece{key, i}, encode)
		}
	}
	w.end(n, 1, '}')
}
