package api

import (
	"cmp"
	"net/http"
	"runtime"
	"runtime/debug"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// Metrics are capreg's Prometheus metrics, on a registry of their own (no
// global state). They implement store.Observer for the watcher's side.
// Make them with NewMetrics: the zero Metrics is not usable (its methods
// panic).
type Metrics struct {
	reg          *prometheus.Registry
	requests     *prometheus.CounterVec
	latency      *prometheus.HistogramVec
	rebuilds     *prometheus.CounterVec
	rebuildTime  prometheus.Histogram
	lastSuccess  prometheus.Gauge
	lastOK       prometheus.Gauge
	failingSince prometheus.Gauge
	// failing is whether the last rebuild that made a result failed: the
	// first failure after a success sets failingSince, later ones keep it.
	failing       atomic.Bool
	generation    prometheus.Gauge
	snapshot      *servedCollector
	capabilities  *prometheus.GaugeVec
	tools         prometheus.Gauge
	wordsLeftOut  prometheus.Gauge
	hostSteps     prometheus.Gauge
	diagnostics   *prometheus.GaugeVec
	watchEvents   prometheus.Counter
	watchOverflow prometheus.Counter
	watchFallback prometheus.Gauge
	checks        *prometheus.CounterVec
	cardChecks    *prometheus.CounterVec
	build         *prometheus.GaugeVec
	// clock is the served source's RebuildClock, which the gauge
	// capreg_registry_rebuild_running_seconds reads at each scrape; nil
	// until NewRouter serves a source that has one.
	clock atomic.Pointer[RebuildClock]
	// turns are the gauges of the served router's turns (turnsCollector).
	turns *turnsCollector
}

// NewMetrics registers every metric, with the Go and process collectors.
func NewMetrics() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		requests: newCounterVec("capreg_http_requests_total", "HTTP requests by route pattern, method, status code and mode (GET /tools: intent, command or list; empty elsewhere).",
			"route", "method", "code", "mode"),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "capreg_http_request_duration_seconds", Help: "HTTP request latency by route pattern, method, status code and mode (GET /tools: intent, command or list; empty elsewhere).",
			// Past 1 s for the slow answers given by design: POST /validate
			// and /-/reload evaluating a large repository, a validation
			// turned away busy after 10 s, a body read until the daemon's
			// 30 s read timeout; without them all of these land in +Inf.
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 15, 30, 60},
			// By code as well: a route's fast 304s and busy 503s would
			// otherwise hide its slow 200s in one distribution, and a
			// p99 could not be taken of the answers clients use. By mode
			// too (routeModes): one route pattern serves tool search, command
			// matching and the listing, whose costs differ by orders of
			// magnitude.
		}, []string{"route", "method", "code", "mode"}),
		rebuilds: newCounterVec("capreg_registry_rebuilds_total", "Registry rebuilds by result (success: served; failure: kept the last good registry; unchanged: the result was what is served, or the failure already reported; waiting: no repository yet).",
			"result"),
		rebuildTime: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "capreg_registry_rebuild_duration_seconds", Help: "Time to scan, validate and build the registry.",
			Buckets: prometheus.ExponentialBuckets(0.001, 2.5, 12),
		}),
		lastSuccess: newGauge("capreg_registry_last_reload_success_timestamp_seconds",
			"Unix time of the last rebuild whose result is served: a new registry, or the one already served (unchanged, as when a broken change is reverted; capreg_registry_rebuilds_total counts those apart from success); 0 before the first."),
		lastOK: newGauge("capreg_registry_last_reload_successful",
			"1 when the last rebuild's result is served (a new registry, or the one already served: unchanged); 0 when it failed (the last good registry is kept) and before the first registry is served (building, or waiting for the repository)."),
		failingSince: newGauge("capreg_registry_failing_since_timestamp_seconds",
			"Unix time of the first failed rebuild since the last successful one (unchanged ones too): when the break now kept from being served began; 0 while the last rebuild succeeded, before any failure, and while waiting for a repository that is not there."),
		generation:   newGauge("capreg_snapshot_generation", "Generation of the snapshot being served."),
		snapshot:     newServedCollector(),
		capabilities: newGaugeVec("capreg_capabilities", "Capabilities in the served registry, by role.", "role"),
		tools:        newGauge("capreg_tool_cards", "Tool cards in the served registry."),
		wordsLeftOut: newGauge("capreg_search_words_left_out",
			"Words of the served registry's tool cards that tool search does not index, its vocabulary having reached its bound (search.DefaultMaxTerms distinct terms): they find nothing; 0 when every word is indexed."),
		hostSteps:     newGauge("capreg_host_steps", "Host steps the workflows of the served registry declare (its loop-host contract)."),
		diagnostics:   newGaugeVec("capreg_diagnostics", "Diagnostics of the last rebuild, by severity.", "severity"),
		watchEvents:   newCounter("capreg_watch_events_total", "File-system change events seen by the watcher."),
		watchOverflow: newCounter("capreg_watch_overflows_total", "Watch event queue overflows (each forces a full rescan)."),
		watchFallback: newGauge("capreg_watch_polling_fallback",
			"1 once the watcher polls the repository every 5 s because inotify is unavailable, out of watches, or blind to changes made elsewhere (the repository on NFS, SMB, FUSE, 9p) (not for --poll); else 0."),
		checks: newCounterVec("capreg_capability_checks_total",
			"Per-capability validations in rebuilds, by source (run: checked afresh; cache: inputs unchanged, result reused).", "source"),
		cardChecks: newCounterVec("capreg_tool_card_checks_total",
			"Per-card validations of tool cards in rebuilds, by source (run: checked afresh; cache: inputs unchanged, result reused).", "source"),
		build: newGaugeVec("capreg_build_info",
			"Always 1: the capreg build this process runs (version: the one it was linked with, else the module's; goversion; program: the hash that snapshot digests and ETags are made with, see store.Options.Program).",
			"version", "goversion", "program"),
	}
	// A rebuild that never ends reaches no observer: this gauge, read at
	// each scrape, is what an alert sees before /healthz fails.
	running := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "capreg_registry_rebuild_running_seconds",
		Help: "Seconds the rebuild now running has run; 0 between rebuilds. /healthz fails once it passes the router's StuckAfter (5 minutes by default)."},
		m.rebuildingFor)
	m.turns = newTurnsCollector()
	m.reg.MustRegister(m.turns, m.requests, m.latency, m.rebuilds, m.rebuildTime, m.lastSuccess, m.lastOK, m.failingSince, m.generation,
		m.snapshot, m.capabilities, m.tools, m.wordsLeftOut, m.hostSteps, m.diagnostics, m.watchEvents, m.watchOverflow, m.watchFallback, m.checks, m.cardChecks, m.build, running,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m.exposeLabels()
	m.SetBuild("", "")
	return m
}

