package api

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/capreg/capreg/internal/tight"
	"github.com/capreg/capreg/render"
	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

// Error codes: stable, for clients to branch on.
const (
	CodeNotFound         = "not_found"
	CodeUnknownPoint     = "unknown_point"
	CodeBadRequest       = "bad_request"
	CodeForbidden        = "forbidden"
	CodeBodyTooLarge     = "body_too_large"
	CodeRequestTimeout   = "request_timeout"
	CodeNotReady         = "not_ready"
	CodeMethodNotAllowed = "method_not_allowed"
	CodeNotAcceptable    = "not_acceptable"
	// CodeUnsupportedMediaType: a request body with a content coding.
	CodeUnsupportedMediaType = "unsupported_media_type"
	CodeBusy                 = "busy"
	CodeInternal             = "internal"
)

// apiError is the body of every error response.
type apiError struct {
	Code    string         `json:"code"`
	Message string         `json:"message"`
	Details map[string]any `json:"details"`
}

func writeError(w http.ResponseWriter, status int, code, msg string, details map[string]any) {
	if details == nil {
		details = map[string]any{}
	}
	writeJSON(w, status, apiError{Code: code, Message: msg, Details: details})
}

// writeJSON encodes v without HTML escaping. Should v not encode, the
// answer is still a JSON error (http.Error would label it text/plain).
func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := encodeJSON(v)
	if err != nil {
		data = []byte(`{"code":"internal","message":"encoding the response failed","details":{}}` + "\n")
		status = http.StatusInternalServerError
	}
	w.Header()["Content-Type"] = jsonHdr
	w.WriteHeader(status)
	w.Write(data)
}

// encodeJSON is v as encoding/json writes it without HTML escaping, and a
// newline: the form of every answer writeJSON writes.
func encodeJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// body is a response computed once per snapshot: the bytes, and a gzip copy
// made on first demand. Header values are prepared once too; net/http never
// modifies a header slice, so responses can share them.
type body struct {
	data        []byte
	contentType string
	// variant tells apart representations of one URL chosen by a request
	// header other than Accept-Encoding (markdown by Accept); it becomes
	// part of the ETag. The JSON one has none: its tag is the snapshot
	// digest, as on every route (CONTRACT.md §6).
	variant string
	// byAccept: the URL answers in another representation by Accept, so
	// the answer varies by it (markdown or JSON, render-hooks).
	byAccept bool
	// warnings is X-Capreg-Warnings, the count of a markdown render's
	// warnings, which its body has no room for; nil for none (and for
	// every GET, whose render has none: postRenderHooks alone sends it).
	warnings []string
	// artifact: data is one of the snapshot's artifacts, which the
	// snapshot holds anyway; a cached body never copies it (see kept).
	artifact bool
	// kept: the body is cached for as long as its snapshot is served
	// (cacheEntry.body), so its bytes and its gzip copy are each kept in
	// an array of their own length.
	kept        bool
	etagOnce    sync.Once
	etags       [2][]string // identity, gzip
	lengthHdr   []string
	gzipOnce    sync.Once
	gz          []byte
	gzLengthHdr []string
}

// gzipFor reports whether b goes gzipped to the client of r: a body over
// 1 KiB, to a client that takes gzip (smaller ones gain nothing).
func gzipFor(r *http.Request, b *body) bool { return len(b.data) > 1024 && acceptsGzip(r) }

func (b *body) gzipped() ([]byte, []string) {
	b.gzipOnce.Do(func() {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
		zw.Write(b.data)
		zw.Close()
		b.gz = buf.Bytes()
		if b.kept {
			b.gz = tight.Bytes(b.gz)
		}
		b.gzLengthHdr = []string{strconv.Itoa(len(b.gz))}
	})
	return b.gz, b.gzLengthHdr
}

func (b *body) length() []string {
	if b.lengthHdr == nil {
		b.lengthHdr = []string{strconv.Itoa(len(b.data))}
	}
	return b.lengthHdr
}

// numPoints is how many loop points there are, len(validate.Points): the
// views keep a body per point in arrays of that length.
const numPoints = 12

