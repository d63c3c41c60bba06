package api_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

func readAll(p string) ([]byte, error) { return os.ReadFile(p) }

// TestETag checks the strong ETag and 304 on every snapshot-backed GET.
func TestETag(t *testing.T) {
	src := testdataSource(t)
	h := newRouter(src)
	snap := src.Current()
	etag := `"` + snap.Digest + `"`
	for _, path := range []string{"/registry", "/contract", "/capabilities", "/capabilities/ui", "/capabilities/ui/closure",
		"/loop-points", "/loop-points/verify:post", "/config-keys", "/profiles", "/profiles/core"} {
		e := do(t, h, "GET", path, nil)
		if e.header.Get("ETag") != etag || e.header.Get("X-Capreg-Generation") != "7" {
			t.Errorf("%s: ETag %q generation %q", path, e.header.Get("ETag"), e.header.Get("X-Capreg-Generation"))
		}
		for _, inm := range []string{etag, `W/` + etag, `"other", ` + etag, "*"} {
			if e := do(t, h, "GET", path, nil, "If-None-Match", inm); e.status != http.StatusNotModified || len(e.body) != 0 {
				t.Errorf("%s If-None-Match %s: status %d", path, inm, e.status)
			}
		}
		if e := do(t, h, "GET", path, nil, "If-None-Match", `"stale"`); e.status != http.StatusOK {
			t.Errorf("%s with a stale ETag: status %d", path, e.status)
		}
	}
}

func TestGzip(t *testing.T) {
	h := newRouter(testdataSource(t))
	e := do(t, h, "GET", "/registry", nil, "Accept-Encoding", "gzip")
	if e.header.Get("Content-Encoding") != "gzip" || e.header.Get("Vary") != "Accept-Encoding" {
		t.Fatalf("headers %v", e.header)
	}
	zr, err := gzip.NewReader(bytes.NewReader(e.body))
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	snap, _ := repoSnap()
	if !bytes.Equal(plain, snap.Artifacts[store.RegistryFile]) {
		t.Error("gzip body does not decompress to the registry")
	}
	if e := do(t, h, "GET", "/registry", nil, "Accept-Encoding", "gzip;q=0"); e.header.Get("Content-Encoding") != "" {
		t.Error("gzip;q=0 must not get gzip")
	}
}

// TestNotReady: before the first valid build, data endpoints and /readyz
// answer 503; liveness and status still answer.
func TestNotReady(t *testing.T) {
	src := &source{status: store.Status{Failures: 1, Failure: &store.Failure{Error: "repository has errors"}}}
	h := newRouter(src)
	for _, path := range []string{"/registry", "/capabilities", "/loop-points/plan:pre", "/readyz"} {
		e := do(t, h, "GET", path, nil)
		if e.status != http.StatusServiceUnavailable || !strings.Contains(string(e.body), `"not_ready"`) {
			t.Errorf("%s: %d %s", path, e.status, e.body)
		}
	}
	if e := do(t, h, "GET", "/healthz", nil); e.status != 200 {
		t.Errorf("healthz %d", e.status)
	}
	e := do(t, h, "GET", "/status", nil)
	if m := e.json(t); m["ready"] != false || m["failure"] == nil {
		t.Errorf("status = %s", e.body)
	}
}

