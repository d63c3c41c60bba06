package api_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/api"
)

// TestStuckAfterDefaultsToFiveMinutes: with StuckAfter not given (0) or
// negative, /healthz calls a rebuild stuck only past five minutes, as
// Options.StuckAfter documents, and says so: a liveness probe must not
// restart a process whose rebuild has run a few seconds.
func TestStuckAfterDefaultsToFiveMinutes(t *testing.T) {
	for _, stuckAfter := range []time.Duration{0, -time.Second} {
		for _, tt := range []struct {
			took time.Duration
			want int
		}{
			{time.Second, 200},
			{4*time.Minute + 59*time.Second, 200},
			{5*time.Minute + time.Second, 503},
		} {
			h := api.NewRouter(rebuildingSource{testdataSource(t), tt.took}, api.Options{StuckAfter: stuckAfter})
			e := do(t, h, "GET", "/healthz", nil)
			msg, _ := e.json(t)["message"].(string)
			if e.status != tt.want || tt.want == 503 && !strings.Contains(msg, "over 5m0s") {
				t.Errorf("StuckAfter %v, rebuilding for %v: %d %s, want %d", stuckAfter, tt.took, e.status, e.body, tt.want)
			}
		}
	}
}

// TestBodyOfTheLimitIsRead: MaxBodyBytes is the largest body taken, so a
// body of exactly that many bytes (Content-Length given) is read, and one
// byte more is the 413 naming the limit.
func TestBodyOfTheLimitIsRead(t *testing.T) {
	const limit = 40
	h := api.NewRouter(testdataSource(t), api.Options{MaxBodyBytes: limit})
	body := []byte(`{"disabledCapabilities": []}`)
	body = append(body, bytes.Repeat([]byte(" "), limit-len(body))...)
	if e := do(t, h, "POST", "/render-hooks/plan:pre", body); e.status != 200 {
		t.Errorf("a body of %d bytes, the limit: %d %s, want 200", len(body), e.status, truncate(e.body))
	}
	e := do(t, h, "POST", "/render-hooks/plan:pre", append(body, ' '))
	if d, _ := e.json(t)["details"].(map[string]any); e.status != 413 || d["limit"] != float64(limit) {
		t.Errorf("a body of %d bytes: %d %s, want 413 with details.limit %d", len(body)+1, e.status, e.body, limit)
	}
}

// TestNoRouteEscapedSlashWithTrailingSlash: a path whose escaping names an
// id with a slash (/tools/ns%2Fnone/) and ends in a slash no route has is
// told the route it meant, escaped as sent, whether or not the card is
// there (the route answers which); decoding the %2F instead would name no
// route at all.
func TestNoRouteEscapedSlashWithTrailingSlash(t *testing.T) {
	h := newRouter(testdataSource(t))
	e := do(t, h, "GET", "/tools/ns%2Fnone/", nil)
	d, _ := e.json(t)["details"].(map[string]any)
	if e.status != 404 || d["didYouMean"] != "/tools/ns%2Fnone" {
		t.Fatalf("GET /tools/ns%%2Fnone/: %d %s, want didYouMean /tools/ns%%2Fnone", e.status, e.body)
	}
	// Following it reaches the route: the card is unknown, not the route.
	if e := do(t, h, "GET", "/tools/ns%2Fnone", nil); e.status != 404 || strings.Contains(string(e.body), "no such route") {
		t.Errorf("GET /tools/ns%%2Fnone: %d %s, want the route's 404 for an unknown card", e.status, e.body)
	}
}

// TestMountPrefixOfAbsoluteFormRequest: a request sent in absolute form
// (GET http://host/registry/capabilities/, as a client sends through a
// proxy) to a router below http.StripPrefix is told the paths of the
// mount, prefix included, as one sent in origin form is.
func TestMountPrefixOfAbsoluteFormRequest(t *testing.T) {
	mux := http.NewServeMux()
	mux.Handle("/registry/", http.StripPrefix("/registry", newRouter(testdataSource(t))))
	for _, target := range []string{"/registry/capabilities/", "http://capreg.example:8080/registry/capabilities/"} {
		code, msg, meant := errorAt(t, mux, "GET", target)
		if code != 404 {
			t.Fatalf("GET %s: %d %q", target, code, msg)
		}
		if !strings.HasPrefix(msg, "no such route: /registry/capabilities/ (") || meant != "/registry/capabilities" {
			t.Errorf("GET %s: %q didYouMean %q, want the path and didYouMean below /registry", target, msg, meant)
		}
	}
}

// TestAbsoluteFormWithoutPath: a request in absolute form naming no path
// (GET http://host, which Go reads as the path "/") is the 404 of "/",
// with no mount prefix, not a panic.
func TestAbsoluteFormWithoutPath(t *testing.T) {
	rec := httptest.NewRecorder()
	newRouter(testdataSource(t)).ServeHTTP(rec, httptest.NewRequest("GET", "http://capreg.example", nil))
	if rec.Code != 404 || !strings.Contains(rec.Body.String(), `"no such route: /"`) {
		t.Errorf("GET http://capreg.example: %d %s, want the 404 of /", rec.Code, rec.Body)
	}
}

// TestRewrittenPathHasNoMountPrefix: below a wrapper that rewrites the
// path rather than strip a prefix of it (an embedding program mapping
// /v1/registry/caps/ to /capabilities/), the path sent does not end with
// the one routed, so no mount prefix is taken from it: the 404 names the
// routed path and suggests the route, with nothing cut from the path sent
// in front.
func TestRewrittenPathHasNoMountPrefix(t *testing.T) {
	h := newRouter(testdataSource(t))
	rewrite := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r2 := r.Clone(r.Context())
		r2.URL.Path = strings.Replace(r.URL.Path, "/v1/registry/caps/", "/capabilities/", 1)
		h.ServeHTTP(w, r2)
	})
	rec := httptest.NewRecorder()
	rewrite.ServeHTTP(rec, httptest.NewRequest("GET", "/v1/registry/caps/", nil))
	if want := `"no such route: /capabilities/ (did you mean /capabilities?)"`; rec.Code != 404 || !strings.Contains(rec.Body.String(), want) {
		t.Errorf("GET /v1/registry/caps/ rewritten to /capabilities/: %d %s, want %s", rec.Code, rec.Body, want)
	}
}
