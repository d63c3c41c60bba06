package api_test

import (
	"fmt"
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
		"/tools?command=git%20merge%20x&risk=destr": "destructive", // abbreviates it
		"/tools?command=git%20merge%20x&risk=safe":  "",
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
		checkDidYouMean(t, target, m, meant)
	}
}

// checkDidYouMean fails t unless the error body m names meant in
// details.didYouMean and in its message, or, where meant is "", gives no
// didYouMean.
func checkDidYouMean(t *testing.T, what string, m map[string]any, meant string) {
	t.Helper()
	got, _ := m["details"].(map[string]any)["didYouMean"].(string)
	if got != meant {
		t.Errorf("%s: didYouMean %q, want %q (%v)", what, got, meant, m)
	}
	if meant != "" && !strings.Contains(m["message"].(string), `did you mean "`+meant+`"?`) {
		t.Errorf("%s: message %q does not name %q", what, m["message"], meant)
	}
}

// TestBadValueNamesParameter: a 400 for the value of a query parameter
// names the parameter in details.parameter, as one given twice does, so a
// client can tell which of its parameters to fix (with role and tier both
// wrong, details.allowed alone did not say whose values it lists), and
// limit's range is in details.minimum and details.maximum.
func TestBadValueNamesParameter(t *testing.T) {
	h := newRouter(testdataSource(t))
	for target, param := range map[string]string{
		"/capabilities?role=reviewr":                  "role",
		"/capabilities?tier=cor":                      "tier",
		"/tools?risk=destructiv":                      "risk",
		"/render-hooks/plan:pre?format=md":            "format",
		"/tools?limit=0":                              "limit",
		"/tools?intent=merge&limit=101":               "limit",
		"/tools?cursor=garbage":                       "cursor",
		"/tools?intent=%20":                           "intent",
		"/tools?command=%20":                          "command",
		"/tools?command=" + strings.Repeat("a", 5000): "command",
		"/render-hooks/plan:pre?activeCap=":           "activeCap",
	} {
		e := do(t, h, "GET", target, nil)
		if e.status != http.StatusBadRequest {
			t.Fatalf("%.80s: %d, want 400\n%s", target, e.status, e.body)
		}
		d := e.json(t)["details"].(map[string]any)
		if d["parameter"] != param {
			t.Errorf("%.80s: details.parameter %v, want %q (%v)", target, d["parameter"], param, d)
		}
		if param == "limit" && (d["minimum"] != 1.0 || d["maximum"] != 100.0) {
			t.Errorf("%s: details %v, want minimum 1 and maximum 100", target, d)
		}
	}
}

// TestUnknownParamMeant: the parameter a typo away from an unknown one is
// in details.meant (unknown name → parameter meant; didYouMean is a
// string wherever it is given, and several names may be unknown), not only in the
// message, so a client can correct ?intnet= without parsing prose.
func TestUnknownParamMeant(t *testing.T) {
	h := newRouter(testdataSource(t))
	e := do(t, h, "GET", "/tools?intnet=merge&lmit=3&zzz=1", nil)
	if e.status != http.StatusBadRequest {
		t.Fatalf("%d, want 400\n%s", e.status, e.body)
	}
	d := e.json(t)["details"].(map[string]any)
	meant, _ := d["meant"].(map[string]any)
	if len(meant) != 2 || meant["intnet"] != "intent" || meant["lmit"] != "limit" || d["didYouMean"] != nil {
		t.Errorf("details.meant %v, want {intnet: intent, lmit: limit}, and no didYouMean\n%s", d["meant"], e.body)
	}
	e = do(t, h, "GET", "/render-hooks/plan:pre?zzz=1", nil)
	if d := e.json(t)["details"].(map[string]any); d["meant"] != nil {
		t.Errorf("meant %v for a parameter no typo away from any", d["meant"])
	}
}

// TestUnknownBodyFieldMeant: an unknown field of a POST body lists the
// fields the body takes in details.allowed and names the one a typo away
// in details.didYouMean and the message (a client sending "confg" or
// "disabledCapability" had them in prose only, or not at all).
func TestUnknownBodyFieldMeant(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, c := range []struct{ target, body, meant string }{
		{"/render-hooks/plan:pre", `{"confg": {}}`, "config"},
		{"/render-hooks/plan:pre", `{"disabledCapability": ["ui"]}`, "disabledCapabilities"},
		{"/render-hooks/plan:pre", `{"zzz": 1}`, ""},
		{"/validate", `{"file": {"a.md": "x"}}`, "files"},
	} {
		e := do(t, h, "POST", c.target, []byte(c.body))
		if e.status != http.StatusBadRequest {
			t.Fatalf("%s %s: %d, want 400\n%s", c.target, c.body, e.status, e.body)
		}
		m := e.json(t)
		d := m["details"].(map[string]any)
		if d["allowed"] == nil || d["pointer"] == nil {
			t.Errorf("%s %s: details %v, want allowed and pointer", c.target, c.body, d)
		}
		checkDidYouMean(t, c.target+" "+c.body, m, c.meant)
	}
}

// TestDetailsFieldsHaveOneType: a details field of an error has one JSON
// type in every error that gives it, so that a client decodes it one way:
// details.limit was the raw ?limit= string in a 400 and the byte limit,
// a number, in a 413.
func TestDetailsFieldsHaveOneType(t *testing.T) {
	h := newRouter(testdataSource(t))
	requests := []struct{ method, target, body string }{
		{"GET", "/tools?limit=0", ""},
		{"GET", "/tools?limit=x", ""},
		{"POST", "/validate", `{"files":{"a.md":"` + strings.Repeat("x", 1<<20) + `"}}`},
		{"GET", "/tools?intnet=merge", ""},
		{"GET", "/tools?risk=destructiv", ""},
		{"GET", "/tools?limit=1&limit=2", ""},
		{"GET", "/tools?intent=merge&cursor=x", ""},
		{"GET", "/tools?command=" + strings.Repeat("a", 5000), ""},
		{"GET", "/capabilities?role=reviewr", ""},
		{"GET", "/capabilities/reserch", ""},
		{"GET", "/render-hooks/plan:pr", ""},
		{"POST", "/render-hooks/plan:pre", `{"confg": {}}`},
	}
	seen := map[string]string{} // details field → its JSON type and where
	for _, r := range requests {
		e := do(t, h, r.method, r.target, []byte(r.body))
		d, _ := e.json(t)["details"].(map[string]any)
		for k, v := range d {
			typ := fmt.Sprintf("%T", v)
			where := fmt.Sprintf("%s %.60s (%d)", r.method, r.target, e.status)
			if prev, ok := seen[k]; ok && !strings.HasPrefix(prev, typ+" ") {
				t.Errorf("details.%s is %s in %s but %s", k, typ, where, prev)
			} else if !ok {
				seen[k] = typ + " in " + where
			}
		}
	}
}
