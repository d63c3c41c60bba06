package api_test

import (
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/capreg/capreg/api"
)

// The tests in this file come from a trial of the HTTP API by a client.

// TestRenderNegotiation: Accept is read as RFC 9110 §12.5.1 says (weights,
// case-insensitive types, wildcards, q=0 refusing), a tie goes to the type
// named more specifically and then to JSON, an
// Accept that accepts neither is disregarded unless it refuses JSON, and
// each representation keeps its own ETag whichever way it was chosen.
func TestRenderNegotiation(t *testing.T) {
	src := testdataSource(t)
	h := newRouter(src)
	d := src.Current().Digest
	const js, md, refused = "application/json", "text/markdown", "406"
	tests := []struct {
		name, method, query, accept string
		want                        string // media type sent, or refused
	}{
		{"no Accept", "GET", "", "", js},
		{"markdown", "GET", "", "text/markdown", md},
		{"markdown refused", "GET", "", "text/markdown;q=0", js},
		{"markdown refused, spaces", "GET", "", "text/markdown ; q=0.0", js},
		{"JSON weighs more", "GET", "", "application/json, text/markdown;q=0.5", js},
		{"markdown weighs more", "GET", "", "application/json;q=0.9, text/markdown", md},
		{"upper case", "GET", "", "TEXT/MARKDOWN", md},
		{"mixed case, weight parameter too", "GET", "", "Text/Markdown; Q=0.5, application/json;q=0.4", md},
		{"any", "GET", "", "*/*", js},
		{"any text", "GET", "", "text/*", md},
		{"any text, JSON preferred", "GET", "", "text/*;q=0.5, application/json", js},
		{"the most specific range counts", "GET", "", "text/markdown;q=0.2, */*;q=0.1", md},
		{"the most specific range counts, refusing", "GET", "", "text/markdown;q=0, text/*", js},
		{"a tie goes to the type named", "GET", "", "text/markdown;q=0.5, */*;q=0.5", md},
		{"a named type beats a wildcard", "GET", "", "text/markdown, */*", md},
		{"a tie of named types goes to JSON", "GET", "", "text/markdown;q=0.5, application/json;q=0.5", js},
		{"browser-like", "GET", "", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", js},
		{"a quoted comma does not split", "GET", "", `text/markdown;variant="a,b";q=0, application/json;q=0.5`, js},
		{"a malformed weight drops the range", "GET", "", "text/markdown;q=1.5", js},
		{"a malformed weight drops the range, too precise", "GET", "", "text/markdown;q=0.0001", js},
		{"an empty member is skipped, not the end", "GET", "", " , text/markdown", md},
		{"the first weight of a range counts", "GET", "", "text/markdown;q=0.1;q=1, application/json;q=0.5", js},
		{"the first of equally specific ranges counts", "GET", "", "text/markdown;q=0.1, text/markdown, application/json;q=0.5", js},
		{"a weight that is no number drops the range", "GET", "", "text/markdown;q=0.x", js},
		{"a weight with a nine", "GET", "", "text/markdown;q=0.9, application/json;q=0.8", md},
		{"a malformed weight drops JSON's range rather than refusing it", "GET", "", "application/json;q=0.0001", js},
		{"a weight above 1 drops JSON's range rather than refusing it", "GET", "", "application/json;q=2", js},
		{"nothing acceptable: Accept disregarded", "GET", "", "image/png", js},
		{"JSON refused", "GET", "", "application/json;q=0", refused},
		{"everything refused", "GET", "", "*/*;q=0", refused},
		{"both refused", "GET", "", "application/json;q=0, text/markdown;q=0", refused},
		{"JSON refused, markdown accepted", "GET", "", "application/json;q=0, text/*;q=0.1", md},
		{"POST: JSON refused", "POST", "", "application/json;q=0", refused},
		{"POST: markdown weighs more", "POST", "", "application/json;q=0.1, text/markdown;q=0.2", md},
		{"format wins over Accept", "GET", "?format=json", "text/markdown", js},
		{"format wins over a refusing Accept", "GET", "?format=markdown", "*/*;q=0", md},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var hdr []string
			if tt.accept != "" {
				hdr = []string{"Accept", tt.accept}
			}
			var body []byte
			if tt.method == "POST" {
				body = []byte(`{}`)
			}
			e := do(t, h, tt.method, "/render-hooks/verify:post"+tt.query, body, hdr...)
			if tt.want == refused {
				if e.status != http.StatusNotAcceptable || e.json(t)["code"] != "not_acceptable" || !strings.Contains(e.header.Get("Vary"), "Accept") {
					t.Errorf("Accept %q: %d %v %s; want 406 not_acceptable with Vary: Accept", tt.accept, e.status, e.header, e.body)
				}
				return
			}
			if e.status != 200 || !strings.HasPrefix(e.header.Get("Content-Type"), tt.want) {
				t.Fatalf("Accept %q: %d %s; want %s", tt.accept, e.status, e.header.Get("Content-Type"), tt.want)
			}
			if tt.method == "POST" {
				return
			}
			// JSON carries the snapshot digest, as every JSON answer does
			// (CONTRACT.md §6); markdown a tag of its own.
			want := map[string]string{js: `"` + d + `"`, md: `"` + d + `-markdown"`}[tt.want]
			if etag := e.header.Get("ETag"); etag != want || !strings.Contains(e.header.Get("Vary"), "Accept") {
				t.Errorf("Accept %q: ETag %s, Vary %q; want %s and Vary: Accept", tt.accept, etag, e.header.Get("Vary"), want)
			}
		})
	}
}

