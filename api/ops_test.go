package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// TestHealthzStuckOnlyPastTheLimit: /healthz turns 503 only once a rebuild
// has run over StuckAfter; a rebuild that has run exactly that long is
// still healthy (the 503 says "over").
func TestHealthzStuckOnlyPastTheLimit(t *testing.T) {
	for _, tt := range []struct {
		took time.Duration
		want int
	}{
		{2 * time.Minute, 200},
		{2*time.Minute + time.Nanosecond, 503},
	} {
		h := api.NewRouter(rebuildingSource{testdataSource(t), tt.took}, api.Options{StuckAfter: 2 * time.Minute})
		if e := do(t, h, "GET", "/healthz", nil); e.status != tt.want {
			t.Errorf("rebuilding for %v with StuckAfter 2m: %d %s, want %d", tt.took, e.status, e.body, tt.want)
		}
	}
}

// failureDiags is n diagnostics of severity sev, on distinct files from
// index from on.
func failureDiags(from, n int, sev validate.Severity) validate.Diagnostics {
	var d validate.Diagnostics
	for i := from; i < from+n; i++ {
		d = append(d, validate.Diagnostic{File: fmt.Sprintf("bin/t%d.card.json", i), Line: 1, Column: 1, Rule: "json-syntax", Severity: sev, Message: "unexpected end"})
	}
	return d
}

// TestNotReadyAtTheDiagnosticsLimit: a 503 not_ready lists all of a failed
// build's diagnostics when they are exactly as many as it carries at most
// (nothing is said omitted); past it, the count of those left out is of
// errors and warnings alike.
func TestNotReadyAtTheDiagnosticsLimit(t *testing.T) {
	t.Run("exactly 20", func(t *testing.T) {
		diags := failureDiags(0, 20, validate.Error)
		h := newRouter(notBuilt(&store.Failure{At: time.Now(), Error: "the repository has 20 errors", Diagnostics: diags}))
		e := do(t, h, "GET", "/readyz", nil)
		m := e.json(t)
		details, _ := m["details"].(map[string]any)
		failure, _ := details["failure"].(map[string]any)
		got, _ := failure["diagnostics"].([]any)
		if _, omitted := details["diagnosticsOmitted"]; e.status != 503 || len(got) != 20 || omitted {
			t.Errorf("GET /readyz with 20 diagnostics: %d, %d listed, details %v", e.status, len(got), details)
		}
		if msg, _ := m["message"].(string); !strings.HasSuffix(msg, ": the last build found 20 errors (details.failure lists them)") {
			t.Errorf("message = %q", msg)
		}
	})
	t.Run("errors and warnings past 20", func(t *testing.T) {
		// Listed: 18 errors and 2 warnings; left out: 3 errors, 2 warnings.
		var diags validate.Diagnostics
		diags = append(diags, failureDiags(0, 18, validate.Error)...)
		diags = append(diags, failureDiags(18, 2, validate.Warning)...)
		diags = append(diags, failureDiags(20, 3, validate.Error)...)
		diags = append(diags, failureDiags(23, 2, validate.Warning)...)
		h := newRouter(notBuilt(&store.Failure{At: time.Now(), Error: "the repository has 21 errors", Diagnostics: diags}))
		e := do(t, h, "GET", "/readyz", nil)
		m := e.json(t)
		details, _ := m["details"].(map[string]any)
		failure, _ := details["failure"].(map[string]any)
		got, _ := failure["diagnostics"].([]any)
		if e.status != 503 || len(got) != 20 || details["diagnosticsOmitted"] != float64(5) {
			t.Errorf("GET /readyz: %d, %d listed, omitted %v, want 503, 20, 5", e.status, len(got), details["diagnosticsOmitted"])
		}
		if msg, _ := m["message"].(string); !strings.Contains(msg, "the last build found 21 errors (details.failure lists the first 20;") {
			t.Errorf("message = %q", msg)
		}
	})
}