// The metrics of NewMetrics without buckets are made by these, which take
// a name, its help and the label names: a table of definitions reads
// better than the options structs spelt out for each.

func newCounter(name, help string) prometheus.Counter {
	return prometheus.NewCounter(prometheus.CounterOpts{Name: name, Help: help})
}

func newCounterVec(name, help string, labels ...string) *prometheus.CounterVec {
	return prometheus.NewCounterVec(prometheus.CounterOpts{Name: name, Help: help}, labels)
}

func newGauge(name, help string) prometheus.Gauge {
	return prometheus.NewGauge(prometheus.GaugeOpts{Name: name, Help: help})
}

func newGaugeVec(name, help string, labels ...string) *prometheus.GaugeVec {
	return prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: name, Help: help}, labels)
}

// exposeLabels creates the series of every label value known in advance
// (rebuild results, severities, roles, check sources), so that each is
// exposed, at 0, before its first event.
func (m *Metrics) exposeLabels() {
	for _, r := range []string{"success", "failure", "unchanged", "waiting"} {
		m.rebuilds.WithLabelValues(r)
	}
	for _, s := range []validate.Severity{validate.Error, validate.Warning} {
		m.diagnostics.WithLabelValues(string(s))
	}
	for _, r := range roles {
		m.capabilities.WithLabelValues(r)
	}
	for _, src := range []string{"run", "cache"} {
		m.checks.WithLabelValues(src)
		m.cardChecks.WithLabelValues(src)
	}
}

// serverErrorCodes are the codes whose capreg_http_requests_total series
// exposeRoutes creates for each route: 500 internal, and 503 busy, not_ready
// or stuck.
var serverErrorCodes = []string{"500", "503"}

