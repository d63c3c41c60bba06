package api_test

import (
	"bufio"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/capreg/capreg/api"
)

// TestStalledBodyHasItsGraceFromTheDrain: while a replica is unready but
// still serving (capreg serve's --drain-delay, Options.Draining closed),
// every route answers, a request body still arriving included; its grace
// starts when the drain does (Options.DrainBegun). It started at the
// signal: with the deployed 5 s delay, a body stalled at SIGTERM had no
// time left once the drain began, and with a longer delay one was cut
// while the server still answered everything (review).
func TestStalledBodyHasItsGraceFromTheDrain(t *testing.T) {
	const grace = 200 * time.Millisecond
	unready, begun := make(chan struct{}), make(chan struct{})
	h, reading := readingBodies(t, api.NewRouterWithBodyGrace(testdataSource(t), api.Options{Draining: unready, DrainBegun: begun}, grace), 2)
	srv := httptest.NewServer(h)
	defer srv.Close()
	body := `{"files":{"docs/x.md":"hi"}}`
	slow, slowR := sendRaw(t, srv, validateHead(len(body))+body[:5])
	defer slow.Close()
	stalled, stalledR := sendRaw(t, srv, validateHead(1000)+`{"files":`)
	defer stalled.Close()
	reading()
	close(unready)
	// Three graces into the delay, the slow body arrives in full: it is
	// answered, as during the delay every route is.
	time.Sleep(3 * grace)
	if _, err := slow.Write([]byte(body[5:])); err != nil {
		t.Fatal(err)
	}
	if got := status(t, slow, slowR); got != http.StatusOK {
		t.Errorf("a body finished during the drain delay: %d, want 200", got)
	}
	// Once the drain begins, the stalled one has its grace, then a 503.
	close(begun)
	if got := status(t, stalled, stalledR); got != http.StatusServiceUnavailable {
		t.Errorf("a body stalled past the drain's grace: %d, want 503", got)
	}
}

// status reads the status of the answer on conn, waiting at most 5 s.
func status(t *testing.T, conn interface{ SetReadDeadline(time.Time) error }, r *bufio.Reader) int {
	t.Helper()
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		t.Fatalf("no answer: %v", err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestStalledGETBodyIsCutOnDrain: a GET that carries a body is read to
// be refused (a GET takes none), and that read has the drain's grace as
// a POST body's does: it was read apart from it, so a GET whose body
// stalled held its handler, and the drain, until the server's read
// timeout (30 s in capreg serve, past its 25 s drain) (review).
func TestStalledGETBodyIsCutOnDrain(t *testing.T) {
	const grace = 200 * time.Millisecond
	begun := make(chan struct{})
	close(begun) // the drain has begun before the requests arrive
	srv := httptest.NewUnstartedServer(api.NewRouterWithBodyGrace(testdataSource(t), api.Options{Draining: begun, DrainBegun: begun}, grace))
	// A read timeout, as capreg serve sets one, under status's 5 s: the
	// body read unbounded by the drain ends with it (a 408), not never.
	srv.Config.ReadTimeout = 2 * time.Second
	srv.Start()
	defer srv.Close()
	for _, path := range []string{"/capabilities", "/render-hooks/plan:pre", "/tools?intent=deploy"} {
		conn, r := sendRaw(t, srv, "GET "+path+" HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n"+`{"config":`)
		if got := status(t, conn, r); got != http.StatusServiceUnavailable {
			t.Errorf("GET %s with a body stalled past the drain's grace: %d, want 503", path, got)
		}
		conn.Close()
	}
}
