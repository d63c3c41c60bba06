package main

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/store"
)

// serveFlags are the flags of capreg serve.
type serveFlags struct {
	repoFlags
	addr                       string
	debounce, poll, drainDelay time.Duration
	logFormat, logLevel        string
	allowedHosts               namesValue
	// drainTimeout is no flag: 0 is drainTimeout, a test's seam.
	drainTimeout time.Duration
}

func (sf *serveFlags) register(fs *flag.FlagSet) {
	sf.repoFlags.register(fs)
	fs.StringVar(&sf.addr, "addr", "127.0.0.1:8080", "listen `HOST:PORT`")
	sf.debounce = 100 * time.Millisecond
	fs.Var(&durationValue{d: &sf.debounce, hi: maxDebounce,
		long: "a change waits a debounce to be served, and a stream of changes 20 of them; to rebuild seldom, give --poll DUR, or send SIGHUP"},
		"debounce", "quiet period (`DUR`, 0 to 1m) after a change before rebuilding; 0 rebuilds at once")
	fs.Var(&durationValue{d: &sf.poll, lo: minPoll, hi: maxPoll, off: "to watch for events",
		short: "each poll reads the names, sizes and times of the whole tree",
		long:  "a change waits up to a poll to be served, while /readyz says ready; to rebuild only when told, give --poll 1h and send SIGHUP or POST /-/reload"},
		"poll", "poll the repository every `DUR` (100ms to 1h, e.g. 5s) instead of watching it for file-system events (inotify on Linux, kqueue on macOS; these miss changes made on another machine to a repository on NFS, SMB or FUSE, where on Linux capreg polls every 5s as well by itself)")
	fs.Var(&durationValue{d: &sf.drainDelay, hi: maxDrainDelay,
		long: fmt.Sprintf("the delay and the %s drain must end before the pod's terminationGracePeriodSeconds, 30s unless set, when SIGKILL cuts off every request; a load balancer stops sending within seconds: deploy/ gives 5s", shortDuration(drainTimeout))},
		"drain-delay", "on SIGTERM or SIGINT, answer /readyz with 503 but keep serving for `DUR` (0 to 5m) before draining (so a load balancer stops sending first; 0, the default, drains at once)")
	fs.Var(&sf.allowedHosts, "allowed-host", "answer requests naming host `NAME` (repeat, or join with commas); given, capreg answers only these names (exactly: not the names under them), localhost and names under it, and IP addresses, on any address; without it, only localhost, names under it and IP addresses on a loopback address (against DNS rebinding), and any host elsewhere")
	fs.StringVar(&sf.logFormat, "log-format", "text", "log format, `text|json`")
	fs.StringVar(&sf.logLevel, "log-level", "info", "log level, `debug|info|warn|error`")
}

// logFormatOf is the value of --log-format among serve's arguments, read
// before they are parsed, so that an error parsing them is said in that
// format; "" when not given.
func logFormatOf(args []string) string {
	format := ""
	for i, a := range args {
		if a == "--" {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "log-format" {
			continue
		}
		if !hasValue && i+1 < len(args) {
			value = args[i+1]
		}
		format = value
	}
	return format
}

// minPoll is the shortest --poll: a poll stats every input and folder,
// and "--poll 1ms" kept a core 94% busy on a repository of 400 cards. A
// change is picked up within the debounce after the poll that sees it, so
// a shorter poll gains a person nothing.
const minPoll = 100 * time.Millisecond

// maxDebounce is the longest --debounce. A change is served a debounce
// after it, and a stream of changes can put the rebuild off 20 debounces:
// --debounce 100h was taken, and left a change unserved for 100 hours
// while /readyz said ready and /healthz, which calls a rebuild running
// over 5 minutes stuck, said live. At 1m a stream holds a change back 20 minutes
// at most; to rebuild seldom, --poll takes up to maxPoll, and SIGHUP
// rebuilds on demand.
const maxDebounce = time.Minute

// maxPoll is the longest --poll. A change is served up to a poll after
// it, while /readyz says ready: --poll 1000000h was taken, and meant
// "never". A tick costs 0.37 s on 10,000 capability folders, so an hour
// between ticks saves nothing a longer one would; to rebuild only when
// told, poll hourly and send SIGHUP or POST /-/reload.
const maxPoll = time.Hour

// maxDrainDelay is the longest --drain-delay. The delay and the drain
// (drainTimeout) must fit in the time between SIGTERM and SIGKILL,
// Kubernetes' terminationGracePeriodSeconds (30 s unless the pod sets it;
// deploy/ sets 35 s for 5 s and the drain): --drain-delay 1000h was taken,
// and ended, past that grace, in SIGKILL, cutting off every request in
// flight. A load balancer stops sending within seconds; 5m covers the
// slowest (an AWS target group's default deregistration delay, 300 s).
const maxDrainDelay = 5 * time.Minute

// watchDebounce is the store.WatchOptions.Debounce for --debounce d: the
// store takes 0 for its default, 100ms, so --debounce 0, which asks for no
// quiet period, is given as the least duration (a rebuild at once, and a
// poll's settling fingerprint taken again at once).
func watchDebounce(d time.Duration) time.Duration {
	if d == 0 {
		return time.Nanosecond
	}
	return d
}

// runServe is the daemon: it watches the repository, serves the last good
// registry over HTTP, reloads on SIGHUP and drains on SIGTERM/SIGINT.
func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return runServeWith(ctx, args, stdout, stderr, nil)
}

