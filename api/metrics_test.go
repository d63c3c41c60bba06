package api_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/store"
	"github.com/go-chi/chi/v5"
	"github.com/prometheus/client_golang/prometheus"
)

// TestBuildInfoNamesTheVersion: capreg_build_info's version label is the
// version the binary was built as (its main module's, "(devel)" for a
// build from a checkout), "unknown" only when the binary carries none.
func TestBuildInfoNamesTheVersion(t *testing.T) {
	want := "unknown"
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		want = bi.Main.Version
	}
	m := api.NewMetrics()
	e := do(t, api.NewRouter(testdataSource(t), api.Options{Metrics: m}), "GET", "/metrics", nil)
	for _, line := range strings.Split(string(e.body), "\n") {
		if strings.HasPrefix(line, "capreg_build_info{") {
			if !strings.Contains(line, `version="`+want+`"`) {
				t.Errorf("%s; want version=%q", line, want)
			}
			return
		}
	}
	t.Fatal("no capreg_build_info series")
}

// TestLastReloadSuccessIsUnixSeconds: the last successful reload's gauge is
// a Unix time in seconds, as its name says and as an alert on
// time() - capreg_registry_last_reload_success_timestamp_seconds reads it:
// the time the served snapshot was built for a rebuild that made it, and
// the time of the rebuild for one whose result was already served.
func TestLastReloadSuccessIsUnixSeconds(t *testing.T) {
	snap := testdataSource(t).Current()
	m := api.NewMetrics()
	m.Rebuilt(true, time.Second, snap)
	last, _ := sampleValue(t, m, "capreg_registry_last_reload_success_timestamp_seconds", nil)
	if want := float64(snap.BuiltAt.UnixMilli()) / 1e3; math.Abs(last-want) > 0.01 {
		t.Errorf("after a rebuild built at %v: %f, want %f", snap.BuiltAt, last, want)
	}
	before := float64(time.Now().UnixMilli())/1e3 - 0.01
	m.Unchanged(true, time.Second, snap)
	after := float64(time.Now().UnixMilli())/1e3 + 0.01
	if last, _ := sampleValue(t, m, "capreg_registry_last_reload_success_timestamp_seconds", nil); last < before || last > after {
		t.Errorf("after an unchanged rebuild: %f, want between %f and %f", last, before, after)
	}
}

// TestMetricsRouteBelowAMount: a router mounted below a prefix counts each
// request under the pattern of its own route, as one at the root does,
// whether http.StripPrefix or a parent chi router's Mount put it there: its
// 405s and the 413s written before routing under the route they were sent
// to, next to the route's 200s, and only paths no route has as "unmatched".
// Below chi's Mount, the routed answers were counted under
// "/registry/capabilities/{id}", and the 405s, the answers written before
// routing and the 404s for paths no route has all alike under the
// parent's "/registry/*".
func TestMetricsRouteBelowAMount(t *testing.T) {
	mounts := map[string]func(h http.Handler) http.Handler{
		"StripPrefix": func(h http.Handler) http.Handler {
			mux := http.NewServeMux()
			mux.Handle("/registry/", http.StripPrefix("/registry", h))
			return mux
		},
		"chi Mount": func(h http.Handler) http.Handler {
			parent := chi.NewRouter()
			parent.Mount("/registry", h)
			return parent
		},
	}
	tests := []struct {
		method, target, body string
		code                 int
		route                string
	}{
		{"GET", "/registry/capabilities/research", "", 200, "/capabilities/{id}"},
		{"DELETE", "/registry/capabilities/research", "", 405, "/capabilities/{id}"},
		{"GET", "/registry/capabilities/nope", "", 404, "/capabilities/{id}"},
		{"POST", "/registry/render-hooks/plan:pre", `{"config":{"x":"` + strings.Repeat("y", 64) + `"}}`, 413, "/render-hooks/{point}"},
		{"GET", "/registry/tools?intent=%zz", "", 400, "/tools"},
		{"GET", "/registry/nope", "", 404, "unmatched"},
	}
	for name, mount := range mounts {
		for _, tt := range tests {
			m := api.NewMetrics()
			h := mount(api.NewRouter(testdataSource(t), api.Options{Metrics: m, MaxBodyBytes: 32}))
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(tt.method, tt.target, strings.NewReader(tt.body)))
			if rec.Code != tt.code {
				t.Errorf("%s: %s %s: %d %s, want %d", name, tt.method, tt.target, rec.Code, truncate(rec.Body.Bytes()), tt.code)
				continue
			}
			method := tt.method
			if tt.code == 405 {
				method = "other" // a method the route does not serve
			}
			if got := requestCount(t, m, tt.route, method, fmt.Sprint(tt.code)); got != 1 {
				t.Errorf("%s: %s %s: capreg_http_requests_total{route=%q,code=\"%d\"} = %v, want 1", name, tt.method, tt.target, tt.route, tt.code, got)
			}
		}
	}
}