// views caches the encoded responses of one snapshot, which holds it (see
// currentViews). A new snapshot gets a new views, so a cached body can never
// be served with another snapshot's ETag or generation.
type views struct {
	snap   *store.Snapshot
	etag   string
	etags  [2][]string // the ETag of identity and gzip bodies
	genHdr []string
	// digestHdr is X-Capreg-Digest, the snapshot digest: an answer to a
	// POST, which carries no ETag, is tied by it to the registry it came
	// from on any replica (generations count each replica's rebuilds).
	digestHdr []string
	cache     sync.Map // key → *cacheEntry
	points    [numPoints]cacheEntry
	// renders are GET /render-hooks/{point} with defaults, by point, in
	// JSON and in markdown.
	renders [numPoints][2]cacheEntry

	cardsOnce sync.Once
	cards     []*validate.Card // by id

	// composed are the cards whose ids are not in the form ids are
	// compared in, by that form (see findCard).
	composedOnce sync.Once
	composed     map[string]*validate.Card

	resolverOnce sync.Once
	resolverV    *render.Resolver

	// defaultStates are every capability's state with defaults, which
	// GET /capability-state?id= picks one from: computed for each id, a
	// crawl of every id cost time quadratic in the capabilities.
	defaultStatesOnce sync.Once
	defaultStatesV    *render.States

	statusWarningsOnce sync.Once
	statusWarningsV    json.RawMessage
}

// statusWarnings are the snapshot's findings as GET /status lists them
// (a served snapshot has warnings alone), encoded on first use.
func (v *views) statusWarnings() json.RawMessage {
	v.statusWarningsOnce.Do(func() {
		diags := v.snap.Diagnostics
		if diags == nil {
			diags = validate.Diagnostics{}
		}
		data, err := encodeJSON(diags)
		if err != nil {
			data = []byte("[]")
		}
		v.statusWarningsV = tight.Bytes(bytes.TrimSuffix(data, []byte("\n")))
	})
	return v.statusWarningsV
}

// resolver is the snapshot's render resolver, built on first use.
func (v *views) resolver() *render.Resolver {
	v.resolverOnce.Do(func() { v.resolverV = render.NewResolver(v.snap.Registry) })
	return v.resolverV
}

// defaultStates is every capability's state with defaults (render.States
// of an empty request), computed on first use; it is shared, so callers
// copy it before narrowing it (States.Only).
func (v *views) defaultStates() *render.States {
	v.defaultStatesOnce.Do(func() {
		st, err := v.resolver().States(render.Request{})
		if err != nil {
			panic(err) // States fails only without a registry, and a served snapshot has one
		}
		v.defaultStatesV = st
	})
	return v.defaultStatesV
}

type cacheEntry struct {
	once sync.Once
	b    *body
}

func newViews(snap *store.Snapshot) *views {
	v := &views{snap: snap, etag: snap.Digest, genHdr: []string{strconv.FormatUint(snap.Generation, 10)}, digestHdr: []string{snap.Digest}}
	v.etags = etagPair(snap.Digest)
	return v
}

// get returns the cached body for key, computing it with make on first use.
func (v *views) get(key string, make func() *body) *body {
	e, ok := v.cache.Load(key)
	if !ok {
		e, _ = v.cache.LoadOrStore(key, &cacheEntry{})
	}
	return e.(*cacheEntry).body(make)
}

// point returns the cached body of one loop point (the hottest route, kept in
// an array rather than the map).
func (v *views) point(i int, make func() *body) *body { return v.points[i].body(make) }

// rendered returns the cached default render of loop point i in media.
func (v *views) rendered(i int, media string, make func() *body) *body {
	m := 0
	if media == mediaMarkdown {
		m = 1
	}
	return v.renders[i][m].body(make)
}

// body returns the entry's body, made by make (its lengths worked out) on
// first use, and made again on every use after a make that panicked.
func (ce *cacheEntry) body(make func() *body) *body {
	made := func() *body {
		b := make()
		b.keep()
		b.length()
		return b
	}
	ce.once.Do(func() { ce.b = made() }) // ce.b stays nil if made panics
	if ce.b == nil {
		// make panicked the first time (recoverer answered 500); the
		// once is spent, so each request tries again, uncached, and a
		// panic is that request's, not a nil body's.
		return made()
	}
	return ce.b
}

// keep readies b to be cached for the life of its snapshot: its bytes,
// encoded by appending to a growing buffer, and the gzip copy made later
// had up to as much room again as they take (trimmed, the answers cached
// for a 1,500 capability repository hold 25.5 MB instead of 29.2). An
// artifact's bytes are the snapshot's, and stay as they are.
func (b *body) keep() {
	b.kept = true
	if !b.artifact {
		b.data = tight.Bytes(b.data)
	}
}

// jsonBody encodes plain Go data.
func jsonBody(v any) *body {
	data, err := ojson.Marshal(v)
	if err != nil {
		panic(err) // only our own types are encoded here
	}
	return &body{data: data, contentType: "application/json"}
}

// ojsonBody encodes an ordered tree (source key order kept).
func ojsonBody(v ojson.Value) *body {
	return &body{data: append(ojson.Encode(&v, "  "), '\n'), contentType: "application/json"}
}

