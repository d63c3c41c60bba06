package api_test

import (
	"bufio"
	"bytes"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/store"
)

// scraped is the value of the series (name and labels as the text
// exposition writes them, e.g. capreg_tool_cards or
// capreg_registry_rebuilds_total{result="success"}) in a GET /metrics body.
func scraped(t *testing.T, body []byte, series string) float64 {
	t.Helper()
	sc := bufio.NewScanner(bytes.NewReader(body))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), series+" "); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatalf("%s: %v", series, err)
			}
			return f
		}
	}
	t.Fatalf("GET /metrics has no series %s", series)
	return 0
}

// watchedRepo serves a copy of testdata/repo with a real watcher whose
// observer is m, behind the real router.
func watchedRepo(t *testing.T, m *api.Metrics) (h http.Handler, repo string) {
	t.Helper()
	repo = copyTestRepo(t)
	w := store.NewWatcher(store.WatchOptions{Options: store.Options{ScanOptions: store.ScanOptions{Repo: repo}},
		Poll: time.Hour, ReloadInterval: time.Nanosecond, Observer: m})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	return api.NewRouter(w, api.Options{Metrics: m}), repo
}

// TestUnchangedRebuildsCountTheirChecks: a rebuild whose result is what is
// served (a reload with nothing new, git-sync's webhook after a pull that
// changed nothing capreg reads, a reverted break) validates every
// capability as any other does, from the cache; capreg_capability_checks_total
// counts those checks too, so that its rate over that of
// capreg_registry_rebuilds_total is the checks a rebuild makes, and its
// cache share is the cache's. It counted the checks of served and failed
// rebuilds only: 12 capabilities, three unchanged reloads, and cache still 0.
func TestUnchangedRebuildsCountTheirChecks(t *testing.T) {
	m := api.NewMetrics()
	h, _ := watchedRepo(t, m)
	for i := range 3 {
		if e := do(t, h, "POST", "/-/reload", nil); e.status != 200 {
			t.Fatalf("reload %d: %d %s", i, e.status, e.body)
		}
	}
	e := do(t, h, "GET", "/metrics", nil)
	success := scraped(t, e.body, `capreg_registry_rebuilds_total{result="success"}`)
	unchanged := scraped(t, e.body, `capreg_registry_rebuilds_total{result="unchanged"}`)
	run := scraped(t, e.body, `capreg_capability_checks_total{source="run"}`)
	cache := scraped(t, e.body, `capreg_capability_checks_total{source="cache"}`)
	caps := scraped(t, e.body, `capreg_capabilities{role="feature"}`) +
		scraped(t, e.body, `capreg_capabilities{role="runtime"}`) + scraped(t, e.body, `capreg_capabilities{role="reviewer"}`)
	if success != 1 || unchanged != 3 || caps != 12 {
		t.Fatalf("rebuilds: %v success, %v unchanged, %v capabilities; want 1, 3 and 12", success, unchanged, caps)
	}
	if run+cache != caps*(success+unchanged) || cache < caps*unchanged {
		t.Errorf("capreg_capability_checks_total: run %v, cache %v; want %v checks in all (%v capabilities, %v rebuilds), %v of them from the cache (the unchanged rebuilds')",
			run, cache, caps*(success+unchanged), caps, success+unchanged, caps*unchanged)
	}
}