// TestMetricsFailureIsJSON: a collector's failure is a JSON error like
// every other, not promhttp's text/plain one.
func TestMetricsFailureIsJSON(t *testing.T) {
	m := api.NewMetrics()
	m.Registry().MustRegister(failingCollector{prometheus.NewDesc("capreg_test_broken", "Fails.", nil, nil)})
	e := do(t, api.NewRouter(testdataSource(t), api.Options{Metrics: m}), "GET", "/metrics", nil)
	if e.status != 500 || e.header.Get("Content-Type") != "application/json" || !strings.Contains(e.json(t)["message"].(string), "the sensor is unplugged") {
		t.Errorf("%d %s %s; want a JSON 500 saying why", e.status, e.header.Get("Content-Type"), e.body)
	}
}

// requestCount reads one sample of capreg_http_requests_total.
func requestCount(t *testing.T, m *api.Metrics, route, method, code string) float64 {
	t.Helper()
	v, _ := sampleValue(t, m, "capreg_http_requests_total", map[string]string{"route": route, "method": method, "code": code})
	return v
}

// sampleValue reads the counter or gauge name whose labels include labels,
// or the count of the histogram name.
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
			if h := mt.GetHistogram(); h != nil {
				return float64(h.GetSampleCount()), true
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
			if tt.code == 405 || tt.method == "PUT" {
				method = "other" // a method the route does not serve
			}
			if got := requestCount(t, m, tt.route, method, fmt.Sprint(tt.code)); got != 1 {
				t.Errorf("capreg_http_requests_total{route=%q,method=%q,code=\"%d\"} = %v, want 1", tt.route, method, tt.code, got)
			}
			labels := map[string]string{"route": tt.route, "method": method, "code": fmt.Sprint(tt.code)}
			if got, _ := sampleValue(t, m, "capreg_http_request_duration_seconds", labels); got != 1 {
				t.Errorf("capreg_http_request_duration_seconds_count%v = %v, want 1", labels, got)
			}
		})
	}
}

// TestLatencyByCode: the latency of a route's answers is kept by status
// code, so that the p99 of its 200s is not mixed with its fast 404s or
// its busy 503s.
func TestLatencyByCode(t *testing.T) {
	m := api.NewMetrics()
	h := api.NewRouter(testdataSource(t), api.Options{Metrics: m})
	for _, path := range []string{"/capabilities/ui", "/capabilities/ui", "/capabilities/nope"} {
		do(t, h, "GET", path, nil)
	}
	for code, want := range map[string]float64{"200": 2, "404": 1} {
		labels := map[string]string{"route": "/capabilities/{id}", "method": "GET", "code": code}
		if got, ok := sampleValue(t, m, "capreg_http_request_duration_seconds", labels); !ok || got != want {
			t.Errorf("capreg_http_request_duration_seconds_count%v = %v (found %v), want %v", labels, got, ok, want)
		}
	}
}

