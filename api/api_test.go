package api_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
	"github.com/go-chi/chi/v5"

	"github.com/capreg/capreg"
	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/search"
	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// source is a Source whose snapshot the test controls.
type source struct {
	snap   atomic.Pointer[store.Snapshot]
	status store.Status
	reload func() (store.Status, error)
}

func (s *source) Current() *store.Snapshot { return s.snap.Load() }
func (s *source) State() (*store.Snapshot, store.Status) {
	return s.snap.Load(), s.status
}
func (s *source) Reload(ctx context.Context) (store.Status, error) {
	if s.reload != nil {
		return s.reload()
	}
	return s.status, nil
}

var repoSnap = sync.OnceValues(func() (*store.Snapshot, error) {
	snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: "../testdata/repo"}})
	if err == nil {
		snap.Generation = 7
	}
	return snap, err
})

func testdataSource(t testing.TB) *source {
	t.Helper()
	snap, err := repoSnap()
	if err != nil || !snap.OK() {
		t.Fatalf("testdata/repo: %v %v", err, snap.Diagnostics)
	}
	s := &source{status: store.Status{Generation: 7, Rebuilds: 7}}
	s.snap.Store(snap)
	return s
}

// repoSource serves the repository at dir, which must pass the gate, as a
// source's only snapshot.
func repoSource(tb testing.TB, dir string) *source {
	tb.Helper()
	snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: dir}})
	if err != nil {
		tb.Fatalf("%s: %v", dir, err)
	}
	if !snap.OK() {
		tb.Fatalf("%s does not pass the gate: %v", dir, snap.Diagnostics)
	}
	src := &source{}
	src.snap.Store(snap)
	return src
}

// spec validates requests and responses against openapi.yaml.
type spec struct {
	doc    *openapi3.T
	router routers.Router
}

var loadSpec = sync.OnceValues(func() (*spec, error) {
	openapi3filter.RegisterBodyDecoder("text/markdown", openapi3filter.PlainBodyDecoder)
	doc, err := openapi3.NewLoader().LoadFromData(capreg.OpenAPI)
	if err != nil {
		return nil, err
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, err
	}
	r, err := gorillamux.NewRouter(doc)
	if err != nil {
		return nil, err
	}
	return &spec{doc: doc, router: r}, nil
})

// check validates one exchange against the spec: the route and the response
// status, headers and body must all be described there.
func (sp *spec) check(t *testing.T, req *http.Request, reqBody []byte, resp *http.Response, body []byte) {
	t.Helper()
	sp.checkExchange(t, req, reqBody, resp, body, true)
}

// checkExchange is check; with validRequests false it holds only the
// response to the spec, for requests that may be invalid in several ways
// at once (the server names one: an unknown point before a bad body).
func (sp *spec) checkExchange(t *testing.T, req *http.Request, reqBody []byte, resp *http.Response, body []byte, validRequests bool) {
	t.Helper()
	req = req.Clone(context.Background())
	reqBody = bytes.TrimPrefix(reqBody, []byte("\uFEFF")) // which the server skips, as a file's
	if len(bytes.Trim(reqBody, " \t\r\n")) == 0 {
		reqBody = nil // the server reads a blank body as none (parseRequestDoc)
	}
	req.Body = io.NopCloser(bytes.NewReader(reqBody))
	head := req.Method == http.MethodHead
	if head {
		req.Method = http.MethodGet // HEAD is GET without the body
	}
	route, params, err := sp.router.FindRoute(req)
	unrouted := resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusMethodNotAllowed ||
		!validRequests && resp.StatusCode >= 400 && resp.StatusCode < 500 // refused before routing: a malformed query
	if resp.StatusCode == http.StatusMethodNotAllowed {
		// A method the path does not take finds no operation: 405 is
		// components.responses.Other's.
		sp.headersDeclared(t, req, resp, sp.doc.Components.Responses["Other"].Value)
	}
	if err != nil && unrouted {
		return // nothing in the spec to hold it to
	}
	if err != nil {
		t.Errorf("%s %s: not in openapi.yaml: %v", req.Method, req.URL.Path, err)
		return
	}
	opts := &openapi3filter.Options{IncludeResponseStatus: true, AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route, Options: opts}
	if validRequests && (resp.StatusCode < 400 || resp.StatusCode == http.StatusNotFound || resp.StatusCode >= 500) {
		// Requests the server accepted must be valid; the 4xx cases are
		// deliberately invalid requests.
		if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil {
			t.Errorf("%s %s: request does not match openapi.yaml: %v", req.Method, req.URL, err)
		}
	}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: resp.StatusCode, Header: resp.Header, Options: opts}
	if resp.Header.Get("Content-Encoding") != "gzip" && !head {
		out.SetBodyBytes(body)
	} else {
		out.SetBodyBytes(nil)
		opts.ExcludeResponseBody = true
	}
	if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
		t.Errorf("%s %s → %d: response does not match openapi.yaml: %v\n%s", req.Method, req.URL, resp.StatusCode, err, truncate(body))
	}
	if ref := route.Operation.Responses.Status(resp.StatusCode); ref != nil {
		sp.headersDeclared(t, req, resp, ref.Value)
	} else if !otherStatus[resp.StatusCode] {
		t.Errorf("%s %s → %d: neither the operation nor its default (Other: %v) names the status", req.Method, req.URL, resp.StatusCode, slices.Sorted(maps.Keys(otherStatus)))
	} else {
		sp.headersDeclared(t, req, resp, route.Operation.Responses.Default().Value)
	}
}

// contractHeaders are the headers of capreg's own a client reads, which the
// response that carries one must declare: a client generated from
// openapi.yaml exposes only the headers it declares. (Response validation
// checks only the headers declared.)
var contractHeaders = []string{"ETag", "X-Capreg-Generation", "X-Capreg-Digest", "X-Capreg-Latest-Build", "X-Capreg-Warnings", "Retry-After", "Allow", "Accept-Encoding"}

// headersDeclared fails when resp carries one of contractHeaders that the
// response object it is answered as does not declare.
func (sp *spec) headersDeclared(t *testing.T, req *http.Request, resp *http.Response, ref *openapi3.Response) {
	t.Helper()
	for _, name := range contractHeaders {
		if resp.Header.Get(name) == "" {
			continue
		}
		if !slices.ContainsFunc(slices.Collect(maps.Keys(ref.Headers)), func(k string) bool { return strings.EqualFold(k, name) }) {
			t.Errorf("%s %s → %d carries %s, which openapi.yaml does not declare for it", req.Method, req.URL, resp.StatusCode, name)
		}
	}
}

// otherStatus are the statuses any route may answer, which openapi.yaml
// gives every operation as its default response (components.responses.Other)
// rather than listing each: the default alone would let any status pass.
var otherStatus = map[int]bool{
	http.StatusMethodNotAllowed: true, http.StatusRequestTimeout: true,
	http.StatusRequestEntityTooLarge: true, http.StatusInternalServerError: true,
}

func truncate(b []byte) string {
	if len(b) > 600 {
		return string(b[:600]) + "…"
	}
	return string(b)
}

// exchange is one request/response through the real router.
type exchange struct {
	status int
	header http.Header
	body   []byte
}

func (e exchange) json(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(e.body, &m); err != nil {
		t.Fatalf("body is not a JSON object: %v\n%s", err, truncate(e.body))
	}
	return m
}

// errorAt serves method target to h in process, where a target in
// absolute form stays one (as a proxy sends it; a client would send the
// origin form), and returns the status with the error body's message and
// details.didYouMean ("" where there is none).
func errorAt(t *testing.T, h http.Handler, method, target string) (code int, msg, meant string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(method, target, nil))
	var e struct {
		Message string
		Details map[string]any
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil {
		t.Fatalf("%s %s: %d %s: %v", method, target, rec.Code, rec.Body, err)
	}
	meant, _ = e.Details["didYouMean"].(string)
	return rec.Code, e.Message, meant
}

