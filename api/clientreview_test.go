package api_test

import (
	"net/http"
	"testing"
)

// TestActiveCapFormatChecked: a format that is neither markdown nor json
// is refused with activeCap too, as without it; it was ignored, and the
// JSON sent, for ?activeCap=research&format=md.
func TestActiveCapFormatChecked(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, target := range []string{
		"/render-hooks/plan:pre?activeCap=research&format=md",
		"/render-hooks/plan:pre?activeCap=research&format=JSON",
	} {
		e := do(t, h, "GET", target, nil)
		if e.status != http.StatusBadRequest {
			t.Fatalf("%s: %d, want 400\n%s", target, e.status, e.body)
		}
		if d := e.json(t)["details"].(map[string]any); d["allowed"] == nil {
			t.Errorf("%s: details %v, want allowed", target, d)
		}
	}
	e := do(t, h, "GET", "/render-hooks/plan:pre?activeCap=research&format=json", nil)
	if e.status != http.StatusOK {
		t.Fatalf("format=json with activeCap: %d\n%s", e.status, e.body)
	}
}
