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
