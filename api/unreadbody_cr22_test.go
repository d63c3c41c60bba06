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

// TestCR22KeepAliveAfterWholeBody: a body read whole leaves the
// connection open whatever its framing (chunked, Expect: 100-continue,
// HTTP/1.0 keep-alive), and a GET with Content-Length: 0 or a blank
// chunked body is not answered with Connection: close.
func TestCR22KeepAliveAfterWholeBody(t *testing.T) {
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