// exposeRoutes creates, at 0, the capreg_http_requests_total series of
// each route and method of routes for the server errors: rate() and
// increase() take a series' first sample as its start, so a burst of 503
// busy answers, or a first panic, between two scrapes made a series whose
// first scraped value already held them all, and the dashboards and alerts
// on them saw no increase. Those of the other codes appear with their
// first answer: among steady traffic, one scrape's worth missed matters
// less than a whole burst.
func (m *Metrics) exposeRoutes(routes chi.Routes) {
	chi.Walk(routes, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		modes := routeModes[method+" "+route]
		if modes == nil {
			modes = []string{""}
		}
		for _, code := range serverErrorCodes {
			for _, mode := range modes {
				m.requests.WithLabelValues(route, methodLabel(method), code, mode)
			}
		}
		return nil
	})
}

// routeModes are the values of the mode label of the routes that serve
// more than one kind of request, by method and pattern; every other
// route's is "". GET /tools searches (?intent=, a few hundred
// microseconds), matches a command line (?command=, up to a quarter of a
// second of CPU and a wait of 2 s for a turn) or lists the cards: one
// p99 of the three told nothing of any. The values are fixed, so the
// label multiplies that route's series by three at most; a request
// refused before its mode is known (both intent and command, a 405, an
// answer written before routing) has mode "".
var routeModes = map[string][]string{
	http.MethodGet + " /tools": {toolsModeIntent, toolsModeCommand, toolsModeList},
}

// The mode label's values of GET /tools.
const (
	toolsModeIntent  = "intent"
	toolsModeCommand = "command"
	toolsModeList    = "list"
)

// SetBuild sets the version and program labels of capreg_build_info
// (capreg serve gives the version it was linked with, and the hash it
// makes snapshot digests with): a dashboard of a rolling update tells the
// old pods from the new by them, since their ETags differ by the program
// too. An empty version is the module's, as the Go build stamped it
// ("(devel)" for a build from a folder without .git, as an image's).
func (m *Metrics) SetBuild(version, program string) {
	m.build.Reset()
	m.build.WithLabelValues(BuildVersion(version), runtime.Version(), program).Set(1)
}

// BuildVersion is the version capreg_build_info names for version, the
// one the build gave (-X main.version): empty, the module's as Go stamped
// it, else "unknown". serve's start line names it too, so that the log of
// a pod that never got scraped says which build wrote it.
func BuildVersion(version string) string {
	if bi, ok := debug.ReadBuildInfo(); ok && version == "" {
		version = bi.Main.Version
	}
	return cmp.Or(version, "unknown")
}

// Handler serves the metrics in the Prometheus exposition format. It
// gathers before promhttp writes anything, so that a collector's failure is
// a JSON error like every other one rather than promhttp's text/plain 500
// (promhttp then only encodes, and counts only encoding errors).
func (m *Metrics) Handler() http.Handler {
	opts := promhttp.HandlerOpts{Registry: m.reg}
	promhttp.HandlerFor(m.reg, opts) // registers promhttp_metric_handler_errors_total before the first scrape
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		families, err := m.reg.Gather()
		if err != nil {
			writeError(w, http.StatusInternalServerError, CodeInternal, "gathering the metrics failed: "+err.Error(), nil)
			return
		}
		promhttp.HandlerFor(prometheus.GathererFunc(gathered(families)), opts).ServeHTTP(w, r)
	})
}

// gathered is a Gather function returning families already gathered.
func gathered[T any](families T) func() (T, error) {
	return func() (T, error) { return families, nil }
}

// Registry exposes the registry (for tests and embedding).
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

func (m *Metrics) observeRequest(route, method, mode string, code int, took time.Duration) {
	status := strconv.Itoa(code)
	m.requests.WithLabelValues(route, method, status, mode).Inc()
	m.latency.WithLabelValues(route, method, status, mode).Observe(took.Seconds())
}

