package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil/promlint"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// smallSources is the five workflows of testdata/repo and one capability
// whose title names a generation.
func smallSources(t testing.TB) (*validate.Sources, func(gen int) *validate.Sources) {
	t.Helper()
	var base validate.Sources
	base.CapabilitiesDir = "capabilities"
	matches, _ := filepath.Glob("../testdata/repo/workflows/*.md")
	for _, m := range matches {
		data, err := os.ReadFile(m)
		if err != nil {
			t.Fatal(err)
		}
		base.Workflows = append(base.Workflows, validate.File{Path: "workflows/" + filepath.Base(m), Data: data})
	}
	withGen := func(gen int) *validate.Sources {
		manifest := fmt.Sprintf(`{"id":"gen","role":"reviewer","title":"generation %d","description":"d","version":"1.0.0","tier":"core","requires":[],"reviewer":{"slug":"g","flags":["--g"],"transport":"spawn","probe":{"kind":"command-exists","binary":"x"},"invoke":{"binary":"x"},"timeoutFloorMs":1000,"emptyOutput":"stub-with-stderr","evidenceClass":"diff-only","requiresBinaries":[],"promptBudgetKey":null,"handler":null}}`, gen)
		src := base
		src.Capabilities = []validate.CapabilitySource{{Folder: "gen", Manifest: validate.File{Path: "capabilities/gen/capability.json", Data: []byte(manifest)}}}
		return &src
	}
	return &base, withGen
}

// TestNoTornReads swaps 1,000 snapshots while readers hammer the API: every
// response must come from one snapshot — its generation header, ETag and
// content must agree.
func TestNoTornReads(t *testing.T) {
	_, withGen := smallSources(t)
	src := &source{}
	digests := sync.Map{} // generation → digest
	swap := func(gen int) {
		snap := store.Build(withGen(gen), false)
		if !snap.OK() {
			t.Fatalf("generation %d: %v", gen, snap.Diagnostics)
		}
		snap.Generation = uint64(gen)
		digests.Store(gen, snap.Digest)
		src.snap.Store(snap)
	}
	swap(1)
	srv := httptest.NewServer(api.NewRouter(src, api.Options{}))
	defer srv.Close()

	const rebuilds = 1000
	var stop atomic.Bool
	var checked atomic.Int64
	var wg sync.WaitGroup
	for r := 0; r < 4; r++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				for _, path := range []string{"/capabilities/gen", "/registry"} {
					if err := checkConsistent(srv.URL+path, &digests); err != nil {
						t.Error(err)
						stop.Store(true)
						return
					}
					checked.Add(1)
				}
			}
		}()
	}
	for gen := 2; gen <= rebuilds && !stop.Load(); gen++ {
		swap(gen)
		// Let the readers see this generation before the next swap, so the
		// test covers many generations rather than racing past them.
		for seen, deadline := checked.Load(), time.Now().Add(50*time.Millisecond); checked.Load() < seen+1 && time.Now().Before(deadline); {
			runtime.Gosched()
		}
	}
	stop.Store(true)
	wg.Wait()
	if checked.Load() < rebuilds {
		t.Errorf("only %d responses checked", checked.Load())
	}
	t.Logf("%d rebuilds, %d responses checked", rebuilds, checked.Load())
}

func checkConsistent(url string, digests *sync.Map) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var doc map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&doc); err != nil {
		return err
	}
	gen, err := strconv.Atoi(resp.Header.Get("X-Capreg-Generation"))
	if err != nil {
		return fmt.Errorf("%s: generation header %q", url, resp.Header.Get("X-Capreg-Generation"))
	}
	capDoc := doc
	if caps, ok := doc["capabilities"].(map[string]any); ok {
		capDoc = caps["gen"].(map[string]any)
	}
	if want := fmt.Sprintf("generation %d", gen); capDoc["title"] != want {
		return fmt.Errorf("%s: torn read: header generation %d, content %q", url, gen, capDoc["title"])
	}
	etag := strings.Replace(resp.Header.Get("ETag"), "-gzip\"", "\"", 1)
	if d, _ := digests.Load(gen); etag != `"`+d.(string)+`"` {
		return fmt.Errorf("%s: ETag %s is not generation %d's", url, resp.Header.Get("ETag"), gen)
	}
	return nil
}

