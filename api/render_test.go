package api_test

import (
	"net/http"
	"strings"
	"testing"
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
