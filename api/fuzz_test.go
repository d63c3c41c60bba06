package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/capreg/capreg/api"
)

// FuzzRouter sends arbitrary requests (method, path, query, body) through
// the real router over the sample repository: none may be a 500, every
// JSON body must parse, every 4xx must be an error object, and every
// exchange the spec knows must match openapi.yaml. Bad input gets a 4xx
// that says why, never a crash.
func FuzzRouter(f *testing.F) {
	fuzzRouter(f, testdataSource(f), []fuzzSeed{
		{"GET", "/tools", "intent=run the tests&limit=3", ""},
		{"GET", "/tools", "intent=check " + strings.Repeat("zqxwrod ", 300), ""},
		{"GET", "/tools", "command=sudo systemctl restart nginx", ""},
		{"GET", "/tools", "limit=2&cursor=abc", ""},
		{"GET", "/tools/ft", "", ""},
		{"GET", "/capabilities/research/closure", "", ""},
		{"GET", "/loop-points/plan:pre", "", ""},
		{"GET", "/render-hooks/plan:pre", "format=markdown", ""},
		{"POST", "/render-hooks/plan:pre", "", `{"config":{"workflow":{"research":false}},"profile":"core"}`},
		{"POST", "/render-hooks/verify:post", "activeCap=research", `{"config":{"a":[1,{"b":null}]}}`},
		{"POST", "/validate", "", `{"files":{"capabilities/x/capability.json":"{}"},"delete":["bin/ft"]}`},
		{"GET", "/profiles/core", "", ""},
		{"GET", "/config-keys", "", ""},
		{"HEAD", "/registry", "", ""},
		{"GET", "/status", "", ""},
		{"DELETE", "/tools", "", ""},
	})
}

// FuzzRouterGSDCore is FuzzRouter over testdata/gsd-core (44 capabilities,
// the reference's config keys and profiles), where rendering has the most
// to resolve.
func FuzzRouterGSDCore(f *testing.F) {
	fuzzRouter(f, repoSource(f, "../testdata/gsd-core"), []fuzzSeed{
		{"POST", "/render-hooks/plan:pre", "", `{"config":{"workflow":{"research":false,"ui_phase":"no"},"intel":true},"profile":"core,standard"}`},
		{"POST", "/render-hooks/execute:post", "format=markdown", `{"disabledCapabilities":["audit"],"surface":{"a":1}}`},
		{"GET", "/render-hooks/verify:pre", "activeCap=audit", ""},
		{"GET", "/capabilities/ai-integration/closure", "", ""},
		{"GET", "/profiles/standard", "", ""},
		{"POST", "/validate", "", `{"files":{"capabilities/audit/capability.json":"{\"id\":\"audit\"}"}}`},
	})
}

type fuzzSeed struct{ method, path, query, body string }

func fuzzRouter(f *testing.F, src api.Source, seeds []fuzzSeed) {
	for _, s := range seeds {
		f.Add(s.method, s.path, s.query, []byte(s.body))
	}
	sp, err := loadSpec()
	if err != nil {
		f.Fatalf("openapi.yaml: %v", err)
	}
	h := newRouter(src)
	f.Fuzz(func(t *testing.T, method, path, query string, body []byte) {
		switch method {
		case "GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS":
		default:
			return // net/http refuses other tokens before any handler
		}
		req := httptest.NewRequest(method, "/", bytes.NewReader(body))
		req.URL.Path = "/" + strings.TrimPrefix(path, "/")
		req.URL.RawQuery = query
		req.RequestURI = req.URL.RequestURI()
		if len(body) > 0 {
			req.Header.Set("Content-Type", "application/json")
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		resp := rec.Result()
		data, _ := io.ReadAll(resp.Body)
		if resp.StatusCode >= 500 && resp.StatusCode != http.StatusServiceUnavailable {
			t.Fatalf("%s %s?%s → %d\n%s", method, req.URL.Path, query, resp.StatusCode, truncate(data))
		}
		if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") && method != "HEAD" && !json.Valid(data) {
			t.Fatalf("%s %s?%s → %d: body is not JSON\n%s", method, req.URL.Path, query, resp.StatusCode, truncate(data))
		}
		if resp.StatusCode >= 400 && method != "HEAD" {
			var e struct{ Code, Message string }
			if err := json.Unmarshal(data, &e); err != nil || e.Code == "" || e.Message == "" {
				t.Fatalf("%s %s?%s → %d: not an error object with a code and a message\n%s", method, req.URL.Path, query, resp.StatusCode, truncate(data))
			}
		}
		sp.checkExchange(t, req, body, resp, data, resp.StatusCode < 400)
	})
}

// TestBlankRenderBody: a body of JSON whitespace is no body (the defaults);
// other blank characters are not JSON, and get the 400 that says so. A
// byte order mark, which the parser skips before a value, is none either:
// a BOM alone was a 400 "unexpected end" (review).
func TestBlankRenderBody(t *testing.T) {
	h := newRouter(testdataSource(t))
	for body, want := range map[string]int{"": 200, " \t\r\n": 200, "\u00a0": 400, "\u3000": 400, "\ufeff": 200, "\ufeff \n": 200, " \ufeff": 400} {
		if e := do(t, h, "POST", "/render-hooks/plan:pre", []byte(body)); e.status != want {
			t.Errorf("body %q: status %d, want %d\n%s", body, e.status, want, truncate(e.body))
		}
	}
}