// TestNotReadyCountsErrorsNotListed: a failed build whose few diagnostics
// stand for more errors (one stands for 10 validation counted without
// listing them)
// says so in its 503, and one whose diagnostics are every error does not.
func TestNotReadyCountsErrorsNotListed(t *testing.T) {
	diags := failureDiags(0, 3, validate.Error)
	diags[2].Omitted = 10
	h := newRouter(notBuilt(&store.Failure{At: time.Now(), Error: "the repository has 12 errors", Diagnostics: diags}))
	m := do(t, h, "GET", "/readyz", nil).json(t)
	if msg, _ := m["message"].(string); !strings.HasSuffix(msg, ": the last build found 12 errors (details.failure lists them, counting rather than listing past 100 of one rule in one file)") {
		t.Errorf("message = %q", msg)
	}
}

// TestStatusCountsCapabilitiesByRole: GET /status counts the served
// capabilities of each role as GET /capabilities?role= lists them.
func TestStatusCountsCapabilitiesByRole(t *testing.T) {
	h := newRouter(testdataSource(t))
	st := do(t, h, "GET", "/status", nil).json(t)
	counts, _ := st["counts"].(map[string]any)
	byRole, _ := counts["byRole"].(map[string]any)
	sum := 0.0
	for _, role := range []string{"feature", "runtime", "reviewer"} {
		listed := do(t, h, "GET", "/capabilities?role="+role, nil).json(t)["count"]
		if byRole[role] != listed || listed == float64(0) {
			t.Errorf("counts.byRole.%s = %v, GET /capabilities?role=%s lists %v", role, byRole[role], role, listed)
		}
		n, _ := byRole[role].(float64)
		sum += n
	}
	if sum != counts["capabilities"] {
		t.Errorf("counts.byRole sums to %v, counts.capabilities = %v", sum, counts["capabilities"])
	}
}

// TestReloadSaysWhatItWaitsFor: POST /-/reload while the repository is not
// there yet answers ok false with what the watcher waits for; a rebuild
// that succeeded says ok and waits for nothing.
func TestReloadSaysWhatItWaitsFor(t *testing.T) {
	src := testdataSource(t)
	const waiting = "the repository /git/current does not exist yet"
	src.reload = func() (store.Status, error) { return store.Status{Generation: 3, Waiting: waiting}, nil }
	m := do(t, newRouter(src), "POST", "/-/reload", nil).json(t)
	if m["ok"] != false || m["waiting"] != waiting {
		t.Errorf("reload while waiting = %v, want ok false and waiting %q", m, waiting)
	}
	src.reload = func() (store.Status, error) { return store.Status{Generation: 4}, nil }
	m = do(t, newRouter(src), "POST", "/-/reload", nil).json(t)
	if _, has := m["waiting"]; m["ok"] != true || has || m["generation"] != float64(4) {
		t.Errorf("reload that built = %v, want ok true, generation 4, no waiting", m)
	}
}

// TestReloadOutlastsAShortStuckAfter: POST /-/reload's answer may take
// the time after which a rebuild counts as stuck and a minute more, even
// when StuckAfter is shorter than the rebuild and the write timeout.
func TestReloadOutlastsAShortStuckAfter(t *testing.T) {
	src := testdataSource(t)
	src.reload = func() (store.Status, error) {
		time.Sleep(300 * time.Millisecond)
		return store.Status{Generation: 2}, nil
	}
	srv := httptest.NewUnstartedServer(api.NewRouter(src, api.Options{StuckAfter: time.Millisecond}))
	srv.Config.WriteTimeout = 100 * time.Millisecond
	srv.Start()
	defer srv.Close()
	resp, err := http.Post(srv.URL+"/-/reload", "", nil)
	if err != nil {
		t.Fatalf("POST /-/reload: %v", err)
	}
	defer resp.Body.Close()
	if body, err := io.ReadAll(resp.Body); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("%d %s (%v), want 200", resp.StatusCode, body, err)
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
			repo := copyTestRepo(t)
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

// servedSnap is testdata/repo loaded as the daemon loads it, with the tree
// POST /validate judges paths by.
var servedSnap = sync.OnceValues(func() (*store.Snapshot, error) {
	snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: "../testdata/repo", Tree: true}})
	if err == nil {
		snap.Generation = 3
	}
	return snap, err
})