// TestStatusReportsFailure shows the last failed rebuild while it is unresolved.
func TestStatusReportsFailure(t *testing.T) {
	src := testdataSource(t)
	src.status.Failure = &store.Failure{Error: "repository has errors; still serving generation 7",
		Diagnostics: validate.Diagnostics{{File: "capabilities/ui/capability.json", Line: 4, Column: 3, Rule: "schema", Severity: "error", Message: "bad tier"}}}
	e := do(t, newRouter(src), "GET", "/status", nil)
	if !strings.Contains(string(e.body), `"rule":"schema"`) || !strings.Contains(string(e.body), `"line":4`) {
		t.Errorf("status = %s", e.body)
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

// TestETagVariants: representations of one URL have different strong ETags
// (gzip, markdown chosen by Accept), and only the tag of the representation
// the request would get answers 304 (TestETagIsTheRepresentationSent has
// the full table).
func TestETagVariants(t *testing.T) {
	h := newRouter(testdataSource(t))
	plain := do(t, h, "GET", "/registry", nil)
	gz := do(t, h, "GET", "/registry", nil, "Accept-Encoding", "gzip")
	if plain.header.Get("ETag") == gz.header.Get("ETag") {
		t.Errorf("identity and gzip share the ETag %s", gz.header.Get("ETag"))
	}
	for held, want := range map[string]int{gz.header.Get("ETag"): 304, plain.header.Get("ETag"): 200} {
		if e := do(t, h, "GET", "/registry", nil, "Accept-Encoding", "gzip", "If-None-Match", held); e.status != want {
			t.Errorf("gzip asked, If-None-Match %s: %d, want %d", held, e.status, want)
		}
	}
	js := do(t, h, "GET", "/render-hooks/verify:post", nil)
	md := do(t, h, "GET", "/render-hooks/verify:post", nil, "Accept", "text/markdown")
	if js.header.Get("ETag") == md.header.Get("ETag") || !strings.Contains(md.header.Get("Vary"), "Accept") {
		t.Errorf("json %s / markdown %s, Vary %q", js.header.Get("ETag"), md.header.Get("ETag"), md.header.Get("Vary"))
	}
	if e := do(t, h, "GET", "/render-hooks/verify:post", nil, "Accept", "text/markdown", "If-None-Match", js.header.Get("ETag")); e.status != 200 {
		t.Errorf("the JSON ETag matched the markdown representation: %d", e.status)
	}
}

// cardSource is a valid card of id in bin/NAME.card.json, beside its tool.
func cardSource(name, id string) validate.CardSource {
	data := fmt.Sprintf(`{"id":%q,"command":"t","summary":"s","intent_phrases":["p"],"effects":"e","risk":"reversible","example":"t"}`, id)
	return validate.CardSource{File: validate.File{Path: "bin/" + name + ".card.json", Data: []byte(data)}, ToolPath: "bin/" + name, ToolExists: true}
}

// Card ids are free strings: each is fetched by its percent-encoded form,
// decoded exactly once.
func TestToolIDsArePercentDecodedOnce(t *testing.T) {
	card := func(id string) validate.CardSource {
		return cardSource(strings.NewReplacer("/", "_", "%", "_").Replace(id), id)
	}
	h, _ := cardsRouter(t, card("pct%41"), card("pctA"), card("ns/tool"), card("x/"), card("ns/."), card("a/../b"), card("q?x"), card("my tool"))
	for path, want := range map[string]string{
		"/tools/pct%2541":  "pct%41",
		"/tools/pctA":      "pctA",
		"/tools/pct%41":    "pctA",
		"/tools/ns%2Ftool": "ns/tool",
	} {
		e := do(t, h, "GET", path, nil)
		if e.status != 200 {
			t.Errorf("%s: status %d", path, e.status)
			continue
		}
		if id := e.json(t)["id"]; id != want {
			t.Errorf("%s: card %v, want %q", path, id, want)
		}
	}
	// With the slash of its id unescaped, the path names no route; the
	// 404 names the one meant, for a served card only.
	e := do(t, h, "GET", "/tools/ns/tool", nil)
	if m := e.json(t); e.status != 404 || m["details"].(map[string]any)["didYouMean"] != "/tools/ns%2Ftool" {
		t.Errorf("/tools/ns/tool: %d %s", e.status, e.body)
	}
	if e := do(t, h, "GET", "/tools/ns/other", nil); e.status != 404 || strings.Contains(string(e.body), "didYouMean") {
		t.Errorf("/tools/ns/other: %d %s", e.status, e.body)
	}
	// An id that cleaning a path would change is named as it is, not
	// cleaned into a card that does not exist (/tools/x/ is not /tools/x).
	for path, want := range map[string]string{
		"/tools/x/":     "/tools/x%2F",
		"/tools/ns/.":   "/tools/ns%2F.",
		"/tools/a/../b": "/tools/a%2F..%2Fb",
		"/tools//pctA":  "/tools/pctA",
		// Suggestions are escaped, so that following one asks for the card.
		"/tools%2Fq%3Fx":      "/tools/q%3Fx",
		"/tools/q%3Fx/":       "/tools/q%3Fx",
		"/tools/my%20tool/":   "/tools/my%20tool",
		"/tools%2Fmy%20tool":  "/tools/my%20tool",
		"/tools/ns/tool/":     "/tools/ns%2Ftool",
		"/tools%2Fns%2Ftool/": "/tools/ns%2Ftool",
	} {
		e := do(t, h, "GET", path, nil)
		m := e.json(t)
		d, _ := m["details"].(map[string]any)
		if e.status != 404 || d["didYouMean"] != want {
			t.Errorf("%s: %d %s, want didYouMean %s", path, e.status, e.body, want)
			continue
		}
		if e := do(t, h, "GET", want, nil); e.status != 200 {
			t.Errorf("%s suggests %s, which is a %d", path, want, e.status)
		}
	}
}

// A step may repeat an agent role in its marker (the reference does not
// catch it, ref §1.2): GET /loop-points/{point} still groups each role's
// contributions under one key, not under the role as often as it is
// declared, which would repeat a key of the JSON object.
func TestLoopPointRepeatedRoleGroupsOnce(t *testing.T) {
	tests := []struct{ roles, want string }{
		{"researcher, planner, checker", `"planner"`},
		{"planner, researcher, planner", `"planner"`},
		{"planner, planner, planner, checker", `"planner"`},
	}
	for _, tt := range tests {
		t.Run(tt.roles, func(t *testing.T) {
			repo := t.TempDir()
			if err := os.CopyFS(repo, os.DirFS("../testdata/repo")); err != nil {
				t.Fatal(err)
			}
			wf := repo + "/workflows/plan-phase.md"
			data, err := os.ReadFile(wf)
			if err != nil {
				t.Fatal(err)
			}
			data = bytes.Replace(data, []byte("agent-roles: researcher, planner, checker"), []byte("agent-roles: "+tt.roles), 1)
			if err := os.WriteFile(wf, data, 0o644); err != nil {
				t.Fatal(err)
			}
			e := do(t, newRouter(repoSource(t, repo)), "GET", "/loop-points/plan:pre", nil)
			_, byRole, _ := bytes.Cut(e.body, []byte(`"contributionsByRole"`))
			if n := bytes.Count(byRole, []byte(tt.want+": [")); n != 1 {
				t.Errorf("contributionsByRole holds %s %d times:\n%s", tt.want, n, byRole)
			}
		})
	}
}

// TestStatusSaysWhereTheConfigSchemaCameFrom: GET /status names the central
// config schema the config keys were compared with and what chose it, or
// null when none was (a config-schema-ambiguous warning says why, for
// several found).
func TestStatusSaysWhereTheConfigSchemaCameFrom(t *testing.T) {
	const schema = "config/config-schema.manifest.json"
	tests := []struct {
		name  string
		write map[string]string // "" deletes
		want  map[string]any    // nil: null
	}{
		{"named by capreg.json", nil, map[string]any{"path": schema, "from": "capreg.json"}},
		{"found by the walk", map[string]string{"capreg.json": ""}, map[string]any{"path": schema, "from": "discovery"}},
		{"several found", map[string]string{"capreg.json": "", "docs/config-schema.manifest.json": `{"validKeys": []}`}, nil},
		{"none asked for", map[string]string{"capreg.json": `{"configSchema": ""}`}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo := t.TempDir()
			if err := os.CopyFS(repo, os.DirFS("../testdata/repo")); err != nil {
				t.Fatal(err)
			}
			for p, data := range tt.write {
				var err error
				if data == "" {
					err = os.Remove(filepath.Join(repo, p))
				} else {
					err = os.WriteFile(filepath.Join(repo, p), []byte(data), 0o644)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			m := do(t, newRouter(repoSource(t, repo)), "GET", "/status", nil).json(t)
			got, present := m["configSchema"]
			if !present {
				t.Fatalf("status has no configSchema: %v", m)
			}
			if tt.want == nil && got != nil || tt.want != nil && fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("configSchema = %v, want %v", got, tt.want)
			}
		})
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
