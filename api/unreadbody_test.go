package api_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
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

// TestKeepAliveAfterWholeBodyRead: a body read whole leaves the
// connection open whatever its framing (chunked, Expect: 100-continue,
// HTTP/1.0 keep-alive), and a GET with Content-Length: 0 or a blank
// chunked body is not answered with Connection: close.
func TestKeepAliveAfterWholeBodyRead(t *testing.T) {
	srv := httptest.NewServer(api.NewRouter(testdataSource(t), api.Options{}))
	defer srv.Close()
	body := `{"files":{"docs/x.md":"hi"}}`
	render := `{"disabledCapabilities":["ui"]}`
	chunk := func(s string) string { return fmt.Sprintf("%x\r\n%s\r\n0\r\n\r\n", len(s), s) }
	for _, c := range []struct {
		name, req string
		keep      bool
	}{
		{"validate chunked", "POST /validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n" + chunk(body), true},
		{"render-hooks", "POST /render-hooks/plan:pre HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: " + strconv.Itoa(len(render)) + "\r\n\r\n" + render, true},
		{"validate expect", "POST /validate HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Type: application/json\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body, true},
		{"validate 1.0 keep-alive", "POST /validate HTTP/1.0\r\nHost: x\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body, true},
		{"GET CL 0", "GET /capabilities HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", true},
		{"GET blank chunked", "GET /capabilities HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", true},
		{"HEAD blank chunked", "HEAD /capabilities HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", true},
		{"validate over limit chunked", "POST /validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n" + chunk(strings.Repeat(" ", 1<<20+1)), false},
	} {
		conn, r := sendRaw(t, srv, c.req)
		conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		resp, err := http.ReadResponse(r, &http.Request{Method: strings.Fields(c.req)[0]})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			conn.Close()
			continue
		}
		if resp.StatusCode == 100 {
			resp, err = http.ReadResponse(r, nil)
			if err != nil {
				t.Fatal(err)
			}
		}
		resp.Body.Close()
		t.Logf("%s: %d close=%v Connection=%q", c.name, resp.StatusCode, resp.Close, resp.Header.Get("Connection"))
		if resp.Close == c.keep {
			t.Errorf("%s: %d close=%v, want close=%v", c.name, resp.StatusCode, resp.Close, !c.keep)
		}
		conn.Close()
	}
}