// Rebuilt implements store.Observer.
func (m *Metrics) Rebuilt(ok bool, took time.Duration, snap *store.Snapshot) {
	m.rebuildTime.Observe(took.Seconds())
	m.countChecks(snap)
	m.setDiagnostics(snap)
	if !ok {
		if snap == nil {
			// Nothing built: the repository could not be read (a checkout
			// gone, a folder made unreadable). That is an error of this
			// rebuild, which an alert on errors > 0 must see; the last
			// build's counts said 0.
			m.diagnostics.WithLabelValues(string(validate.Error)).Set(1)
			m.diagnostics.WithLabelValues(string(validate.Warning)).Set(0)
		}
		m.rebuilds.WithLabelValues("failure").Inc()
		m.lastOK.Set(0)
		if !m.failing.Swap(true) {
			m.failingSince.Set(float64(time.Now().UnixNano()) / 1e9)
		}
		return
	}
	m.rebuilds.WithLabelValues("success").Inc()
	m.lastOK.Set(1)
	m.failing.Store(false)
	m.failingSince.Set(0)
	m.lastSuccess.Set(float64(snap.BuiltAt.UnixNano()) / 1e9)
	m.generation.Set(float64(snap.Generation))
	m.snapshot.labels.Store(&[2]string{snap.Revision, snap.Digest})
	byRole := map[string]int{}
	for _, c := range snap.Registry.Capabilities {
		byRole[c.Role]++
	}
	for _, r := range roles {
		m.capabilities.WithLabelValues(r).Set(float64(byRole[r]))
	}
	m.tools.Set(float64(len(snap.Result.Cards)))
	m.hostSteps.Set(float64(len(snap.Result.Contract.Entries)))
	// The watcher builds the index before it serves a snapshot, so this
	// reads it; the log names the card (store's logVocabularyBound).
	bound, _ := snap.SearchIndex().VocabularyBound()
	m.wordsLeftOut.Set(float64(bound.Left))
}

// Unchanged implements store.UnchangedObserver: a rebuild whose result was
// already known. A valid one means the served registry is current, so the
// last reload counts as successful, now: one that clears a failure (a
// broken change reverted) left a dashboard's "last good reload" older
// than the failure it recovered from; it ends the break, whose start
// capreg_registry_failing_since_timestamp_seconds held. A repeated failure
// leaves them as they are. Either way the diagnostics gauges show this
// rebuild's findings, and its capability checks are counted: it validated
// as any rebuild does.
func (m *Metrics) Unchanged(ok bool, took time.Duration, snap *store.Snapshot) {
	m.rebuildTime.Observe(took.Seconds())
	m.rebuilds.WithLabelValues("unchanged").Inc()
	m.countChecks(snap)
	// A reverted broken change: the findings are those of the served
	// registry again, and an alert on errors > 0 must clear.
	m.setDiagnostics(snap)
	if ok {
		m.lastOK.Set(1)
		m.lastSuccess.Set(float64(time.Now().UnixNano()) / 1e9)
		m.failing.Store(false)
		m.failingSince.Set(0)
	}
}

// countChecks counts the per-capability and per-card checks of snap's
// build, afresh and from the cache; a rebuild that built nothing made none.
func (m *Metrics) countChecks(snap *store.Snapshot) {
	if snap == nil {
		return
	}
	m.checks.WithLabelValues("run").Add(float64(snap.Result.Checked))
	m.checks.WithLabelValues("cache").Add(float64(snap.Result.Reused))
	m.cardChecks.WithLabelValues("run").Add(float64(snap.Result.CardsChecked))
	m.cardChecks.WithLabelValues("cache").Add(float64(snap.Result.CardsReused))
}

// setDiagnostics sets the diagnostics gauges to the findings of snap, the
// last rebuild's build; a rebuild that built nothing leaves them (but see
// Rebuilt).
func (m *Metrics) setDiagnostics(snap *store.Snapshot) {
	if snap == nil {
		return
	}
	errs, warns := snap.Diagnostics.Count()
	m.diagnostics.WithLabelValues(string(validate.Error)).Set(float64(errs))
	m.diagnostics.WithLabelValues(string(validate.Warning)).Set(float64(warns))
}

// Waiting implements store.WaitingObserver: no repository yet (git-sync's
// first clone), which is neither a success nor a failure. Nothing was
// checked, so the diagnostics gauges read 0, as /status shows no failure:
// a repository whose first build failed and that then went away left its
// errors on the dashboard. For the same reason no break is going on: the
// failing-since gauge reads 0 too, and a repository that reappears broken
// begins a break of its own (it kept the time of the failure before the
// repository went away, which /status no longer reported).
func (m *Metrics) Waiting(took time.Duration) {
	m.rebuildTime.Observe(took.Seconds())
	m.rebuilds.WithLabelValues("waiting").Inc()
	m.diagnostics.WithLabelValues(string(validate.Error)).Set(0)
	m.diagnostics.WithLabelValues(string(validate.Warning)).Set(0)
	m.failing.Store(false)
	m.failingSince.Set(0)
}