// runServeWith is runServe calling listening, when not nil, once the port
// accepts connections, before anything else is done (a test's seam).
func runServeWith(ctx context.Context, args []string, stdout, stderr io.Writer, listening func(net.Listener)) int {
	fs := newFlags("serve", stderr)
	var sf serveFlags
	sf.register(fs)
	var flagOut bytes.Buffer
	jsonLogs := logFormatOf(args) == "json"
	if jsonLogs {
		fs.SetOutput(&flagOut)
	}
	pos, err := parseArgs(fs, args, stdout)
	if err != nil {
		if jsonLogs && !errors.Is(err, flag.ErrHelp) {
			// A mistyped flag in a pod's args: said in JSON, as every other
			// reason serve does not start, for a log pipeline reading JSON.
			msg, _, _ := strings.Cut(flagOut.String(), "\n")
			slog.New(slog.NewJSONHandler(stderr, nil)).Error(strings.TrimPrefix(msg, "capreg: "))
		}
		return flagExit(err)
	}
	logger, err := newLogger(stderr, sf.logFormat, sf.logLevel)
	if err != nil {
		if sf.logFormat == "json" { // --log-level is what is wrong
			slog.New(slog.NewJSONHandler(stderr, nil)).Error(err.Error())
			return exitUsage
		}
		return usageError(stderr, "%v", err)
	}
	// From here, in JSON, so that a log pipeline reading JSON sees why the
	// pod did not start.
	usage := func(format string, args ...any) int {
		if sf.logFormat == "json" {
			logger.Error(fmt.Sprintf(format, args...))
			return exitUsage
		}
		return usageError(stderr, format, args...)
	}
	if len(pos) > 0 {
		return usage("serve takes no arguments (got %q); see capreg serve --help", pos)
	}
	if msg := sf.fault(); msg != "" {
		return usage("%s", msg)
	}
	// Caught from before the port opens: a supervisor or script may send
	// SIGHUP (reload) as soon as it sees the daemon answer, and SIGHUP's
	// default action ends the process. One sent before serve reads the
	// channel is kept there and reloads once the first build is done.
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	defer signal.Stop(hup)
	ln, err := net.Listen("tcp", sf.addr)
	if err != nil {
		// Through the logger, so that a log pipeline reading JSON sees why
		// the pod did not start.
		logger.Error("cannot listen", "addr", sf.addr, "error", err, "hint", listenHint(err))
		return exitUsage
	}
	if listening != nil {
		listening(ln)
	}
	return serve(ctx, ln, hup, &sf, logger, stdout)
}

// fault is what is wrong with the flags serve was given, or "" (a
// duration out of its range is refused as it is parsed, by durationValue).
// A value a flag does not take is worded as badValue words it, and ends, as
// every such usage error does, by naming serve's help.
func (sf *serveFlags) fault() string {
	if want := addrFault(sf.addr); want != "" {
		return badValueText("capreg serve", "addr", sf.addr, want)
	}
	// Another error is not fatal: in a pod, git-sync may not have cloned
	// yet. serve stays up, unready, and serves the repository once it
	// appears; the watcher logs that it waits (at WARN where a folder
	// beside it is named almost so), or why the repository cannot be read.
	if err := store.StatRepo(sf.repo); errors.Is(err, store.ErrRepoNotFolder) {
		return fmt.Sprintf("%v; give --repo the repository's folder", err)
	}
	return ""
}

// listenHint says what to do about a listen that failed: the error alone
// ("bind: address already in use") left the operator to work out the
// remedy for each cause.
func listenHint(err error) string {
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		return "another process listens on this port (a capreg serve still running?): stop it, or give --addr another port"
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		return "no interface of this host has this address: give one it has, or :PORT for every interface"
	case errors.Is(err, syscall.EACCES):
		return "a port under 1024 needs a privilege this process lacks: give --addr a port from 1024"
	}
	return "give --addr a HOST:PORT this host can listen on"
}

