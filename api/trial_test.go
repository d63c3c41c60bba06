package api_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// The tests in this file come from a new-user trial of the daemon.

// TestETagIsTheRepresentationSent: a gzip body and an identity body are two
// representations with two tags, so a tag held for one must not answer 304
// for a request that would be sent the other.
func TestETagIsTheRepresentationSent(t *testing.T) {
	src := testdataSource(t)
	h := newRouter(src)
	d := src.Current().Digest
	plain, gz := `"`+d+`"`, `"`+d+`-gzip"`
	md, mdGz := `"`+d+`-markdown"`, `"`+d+`-markdown-gzip"`
	small := do(t, h, "GET", "/profiles/core", nil, "Accept-Encoding", "gzip")
	if small.header.Get("Content-Encoding") != "" || small.header.Get("ETag") != plain {
		t.Fatalf("/profiles/core is expected to be too small to gzip: %v", small.header)
	}
	tests := []struct {
		name, path, acceptEncoding, accept, ifNoneMatch string
		want                                            int
	}{
		{"identity, identity tag", "/registry", "", "", plain, 304},
		{"identity, gzip tag", "/registry", "", "", gz, 200},
		{"identity, weak gzip tag", "/registry", "", "", "W/" + gz, 200},
		{"gzip, gzip tag", "/registry", "gzip", "", gz, 304},
		{"gzip, weak gzip tag", "/registry", "gzip", "", "W/" + gz, 304},
		{"gzip, identity tag", "/registry", "gzip", "", plain, 200},
		{"gzip refused by q=0, gzip tag", "/registry", "gzip;q=0", "", gz, 200},
		{"gzip, both tags listed", "/registry", "gzip", "", plain + ", " + gz, 304},
		{"gzip, any", "/registry", "gzip", "", "*", 304},
		{"HEAD gzip, identity tag", "/registry", "gzip", "", plain, 200},
		// Under 1 KiB nothing is gzipped: the identity body is what is sent.
		{"small body, gzip asked, identity tag", "/profiles/core", "gzip", "", plain, 304},
		{"small body, gzip asked, gzip tag", "/profiles/core", "gzip", "", gz, 200},
		{"markdown, markdown tag", "/render-hooks/verify:post", "", "text/markdown", md, 304},
		{"markdown, gzip markdown tag", "/render-hooks/verify:post", "", "text/markdown", mdGz, 200},
		{"markdown, snapshot tag", "/render-hooks/verify:post", "", "text/markdown", plain, 200},
		{"markdown by weight and in capitals, markdown tag", "/render-hooks/verify:post", "", "application/json;q=0.5, TEXT/MARKDOWN", md, 304},
		{"markdown refused by q=0, markdown tag", "/render-hooks/verify:post", "", "text/markdown;q=0", md, 200},
		{"gzip in capitals, gzip tag", "/registry", "GZIP", "", gz, 304},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			method := "GET"
			if strings.HasPrefix(tt.name, "HEAD") {
				method = "HEAD"
			}
			hdr := []string{"If-None-Match", tt.ifNoneMatch}
			if tt.acceptEncoding != "" {
				hdr = append(hdr, "Accept-Encoding", tt.acceptEncoding)
			}
			if tt.accept != "" {
				hdr = append(hdr, "Accept", tt.accept)
			}
			e := do(t, h, method, tt.path, nil, hdr...)
			if e.status != tt.want {
				t.Errorf("%s %s (Accept-Encoding %q) If-None-Match %s: %d, want %d (ETag %s)",
					method, tt.path, tt.acceptEncoding, tt.ifNoneMatch, e.status, tt.want, e.header.Get("ETag"))
			}
		})
	}
}

// requestCount reads one sample of capreg_http_requests_total.
func requestCount(t *testing.T, m *api.Metrics, route, method, code string) float64 {
	t.Helper()
	v, _ := sampleValue(t, m, "capreg_http_requests_total", map[string]string{"route": route, "method": method, "code": code})
	return v
}

