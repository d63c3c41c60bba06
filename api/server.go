// Package api is capreg's HTTP interface: a chi router over the snapshot a
// Source serves. Handlers read one snapshot per request and nothing else —
// never the disk — so every response is consistent with one generation, and
// responses are encoded once per snapshot and then served from memory.
package api

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"path"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/capreg/capreg"
	"github.com/capreg/capreg/search/cmdline"
	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// Source is what the API serves: the watcher in production, a fixed snapshot
// in tests.
//
// A program may serve snapshots it makes itself (with store.Load or
// store.Build) through a Source of its own, whose methods are called
// from many requests at once. The router reads these fields: each
// snapshot's Generation (the X-Capreg-Generation header, /readyz and
// /status; the Watcher numbers its snapshots from 1, so set it before the
// snapshot is first returned, as nothing may change it afterwards), and
// from the Status, Failure (non-nil while the latest build was refused
// and an older snapshot is served: X-Capreg-Latest-Build and /status say
// so), Waiting, and the counters /status reports. POST /-/reload calls
// Reload and answers its error as 503 not_ready, else the Status (ok when
// it has no Failure and no Waiting). POST /validate judges a change
// against the served snapshot's Tree: load with ScanOptions.Tree set, as
// the Watcher does, or a change that cannot be applied (a file written
// under a file, a delete of no path) is answered as if it could.
// See the Source example.
type Source interface {
	// Current returns the snapshot to serve, or nil before the first valid
	// build. A snapshot that did not pass the gate (OK false) is served
	// as nil is: every route that reads one answers 503 not_ready.
	Current() *store.Snapshot
	// State returns the snapshot and the watcher's status from one
	// rebuild, so that /status never pairs a new snapshot with the failure
	// the rebuild that made it cleared.
	State() (*store.Snapshot, store.Status)
	// Reload rebuilds now and returns the resulting status.
	Reload(ctx context.Context) (store.Status, error)
}

// Options configure the router.
type Options struct {
	// Logger receives a debug line for each request, and what the
	// router recovers from or gives up on (a handler's panic, a failing
	// liveness probe, command matching out of budget); nil logs nothing.
	Logger *slog.Logger
	// Metrics: nil for no metrics and no /metrics route. Its gauge
	// capreg_registry_rebuild_running_seconds reads the source of the
	// last router made with it that has a RebuildClock.
	Metrics *Metrics
	// MaxBodyBytes limits request bodies; 0 (or less) means 1 MiB.
	MaxBodyBytes int64
	// MaxValidations bounds the POST /validate requests evaluated at once;
	// 0 means 1. Up to 8 more wait for a turn, each at most 10 s, and the
	// others are answered 503 busy. Each overlays the change on the served sources and checks
	// the cross-capability invariants of the whole repository again, so a
	// burst run side by side would multiply that memory; they also share
	// the watcher's validation cache, which serialises them anyway.
	MaxValidations int
	// CommandBudget is the work one GET /tools?command= may do, in the
	// units of cmdline.DefaultBudget, its default (for 0): about a
	// quarter of a second of one core at the worst a valid repository can
	// ask. Matching that spends it stops and says so (truncated).
	CommandBudget int64
	// MaxCommandMatches bounds the GET /tools?command= requests matched at
	// once; 0 means GOMAXPROCS. Each may keep a core busy for as long as
	// its budget lasts, so a flood of costly lines would otherwise slow
	// every other route; up to 64 requests beyond it wait, each at most 2 s,
	// and the others are answered 503 busy at once.
	MaxCommandMatches int
	// MaxRenders bounds the POST /render-hooks requests rendered at once;
	// 0 means GOMAXPROCS. A body of 1 MiB may name some 80,000 enablement
	// ids, each warned of, so a flood of them side by side would slow
	// every other route and take the process's memory (32 at once took
	// 0.9 GB at 10,000 capabilities); up to 64 beyond it wait, each at
	// most 2 s, and the others are answered 503 busy at once. GET needs
	// no turn: it renders the defaults.
	MaxRenders int
	// StuckAfter is how long a rebuild may run before /healthz reports
	// the process stuck (503), when the Source says how long its rebuild
	// has run (see RebuildClock); 0 (or less) means 5 minutes. A rebuild of 10,000
	// capabilities takes about 1.5 s.
	StuckAfter time.Duration
	// Draining, once closed, makes /readyz answer 503 while every other
	// route still answers: a replica being shut down leaves its Service's
	// endpoints before it stops taking requests (capreg serve closes it on
	// SIGTERM, then waits --drain-delay). nil: never.
	Draining <-chan struct{}
	// DrainBegun, once closed, says the drain has begun (capreg serve
	// closes it once --drain-delay is over, before Shutdown): a request
	// body still arriving then has 5 s more to arrive, then is answered
	// 503, so that a client stalled mid-body does not hold the drain.
	// nil: when Draining is closed.
	DrainBegun <-chan struct{}
	// AllowedHosts, when not nil, limits the Host a request may name to an
	// IP address, "localhost" or a name under it, or one of these names;
	// any other is answered 403. capreg serve sets it when it listens on
	// a loopback address, and to the --allowed-host names, where given, on
	// any address: a web page whose DNS name its author points at
	// 127.0.0.1 (DNS rebinding) is the browser's same origin, so its
	// POSTs pass the router's refusal (403) of a browser's POSTs from
	// another origin, and it could read every answer; but its requests
	// name its own host. nil: any Host.
	AllowedHosts []string
}