// TestGzipNegotiation: content codings are case-insensitive, weighted, and
// * stands for gzip when gzip is not listed; the ETag follows the encoding
// sent.
func TestGzipNegotiation(t *testing.T) {
	src := testdataSource(t)
	h := newRouter(src)
	d := src.Current().Digest
	tests := []struct {
		acceptEncoding string
		gzip           bool
	}{
		{"gzip", true},
		{"GZIP", true},
		{"Gzip;Q=1", true},
		{"x-gzip", true},
		{"*", true},
		{"deflate, *;q=0.5", true},
		{"gzip;q=0.001", true},
		{"gzip, identity;q=0.5", true},
		{"br, gzip;q=0.8, identity;q=0.8", true},
		{"", false},
		{"gzip;q=0", false},
		{"GZIP;Q=0", false},
		{"gzip;q=0.0", false},
		{"gzip; q=0.000", false},
		{"*;q=0", false},
		{"*, gzip;q=0", false},
		{"br, deflate", false},
		{"identity", false},
		{"gzip;q=0.5, identity", false},
		{"gzip;q=2", false}, // a malformed weight drops the coding
	}
	for _, tt := range tests {
		t.Run(tt.acceptEncoding, func(t *testing.T) {
			e := do(t, h, "GET", "/registry", nil, "Accept-Encoding", tt.acceptEncoding)
			gz := e.header.Get("Content-Encoding") == "gzip"
			wantTag := `"` + d + `"`
			if tt.gzip {
				wantTag = `"` + d + `-gzip"`
			}
			if gz != tt.gzip || e.header.Get("ETag") != wantTag {
				t.Errorf("Accept-Encoding %q: Content-Encoding %q, ETag %s; want gzip %v", tt.acceptEncoding, e.header.Get("Content-Encoding"), e.header.Get("ETag"), tt.gzip)
			}
		})
	}
}

// routePath is a request path for a route pattern.
func routePath(pattern string) string {
	return strings.NewReplacer("{id}", "research", "{point}", "plan:pre", "{name}", "core").Replace(pattern)
}

