package api

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate/ojson"
)

// Error codes: stable, for clients to branch on.
const (
	CodeNotFound         = "not_found"
	CodeUnknownPoint     = "unknown_point"
	CodeBadRequest       = "bad_request"
	CodeBodyTooLarge     = "body_too_large"
	CodeNotReady         = "not_ready"
	CodeNotImplemented   = "not_implemented"
	CodeMethodNotAllowed = "method_not_allowed"
	CodeNotAcceptable    = "not_acceptable"
	CodeInternal         = "internal"
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

// writeJSON encodes v without HTML escaping.
func writeJSON(w http.ResponseWriter, status int, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		http.Error(w, `{"code":"internal","message":"encoding failed","details":{}}`, http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

// body is a response computed once per snapshot: the bytes, and a gzip copy
// made on first demand.
type body struct {
	data        []byte
	contentType string
	gzipOnce    sync.Once
	gz          []byte
}

func (b *body) gzipped() []byte {
	b.gzipOnce.Do(func() {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
		zw.Write(b.data)
		zw.Close()
		b.gz = buf.Bytes()
	})
	return b.gz
}

// views caches the encoded responses of one snapshot. A new snapshot gets a
// new views, so a cached body can never be served with another snapshot's
// ETag or generation.
type views struct {
	snap  *store.Snapshot
	etag  string
	gen   string
	cache sync.Map // key → *cacheEntry
}

type cacheEntry struct {
	once sync.Once
	b    *body
}

func newViews(snap *store.Snapshot) *views {
	return &views{snap: snap, etag: `"` + snap.Digest + `"`, gen: strconv.FormatUint(snap.Generation, 10)}
}

// get returns the cached body for key, computing it with make on first use.
func (v *views) get(key string, make func() *body) *body {
	e, _ := v.cache.LoadOrStore(key, &cacheEntry{})
	ce := e.(*cacheEntry)
	ce.once.Do(func() { ce.b = make() })
	return ce.b
}

// jsonBody encodes plain Go data.
func jsonBody(v any) *body {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		panic(err) // only our own types are encoded here
	}
	return &body{data: buf.Bytes(), contentType: "application/json"}
}

// ojsonBody encodes an ordered tree (source key order kept).
func ojsonBody(v ojson.Value) *body {
	return &body{data: append(ojson.Encode(&v, "  "), '\n'), contentType: "application/json"}
}

// serve writes a snapshot-derived body with the snapshot's ETag, answering a
// matching If-None-Match with 304 and honouring Accept-Encoding: gzip.
func (v *views) serve(w http.ResponseWriter, r *http.Request, b *body) {
	h := w.Header()
	h.Set("ETag", v.etag)
	h.Set("X-Capreg-Generation", v.gen)
	h.Set("Vary", "Accept-Encoding")
	h.Set("Cache-Control", "no-cache")
	if etagMatches(r.Header.Get("If-None-Match"), v.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", b.contentType)
	data := b.data
	if len(data) > 1024 && acceptsGzip(r) {
		data = b.gzipped()
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", strconv.Itoa(len(data)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(data)
	}
}

// etagMatches implements If-None-Match's weak comparison over a list.
func etagMatches(header, etag string) bool {
	if header == "" {
		return false
	}
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == etag {
			return true
		}
	}
	return false
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(name) == "gzip" && strings.TrimSpace(q) != "q=0" {
			return true
		}
	}
	return false
}