// RebuildClock is implemented by a Source that rebuilds (store.Watcher):
// how long the running rebuild has taken, 0 between rebuilds.
type RebuildClock interface {
	RebuildingFor() time.Duration
}

// server holds the router's state. Callers do not make or use one:
// NewRouter makes it and returns its handler.
type server struct {
	src     Source
	log     *slog.Logger
	metrics *Metrics
	maxBody int64
	// stuckAfter: see Options.StuckAfter.
	stuckAfter time.Duration
	// validations are the turns of POST /validate (see
	// Options.MaxValidations).
	validations *turns
	// commands are the turns of GET /tools?command= (see
	// Options.MaxCommandMatches), and commandBudget the work each may do.
	commands      *turns
	commandBudget int64
	// truncatedWarned is the digest of the registry whose truncated
	// command match was last logged at WARN (see logTruncated).
	truncatedWarned atomic.Pointer[string]
	// renders are the turns of POST /render-hooks (see Options.MaxRenders).
	renders *turns
	// routes is the router, for naming the route of a request that never
	// reached it (see routeLabel).
	routes chi.Routes
	// draining: see Options.Draining; drainBegun, Options.DrainBegun or
	// else draining; bodyGrace, how long a request body still arriving
	// then has left (drainBodyGrace but in tests).
	draining, drainBegun <-chan struct{}
	bodyGrace            time.Duration
	// bodyRead, when set (a test), runs once a request body is read,
	// before its drain grace is stopped.
	bodyRead func()
	// allowedHosts: see Options.AllowedHosts.
	allowedHosts []string
	// bodiesHeld counts the bytes of the request bodies being read (see
	// readHeld).
	bodiesHeld atomic.Int64
	// openapiDoc is GET /openapi.yaml's body, and openapiTags its ETags
	// (see openapiBody).
	openapiDoc  *body
	openapiTags [2][]string
}

// NewRouter returns the HTTP handler for every route of openapi.yaml, over
// src, which must not be nil, nor a nil *store.Watcher (NewRouter panics: a
// router over none answered every route but /healthz with 500); the zero
// Options serve every route but /metrics, with the defaults each field
// names. The handler may be mounted
// below a prefix, by http.StripPrefix("/registry", h) or a chi router's
// Mount("/registry", h): it routes on the path below the prefix, and the
// paths its 404 and 405 answers name, and their didYouMean, carry the prefix
// as the client sent it. It is an http.Handler like any other: wrap it in
// middleware and serve it from an http.Server of your own, whose Shutdown
// ends it.
func NewRouter(src Source, opts Options) http.Handler {
	// A nil *store.Watcher is a Source that is not nil as an interface:
	// the watcher a program declared and never assigned.
	if w, isWatcher := src.(*store.Watcher); src == nil || isWatcher && w == nil {
		panic("api: NewRouter with a nil Source")
	}
	return newServer(src, opts).router()
}