// TestUnknownQueryParameters: every route but the probes refuses a query
// parameter it does not define, naming it and listing the ones it takes,
// instead of answering as if it had not been given.
func TestUnknownQueryParameters(t *testing.T) {
	h := newRouter(testdataSource(t))
	t.Run("every route", func(t *testing.T) {
		chi.Walk(h.(chi.Routes), func(method, pattern string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
			e := do(t, h, method, routePath(pattern)+"?bogus=1&limit=2", nil)
			if pattern == "/healthz" || pattern == "/readyz" {
				if e.status != 200 {
					t.Errorf("%s %s?bogus=1&limit=2: %d %s; a probe answers whatever its query", method, pattern, e.status, e.body)
				}
				return nil
			}
			m := e.json(t)
			details, _ := m["details"].(map[string]any)
			allowed := api.QueryParams[method+" "+pattern]
			wantUnknown := []string{"bogus", "limit"}
			if slices.Contains(allowed, "limit") {
				wantUnknown = []string{"bogus"}
			}
			if e.status != 400 || m["code"] != "bad_request" || !strings.Contains(m["message"].(string), `"bogus"`) ||
				!slices.Equal(toStrings(details["unknown"]), wantUnknown) || !slices.Equal(toStrings(details["allowed"]), allowed) {
				t.Errorf("%s %s?bogus=1&limit=2: %d %s; want 400 naming %v and allowing %v", method, pattern, e.status, e.body, wantUnknown, allowed)
			}
			return nil
		})
	})
	tests := []struct {
		path, says string
	}{
		{"/tools?intnet=deploy", `"intnet" (did you mean "intent"?)`},
		{"/tools?q=deploy", `"q": GET /tools takes only intent, command, limit, risk, cursor`},
		{"/tools?Intent=deploy", `"Intent" (did you mean "intent"?)`},
		{"/tools?intent=deploy&lmit=3", `"lmit" (did you mean "limit"?)`},
		{"/render-hooks/plan:pre?activecap=ui", `"activecap" (did you mean "activeCap"?)`},
		{"/capabilities?rol=feature", `"rol" (did you mean "role"?)`},
		{"/capabilities?role=feature&x=1&y=2", `parameters "x", "y"`},
		{"/registry?pretty", `"pretty": GET /registry takes no query parameters`},
		{"/tools?=x", `parameter ""`},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			e := do(t, h, "GET", tt.path, nil)
			if e.status != 400 || !strings.Contains(e.json(t)["message"].(string), tt.says) {
				t.Errorf("%d %s; want 400 saying %s", e.status, e.body, tt.says)
			}
		})
	}
	if e := do(t, h, "HEAD", "/registry?x=1", nil); e.status != 400 {
		t.Errorf("HEAD /registry?x=1: %d, want 400", e.status)
	}
}

// TestQueryParamsMatchOpenAPI: the parameters each route accepts are the
// query parameters openapi.yaml gives its operation, and the modes of GET
// /tools share them out.
func TestQueryParamsMatchOpenAPI(t *testing.T) {
	sp, err := loadSpec()
	if err != nil {
		t.Fatal(err)
	}
	h := newRouter(testdataSource(t))
	routed := map[string]bool{}
	chi.Walk(h.(chi.Routes), func(method, pattern string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		route := method + " " + pattern
		routed[route] = true
		op := sp.doc.Paths.Find(pattern).GetOperation(method)
		var specified []string
		for _, p := range op.Parameters {
			if p.Value.In == "query" {
				specified = append(specified, p.Value.Name)
			}
		}
		slices.Sort(specified)
		if got := slices.Sorted(slices.Values(api.QueryParams[route])); !slices.Equal(got, specified) {
			t.Errorf("%s takes %v; openapi.yaml gives it %v", route, got, specified)
		}
		return nil
	})
	for route := range api.QueryParams {
		if !routed[route] {
			t.Errorf("query parameters listed for %s, which is not routed", route)
		}
	}
	var union []string
	for selector, params := range api.ToolModeParams() {
		if selector != "" && !slices.Contains(params, selector) {
			t.Errorf("the %s mode of /tools does not take %s", selector, selector)
		}
		union = append(union, params...)
	}
	slices.Sort(union)
	if want := slices.Sorted(slices.Values(api.QueryParams["GET /tools"])); !slices.Equal(slices.Compact(union), want) {
		t.Errorf("the modes of /tools take %v; the route takes %v", slices.Compact(union), want)
	}
}