// sampleValue reads the counter or gauge name whose labels include labels.
func sampleValue(t *testing.T, m *api.Metrics, name string, labels map[string]string) (float64, bool) {
	t.Helper()
	families, err := m.Registry().Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
		for _, mt := range f.GetMetric() {
			matched := 0
			for _, l := range mt.GetLabel() {
				if v, ok := labels[l.GetName()]; ok && v == l.GetValue() {
					matched++
				}
			}
			if matched != len(labels) {
				continue
			}
			if c := mt.GetCounter(); c != nil {
				return c.GetValue(), true
			}
			return mt.GetGauge().GetValue(), true
		}
	}
	return 0, false
}

// TestMetricsRouteOfEveryOutcome: a request whose path matches a route is
// counted under that route's pattern whatever its method or status (a 405,
// a 413 written before routing); only paths no route has are "unmatched".
func TestMetricsRouteOfEveryOutcome(t *testing.T) {
	tests := []struct {
		name, method, path, body string
		code                     int
		route                    string
	}{
		{"413 before routing", "POST", "/render-hooks/plan:pre", `{"config":{"x":"` + strings.Repeat("y", 64) + `"}}`, 413, "/render-hooks/{point}"},
		{"405 on a render point", "PUT", "/render-hooks/plan:pre", "", 405, "/render-hooks/{point}"},
		{"405 on /tools", "DELETE", "/tools", "", 405, "/tools"},
		{"405 for a method chi does not know", "FROB", "/registry", "", 405, "/registry"},
		{"400 for a malformed query, before routing", "GET", "/tools?intent=%zz", "", 400, "/tools"},
		{"405 on a percent-encoded id", "PUT", "/tools/ns%2Ftool", "", 405, "/tools/{id}"},
		{"404 from a handler", "GET", "/capabilities/nope", "", 404, "/capabilities/{id}"},
		{"200", "GET", "/loop-points/plan:pre", "", 200, "/loop-points/{point}"},
		{"404 for a path no route has", "GET", "/nope/deeper", "", 404, "unmatched"},
		{"405-worthy method on a path no route has", "PUT", "/nope", "", 404, "unmatched"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := api.NewMetrics()
			h := api.NewRouter(testdataSource(t), api.Options{Metrics: m, MaxBodyBytes: 32})
			e := do(t, h, tt.method, tt.path, []byte(tt.body))
			if e.status != tt.code {
				t.Fatalf("status %d, want %d: %s", e.status, tt.code, e.body)
			}
			method := tt.method
			if method == "FROB" {
				method = "other"
			}
			if got := requestCount(t, m, tt.route, method, fmt.Sprint(tt.code)); got != 1 {
				t.Errorf("capreg_http_requests_total{route=%q,method=%q,code=\"%d\"} = %v, want 1", tt.route, method, tt.code, got)
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

// servedSnap is testdata/repo loaded as the daemon loads it, with the tree
// POST /validate judges paths by.
var servedSnap = sync.OnceValues(func() (*store.Snapshot, error) {
	snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: "../testdata/repo", Tree: true}})
	if err == nil {
		snap.Generation = 3
	}
	return snap, err
})

func servedSource(t *testing.T) *source {
	t.Helper()
	snap, err := servedSnap()
	if err != nil || !snap.OK() || snap.Tree == nil {
		t.Fatalf("testdata/repo: %v", err)
	}
	s := &source{status: store.Status{Generation: 3, Rebuilds: 3}}
	s.snap.Store(snap)
	return s
}

// TestValidateRefusesChangesThatCannotBeMade: a change that contradicts
// itself or the served tree is a 400 naming the paths, not a judgement of a
// repository no one can produce.
func TestValidateRefusesChangesThatCannotBeMade(t *testing.T) {
	ui := jsonString(readFile(t, "../testdata/repo/capabilities/ui/capability.json"))
	tests := []struct {
		name  string
		body  string
		want  int
		paths string // the conflicting paths of details.conflicts, in order; none: details.reasons instead
		says  string // in the message
	}{
		{"a file where the served tree has a directory", `{"files":{"capabilities/research":"x"}}`, 400, "capabilities/research", "is a directory"},
		{"a file where the served tree has a directory, path not clean", `{"files":{"./workflows/":"x"}}`, 400, "workflows", "is a directory"},
		{"a delete of a path that does not exist", `{"delete":["nonexistent.md"]}`, 400, "nonexistent.md", "nothing to delete"},
		{"a delete under a file", `{"delete":["bin/ft/x"]}`, 400, "bin/ft/x", "nothing to delete"},
		{"a delete in a folder that does not exist", `{"delete":["node_modules/x.md"]}`, 400, "node_modules/x.md", "nothing to delete"},
		{"a path both written and deleted", `{"files":{"capabilities/ui/capability.json":` + ui + `},"delete":["capabilities/ui/capability.json"]}`, 400,
			"capabilities/ui/capability.json", "both writes and deletes"},
		{"both written and deleted, spelt differently", `{"files":{"docs/./markers.md":"x"},"delete":["docs/markers.md"]}`, 400, "docs/markers.md", "both writes and deletes"},
		{"a path written twice, spelt differently, with different contents", `{"files":{"docs/markers.md":"x","docs/./markers.md":"y"}}`, 400, "docs/markers.md", "writes it twice"},
		{"a file under a file of the served tree", `{"files":{"bin/ft/run":"x"}}`, 400, "bin/ft/run", "bin/ft is a file"},
		{"a file under a file of the change", `{"files":{"notes":"x","notes/a.md":"y"}}`, 400, "notes", "writes files under it"},
		{"a file under a declaration", `{"files":{"capabilities/research/capability.json/x":"{}"}}`, 400,
			"capabilities/research/capability.json/x", "capabilities/research/capability.json is a file"},
		{"a file under a fragment", `{"files":{"capabilities/research/loop/research-prompt.md/deeper.md":"x"}}`, 400,
			"capabilities/research/loop/research-prompt.md/deeper.md", "research-prompt.md is a file"},
		{"a delete in a capability folder the scan did not read (unknown: needs a rescan)", `{"delete":["capabilities/research/never.md"]}`, 400,
			"", "whether capabilities/research/never.md exists"},
		{"every conflict is named", `{"files":{"capabilities/research":"x"},"delete":["gone.md","also-gone.md"]}`, 400,
			"capabilities/research gone.md also-gone.md", "capabilities/research"},

		{"a delete of an existing file", `{"delete":["docs/markers.md"]}`, 200, "", ""},
		{"a delete of an existing directory", `{"delete":["capabilities/research"]}`, 200, "", ""},
		{"a directory deleted and a file written in it", `{"delete":["capabilities/research"],"files":{"capabilities/research/capability.json":"{}"}}`, 200, "", ""},
		{"a file deleted and a directory written in its place", `{"delete":["bin/ft"],"files":{"bin/ft/run":"x"}}`, 200, "", ""},
		{"a delete of a fragment", `{"delete":["capabilities/research/loop/research-prompt.md"]}`, 200, "", ""},
		{"a path written twice with the same contents", `{"files":{"docs/markers.md":"x","docs//markers.md":"x"}}`, 200, "", ""},
		{"a path deleted twice", `{"delete":["docs/markers.md","docs/markers.md"]}`, 200, "", ""},
	}
	h := newRouter(servedSource(t))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := do(t, h, "POST", "/validate", []byte(tt.body))
			if e.status != tt.want {
				t.Fatalf("status %d, want %d: %s", e.status, tt.want, e.body)
			}
			if tt.want != 400 {
				return
			}
			m := e.json(t)
			if m["code"] != "bad_request" || !strings.Contains(m["message"].(string), tt.says) {
				t.Errorf("error = %s; want bad_request saying %q", e.body, tt.says)
			}
			details, _ := m["details"].(map[string]any)
			if reasons, _ := details["reasons"].([]any); tt.paths == "" && len(reasons) == 0 {
				t.Errorf("error = %s; want details.reasons", e.body)
			}
			conflicts, _ := details["conflicts"].([]any)
			var paths []string
			for _, c := range conflicts {
				c := c.(map[string]any)
				if c["reason"] == "" {
					t.Errorf("conflict %v has no reason", c)
				}
				paths = append(paths, c["path"].(string))
			}
			if got := strings.Join(paths, " "); got != tt.paths {
				t.Errorf("details.conflicts name %q, want %q", got, tt.paths)
			}
		})
	}
}