// newServer is the server of NewRouter, its options defaulted.
func newServer(src Source, opts Options) *server {
	s := &server{src: src, log: opts.Logger, metrics: opts.Metrics, maxBody: opts.MaxBodyBytes, stuckAfter: opts.StuckAfter,
		commandBudget: opts.CommandBudget}
	if s.stuckAfter <= 0 {
		s.stuckAfter = 5 * time.Minute
	}
	if clock, ok := src.(RebuildClock); ok && s.metrics != nil {
		s.metrics.clock.Store(&clock)
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.maxBody <= 0 {
		s.maxBody = 1 << 20
	}
	if s.commandBudget <= 0 {
		s.commandBudget = cmdline.DefaultBudget
	}
	s.validations = newTurns(opts.MaxValidations, maxValidationWaiters, validationWait)
	s.commands = newTurns(cmp.Or(opts.MaxCommandMatches, runtime.GOMAXPROCS(0)), maxCommandWaiters, commandWait)
	s.renders = newTurns(cmp.Or(opts.MaxRenders, runtime.GOMAXPROCS(0)), maxRenderWaiters, renderWait)
	if s.metrics != nil {
		s.metrics.turns.serve(s)
	}
	s.draining, s.allowedHosts, s.bodyGrace = opts.Draining, opts.AllowedHosts, drainBodyGrace
	s.drainBegun = cmp.Or(opts.DrainBegun, opts.Draining)
	s.openapiDoc, s.openapiTags = openapiBody()
	return s
}

// router routes every route of openapi.yaml to s.
func (s *server) router() http.Handler {
	r := chi.NewRouter()
	s.routes = r
	// observe wraps recoverer, so that the 500 a panic is answered with is
	// counted and logged like any other answer rather than vanishing from
	// the metrics with the panic.
	r.Use(unmount, s.observe, answerHeaders, closeUnlessBodyRead, s.recoverer, refuseForeignHost(s.allowedHosts), refuseCrossOrigin, s.limitBody, checkQuery, middleware.GetHead)
	r.NotFound(s.noRoute)
	r.MethodNotAllowed(func(w http.ResponseWriter, req *http.Request) {
		allowed := allowedMethods(r, routingPath(req))
		if len(allowed) == 0 {
			// chi says 405 for a method no route has, whatever the path;
			// no route has this path either.
			s.noRoute(w, req)
			return
		}
		w.Header().Set("Allow", strings.Join(allowed, ", "))
		writeError(w, http.StatusMethodNotAllowed, CodeMethodNotAllowed, req.Method+" is not allowed on "+mountPrefix(req)+sentPath(req),
			map[string]any{"allowed": allowed})
	})

	// route registers a route behind onlyParams, so that it does not answer
	// a query parameter it does not define as if it had not been given;
	// every route but the probes is registered so.
	route := func(method, pattern string, h http.HandlerFunc) {
		r.Method(method, pattern, s.onlyParams(method+" "+pattern, h))
	}
	// The probes answer whatever their query (see probePaths).
	r.Method(http.MethodGet, "/healthz", http.HandlerFunc(s.healthz))
	r.Method(http.MethodGet, "/readyz", http.HandlerFunc(s.readyz))
	route(http.MethodGet, "/status", s.status)
	route(http.MethodGet, "/openapi.yaml", s.openapi)
	if s.metrics != nil {
		route(http.MethodGet, "/metrics", s.metrics.Handler().ServeHTTP)
	}
	route(http.MethodPost, "/-/reload", s.reload)

	route(http.MethodGet, "/registry", s.withSnapshot(s.registry))
	route(http.MethodGet, "/contract", s.withSnapshot(s.contract))
	route(http.MethodGet, "/capabilities", s.withSnapshotAfter(capabilityFilters, s.capabilities))
	route(http.MethodGet, "/capabilities/{id}", s.withSnapshot(s.capability))
	route(http.MethodGet, "/capabilities/{id}/closure", s.withSnapshot(s.closure))
	route(http.MethodGet, "/loop-points", s.withSnapshot(s.loopPoints))
	route(http.MethodGet, "/loop-points/{point}", s.withSnapshotAfter(knownPoint, s.loopPoint))
	route(http.MethodGet, "/config-keys", s.withSnapshot(s.configKeys))
	route(http.MethodGet, "/profiles", s.withSnapshot(s.profiles))
	route(http.MethodGet, "/profiles/{name}", s.withSnapshotAfter(knownProfile, s.profile))
	route(http.MethodGet, "/reviewers", s.withSnapshot(s.reviewers))
	route(http.MethodGet, "/tools", s.getTools)
	route(http.MethodGet, "/tools/{id}", s.withSnapshot(s.tool))
	route(http.MethodGet, "/render-hooks/{point}", s.withSnapshotAfter(renderQuery, s.getRenderHooks))
	route(http.MethodPost, "/render-hooks/{point}", s.postRenderHooks)
	route(http.MethodGet, "/capability-state", s.withSnapshotAfter(stateQuery, s.getCapabilityState))
	route(http.MethodPost, "/capability-state", s.postCapabilityState)
	route(http.MethodPost, "/validate", s.withSnapshotFor("there is nothing to validate a change against", s.validate))
	if s.metrics != nil {
		s.metrics.exposeRoutes(r)
	}
	return r
}

// snapshotHandler is a handler that reads one snapshot: the one current when
// the request arrived, for the whole request.
type snapshotHandler func(w http.ResponseWriter, r *http.Request, v *views)

// withSnapshot pins the current snapshot for the request and answers 503
// before the first valid build.
func (s *server) withSnapshot(h snapshotHandler) http.HandlerFunc { return s.withSnapshotFor("", h) }

// withSnapshotFor is withSnapshot for a request whose 503 should say what it
// needed the registry for (purpose), when "not ready" alone would leave a
// client guessing whether its request was at fault.
func (s *server) withSnapshotFor(purpose string, h snapshotHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if v := s.pinSnapshot(w, purpose); v != nil {
			h(w, r, v)
		}
	}
}

