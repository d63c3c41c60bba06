package api_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/capreg/capreg/validate"
)

// TestGetRenderHasNoWarningsHeader: a GET of /render-hooks/{point} renders
// with no config, enablement or notes, so its markdown, whatever the point
// or however it is asked for, carries no X-Capreg-Warnings: the one
// warning a GET can give, an activeCap no capability has, is in the JSON
// {active, warnings} answer, with no header either. The header is POST's
// (TestWarningsHeaderCountsEveryWarning).
func TestGetRenderHasNoWarningsHeader(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, p := range validate.Points {
		for _, ask := range []struct{ method, query, accept string }{
			{"GET", "?format=markdown", ""},
			{"GET", "", "text/markdown"},
			{"HEAD", "?format=markdown", ""},
			{"GET", "", ""},
		} {
			var hdr []string
			if ask.accept != "" {
				hdr = []string{"Accept", ask.accept}
			}
			e := do(t, h, ask.method, "/render-hooks/"+p+ask.query, nil, hdr...)
			if e.status != http.StatusOK {
				t.Fatalf("%s %s%s (Accept %q): %d", ask.method, p, ask.query, ask.accept, e.status)
			}
			if got, ok := e.header["X-Capreg-Warnings"]; ok {
				t.Errorf("%s %s%s (Accept %q): X-Capreg-Warnings %q", ask.method, p, ask.query, ask.accept, got)
			}
		}
	}
	e := do(t, h, "GET", "/render-hooks/plan:pre?activeCap=uii", nil)
	if e.status != http.StatusOK {
		t.Fatalf("activeCap=uii: %d", e.status)
	}
	ws, _ := e.json(t)["warnings"].([]any)
	if len(ws) != 1 || !strings.Contains(ws[0].(string), `"uii" is not a capability`) {
		t.Errorf("activeCap=uii: warnings %v, want the one of uii", ws)
	}
	if got, ok := e.header["X-Capreg-Warnings"]; ok {
		t.Errorf("activeCap=uii: X-Capreg-Warnings %q", got)
	}
}