// do sends a request to the handler over real HTTP and checks the exchange
// against openapi.yaml.
func do(t *testing.T, h http.Handler, method, target string, body []byte, hdr ...string) exchange {
	t.Helper()
	srv := httptest.NewServer(h)
	defer srv.Close()
	req, err := http.NewRequest(method, srv.URL+target, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if len(body) > 0 {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
		if hdr[i] == "Host" {
			req.Host = hdr[i+1] // the client sends this, not the header
		}
	}
	tr := &http.Transport{DisableCompression: true}
	resp, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := loadSpec()
	if err != nil {
		t.Fatalf("openapi.yaml: %v", err)
	}
	sp.check(t, req, body, resp, data)
	return exchange{resp.StatusCode, resp.Header, data}
}

// covered records the route patterns the tests exercised.
var covered sync.Map

func route(t *testing.T, h http.Handler, method, path string) {
	rctx := chi.NewRouteContext()
	if h.(chi.Routes).Match(rctx, method, path) {
		covered.Store(method+" "+rctx.RoutePattern(), true)
	}
}

func newRouter(src api.Source) http.Handler {
	return api.NewRouter(src, api.Options{Metrics: api.NewMetrics()})
}

// TestEndpoints: each route through the real router, one request per case,
// with its status and the fields a client reads (a table so that every
// route's ordinary answer and its errors are pinned in one place).
func TestEndpoints(t *testing.T) {
	src := testdataSource(t)
	h := newRouter(src)
	tests := []struct {
		name, method, path string
		body               string
		hdr                []string
		status             int
		check              func(t *testing.T, e exchange)
	}{
		{"registry", "GET", "/registry", "", nil, 200, func(t *testing.T, e exchange) {
			snap, _ := repoSnap()
			if !bytes.Equal(e.body, snap.Artifacts[store.RegistryFile]) {
				t.Error("/registry differs from the generated capability-registry.json")
			}
		}},
		{"contract", "GET", "/contract", "", nil, 200, func(t *testing.T, e exchange) {
			var entries []map[string]any
			json.Unmarshal(e.body, &entries)
			if len(entries) != 5 || entries[1]["step"] != "plan" {
				t.Errorf("contract = %s", truncate(e.body))
			}
		}},
		{"capabilities", "GET", "/capabilities", "", nil, 200, func(t *testing.T, e exchange) {
			m := e.json(t)
			list := m["capabilities"].([]any)
			if m["count"].(float64) != 12 || list[0].(map[string]any)["id"] != "assumptions" || list[11].(map[string]any)["id"] != "ui" {
				t.Errorf("capabilities = %s", truncate(e.body))
			}
		}},
		// Each row carries the capability matrix's columns (ref §7.9):
		// engines.gsd, the points its hooks sit at in loop order, and
		// their kinds.
		{"capabilities matrix columns", "GET", "/capabilities", "", nil, 200, func(t *testing.T, e exchange) {
			rows := map[string]string{}
			for _, c := range e.json(t)["capabilities"].([]any) {
				c := c.(map[string]any)
				rows[c["id"].(string)] = fmt.Sprint(c["engines"], " ", c["points"], " ", c["hookKinds"])
			}
			for id, want := range map[string]string{
				"ui":       ">=1.6.0 [plan:pre execute:wave:post verify:post] [step gate]",
				"security": ">=1.6.0 [plan:pre verify:post ship:pre] [step contribution gate]",
				"claude":   ">=1.6.0 [] []",
			} {
				if rows[id] != want {
					t.Errorf("%s: %q, want %q", id, rows[id], want)
				}
			}
		}},
		// The lane roster: the sample's two reviewer bodies (claude, a
		// runtime that reviews, and ollama), by slug.
		{"reviewers", "GET", "/reviewers", "", nil, 200, func(t *testing.T, e exchange) {
			m := e.json(t)
			var got []string
			for _, l := range m["reviewers"].([]any) {
				l := l.(map[string]any)
				got = append(got, fmt.Sprint(l["slug"], " ", l["flags"], " ", l["transport"], " ", l["reviewsSection"], " ", l["capId"], " ", l["role"]))
			}
			want := []string{"claude [--claude] spawn Claude claude runtime", "ollama [--ollama --local] openai-http Ollama ollama reviewer"}
			if !slices.Equal(got, want) || m["count"] != float64(2) {
				t.Errorf("reviewers %q (count %v), want %q", got, m["count"], want)
			}
		}},
		{"capabilities by role and tier", "GET", "/capabilities?role=runtime&tier=core", "", nil, 200, func(t *testing.T, e exchange) {
			if got := ids(e.json(t)["capabilities"]); got != "claude codex" {
				t.Errorf("runtimes = %q", got)
			}
		}},
		{"capabilities bad role", "GET", "/capabilities?role=plugin", "", nil, 400, errorCode("bad_request")},
		{"capabilities role a typo away", "GET", "/capabilities?role=reviewr", "", nil, 400, func(t *testing.T, e exchange) {
			m := e.json(t)
			if m["message"] != `unknown role "reviewr" (did you mean "reviewer"?)` || m["details"].(map[string]any)["didYouMean"] != "reviewer" {
				t.Errorf("error body = %s", e.body)
			}
		}},
		{"capabilities tier in another case", "GET", "/capabilities?tier=Full", "", nil, 400, func(t *testing.T, e exchange) {
			if m := e.json(t); m["details"].(map[string]any)["didYouMean"] != "full" {
				t.Errorf("error body = %s", e.body)
			}
		}},
		{"capability", "GET", "/capabilities/research", "", nil, 200, func(t *testing.T, e exchange) {
			if !bytes.HasPrefix(e.body, []byte("{\n  \"id\": \"research\",\n  \"role\": \"feature\",")) {
				t.Errorf("source key order lost: %s", truncate(e.body))
			}
			if !bytes.Contains(e.body, []byte(`"inline": "Research phase {{phase}}`)) {
				t.Error("fragment not inlined")
			}
		}},
		{"capability unknown", "GET", "/capabilities/nope", "", nil, 404, noIDMeant},
		{"capability a typo away", "GET", "/capabilities/reserch", "", nil, 404, idMeant("research")},
		{"closure of a capability a typo away", "GET", "/capabilities/Research/closure", "", nil, 404, idMeant("research")},
		{"closure", "GET", "/capabilities/pattern-mapper/closure", "", nil, 200, func(t *testing.T, e exchange) {
			if got := e.json(t)["closure"].([]any); len(got) != 1 || got[0] != "research" {
				t.Errorf("closure = %v", got)
			}
		}},
		{"closure unknown", "GET", "/capabilities/nope/closure", "", nil, 404, errorCode("not_found")},
		{"loop points", "GET", "/loop-points", "", nil, 200, func(t *testing.T, e exchange) {
			pts := e.json(t)["points"].([]any)
			p := pts[2].(map[string]any)
			if len(pts) != 12 || p["point"] != "plan:pre" || p["steps"].(float64) != 4 || p["gates"].(float64) != 2 {
				t.Errorf("points = %s", truncate(e.body))
			}
			if pts[4].(map[string]any)["wired"] != false {
				t.Error("execute:pre has no call site and should not be wired")
			}
		}},
		{"loop point", "GET", "/loop-points/plan:pre", "", nil, 200, func(t *testing.T, e exchange) {
			m := e.json(t)
			if got := capIDs(m["steps"]); got != "intel research ui pattern-mapper" {
				t.Errorf("steps = %q", got)
			}
			if got := capIDs(m["gates"]); got != "drift ui" {
				t.Errorf("gates = %q", got)
			}
			byRole := m["contributionsByRole"].(map[string]any)
			if got := capIDs(byRole["planner"]); got != "security" {
				t.Errorf("contributionsByRole = %v", byRole)
			}
		}},
		{"loop point percent-encoded", "GET", "/loop-points/plan%3Apre", "", nil, 200, func(t *testing.T, e exchange) {
			if m := e.json(t); m["point"] != "plan:pre" {
				t.Errorf("point = %v", m["point"])
			}
		}},
		{"capability percent-encoded", "GET", "/capabilities/%72esearch", "", nil, 200, func(t *testing.T, e exchange) {
			if m := e.json(t); m["id"] != "research" {
				t.Errorf("id = %v", m["id"])
			}
		}},
		{"render percent-encoded", "GET", "/render-hooks/plan%3Apre", "", nil, 200, func(t *testing.T, e exchange) {
			if m := e.json(t); m["point"] != "plan:pre" {
				t.Errorf("point = %v", m["point"])
			}
		}},
		{"loop point unknown", "GET", "/loop-points/plan:during", "", nil, 404, func(t *testing.T, e exchange) {
			m := e.json(t)
			if m["code"] != "unknown_point" || len(m["details"].(map[string]any)["validPoints"].([]any)) != 12 {
				t.Errorf("error = %s", e.body)
			}
		}},
		{"config keys", "GET", "/config-keys", "", nil, 200, func(t *testing.T, e exchange) {
			rows := e.json(t)["configKeys"].([]any)
			first := rows[0].(map[string]any)
			if len(rows) != 19 || first["key"] != "intel.enabled" || first["default"] != false {
				t.Errorf("config keys = %s", truncate(e.body))
			}
		}},
		{"profiles", "GET", "/profiles", "", nil, 200, func(t *testing.T, e exchange) {
			want := map[string]string{
				"core":     "assumptions claude codex",
				"standard": "assumptions claude codex pattern-mapper research",
				"full":     "assumptions claude codex drift intel nyquist ollama pattern-mapper research security tdd ui",
			}
			profiles, _ := e.json(t)["profiles"].(map[string]any)
			if len(profiles) != len(want) {
				t.Errorf("profiles = %s, want %d profiles", e.body, len(want))
			}
			for name, caps := range want {
				if got := strings.Join(toStrings(profiles[name]), " "); got != caps {
					t.Errorf("profile %s = %q, want %q", name, got, caps)
				}
			}
		}},
		{"profile", "GET", "/profiles/standard", "", nil, 200, func(t *testing.T, e exchange) {
			if got := strings.Join(toStrings(e.json(t)["capabilities"]), " "); got != "assumptions claude codex pattern-mapper research" {
				t.Errorf("standard = %q", got)
			}
		}},
		{"profile unknown", "GET", "/profiles/enterprise", "", nil, 404, errorCode("not_found")},
		{"profile in capitals", "GET", "/profiles/Core", "", nil, 404, idMeant("core")},
		{"validate ok", "POST", "/validate", `{"files":{"capabilities/ui/capability.json":` + jsonString(readFile(t, "../testdata/repo/capabilities/ui/capability.json")) + `}}`, nil, 200, func(t *testing.T, e exchange) {
			if m := e.json(t); m["ok"] != true || m["errors"].(float64) != 0 {
				t.Errorf("validate = %s", e.body)
			}
		}},
		{"validate finds errors", "POST", "/validate", `{"files":{"capabilities/new/capability.json":"{\"id\":\"new\",\"role\":\"feature\"}"},"delete":["capabilities/research/capability.json"]}`, nil, 200, func(t *testing.T, e exchange) {
			m := e.json(t)
			rules := map[string]bool{}
			for _, d := range m["diagnostics"].([]any) {
				rules[d.(map[string]any)["rule"].(string)] = true
			}
			if m["ok"] != false || !rules["schema"] || !rules["requires-unknown"] || m["baseGeneration"].(float64) != 7 {
				t.Errorf("validate = %s", truncate(e.body))
			}
		}},
		{"validate ignores skipped folders", "POST", "/validate", `{"files":{"node_modules/x/capability.json":"{","vendor/y.card.json":"{"}}`, nil, 200, func(t *testing.T, e exchange) {
			if m := e.json(t); m["ok"] != true || m["errors"] != float64(0) {
				t.Errorf("files in skipped folders were judged: %s", e.body)
			}
		}},
		{"validate needs a rescan", "POST", "/validate", `{"files":{"capreg.json":"{\"capabilities\": \"caps\"}"}}`, nil, 400, func(t *testing.T, e exchange) {
			errorCode("bad_request")(t, e)
			details, _ := e.json(t)["details"].(map[string]any)
			if reasons, _ := details["reasons"].([]any); len(reasons) != 1 || !strings.Contains(reasons[0].(string), "moves the capabilities folder") {
				t.Errorf("details = %v", details)
			}
		}},
		{"validate bad json", "POST", "/validate", `{"files":`, nil, 400, errorCode("bad_request")},
		{"validate unknown field", "POST", "/validate", `{"file":{}}`, nil, 400, errorCode("bad_request")},
		// An empty change, with or without its fields, says so.
		{"validate no change", "POST", "/validate", `{}`, nil, 400, emptyChange},
		{"validate empty change", "POST", "/validate", `{"files":{},"delete":[]}`, nil, 400, emptyChange},
		// A path no file can have is named in details.path, as a path
		// with a backslash is (it was details {}).
		{"validate path escape", "POST", "/validate", `{"files":{"../x.json":"{}"}}`, nil, 400, badPath("../x.json")},
		{"validate absolute path", "POST", "/validate", `{"delete":["/etc/passwd"]}`, nil, 400, badPath("/etc/passwd")},
		{"validate root path", "POST", "/validate", `{"files":{"docs/..":"x"}}`, nil, 400, badPath("docs/..")},
		{"validate path with a NUL byte", "POST", "/validate", `{"files":{"docs/a\u0000b.md":"x"}}`, nil, 400, badPath("docs/a\x00b.md")},
		{"validate body too large", "POST", "/validate", `{"files":{"a.md":"` + strings.Repeat("x", 1<<20) + `"}}`, nil, 413, errorCode("body_too_large")},
		{"status", "GET", "/status", "", nil, 200, func(t *testing.T, e exchange) {
			m := e.json(t)
			c := m["counts"].(map[string]any)
			if m["ready"] != true || m["generation"].(float64) != 7 || c["capabilities"].(float64) != 12 || c["tools"].(float64) != 5 {
				t.Errorf("status = %s", e.body)
			}
			if cs, _ := m["configSchema"].(map[string]any); cs["path"] != "config/config-schema.manifest.json" || cs["from"] != "capreg.json" {
				t.Errorf("status configSchema = %v, want config/config-schema.manifest.json from capreg.json", m["configSchema"])
			}
		}},
		{"healthz", "GET", "/healthz", "", nil, 200, nil},
		{"healthz with a cache buster", "GET", "/healthz?_=1701234567", "", nil, 200, nil},
		{"readyz with any query", "GET", "/readyz?probe=k8s&x=%zz", "", nil, 200, nil},
		{"readyz", "GET", "/readyz", "", nil, 200, nil},
		{"reload", "POST", "/-/reload", "", nil, 200, func(t *testing.T, e exchange) {
			if m := e.json(t); m["ok"] != true {
				t.Errorf("reload = %s", e.body)
			}
		}},
		{"metrics", "GET", "/metrics", "", nil, 200, func(t *testing.T, e exchange) {
			for _, name := range []string{"capreg_http_requests_total", "capreg_registry_rebuilds_total", "go_goroutines", "process_cpu_seconds_total"} {
				if !bytes.Contains(e.body, []byte(name)) {
					t.Errorf("metrics lack %s", name)
				}
			}
		}},
		{"openapi", "GET", "/openapi.yaml", "", nil, 200, func(t *testing.T, e exchange) {
			if !bytes.Equal(e.body, capreg.OpenAPI) {
				t.Error("/openapi.yaml is not the embedded document")
			}
		}},
		{"tools search", "GET", "/tools?intent=" + url.QueryEscape("merge my branch into main"), "", nil, 200, func(t *testing.T, e exchange) {
			res := e.json(t)["results"].([]any)
			first := res[0].(map[string]any)
			if first["id"] != "land" || first["risk"] != "destructive" || len(first["matched"].([]any)) == 0 {
				t.Errorf("results = %s", truncate(e.body))
			}
		}},
		{"tools search by risk", "GET", "/tools?risk=reversible&limit=3&intent=" + url.QueryEscape("merge my branch into main"), "", nil, 200, func(t *testing.T, e exchange) {
			res := e.json(t)["results"].([]any)
			for _, r := range res {
				if r.(map[string]any)["risk"] != "reversible" {
					t.Errorf("risk filter let through %v", r)
				}
			}
			if len(res) > 3 {
				t.Errorf("limit 3 gave %d", len(res))
			}
		}},
		// An intent that names, or quotes, a command a card replaces
		// ranks that card first, matched on replaces first.
		{"tools search naming a command", "GET", "/tools?intent=" + url.QueryEscape("before I run `git push origin HEAD:main`"), "", nil, 200, func(t *testing.T, e exchange) {
			first := e.json(t)["results"].([]any)[0].(map[string]any)
			if first["id"] != "land" || first["matched"].([]any)[0] != "replaces" || first["replacesPattern"] != "git push origin HEAD:main" {
				t.Errorf("results = %s", truncate(e.body))
			}
		}},
		{"tools search being a command", "GET", "/tools?intent=" + url.QueryEscape("git merge feature"), "", nil, 200, func(t *testing.T, e exchange) {
			results := e.json(t)["results"].([]any)
			first := results[0].(map[string]any)
			if first["id"] != "land" || first["matched"].([]any)[0] != "replaces" || first["replacesPattern"] != "git merge .*" {
				t.Errorf("results = %s", truncate(e.body))
			}
			// The others' words may be in their patterns; they replace
			// no command the intent names.
			for _, r := range results[1:] {
				if p, ok := r.(map[string]any)["replacesPattern"]; ok {
					t.Errorf("%v has replacesPattern %v", r.(map[string]any)["id"], p)
				}
			}
		}},
		// Each hit says how much of the request its card holds.
		{"tools search coverage", "GET", "/tools?intent=" + url.QueryEscape("merge my branch into main"), "", nil, 200, func(t *testing.T, e exchange) {
			results := e.json(t)["results"].([]any)
			first := results[0].(map[string]any)
			if first["id"] != "land" || first["coverage"] != 1.0 {
				t.Errorf("results = %s", truncate(e.body))
			}
			for _, r := range results[1:] {
				if c, ok := r.(map[string]any)["coverage"].(float64); !ok || c < 0 || c >= 1 {
					t.Errorf("%v: coverage %v", r.(map[string]any)["id"], r.(map[string]any)["coverage"])
				}
			}
		}},
		// A sentence that starts with a command is a request, not the
		// command: git merge .* does not put its card first by replaces.
		{"tools search reading as a sentence", "GET", "/tools?intent=" + url.QueryEscape("git merge the feature branch into main"), "", nil, 200, func(t *testing.T, e exchange) {
			first := e.json(t)["results"].([]any)[0].(map[string]any)
			if _, ok := first["replacesPattern"]; ok || first["matched"].([]any)[0] == "replaces" {
				t.Errorf("results = %s", truncate(e.body))
			}
		}},
		{"tools search empty intent", "GET", "/tools?intent=", "", nil, 400, errorCode("bad_request")},
		{"tools intent and command", "GET", "/tools?intent=x&command=y", "", nil, 400, errorCode("bad_request")},
		{"tools bad limit", "GET", "/tools?intent=x&limit=0", "", nil, 400, errorCode("bad_request")},
		{"tools bad risk", "GET", "/tools?intent=x&risk=safe", "", nil, 400, errorCode("bad_request")},
		{"tools command", "GET", "/tools?command=" + url.QueryEscape("git  worktree add ../wt -b fix"), "", nil, 200, func(t *testing.T, e exchange) {
			if got := ids(e.json(t)["results"]); got != "od-worktree" {
				t.Errorf("command matches = %q", got)
			}
		}},
		// Each match says which of its card's patterns matched, here the
		// second of od-worktree's and land's; od-worktree's, three words
		// and an option, is the more specific.
		{"tools command matched pattern", "GET", "/tools?command=" + url.QueryEscape("git checkout -b fix && git merge fix"), "", nil, 200, func(t *testing.T, e exchange) {
			var got []string
			for _, r := range e.json(t)["results"].([]any) {
				m := r.(map[string]any)
				got = append(got, m["id"].(string)+": "+m["matched"].(string))
			}
			if want := []string{"od-worktree: git checkout -b <branch>", "land: git merge .*"}; !slices.Equal(got, want) {
				t.Errorf("matches %q, want %q", got, want)
			}
		}},
		{"tools command no match", "GET", "/tools?command=" + url.QueryEscape("make test"), "", nil, 200, func(t *testing.T, e exchange) {
			if got := ids(e.json(t)["results"]); got != "" {
				t.Errorf("command matches = %q", got)
			}
		}},
		{"tools list", "GET", "/tools", "", nil, 200, func(t *testing.T, e exchange) {
			m := e.json(t)
			if got := ids(m["tools"]); got != "check-links deck-sudo ft land od-worktree" || m["total"].(float64) != 5 || m["nextCursor"] != nil {
				t.Errorf("tools = %s", truncate(e.body))
			}
		}},
		{"tools page", "GET", "/tools?limit=2&cursor=" + pageCursor(t, "deck-sudo"), "", nil, 200, func(t *testing.T, e exchange) {
			m := e.json(t)
			if got := ids(m["tools"]); got != "ft land" || m["count"].(float64) != 2 || m["nextCursor"] == nil {
				t.Errorf("page = %s", truncate(e.body))
			}
		}},
		{"tools bad cursor", "GET", "/tools?cursor=!!", "", nil, 400, errorCode("bad_request")},
		{"tools cursor after no id", "GET", "/tools?cursor=" + base64.RawURLEncoding.EncodeToString([]byte("after:")), "", nil, 400, errorCode("bad_request")},
		{"tool", "GET", "/tools/od-worktree", "", nil, 200, func(t *testing.T, e exchange) {
			m := e.json(t)
			if m["id"] != "od-worktree" || m["path"] != "bin/od-worktree" || !bytes.HasPrefix(e.body, []byte("{\n  \"id\": \"od-worktree\",\n  \"command\"")) {
				t.Errorf("card = %s", truncate(e.body))
			}
		}},
		{"tool percent-encoded", "GET", "/tools/od%2Dworktree", "", nil, 200, func(t *testing.T, e exchange) {
			if m := e.json(t); m["id"] != "od-worktree" {
				t.Errorf("id = %v", m["id"])
			}
		}},
		{"malformed query", "GET", "/tools?intent=%zz", "", nil, 400, func(t *testing.T, e exchange) {
			errorCode("bad_request")(t, e)
			if m := e.json(t); !strings.Contains(m["message"].(string), "malformed query") {
				t.Errorf("message = %v", m["message"])
			}
		}},
		{"query not UTF-8", "GET", "/tools?limit=1&intent=%FF%FEdeploy", "", nil, 400, func(t *testing.T, e exchange) {
			errorCode("bad_request")(t, e)
			if m := e.json(t); m["message"] != `malformed query string: parameter intent is not valid UTF-8: "\xff\xfedeploy"` {
				t.Errorf("message = %v", m["message"])
			}
		}},
		{"query name not UTF-8", "GET", "/tools?intent=x&%C3=1", "", nil, 400, func(t *testing.T, e exchange) {
			if m := e.json(t); m["message"] != `malformed query string: a parameter name, "\xc3", is not valid UTF-8` {
				t.Errorf("message = %v", m["message"])
			}
		}},
		{"query UTF-8 escaped", "GET", "/tools?intent=d%C3%A9ployer", "", nil, 200, func(t *testing.T, e exchange) {
			if m := e.json(t); m["intent"] != "déployer" {
				t.Errorf("intent = %v", m["intent"])
			}
		}},
		{"tool unknown", "GET", "/tools/nope", "", nil, 404, noIDMeant},
		{"tool a typo away", "GET", "/tools/lnd", "", nil, 404, idMeant("land")},
		{"render defaults", "GET", "/render-hooks/verify:post", "", nil, 200, func(t *testing.T, e exchange) {
			m := e.json(t)
			if got := capIDs(m["activeHooks"]); got != "nyquist security ui" || !strings.HasPrefix(m["rendered"].(string), "### Step 1: skill:validate-phase (nyquist)\n") {
				t.Errorf("envelope = %s", truncate(e.body))
			}
			if m["warnings"] != nil {
				t.Errorf("warnings with defaults: %v", m["warnings"])
			}
		}},
		{"render markdown by Accept", "GET", "/render-hooks/execute:pre", "", []string{"Accept", "text/markdown"}, 200, func(t *testing.T, e exchange) {
			if string(e.body) != "_No active hooks at execute:pre._" || !strings.HasPrefix(e.header.Get("Content-Type"), "text/markdown") {
				t.Errorf("markdown = %q (%s)", e.body, e.header.Get("Content-Type"))
			}
		}},
		{"render markdown by format", "GET", "/render-hooks/ship:pre?format=markdown", "", nil, 200, func(t *testing.T, e exchange) {
			if !strings.HasPrefix(string(e.body), "**Gate** (security): check={\"predicate\":{\"kind\":\"artifact-frontmatter-equals\"") {
				t.Errorf("markdown = %q", e.body)
			}
		}},
		{"render with config", "POST", "/render-hooks/plan:pre", `{"config":{"workflow":{"ui_phase":false,"research":"no"},"intel":{"enabled":true}},"disabledCapabilities":["drift"]}`, nil, 200, func(t *testing.T, e exchange) {
			m := e.json(t)
			if got := capIDs(m["activeHooks"]); got != "intel research pattern-mapper security ui" {
				t.Errorf("active = %q", got)
			}
			if w := m["warnings"].([]any); len(w) != 1 || !strings.Contains(w[0].(string), `"workflow.research"`) {
				t.Errorf("warnings = %v", w)
			}
		}},
		// Capability state (ref §5.3): with defaults every capability is
		// enabled, intel not active (its activationKey defaults to off),
		// each hook listed with whether a render of its point has it.
		{"capability state defaults", "GET", "/capability-state", "", nil, 200, func(t *testing.T, e exchange) {
			caps := e.json(t)["capabilities"].([]any)
			if len(caps) != 12 || caps[0].(map[string]any)["id"] != "assumptions" || caps[11].(map[string]any)["id"] != "ui" {
				t.Fatalf("capability-state = %s", truncate(e.body))
			}
			for _, c := range caps {
				c := c.(map[string]any)
				wantOff := any(nil) // an inactive capability says why: intel's activationKey
				if c["id"] == "intel" {
					wantOff = []any{"the activationKey"}
				}
				if c["enabled"] != true || c["active"] != (c["id"] != "intel") || !reflect.DeepEqual(c["off"], wantOff) {
					t.Errorf("%v: enabled %v active %v off %v", c["id"], c["enabled"], c["active"], c["off"])
				}
			}
			if e.header.Get("ETag") == "" {
				t.Error("GET /capability-state carries no ETag")
			}
		}},
		// The body of POST /render-hooks: the states agree with that
		// render ("render with config" above lists intel, research,
		// pattern-mapper, security and ui at plan:pre).
		{"capability state with config", "POST", "/capability-state", `{"config":{"workflow":{"ui_phase":false,"research":"no"},"intel":{"enabled":true}},"disabledCapabilities":["drift"]}`, nil, 200, func(t *testing.T, e exchange) {
			m := e.json(t)
			byID := map[string]map[string]any{}
			var atPlanPre []string
			for _, c := range m["capabilities"].([]any) {
				c := c.(map[string]any)
				byID[c["id"].(string)] = c
				for _, h := range c["hooks"].([]any) {
					if h := h.(map[string]any); h["point"] == "plan:pre" && h["active"] == true {
						atPlanPre = append(atPlanPre, c["id"].(string))
					}
				}
			}
			if d := byID["drift"]; d["enabled"] != false || fmt.Sprint(d["off"]) != "[disabledCapabilities]" {
				t.Errorf("drift: %v", d)
			}
			if i := byID["intel"]; i["enabled"] != true || i["active"] != true {
				t.Errorf("intel: %v", i)
			}
			if w := m["warnings"].([]any); len(w) != 1 || !strings.Contains(w[0].(string), `"workflow.research"`) {
				t.Errorf("warnings = %v", w)
			}
			if e.header.Get("ETag") != "" || e.header.Get("X-Capreg-Digest") == "" {
				t.Errorf("POST /capability-state: ETag %q, digest %q; want none and the digest", e.header.Get("ETag"), e.header.Get("X-Capreg-Digest"))
			}
			slices.Sort(atPlanPre)
			if got := strings.Join(atPlanPre, " "); got != "intel pattern-mapper research security ui" {
				t.Errorf("active at plan:pre: %q", got)
			}
		}},
		// ?id= asks one capability's state: the answer lists it alone, for
		// the defaults or for a body; an id no capability has is a 404
		// naming the one a typo away, an empty one a 400.
		{"capability state of one", "GET", "/capability-state?id=intel", "", nil, 200, func(t *testing.T, e exchange) {
			caps := e.json(t)["capabilities"].([]any)
			if len(caps) != 1 || caps[0].(map[string]any)["id"] != "intel" || caps[0].(map[string]any)["active"] != false {
				t.Errorf("capability-state?id=intel = %s", truncate(e.body))
			}
		}},
		{"capability state of one, POST", "POST", "/capability-state?id=intel", `{"config":{"intel":{"enabled":true}}}`, nil, 200, func(t *testing.T, e exchange) {
			caps := e.json(t)["capabilities"].([]any)
			if len(caps) != 1 || caps[0].(map[string]any)["active"] != true {
				t.Errorf("POST capability-state?id=intel = %s", truncate(e.body))
			}
		}},
		{"capability state of one unknown", "GET", "/capability-state?id=intell", "", nil, 404, func(t *testing.T, e exchange) {
			if m := e.json(t); m["code"] != "not_found" || m["details"].(map[string]any)["didYouMean"] != "intel" {
				t.Errorf("404 = %s", e.body)
			}
		}},
		{"capability state of one unknown, POST", "POST", "/capability-state?id=nope", `{}`, nil, 404, errorCode("not_found")},
		{"capability state of an empty id", "GET", "/capability-state?id=", "", nil, 400, errorCode("bad_request")},
		{"capability state bad body", "POST", "/capability-state", `{"profile":5}`, nil, 400, errorCode("bad_request")},
		{"capability state unknown field", "POST", "/capability-state", `{"point":"plan:pre"}`, nil, 400, errorCode("bad_request")},
		// The markdown alone has no room for warnings: their count says
		// that something asked for was ignored (a misspelt id disabled
		// nothing, silently).
		{"render markdown with warnings", "POST", "/render-hooks/plan:pre?format=markdown", `{"disabledCapabilities":["reserch"]}`, nil, 200, func(t *testing.T, e exchange) {
			if got := e.header.Get("X-Capreg-Warnings"); got != "1" || !strings.Contains(string(e.body), "(research)") {
				t.Errorf("X-Capreg-Warnings = %q, markdown = %q", got, truncate(e.body))
			}
		}},
		{"render markdown without warnings", "POST", "/render-hooks/plan:pre?format=markdown", `{"disabledCapabilities":["ui"]}`, nil, 200, func(t *testing.T, e exchange) {
			if got, ok := e.header["X-Capreg-Warnings"]; ok || strings.Contains(string(e.body), "(ui)") {
				t.Errorf("X-Capreg-Warnings = %q, markdown = %q", got, truncate(e.body))
			}
		}},
		{"render active cap", "POST", "/render-hooks/plan:pre?activeCap=intel", `{"config":{"intel":{"enabled":false}}}`, nil, 200, func(t *testing.T, e exchange) {
			if m := e.json(t); m["active"] != false {
				t.Errorf("active = %s", e.body)
			}
		}},
		{"render active cap on", "GET", "/render-hooks/plan:pre?activeCap=ui", "", nil, 200, func(t *testing.T, e exchange) {
			if m := e.json(t); m["active"] != true {
				t.Errorf("active = %s", e.body)
			}
		}},
		{"render the first point", "GET", "/render-hooks/discuss:pre", "", nil, 200, func(t *testing.T, e exchange) {
			if m := e.json(t); m["point"] != "discuss:pre" {
				t.Errorf("point = %s", truncate(e.body))
			}
		}},
		{"render unknown profile falls back to full", "POST", "/render-hooks/plan:pre", `{"profile":"bogus"}`, nil, 200, func(t *testing.T, e exchange) {
			m := e.json(t)
			if w, _ := m["warnings"].([]any); len(w) != 1 || !strings.Contains(w[0].(string), `profile "bogus"`) {
				t.Errorf("warnings = %v", m["warnings"])
			}
		}},
		// null stands for an absent field, as in every body; openapi.yaml
		// must admit what the server accepts.
		{"render null fields", "POST", "/render-hooks/verify:post", `{"config":null,"profile":null,"disabledCapabilities":null,"surface":null}`, nil, 200, func(t *testing.T, e exchange) {
			if m := e.json(t); capIDs(m["activeHooks"]) != "nyquist security ui" || m["warnings"] != nil {
				t.Errorf("envelope = %s", truncate(e.body))
			}
		}},
		{"render surface with null baseProfile", "POST", "/render-hooks/verify:post", `{"surface":{"baseProfile":null,"disabledClusters":["ui"],"explicitAdds":[],"explicitRemoves":[]}}`, nil, 200, func(t *testing.T, e exchange) {
			if m := e.json(t); capIDs(m["activeHooks"]) != "nyquist security" {
				t.Errorf("envelope = %s", truncate(e.body))
			}
		}},
		// A surface that is not an object is ignored with a warning, as one
		// with a mistyped field is (gsd-core ignores such a surface file).
		{"render surface not an object", "POST", "/render-hooks/verify:post", `{"surface":"full"}`, nil, 200, func(t *testing.T, e exchange) {
			if w, _ := e.json(t)["warnings"].([]any); len(w) != 1 || !strings.Contains(w[0].(string), "surface ignored") {
				t.Errorf("warnings = %s", truncate(e.body))
			}
		}},
		// activeCap answers a boolean, but a config value or an enablement
		// name that was ignored is still said, as the envelope and capreg
		// render --active-cap say it.
		{"render active cap warnings", "POST", "/render-hooks/plan:pre?activeCap=ui", `{"profile":"bogus","config":{"workflow":{"ui_phase":"no"}}}`, nil, 200, func(t *testing.T, e exchange) {
			m := e.json(t)
			w, _ := m["warnings"].([]any)
			if m["active"] != true || len(w) != 2 || !strings.Contains(w[0].(string), `profile "bogus"`) || !strings.Contains(w[1].(string), `"workflow.ui_phase"`) {
				t.Errorf("active cap = %s", e.body)
			}
		}},
		// An id the registry does not hold is false, as the reference
		// answers, with a warning naming the id probably meant.
		{"render active cap unknown", "GET", "/render-hooks/plan:pre?activeCap=uii", "", nil, 200, func(t *testing.T, e exchange) {
			m := e.json(t)
			w, _ := m["warnings"].([]any)
			if m["active"] != false || len(w) != 1 || !strings.Contains(w[0].(string), `"uii" is not a capability of this registry`) || !strings.Contains(w[0].(string), `(did you mean "ui"?)`) {
				t.Errorf("active cap = %s", e.body)
			}
		}},
		{"render active cap no warnings", "GET", "/render-hooks/plan:pre?activeCap=ui", "", nil, 200, func(t *testing.T, e exchange) {
			if string(e.body) != "{\n  \"active\": true\n}\n" {
				t.Errorf("active cap = %q", e.body)
			}
		}},
		// The activeCap answer has JSON only: an Accept that refuses JSON
		// gets the 406 the envelope gets; one that only prefers markdown
		// gets the JSON, as a request accepting neither form does.
		{"render active cap JSON refused", "GET", "/render-hooks/plan:pre?activeCap=ui", "", []string{"Accept", "text/markdown, application/json;q=0"}, 406, func(t *testing.T, e exchange) {
			errorCode("not_acceptable")(t, e)
			m := e.json(t)
			if av, _ := m["details"].(map[string]any)["available"].([]any); len(av) != 1 || av[0] != "application/json" || e.header.Get("Vary") != "Accept-Encoding, Accept" {
				t.Errorf("406 = %s (Vary %q)", e.body, e.header.Get("Vary"))
			}
		}},
		{"render active cap JSON refused, POST", "POST", "/render-hooks/plan:pre?activeCap=ui", `{}`, []string{"Accept", "*/*;q=0"}, 406, errorCode("not_acceptable")},
		{"render active cap JSON refused, format=json", "GET", "/render-hooks/plan:pre?activeCap=ui&format=json", "", []string{"Accept", "application/json;q=0"}, 200, nil},
		{"render active cap markdown preferred", "GET", "/render-hooks/plan:pre?activeCap=ui", "", []string{"Accept", "text/markdown"}, 200, func(t *testing.T, e exchange) {
			if string(e.body) != "{\n  \"active\": true\n}\n" || e.header.Get("Vary") != "Accept-Encoding, Accept" {
				t.Errorf("active cap = %q (Vary %q)", e.body, e.header.Get("Vary"))
			}
		}},
		{"render unknown point", "POST", "/render-hooks/plan:later", `{}`, nil, 404, func(t *testing.T, e exchange) {
			m := e.json(t)
			if m["code"] != "unknown_point" || !strings.HasPrefix(m["message"].(string), `Invalid loop point: "plan:later". Valid points: discuss:pre, discuss:post,`) {
				t.Errorf("error = %s", e.body)
			}
		}},
		// The config may nest as deep as a --config file may (32 levels):
		// the {"config": ..} around it is not held against it.
		{"render config 32 levels deep", "POST", "/render-hooks/plan:pre", `{"config":` + nestedConfig(32) + `}`, nil, 200, nil},
		{"render config 33 levels deep", "POST", "/render-hooks/plan:pre", `{"config":` + nestedConfig(33) + `}`, nil, 400, func(t *testing.T, e exchange) {
			if m := e.json(t); !strings.Contains(m["message"].(string), "JSON nested deeper than 33 levels (the body's object is one of them: its config may nest 32, as a --config file may)") {
				t.Errorf("error = %s", e.body)
			}
		}},
		// Only a config nested too deep is told the config's limit
		// (review 31).
		{"render surface 33 levels deep", "POST", "/render-hooks/plan:pre", `{"surface":` + nestedConfig(33) + `}`, nil, 400, func(t *testing.T, e exchange) {
			if m := e.json(t)["message"].(string); !strings.Contains(m, "JSON nested deeper than 33 levels") || strings.Contains(m, "config may nest") {
				t.Errorf("error = %s", e.body)
			}
		}},
		// Nor is a syntax error in the config, though it names its member
		// by a pointer under /config/ as a config nested too deep does;
		// a literal misspelt is told which to write.
		{"render config syntax error", "POST", "/render-hooks/plan:pre", `{"config": {"workflow": tru}}`, nil, 400, func(t *testing.T, e exchange) {
			if m := e.json(t)["message"].(string); m != "invalid JSON body at 1:25 (/config/workflow): unexpected 't', expected a value: JSON's literals are true, false and null; write true" {
				t.Errorf("error = %s", e.body)
			}
		}},
		// A point a typo away is named, as an id is; /render-hooks keeps
		// the reference's wording (ref §5.1) before it.
		{"render point a typo away", "GET", "/render-hooks/plan:pree", "", nil, 404, pointMeant(`Invalid loop point: "plan:pree". Valid points: discuss:pre, `, "plan:pre")},
		{"loop point a typo away", "GET", "/loop-points/plan:pree", "", nil, 404, pointMeant(`Invalid loop point: "plan:pree". Valid points: discuss:pre, `, "plan:pre")},
		{"loop point unknown", "GET", "/loop-points/plan:later", "", nil, 404, pointMeant(`Invalid loop point: "plan:later". Valid points: discuss:pre, `, "")},
		// The end of one point, its step left out, is that point
		// (orchestrator trial or1: wave:pre was given no point).
		{"render point without its step", "POST", "/render-hooks/wave:pre", `{}`, nil, 404, pointMeant(`Invalid loop point: "wave:pre". Valid points: discuss:pre, `, "execute:wave:pre")},
		// A step without its phase gets its points, on both routes, in
		// the message and in details.pointsOfStep, and no didYouMean: no
		// one point is meant.
		{"render step without phase", "GET", "/render-hooks/plan", "", nil, 404, pointsOfStep("plan:pre", "plan:post")},
		{"loop point step without phase", "GET", "/loop-points/execute:wave", "", nil, 404, pointsOfStep("execute:wave:pre", "execute:wave:post")},
		{"render bad body", "POST", "/render-hooks/plan:pre", `{"config": [1]}`, nil, 400, errorCode("bad_request")},
		{"render unknown field", "POST", "/render-hooks/plan:pre", `{"conf": {}}`, nil, 400, errorCode("bad_request")},
		{"render bad json", "POST", "/render-hooks/plan:pre", `{"config": {`, nil, 400, errorCode("bad_request")},
		{"render bad format", "GET", "/render-hooks/plan:pre?format=html", "", nil, 400, errorCode("bad_request")},
		{"render body too large", "POST", "/render-hooks/plan:pre", `{"config":{"x":"` + strings.Repeat("y", 1<<20) + `"}}`, nil, 413, errorCode("body_too_large")},
		{"unknown route", "GET", "/nope", "", nil, 404, func(t *testing.T, e exchange) {
			errorCode("not_found")(t, e)
			if m := e.json(t); m["message"] != "no such route: /nope (GET /openapi.yaml lists the routes)" || len(m["details"].(map[string]any)) != 0 {
				t.Errorf("error = %s", e.body)
			}
		}},
		// A slash too many names the route meant.
		{"trailing slash", "GET", "/capabilities/", "", nil, 404, didYouMean("/capabilities")},
		{"trailing slash after an id", "GET", "/capabilities/ui/closure/", "", nil, 404, didYouMean("/capabilities/ui/closure")},
		{"doubled slash", "GET", "/tools//ui", "", nil, 404, didYouMean("/tools/ui")},
		{"trailing slash, POST", "POST", "/validate/", `{}`, nil, 404, didYouMean("/validate")},
		{"trailing slash, wrong method", "DELETE", "/registry/", "", nil, 404, didYouMean("/registry")},
		// A path escaped whole is named as sent, and the route it escapes
		// suggested.
		{"escaped slash", "GET", "/render-hooks%2Fplan:pre", "", nil, 404, func(t *testing.T, e exchange) {
			didYouMean("/render-hooks/plan:pre")(t, e)
			if m := e.json(t); !strings.HasPrefix(m["message"].(string), "no such route: /render-hooks%2Fplan:pre (") {
				t.Errorf("error = %s", e.body)
			}
		}},
		{"escaped slash, no point", "GET", "/render-hooks%2F", "", nil, 404, errorCode("unknown_point")},
		{"escaped percent sign", "GET", "/render-hooks%252Fplan:pre", "", nil, 404, func(t *testing.T, e exchange) {
			if m := e.json(t); m["message"] != "no such route: /render-hooks%252Fplan:pre (GET /openapi.yaml lists the routes)" {
				t.Errorf("error = %s; want the path named as sent", e.body)
			}
		}},
		{"wrong method", "DELETE", "/registry", "", nil, 405, func(t *testing.T, e exchange) {
			errorCode("method_not_allowed")(t, e)
			if e.header.Get("Allow") != "GET, HEAD" {
				t.Errorf("Allow = %q", e.header.Get("Allow"))
			}
		}},
		{"render head", "HEAD", "/render-hooks/plan:pre?format=markdown", "", nil, 200, func(t *testing.T, e exchange) {
			if len(e.body) != 0 || e.header.Get("ETag") == "" || e.header.Get("Content-Length") == "0" {
				t.Fatalf("HEAD: body %d bytes, headers %v", len(e.body), e.header)
			}
			get := do(t, h, "GET", "/render-hooks/plan:pre?format=markdown", nil)
			if get.header.Get("ETag") != e.header.Get("ETag") || get.header.Get("Content-Length") != e.header.Get("Content-Length") {
				t.Errorf("HEAD headers %v differ from GET's %v", e.header, get.header)
			}
			if again := do(t, h, "HEAD", "/render-hooks/plan:pre?format=markdown", nil, "If-None-Match", e.header.Get("ETag")); again.status != 304 {
				t.Errorf("HEAD with If-None-Match: status %d, want 304", again.status)
			}
		}},
		{"head", "HEAD", "/loop-points/plan:pre", "", nil, 200, func(t *testing.T, e exchange) {
			if len(e.body) != 0 || e.header.Get("ETag") == "" || e.header.Get("Content-Length") == "0" {
				t.Errorf("HEAD: body %d bytes, headers %v", len(e.body), e.header)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			route(t, h, tt.method, strings.SplitN(tt.path, "?", 2)[0])
			e := doRaw(t, h, tt.method, tt.path, []byte(tt.body), tt.hdr...)
			if e.status != tt.status {
				t.Fatalf("status %d, want %d: %s", e.status, tt.status, truncate(e.body))
			}
			if ct := e.header.Get("Content-Type"); tt.status != 304 && !strings.Contains(ct, "json") && !strings.Contains(ct, "yaml") && !strings.Contains(ct, "text/plain") && !strings.Contains(ct, "text/markdown") {
				t.Errorf("Content-Type %q", ct)
			}
			if tt.check != nil {
				tt.check(t, e)
			}
		})
	}
}

// pointMeant checks an unknown_point 404: its message starts with prefix
// and names meant, if any, at its end and as details.didYouMean.
func pointMeant(prefix, meant string) func(t *testing.T, e exchange) {
	return func(t *testing.T, e exchange) {
		errorCode("unknown_point")(t, e)
		m := e.json(t)
		msg, _ := m["message"].(string)
		d, _ := m["details"].(map[string]any)
		suffix := "ship:post"
		if meant != "" {
			suffix = fmt.Sprintf("ship:post (did you mean %q?)", meant)
		}
		if !strings.HasPrefix(msg, prefix) || !strings.HasSuffix(msg, suffix) || d["didYouMean"] != nil != (meant != "") || meant != "" && d["didYouMean"] != meant {
			t.Errorf("error body = %s, want it to name %q", e.body, meant)
		}
	}
}

// pointsOfStep checks the 404 for a step named without its phase: the
// reference's message, then the step's points, which details.pointsOfStep
// lists, and no didYouMean.
func pointsOfStep(points ...string) func(t *testing.T, e exchange) {
	return func(t *testing.T, e exchange) {
		errorCode("unknown_point")(t, e)
		m := e.json(t)
		msg, _ := m["message"].(string)
		d, _ := m["details"].(map[string]any)
		want := fmt.Sprintf("ship:post (a loop point names its phase: did you mean %q or %q?)", points[0], points[1])
		got, _ := d["pointsOfStep"].([]any)
		if !strings.HasPrefix(msg, "Invalid loop point: ") || !strings.HasSuffix(msg, want) || d["didYouMean"] != nil ||
			len(got) != len(points) || got[0] != points[0] || got[1] != points[1] {
			t.Errorf("error body = %s, want it to name %v", e.body, points)
		}
	}
}

// nestedConfig is an object of n levels, {"a":{"a":..1}}.
func nestedConfig(n int) string {
	return strings.Repeat(`{"a":`, n) + "1" + strings.Repeat("}", n)
}

// doRaw is do, except that deliberately bad requests are not held to the spec.
func doRaw(t *testing.T, h http.Handler, method, target string, body []byte, hdr ...string) exchange {
	return do(t, h, method, target, body, hdr...)
}

// emptyChange checks the 400 a POST /validate naming no path gets.
func emptyChange(t *testing.T, e exchange) {
	errorCode("bad_request")(t, e)
	if m := e.json(t); !strings.HasPrefix(m["message"].(string), "the change is empty: ") {
		t.Errorf("error body = %s", e.body)
	}
}

// didYouMean checks a 404 that names the route probably meant.
func didYouMean(route string) func(t *testing.T, e exchange) {
	return func(t *testing.T, e exchange) {
		errorCode("not_found")(t, e)
		m := e.json(t)
		if !strings.HasSuffix(m["message"].(string), " (did you mean "+route+"?)") || m["details"].(map[string]any)["didYouMean"] != route {
			t.Errorf("error body = %s, want it to name %s", e.body, route)
		}
	}
}

// idMeant checks a 404 for an unknown id that names the id a typo away.
func idMeant(id string) func(t *testing.T, e exchange) {
	return func(t *testing.T, e exchange) {
		errorCode("not_found")(t, e)
		m := e.json(t)
		if !strings.HasSuffix(m["message"].(string), fmt.Sprintf(" (did you mean %q?)", id)) || m["details"].(map[string]any)["didYouMean"] != id {
			t.Errorf("error body = %s, want it to name %q", e.body, id)
		}
	}
}

// noIDMeant checks a 404 for an unknown id that no id is near.
func noIDMeant(t *testing.T, e exchange) {
	errorCode("not_found")(t, e)
	if m := e.json(t); strings.Contains(m["message"].(string), "did you mean") || m["details"].(map[string]any)["didYouMean"] != nil {
		t.Errorf("error body = %s, want no id named", e.body)
	}
}

func errorCode(code string) func(t *testing.T, e exchange) {
	return func(t *testing.T, e exchange) {
		m := e.json(t)
		if m["code"] != code || m["message"] == "" || m["details"] == nil {
			t.Errorf("error body = %s, want code %s", e.body, code)
		}
	}
}

// badPath checks a 400 for a change's path that no file can have: the
// path as given is in details.path.
func badPath(p string) func(t *testing.T, e exchange) {
	return func(t *testing.T, e exchange) {
		errorCode("bad_request")(t, e)
		if d, _ := e.json(t)["details"].(map[string]any); d["path"] != p {
			t.Errorf("details = %v, want path %q", d, p)
		}
	}
}

func ids(v any) string { return field(v, "id") }

func capIDs(v any) string { return field(v, "capId") }

func field(v any, key string) string {
	var out []string
	for _, it := range v.([]any) {
		out = append(out, it.(map[string]any)[key].(string))
	}
	return strings.Join(out, " ")
}

func toStrings(v any) []string {
	var out []string
	for _, it := range v.([]any) {
		out = append(out, it.(string))
	}
	return out
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	data, err := readAll(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func readAll(p string) ([]byte, error) { return os.ReadFile(p) }

// pageCursor walks GET /tools pages until the one after id, returning the
// cursor that starts there (cursors are opaque to clients).
func pageCursor(t *testing.T, after string) string {
	h := newRouter(testdataSource(t))
	cursor := ""
	for range 10 {
		e := do(t, h, "GET", "/tools?limit=1&cursor="+cursor, nil)
		m := e.json(t)
		cursor, _ = m["nextCursor"].(string)
		if ids(m["tools"]) == after {
			return cursor
		}
	}
	t.Fatalf("no page ends at %s", after)
	return ""
}

type recorder struct {
	code   int
	header http.Header
	body   bytes.Buffer
}

func newRecorder() *recorder                    { return &recorder{code: 200, header: http.Header{}} }
func (r *recorder) Header() http.Header         { return r.header }
func (r *recorder) Write(b []byte) (int, error) { return r.body.Write(b) }
func (r *recorder) WriteHeader(c int)           { r.code = c }

func tempDir() (string, error) { return os.MkdirTemp("", "capreg-bench-") }

// cardSource is a valid card of id in bin/NAME.card.json, beside its tool.
func cardSource(name, id string) validate.CardSource {
	data := fmt.Sprintf(`{"id":%q,"command":"t","summary":"s","intent_phrases":["p"],"effects":"e","risk":"reversible","example":"t"}`, id)
	return validate.CardSource{File: validate.File{Path: "bin/" + name + ".card.json", Data: []byte(data)}, ToolPath: "bin/" + name, ToolExists: true}
}

// routePath is a request path for a route pattern.
func routePath(pattern string) string {
	return strings.NewReplacer("{id}", "research", "{point}", "plan:pre", "{name}", "core").Replace(pattern)
}

// said is the message of an error, else the body.
func said(t *testing.T, e exchange) string {
	if e.status >= 400 {
		msg, _ := e.json(t)["message"].(string)
		return msg
	}
	return string(e.body)
}

// TestEmptyChangeIsInvalidInTheSpec: a POST /validate body naming no path,
// which the server refuses (400, "the change is empty"), is one
// openapi.yaml's request schema refuses too, so that a client generated
// from it does not build one expecting an answer: the schema took {} and
// {"files": {}}, and no text said they were refused.
func TestEmptyChangeIsInvalidInTheSpec(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, body := range []string{`{}`, `{"files": {}}`, `{"delete": []}`, `{"files": null, "delete": null}`, `{"files": {}, "delete": []}`} {
		emptyChange(t, do(t, h, "POST", "/validate", []byte(body)))
		if specTakes(t, "POST", "/validate", body) {
			t.Errorf("POST /validate %s: the server refuses it, openapi.yaml's request body schema takes it", body)
		}
	}
	for _, body := range []string{`{"files": {"docs/x.md": "x"}}`, `{"delete": ["docs/markers.md"]}`, `{"files": null, "delete": ["docs/markers.md"]}`, `{"files": {"docs/x.md": "x"}, "delete": []}`} {
		if e := do(t, h, "POST", "/validate", []byte(body)); e.status != 200 {
			t.Errorf("POST /validate %s: %d, want 200: %s", body, e.status, e.body)
		}
	}
}

// TestEmptyNamesAreInvalidInTheSpec: an empty or blank intent or command,
// and an empty activeCap or capability-state id, which the server refuses
// (400, details.parameter), are values openapi.yaml's parameter schemas
// refuse too, so that a client generated from it does not send one: the
// schemas took any string, and only the prose said so.
func TestEmptyNamesAreInvalidInTheSpec(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, target := range []string{"/tools?intent=", "/tools?intent=%20%09", "/tools?command=", "/tools?command=%20",
		// Characters that print as nothing are blank in an intent, which
		// is prose: a zero width space, a word joiner, a byte order mark.
		"/tools?intent=%E2%80%8B", "/tools?intent=%E2%81%A0", "/tools?intent=%EF%BB%BF", "/tools?intent=%20%E2%80%8B%C2%A0%E2%80%8D",
		"/render-hooks/plan:pre?activeCap=", "/capability-state?id="} {
		e := do(t, h, "GET", target, nil)
		if e.status != 400 {
			t.Errorf("GET %s: %d, want 400", target, e.status)
		}
		if specTakes(t, "GET", target, "") {
			t.Errorf("GET %s: the server refuses it, openapi.yaml's parameter schema takes it", target)
		}
	}
}

// TestInvisibleIntentIsBlank: an intent of characters that print as
// nothing (format characters, other default-ignorable ones, variation
// selectors) with white space or alone holds no word to search for, and is
// the 400 of a blank one, details.parameter "intent", where it was a 200
// with no results; one holding a word beside them is searched.
func TestInvisibleIntentIsBlank(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, intent := range []string{"\u200b", "\ufeff", "\u2060", "\u200d\u200c", "\u00ad", "\ufe0f", "\u3164", " \u200b\t", "\u202e\u2066"} {
		e := do(t, h, "GET", "/tools?intent="+url.QueryEscape(intent), nil)
		if e.status != http.StatusBadRequest {
			t.Errorf("intent %+q: %d, want 400: %s", intent, e.status, e.body)
			continue
		}
		if m := e.json(t); m["message"] != search.ErrEmptyIntent.Error() || m["details"].(map[string]any)["parameter"] != "intent" {
			t.Errorf("intent %+q: %s, want the blank intent's 400", intent, e.body)
		}
	}
	for _, intent := range []string{"\u200bmerge", "merge\ufeff", "\u0600", "?"} {
		if e := do(t, h, "GET", "/tools?intent="+url.QueryEscape(intent), nil); e.status != http.StatusOK {
			t.Errorf("intent %+q: %d, want 200: %s", intent, e.status, e.body)
		}
	}
}

// TestCommandOfNoBreakSpaceInTheSpec: a command of a no-break space alone
// is no blank line (bash runs it as a command of that name), so the server
// answers it, and openapi.yaml's parameter schema takes it too (its
// pattern names the ASCII white space it refuses: "\\S", read as ECMA-262
// reads it, for JSON Schema, refused a no-break space too).
func TestCommandOfNoBreakSpaceInTheSpec(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, target := range []string{"/tools?command=%C2%A0", "/tools?command=%20%C2%A0%20"} {
		if e := do(t, h, "GET", target, nil); e.status != 200 {
			t.Errorf("GET %s: %d, want 200: %s", target, e.status, e.body)
		}
		if !specTakes(t, "GET", target, "") {
			t.Errorf("GET %s: the server answers it, openapi.yaml's parameter schema refuses it", target)
		}
	}
}

// specTakes reports whether openapi.yaml's request schemas take the request.
func specTakes(t *testing.T, method, target, body string) bool {
	t.Helper()
	sp, err := loadSpec()
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	route, params, err := sp.router.FindRoute(req)
	if err != nil {
		t.Fatal(err)
	}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}}
	return openapi3filter.ValidateRequest(context.Background(), in) == nil
}

// TestProfileNamingNoModeIsInvalidInTheSpec: a render body's profile that
// names no mode ("", blanks, commas only), which the server refuses (400
// at /profile), is one openapi.yaml's RenderRequest refuses too; its schema
// took any string, so a client generated from it sent "$PROFILE" unset.
func TestProfileNamingNoModeIsInvalidInTheSpec(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, target := range []string{"/render-hooks/plan:pre", "/capability-state"} {
		for _, body := range []string{`{"profile": ""}`, `{"profile": " "}`, `{"profile": ","}`, `{"profile": " , "}`} {
			if e := do(t, h, "POST", target, []byte(body)); e.status != 400 {
				t.Errorf("POST %s %s: %d, want 400", target, body, e.status)
			}
			if specTakes(t, "POST", target, body) {
				t.Errorf("POST %s %s: the server refuses it, openapi.yaml's RenderRequest takes it", target, body)
			}
		}
		for _, body := range []string{`{"profile": "core"}`, `{"profile": "core,standard"}`, `{"profile": " full "}`, `{"profile": null}`, `{"profile": "nosuch"}`} {
			if e := do(t, h, "POST", target, []byte(body)); e.status != 200 {
				t.Errorf("POST %s %s: %d, want 200", target, body, e.status)
			}
		}
	}
}
