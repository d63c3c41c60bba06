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