// pinSnapshot returns the views of the snapshot served now, for the whole
// request, naming it in w's headers; before the first valid build it
// writes the 503 (see withSnapshotFor for purpose) and returns nil.
func (s *server) pinSnapshot(w http.ResponseWriter, purpose string) *views {
	snap, st := s.src.State()
	v := viewsOf(snap)
	if v == nil {
		s.notBuilt(w, purpose)
		return nil
	}
	// Every answer made over a snapshot names it, refusals too: "no
	// capability x" is a statement about one registry, and behind a
	// Service whose replicas are a commit apart a client tells a stale
	// replica's "no" from a real one by the digest.
	hdr := w.Header()
	hdr["X-Capreg-Generation"], hdr["X-Capreg-Digest"] = v.genHdr, v.digestHdr
	// And says whether the repository's latest state built, so that a
	// client waiting for its change to be served (a new ETag) learns from
	// the answer itself that it will not be, until fixed; GET /status says
	// why. Always, "ok" too: a 304 replaces the header a cache stored, and
	// could not take one away once the failure was fixed.
	hdr["X-Capreg-Latest-Build"] = latestBuild(st.Failure)
	return v
}

// latestBuildOK is X-Capreg-Latest-Build while the latest build passed.
var latestBuildOK = []string{"ok"}

// latestBuild is X-Capreg-Latest-Build: "ok", or "failed" and when the
// failure (these findings, or this unreadable tree) was first met.
func latestBuild(f *store.Failure) []string {
	if f == nil {
		return latestBuildOK
	}
	return []string{"failed " + f.At.UTC().Format(time.RFC3339)}
}

// withSnapshotAfter is withSnapshot with check run first: a request its
// URL alone rules out (a value a parameter does not take, a point that is
// none of the 12) is refused alike whether or not a registry is served,
// rather than told to come back (503 not_ready) and then refused. check
// writes the refusal and returns false; the handler may check again, as
// its checks are functions of the URL. The POSTs that render an
// enablement read their body before the snapshot too (pinSnapshot).
func (s *server) withSnapshotAfter(check func(http.ResponseWriter, *http.Request) bool, h snapshotHandler) http.HandlerFunc {
	withSnapshot := s.withSnapshot(h)
	return func(w http.ResponseWriter, r *http.Request) {
		if check(w, r) {
			withSnapshot(w, r)
		}
	}
}

// currentViews returns the response cache of the current snapshot, made on
// first use. The snapshot holds it (Snapshot.Attach), not the server, so a
// replaced snapshot is garbage once the requests reading it are done.
func (s *server) currentViews() *views { return viewsOf(s.src.Current()) }

// viewsOf is the response cache of snap, made on first use; nil when snap
// is none or did not pass the gate (served).
func viewsOf(snap *store.Snapshot) *views {
	if snap = served(snap); snap == nil {
		return nil
	}
	return snap.Attach(viewsKey{}, func() any { return newViews(snap) }).(*views)
}

// served is snap when it passed the gate, else nil: a Source that serves
// a snapshot which did not (an embedding program serving what store.Load
// returned for a repository with errors) is served as one with none yet.
// Such a snapshot has no registry: the data routes answered 500 "internal
// error", GET /registry an empty 200, while /readyz said ready.
func served(snap *store.Snapshot) *store.Snapshot {
	if !snap.OK() {
		return nil
	}
	return snap
}

// viewsKey is the key of the API's views among what readers attach to a
// snapshot (Snapshot.Attach).
type viewsKey struct{}

// recoverer turns a panic into a 500 with the standard error body.
func (s *server) recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.Error("handler panic", "path", r.URL.Path, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
				writeError(w, http.StatusInternalServerError, CodeInternal, "internal error", nil)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// answerHeaders marks every answer, before the handler runs, as one no
// cache may keep: only a snapshot's tagged representations say otherwise
// (no-cache, see views.notModified), as they can be revalidated by their
// ETag. An error such as the 404 of GET /capabilities/{id} is
// heuristically cacheable (RFC 9111 §4.2.2), and a shared cache with a
// default TTL, as Varnish has, would keep answering "no capability" after
// the capability lands; so would /status its failure after the fix. And
// as one whose Content-Type is not to be second-guessed (nosniff): a
// rendered prompt or a finding quotes a repository's text, which a
// browser sniffing a body for HTML could run as a page.
func answerHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h["Cache-Control"] = noStoreHdr
		h["X-Content-Type-Options"] = nosniffHdr
		next.ServeHTTP(w, r)
	})
}

// closeUnlessBodyRead answers an HTTP/1 request with a body with
// "Connection: close" unless its handler reads the body whole (readAll
// lifts it): a request refused before its body is read (a foreign Host,
// a cross-origin POST, a Content-Length over the limit) or whose route
// reads none (a probe, POST /-/reload, a 404 or a 405) ignores the body,
// and net/http, before answering on a connection it keeps, reads the
// rest of it, so a client whose body stalled had its answer, and the
// handler, held to the read timeout (30 s in capreg serve, past its 25 s
// drain). The connection of such a request is closed instead, as
// net/http advises. (HTTP/2 closes a stream, not the connection, and
// takes no Connection header.)
func closeUnlessBodyRead(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ProtoMajor == 1 && r.Body != nil && r.Body != http.NoBody {
			w.Header().Set("Connection", "close")
		}
		next.ServeHTTP(w, r)
	})
}

