package api_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/api"
)

// TestUnreadBodyIsNotWaitedFor: a request whose route reads no body (a
// probe, a 404, a 405, POST /-/reload), or that is refused before its
// body is read (a foreign Host, a cross-origin POST, a Content-Length
// over the limit), is answered at once, on a connection closed after it,
// though its body is still arriving: net/http read the rest of the body
// before answering on a connection it kept, so a body stalled mid-way
// held the answer, and the handler, to the read timeout (30 s in capreg
// serve, past its 25 s drain) (reviews; the refused ones were missed by
// the first fix). A body a route reads whole (POST /validate) leaves the
// connection open.
func TestUnreadBodyIsNotWaitedFor(t *testing.T) {
	srv := httptest.NewUnstartedServer(api.NewRouter(testdataSource(t), api.Options{AllowedHosts: []string{}}))
	// Past status's 5 s: an answer held to it is no answer.
	srv.Config.ReadTimeout = time.Minute
	srv.Start()
	defer srv.Close()
	for _, head := range []string{
		"POST /registry HTTP/1.1\r\n",                       // 405
		"GET /nope HTTP/1.1\r\n",                            // 404
		"GET /healthz HTTP/1.1\r\n",                         // a probe
		"POST /-/reload HTTP/1.1\r\n",                       // reads no body
		"PUT /capabilities/x HTTP/1.1\r\n",                  // 405
		"POST /validate HTTP/1.1\r\nHost: evil.example\r\n", // a foreign Host
		"POST /validate HTTP/1.1\r\nSec-Fetch-Site: cross-site\r\n",
		"POST /validate HTTP/1.1\r\nX-Over: limit\r\n", // 2 MiB, over the limit
	} {
		host := "Host: localhost\r\n" // AllowedHosts empty: localhost and IP addresses
		if strings.Contains(head, "Host:") {
			host = ""
		}
		length := "100"
		if strings.Contains(head, "X-Over") {
			length = "2097152"
		}
		conn, r := sendRaw(t, srv, head+host+"Content-Type: application/json\r\nContent-Length: "+length+"\r\n\r\n"+`{"files":`)
		conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		resp, err := http.ReadResponse(r, nil)
		if err != nil {
			t.Errorf("%s with a body stalled: no answer: %v", strings.TrimSpace(head), err)
			conn.Close()
			continue
		}
		resp.Body.Close()
		if !resp.Close {
			t.Errorf("%s with a body unread: %d without Connection: close", strings.TrimSpace(head), resp.StatusCode)
		}
		conn.Close()
	}
	body := `{"files":{"docs/x.md":"hi"}}`
	conn, r := sendRaw(t, srv, strings.Replace(validateHead(len(body)), "Host: x", "Host: localhost", 1)+body)
	defer conn.Close()
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Close {
		t.Errorf("POST /validate with its body whole: %d, close %v; want 200 on a connection kept", resp.StatusCode, resp.Close)
	}
}