// servedCollector is capreg_snapshot_info: one series naming the snapshot
// served, none before the first. A GaugeVec would have its new series set
// and the last one deleted apart, and a scrape between them would find two
// registries served, or none.
type servedCollector struct {
	desc   *prometheus.Desc
	labels atomic.Pointer[[2]string] // revision, digest
}

func newServedCollector() *servedCollector {
	return &servedCollector{desc: prometheus.NewDesc("capreg_snapshot_info",
		"Always 1: the snapshot being served (revision: the git commit it was built from, empty outside a checkout; digest: its X-Capreg-Digest, which the build's program changes too); absent before the first.",
		[]string{"revision", "digest"}, nil)}
}

func (c *servedCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

func (c *servedCollector) Collect(ch chan<- prometheus.Metric) {
	if l := c.labels.Load(); l != nil {
		ch <- prometheus.MustNewConstMetric(c.desc, prometheus.GaugeValue, 1, l[0], l[1])
	}
}

// rebuildingFor is the gauge capreg_registry_rebuild_running_seconds.
func (m *Metrics) rebuildingFor() float64 {
	if c := m.clock.Load(); c != nil {
		return (*c).RebuildingFor().Seconds()
	}
	return 0
}

// WatchEvent implements store.Observer.
func (m *Metrics) WatchEvent() { m.watchEvents.Inc() }

// WatchOverflow implements store.Observer.
func (m *Metrics) WatchOverflow() { m.watchOverflow.Inc() }

// WatchFallback implements store.FallbackObserver. The watcher polls from
// then on until it stops, so the gauge stays 1.
func (m *Metrics) WatchFallback() { m.watchFallback.Set(1) }

// turnsCollector is the gauges of the turns that bound the requests
// evaluated at once (POST /validate, GET /tools?command=, the POSTs that
// render): how many hold one, how many wait for one, and the bounds of
// both, read at each scrape. Past the waiting places, or after the wait, a
// request is answered 503 busy; a board shows how near that each is. None
// is exposed before NewRouter serves (a Metrics no router uses has no
// turns).
type turnsCollector struct {
	inUse, waiting, size, waitingMax *prometheus.Desc
	turns                            atomic.Pointer[[]namedTurns]
}

// namedTurns are turns and the value of the work label they are counted
// under.
type namedTurns struct {
	work string
	t    *turns
}

func newTurnsCollector() *turnsCollector {
	desc := func(name, help string) *prometheus.Desc {
		return prometheus.NewDesc(name, help, []string{"work"}, nil)
	}
	return &turnsCollector{
		inUse: desc("capreg_http_turns_in_use",
			"Requests evaluated now, each holding a turn, by work (validate: POST /validate; command: GET /tools?command=; render: POST /render-hooks and POST /capability-state); at most capreg_http_turns."),
		waiting: desc("capreg_http_turns_waiting",
			"Requests waiting for a turn, by work; past capreg_http_turns_waiting_max, or once their wait ends, requests are answered 503 busy."),
		size:       desc("capreg_http_turns", "Turns: how many requests of the work are evaluated at once."),
		waitingMax: desc("capreg_http_turns_waiting_max", "Requests of the work that may wait for a turn; more are answered 503 busy at once."),
	}
}

// serve has the collector read s's turns from now on.
func (c *turnsCollector) serve(s *server) {
	c.turns.Store(&[]namedTurns{{"validate", s.validations}, {"command", s.commands}, {"render", s.renders}})
}

func (c *turnsCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.inUse
	ch <- c.waiting
	ch <- c.size
	ch <- c.waitingMax
}

func (c *turnsCollector) Collect(ch chan<- prometheus.Metric) {
	named := c.turns.Load()
	if named == nil {
		return
	}
	for _, n := range *named {
		inUse, waiting := n.t.occupancy()
		ch <- prometheus.MustNewConstMetric(c.inUse, prometheus.GaugeValue, float64(inUse), n.work)
		ch <- prometheus.MustNewConstMetric(c.waiting, prometheus.GaugeValue, float64(waiting), n.work)
		ch <- prometheus.MustNewConstMetric(c.size, prometheus.GaugeValue, float64(n.t.size()), n.work)
		ch <- prometheus.MustNewConstMetric(c.waitingMax, prometheus.GaugeValue, float64(n.t.maxWaiters), n.work)
	}
}
