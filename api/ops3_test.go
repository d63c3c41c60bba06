package api_test

import (
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/capreg/capreg/api"
)

// TestToolsMetricsByMode: GET /tools is counted, and its latency observed,
// under a mode label telling tool search (?intent=), command matching
// (?command=) and the listing apart, whose costs differ by orders of
// magnitude: one route label held all three, and a dashboard could not
// take the p99 of search alone. A query refused before its mode is known
// (both intent and command, a 405) and every other route has mode "".
func TestToolsMetricsByMode(t *testing.T) {
	tests := []struct {
		name, method, target string
		code                 int
		route, methodLabel   string
		mode                 string
	}{
		{"search", "GET", "/tools?intent=run+the+tests", 200, "/tools", "GET", "intent"},
		{"search by HEAD", "HEAD", "/tools?intent=run+the+tests", 200, "/tools", "HEAD", "intent"},
		{"search of an empty intent", "GET", "/tools?intent=", 400, "/tools", "GET", "intent"},
		{"search with a bad limit", "GET", "/tools?intent=x&limit=0", 400, "/tools", "GET", "intent"},
		{"command match", "GET", "/tools?command=git+push", 200, "/tools", "GET", "command"},
		{"blank command", "GET", "/tools?command=+", 400, "/tools", "GET", "command"},
		{"listing", "GET", "/tools", 200, "/tools", "GET", "list"},
		{"listing with a bad cursor", "GET", "/tools?cursor=%21", 400, "/tools", "GET", "list"},
		{"both intent and command", "GET", "/tools?intent=x&command=y", 400, "/tools", "GET", ""},
		{"405", "DELETE", "/tools?intent=x", 405, "/tools", "other", ""},
		{"malformed query, before routing", "GET", "/tools?intent=%zz", 400, "/tools", "GET", ""},
		{"one card", "GET", "/tools/nosuch", 404, "/tools/{id}", "GET", ""},
		{"another route", "GET", "/registry", 200, "/registry", "GET", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := api.NewMetrics()
			h := api.NewRouter(testdataSource(t), api.Options{Metrics: m})
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(tt.method, tt.target, nil))
			if rec.Code != tt.code {
				t.Fatalf("%s %s: %d %s, want %d", tt.method, tt.target, rec.Code, truncate(rec.Body.Bytes()), tt.code)
			}
			code := strconv.Itoa(tt.code)
			for _, name := range []string{"capreg_http_requests_total", "capreg_http_request_duration_seconds"} {
				for _, mode := range []string{"intent", "command", "list", ""} {
					want := 0.0
					if mode == tt.mode {
						want = 1
					}
					got, _ := sampleValue(t, m, name, map[string]string{"route": tt.route, "method": tt.methodLabel, "code": code, "mode": mode})
					if got != want {
						t.Errorf("%s{route=%q,method=%q,code=%q,mode=%q} = %v, want %v", name, tt.route, tt.methodLabel, code, mode, got, want)
					}
				}
			}
		})
	}
}

// TestToolsServerErrorsExposedByMode: GET /tools's 500 and 503 series are
// exposed at 0 for each of its modes from the start (an alert's rate()
// sees a first burst), and only for those: the mode label's values are
// fixed, so it multiplies that route's series by three and no other's.
func TestToolsServerErrorsExposedByMode(t *testing.T) {
	m := api.NewMetrics()
	api.NewRouter(testdataSource(t), api.Options{Metrics: m})
	for _, code := range []string{"500", "503"} {
		for _, mode := range []string{"intent", "command", "list"} {
			if v, ok := sampleValue(t, m, "capreg_http_requests_total", map[string]string{"route": "/tools", "method": "GET", "code": code, "mode": mode}); !ok || v != 0 {
				t.Errorf("/tools %s mode %q: %v (exposed: %t), want 0, exposed", code, mode, v, ok)
			}
		}
		for _, l := range []map[string]string{
			{"route": "/tools", "code": code, "mode": ""},
			{"route": "/registry", "code": code, "mode": "intent"},
			{"route": "/tools/{id}", "code": code, "mode": "list"},
		} {
			if _, ok := sampleValue(t, m, "capreg_http_requests_total", l); ok {
				t.Errorf("capreg_http_requests_total%v exposed before any request", l)
			}
		}
		if _, ok := sampleValue(t, m, "capreg_http_requests_total", map[string]string{"route": "/registry", "method": "GET", "code": code, "mode": ""}); !ok {
			t.Errorf("/registry %s: not exposed with mode \"\"", code)
		}
	}
}