// TestRebuildsCountTheirCardChecks: capreg_tool_card_checks_total counts
// each rebuild's checks of the tool cards, as capreg_capability_checks_total
// does of capabilities: every card once a rebuild, from the cache in the
// unchanged ones; a card changed is checked afresh, the others not.
func TestRebuildsCountTheirCardChecks(t *testing.T) {
	m := api.NewMetrics()
	h, repo := watchedRepo(t, m)
	reload := func() {
		t.Helper()
		if e := do(t, h, "POST", "/-/reload", nil); e.status != 200 {
			t.Fatalf("reload: %d %s", e.status, e.body)
		}
	}
	counts := func() (run, cache, cards, rebuilds float64) {
		t.Helper()
		e := do(t, h, "GET", "/metrics", nil)
		for _, r := range []string{"success", "failure", "unchanged"} {
			rebuilds += scraped(t, e.body, `capreg_registry_rebuilds_total{result="`+r+`"}`)
		}
		return scraped(t, e.body, `capreg_tool_card_checks_total{source="run"}`), scraped(t, e.body, `capreg_tool_card_checks_total{source="cache"}`),
			scraped(t, e.body, `capreg_tool_cards`), rebuilds
	}
	reload()
	reload()
	run, cache, cards, rebuilds := counts()
	if cards == 0 || run != cards || cache != cards*(rebuilds-1) {
		t.Fatalf("after %v rebuilds of %v cards: run %v, cache %v; want %v and %v", rebuilds, cards, run, cache, cards, cards*(rebuilds-1))
	}
	matches, err := filepath.Glob(filepath.Join(repo, "bin", "*.card.json"))
	if err != nil || len(matches) == 0 {
		t.Fatalf("no card in bin/: %v", err)
	}
	data, err := os.ReadFile(matches[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(matches[0], append(data, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	reload()
	// The watcher may have rebuilt on the change before the reload: the
	// changed card is checked afresh once all the same.
	run2, cache2, _, rebuilds2 := counts()
	if run2 != run+1 || run2+cache2 != cards*rebuilds2 {
		t.Errorf("after one card changed, %v rebuilds in all: run %v, cache %v; want %v, and %v checks in all", rebuilds2, run2, cache2, run+1, cards*rebuilds2)
	}
}

// TestBuildInfoNamesTheProgram: capreg_build_info says which build a pod
// runs, so that a dashboard can tell the two builds of a rolling update
// apart; its program label is the one the snapshot digest, and so every
// ETag, is made with (store.Options.Program), one series only.
func TestBuildInfoNamesTheProgram(t *testing.T) {
	m := api.NewMetrics()
	m.SetBuild("v1.2.3", "0123456789abcdef")
	e := do(t, api.NewRouter(testdataSource(t), api.Options{Metrics: m}), "GET", "/metrics", nil)
	var series []string
	for _, line := range strings.Split(string(e.body), "\n") {
		if strings.HasPrefix(line, "capreg_build_info{") {
			series = append(series, line)
		}
	}
	if len(series) != 1 || !strings.Contains(series[0], `program="0123456789abcdef"`) || !strings.Contains(series[0], `version="v1.2.3"`) ||
		!strings.Contains(series[0], `goversion="`+runtime.Version()+`"`) || !strings.HasSuffix(series[0], "} 1") {
		t.Errorf("capreg_build_info series %q; want one, of value 1, with program=\"0123456789abcdef\" and goversion=%q", series, runtime.Version())
	}
}

// TestFailingSinceIsWhenTheBreakBegan:
// capreg_registry_failing_since_timestamp_seconds is the Unix time of the
// first failed rebuild since the last good one, which no other metric
// says (the last success may be days older than the break): 0 while the
// rebuilds succeed, set by the first failure, kept by another broken
// commit and by a reload finding the same failure, and 0 again once a
// rebuild succeeds, a reverted break's unchanged one included.
func TestFailingSinceIsWhenTheBreakBegan(t *testing.T) {
	m := api.NewMetrics()
	h, repo := watchedRepo(t, m)
	ui := filepath.Join(repo, "capabilities", "ui", "capability.json")
	good, err := os.ReadFile(ui)
	if err != nil {
		t.Fatal(err)
	}
	step := func(name string, content []byte) float64 {
		t.Helper()
		if content != nil {
			if err := os.WriteFile(ui, content, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if e := do(t, h, "POST", "/-/reload", nil); e.status != 200 {
			t.Fatalf("%s: reload: %d %s", name, e.status, e.body)
		}
		return scraped(t, do(t, h, "GET", "/metrics", nil).body, "capreg_registry_failing_since_timestamp_seconds")
	}
	if got := step("good", nil); got != 0 {
		t.Errorf("after a good build: %v, want 0", got)
	}
	before := float64(time.Now().UnixMilli())/1e3 - 0.01
	began := step("broken", []byte(`{"id": "ui"}`))
	if after := float64(time.Now().UnixMilli())/1e3 + 0.01; began < before || began > after {
		t.Fatalf("after a failed rebuild: %f, want the failure's time, between %f and %f", began, before, after)
	}
	for _, s := range []struct {
		name    string
		content []byte
	}{{"broken otherwise", []byte(`{"id": "ui", "role": 1}`)}, {"the same failure again", nil}} {
		if got := step(s.name, s.content); got != began {
			t.Errorf("%s: %f, want %f, when the break began", s.name, got, began)
		}
	}
	body := do(t, h, "GET", "/metrics", nil).body
	if f, u := scraped(t, body, `capreg_registry_rebuilds_total{result="failure"}`), scraped(t, body, `capreg_registry_rebuilds_total{result="unchanged"}`); f != 2 || u < 1 {
		// The watcher may rebuild on a write before the reload does: the
		// reload is then unchanged too.
		t.Fatalf("rebuilds: %v failures and %v unchanged; want 2 (two broken commits) and at least 1 (the same failure again)", f, u)
	}
	if got := step("reverted", good); got != 0 {
		t.Errorf("after the revert (an unchanged rebuild): %v, want 0", got)
	}
	if got := step("broken anew", []byte(`{"id": "ui"}`)); got <= began {
		t.Errorf("a second break: %f, want a time after the first break's %f", got, began)
	}
	if got := step("fixed with a change", append(good, '\n')); got != 0 {
		t.Errorf("after a rebuild that serves a change: %v, want 0", got)
	}
	if got := step("broken after a change", []byte(`{"id": "ui"}`)); got == 0 {
		t.Errorf("a break after a rebuild that served a change: %v, want when it began", got)
	}
}