// TestQueryCombinations: parameters of two modes of /tools, a parameter
// given twice, and activeCap with format=markdown are refused, saying which;
// the combinations each mode takes are answered.
func TestQueryCombinations(t *testing.T) {
	h := newRouter(testdataSource(t))
	tests := []struct {
		path   string
		status int
		says   string
	}{
		{"/tools?intent=deploy&cursor=garbage", 400, "cursor cannot be combined with intent"},
		{"/tools?intent=x&command=y", 400, "give either intent or command, not both"},
		{"/tools?command=git+push&limit=3", 400, "limit cannot be combined with command"},
		{"/tools?command=git+push&cursor=x", 400, "cursor cannot be combined with command"},
		{"/tools?intent=a&intent=b", 400, `query parameter "intent" is given 2 times`},
		{"/tools?limit=1&limit=2", 400, `"limit" is given 2 times`},
		{"/capabilities?role=feature&role=runtime", 400, `"role" is given 2 times`},
		{"/render-hooks/plan:pre?activeCap=ui&activeCap=ui", 400, `"activeCap" is given 2 times`},
		{"/render-hooks/plan:pre?format=json&format=markdown", 400, `"format" is given 2 times`},
		{"/render-hooks/plan:pre?activeCap=ui&format=markdown", 400, "cannot be combined with format=markdown"},
		{"/render-hooks/plan:pre?format=bogus", 400, `unknown format "bogus"`},
		// Empty is absent for a filter or option, and a 400 for what names
		// the question.
		{"/render-hooks/plan:pre?format=", 200, `"rendered"`},
		{"/capabilities?role=&tier=", 200, `"capabilities"`},
		{"/tools?limit=&risk=&cursor=", 200, `"tools"`},
		{"/tools?intent=merge&limit=&risk=", 200, `"intent"`},
		{"/tools?intent=merge&cursor=", 200, `"intent"`},
		{"/tools?command=git+push&limit=&cursor=", 200, `"command"`},
		{"/render-hooks/plan:pre?activeCap=", 400, "activeCap needs one capability id"},
		// GET renders with every capability enabled: a profile is for the
		// body of a POST, and ?profile=, is refused as any unknown parameter.
		{"/render-hooks/plan:pre?profile=,", 400, `unknown query parameter "profile"`},
		{"/tools?intent=", 400, "intent is empty"},
		{"/tools?command=", 400, "command is empty"},

		{"/tools?intent=merge&limit=2&risk=reversible", 200, `"intent"`},
		{"/tools?command=git+push&risk=destructive", 200, `"command"`},
		{"/tools?cursor=" + pageCursor(t, "ft") + "&limit=1&risk=destructive", 200, `"tools"`},
		{"/render-hooks/plan:pre?activeCap=ui&format=json", 200, `"active": true`},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			e := do(t, h, "GET", tt.path, nil)
			if e.status != tt.status || !strings.Contains(said(t, e), tt.says) {
				t.Errorf("%d %s; want %d saying %s", e.status, e.body, tt.status, tt.says)
			}
		})
	}
}

