package api_test

import (
	"net/http"
	"strings"
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

// TestRiskFormatMeant: a risk or format a typo away from an allowed value
// names it in details.didYouMean and the message, as role and tier do: an
// agent that sent risk=destructiv can correct it without parsing prose.
func TestRiskFormatMeant(t *testing.T) {
	h := newRouter(testdataSource(t))
	for target, meant := range map[string]string{
		"/tools?risk=destructiv":                    "destructive",
		"/tools?intent=merge&risk=Reversible":       "reversible",
		"/tools?command=git%20merge%20x&risk=destr": "",
		"/render-hooks/plan:pre?format=markdwon":    "markdown",
		"/render-hooks/plan:pre?format=JSON":        "json",
	} {
		e := do(t, h, "GET", target, nil)
		if e.status != http.StatusBadRequest {
			t.Fatalf("%s: %d, want 400\n%s", target, e.status, e.body)
		}
		m := e.json(t)
		d := m["details"].(map[string]any)
		if d["allowed"] == nil {
			t.Errorf("%s: details %v, want allowed", target, d)
		}
		got, _ := d["didYouMean"].(string)
		if got != meant {
			t.Errorf("%s: didYouMean %q, want %q (%s)", target, got, meant, e.body)
		}
		if meant != "" && !strings.Contains(m["message"].(string), `did you mean "`+meant+`"?`) {
			t.Errorf("%s: message %q does not name %q", target, m["message"], meant)
		}
	}
}