// limitBody caps request bodies (1 MiB by default).
func (s *server) limitBody(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > s.maxBody {
			writeError(w, http.StatusRequestEntityTooLarge, CodeBodyTooLarge,
				fmt.Sprintf("request body is %d bytes; the limit is %d", r.ContentLength, s.maxBody), map[string]any{"limit": s.maxBody})
			return
		}
		if r.Body != nil && r.Body != http.NoBody {
			r.Body = http.MaxBytesReader(w, r.Body, s.maxBody)
		}
		next.ServeHTTP(w, r)
	})
}

// probePaths are the liveness and readiness probes, which answer whatever
// their query, unlike every other route: their answer does not depend on
// it, and an uptime check that adds a cache-busting "?_=1701234567" (or
// one a proxy mangles) must not have a healthy pod restarted or taken out
// of service by a 400.
var probePaths = map[string]bool{"/healthz": true, "/readyz": true}

// checkQuery refuses a query string that does not decode ("?intent=%zz"):
// url.Values drops the malformed pair, so the request would silently be
// answered as if the parameter had not been given (a full tool listing for
// a search). So is one that decodes to bytes that are not UTF-8
// ("?intent=%FF%FEdeploy"), as a body holding them is: read as text, each
// such byte became U+FFFD, and the search answered for words nobody wrote.
func checkQuery(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if probePaths[r.URL.Path] {
			next.ServeHTTP(w, r)
			return
		}
		q, err := url.ParseQuery(r.URL.RawQuery)
		param := ""
		if err != nil {
			var semicolon bool
			param, semicolon = malformedParam(r.URL.RawQuery)
			if semicolon {
				if strings.Contains(err.Error(), "semicolon") {
					err = semicolonError(param)
				} else {
					param = "" // another fault, such as too many parameters
				}
			}
		} else {
			param, err = queryUTF8(q)
		}
		if err != nil {
			var details map[string]any
			if param != "" {
				details = map[string]any{"parameter": param}
			}
			writeError(w, http.StatusBadRequest, CodeBadRequest, "malformed query string: "+err.Error(), details)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// malformedParam is the name of the first parameter of a query string
// that url.ParseQuery refuses whose value alone does not decode
// ("intent=%zz": "intent"), as details.parameter names the parameter of a
// value refused; "" when it is a name that does not decode. semicolon is
// true when a pair holds a raw ";", which url.ParseQuery reports over any
// other fault of the query, and the name is then that of the first
// parameter whose value holds one ("command=cd x; make": "command"), ""
// when it comes before the pair's "=" (";intent=x").
func malformedParam(rawQuery string) (name string, semicolon bool) {
	for pair := range strings.SplitSeq(rawQuery, "&") {
		if !strings.Contains(pair, ";") {
			continue
		}
		key, _, _ := strings.Cut(pair, "=") // with no "=", key is the pair, which holds the ";"
		if strings.Contains(key, ";") {
			return "", true
		}
		name, err := url.QueryUnescape(key)
		if err != nil || !utf8.ValidString(name) {
			return "", true
		}
		return name, true
	}
	for rawQuery != "" {
		var pair string
		pair, rawQuery, _ = strings.Cut(rawQuery, "&")
		key, value, _ := strings.Cut(pair, "=")
		name, err := url.QueryUnescape(key)
		if err != nil {
			return "", false
		}
		if _, err := url.QueryUnescape(value); err != nil {
			return name, false
		}
	}
	return "", false
}

// semicolonError says what to do of a raw ";" in a query string, which
// Go's net/url refuses (a separator of old, an ambiguity proxies disagree
// on): a command line's "cd x; make" sent unencoded is the usual one.
func semicolonError(param string) error {
	if param != "" {
		return fmt.Errorf("the value of %s holds a raw \";\": send it encoded, as %%3B (curl -G --data-urlencode '%s=…' encodes it); parameters are joined with \"&\" only", param, param)
	}
	return errors.New(`a raw ";" is no separator of parameters: join them with "&", and send a ";" of a value encoded, as %3B`)
}

// queryUTF8 reports the parameter of q whose name or a value is not
// valid UTF-8, the first by name when there are several, and that
// parameter's name when it is a value that is not (details.parameter,
// as for any value a parameter does not take).
func queryUTF8(q url.Values) (string, error) {
	var bad []string
	for name, vs := range q {
		if !utf8.ValidString(name) || slices.ContainsFunc(vs, func(v string) bool { return !utf8.ValidString(v) }) {
			bad = append(bad, name)
		}
	}
	if len(bad) == 0 {
		return "", nil
	}
	name := slices.Min(bad)
	if !utf8.ValidString(name) {
		return "", fmt.Errorf("a parameter name, %q, is not valid UTF-8", name)
	}
	i := slices.IndexFunc(q[name], func(v string) bool { return !utf8.ValidString(v) })
	return name, fmt.Errorf("parameter %s is not valid UTF-8: %q", name, q[name][i])
}

// observe records metrics and a debug log line per request.
func (s *server) observe(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		// A parent chi router that mounted this one (Mount("/registry", h))
		// has put its own pattern ("/registry/*") in the route context,
		// which this router then shares; the label is this router's.
		parents := 0
		if rc := chi.RouteContext(r.Context()); rc != nil {
			parents = len(rc.RoutePatterns)
		}
		sw := &statusWriter{ResponseWriter: w, code: http.StatusOK}
		next.ServeHTTP(sw, r)
		route := s.routeLabel(r, parents)
		took := time.Since(start)
		if s.metrics != nil {
			s.metrics.observeRequest(route, s.routeMethod(r, route, parents), sw.mode, sw.code, took)
		}
		s.log.Debug("request", "method", r.Method, "route", route, "mode", sw.mode, "path", r.URL.Path, "code", sw.code, "took", took)
	})
}

