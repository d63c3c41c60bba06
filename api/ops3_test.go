package api_test

import (
	"net/http/httptest"
	"runtime"
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

// TestTurnsGauges: how full the turns bounding the requests evaluated at
// once are is read at each scrape, by work: requests holding a turn,
// requests waiting for one, and the bounds of both (past which a request is
// answered 503 busy). Every turn of command matching is taken here and
// three command lines wait for one; once the turns are given back, the
// lines are matched and the gauges read 0 again.
func TestTurnsGauges(t *testing.T) {
	m := api.NewMetrics()
	h, release := api.NewRouterWithCommandTurnsHeld(testdataSource(t), api.Options{Metrics: m, MaxCommandMatches: 2, MaxValidations: 3, MaxRenders: 5})
	gauge := func(name, work string) float64 {
		v, ok := sampleValue(t, m, name, map[string]string{"work": work})
		if !ok {
			t.Fatalf("%s{work=%q} not exposed", name, work)
		}
		return v
	}
	for _, tt := range []struct {
		work             string
		turns, waitMax   float64
		inUse, waitingAt float64
	}{
		{"command", 2, 64, 2, 0},
		{"validate", 3, 8, 0, 0},
		{"render", 5, 64, 0, 0},
	} {
		if got := gauge("capreg_http_turns", tt.work); got != tt.turns {
			t.Errorf("capreg_http_turns{work=%q} = %v, want %v", tt.work, got, tt.turns)
		}
		if got := gauge("capreg_http_turns_waiting_max", tt.work); got != tt.waitMax {
			t.Errorf("capreg_http_turns_waiting_max{work=%q} = %v, want %v", tt.work, got, tt.waitMax)
		}
		if got := gauge("capreg_http_turns_in_use", tt.work); got != tt.inUse {
			t.Errorf("capreg_http_turns_in_use{work=%q} = %v, want %v", tt.work, got, tt.inUse)
		}
		if got := gauge("capreg_http_turns_waiting", tt.work); got != tt.waitingAt {
			t.Errorf("capreg_http_turns_waiting{work=%q} = %v, want %v", tt.work, got, tt.waitingAt)
		}
	}
	codes := make(chan int, 3)
	for range 3 {
		go func() {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", "/tools?command=git+push", nil))
			codes <- rec.Code
		}()
	}
	// Wait, without a clock, until the three wait for a turn; one answered
	// first (busy, once its wait for a turn ends) means the gauge never
	// counted it, where a bare loop would spin until the test's timeout.
	for gauge("capreg_http_turns_waiting", "command") != 3 {
		select {
		case code := <-codes:
			t.Fatalf("a command line was answered %d before three waited for a turn (waiting reads %v)", code, gauge("capreg_http_turns_waiting", "command"))
		default:
			runtime.Gosched()
		}
	}
	if got := gauge("capreg_http_turns_in_use", "command"); got != 2 {
		t.Errorf("with every turn taken, in use: %v, want 2", got)
	}
	release()
	for range 3 {
		if code := <-codes; code != 200 {
			t.Errorf("a command line waiting for a turn: %d, want 200", code)
		}
	}
	if w, u := gauge("capreg_http_turns_waiting", "command"), gauge("capreg_http_turns_in_use", "command"); w != 0 || u != 0 {
		t.Errorf("once answered: waiting %v, in use %v; want 0, 0", w, u)
	}
}

// TestTurnsGaugesNeedARouter: a Metrics no router serves exposes no turns
// (it has none), rather than bounds of 0.
func TestTurnsGaugesNeedARouter(t *testing.T) {
	m := api.NewMetrics()
	for _, name := range []string{"capreg_http_turns", "capreg_http_turns_in_use", "capreg_http_turns_waiting", "capreg_http_turns_waiting_max"} {
		if _, ok := sampleValue(t, m, name, map[string]string{}); ok {
			t.Errorf("%s exposed without a router", name)
		}
	}
}