// TestRequestBodies: POST /validate reads its body as POST /render-hooks
// does: duplicate keys, values of the wrong type and unknown fields are
// refused, located by line:column and JSON pointer, in words rather than
// Go's.
func TestRequestBodies(t *testing.T) {
	h := newRouter(testdataSource(t))
	tests := []struct {
		name, path, body string
		status           int
		says             string // in the message
		at               string // "line:column pointer" of details; "" when not located
	}{
		{"duplicate file", "/validate", `{"files":{"a.md":"x","a.md":"y"}}`, 400, `at 1:22 (/files/a.md): duplicate key "a.md"`, "1:22 /files/a.md"},
		{"duplicate field", "/validate", `{"delete":["a"],"delete":["b"]}`, 400, `duplicate key "delete"`, "1:17 /delete"},
		{"content not a string", "/validate", `{"files":{"a.md":1}}`, 400, "at 1:18 (/files/a.md): must be a string, not a number", "1:18 /files/a.md"},
		{"located on its line", "/validate", "{\n  \"files\": {\n    \"docs/a.md\": [\"x\"]\n  }\n}", 400, "at 3:18 (/files/docs~1a.md): must be a string, not an array", "3:18 /files/docs~1a.md"},
		{"files not an object", "/validate", `{"files":["a.md"]}`, 400, "(/files): must be an object of path → file content, not an array", "1:10 /files"},
		{"delete not an array", "/validate", `{"delete":"a.md"}`, 400, "(/delete): must be an array of paths, not a string", "1:11 /delete"},
		{"a delete not a string", "/validate", `{"delete":["a.md",false]}`, 400, "(/delete/1): must be a string, not a boolean", "1:19 /delete/1"},
		{"unknown field", "/validate", `{"files":{},"file":{}}`, 400, `(/file): unknown field "file" (did you mean "files"?); the body takes files, delete`, "1:13 /file"},
		{"not an object", "/validate", `[]`, 400, "(the top level): the body must be a JSON object", "1:1 "},
		{"truncated", "/validate", `{"files":`, 400, "invalid JSON body at 1:10: unexpected end of file", "1:10"},
		{"empty", "/validate", ``, 400, "the body is empty", ""},
		{"null fields are absent", "/validate", `{"files":null,"delete":["docs/markers.md"]}`, 200, `"ok"`, ""},

		{"render: duplicate field", "/render-hooks/plan:pre", `{"profile":"core","profile":"full"}`, 400, `at 1:19 (/profile): duplicate key "profile"`, "1:19 /profile"},
		{"render: config not an object", "/render-hooks/plan:pre", `{"config":[1]}`, 400, "at 1:11 (/config): config must be a JSON object, not an array", "1:11 /config"},
		{"render: unknown field", "/render-hooks/plan:pre", "{\n\"conf\": {}}", 400, `at 2:1 (/conf): unknown field "conf"`, "2:1 /conf"},
		{"render: disabledCapabilities not an array", "/render-hooks/plan:pre", `{"disabledCapabilities":"ui"}`, 400, "at 1:25 (/disabledCapabilities): disabledCapabilities must be an array of strings, not a string", "1:25 /disabledCapabilities"},
		{"render: a disabled capability not a string", "/render-hooks/plan:pre", `{"disabledCapabilities":["ui",7]}`, 400, "at 1:31 (/disabledCapabilities/1): disabledCapabilities[1] must be a string, not a number", "1:31 /disabledCapabilities/1"},
		{"render: profile not a string", "/render-hooks/plan:pre", "{\n  \"profile\": 5}", 400, "at 2:14 (/profile): profile must be a string, not a number", "2:14 /profile"},
		{"render: profile empty", "/render-hooks/plan:pre", `{"profile": ""}`, 400, `at 1:13 (/profile): profile "" names no install profile`, "1:13 /profile"},
		{"render: profile blank", "/render-hooks/plan:pre", `{"profile": "  "}`, 400, `at 1:13 (/profile): profile "  " names no install profile`, "1:13 /profile"},
		{"render: profile of commas", "/render-hooks/plan:pre", `{"profile": " , "}`, 400, `at 1:13 (/profile): profile " , " names no install profile`, "1:13 /profile"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := do(t, h, "POST", tt.path, []byte(tt.body))
			if e.status != tt.status || !strings.Contains(said(t, e), tt.says) {
				t.Fatalf("%d %s; want %d saying %s", e.status, e.body, tt.status, tt.says)
			}
			if tt.status != 400 {
				return
			}
			m := e.json(t)
			msg := m["message"].(string)
			for _, goism := range []string{"json:", "Go struct", "EOF", "validateRequest"} {
				if strings.Contains(msg, goism) {
					t.Errorf("message %q leaks %q", msg, goism)
				}
			}
			details := m["details"].(map[string]any)
			at := ""
			if line, ok := details["line"]; ok {
				at = fmt.Sprintf("%v:%v", line, details["column"])
			}
			if p, ok := details["pointer"]; ok {
				at += " " + p.(string)
			}
			if at != tt.at {
				t.Errorf("details locate %q, want %q: %v", at, tt.at, details)
			}
		})
	}
}