// programID names this build of capreg for the snapshot digest
// (store.Options.Program), and so for every ETag: a hash of the
// executable, which the image's reproducible build (-trimpath, no VCS
// stamp: the Dockerfile's context has no .git) makes the same in every
// replica of one image and different in the next, whose answers may
// differ (a search ranking, a field added) for the same checkout. Without
// the executable, the build information (Go version, module versions,
// build settings) stands in for it, with a warning.
func programID(logger *slog.Logger) string {
	h := sha256.New()
	exe, err := os.Executable()
	if err == nil {
		var f *os.File
		if f, err = os.Open(exe); err == nil {
			_, err = io.Copy(h, f)
			f.Close()
		}
	}
	if err != nil {
		logger.Warn("cannot read the executable to tell this build's answers from another's; the build information names it instead", "error", err)
		h.Reset()
		if bi, ok := debug.ReadBuildInfo(); ok {
			h.Write([]byte(bi.String()))
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// allowedHosts is api.Options.AllowedHosts for a server listening on
// addr: the names given, where any are; none but localhost and IP
// addresses on a loopback address, which only this machine reaches, so a
// request naming another host is a web page rebinding its name to it;
// and nil, any Host, elsewhere (a pod is reached by names capreg cannot
// know).
func allowedHosts(addr net.Addr, given []string) []string {
	if len(given) > 0 {
		return given
	}
	if ta, ok := addr.(*net.TCPAddr); ok && ta.IP.IsLoopback() {
		return []string{}
	}
	return nil
}

// serve runs the watcher and the HTTP server on ln until ctx ends or a
// signal asks it to stop, then drains; each SIGHUP received on hup (nil
// for none) rebuilds.
func serve(ctx context.Context, ln net.Listener, hup <-chan os.Signal, sf *serveFlags, logger *slog.Logger, stdout io.Writer) int {
	tuneGC(logger)
	metrics := api.NewMetrics()
	o := sf.options()
	o.Program = programID(logger)
	metrics.SetBuild(version, o.Program)
	w := store.NewWatcher(store.WatchOptions{Options: o, Debounce: watchDebounce(sf.debounce), Poll: sf.poll, Logger: logger, Observer: metrics})
	draining, drainBegun := make(chan struct{}), make(chan struct{})
	opts := api.Options{Logger: logger, Metrics: metrics, Draining: draining, DrainBegun: drainBegun,
		AllowedHosts: allowedHosts(ln.Addr(), sf.allowedHosts)}
	srv := newHTTPServer(api.NewRouter(w, opts), logger)
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	watchCtx, stopWatch := context.WithCancel(context.Background())
	defer stopWatch()
	go w.Run(watchCtx)
	// Until serve returns, not only until the signal: the drain may
	// still be given a SIGHUP.
	go reloadOnHUP(watchCtx, hup, w, logger)

	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()
	// The build too, as capreg_build_info labels it: a log read after a
	// rollout (or of a pod never scraped) says which build wrote it.
	logger.Info("capreg serving", "addr", ln.Addr().String(), "repo", absPath(sf.repo),
		"version", api.BuildVersion(version), "goversion", runtime.Version(), "program", o.Program)
	if sf.logFormat != "json" { // every line a pod writes is JSON then
		fmt.Fprintf(stdout, "capreg: listening on http://%s\n", ln.Addr())
	}

	select {
	case err := <-serveErr:
		logger.Error("server stopped", "error", err)
		return exitUsage
	case <-ctx.Done():
	}
	// A second SIGINT or SIGTERM from here on ends the process at once:
	// main's handler exits 130 (see interruptible); serve run by any other
	// caller leaves the signal its default action.
	stop()
	defer sayLastWords(ctx, func(sig os.Signal) {
		logger.Warn("a second signal: exiting at once, without draining; requests in flight are cut off", "signal", sig.String(), "exitCode", exitInterrupted)
	})()
	close(draining)
	if err := holdOn(srv, sf.drainDelay, serveErr, logger); err != nil {
		logger.Error("server stopped", "error", err)
		return exitUsage
	}
	close(drainBegun) // a body still arriving has its grace from here
	return drain(srv, cmp.Or(sf.drainTimeout, drainTimeout), logger)
}

// holdOn keeps serving, unready, for delay before the drain, so that load
// balancers stop sending first. Readiness steers only new connections, so
// keep-alives are turned off too: each answer then closes its connection,
// where a client keeping one open would go on sending on it until the
// drain closed it, perhaps under a request being sent. A server that fails
// meanwhile ends the wait with its error: there is nothing left to hold on
// to, and a failure must not be reported as a clean stop.
func holdOn(srv *http.Server, delay time.Duration, serveErr <-chan error, logger *slog.Logger) error {
	if delay <= 0 {
		return nil
	}
	srv.SetKeepAlivesEnabled(false)
	logger.Info("shutting down: unready, still serving", "drainDelay", delay)
	select {
	case err := <-serveErr:
		return err
	case <-time.After(delay):
		return nil
	}
}

// newHTTPServer bounds every phase of a request, so that a slow or idle
// client cannot hold a connection (and its goroutine) for ever.
func newHTTPServer(h http.Handler, logger *slog.Logger) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
}

// drainTimeout bounds the drain: deploy/ gives the pod 35 s between the
// start of its termination and SIGKILL, 5 s of which its --drain-delay
// takes.
const drainTimeout = 25 * time.Second

// drain lets in-flight requests finish, for at most timeout.
func drain(srv *http.Server, timeout time.Duration, logger *slog.Logger) int {
	logger.Info("shutting down: draining in-flight requests")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		// Requests were cut off: not a usage or I/O failure (exit 2).
		logger.Error("shutdown: the drain did not finish; requests still in flight were cut off", "error", err)
		return exitFindings
	}
	logger.Info("stopped")
	return exitOK
}

// reloadOnHUP forces a rebuild on every SIGHUP received on hup, which
// the caller asked for (signal.Notify) before its port opened.
func reloadOnHUP(ctx context.Context, hup <-chan os.Signal, w *store.Watcher, logger *slog.Logger) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-hup:
			st, err := w.Reload(ctx)
			logReload(logger, st, err)
		}
	}
}

