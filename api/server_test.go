package api_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/store"
	"github.com/go-chi/chi/v5"
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
	if rec.Code != 404 || !strings.Contains(rec.Body.String(), `"no such route: / (GET /openapi.yaml lists the routes)"`) {
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

// TestRequestBodyLimitWithoutContentLength covers a chunked body over the limit.
func TestRequestBodyLimitWithoutContentLength(t *testing.T) {
	h := newRouter(testdataSource(t))
	pr, pw := io.Pipe()
	go func() {
		pw.Write([]byte(`{"files":{"a.md":"`))
		pw.Write(bytes.Repeat([]byte("x"), 2<<20))
		pw.Write([]byte(`"}}`))
		pw.Close()
	}()
	req, _ := http.NewRequest("POST", "/validate", pr)
	rec := newRecorder()
	h.ServeHTTP(rec, req)
	if rec.code != http.StatusRequestEntityTooLarge {
		t.Errorf("status %d: %s", rec.code, rec.body.String())
	}
}

// TestEveryRouteIsTestedAndSpecified walks the router: every route must be
// exercised by TestEndpoints and be a path of openapi.yaml, and every path of
// openapi.yaml must be routed.
func TestEveryRouteIsTestedAndSpecified(t *testing.T) {
	t.Run("endpoints", TestEndpoints)
	h := newRouter(testdataSource(t))
	sp, err := loadSpec()
	if err != nil {
		t.Fatal(err)
	}
	routed := map[string]bool{}
	chi.Walk(h.(chi.Routes), func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		key := method + " " + route
		routed[key] = true
		if _, ok := covered.Load(key); !ok {
			t.Errorf("route %s has no test in TestEndpoints", key)
		}
		if sp.doc.Paths.Find(route) == nil || sp.doc.Paths.Find(route).GetOperation(method) == nil {
			t.Errorf("route %s is not in openapi.yaml", key)
		}
		return nil
	})
	for path, item := range sp.doc.Paths.Map() {
		for method := range item.Operations() {
			if !routed[method+" "+path] {
				t.Errorf("openapi.yaml has %s %s but the router does not", method, path)
			}
		}
	}
}

// A 404 names the path as it was sent, escaped slash kept, though the
// client left a byte unescaped beside it (curl sends "é" as it is), and
// suggests the route meant, escaped. The request is read as the server
// reads one (a Go client would re-escape the path before sending it).
func TestNoRouteNamesThePathAsSent(t *testing.T) {
	h := newRouter(testdataSource(t))
	for target, want := range map[string][2]string{
		"/capabilities%2Fé":        {"no such route: /capabilities%2F%C3%A9", "/capabilities/%C3%A9"},
		"/loop-points%2Fplan:pre^": {"no such route: /loop-points%2Fplan:pre%5E", "/loop-points/plan:pre%5E"},
		"/tools/é/":                {"no such route: /tools/%C3%A9/", "/tools/%C3%A9"},
	} {
		code, msg, meant := errorAt(t, h, "GET", target)
		if code != 404 {
			t.Fatalf("%s: %d %q", target, code, msg)
		}
		if !strings.HasPrefix(msg, want[0]+" (") || meant != want[1] {
			t.Errorf("%s: %q didYouMean %q, want %q naming %s", target, msg, meant, want[0], want[1])
		}
	}
}

// A 405 names the path as sent too.
func TestMethodNotAllowedNamesThePathAsSent(t *testing.T) {
	h := newRouter(testdataSource(t))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("DELETE", "/tools/a%2Fbé", nil))
	if rec.Code != 405 || !strings.Contains(rec.Body.String(), `not allowed on /tools/a%2Fb%C3%A9"`) {
		t.Errorf("%d %s; want a 405 naming /tools/a%%2Fb%%C3%%A9", rec.Code, rec.Body)
	}
}

