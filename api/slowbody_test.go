package api_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/search/cmdline"
	"github.com/capreg/capreg/store"
)

// A client that sends the headers of a POST /validate and then trickles,
// or never sends, its body holds no validation turn: another client's
// request is answered, not kept waiting and turned away busy.
func TestSlowBodyHoldsNoValidationTurn(t *testing.T) {
	h, reading := readingBodies(t, api.NewRouter(testdataSource(t), api.Options{}), 1)
	srv := httptest.NewServer(h)
	defer srv.Close()
	conn, _ := sendRaw(t, srv, validateHead(1000)+`{"files":`)
	defer conn.Close()
	reading()
	resp, err := http.Post(srv.URL+"/validate", "application/json", strings.NewReader(`{"files":{"docs/x.md":"hi"}}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("a well-formed POST /validate got %d while another client was still sending its body", resp.StatusCode)
	}
}

// A client that stalls in the middle of a body does not hold the drain:
// once the server begins to drain, its body has a grace to arrive and is
// then answered 503 (send it again, to another replica), so that Shutdown
// returns; a body that comes in full within the grace is answered as ever.
func TestStalledBodyIsCutWhenDraining(t *testing.T) {
	draining := make(chan struct{})
	h, reading := readingBodies(t, api.NewRouterWithBodyGrace(testdataSource(t), api.Options{Draining: draining}, 200*time.Millisecond), 2)
	srv := httptest.NewServer(h)
	defer srv.Close()
	body := `{"files":{"docs/x.md":"hi"}}`
	stalled, stalledR := sendRaw(t, srv, validateHead(1000)+`{"files":`)
	defer stalled.Close()
	late, lateR := sendRaw(t, srv, validateHead(len(body))+body[:5])
	defer late.Close()
	reading()
	close(draining)
	if _, err := late.Write([]byte(body[5:])); err != nil { // within the grace
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		conn net.Conn
		r    *bufio.Reader
		want int
	}{{"the stalled body", stalled, stalledR, http.StatusServiceUnavailable}, {"the body sent in full", late, lateR, http.StatusOK}} {
		c.conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		resp, err := http.ReadResponse(c.r, nil)
		if err != nil {
			t.Fatalf("%s: no answer once draining: %v", c.name, err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.want {
			t.Errorf("%s: status %d once draining, want %d", c.name, resp.StatusCode, c.want)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Config.Shutdown(ctx); err != nil {
		t.Errorf("Shutdown with a client stalled mid-body: %v", err)
	}
}

// readingBodies wraps h so that reading returns once the first n POSTs'
// handlers have begun to read their bodies: what a test means by "the
// server is reading it", known rather than guessed with a sleep.
func readingBodies(t *testing.T, h http.Handler, n int) (http.Handler, func()) {
	var begun sync.WaitGroup
	begun.Add(n)
	var posts atomic.Int64
	wrapped := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && posts.Add(1) <= int64(n) {
			r.Body = &firstRead{ReadCloser: r.Body, begun: begun.Done}
		}
		h.ServeHTTP(w, r)
	})
	reading := func() {
		t.Helper()
		done := make(chan struct{})
		go func() { begun.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("the server did not begin to read %d request bodies", n)
		}
	}
	return wrapped, reading
}

// firstRead calls begun when its body is first read.
type firstRead struct {
	io.ReadCloser
	once  sync.Once
	begun func()
}

func (f *firstRead) Read(p []byte) (int, error) {
	f.once.Do(f.begun)
	return f.ReadCloser.Read(p)
}

// sendRaw opens a connection to srv and writes text on it, the start of a
// request that the test goes on sending, or not, by hand. The caller
// closes the connection before srv, whose Close waits for the handler
// still reading a stalled body.
func sendRaw(t *testing.T, srv *httptest.Server, text string) (net.Conn, *bufio.Reader) {
	t.Helper()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.WriteString(conn, text); err != nil {
		t.Fatal(err)
	}
	return conn, bufio.NewReader(conn)
}

// validateHead is the head of a POST /validate whose body is n bytes.
func validateHead(n int) string {
	return fmt.Sprintf("POST /validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", n)
}

// A body read in full before the drain's grace began is answered as
// ever, even after the grace: the grace bounds the body's arrival, not the
// handler. A drain beginning between the body's last read and the end of
// its reading left the grace's read deadline on the connection, where the
// server reads on past the body; that read timed out and ended the
// request, which, waiting for a validation turn, was answered 503 busy.
func TestDrainAfterTheBodyDoesNotEndTheRequest(t *testing.T) {
	draining := make(chan struct{})
	const grace = 100 * time.Millisecond
	drain := func() {
		close(draining)
		time.Sleep(grace / 4) // the grace's deadline is set
	}
	h, release := api.NewRouterDrainingAfterBody(testdataSource(t), api.Options{Draining: draining}, grace, drain)
	srv := httptest.NewServer(h)
	defer srv.Close()
	body := `{"files":{"docs/x.md":"hi"}}`
	conn, r := sendRaw(t, srv, validateHead(len(body))+body)
	defer conn.Close()
	time.Sleep(5 * grace) // the request waits for a turn past the grace
	release()
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		t.Fatalf("no answer: %v", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		t.Errorf("status %d for a body read before the drain, want 200: %s", resp.StatusCode, b)
	}
}

// A command line capreg would not match at all is a 400 saying why, not an
// empty answer a client would read as "no card replaces this", also to a
// client holding the tag a matched line's answer carries: a precondition
// applies only where the answer would be 2xx (RFC 9110 §13.2.1).
func TestCommandLineOverTheLimits(t *testing.T) {
	srv := httptest.NewServer(api.NewRouter(testdataSource(t), api.Options{}))
	defer srv.Close()
	get := func(line, inm string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest("GET", srv.URL+"/tools?command="+url.QueryEscape(line), nil)
		if inm != "" {
			req.Header.Set("If-None-Match", inm)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	ok := get("true; sudo rm -rf /", "")
	if ok.StatusCode != http.StatusOK {
		t.Fatalf("two commands: %d, want 200", ok.StatusCode)
	}
	if again := get("true; sudo rm -rf /", ok.Header.Get("ETag")); again.StatusCode != http.StatusNotModified {
		t.Errorf("two commands again, with their tag: %d, want 304", again.StatusCode)
	}
	for _, line := range []string{
		strings.Repeat("true; ", 32) + "sudo rm -rf /",
		strings.Repeat("x", 5000),
		"ls" + strings.Repeat(" ", 5000) + "-l",                  // over the limit before white space is collapsed
		strings.Repeat("eval ", cmdline.MaxScriptDepth+1) + "ls", // scripts too deep
	} {
		for _, inm := range []string{"", "*", ok.Header.Get("ETag")} {
			if resp := get(line, inm); resp.StatusCode != http.StatusBadRequest {
				t.Errorf("a command line of %d bytes, If-None-Match %q: %d, want 400", len(line), inm, resp.StatusCode)
			}
		}
	}
}

// TestValidateTurnIsNotHeldBySlowReader: a POST /validate whose client
// does not read its (large) answer holds no turn while the answer waits to
// be sent: another change is validated meanwhile. The turn was released
// only once the answer was written, so a client reading slowly kept every
// other change waiting, then busy, until the write timeout.
func TestValidateTurnIsNotHeldBySlowReader(t *testing.T) {
	srv := httptest.NewServer(api.NewRouter(testdataSource(t), api.Options{}))
	defer srv.Close()
	// A role list of 100,000 repeats: a finding each, an answer of MBs.
	roles := strings.Repeat("r, ", 100000)
	doc := "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre\nagent-roles: " + roles + "\nproduces: PLAN.md\nconsumes:\n-->\n"
	body := `{"files":{"workflows/big.md":` + strconv.Quote(doc) + `}}`
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.(*net.TCPConn).SetReadBuffer(4096)
	fmt.Fprintf(conn, "POST /validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
	// Its answer is made, and waits for the reader, which reads one line.
	if _, err := bufio.NewReader(conn).ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	resp, err := http.Post(srv.URL+"/validate", "application/json", strings.NewReader(`{"files":{"docs/x.md":"hi"}}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("a small change while another's answer waits for its reader: %d, want 200", resp.StatusCode)
	}
}

// TestValidatePanicReturnsItsTurn: a POST /validate that panics (a bug
// some change trips) is answered 500 and gives its turn back: the turn was
// returned only after a normal answer, so one such change left every later
// one busy until a restart.
func TestValidatePanicReturnsItsTurn(t *testing.T) {
	broken := repoSource(t, "../testdata/repo").snap.Load() // its own, not the shared one
	broken.Sources = nil                                    // Overlay reads the served sources: a panic
	src := &source{status: store.Status{Generation: 1}}
	src.snap.Store(broken)
	srv := httptest.NewServer(api.NewRouter(src, api.Options{}))
	defer srv.Close()
	for i := range 3 {
		resp, err := http.Post(srv.URL+"/validate", "application/json", strings.NewReader(`{"files":{"docs/x.md":"hi"}}`))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusInternalServerError {
			t.Fatalf("change %d: %d, want 500 (the panic), not busy", i, resp.StatusCode)
		}
	}
}

// TestCommandPanicReturnsItsTurn: a GET /tools?command= whose matching
// panics is answered 500 and gives its turn back: held, a few such lines
// left every later one waiting, then busy, until a restart.
func TestCommandPanicReturnsItsTurn(t *testing.T) {
	broken := repoSource(t, "../testdata/repo").snap.Load() // its own, not the shared one
	broken.Result = nil                                     // Commands reads it under the turn: a panic
	src := &source{status: store.Status{Generation: 1}}
	src.snap.Store(broken)
	srv := httptest.NewServer(api.NewRouter(src, api.Options{MaxCommandMatches: 2}))
	defer srv.Close()
	for i := range 4 {
		resp, err := http.Get(srv.URL + "/tools?command=ls")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusInternalServerError {
			t.Fatalf("line %d: %d, want 500 (the panic), not busy", i, resp.StatusCode)
		}
	}
}
