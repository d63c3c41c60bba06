package api_test

import (
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	"github.com/capreg/capreg/api"
)

// A 406 says what the client refused: the activeCap answer has JSON as its
// only representation, the envelope has markdown too.
func TestNotAcceptableNamesWhatWasRefused(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, c := range []struct{ target, says string }{
		{"/render-hooks/plan:pre?activeCap=ui", "refuses JSON, the only representation of the activeCap answer"},
		{"/render-hooks/plan:pre", "refuses JSON and accepts no other representation this route has"},
	} {
		e := do(t, h, "GET", c.target, nil, "Accept", "application/json;q=0")
		m := e.json(t)
		if e.status != http.StatusNotAcceptable || !strings.Contains(m["message"].(string), c.says) {
			t.Errorf("GET %s: %d %s; want 406 saying %q", c.target, e.status, e.body, c.says)
		}
	}
}

// Every render answer varies by Accept, the activeCap answer too (an
// Accept refusing JSON gets a 406 for it): Vary names Accept itself, not
// only Accept-Encoding, whose name merely contains "Accept".
func TestRenderAnswersVaryByAccept(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, c := range []struct{ method, target, body string }{
		{"GET", "/render-hooks/plan:pre?activeCap=ui", ""},
		{"POST", "/render-hooks/plan:pre?activeCap=ui", `{}`},
		{"GET", "/render-hooks/plan:pre?activeCap=uii", ""},
		{"GET", "/render-hooks/plan:pre", ""},
		{"POST", "/render-hooks/plan:pre", `{}`},
		{"GET", "/render-hooks/plan:pre?format=markdown", ""},
		{"POST", "/render-hooks/plan:pre?format=markdown", `{}`},
	} {
		e := do(t, h, c.method, c.target, []byte(c.body))
		if e.status != http.StatusOK || e.header.Get("Vary") != "Accept-Encoding, Accept" {
			t.Errorf("%s %s: %d, Vary %q; want 200 and Vary %q", c.method, c.target, e.status, e.header.Get("Vary"), "Accept-Encoding, Accept")
		}
	}
}

// TestRenderBodyParsedUnderTheTurn: the body of POST /render-hooks and
// POST /capability-state is parsed under the render turn, not before it
// is asked for: a body of 249,000 values, 0.5 MB, parses into some 15 MB,
// and 1,000 such requests at once, each parsed before it waited for a turn
// or was turned away busy, took capreg serve to 15 GB. A body turned away
// is not parsed.
func TestRenderBodyParsedUnderTheTurn(t *testing.T) {
	h, release := api.NewRouterWithRenderTurnsTaken(testdataSource(t), api.Options{})
	defer release()
	body := `{"config":{"a":[` + strings.TrimSuffix(strings.Repeat("0,", 249_000), ",") + `]}}`
	for _, target := range []string{"/render-hooks/plan:pre", "/capability-state"} {
		const n = 4
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for range n {
			rec := httptest.NewRecorder()
			req := httptest.NewRequest("POST", target, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			h.ServeHTTP(rec, req)
			if rec.Code != http.StatusServiceUnavailable {
				t.Fatalf("POST %s with every turn taken: %d %.200s; want 503 busy", target, rec.Code, rec.Body)
			}
		}
		runtime.ReadMemStats(&after)
		if per := (after.TotalAlloc - before.TotalAlloc) / n; per > 4<<20 {
			t.Errorf("POST %s turned away busy allocated %d MB a request for a %d KB body; want at most 4 MiB (the body, not its tree)", target, per>>20, len(body)>>10)
		}
	}
}