// TestMetricsAfterARevertedBreak: a broken change sets the error gauge and
// reverting it clears the gauge, though the reverted build serves nothing
// new (an alert on capreg_diagnostics{severity="error"} > 0 must resolve);
// and the time of the last successful reload is the revert's, not one
// before the failure it recovered from.
func TestMetricsAfterARevertedBreak(t *testing.T) {
	repo := copyTestRepo(t)
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

// failingCollector is a collector whose every collection fails.
type failingCollector struct{ desc *prometheus.Desc }

func (c failingCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

func (c failingCollector) Collect(ch chan<- prometheus.Metric) {
	ch <- prometheus.NewInvalidMetric(c.desc, errors.New("the sensor is unplugged"))
}

// TestWaitingClearsTheDiagnosticsGauges pins that capreg_diagnostics says
// the same for the same state whatever came before: nothing built and no
// repository (git-sync's first clone, or a re-clone after a broken first
// checkout), where /status and /readyz report only "waiting" and no
// failure. Metrics.Waiting left the gauges as a failed first build set
// them, so a pod whose broken checkout was removed still exported that
// checkout's errors and warnings, while a pod started before the
// repository existed exported 0 for the same state: a dashboard showed
// findings /status no longer lists, from a tree that is gone.
func TestWaitingClearsTheDiagnosticsGauges(t *testing.T) {
	tests := []struct {
		name        string
		brokenFirst bool // a first build failed before the repository went away
	}{
		{"started before the repository existed", false},
		{"broken first checkout, then the repository removed", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo := filepath.Join(t.TempDir(), "repo")
			if tt.brokenFirst {
				if err := os.CopyFS(repo, os.DirFS("../testdata/repo")); err != nil {
					t.Fatal(err)
				}
				ui := filepath.Join(repo, "capabilities", "ui", "capability.json")
				if err := os.WriteFile(ui, []byte(`{ broken`), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			m := api.NewMetrics()
			w := store.NewWatcher(store.WatchOptions{Options: store.Options{ScanOptions: store.ScanOptions{Repo: repo}},
				Poll: time.Hour, ReloadInterval: time.Nanosecond, Observer: m})
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- w.Run(ctx) }()
			defer func() { cancel(); <-done }()
			if tt.brokenFirst {
				if st, err := w.Reload(ctx); err != nil || st.Failure == nil {
					t.Fatalf("broken first checkout: status %+v, %v; want a failure", st, err)
				}
				if got := gaugeValue(t, m, "capreg_diagnostics", "severity", "error"); got == 0 {
					t.Fatalf("broken first checkout: capreg_diagnostics{severity=\"error\"} = 0, want its errors")
				}
				if err := os.RemoveAll(repo); err != nil {
					t.Fatal(err)
				}
			}
			st, err := w.Reload(ctx)
			if err != nil || st.Waiting == "" || st.Failure != nil {
				t.Fatalf("no repository: status waiting %q failure %v (%v); want waiting and no failure", st.Waiting, st.Failure, err)
			}
			for _, sev := range []string{"error", "warning"} {
				if got := gaugeValue(t, m, "capreg_diagnostics", "severity", sev); got != 0 {
					t.Errorf("waiting for the repository, no failure in /status: capreg_diagnostics{severity=%q} = %v, want 0", sev, got)
				}
			}
		})
	}
}

// TestMetricsExposeEachRoutesServerErrorsAtZero: before any request, each
// route and method the router serves has its 500 and 503 series of
// capreg_http_requests_total, at 0. Prometheus's rate() and increase()
// count nothing for a series' first sample: a burst of 503 busy answers
// (347 POST /render-hooks in 5 s) or a first panic between two scrapes
// made a series whose first scraped value was already its total, and a
// dashboard or alert on them saw an increase of 0.
func TestMetricsExposeEachRoutesServerErrorsAtZero(t *testing.T) {
	tests := []struct{ route, method string }{
		{"/render-hooks/{point}", "POST"},
		{"/render-hooks/{point}", "GET"},
		{"/tools", "GET"},
		{"/validate", "POST"},
		{"/capability-state", "POST"},
		{"/capabilities/{id}", "GET"},
		{"/healthz", "GET"},
		{"/-/reload", "POST"},
	}
	m := api.NewMetrics()
	api.NewRouter(testdataSource(t), api.Options{Metrics: m})
	for _, tt := range tests {
		for _, code := range []string{"500", "503"} {
			v, ok := sampleValue(t, m, "capreg_http_requests_total", map[string]string{"route": tt.route, "method": tt.method, "code": code})
			if !ok || v != 0 {
				t.Errorf("capreg_http_requests_total{route=%q,method=%q,code=%q} = %v (exposed: %t), want 0, exposed", tt.route, tt.method, code, v, ok)
			}
		}
	}
	// Only the routes' own methods: no series for a method a route does
	// not answer, nor for paths no route has.
	for _, labels := range []map[string]string{
		{"route": "/validate", "method": "GET"},
		{"route": "unmatched"},
	} {
		if _, ok := sampleValue(t, m, "capreg_http_requests_total", labels); ok {
			t.Errorf("capreg_http_requests_total%v exposed before any request", labels)
		}
	}
}

// TestSnapshotInfoNamesTheServedRegistry: capreg_snapshot_info names the
// git commit and the digest of the registry served, and only that one, so
// that a dashboard tells which commit each replica serves and whether they
// agree (capreg_snapshot_generation counts one process's snapshots, which
// replicas serving one registry number differently). A failed rebuild
// leaves it naming the last good registry, which is still served.
func TestSnapshotInfoNamesTheServedRegistry(t *testing.T) {
	repo := copyTestRepo(t)
	m := api.NewMetrics()
	if _, ok := sampleValue(t, m, "capreg_snapshot_info", nil); ok {
		t.Error("capreg_snapshot_info exposed before any registry is served")
	}
	w := store.NewWatcher(store.WatchOptions{Options: store.Options{ScanOptions: store.ScanOptions{Repo: repo}}, Poll: time.Hour, ReloadInterval: time.Nanosecond, Observer: m})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	defer func() { cancel(); <-done }()
	card := filepath.Join(repo, "bin", "ft.card.json")
	good, err := os.ReadFile(card)
	if err != nil {
		t.Fatal(err)
	}
	checkout := func(rev string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Join(repo, ".git"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(repo, ".git", "HEAD"), []byte(rev+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// served reloads and checks that the one series names st's registry.
	served := func(step string) store.Status {
		t.Helper()
		st, err := w.Reload(ctx)
		if err != nil {
			t.Fatal(err)
		}
		families, err := m.Registry().Gather()
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range families {
			if f.GetName() != "capreg_snapshot_info" {
				continue
			}
			for _, mt := range f.GetMetric() {
				labels := map[string]string{}
				for _, l := range mt.GetLabel() {
					labels[l.GetName()] = l.GetValue()
				}
				got = append(got, fmt.Sprintf("revision=%s digest=%s %v", labels["revision"], labels["digest"], mt.GetGauge().GetValue()))
			}
		}
		if want := fmt.Sprintf("revision=%s digest=%s 1", st.Revision, st.Digest); len(got) != 1 || got[0] != want {
			t.Errorf("%s: capreg_snapshot_info %q, want one series, %q", step, got, want)
		}
		return st
	}
	checkout("1111111111111111111111111111111111111111")
	first := served("first build")
	if first.Revision == "" || first.Digest == "" {
		t.Fatalf("first build: revision %q, digest %q; want both", first.Revision, first.Digest)
	}
	checkout("2222222222222222222222222222222222222222")
	if err := os.WriteFile(card, []byte(`{ broken`), 0o644); err != nil {
		t.Fatal(err)
	}
	if st := served("broken commit"); st.Failure == nil || st.Revision != first.Revision {
		t.Fatalf("broken commit: revision %q, failure %v; want the first build's, a failure", st.Revision, st.Failure)
	}
	checkout("3333333333333333333333333333333333333333")
	if err := os.WriteFile(card, bytes.Replace(good, []byte("Run the tests"), []byte("Run only the tests"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	if st := served("fixed"); st.Failure != nil || st.Digest == first.Digest {
		t.Fatalf("fixed: digest %q, failure %v; want a new registry", st.Digest, st.Failure)
	}
}