// logReload logs the outcome of a SIGHUP reload. It is ok as POST /-/reload
// says it is: the rebuild finished, nothing failed, and the repository
// exists (while git-sync has not cloned yet there is nothing to serve).
func logReload(logger *slog.Logger, st store.Status, err error) {
	attrs := []any{"generation", st.Generation, "ok", err == nil && st.Failure == nil && st.Waiting == ""}
	switch {
	case err != nil:
		attrs = append(attrs, "error", err)
	case st.Failure != nil:
		attrs = append(attrs, "failure", st.Failure.Error)
	case st.Waiting != "":
		attrs = append(attrs, "waiting", st.Waiting)
	}
	logger.Info("reload on SIGHUP", attrs...)
}

// absPath is p made absolute, as the watcher reads it once at start, for
// logs read where the working directory is not known.
func absPath(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return p
}

func newLogger(w io.Writer, format, level string) (*slog.Logger, error) {
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(level)); err != nil {
		return nil, errors.New(badChoiceText("capreg serve", "log-level", level, []string{"debug", "info", "warn", "error"}))
	}
	opts := &slog.HandlerOptions{Level: lv}
	switch format {
	case "text":
		return slog.New(slog.NewTextHandler(w, opts)), nil
	case "json":
		opts.ReplaceAttr = durationSeconds
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	}
	return nil, errors.New(badChoiceText("capreg serve", "log-format", format, []string{"text", "json"}))
}

// durationSeconds writes durations in JSON logs as seconds, which a log
// pipeline can compare and chart, instead of slog's integer nanoseconds.
func durationSeconds(_ []string, a slog.Attr) slog.Attr {
	if a.Value.Kind() == slog.KindDuration {
		a.Value = slog.Float64Value(a.Value.Duration().Seconds())
	}
	return a
}

// addrFault says what is wrong with an --addr that is not HOST:PORT, or
// that has an empty port or one past 65535, as what the flag wants (the
// rest of badValueText's message), or returns "": net.Listen takes
// ":" for ":0", every interface on a port no probe or Service names (an
// unset variable in --addr=:$PORT is the likely cause; ":0" given on
// purpose is kept), and the others it refused only through the logger,
// after the flags, as "cannot listen". An empty --addr is refused with
// every empty flag, by parseArgs.
func addrFault(addr string) string {
	_, port, err := net.SplitHostPort(addr)
	if ae := (*net.AddrError)(nil); errors.As(err, &ae) {
		return fmt.Sprintf("want HOST:PORT (%s), e.g. 127.0.0.1:8080, or :8080 for every interface", ae.Err)
	}
	if port == "" {
		return "it has no port; want HOST:PORT, e.g. 127.0.0.1:8080 (:0 for any free port)"
	}
	n, err := strconv.Atoi(port)
	if err == nil && (n < 0 || n > 65535) {
		return fmt.Sprintf("%d is no port (0 to 65535); want HOST:PORT, e.g. 127.0.0.1:8080 (:0 for any free port)", n)
	}
	if err != nil {
		// A service name (":http") is a port too, as listen reads it;
		// another word (":808O", ":abc") was refused only by the listen,
		// as "lookup tcp/abc: unknown port" under "cannot listen".
		if _, lerr := net.LookupPort("tcp", port); lerr != nil {
			return fmt.Sprintf("%q is no port number (0 to 65535) nor service name; want HOST:PORT, e.g. 127.0.0.1:8080 (:0 for any free port)", port)
		}
	}
	return ""
}
