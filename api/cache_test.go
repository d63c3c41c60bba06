package api_test

import (
	"net/http"
	"testing"
)

// TestOnlyTaggedAnswersMayBeKept: a snapshot's tagged representations are
// revalidated (no-cache, with their ETag); every other answer is no-store;
// none is sniffed (nosniff).
// Without it a 404 for a capability not yet merged is heuristically
// cacheable, and a shared cache would go on answering it after the
// capability lands; a cached /status would hide a failed rebuild.
func TestOnlyTaggedAnswersMayBeKept(t *testing.T) {
	src := testdataSource(t)
	h := newRouter(src)
	etag := `"` + src.Current().Digest + `"`
	tests := []struct {
		method, target string
		body           string
		hdr            []string
		status         int
		want           string
	}{
		{"GET", "/registry", "", nil, http.StatusOK, "no-cache"},
		{"GET", "/registry", "", []string{"If-None-Match", etag}, http.StatusNotModified, "no-cache"},
		{"GET", "/render-hooks/plan:pre", "", nil, http.StatusOK, "no-cache"},
		{"GET", "/capabilities/not-merged-yet", "", nil, http.StatusNotFound, "no-store"},
		{"GET", "/capabilities/not-merged-yet/closure", "", nil, http.StatusNotFound, "no-store"},
		{"GET", "/tools/not-merged-yet", "", nil, http.StatusNotFound, "no-store"},
		{"GET", "/no-such-route", "", nil, http.StatusNotFound, "no-store"},
		{"PUT", "/registry", "", nil, http.StatusMethodNotAllowed, "no-store"},
		{"GET", "/capabilities?role=nope", "", nil, http.StatusBadRequest, "no-store"},
		{"GET", "/status", "", nil, http.StatusOK, "no-store"},
		{"GET", "/readyz", "", nil, http.StatusOK, "no-store"},
		{"GET", "/healthz", "", nil, http.StatusOK, "no-store"},
		{"POST", "/render-hooks/plan:pre", "{}", nil, http.StatusOK, "no-store"},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.target+" "+http.StatusText(tt.status), func(t *testing.T) {
			e := do(t, h, tt.method, tt.target, []byte(tt.body), tt.hdr...)
			if e.status != tt.status {
				t.Fatalf("status %d, want %d: %s", e.status, tt.status, e.body)
			}
			if got := e.header.Get("Cache-Control"); got != tt.want {
				t.Errorf("Cache-Control %q, want %q", got, tt.want)
			}
			// Every answer's Content-Type stands: a rendered prompt
			// quoting a repository's HTML is not sniffed as a page.
			if got := e.header.Values("X-Content-Type-Options"); len(got) != 1 || got[0] != "nosniff" {
				t.Errorf("X-Content-Type-Options %q, want [nosniff]", got)
			}
		})
	}
}