// said is the message of an error, else the body.
func said(t *testing.T, e exchange) string {
	if e.status >= 400 {
		msg, _ := e.json(t)["message"].(string)
		return msg
	}
	return string(e.body)
}

// failingCollector is a collector whose every collection fails.
type failingCollector struct{ desc *prometheus.Desc }

func (c failingCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }
func (c failingCollector) Collect(ch chan<- prometheus.Metric) {
	ch <- prometheus.NewInvalidMetric(c.desc, errors.New("the sensor is unplugged"))
}

// TestMetricsFailureIsJSON: a collector's failure is a JSON error like
// every other, not promhttp's text/plain one.
func TestMetricsFailureIsJSON(t *testing.T) {
	m := api.NewMetrics()
	m.Registry().MustRegister(failingCollector{prometheus.NewDesc("capreg_test_broken", "Fails.", nil, nil)})
	e := do(t, api.NewRouter(testdataSource(t), api.Options{Metrics: m}), "GET", "/metrics", nil)
	if e.status != 500 || e.header.Get("Content-Type") != "application/json" || !strings.Contains(e.json(t)["message"].(string), "the sensor is unplugged") {
		t.Errorf("%d %s %s; want a JSON 500 saying why", e.status, e.header.Get("Content-Type"), e.body)
	}
}

// TestUnencodableResponseIsJSON: should a response fail to encode, the 500
// that replaces it is JSON too.
func TestUnencodableResponseIsJSON(t *testing.T) {
	rec := httptest.NewRecorder()
	api.WriteJSON(rec, 200, map[string]any{"x": math.Inf(1)})
	if rec.Code != 500 || rec.Header().Get("Content-Type") != "application/json" || !strings.Contains(rec.Body.String(), `"code":"internal"`) {
		t.Errorf("%d %s %s; want a JSON 500", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
}

// TestRequestsNetHTTPPassesOnAreAnsweredInJSON: requests net/http hands to
// the router although they are odd get JSON errors; those it refuses itself
// (openapi.yaml lists them) stay its text/plain ones.
func TestRequestsNetHTTPPassesOnAreAnsweredInJSON(t *testing.T) {
	srv := httptest.NewServer(newRouter(testdataSource(t)))
	defer srv.Close()
	tests := []struct {
		raw    string
		status string
		json   bool
	}{
		{"GET * HTTP/1.1\r\nHost: x\r\n\r\n", "404", true},
		{"GET //tools HTTP/1.1\r\nHost: x\r\n\r\n", "404", true},
		{"GET http://x/tools?intnet=deploy HTTP/1.1\r\nHost: x\r\n\r\n", "400", true},
		{"GET /tools?intent=%zz HTTP/1.1\r\nHost: x\r\n\r\n", "400", true},
		{"POST /validate HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "400", true},
		{"GET /tools/%zz HTTP/1.1\r\nHost: x\r\n\r\n", "400", false},
		{"GET /tools HTTP/1.1\r\n\r\n", "400", false},
		{"POST /validate HTTP/1.1\r\nHost: x\r\nContent-Length: x\r\n\r\n", "400", false},
	}
	for _, tt := range tests {
		t.Run(strings.Fields(tt.raw)[1], func(t *testing.T) {
			conn, err := net.Dial("tcp", srv.Listener.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			conn.SetDeadline(time.Now().Add(5 * time.Second))
			io.WriteString(conn, tt.raw)
			conn.(*net.TCPConn).CloseWrite()
			resp, _ := io.ReadAll(conn)
			head, _, _ := strings.Cut(string(resp), "\r\n\r\n")
			isJSON := strings.Contains(head, "Content-Type: application/json")
			if !strings.HasPrefix(head, "HTTP/1.1 "+tt.status) || isJSON != tt.json {
				t.Errorf("%q → %s; want %s, JSON %v", tt.raw, head, tt.status, tt.json)
			}
		})
	}
}
