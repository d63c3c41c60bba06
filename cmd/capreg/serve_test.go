package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/capreg/capreg/store"
)

// servedProcess is serve running in this process on a loopback listener,
// as runServe starts it: cancel is what SIGTERM does.
type servedProcess struct {
	ln     net.Listener
	base   string
	cancel context.CancelFunc
	exit   chan int
}

// startServe runs serve on testdata/repo with drainDelay and waits until it
// is ready.
func startServe(t *testing.T, drainDelay time.Duration) *servedProcess {
	t.Helper()
	return startServeLogging(t, drainDelay, slog.New(slog.DiscardHandler))
}

// startServeLogging is startServe logging to logger.
func startServeLogging(t *testing.T, drainDelay time.Duration, logger *slog.Logger) *servedProcess {
	t.Helper()
	return startServeFlags(t, &serveFlags{repoFlags: repoFlags{repo: "../../testdata/repo"}, debounce: 100 * time.Millisecond, drainDelay: drainDelay}, logger)
}

// startServeFlags is startServe with the flags sf, logging to logger.
func startServeFlags(t *testing.T, sf *serveFlags, logger *slog.Logger) *servedProcess {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return startServeOn(t, ln, sf, logger)
}

// startServeOn is startServeFlags serving on ln.
func startServeOn(t *testing.T, ln net.Listener, sf *serveFlags, logger *slog.Logger) *servedProcess {
	t.Helper()
	gc := debug.SetGCPercent(100) // serve raises it, for the daemon only
	debug.SetGCPercent(gc)
	t.Cleanup(func() { debug.SetGCPercent(gc) })
	ctx, cancel := context.WithCancel(context.Background())
	p := &servedProcess{ln: ln, base: "http://" + ln.Addr().String(), cancel: cancel, exit: make(chan int, 1)}
	go func() { p.exit <- serve(ctx, ln, nil, sf, logger, io.Discard) }()
	t.Cleanup(func() {
		cancel()
		ln.Close() // ends a drain delay (see TestServerFailingDuringDrainDelay)
		select {
		case <-p.exit:
		case <-time.After(time.Minute):
			t.Error("serve did not return within a minute of its listener closing")
		}
	})
	p.waitFor(t, "/readyz", `"status":"ready"`)
	return p
}