// routeLabel is the route pattern of the request's path, for the metrics'
// route label. chi names it only for a request it routed with a matching
// method; a 405, or a 413 or 400 that a middleware wrote before routing,
// would otherwise be counted as "unmatched", hiding errors of a real route
// among requests for paths that do not exist. The label stays bounded: it
// is a pattern of the router or "unmatched", never the raw path. It is
// the same below a mount: the first parents patterns of the route context
// are those of the routers this one is mounted below (whose "/registry/*"
// named every 405, 413 and 404 below chi's Mount alike), not this one's.
func (s *server) routeLabel(r *http.Request, parents int) string {
	if rc := chi.RouteContext(r.Context()); rc != nil && len(rc.RoutePatterns) > parents {
		return strings.Join(rc.RoutePatterns[parents:], "")
	}
	path := routingPath(r)
	for _, m := range routableMethods {
		if p := s.routes.Find(chi.NewRouteContext(), m, path); p != "" {
			return p
		}
	}
	return "unmatched"
}

// routeMethod is the method label of a request counted under route: its
// method when the route serves it (HEAD where it serves GET; for
// "unmatched", a method some route serves), else "other". Every method
// was counted apart on every route, since the answers written before
// routing (403, 413, 415, 400) and the 405s are the route's: 20,000 crafted
// requests made 13,251 latency series (678 label sets), most of them PUT,
// PATCH, DELETE and OPTIONS, which no route serves, by every code.
func (s *server) routeMethod(r *http.Request, route string, parents int) string {
	m := methodLabel(r.Method)
	switch {
	case m == "other":
		return m
	case route == "unmatched":
		if m == http.MethodGet || m == http.MethodHead || m == http.MethodPost {
			return m
		}
		return "other"
	}
	if rc := chi.RouteContext(r.Context()); rc != nil && len(rc.RoutePatterns) > parents {
		return m // chi routed it: the route serves the method
	}
	if slices.Contains(allowedMethods(s.routes, routingPath(r)), m) {
		return m
	}
	return "other"
}

// unmount has a router that a parent chi router mounted below a prefix
// (Mount("/registry", h)) see the request as one serving at the root sees
// it, as http.StripPrefix has it: chi routes a mounted router on the route
// context's RoutePath, but the request's URL keeps the whole path, which
// the 404, the 405, the probes and the path parameters read (DELETE
// /registry/capabilities was a 404 naming no route rather than a 405
// naming GET, and a probe's malformed cache-buster a 400). The path the
// client sent stays in RequestURI (see mountPrefix).
func unmount(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rc := chi.RouteContext(r.Context())
		if rc == nil || rc.RoutePath == "" {
			next.ServeHTTP(w, r)
			return
		}
		u := *r.URL
		if r.URL.RawPath != "" { // chi routed on the escaped path (routingPath)
			u.RawPath = rc.RoutePath
			p, err := url.PathUnescape(rc.RoutePath)
			if err != nil {
				p = rc.RoutePath
			}
			u.Path = p
		} else {
			u.Path = rc.RoutePath
		}
		r2 := new(http.Request)
		*r2 = *r
		r2.URL = &u
		next.ServeHTTP(w, r2)
	})
}

// routableMethods are the methods a route can be registered for, tried in
// turn to find the route of a path whatever the request's method.
var routableMethods = []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete,
	http.MethodHead, http.MethodOptions, http.MethodConnect, http.MethodTrace}

// routingPath is the path chi routes on: the escaped one when the request's
// escaping differs from the default (so /tools/ns%2Ftool is /tools/{id}),
// else the decoded one.
func routingPath(r *http.Request) string {
	if r.URL.RawPath != "" {
		return r.URL.RawPath
	}
	if r.URL.Path == "" {
		return "/"
	}
	return r.URL.Path
}

type statusWriter struct {
	http.ResponseWriter
	code        int
	wroteHeader bool
	// mode is the metrics' mode label, which the handler of a route of
	// routeModes sets (setMode); "" elsewhere.
	mode string
}