// TestHealthzStuckIsLoggedAndMeasured pins that the process says why its
// liveness probe fails once a rebuild is stuck: in its log at error, and
// beforehand in capreg_registry_rebuild_running_seconds, which an alert
// reads. A stuck rebuild reaches no observer, and the kubelet restarting
// the pod keeps the probe's status, not its body: without these, after
// the restart nothing told a hung file system from a deadlock or from a
// probe set up wrong.
func TestHealthzStuckIsLoggedAndMeasured(t *testing.T) {
	tests := []struct {
		name    string
		took    time.Duration
		wantLog bool
	}{
		{"between rebuilds", 0, false},
		{"rebuild within the limit", 90 * time.Second, false},
		{"rebuild past the limit", 3 * time.Minute, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var logs bytes.Buffer
			logger := slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelWarn}))
			m := api.NewMetrics()
			h := api.NewRouter(rebuildingSource{testdataSource(t), tt.took}, api.Options{StuckAfter: 2 * time.Minute, Logger: logger, Metrics: m})
			if got, ok := sampleValue(t, m, "capreg_registry_rebuild_running_seconds", nil); !ok || got != tt.took.Seconds() {
				t.Errorf("capreg_registry_rebuild_running_seconds = %v (present %v), want %v", got, ok, tt.took.Seconds())
			}
			e := do(t, h, "GET", "/healthz", nil)
			if stuck := e.status == 503; stuck != tt.wantLog {
				t.Fatalf("rebuilding for %v: /healthz %d %s", tt.took, e.status, e.body)
			}
			line := logs.String()
			if logged := strings.Contains(line, `"level":"ERROR"`) && strings.Contains(line, "liveness fails: a rebuild has run for 3m0s, over 2m0s"); logged != tt.wantLog {
				t.Errorf("rebuilding for %v, /healthz %d: log %q, want a line saying the rebuild is stuck: %v", tt.took, e.status, line, tt.wantLog)
			}
			// Keys in camelCase, as every other line's (drainDelay,
			// failedRevision): rebuilding_for and stuck_after were the
			// only snake_case keys a log query had to spell otherwise.
			if tt.wantLog && (!strings.Contains(line, `"rebuildingFor":`) || !strings.Contains(line, `"stuckAfter":`)) {
				t.Errorf("the liveness line %q, want the keys rebuildingFor and stuckAfter", line)
			}
		})
	}
}

// TestRebuildRunningGaugeWithoutClock pins that the gauge reads 0 when
// the served source cannot say how long its rebuild runs (a fixed
// snapshot, as a library caller serves).
func TestRebuildRunningGaugeWithoutClock(t *testing.T) {
	m := api.NewMetrics()
	api.NewRouter(testdataSource(t), api.Options{Metrics: m})
	if got, ok := sampleValue(t, m, "capreg_registry_rebuild_running_seconds", nil); !ok || got != 0 {
		t.Errorf("capreg_registry_rebuild_running_seconds = %v (present %v), want 0", got, ok)
	}
}

// TestStatusWarningsWrittenFromTheSnapshot: GET /status lists the served
// snapshot's warnings as it encodes them once (a repository of 20,000
// linked files out of it made them 3.6 MB, copied into each answer), with
// a Content-Length that is the body's, the whole a JSON document whose
// warnings are the snapshot's; with no snapshot served, they are [].
func TestStatusWarningsWrittenFromTheSnapshot(t *testing.T) {
	src := testdataSource(t)
	snap := src.Current()
	if _, warns := snap.Diagnostics.Count(); warns == 0 {
		t.Fatal("testdata/repo has no warnings to list; use a repository with some")
	}
	h := newRouter(src)
	first := api.StatusWarnings(snap)
	for range 2 {
		e := do(t, h, "GET", "/status", nil)
		if cl := e.header.Get("Content-Length"); cl != strconv.Itoa(len(e.body)) {
			t.Errorf("Content-Length %q for a body of %d bytes", cl, len(e.body))
		}
		var doc struct {
			Ready    bool                  `json:"ready"`
			Warnings []validate.Diagnostic `json:"warnings"`
		}
		if err := json.Unmarshal(e.body, &doc); err != nil {
			t.Fatalf("status is not JSON: %v\n%s", err, e.body)
		}
		if !doc.Ready || !reflect.DeepEqual(doc.Warnings, []validate.Diagnostic(snap.Diagnostics)) {
			t.Errorf("warnings %v, want the snapshot's %v", doc.Warnings, snap.Diagnostics)
		}
	}
	if again := api.StatusWarnings(snap); len(again) == 0 || &again[0] != &first[0] {
		t.Error("the warnings were encoded again for a later answer")
	}
	m := do(t, newRouter(notBuilt(nil)), "GET", "/status", nil).json(t)
	if w, ok := m["warnings"].([]any); !ok || len(w) != 0 {
		t.Errorf("not ready: warnings = %#v, want []", m["warnings"])
	}
}