// TestRequestsNetHTTPPassesOnAreAnsweredInJSON: requests net/http hands to
// the router although they are odd get JSON errors; those it refuses itself
// (openapi.yaml lists them) stay its text/plain ones.
func TestRequestsNetHTTPPassesOnAreAnsweredInJSON(t *testing.T) {
	srv := httptest.NewServer(newRouter(testdataSource(t)))
	defer srv.Close()
	tests := []struct {
		raw    string
		status string
		json   bool
	}{
		{"GET * HTTP/1.1\r\nHost: x\r\n\r\n", "404", true},
		{"GET //tools HTTP/1.1\r\nHost: x\r\n\r\n", "404", true},
		{"GET http://x/tools?intnet=deploy HTTP/1.1\r\nHost: x\r\n\r\n", "400", true},
		{"GET /tools?intent=%zz HTTP/1.1\r\nHost: x\r\n\r\n", "400", true},
		{"POST /validate HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "400", true},
		{"GET /tools/%zz HTTP/1.1\r\nHost: x\r\n\r\n", "400", false},
		{"GET /tools HTTP/1.1\r\n\r\n", "400", false},
		{"POST /validate HTTP/1.1\r\nHost: x\r\nContent-Length: x\r\n\r\n", "400", false},
	}
	for _, tt := range tests {
		t.Run(strings.Fields(tt.raw)[1], func(t *testing.T) {
			conn, err := net.Dial("tcp", srv.Listener.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			conn.SetDeadline(time.Now().Add(5 * time.Second))
			io.WriteString(conn, tt.raw)
			conn.(*net.TCPConn).CloseWrite()
			resp, _ := io.ReadAll(conn)
			head, _, _ := strings.Cut(string(resp), "\r\n\r\n")
			isJSON := strings.Contains(head, "Content-Type: application/json")
			if !strings.HasPrefix(head, "HTTP/1.1 "+tt.status) || isJSON != tt.json {
				t.Errorf("%q → %s; want %s, JSON %v", tt.raw, head, tt.status, tt.json)
			}
		})
	}
}

// TestAllowOnPercentEncodedPath: the Allow header of a 405 lists the
// methods of the route the path was routed to, also when chi routed the
// escaped path.
func TestAllowOnPercentEncodedPath(t *testing.T) {
	e := do(t, newRouter(testdataSource(t)), "PUT", "/tools/ns%2Ftool", nil)
	if e.status != 405 || e.header.Get("Allow") != "GET, HEAD" {
		t.Errorf("status %d, Allow %q; want 405 with GET, HEAD", e.status, e.header.Get("Allow"))
	}
}

// TestSnapshotRefusalsNameTheirDigest pins that an answer that depends on
// the served registry says which registry gave it, refusals as much as
// successes. "No capability reserch" or "nothing to delete at x" is a
// statement about one snapshot: the 200 of the same route carries
// X-Capreg-Digest (and Generation) so a client behind a Service whose
// replicas are a commit apart can tell which registry answered, and asks
// again when it is not the one it expected; a 404 for a capability that
// has just landed on one replica, or a POST /validate conflict judged over
// the older tree, carries neither, so the client cannot tell a real "no"
// from a stale replica. The handlers set the headers on their 200 only;
// now every answer made over a snapshot carries them.
func TestSnapshotRefusalsNameTheirDigest(t *testing.T) {
	// servedSource: the snapshot serve makes, with the tree POST /validate
	// judges a delete by.
	h := newRouter(servedSource(t))
	okRec := httptest.NewRecorder()
	h.ServeHTTP(okRec, httptest.NewRequest("GET", "/capabilities/research", nil))
	digest := okRec.Header().Get("X-Capreg-Digest")
	if okRec.Code != http.StatusOK || digest == "" {
		t.Fatalf("GET /capabilities/research: %d, digest %q", okRec.Code, digest)
	}
	tests := []struct {
		method, target, body string
		status               int
	}{
		{"GET", "/capabilities/reserch", "", http.StatusNotFound},
		{"GET", "/capabilities/reserch/closure", "", http.StatusNotFound},
		{"GET", "/tools/chek-links", "", http.StatusNotFound},
		{"GET", "/capability-state?id=reserch", "", http.StatusNotFound},
		{"POST", "/capability-state?id=reserch", "", http.StatusNotFound},
		{"POST", "/validate", `{"delete":["no-such-file.md"]}`, http.StatusBadRequest},
	}
	for _, tc := range tests {
		t.Run(tc.method+" "+tc.target, func(t *testing.T) {
			req := httptest.NewRequest(tc.method, tc.target, strings.NewReader(tc.body))
			if tc.body != "" {
				req.Header.Set("Content-Type", "application/json")
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tc.status, rec.Body)
			}
			if got := rec.Header().Get("X-Capreg-Digest"); got != digest {
				t.Errorf("X-Capreg-Digest %q, want the served snapshot's %q: the refusal is a statement about it", got, digest)
			}
		})
	}
}

// TestMalformedRequestRefusedBeforeReadiness pins that a request the server
// refuses from its URL alone (a value a parameter does not take, an empty
// intent, a mix of /tools modes, a command line over its limits, a point
// that is none of the 12) is the same 400 or 404 whether or not a registry
// is served. An unknown parameter, a repeated one and a GET body already
// are (the middleware refuses them before the route looks for a snapshot);
// a 503 not_ready with Retry-After: 10 for the rest told a client to retry
// a request that can never succeed, and then answered it otherwise once
// the build was fixed (withSnapshotAfter). A body is read by its handler
// once a registry is served: a malformed one is 503 until then, as
// README says.
func TestMalformedRequestRefusedBeforeReadiness(t *testing.T) {
	failed := &source{status: store.Status{Failures: 1, Failure: &store.Failure{Error: "repository has errors"}}}
	h := newRouter(failed)
	ready := newRouter(testdataSource(t))
	tests := []struct {
		method, target, body string
	}{
		// The control rows: refused before readiness today.
		{"GET", "/capabilities?x=1", ""},
		{"GET", "/capabilities?role=a&role=b", ""},
		{"GET", "/capabilities", `{"role":"runtime"}`},
		// The rows refused by withSnapshotAfter's checks.
		{"GET", "/capabilities?role=reviewr", ""},
		{"GET", "/tools?intent=", ""},
		{"GET", "/tools?limit=0", ""},
		{"GET", "/tools?cursor=zz", ""},
		{"GET", "/tools?intent=a&command=b", ""},
		{"GET", "/render-hooks/plan:pre?format=md", ""},
		{"GET", "/render-hooks/plan:pre?activeCap=", ""},
		{"GET", "/capability-state?id=", ""},
		{"GET", "/loop-points/plan:pr", ""},
		{"GET", "/render-hooks/plan:pr", ""},
		{"GET", "/tools?command=", ""},
		{"GET", "/tools?command=" + url.QueryEscape(strings.Repeat("ls;", 40)), ""}, // over 32 commands: CheckLine reads the URL alone
		{"GET", "/profiles/ful", ""},
		{"POST", "/render-hooks/plan:pr", `{}`},
		{"POST", "/capability-state?id=", `{}`},
	}
	for _, tc := range tests {
		t.Run(tc.method+" "+tc.target, func(t *testing.T) {
			wantStatus, wantCode, _ := serveCode(t, ready, tc.method, tc.target, tc.body)
			if wantStatus != http.StatusBadRequest && wantStatus != http.StatusNotFound {
				t.Fatalf("served registry: %d %s, the row is meant to be refused", wantStatus, wantCode)
			}
			gotStatus, gotCode, retry := serveCode(t, h, tc.method, tc.target, tc.body)
			if gotStatus != wantStatus || gotCode != wantCode {
				t.Errorf("no registry: %d %s (Retry-After %q), with one: %d %s; a request refused by its URL or body alone should be refused alike",
					gotStatus, gotCode, retry, wantStatus, wantCode)
			}
		})
	}
}

// serveCode serves one request in process and returns its status, the
// error code of its body and its Retry-After.
func serveCode(t *testing.T, h http.Handler, method, target, body string) (status int, code, retry string) {
	t.Helper()
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var e struct{ Code string }
	if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil {
		t.Fatalf("%s %s: %d, not a JSON error: %v", method, target, rec.Code, err)
	}
	return rec.Code, e.Code, rec.Header().Get("Retry-After")
}

// TestMalformedBodyRefusedWithoutRegistry: the POSTs that render an
// enablement read their body before they look for a snapshot, so a
// malformed one is the same 400 with or without a registry, rather than
// a 503 not_ready asking the client to send it again (and then the 400);
// a body they take still waits for one.
func TestMalformedBodyRefusedWithoutRegistry(t *testing.T) {
	failed := &source{status: store.Status{Failures: 1, Failure: &store.Failure{Error: "repository has errors"}}}
	for _, target := range []string{"/render-hooks/plan:pre", "/capability-state", "/capability-state?id=nope"} {
		for _, body := range []string{`{"confg":{}}`, `{"config": 1}`, `{`, `{"disabledCapabilities": "ui"}`} {
			want, wantCode, _ := serveCode(t, newRouter(testdataSource(t)), "POST", target, body)
			got, code, _ := serveCode(t, newRouter(failed), "POST", target, body)
			if want != http.StatusBadRequest || got != want || code != wantCode {
				t.Errorf("POST %s %s: no registry %d %s, a registry %d %s; want the same 400", target, body, got, code, want, wantCode)
			}
		}
		if status, code, _ := serveCode(t, newRouter(failed), "POST", target, `{"profile":"core"}`); status != http.StatusServiceUnavailable || code != "not_ready" {
			t.Errorf("POST %s with a good body, no registry: %d %s, want 503 not_ready", target, status, code)
		}
	}
}

// TestLatestBuildHeader: every answer over a snapshot, 304s and refusals
// too, says in X-Capreg-Latest-Build whether the repository's latest state
// built: "failed" and the failure's time (RFC 3339, UTC) while it fails,
// so that a client waiting for its change to be served learns it will not
// be, and "ok" otherwise (a 304 must update a cache's stored copy).
func TestLatestBuildHeader(t *testing.T) {
	src := testdataSource(t)
	h := newRouter(src)
	etag := do(t, h, "GET", "/capabilities", nil).header.Get("ETag")
	requests := []struct {
		method, target string
		body           []byte
		hdr            []string
	}{
		{"GET", "/capabilities", nil, nil},
		{"GET", "/capabilities", nil, []string{"If-None-Match", etag}},
		{"GET", "/capabilities/nosuch", nil, nil},
		{"GET", "/render-hooks/plan:pre", nil, nil},
		{"POST", "/render-hooks/plan:pre", []byte(`{"config":{}}`), nil},
		{"GET", "/tools?intent=deploy", nil, nil},
	}
	for _, failure := range []*store.Failure{nil, {At: time.Date(2026, 12, 4, 15, 4, 5, 6, time.FixedZone("CET", 3600)), Error: "the repository has 1 error"}} {
		src.status.Failure = failure
		want := "ok"
		if failure != nil {
			want = "failed 2026-12-04T14:04:05Z"
		}
		for _, r := range requests {
			e := do(t, h, r.method, r.target, r.body, r.hdr...)
			if got := e.header.Values("X-Capreg-Latest-Build"); strings.Join(got, ",") != want || e.header.Get("X-Capreg-Digest") == "" {
				t.Errorf("failure %v: %s %s %v: %d, X-Capreg-Latest-Build %q, want %q", failure != nil, r.method, r.target, r.hdr, e.status, got, want)
			}
		}
	}
}

// TestLatestBuildHeaderFollowsTheWatcher: through a real watcher, a change
// that breaks the repository puts "failed" and its time (GET /status's)
// on the answers over the last good snapshot, and the fix puts back "ok".
func TestLatestBuildHeaderFollowsTheWatcher(t *testing.T) {
	repo, card, orig := oneCardRepo(t)
	w := store.NewWatcher(store.WatchOptions{Options: store.Options{ScanOptions: store.ScanOptions{Repo: repo}}, Poll: time.Hour})
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	go w.Run(ctx)
	h := newRouter(w)
	reload := func(data []byte) store.Status {
		t.Helper()
		if err := os.WriteFile(card, data, 0o644); err != nil {
			t.Fatal(err)
		}
		st, err := w.Reload(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	if st := reload(orig); st.Failure != nil || st.Generation == 0 {
		t.Fatalf("first build: generation %d, failure %+v", st.Generation, st.Failure)
	}
	st := reload([]byte(`{"id": "ft",`))
	if st.Failure == nil {
		t.Fatal("a card cut short built")
	}
	e := do(t, h, "GET", "/tools/ft", nil)
	if want := "failed " + st.Failure.At.UTC().Format(time.RFC3339); e.status != 200 || e.header.Get("X-Capreg-Latest-Build") != want {
		t.Errorf("broken: GET /tools/ft %d, X-Capreg-Latest-Build %q, want %q", e.status, e.header.Get("X-Capreg-Latest-Build"), want)
	}
	if st := reload(orig); st.Failure != nil {
		t.Fatalf("fixed: failure %+v", st.Failure)
	}
	if e := do(t, h, "GET", "/tools/ft", nil); e.header.Get("X-Capreg-Latest-Build") != "ok" {
		t.Errorf("fixed: X-Capreg-Latest-Build %q, want ok", e.header.Values("X-Capreg-Latest-Build"))
	}
}

// stateRecorder is an Observer that records every state the watcher
// stores (it is told of each right after the store, from the Run loop):
// the headers an answer made over it may carry, and the artifacts of each
// digest.
type stateRecorder struct {
	w        atomic.Pointer[store.Watcher]
	mu       sync.Mutex
	states   map[string]bool // "generation digest latest-build"
	registry map[string][]byte
	rebuilds atomic.Int64
}

func (r *stateRecorder) record() {
	r.rebuilds.Add(1)
	snap, st := r.w.Load().State()
	if snap == nil {
		return
	}
	latest := "ok"
	if st.Failure != nil {
		latest = "failed " + st.Failure.At.UTC().Format(time.RFC3339)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.states[fmt.Sprint(snap.Generation, " ", snap.Digest, " ", latest)] = true
	r.registry[snap.Digest] = snap.Artifacts[store.RegistryFile]
}

func (r *stateRecorder) Rebuilt(bool, time.Duration, *store.Snapshot)   { r.record() }
func (r *stateRecorder) Unchanged(bool, time.Duration, *store.Snapshot) { r.record() }
func (r *stateRecorder) Waiting(time.Duration)                          { r.record() }
func (r *stateRecorder) WatchEvent()                                    {}
func (r *stateRecorder) WatchOverflow()                                 {}

// seenAnswer is what a reader saw of one answer, checked once the
// writer is done and every state has been recorded.
type seenAnswer struct {
	path, gen, digest, latest, etag string
	code                            int
	body                            []byte
}

// TestWatchedAnswersAreConsistent: while a writer edits, replaces,
// deletes, renames and breaks files of a watched repository, and asks for
// reloads, readers of the real router over the real watcher never get a
// 5xx, and every answer is one state's: its ETag is its digest's, its
// generation, digest and X-Capreg-Latest-Build were served together, and
// its body is its digest's registry (a capability's title included).
func TestWatchedAnswersAreConsistent(t *testing.T) {
	repo := copyTestRepo(t)
	rec := &stateRecorder{states: map[string]bool{}, registry: map[string][]byte{}}
	w := store.NewWatcher(store.WatchOptions{Options: store.Options{ScanOptions: store.ScanOptions{Repo: repo}},
		Debounce: 5 * time.Millisecond, ReloadInterval: 20 * time.Millisecond, Observer: rec})
	rec.w.Store(w)
	ctx, cancel := context.WithCancel(context.Background())
	runDone := make(chan struct{})
	go func() { defer close(runDone); w.Run(ctx) }()
	defer func() { cancel(); <-runDone }()
	if _, err := w.Reload(t.Context()); err != nil || w.Current() == nil {
		t.Fatalf("first build: %v", err)
	}
	srv := httptest.NewServer(api.NewRouter(w, api.Options{}))
	defer srv.Close()

	var stop atomic.Bool
	var mu sync.Mutex
	var seen []seenAnswer
	var readers sync.WaitGroup
	paths := []string{"/registry", "/capabilities/ui", "/status", "/tools", "/render-hooks/plan:pre", "/capability-state?id=ui",
		"POST /render-hooks/plan:pre", "POST /validate", "/tools?intent=run+the+tests", "/tools?command=go+test+./..."}
	posted := map[string]string{"/render-hooks/plan:pre": `{"profile": "full"}`,
		"/validate": `{"files": {"capabilities/ui/capability.json": "{}", "workflows/new.md": "# new\n"}}`}
	for i := range 4 {
		readers.Add(1)
		go func() {
			defer readers.Done()
			client := &http.Client{}
			var local []seenAnswer
			etags := map[string]string{}
			for n := 0; !stop.Load(); n++ {
				p := paths[(n+i)%len(paths)]
				method := http.MethodGet
				if m, q, ok := strings.Cut(p, " "); ok {
					method, p = m, q
				}
				if n%23 == 0 {
					method, p = http.MethodPost, "/-/reload"
				}
				var reqBody io.Reader
				if method == http.MethodPost {
					reqBody = strings.NewReader(posted[p])
				}
				req, _ := http.NewRequest(method, srv.URL+p, reqBody)
				if n%2 == 0 {
					req.Header.Set("Accept-Encoding", "gzip")
				}
				if n%5 == 0 && etags[p] != "" {
					req.Header.Set("If-None-Match", etags[p])
				}
				resp, err := client.Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				body, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				if err == nil && resp.Header.Get("Content-Encoding") == "gzip" {
					var zr *gzip.Reader
					if zr, err = gzip.NewReader(bytes.NewReader(body)); err == nil {
						body, err = io.ReadAll(zr)
					}
				}
				if err != nil {
					t.Error(p, err)
					return
				}
				if resp.StatusCode >= 500 {
					t.Errorf("%s %s: %d %s", method, p, resp.StatusCode, body)
					stop.Store(true)
					return
				}
				if e := resp.Header.Get("ETag"); e != "" {
					etags[p] = e
				}
				if method == http.MethodPost && p != "/-/reload" {
					p = "POST " + p
				}
				local = append(local, seenAnswer{path: p, code: resp.StatusCode, body: body, etag: resp.Header.Get("ETag"),
					gen: resp.Header.Get("X-Capreg-Generation"), digest: resp.Header.Get("X-Capreg-Digest"),
					latest: resp.Header.Get("X-Capreg-Latest-Build")})
			}
			mu.Lock()
			seen = append(seen, local...)
			mu.Unlock()
		}()
	}

	ui := filepath.Join(repo, "capabilities", "ui", "capability.json")
	uiOrig, _ := os.ReadFile(ui)
	card := filepath.Join(repo, "bin", "ft.card.json")
	cardOrig, _ := os.ReadFile(card)
	research := filepath.Join(repo, "capabilities", "research")
	tdd := filepath.Join(repo, "capabilities", "tdd")
	mustDo := func(err error) {
		t.Helper()
		if err != nil {
			t.Error(err)
		}
	}
	for n, deadline := 0, time.Now().Add(3*time.Second); time.Now().Before(deadline) && !stop.Load(); n++ {
		title := fmt.Appendf(nil, "UI take %d", n)
		edited := bytes.Replace(uiOrig, []byte("UI design contracts"), title, 1)
		switch n % 6 {
		case 0: // in place
			mustDo(os.WriteFile(ui, edited, 0o644))
		case 1: // replaced by a rename, as an editor saves
			tmp := ui + ".tmp"
			mustDo(os.WriteFile(tmp, edited, 0o644))
			mustDo(os.Rename(tmp, ui))
		case 2: // rm -rf && cp -r
			mustDo(os.RemoveAll(research))
			mustDo(os.CopyFS(research, os.DirFS("../testdata/repo/capabilities/research")))
		case 3: // a broken card, then fixed (its search index built anew)
			mustDo(os.WriteFile(card, []byte("{"), 0o644))
			time.Sleep(30 * time.Millisecond)
			mustDo(os.WriteFile(card, bytes.Replace(cardOrig, []byte("changed since main"), fmt.Appendf(nil, "changed, take %d", n), 1), 0o644))
		case 4: // renamed away and back
			mustDo(os.Rename(tdd, tdd+".away"))
			time.Sleep(10 * time.Millisecond)
			mustDo(os.Rename(tdd+".away", tdd))
		case 5: // deleted, then written again
			mustDo(os.Remove(ui))
			time.Sleep(10 * time.Millisecond)
			mustDo(os.WriteFile(ui, edited, 0o644))
		}
		time.Sleep(time.Duration(n%4) * 7 * time.Millisecond)
	}
	// The last change is served once the watcher settles.
	final := bytes.Replace(uiOrig, []byte("UI design contracts"), []byte("UI final"), 1)
	mustDo(os.WriteFile(ui, final, 0o644))
	for deadline := time.Now().Add(10 * time.Second); ; {
		snap, st := w.State()
		if c := snap.Registry.ByID["ui"]; c != nil && c.Manifest.Get("title").StringOr("") == "UI final" && st.Failure == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the last change was never served: %+v", st)
		}
		time.Sleep(10 * time.Millisecond)
	}
	stop.Store(true)
	readers.Wait()
	// Every rebuild's state is recorded before the check.
	if _, err := w.Reload(t.Context()); err != nil {
		t.Fatal(err)
	}

	rec.mu.Lock()
	defer rec.mu.Unlock()
	checked := map[string]int{}
	for _, a := range seen {
		if a.path == "/-/reload" {
			continue
		}
		checked[a.path]++
		if a.path == "/status" {
			var doc struct {
				Generation uint64
				Digest     string
				Failure    *struct{ At time.Time }
			}
			if err := json.Unmarshal(a.body, &doc); err != nil {
				t.Fatalf("/status: %v", err)
			}
			latest := "ok"
			if doc.Failure != nil {
				latest = "failed " + doc.Failure.At.UTC().Format(time.RFC3339)
			}
			if key := fmt.Sprint(doc.Generation, " ", doc.Digest, " ", latest); !rec.states[key] {
				t.Errorf("/status answered %q, a state never served", key)
			}
			continue
		}
		if key := a.gen + " " + a.digest + " " + a.latest; !rec.states[key] {
			t.Errorf("%s: headers %q, a state never served", a.path, key)
		}
		var full struct{ Capabilities map[string]json.RawMessage }
		if err := json.Unmarshal(rec.registry[a.digest], &full); err != nil {
			t.Fatalf("the registry of digest %s: %v", a.digest, err)
		}
		_, hasUI := full.Capabilities["ui"]
		if a.code == http.StatusNotFound && a.path == "/capabilities/ui" || a.path == "/capability-state?id=ui" && a.code == http.StatusNotFound {
			if hasUI {
				t.Errorf("%s: 404 over digest %s, whose registry holds ui", a.path, a.digest)
			}
			continue
		}
		if a.code != http.StatusOK && a.code != http.StatusNotModified {
			t.Errorf("%s: %d %s", a.path, a.code, a.body)
			continue
		}
		if strings.HasPrefix(a.path, "POST ") {
			if a.etag != "" {
				t.Errorf("%s: ETag %s on a POST's answer", a.path, a.etag)
			}
			continue
		}
		if want := `"` + a.digest; !strings.HasPrefix(a.etag, want) {
			t.Errorf("%s: ETag %s with X-Capreg-Digest %s", a.path, a.etag, a.digest)
		}
		if a.code == http.StatusNotModified {
			continue
		}
		switch a.path {
		case "/registry":
			if !bytes.Equal(a.body, rec.registry[a.digest]) {
				t.Errorf("/registry: the body is not the registry of digest %s", a.digest)
			}
		case "/capabilities/ui":
			var doc, cap struct{ Title string }
			if json.Unmarshal(full.Capabilities["ui"], &cap) != nil || json.Unmarshal(a.body, &doc) != nil || doc.Title != cap.Title {
				t.Errorf("/capabilities/ui: title %q, digest %s's registry says %q", doc.Title, a.digest, cap.Title)
			}
		}
	}
	t.Logf("%d rebuilds, %d states, answers checked: %v", rec.rebuilds.Load(), len(rec.states), checked)
}

// flippingSource is a Source whose state changes after every read of it,
// as though a rebuild landed between any two: it serves states[0], then
// states[1], and so on round.
type flippingSource struct {
	mu     sync.Mutex
	reads  int
	states []flipState
}

type flipState struct {
	snap   *store.Snapshot
	status store.Status
}

func (s *flippingSource) next() flipState {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.states[s.reads%len(s.states)]
	s.reads++
	return st
}

func (s *flippingSource) Current() *store.Snapshot { return s.next().snap }
func (s *flippingSource) State() (*store.Snapshot, store.Status) {
	st := s.next()
	return st.snap, st.status
}
func (s *flippingSource) Reload(context.Context) (store.Status, error) { return s.next().status, nil }

// TestAnswersNameOneState: an answer's X-Capreg-Generation, X-Capreg-Digest,
// ETag and X-Capreg-Latest-Build come from one read of the source's
// state, whatever rebuild lands while the request is answered: the
// latest build named is the one that left that snapshot served, not a
// later one's (which would say "failed" beside a snapshot whose own
// build had no failure, or "ok" beside one a failed build kept).
func TestAnswersNameOneState(t *testing.T) {
	_, withGen := smallSources(t)
	var states []flipState
	for gen := 1; gen <= 2; gen++ {
		snap := store.Build(withGen(gen), false)
		snap.Generation = uint64(gen)
		states = append(states, flipState{snap: snap, status: store.Status{Generation: uint64(gen), Digest: snap.Digest}})
	}
	// The second state's build is served, but a later one failed.
	states[1].status.Failure = &store.Failure{At: time.Date(2026, 12, 4, 15, 4, 5, 0, time.UTC), Error: "the repository has 1 error"}
	want := map[string]string{states[0].snap.Digest: "1 ok", states[1].snap.Digest: "2 failed 2026-12-04T15:04:05Z"}
	h := newRouter(&flippingSource{states: states})
	for _, target := range []string{"/registry", "/capabilities/gen", "/capabilities/nosuch", "/tools", "/render-hooks/plan:pre", "/capability-state"} {
		for range 4 { // each state first
			e := do(t, h, "GET", target, nil)
			digest := e.header.Get("X-Capreg-Digest")
			got := e.header.Get("X-Capreg-Generation") + " " + e.header.Get("X-Capreg-Latest-Build")
			if got != want[digest] {
				t.Errorf("GET %s: digest %s with generation and latest build %q, want %q", target, digest, got, want[digest])
			}
			if etag := e.header.Get("ETag"); etag != "" && !strings.HasPrefix(etag, `"`+digest) {
				t.Errorf("GET %s: ETag %s with digest %s", target, etag, digest)
			}
		}
	}
}

// TestMalformedQueryNamesItsParameter: a query value that does not decode
// ("%zz") or decodes to bytes that are not UTF-8 is a value its parameter
// does not take, so its 400 names it in details.parameter, as README says
// of such a value; a name that does not decode names none. A raw ";",
// which url.ParseQuery reports over any other fault, names the parameter
// whose value holds it (TestQuerySemicolonSaysToEncodeIt).
func TestMalformedQueryNamesItsParameter(t *testing.T) {
	h := api.NewRouter(testdataSource(t), api.Options{})
	for _, tt := range []struct {
		url  string
		want any // details.parameter, nil for none
	}{
		{"/tools?intent=%zz", "intent"},
		{"/tools?limit=1&intent=de%zzploy", "intent"},
		{"/tools?intent=%FF%FEdeploy", "intent"},
		{"/tools?intent=ok&command=%FF", "command"},
		{"/capabilities?role=%C3", "role"},
		{"/tools?in%zztent=x", nil},
		{"/tools?intent=x&%C3=1", nil},
		{"/tools?intent=x;limit=1", "intent"},
		{"/tools?intent=%zz;limit=1", "intent"}, // the ";" is what ParseQuery reports
		{"/tools?;limit=1", nil},
	} {
		e := do(t, h, "GET", tt.url, nil)
		if e.status != 400 {
			t.Errorf("%s: %d, want 400", tt.url, e.status)
			continue
		}
		details, _ := e.json(t)["details"].(map[string]any)
		if got := details["parameter"]; got != tt.want {
			t.Errorf("%s: details.parameter = %v, want %v (%s)", tt.url, got, tt.want, truncate(e.body))
		}
	}
}