// waitFor polls GET path until its body holds want.
func (p *servedProcess) waitFor(t *testing.T, path, want string) {
	t.Helper()
	var last string
	for range 500 {
		resp, err := http.Get(p.base + path)
		if err == nil {
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if last = string(body); strings.Contains(last, want) {
				return
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("GET %s never held %s; last body: %s", path, want, last)
}

// TestServerFailingDuringDrainDelay: a server that fails while serve waits
// out --drain-delay ends the wait with exit 2, as it does before the
// signal, rather than being waited on for the whole delay and then reported
// as a clean stop (exit 0).
func TestServerFailingDuringDrainDelay(t *testing.T) {
	p := startServe(t, time.Hour)
	p.cancel() // SIGTERM
	p.waitFor(t, "/readyz", `"draining":true`)
	p.ln.Close() // accepting fails for good
	if code := p.exited(t, "it still waits out its drain delay after its server failed"); code != exitUsage {
		t.Errorf("serve exited with %d after its server failed during the drain delay, want %d", code, exitUsage)
	}
}

// exited waits for serve to return, for 30 s at most (why names what a
// serve still running then is doing), and gives its exit code, which it
// puts back for the cleanup.
func (p *servedProcess) exited(t *testing.T, why string) int {
	t.Helper()
	select {
	case code := <-p.exit:
		p.exit <- code
		return code
	case <-time.After(30 * time.Second):
		t.Fatalf("serve did not return within 30 s: %s", why)
		return 0
	}
}

// TestDrainDelayClosesKeptConnections: during --drain-delay every answer
// closes its connection (Connection: close). A load balancer or proxy
// that stopped choosing this replica still sends on connections it keeps
// open, and would until the drain closed them, so /readyz alone does not
// move those clients to another replica.
func TestDrainDelayClosesKeptConnections(t *testing.T) {
	p := startServe(t, time.Hour)
	resp, err := http.Get(p.base + "/loop-points/plan:pre")
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.Close {
		t.Fatal("before the signal: an answer closes its connection")
	}
	p.cancel() // SIGTERM
	p.waitFor(t, "/readyz", `"draining":true`)
	resp, err = http.Get(p.base + "/loop-points/plan:pre")
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !resp.Close {
		t.Errorf("during the drain delay: %d, Connection %q; want 200 closing the connection", resp.StatusCode, resp.Header.Get("Connection"))
	}
}

// TestSIGHUPReloadLogWhileWaiting: the log line of a SIGHUP reload says ok
// as POST /-/reload does: not while the repository does not exist yet
// (git-sync's first clone). It said ok=true, since nothing had failed.
func TestSIGHUPReloadLogWhileWaiting(t *testing.T) {
	st := reloadRunning(t, filepath.Join(t.TempDir(), "current"))
	var buf bytes.Buffer
	logReload(slog.New(slog.NewTextHandler(&buf, nil)), st, nil)
	if line := buf.String(); !strings.Contains(line, "ok=false") || !strings.Contains(line, "waiting=") {
		t.Errorf("SIGHUP reload while waiting for the repository logged %q, want ok=false and why", line)
	}
}

// reloadRunning runs a watcher of repo until the test ends and returns
// the status of a reload asked of it, as a SIGHUP asks.
func reloadRunning(t *testing.T, repo string) store.Status {
	t.Helper()
	w := store.NewWatcher(store.WatchOptions{Options: store.Options{ScanOptions: store.ScanOptions{Repo: repo}}})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	st, err := w.Reload(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestServeLogsAbsoluteRepo: the start line names the repository as the
// watcher reads it, an absolute path, not "." or a path relative to a
// working directory the log reader cannot see.
func TestServeLogsAbsoluteRepo(t *testing.T) {
	var buf syncBuffer
	startServeLogging(t, 0, slog.New(slog.NewJSONHandler(&buf, nil)))
	want, err := filepath.Abs("../../testdata/repo")
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(buf.String()) {
		if strings.Contains(line, `"msg":"capreg serving"`) {
			if !strings.Contains(line, `"repo":"`+want+`"`) {
				t.Errorf("start line %s does not name the repository %s", line, want)
			}
			return
		}
	}
	t.Errorf("no start line in the log:\n%s", buf.String())
}

// syncBuffer is a bytes.Buffer that a logger may write while a test reads.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestServeRefusesAnEmptyAddr: --addr= (an unset $ADDR) and an address
// without its port (--addr=:$PORT, $PORT unset) are usage errors;
// net.Listen took each for every interface on a random port. So are an
// address without a colon and a port past 65535, which only the logger
// reported. The context
// is already done, so a serve that starts stops at once, with exit 0.
func TestServeRefusesAnEmptyAddr(t *testing.T) {
	gc := debug.SetGCPercent(100) // serve raises it, for the daemon only
	t.Cleanup(func() { debug.SetGCPercent(gc) })
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tt := range []struct{ addr, want string }{
		{"", "--addr is empty (an unset variable?): give HOST:PORT"},
		{":", `invalid value ":" for --addr: it has no port; want HOST:PORT, e.g. 127.0.0.1:8080 (:0 for any free port); see capreg serve --help` + "\n"},
		{"0.0.0.0:", `invalid value "0.0.0.0:" for --addr: it has no port;`},
		{"127.0.0.1", `invalid value "127.0.0.1" for --addr: want HOST:PORT (missing port in address), e.g. 127.0.0.1:8080, or :8080 for every interface; see capreg serve --help` + "\n"},
		{"127.0.0.1:99999", `invalid value "127.0.0.1:99999" for --addr: 99999 is no port (0 to 65535); want HOST:PORT, e.g. 127.0.0.1:8080 (:0 for any free port); see capreg serve --help` + "\n"},
		{"127.0.0.1:-1", `invalid value "127.0.0.1:-1" for --addr: -1 is no port (0 to 65535);`},
		// A port neither a number nor a service name: only the listen
		// refused it, "lookup tcp/abc: unknown port" under "cannot listen".
		{":abc", `invalid value ":abc" for --addr: "abc" is no port number (0 to 65535) nor service name; want HOST:PORT, e.g. 127.0.0.1:8080 (:0 for any free port); see capreg serve --help` + "\n"},
		{"127.0.0.1:808O", `invalid value "127.0.0.1:808O" for --addr: "808O" is no port number`},
	} {
		var stdout, stderr bytes.Buffer
		code := runServe(ctx, []string{"--repo", "../../testdata/repo", "--addr=" + tt.addr}, &stdout, &stderr)
		if code != exitUsage || !strings.Contains(stderr.String(), tt.want) {
			t.Errorf("--addr=%s: exit %d, stderr %q; want %d and %q", tt.addr, code, stderr.String(), exitUsage, tt.want)
		}
		if stdout.Len() != 0 {
			t.Errorf("--addr=%s: stdout %q: it listened", tt.addr, stdout.String())
		}
	}
}

// TestAddrTakesServiceNames: a service name is a port, as the listen
// reads it (not listened on here: it is a port under 1024).
func TestAddrTakesServiceNames(t *testing.T) {
	for _, addr := range []string{":http", "127.0.0.1:https", "localhost:8080"} {
		if fault := addrFault(addr); fault != "" {
			t.Errorf("addrFault(%q) = %q, want none", addr, fault)
		}
	}
}

// TestAllowedHosts: serve limits the Host of requests on a loopback
// address, where only this machine's clients (and pages rebinding their
// names to it) reach it, or where names are given; elsewhere, a pod is
// reached by names it cannot know.
func TestAllowedHosts(t *testing.T) {
	tests := []struct {
		addr  string
		given []string
		want  []string
	}{
		{"127.0.0.1:8080", nil, []string{}},
		{"[::1]:8080", nil, []string{}},
		{"127.0.0.2:8080", nil, []string{}},
		{"0.0.0.0:8080", nil, nil},
		{"[::]:8080", nil, nil},
		{"10.1.2.3:8080", nil, nil},
		{"0.0.0.0:8080", []string{"capreg.internal"}, []string{"capreg.internal"}},
		{"127.0.0.1:8080", []string{"a", "b"}, []string{"a", "b"}},
	}
	for _, tt := range tests {
		addr, err := net.ResolveTCPAddr("tcp", tt.addr)
		if err != nil {
			t.Fatal(err)
		}
		got := allowedHosts(addr, tt.given)
		if (got == nil) != (tt.want == nil) || !slices.Equal(got, tt.want) {
			t.Errorf("allowedHosts(%s, %q) = %#v, want %#v", tt.addr, tt.given, got, tt.want)
		}
	}
}

// TestDrainCutOffExitsOne: a drain that ends by its bound, cutting off a
// request still in flight (here a body stalled mid-way, which the drain
// gives 5 s more), exits 1, not 0, and says so: an operator or supervisor
// then knows the stop was not clean. The bound is 25 s in capreg; the
// test gives it 200 ms.
func TestDrainCutOffExitsOne(t *testing.T) {
	var logs syncBuffer
	sf := &serveFlags{repoFlags: repoFlags{repo: "../../testdata/repo"}, debounce: 100 * time.Millisecond, drainTimeout: 200 * time.Millisecond}
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := &bodyReadListener{Listener: inner, reading: make(chan struct{})}
	p := startServeOn(t, ln, sf, slog.New(slog.NewJSONHandler(&logs, nil)))
	conn, err := net.Dial("tcp", p.ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, "POST /validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"); err != nil {
		t.Fatal(err)
	}
	// Only a request whose handler has begun is in flight: a server that
	// begins to shut down before it has read a request drops it (net/http
	// checks between reading the header and calling the handler). That
	// the connection was accepted is not enough: under -race the drain
	// once began first, and serve stopped cleanly.
	select {
	case <-ln.reading:
	case <-time.After(30 * time.Second):
		t.Fatal("the server never read the stalled request's body")
	}
	p.cancel() // SIGTERM
	if code := p.exited(t, "its drain did not end at its bound"); code != exitFindings {
		t.Errorf("serve exited with %d after its drain cut a request off, want %d", code, exitFindings)
	}
	if log := logs.String(); !strings.Contains(log, "requests still in flight were cut off") || strings.Contains(log, `"msg":"stopped"`) {
		t.Errorf("want the cut-off logged and no clean stop:\n%s", log)
	}
}

// bodyReadListener closes reading once a POST's connection is read again
// after its header has arrived: its handler is then reading the body.
type bodyReadListener struct {
	net.Listener
	reading chan struct{}
	once    sync.Once
}

func (l *bodyReadListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return c, err
	}
	return &bodyReadConn{Conn: c, l: l}, nil
}

// bodyReadConn keeps what has been read on it; only the server's
// goroutine for the connection reads it.
type bodyReadConn struct {
	net.Conn
	l    *bodyReadListener
	seen []byte
}

func (c *bodyReadConn) Read(b []byte) (int, error) {
	if bytes.HasPrefix(c.seen, []byte("POST ")) && bytes.Contains(c.seen, []byte("\r\n\r\n")) {
		c.l.once.Do(func() { close(c.l.reading) })
	}
	n, err := c.Conn.Read(b)
	c.seen = append(c.seen, b[:n]...)
	return n, err
}

// TestServeUsageErrorsAndHelp: serve's usage errors, each exit 2 without listening
// (nothing on stdout), and its help, exit 0 on stdout with nothing on
// stderr even where errors are said in JSON. Each runs as if stopped at
// once: a serve that started where it should have refused exits 0.
func TestServeUsageErrorsAndHelp(t *testing.T) {
	gc := debug.SetGCPercent(100) // serve raises it, for the daemon only
	debug.SetGCPercent(gc)
	t.Cleanup(func() { debug.SetGCPercent(gc) })
	listening := `^capreg: listening on http://127\.0\.0\.1:[1-9][0-9]*\n$`
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	runCLICases(t, []cliCase{
		// The least values serve takes: it starts (and, stopped, exits 0).
		{name: "debounce 0", args: []string{"serve", "--repo", "$REPO", "--addr", "127.0.0.1:0", "--debounce", "0s"}, code: exitOK, stopped: true,
			stdout: []string{listening}, notStderr: []string{`level=ERROR`}},
		{name: "poll 100ms", args: []string{"serve", "--repo", "$REPO", "--addr", "127.0.0.1:0", "--poll", "100ms"}, code: exitOK, stopped: true,
			stdout: []string{listening}, notStderr: []string{`level=ERROR`}},
		// Port 65535 is a port: what refuses it is the address,
		// 192.0.2.1 (TEST-NET-1, RFC 5737), which no interface has, so
		// nothing is bound.
		{name: "port 65535", args: []string{"serve", "--repo", "$REPO", "--addr", "192.0.2.1:65535"}, code: exitUsage, stopped: true,
			stderr: []string{`level=ERROR msg="cannot listen" addr=192\.0\.2\.1:65535 .* hint="no interface of this host has this address`}, notStderr: []string{`is no port`}, notStdout: []string{`.`}},
		// A port another process holds: the line says what to do.
		{name: "port taken", args: []string{"serve", "--repo", "$REPO", "--addr", taken.Addr().String(), "--log-format", "json"}, code: exitUsage, stopped: true,
			stderr: []string{`"msg":"cannot listen",.*"hint":"another process listens on this port \(a capreg serve still running\?\): stop it, or give --addr another port"`}, notStdout: []string{`.`}},
		{name: "log-format without its value", args: []string{"serve", "--repo", "$REPO", "--log-format"}, code: exitUsage, stopped: true,
			stderr: []string{`^capreg: --log-format needs a value: give text\|json; see capreg serve --help\n$`}, notStdout: []string{`.`}},
		// A control character in a host name (a pasted escape) is no name.
		{name: "allowed-host control", args: []string{"serve", "--repo", "$REPO", "--addr", "127.0.0.1:0", "--allowed-host", "a\x01b"}, code: exitUsage, stopped: true,
			stderr: []string{`want host names, .*joined with commas \(got "a\\x01b"\)`}, notStdout: []string{`.`}},
		{name: "operand", args: []string{"serve", "extra", "--repo", "$REPO", "--addr", "127.0.0.1:0"}, code: exitUsage, stopped: true,
			stderr: []string{`^capreg: serve takes no arguments \(got \["extra"\]\); see capreg serve --help\n$`}, notStdout: []string{`.`}},
		{name: "operand json", args: []string{"serve", "extra", "--repo", "$REPO", "--addr", "127.0.0.1:0", "--log-format", "json"}, code: exitUsage, stopped: true,
			stderr: []string{`^\{"time":.*"level":"ERROR","msg":"serve takes no arguments \(got \[\\"extra\\"\]\); see capreg serve --help"\}\n$`}, notStdout: []string{`.`}},
		{name: "help json", args: []string{"serve", "--log-format", "json", "--help"}, code: exitOK, stopped: true,
			stdout:    []string{`^Usage: capreg serve `, `\n  --addr HOST:PORT\n\s+listen HOST:PORT \(default "127\.0\.0\.1:8080"\)\n`, `\n  --debounce DUR\n\s+quiet period .*\(default 100ms\)\n`},
			notStderr: []string{`.`}},
		// After "--", --log-format json is an operand, not the format: the
		// flag error before it is said in text.
		{name: "json after --", args: []string{"serve", "--nope", "--", "--log-format", "json"}, code: exitUsage, stopped: true,
			stderr: []string{`^capreg: unknown flag --nope \(capreg serve takes --addr, .*\); see capreg serve --help\n$`}, notStderr: []string{`"level"`}, notStdout: []string{`.`}},
		{name: "negative poll", args: []string{"serve", "--repo", "$REPO", "--addr", "127.0.0.1:0", "--poll", "-1s"}, code: exitUsage, stopped: true,
			stderr: []string{`^capreg: invalid value "-1s" for --poll: want a duration from 100ms to 1h, or 0 to watch for events \(it must not be negative\); see capreg serve --help\n$`}, notStdout: []string{`.`}},
		{name: "poll 99ms", args: []string{"serve", "--repo", "$REPO", "--addr", "127.0.0.1:0", "--poll", "99ms"}, code: exitUsage, stopped: true,
			stderr: []string{`^capreg: invalid value "99ms" for --poll: want a duration from 100ms to 1h, or 0 to watch for events \(each poll reads .*\); see capreg serve --help\n$`}, notStdout: []string{`.`}},
	})
}

// TestServeTextSaysWhereItListens: serve run as a person runs it (text logs)
// says on stdout where it listens, the address a client then reaches: on
// --addr 127.0.0.1:0, the port chosen. Stopped, it drains and exits 0,
// its logs on stderr.
func TestServeTextSaysWhereItListens(t *testing.T) {
	gc := debug.SetGCPercent(100) // serve raises it, for the daemon only
	debug.SetGCPercent(gc)
	t.Cleanup(func() { debug.SetGCPercent(gc) })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout, stderr syncBuffer
	exit := make(chan int, 1)
	go func() {
		exit <- runServe(ctx, []string{"--repo", filepath.Join("..", "..", "testdata", "repo"), "--addr", "127.0.0.1:0"}, &stdout, &stderr)
	}()
	listening := regexp.MustCompile(`^capreg: listening on (http://127\.0\.0\.1:[1-9][0-9]*)\n$`)
	var base string
	for deadline := time.Now().Add(30 * time.Second); base == ""; time.Sleep(10 * time.Millisecond) {
		if m := listening.FindStringSubmatch(stdout.String()); m != nil {
			base = m[1]
		} else if time.Now().After(deadline) {
			cancel()
			t.Fatalf("stdout %q never named the address; stderr:\n%s", stdout.String(), stderr.String())
		}
	}
	p := &servedProcess{base: base}
	p.waitFor(t, "/readyz", `"status":"ready"`)
	resp, err := http.Get(base + "/loop-points/plan:pre")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"capId": "pattern-mapper"`) {
		t.Errorf("GET /loop-points/plan:pre: %d %s", resp.StatusCode, body)
	}
	cancel() // SIGTERM
	select {
	case code := <-exit:
		if code != exitOK {
			t.Errorf("exit %d after the signal, want %d; stderr:\n%s", code, exitOK, stderr.String())
		}
	case <-time.After(time.Minute):
		t.Fatal("serve did not stop within a minute of the signal")
	}
	if strings.Contains(stderr.String(), "unready, still serving") {
		t.Errorf("without --drain-delay, serve held on unready before draining:\n%s", stderr.String())
	}
	for _, want := range []string{`level=INFO msg="capreg serving" addr=` + strings.TrimPrefix(base, "http://"), `msg="shutting down: draining in-flight requests"`, `msg=stopped`} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %s:\n%s", want, stderr.String())
		}
	}
	if got := stdout.String(); strings.Count(got, "\n") != 1 {
		t.Errorf("stdout holds more than the listening line:\n%s", got)
	}
}

// TestLogReloadOutcome: the line a SIGHUP reload logs says ok=true only when
// the rebuild finished, nothing failed and the repository exists, and
// otherwise says why: the reload's error, the failed build's error, or
// what the watcher waits for. Run against a real watcher where one can
// produce the outcome.
func TestLogReloadOutcome(t *testing.T) {
	repo := filepath.Join("..", "..", "testdata", "repo")
	reload := func(t *testing.T, canceled bool) (store.Status, error) {
		t.Helper()
		if !canceled {
			return reloadRunning(t, repo), nil
		}
		// Never run: the reload waits for a rebuild that does not come
		// and ends with its context.
		w := store.NewWatcher(store.WatchOptions{Options: store.Options{ScanOptions: store.ScanOptions{Repo: repo}}})
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		return w.Reload(ctx)
	}
	for _, tt := range []struct {
		name    string
		status  func(t *testing.T) (store.Status, error)
		want    []string
		notWant []string
	}{
		{"built", func(t *testing.T) (store.Status, error) { return reload(t, false) },
			[]string{`msg="reload on SIGHUP" generation=[1-9][0-9]* ok=true\n$`}, []string{`error=`, `failure=`, `waiting=`}},
		{"reload stopped", func(t *testing.T) (store.Status, error) { return reload(t, true) },
			[]string{` ok=false error="context canceled"\n$`}, []string{`failure=`, `waiting=`}},
		{"build failed", func(*testing.T) (store.Status, error) {
			return store.Status{Generation: 3, Failure: &store.Failure{Error: "2 declarations are invalid"}}, nil
		}, []string{` generation=3 ok=false failure="2 declarations are invalid"\n$`}, []string{`error=`, `waiting=`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			st, err := tt.status(t)
			var buf bytes.Buffer
			logReload(slog.New(slog.NewTextHandler(&buf, nil)), st, err)
			cliOutputMatches(t, "log", buf.String(), tt.want, tt.notWant)
		})
	}
}

// TestServeLogsItsBuild: the start line names the build as
// capreg_build_info labels it (version, Go version, program), so that the
// log of a pod that crashed before a scrape, or one read after a rollout,
// says which build wrote it. It named the address and repository alone.
func TestServeLogsItsBuild(t *testing.T) {
	var buf syncBuffer
	p := startServeLogging(t, 0, slog.New(slog.NewJSONHandler(&buf, nil)))
	resp, err := http.Get(p.base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	metrics, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^capreg_build_info\{goversion="([^"]*)",program="([^"]*)",version="([^"]*)"\} 1$`).FindStringSubmatch(string(metrics))
	if m == nil {
		t.Fatalf("no capreg_build_info in /metrics:\n%s", metrics)
	}
	for line := range strings.Lines(buf.String()) {
		if !strings.Contains(line, `"msg":"capreg serving"`) {
			continue
		}
		var start struct{ Version, Goversion, Program string }
		if err := json.Unmarshal([]byte(line), &start); err != nil {
			t.Fatal(err)
		}
		if start.Goversion != m[1] || start.Program != m[2] || start.Version != m[3] {
			t.Errorf("start line %s names version %q, Go %q, program %q; capreg_build_info names %q, %q, %q",
				line, start.Version, start.Goversion, start.Program, m[3], m[1], m[2])
		}
		return
	}
	t.Errorf("no start line in the log:\n%s", buf.String())
}