// setMode sets the mode label the request is counted under (one of
// routeModes' values for its route). w is the writer observe gave the
// handler, or one wrapping it (Unwrap, as http.ResponseController
// follows): found there, where a context value holding it cost every
// request a copy of itself and a context, three allocations.
func setMode(w http.ResponseWriter, mode string) {
	for {
		switch t := w.(type) {
		case *statusWriter:
			t.mode = mode
			return
		case interface{ Unwrap() http.ResponseWriter }:
			w = t.Unwrap()
		default:
			return
		}
	}
}

func (w *statusWriter) WriteHeader(code int) {
	if !w.wroteHeader {
		w.code, w.wroteHeader = code, true
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// openapi serves the document embedded in the binary, gzipped for a
// client that takes it (88 KB of YAML, 24 KB gzipped), with a
// strong ETag of its own bytes, so that a client fetching it at each
// start revalidates it for a 304: it changes with the binary, not the
// registry, so its tag is none of the snapshot's.
func (s *server) openapi(w http.ResponseWriter, r *http.Request) {
	serveTagged(w, r, s.openapiDoc, s.openapiTags, false)
}

// openapiBody is the body of GET /openapi.yaml and its ETags: "openapi-"
// and the first 16 bytes of the document's SHA-256, in hex.
func openapiBody() (*body, [2][]string) {
	sum := sha256.Sum256(capreg.OpenAPI)
	b := &body{data: capreg.OpenAPI, contentType: "application/yaml", artifact: true, kept: true}
	b.length()
	return b, etagPair("openapi-" + hex.EncodeToString(sum[:16]))
}

// methodLabel keeps the method label of the metrics bounded: a client can
// send any token as a method.
func methodLabel(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions:
		return m
	}
	return "other"
}

// noRoute answers 404 to a path no route has, named as it was sent. A
// path that one has once cleaned (a trailing slash, a doubled one:
// /capabilities/, //registry) or unescaped (/render-hooks%2Fplan:pre, a
// client escaping its whole path) names it, escaped, in the message and
// as details.didYouMean: the client meant it. So does /tools/ns/tool when
// the served cards hold the id "ns/tool", whose slash the client did not
// escape (/tools/ns%2Ftool), before any cleaning: /tools/x/ is the card
// "x/" where there is one. Failing those, a path one word of which is
// mistyped names the route meant (mistypedRoute: /tool, /tools).
func (s *server) noRoute(w http.ResponseWriter, r *http.Request) {
	sent, prefix := sentPath(r), mountPrefix(r)
	msg, details := "no such route: "+prefix+sent, map[string]any(nil)
	p := routingPath(r)
	if strings.Trim(p, "/") == "render-hooks" || strings.Trim(r.URL.Path, "/") == "render-hooks" {
		missingPoint(w)
		return
	}
	tries := []string{s.slashedCard(r.URL.Path), s.slashedCard(path.Clean(r.URL.Path))}
	if r.URL.RawPath != "" { // escaped otherwise than by default, as sent
		tries = append(tries, s.routed(escapeRest(path.Clean(r.URL.RawPath))))
	}
	tries = append(tries, s.routed((&url.URL{Path: path.Clean(r.URL.Path)}).EscapedPath()))
	// A try is never p itself: p is routed by no route (chi would have
	// served it), and each try is one a route has.
	var alt string
	for _, try := range tries {
		if try != "" && try != sent {
			alt = try
			break
		}
	}
	if alt == "" {
		alt = s.mistypedRoute(p)
	}
	if alt != "" {
		alt = prefix + alt
		if q := r.URL.RawQuery; q != "" && len(q) <= maxSuggestedQuery {
			alt += "?" + q // the request to send again, whole
		}
		msg += " (did you mean " + alt + "?)"
		details = map[string]any{"didYouMean": alt}
	} else {
		// A newcomer's first request is often GET / (the URL serve
		// prints): say where the routes are.
		msg += " (GET " + prefix + "/openapi.yaml lists the routes)"
	}
	writeError(w, http.StatusNotFound, CodeNotFound, msg, details)
}

// maxSuggestedQuery bounds the query a 404's suggestion repeats: a
// longer one is left for the client to append, rather than echoed.
const maxSuggestedQuery = 1024

// sentPath is the request's path as the client escaped it (RawPath, which
// keeps a %2F), with what it left unescaped (é, ^, a space) escaped, so
// that the path a 404 names is the one sent and can be sent again.
// EscapedPath alone gives up RawPath for the default escaping of the
// decoded path as soon as one byte is left unescaped, turning %2F into /.
func sentPath(r *http.Request) string {
	if r.URL.RawPath == "" {
		// A request in absolute form may name no path (GET http://host),
		// which is "/" (RFC 9110 §4.2.3), as routingPath routes it.
		return cmp.Or(r.URL.EscapedPath(), "/")
	}
	return escapeRest(r.URL.RawPath)
}

// mountPrefix is the path a parent mounted the router below ("/registry"
// for http.StripPrefix("/registry", h) or chi's Mount("/registry", h); see
// unmount), "" at the root: what the client sent (RequestURI) before the
// path the router routes on. The paths a 404 or a 405 names, and the route
// a didYouMean suggests, carry it, so that a client can send them again: a
// didYouMean of "/capabilities" for GET /registry/capabilities/ led out of
// the mount.
func mountPrefix(r *http.Request) string {
	sent, _, _ := strings.Cut(r.RequestURI, "?")
	if !strings.HasPrefix(sent, "/") { // absolute form, "*", or a request made in-process
		_, rest, ok := strings.Cut(sent, "://")
		i := strings.IndexByte(rest, '/')
		if !ok || i < 0 {
			return ""
		}
		sent = rest[i:]
	}
	sent, local := escapeRest(sent), sentPath(r)
	if local == "/" && !strings.HasSuffix(sent, "/") {
		return sent // chi's Mount("/registry") routes GET /registry on "/"
	}
	if len(sent) <= len(local) || !strings.HasSuffix(sent, local) {
		return ""
	}
	return sent[:len(sent)-len(local)]
}

// escapeRest percent-encodes the bytes of an escaped path that a path may
// not hold as they are, keeping the escapes it has.
func escapeRest(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c == '%' || c == '/' || c > ' ' && c < 0x7f && !strings.ContainsRune(`"#<>?[\]^`+"`"+`{|}`, rune(c)) {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}

// routed is p if a route has it, else "".
func (s *server) routed(p string) string {
	if len(allowedMethods(s.routes, p)) == 0 {
		return ""
	}
	return p
}

// slashedCard is the route of the card whose id the path /tools/… names
// with its slashes unescaped, or "".
func (s *server) slashedCard(p string) string {
	id, ok := strings.CutPrefix(p, "/tools/")
	if !ok || !strings.Contains(id, "/") {
		return ""
	}
	if v := s.currentViews(); v == nil || findCard(v, id) == nil {
		return ""
	}
	return "/tools/" + url.PathEscape(id)
}

// missingPoint answers a render without its point (/render-hooks/, as an
// orchestrator whose point variable is empty asks) with the valid points,
// as the reference's loop render-hooks answers one without its argument:
// "no such route" names nothing to fix.
func missingPoint(w http.ResponseWriter) {
	writeError(w, http.StatusNotFound, CodeUnknownPoint,
		"render-hooks requires a point: /render-hooks/{point}. Valid points: "+strings.Join(validate.Points, ", "),
		map[string]any{"point": "", "validPoints": validate.Points})
}

// allowedMethods lists the methods routed for a path (HEAD wherever GET is).
func allowedMethods(routes chi.Routes, path string) []string {
	var out []string
	for _, m := range []string{http.MethodGet, http.MethodPost} {
		if routes.Match(chi.NewRouteContext(), m, path) {
			out = append(out, m)
			if m == http.MethodGet {
				out = append(out, http.MethodHead)
			}
		}
	}
	return out
}

// refuseForeignHost answers 403 to a request whose Host is none of
// allowed, an IP address (which no DNS answer rebinds), "localhost" or a
// name under it (RFC 6761: browsers resolve those to loopback
// themselves); see Options.AllowedHosts. nil allows any Host. A request
// of no Host (HTTP/1.0) is allowed: no browser sends one.
func refuseForeignHost(allowed []string) func(http.Handler) http.Handler {
	if allowed == nil {
		return func(next http.Handler) http.Handler { return next }
	}
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if host := hostName(r.Host); host != "" && !allowedHost(host, allowed) {
				writeError(w, http.StatusForbidden, CodeForbidden, fmt.Sprintf(
					"Host %q refused: this capreg answers only requests naming localhost, an IP address or a host it was given, "+
						"so that a web page whose name is pointed at this machine cannot use it; if %s is meant to reach it, "+
						"start it with --allowed-host %s", r.Host, host, host), map[string]any{"host": r.Host})
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// hostName is the name of a Host header, lowercase, without its port, its
// IPv6 brackets or a final dot.
func hostName(hostport string) string {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.Trim(host, "[]"), ".")
	return strings.ToLower(host)
}

func allowedHost(host string, allowed []string) bool {
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	if _, err := netip.ParseAddr(host); err == nil {
		return true
	}
	return slices.ContainsFunc(allowed, func(a string) bool { return hostName(a) == host })
}

// refuseCrossOrigin answers 403 to a POST a browser sends from another
// origin (by Sec-Fetch-Site other than same-origin or none, so a same-site
// page on another port too, or else an Origin that is not the Host): a
// web page a developer has open must not make their local capreg rebuild
// (POST /-/reload) or work through changes. A browser may send such a
// request without asking first when its body is text/plain or a form.
// Clients that are not browsers send neither header and are not affected.
func refuseCrossOrigin(next http.Handler) http.Handler {
	p := http.NewCrossOriginProtection()
	p.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusForbidden, CodeForbidden,
			"cross-origin "+r.Method+" refused: capreg answers a browser only from its own origin", nil)
	}))
	return p.Handler(next)
}