// etagPair is the strong ETag of a representation, and of its gzip encoding
// (a different representation, so a different strong tag).
func etagPair(tag string) [2][]string {
	return [2][]string{{`"` + tag + `"`}, {`"` + tag + `-gzip"`}}
}

// etagsFor returns the ETags of a body served from this snapshot.
func (v *views) etagsFor(b *body) [2][]string {
	if b.variant == "" {
		return v.etags
	}
	b.etagOnce.Do(func() { b.etags = etagPair(v.etag + "-" + b.variant) })
	return b.etags
}

// serve writes a body derived from the snapshot (and the URL, for search
// results computed per request) with the snapshot's ETag, honouring
// Accept-Encoding: gzip. It answers 304 only when If-None-Match holds the tag
// of the representation this request would get: a client holding the
// identity body must not be told its copy is the gzip one, nor the reverse
// (a cache keyed by Vary would then serve bytes of the wrong encoding).
func (v *views) serve(w http.ResponseWriter, r *http.Request, b *body) {
	serveTagged(w, r, b, v.etagsFor(b), b.byAccept || b.variant != "")
}

// serveTagged is serve for a body whose identity and gzip tags are etags
// (varying by Accept too when byAccept): the tag is that of the
// representation sent.
func serveTagged(w http.ResponseWriter, r *http.Request, b *body, etags [2][]string, byAccept bool) {
	h := w.Header()
	gz := gzipFor(r, b)
	etag := etags[0]
	if gz {
		etag = etags[1]
	}
	if notModified(w, r, etag, byAccept) {
		return
	}
	h["Content-Type"] = contentTypeHdr(b.contentType)
	data, length := b.data, b.length()
	if gz {
		data, length = b.gzipped()
		h["Content-Encoding"] = gzipHdr
	}
	h["Content-Length"] = length
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(data)
	}
}

// notModified sets the caching headers of a response tagged etag (which
// varies by Accept too when byAccept), and answers 304 when If-None-Match
// holds that tag.
func notModified(w http.ResponseWriter, r *http.Request, etag []string, byAccept bool) bool {
	h := w.Header()
	h["Etag"] = etag
	if byAccept {
		h["Vary"] = varyAcceptHdr
	} else {
		h["Vary"] = varyHdr
	}
	h["Cache-Control"] = noCacheHdr
	if etagMatches(r.Header.Values("If-None-Match"), etag[0]) {
		w.WriteHeader(http.StatusNotModified)
		return true
	}
	return false
}

// notModifiedBefore answers 304 before a body of no variant is computed,
// when the tag the client holds is the one the response is sure to carry
// (GET /tools?command=, whose matching may cost a quarter of a second):
// the identity tag for a client that takes no gzip, and the gzip tag,
// which is only ever sent for a body over 1 KiB, for one that does. A
// client that takes gzip but holds the identity tag may hold a short body,
// or one fetched without gzip; that is only known from the body. So is
// the tag a 304 to * carries for a client that takes gzip.
func (v *views) notModifiedBefore(w http.ResponseWriter, r *http.Request) bool {
	etag, anyMatches := v.etags[0], true
	if acceptsGzip(r) {
		etag, anyMatches = v.etags[1], false
	}
	// Checked before notModified sets any header: a line matched after
	// may end in an error, which must not carry this tag.
	if !etagListed(r.Header.Values("If-None-Match"), etag[0], anyMatches) {
		return false
	}
	return notModified(w, r, etag, false)
}

// Shared header values (never modified by net/http).
var (
	varyHdr       = []string{"Accept-Encoding"}
	varyAcceptHdr = []string{"Accept-Encoding, Accept"}
	noCacheHdr    = []string{"no-cache"}
	noStoreHdr    = []string{"no-store"}
	nosniffHdr    = []string{"nosniff"}
	gzipHdr       = []string{"gzip"}
	jsonHdr       = []string{"application/json"}
)

func contentTypeHdr(ct string) []string {
	if ct == "application/json" {
		return jsonHdr
	}
	return []string{ct}
}

// etagMatches implements If-None-Match's weak comparison over a list. The
// list may come on several field lines (RFC 9110 §5.3), which are one list:
// reading only the first would miss a tag an intermediary or client put on
// another and answer 200 where 304 was due.
func etagMatches(lines []string, etag string) bool {
	return etagListed(lines, etag, true)
}

// etagListed is etagMatches, where * matches only when anyMatches.
func etagListed(lines []string, etag string, anyMatches bool) bool {
	header := strings.Join(lines, ",")
	for header != "" {
		var t string
		t, header, _ = strings.Cut(header, ",")
		t = strings.TrimSpace(t)
		if t == "*" && anyMatches || strings.TrimPrefix(t, "W/") == etag {
			return true
		}
	}
	return false
}