// prometheusAccept is the Accept header Prometheus scrapes with.
const prometheusAccept = "application/openmetrics-text;version=1.0.0;q=0.5,application/openmetrics-text;version=0.0.1;q=0.4,text/plain;version=0.0.4;q=0.3,*/*;q=0.2"

// TestMetricsFollowConventions lints the metrics as promtool check metrics
// does, after some traffic and rebuilds so every family has samples. It
// lints what a scrape of the router's GET /metrics reads, the exposition
// dashboards see, rather than the registry behind it.
func TestMetricsFollowConventions(t *testing.T) {
	m := api.NewMetrics()
	src := testdataSource(t)
	h := api.NewRouter(src, api.Options{Metrics: m})
	for _, p := range []string{"/registry", "/nope", "/loop-points/plan:pre"} {
		req := httptest.NewRequest("GET", p, nil)
		h.ServeHTTP(httptest.NewRecorder(), req)
	}
	for _, m := range []string{"FROB", "XYZZY"} { // any token is a method: labels stay bounded
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(m, "/registry", nil))
	}
	m.Rebuilt(true, 1e6, src.Current())
	m.Rebuilt(false, 2e6, nil)
	m.WatchEvent()
	m.WatchOverflow()
	store.Observer(m).(store.FallbackObserver).WatchFallback() // as the watcher calls it
	scrape := do(t, h, "GET", "/metrics", nil, "Accept", prometheusAccept)
	if scrape.status != http.StatusOK {
		t.Fatalf("GET /metrics: %d %s", scrape.status, truncate(scrape.body))
	}
	problems, err := promlint.New(bytes.NewReader(scrape.body)).Lint()
	if err != nil {
		t.Fatalf("GET /metrics does not parse as the text exposition format: %v", err)
	}
	for _, p := range problems {
		t.Errorf("%s: %s", p.Metric, p.Text)
	}
	want := map[string]float64{
		`capreg_http_requests_total{code="200",method="GET",mode="",route="/registry"}`:            1,
		`capreg_http_requests_total{code="404",method="GET",mode="",route="unmatched"}`:            1,
		`capreg_http_requests_total{code="200",method="GET",mode="",route="/loop-points/{point}"}`: 1,
		`capreg_registry_rebuilds_total{result="success"}`:                                         1,
		`capreg_registry_rebuilds_total{result="failure"}`:                                         1,
		`capreg_registry_last_reload_successful`:                                                   0,
		`capreg_snapshot_generation`:                                                               7,
		`capreg_capabilities{role="feature"}`:                                                      9,
		`capreg_tool_cards`:                                                                        5,
		`capreg_host_steps`:                                                                        5,
		`capreg_watch_events_total`:                                                                1,
		`capreg_watch_overflows_total`:                                                             1,
		`capreg_watch_polling_fallback`:                                                            1,
		`capreg_capability_checks_total{source="run"}`:                                             12,
		`capreg_capability_checks_total{source="cache"}`:                                           0,
	}
	families, err := m.Registry().Gather()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, f := range families {
		for _, mt := range f.GetMetric() {
			name := f.GetName()
			if len(mt.GetLabel()) > 0 {
				name += "{"
				for i, l := range mt.GetLabel() {
					if i > 0 {
						name += ","
					}
					name += fmt.Sprintf("%s=%q", l.GetName(), l.GetValue())
				}
				name += "}"
			}
			switch {
			case mt.Counter != nil:
				got[name] = mt.Counter.GetValue()
			case mt.Gauge != nil:
				got[name] = mt.Gauge.GetValue()
			}
		}
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v, want %v", k, got[k], v)
		}
	}
}