// TestValidateConflictsWithoutTree: a snapshot without a recorded tree
// knows nothing of the paths beyond its inputs, so only a change that
// contradicts itself is refused.
func TestValidateConflictsWithoutTree(t *testing.T) {
	h := newRouter(testdataSource(t)) // loaded without the tree
	for body, want := range map[string]int{
		`{"files":{"capabilities/research":"x"}}`:       200,
		`{"delete":["nonexistent.md"]}`:                 200,
		`{"files":{"a.md":"x"},"delete":["a.md"]}`:      400,
		`{"files":{"notes":"x","notes/a.md":"y"}}`:      400,
		`{"files":{"x.md":"x"},"delete":["x.md/y"]}`:    200,
		`{"files":{"docs/a.md":"x"},"delete":["docs"]}`: 200,
	} {
		if e := do(t, h, "POST", "/validate", []byte(body)); e.status != want {
			t.Errorf("%s: status %d, want %d: %s", body, e.status, want, e.body)
		}
	}
}

// notBuilt is a source that has never built a registry: the last build
// ended as failure says (nil: the first build has not finished).
func notBuilt(failure *store.Failure) *source {
	st := store.Status{}
	if failure != nil {
		st.Failures, st.LastAttempt, st.Failure = 1, failure.At, failure
	}
	return &source{status: st}
}