// TestStatusIsAPlainEncoding: GET /status, written as the document up to
// its warnings, the warnings encoded once for the snapshot, and "}\n", is
// what encoding the whole document gives (writeJSON): one line of compact
// JSON, no HTML escaping in either part (a failure or a warning naming
// <loop-point> or a path with &), a newline at the end and nowhere else,
// and warnings [], not null, for a snapshot with none.
func TestStatusIsAPlainEncoding(t *testing.T) {
	load := func(diags validate.Diagnostics) *store.Snapshot {
		snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: "../testdata/repo"}})
		if err != nil || !snap.OK() {
			t.Fatalf("testdata/repo: %v", err)
		}
		snap.Diagnostics = diags // a snapshot of its own: no other test reads it
		return snap
	}
	marked := validate.Diagnostics{{File: "docs/a&b.md", Line: 1, Column: 1, Rule: "marker-syntax", Severity: validate.Warning,
		Message: `write <loop-point id="plan:pre"/> & <agent-role name="planner"/>`}}
	for _, tt := range []struct {
		name  string
		diags validate.Diagnostics
	}{{"warnings with markup", marked}, {"no warnings", nil}} {
		t.Run(tt.name, func(t *testing.T) {
			src := &source{status: store.Status{Generation: 2, Rebuilds: 2, Failures: 1,
				Failure: &store.Failure{At: time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC), Error: "<a&b> broke"}}}
			src.snap.Store(load(tt.diags))
			e := do(t, newRouter(src), "GET", "/status", nil)
			body := string(e.body)
			if strings.Contains(body, `\u003c`) || strings.Contains(body, `\u003e`) || strings.Contains(body, `\u0026`) {
				t.Errorf("HTML escaped: %s", body)
			}
			var compact bytes.Buffer
			if err := json.Compact(&compact, e.body); err != nil || compact.String()+"\n" != body {
				t.Errorf("not one line of compact JSON and a newline (%v): %q", err, body)
			}
			var doc struct {
				Warnings *[]validate.Diagnostic `json:"warnings"`
			}
			if err := json.Unmarshal(e.body, &doc); err != nil || doc.Warnings == nil {
				t.Fatalf("warnings missing or null (%v): %s", err, body)
			}
			if want := []validate.Diagnostic(tt.diags); len(*doc.Warnings)+len(want) > 0 && !reflect.DeepEqual(*doc.Warnings, want) {
				t.Errorf("warnings %v, want %v", *doc.Warnings, want)
			}
		})
	}
}

// TestStatusLastAttemptNullBeforeAny: GET /status's lastAttempt is null
// until a rebuild was attempted, not the zero time, and the attempt's
// time once there was one (cr86 mutant: lastAttempt set whatever the
// status survived go test ./api).
func TestStatusLastAttemptNullBeforeAny(t *testing.T) {
	src := &source{}
	var doc map[string]any
	e := do(t, newRouter(src), "GET", "/status", nil)
	if err := json.Unmarshal(e.body, &doc); err != nil || e.status != http.StatusOK {
		t.Fatalf("status %d %s: %v", e.status, e.body, err)
	}
	if v, ok := doc["lastAttempt"]; !ok || v != nil {
		t.Errorf("lastAttempt = %v (present %v) before any rebuild, want null", v, ok)
	}
	src.status.LastAttempt = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	e = do(t, newRouter(src), "GET", "/status", nil)
	if err := json.Unmarshal(e.body, &doc); err != nil || doc["lastAttempt"] != "2026-03-01T12:00:00Z" {
		t.Errorf("lastAttempt = %v (%v), want 2026-03-01T12:00:00Z", doc["lastAttempt"], err)
	}
}
