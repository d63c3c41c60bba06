package api_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/store"
)

// TestIfNoneMatchOverSeveralLines: If-None-Match is a list, which a client
// or an intermediary may send as several field lines (RFC 9110 §5.3); a tag
// on any of them matches.
func TestIfNoneMatchOverSeveralLines(t *testing.T) {
	src := testdataSource(t)
	srv := httptest.NewServer(newRouter(src))
	defer srv.Close()
	req, err := http.NewRequest("GET", srv.URL+"/registry", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Add("If-None-Match", `"some-other-tag"`)
	req.Header.Add("If-None-Match", `"`+src.Current().Digest+`"`)
	resp, err := (&http.Client{Transport: &http.Transport{DisableCompression: true}}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotModified {
		t.Errorf("If-None-Match on two lines, the second holding the ETag: %d, want 304", resp.StatusCode)
	}
}

// panicSource is a Source whose every method panics, standing for a bug in
// a handler.
type panicSource struct{}

func (panicSource) Current() *store.Snapshot                     { panic("boom") }
func (panicSource) State() (*store.Snapshot, store.Status)       { panic("boom") }
func (panicSource) Reload(context.Context) (store.Status, error) { panic("boom") }

// TestPanicIsCounted: a handler's panic is answered 500 in JSON and counted
// as a 500 of its route, so that an alert on the error rate sees it.
func TestPanicIsCounted(t *testing.T) {
	m := api.NewMetrics()
	h := api.NewRouter(panicSource{}, api.Options{Metrics: m})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/registry", nil))
	if rec.Code != http.StatusInternalServerError || rec.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("%d %s: %s", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
	if got := requestCount(t, m, "/registry", "GET", "500"); got != 1 {
		t.Errorf(`capreg_http_requests_total{route="/registry",method="GET",code="500"} = %v, want 1`, got)
	}
}

// TestCrossOriginPostsAreRefused: a POST a browser sends for another site
// is a 403 in JSON, so that a web page cannot make a local capreg rebuild;
// the same POST from a client that is not a browser, or from capreg's own
// origin, and any GET, are answered.
func TestCrossOriginPostsAreRefused(t *testing.T) {
	h := newRouter(testdataSource(t))
	tests := []struct {
		name, method, target string
		hdr                  []string
		want                 int
	}{
		{"cross-site reload", "POST", "/-/reload", []string{"Sec-Fetch-Site", "cross-site"}, 403},
		{"other origin, render", "POST", "/render-hooks/plan:pre", []string{"Origin", "https://evil.example"}, 403},
		{"cross-site validate", "POST", "/validate", []string{"Sec-Fetch-Site", "cross-site"}, 403},
		{"same origin", "POST", "/-/reload", []string{"Sec-Fetch-Site", "same-origin"}, 200},
		{"not a browser", "POST", "/-/reload", nil, 200},
		{"cross-site GET", "GET", "/registry", []string{"Sec-Fetch-Site", "cross-site"}, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var body []byte
			if tt.target == "/validate" {
				body = []byte(`{"files": {}}`)
			}
			e := do(t, h, tt.method, tt.target, body, tt.hdr...)
			if e.status != tt.want {
				t.Fatalf("%s %s: %d, want %d: %s", tt.method, tt.target, e.status, tt.want, truncate(e.body))
			}
			if tt.want == 403 && e.json(t)["code"] != "forbidden" {
				t.Errorf("403 body %s, want code forbidden", e.body)
			}
		})
	}
}

// TestForeignHostsAreRefused: with AllowedHosts set, as capreg serve sets
// it on a loopback address, a request naming another host (a web page
// that pointed its DNS name at 127.0.0.1, which the browser then takes
// for its own origin) is a 403 for any route and method; localhost, a
// name under it, an IP address and the names given are answered.
func TestForeignHostsAreRefused(t *testing.T) {
	loopback := api.NewRouter(testdataSource(t), api.Options{AllowedHosts: []string{}})
	given := api.NewRouter(testdataSource(t), api.Options{AllowedHosts: []string{"capreg.internal", "Registry.Example:8080"}})
	anyHost := api.NewRouter(testdataSource(t), api.Options{})
	tests := []struct {
		name         string
		h            http.Handler
		method, host string
		want         int
	}{
		{"rebound name, GET", loopback, "GET", "attacker.example:8080", 403},
		{"rebound name, POST", loopback, "POST", "attacker.example", 403},
		{"rebound name, final dot, case", loopback, "GET", "ATTACKER.example.:8080", 403},
		{"localhost", loopback, "GET", "localhost:8080", 200},
		{"LOCALHOST.", loopback, "GET", "LOCALHOST.:8080", 200},
		{"name under localhost", loopback, "GET", "app.localhost:8080", 200},
		{"IPv4", loopback, "GET", "127.0.0.1:8080", 200},
		{"IPv6", loopback, "GET", "[::1]:8080", 200},
		{"a name like localhost", loopback, "GET", "localhost.attacker.example", 403},
		{"a given name", given, "GET", "capreg.internal:8080", 200},
		{"a given name, another case and port", given, "POST", "registry.example", 200},
		{"not given", given, "GET", "attacker.example", 403},
		{"a name under a given name", given, "GET", "evil.capreg.internal", 403},
		{"any host", anyHost, "GET", "attacker.example", 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			target := "/registry"
			if tt.method == "POST" {
				target = "/-/reload"
			}
			e := do(t, tt.h, tt.method, target, nil, "Host", tt.host)
			if e.status != tt.want {
				t.Fatalf("%s %s, Host %s: %d, want %d: %s", tt.method, target, tt.host, e.status, tt.want, truncate(e.body))
			}
			if tt.want == 403 && (e.json(t)["code"] != "forbidden" || !strings.Contains(string(e.body), "--allowed-host")) {
				t.Errorf("403 body %s, want code forbidden and the flag that allows the host", e.body)
			}
		})
	}
}

// rebuildingSource is a source whose rebuild has run for a given time.
type rebuildingSource struct {
	*source
	took time.Duration
}

func (s rebuildingSource) RebuildingFor() time.Duration { return s.took }

// TestHealthzReportsAStuckRebuild: /healthz, the liveness probe, is 503
// once a rebuild has run longer than StuckAfter, so that Kubernetes
// restarts a process that serves its last snapshot but follows no change.
func TestHealthzReportsAStuckRebuild(t *testing.T) {
	tests := []struct {
		took       time.Duration
		want       int
		wantStatus string
	}{
		{0, 200, "ok"},
		{90 * time.Second, 200, "ok"},
		{3 * time.Minute, 503, "stuck"},
	}
	for _, tt := range tests {
		h := api.NewRouter(rebuildingSource{testdataSource(t), tt.took}, api.Options{StuckAfter: 2 * time.Minute})
		e := do(t, h, "GET", "/healthz", nil)
		if e.status != tt.want || e.json(t)["status"] != tt.wantStatus {
			t.Errorf("rebuilding for %v: %d %s, want %d status %s", tt.took, e.status, e.body, tt.want, tt.wantStatus)
		}
	}
}

// TestReloadOutlastsTheWriteTimeout: POST /-/reload answers when its
// rebuild takes longer than the server's write timeout, instead of the
// client seeing the connection closed.
func TestReloadOutlastsTheWriteTimeout(t *testing.T) {
	src := testdataSource(t)
	src.reload = func() (store.Status, error) {
		time.Sleep(300 * time.Millisecond)
		return store.Status{Generation: 2}, nil
	}
	srv := httptest.NewUnstartedServer(newRouter(src))
	srv.Config.WriteTimeout = 100 * time.Millisecond
	srv.Start()
	defer srv.Close()
	resp, err := http.Post(srv.URL+"/-/reload", "", nil)
	if err != nil {
		t.Fatalf("POST /-/reload with a rebuild longer than the write timeout: %v", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("%d %s (%v), want 200", resp.StatusCode, body, err)
	}
}

// TestSlowBodyIsARequestTimeout: a body that stops arriving until the
// server's read timeout cuts it off is a 408 request_timeout, in JSON and
// as openapi.yaml describes it, not a 400: the request itself was fine,
// and a client may retry it.
func TestSlowBodyIsARequestTimeout(t *testing.T) {
	sp, err := loadSpec()
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/validate", "/render-hooks/plan:pre"} {
		srv := httptest.NewUnstartedServer(newRouter(testdataSource(t)))
		srv.Config.ReadTimeout = 200 * time.Millisecond
		srv.Start()
		conn, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		const part = `{"files": {"a.md": "`
		fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n%s", path, part)
		req, _ := http.NewRequest("POST", srv.URL+path, strings.NewReader(part))
		resp, err := http.ReadResponse(bufio.NewReader(conn), req) // the rest of the body never comes
		if err != nil {
			t.Fatalf("POST %s with a stalled body: %v", path, err)
		}
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusRequestTimeout || !strings.Contains(string(body), `"request_timeout"`) {
			t.Errorf("POST %s with a stalled body: %d %s, want 408 request_timeout", path, resp.StatusCode, body)
		}
		sp.checkExchange(t, req, []byte(part), resp, body, false)
		conn.Close()
		srv.Close()
	}
}

// TestReadyzWhileDraining: once Options.Draining is closed, /readyz is a
// 503 not_ready saying so, with Retry-After as every not_ready has, as
// openapi.yaml describes it, while the data routes still answer.
func TestReadyzWhileDraining(t *testing.T) {
	draining := make(chan struct{})
	h := api.NewRouter(testdataSource(t), api.Options{Draining: draining})
	if e := do(t, h, "GET", "/readyz", nil); e.status != http.StatusOK {
		t.Fatalf("before draining: %d %s, want 200", e.status, e.body)
	}
	close(draining)
	e := do(t, h, "GET", "/readyz", nil)
	details, _ := e.json(t)["details"].(map[string]any)
	if e.status != http.StatusServiceUnavailable || e.json(t)["code"] != "not_ready" || details["draining"] != true {
		t.Errorf("draining: %d %s, want 503 not_ready with details.draining", e.status, e.body)
	}
	// Every not_ready says when to retry, this one too (it had none).
	if got := e.header.Get("Retry-After"); got != "1" {
		t.Errorf("draining: Retry-After %q, want 1", got)
	}
	if e := do(t, h, "GET", "/loop-points/plan:pre", nil); e.status != http.StatusOK {
		t.Errorf("a data route while draining: %d %s, want 200", e.status, e.body)
	}
	if st := do(t, h, "GET", "/status", nil).json(t); st["draining"] != true || st["ready"] != true {
		t.Errorf("/status while draining: draining %v, ready %v; want both true", st["draining"], st["ready"])
	}
}

// TestBodyCutOffByTheClientIsABadRequest: a body the client stops sending
// by closing its side of the connection is a 400, not the 408 of a read
// timeout: only the server's deadline says the request may be retried as
// it was.
func TestBodyCutOffByTheClientIsABadRequest(t *testing.T) {
	srv := httptest.NewUnstartedServer(newRouter(testdataSource(t)))
	srv.Config.ReadTimeout = time.Minute
	srv.Start()
	defer srv.Close()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n%s", `{"files": {"a.md": "`)
	if err := conn.(*net.TCPConn).CloseWrite(); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), `"bad_request"`) {
		t.Errorf("a body cut off by the client: %d %s, want 400 bad_request", resp.StatusCode, body)
	}
}