// TestNothingBuiltYet: before the first good build, nothing claims a
// generation is being served, and every 503 says why nothing is.
func TestNothingBuiltYet(t *testing.T) {
	at := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	findings := &store.Failure{At: at, Error: "the repository has 2 errors; no registry has been built successfully yet", Diagnostics: validate.Diagnostics{
		{File: "capabilities/a/capability.json", Line: 1, Column: 1, Rule: "json-syntax", Severity: validate.Error, Message: "unexpected end"},
		{File: "capabilities/b/capability.json", Line: 2, Column: 3, Rule: "schema", Severity: validate.Error, Message: "bad tier"},
	}}
	unreadable := &store.Failure{At: at, Error: "scan /srv/repo: open /srv/repo: permission denied"}
	tests := []struct {
		name   string
		src    *source
		reason string // in every message
	}{
		{"the last build had findings", notBuilt(findings), "the last build found 2 errors"},
		{"the repository could not be read", notBuilt(unreadable), "the last build failed: scan /srv/repo: open /srv/repo: permission denied"},
		{"the first build has not finished", notBuilt(nil), "the first build has not finished"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newRouter(tt.src)
			for _, req := range []struct{ method, path, body, also string }{
				{"GET", "/readyz", "", ""},
				{"GET", "/registry", "", ""},
				{"POST", "/validate", `{"delete":["x.md"]}`, "nothing to validate a change against"},
				{"POST", "/render-hooks/plan:pre", `{}`, ""},
			} {
				e := do(t, h, req.method, req.path, []byte(req.body))
				m := e.json(t)
				msg, _ := m["message"].(string)
				if e.status != 503 || m["code"] != "not_ready" || !strings.Contains(msg, "no registry has been built successfully yet") ||
					!strings.Contains(msg, tt.reason) || !strings.Contains(msg, req.also) || strings.Contains(string(e.body), "still serving") {
					t.Errorf("%s %s: %d %s", req.method, req.path, e.status, e.body)
				}
			}
			e := do(t, h, "GET", "/status", nil)
			m := e.json(t)
			if m["ready"] != false || strings.Contains(string(e.body), "still serving") {
				t.Errorf("status = %s", e.body)
			}
			if tt.src.status.Failure == nil {
				return
			}
			f := m["failure"].(map[string]any)
			if tt.src.status.Failure == findings && f["error"] != "the repository has 2 errors; no registry has been built successfully yet" {
				t.Errorf("status failure.error = %q", f["error"])
			}
		})
	}
}

