package api_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
)

// mounted serves the router below /registry, as an embedding program's own
// chi router does (Mount).
func mounted(t *testing.T) http.Handler {
	parent := chi.NewRouter()
	parent.Mount("/registry", newRouter(testdataSource(t)))
	return parent
}

// TestMountedUnderChi: a router mounted below a prefix by a parent chi
// router answers as one serving at the root does: chi routes it on the
// route context's path, and the 405, the query-tolerant probes and the
// render without a point read the request's path, which keeps the prefix
// (a DELETE /registry/capabilities was a 404 naming no route, a probe with
// a malformed cache-buster a 400).
func TestMountedUnderChi(t *testing.T) {
	h := mounted(t)
	tests := []struct {
		method, target string
		code           int
		want           string
	}{
		{"GET", "/registry/capabilities/research", 200, `"id": "research"`},
		{"DELETE", "/registry/capabilities", 405, `"method_not_allowed"`},
		{"POST", "/registry/tools", 405, `"allowed":["GET","HEAD"]`},
		{"GET", "/registry/healthz?_=%zz", 200, `"ok"`},
		{"GET", "/registry/render-hooks/", 404, `"unknown_point"`},
		{"GET", "/registry/capabilities/", 404, `"didYouMean"`},
		{"GET", "/registry/render-hooks%2Fplan:pre", 404, `"didYouMean"`},
		{"GET", "/registry/loop-points/plan%3Apre", 200, `"point": "plan:pre"`},
	}
	for _, tc := range tests {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.target, nil))
		if rec.Code != tc.code || !strings.Contains(rec.Body.String(), tc.want) {
			t.Errorf("%s %s: %d %s\nwant %d with %s", tc.method, tc.target, rec.Code, truncate(rec.Body.Bytes()), tc.code, tc.want)
		}
		if tc.code == 405 && rec.Header().Get("Allow") == "" {
			t.Errorf("%s %s: 405 without Allow", tc.method, tc.target)
		}
	}
}

// TestMountedRootNamesPrefix: chi's Mount("/registry", h) routes GET
// /registry (no slash) on "/", which no route has: the 404 named "/", a
// path outside the mount.
func TestMountedRootNamesPrefix(t *testing.T) {
	rec := httptest.NewRecorder()
	mounted(t).ServeHTTP(rec, httptest.NewRequest("GET", "/registry", nil))
	if want := "no such route: /registry/ (GET /registry/openapi.yaml lists the routes)"; rec.Code != 404 || !strings.Contains(rec.Body.String(), `"`+want+`"`) {
		t.Errorf("GET /registry below chi Mount: %d %s, want 404 %q", rec.Code, rec.Body, want)
	}
}

// TestMountedPathsNamePrefix: the paths a 404 or a 405 names, and the route
// its didYouMean suggests, are those the client sent and can send again,
// prefix included, whether the router is mounted by http.StripPrefix or
// by chi's Mount: didYouMean "/capabilities" for GET
// /registry/capabilities/ sent a client that followed it out of the mount.
func TestMountedPathsNamePrefix(t *testing.T) {
	mux := http.NewServeMux()
	mux.Handle("/registry/", http.StripPrefix("/registry", newRouter(testdataSource(t))))
	for name, h := range map[string]http.Handler{"StripPrefix": mux, "chi Mount": mounted(t)} {
		tests := []struct {
			method, target string
			code           int
			message, meant string
		}{
			{"GET", "/registry/capabilities/", 404, "no such route: /registry/capabilities/", "/registry/capabilities"},
			{"GET", "/registry/render-hooks%2Fplan:pre", 404, "no such route: /registry/render-hooks%2Fplan:pre", "/registry/render-hooks/plan:pre"},
			{"GET", "/registry/nope?x=1", 404, "no such route: /registry/nope", ""},
			{"DELETE", "/registry/capabilities", 405, "DELETE is not allowed on /registry/capabilities", ""},
		}
		for _, tc := range tests {
			code, msg, meant := errorAt(t, h, tc.method, tc.target)
			if code != tc.code || !strings.HasPrefix(msg, tc.message) || meant != tc.meant {
				t.Errorf("%s: %s %s: %d %q didYouMean %q\nwant %d %q… didYouMean %q", name, tc.method, tc.target, code, msg, meant, tc.code, tc.message, tc.meant)
			}
		}
	}
}
