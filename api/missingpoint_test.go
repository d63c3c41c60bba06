package api_test

import (
	"net/http"
	"testing"
)

// TestRenderWithoutPointListsThePoints: an orchestrator whose point
// variable is empty asks /render-hooks/; it is told the valid points, as
// the reference's loop render-hooks is without its argument, not "no such
// route".
func TestRenderWithoutPointListsThePoints(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, tt := range []struct{ method, target string }{
		{"GET", "/render-hooks/"},
		{"GET", "/render-hooks"},
		{"POST", "/render-hooks/"},
		{"HEAD", "/render-hooks/"},
		{"GET", "/render-hooks//"},
	} {
		t.Run(tt.method+" "+tt.target, func(t *testing.T) {
			e := do(t, h, tt.method, tt.target, nil)
			if e.status != http.StatusNotFound {
				t.Fatalf("status %d: %s", e.status, e.body)
			}
			if tt.method == "HEAD" {
				return
			}
			m := e.json(t)
			points, _ := m["details"].(map[string]any)["validPoints"].([]any)
			if m["code"] != "unknown_point" || len(points) != 12 {
				t.Errorf("body %s", e.body)
			}
		})
	}
}