// TestNothingBuiltYetFromTheWatcher: the same through the real watcher, over
// a repository whose first build fails.
func TestNothingBuiltYetFromTheWatcher(t *testing.T) {
	repo := t.TempDir()
	if err := os.MkdirAll(filepath.Join(repo, "capabilities", "bad"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repo, "capabilities", "bad", "capability.json"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	w := store.NewWatcher(store.WatchOptions{Options: store.Options{ScanOptions: store.ScanOptions{Repo: repo}}, Poll: time.Hour, ReloadInterval: time.Nanosecond})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	defer func() { cancel(); <-done }()
	st, err := w.Reload(ctx)
	if err != nil || st.Failure == nil || len(st.Failure.Diagnostics) == 0 {
		t.Fatalf("reload: %v %+v", err, st)
	}
	h := newRouter(w)
	want := fmt.Sprintf("the last build found %d error", len(st.Failure.Diagnostics))
	for _, path := range []string{"/readyz", "/status"} {
		e := do(t, h, "GET", path, nil)
		if body := string(e.body); strings.Contains(body, "still serving") || !strings.Contains(body, "no registry has been built successfully yet") {
			t.Errorf("%s: %d %s", path, e.status, body)
		}
	}
	if e := do(t, h, "GET", "/readyz", nil); e.status != 503 || !strings.Contains(e.json(t)["message"].(string), want) {
		t.Errorf("/readyz: %d %s; want 503 saying %q", e.status, e.body, want)
	}
	if e := do(t, h, "POST", "/validate", []byte(`{"delete":["capabilities/bad"]}`)); e.status != 503 ||
		!strings.Contains(e.json(t)["message"].(string), "nothing to validate a change against") {
		t.Errorf("/validate: %d %s", e.status, e.body)
	}
}

// TestMetricsAfterARevertedBreak: a broken change sets the error gauge and
// reverting it clears the gauge, though the reverted build serves nothing
// new (an alert on capreg_diagnostics{severity="error"} > 0 must resolve);
// and the time of the last successful reload is the revert's, not one
// before the failure it recovered from.
func TestMetricsAfterARevertedBreak(t *testing.T) {
	repo := t.TempDir()
	if err := os.CopyFS(repo, os.DirFS("../testdata/repo")); err != nil {
		t.Fatal(err)
	}
	m := api.NewMetrics()
	w := store.NewWatcher(store.WatchOptions{Options: store.Options{ScanOptions: store.ScanOptions{Repo: repo}}, Poll: time.Hour, ReloadInterval: time.Nanosecond, Observer: m})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	defer func() { cancel(); <-done }()
	ui := filepath.Join(repo, "capabilities", "ui", "capability.json")
	good, err := os.ReadFile(ui)
	if err != nil {
		t.Fatal(err)
	}
	gauge := func(step string, want float64) {
		t.Helper()
		if _, err := w.Reload(ctx); err != nil {
			t.Fatal(err)
		}
		if got := gaugeValue(t, m, "capreg_diagnostics", "severity", "error"); got != want {
			t.Errorf("%s: capreg_diagnostics{severity=\"error\"} = %v, want %v", step, got, want)
		}
	}
	gauge("first build", 0)
	if err := os.WriteFile(ui, []byte(`{"id": "ui"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	gauge("broken", 1)
	if err := os.WriteFile(ui, good, 0o644); err != nil {
		t.Fatal(err)
	}
	broken := float64(time.Now().UnixNano()) / 1e9
	gauge("reverted", 0)
	last, ok := sampleValue(t, m, "capreg_registry_last_reload_success_timestamp_seconds", nil)
	if !ok || last < broken {
		t.Errorf("capreg_registry_last_reload_success_timestamp_seconds = %f, want the revert's time, at or after %f", last, broken)
	}
	// A repository that cannot be read at all builds nothing: that is an
	// error too, where the gauge kept the last build's 0.
	gone := repo + ".gone"
	if err := os.Rename(repo, gone); err != nil {
		t.Fatal(err)
	}
	w.Reload(ctx) // fails: no repository
	if got := gaugeValue(t, m, "capreg_diagnostics", "severity", "error"); got != 1 {
		t.Errorf("repository gone: capreg_diagnostics{severity=\"error\"} = %v, want 1", got)
	}
	if err := os.Rename(gone, repo); err != nil {
		t.Fatal(err)
	}
	gauge("back", 0)
}

// gaugeValue is the value of the gauge name{label="value"} in m.
func gaugeValue(t *testing.T, m *api.Metrics, name, label, value string) float64 {
	t.Helper()
	v, ok := sampleValue(t, m, name, map[string]string{label: value})
	if !ok {
		t.Fatalf("no gauge %s{%s=%q}", name, label, value)
	}
	return v
}

// TestNotReadyCarriesFirstDiagnostics: a 503 not_ready carries the first
// maxFailureDiagnostics of the last build's diagnostics and counts the
// errors not among them, which GET /status lists (up to validate.MaxPerRule
// of a rule in a file): every probe of an unready pod gets one.
func TestNotReadyCarriesFirstDiagnostics(t *testing.T) {
	var diags validate.Diagnostics
	for i := range 25 {
		diags = append(diags, validate.Diagnostic{File: fmt.Sprintf("bin/t%d.card.json", i), Line: 1, Column: 1, Rule: "json-syntax", Severity: validate.Error, Message: "unexpected end"})
	}
	h := newRouter(notBuilt(&store.Failure{At: time.Now(), Error: "the repository has 25 errors", Diagnostics: diags}))
	e := do(t, h, "GET", "/readyz", nil)
	m := e.json(t)
	details, _ := m["details"].(map[string]any)
	failure, _ := details["failure"].(map[string]any)
	got, _ := failure["diagnostics"].([]any)
	if e.status != 503 || len(got) != 20 || details["diagnosticsOmitted"] != float64(5) ||
		!strings.Contains(m["message"].(string), "the last build found 25 errors (details.failure lists the first 20; GET /status lists them, counting rather than listing past 100 of one rule in one file)") {
		t.Errorf("GET /readyz: %d, %d diagnostics, omitted %v: %s", e.status, len(got), details["diagnosticsOmitted"], m["message"])
	}
	st := do(t, h, "GET", "/status", nil).json(t)
	if all, _ := st["failure"].(map[string]any)["diagnostics"].([]any); len(all) != 25 {
		t.Errorf("GET /status lists %d diagnostics, want 25", len(all))
	}
	// The last stands for 50 validation counted without listing them:
	// those are not in details either.
	diags[24].Omitted = 50
	h = newRouter(notBuilt(&store.Failure{At: time.Now(), Error: "the repository has 74 errors", Diagnostics: diags}))
	m = do(t, h, "GET", "/readyz", nil).json(t)
	details, _ = m["details"].(map[string]any)
	if details["diagnosticsOmitted"] != float64(54) || !strings.Contains(m["message"].(string), "the last build found 74 errors") {
		t.Errorf("GET /readyz with 50 errors not listed: omitted %v: %s", details["diagnosticsOmitted"], m["message"])
	}
}

// TestNotReadyWhileWaiting: a 503 not_ready while the repository does not
// exist yet says what the daemon waits for in details.waiting, as /status
// does (it gave details {}); a build still running gives none.
func TestNotReadyWhileWaiting(t *testing.T) {
	waiting := &source{status: store.Status{Waiting: "the repository /git/current does not exist yet"}}
	for _, path := range []string{"/readyz", "/capabilities", "/tools?intent=deploy"} {
		e := do(t, newRouter(waiting), "GET", path, nil)
		d, _ := e.json(t)["details"].(map[string]any)
		if e.status != 503 || d["waiting"] != waiting.status.Waiting {
			t.Errorf("GET %s: %d %s, want 503 with details.waiting", path, e.status, e.body)
		}
		e = do(t, newRouter(notBuilt(nil)), "GET", path, nil)
		if d, _ := e.json(t)["details"].(map[string]any); e.status != 503 || d["waiting"] != nil {
			t.Errorf("GET %s while building: %d %s, want 503 without waiting", path, e.status, e.body)
		}
	}
}

// TestNotReadyRetryAfter: a 503 not_ready asks for a retry in a second
// while the first build runs, and in ten seconds after a
// failed one, which waits for a fix.
func TestNotReadyRetryAfter(t *testing.T) {
	for _, tt := range []struct {
		name    string
		failure *store.Failure
		want    string
	}{
		{"building", nil, "1"},
		{"failed", &store.Failure{At: time.Now(), Error: "the repository has 1 error"}, "10"},
	} {
		h := newRouter(notBuilt(tt.failure))
		for _, path := range []string{"/readyz", "/capabilities"} {
			if e := do(t, h, "GET", path, nil); e.status != 503 || e.header.Get("Retry-After") != tt.want {
				t.Errorf("%s: GET %s: %d, Retry-After %q, want 503 and %q", tt.name, path, e.status, e.header.Get("Retry-After"), tt.want)
			}
		}
	}
}
