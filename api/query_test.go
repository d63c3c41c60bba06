package api_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/capreg/capreg/api"
)

// TestUnknownQueryParameters: every route but the probes refuses a query
// parameter it does not define, naming it and listing the ones it takes,
// instead of answering as if it had not been given.
func TestUnknownQueryParameters(t *testing.T) {
	h := newRouter(testdataSource(t))
	t.Run("every route", func(t *testing.T) {
		chi.Walk(h.(chi.Routes), func(method, pattern string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
			e := do(t, h, method, routePath(pattern)+"?bogus=1&limit=2", nil)
			if pattern == "/healthz" || pattern == "/readyz" {
				if e.status != 200 {
					t.Errorf("%s %s?bogus=1&limit=2: %d %s; a probe answers whatever its query", method, pattern, e.status, e.body)
				}
				return nil
			}
			m := e.json(t)
			details, _ := m["details"].(map[string]any)
			allowed := api.QueryParams[method+" "+pattern]
			wantUnknown := []string{"bogus", "limit"}
			if slices.Contains(allowed, "limit") {
				wantUnknown = []string{"bogus"}
			}
			if e.status != 400 || m["code"] != "bad_request" || !strings.Contains(m["message"].(string), `"bogus"`) ||
				!slices.Equal(toStrings(details["unknown"]), wantUnknown) || !slices.Equal(toStrings(details["allowed"]), allowed) {
				t.Errorf("%s %s?bogus=1&limit=2: %d %s; want 400 naming %v and allowing %v", method, pattern, e.status, e.body, wantUnknown, allowed)
			}
			return nil
		})
	})
	tests := []struct {
		path, says string
	}{
		{"/tools?intnet=deploy", `"intnet" (did you mean "intent"?)`},
		{"/tools?q=deploy", `"q" (did you mean "intent"?): GET /tools takes only intent, command, limit, risk, cursor`},
		{"/tools?Query=deploy", `"Query" (did you mean "intent"?)`},
		{"/tools?per_page=5", `"per_page" (did you mean "limit"?)`},
		{"/tools?cmd=ls", `"cmd" (did you mean "command"?)`},
		{"/capabilities?q=ui", `"q": GET /capabilities takes only role, tier`},
		{"/tools?Intent=deploy", `"Intent" (did you mean "intent"?)`},
		{"/tools?intent=deploy&lmit=3", `"lmit" (did you mean "limit"?)`},
		{"/render-hooks/plan:pre?activecap=ui", `"activecap" (did you mean "activeCap"?)`},
		{"/capabilities?rol=feature", `"rol" (did you mean "role"?)`},
		{"/capabilities?role=feature&x=1&y=2", `parameters "x", "y"`},
		{"/registry?pretty", `"pretty": GET /registry takes no query parameters`},
		{"/tools?=x", `parameter ""`},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			e := do(t, h, "GET", tt.path, nil)
			if e.status != 400 || !strings.Contains(e.json(t)["message"].(string), tt.says) {
				t.Errorf("%d %s; want 400 saying %s", e.status, e.body, tt.says)
			}
		})
	}
	if e := do(t, h, "HEAD", "/registry?x=1", nil); e.status != 400 {
		t.Errorf("HEAD /registry?x=1: %d, want 400", e.status)
	}
}

// TestQueryParamsMatchOpenAPI: the parameters each route accepts are the
// query parameters openapi.yaml gives its operation, and the modes of GET
// /tools share them out.
func TestQueryParamsMatchOpenAPI(t *testing.T) {
	sp, err := loadSpec()
	if err != nil {
		t.Fatal(err)
	}
	h := newRouter(testdataSource(t))
	routed := map[string]bool{}
	chi.Walk(h.(chi.Routes), func(method, pattern string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		route := method + " " + pattern
		routed[route] = true
		op := sp.doc.Paths.Find(pattern).GetOperation(method)
		var specified []string
		for _, p := range op.Parameters {
			if p.Value.In == "query" {
				specified = append(specified, p.Value.Name)
			}
		}
		slices.Sort(specified)
		if got := slices.Sorted(slices.Values(api.QueryParams[route])); !slices.Equal(got, specified) {
			t.Errorf("%s takes %v; openapi.yaml gives it %v", route, got, specified)
		}
		return nil
	})
	for route := range api.QueryParams {
		if !routed[route] {
			t.Errorf("query parameters listed for %s, which is not routed", route)
		}
	}
	var union []string
	for selector, params := range api.ToolModeParams() {
		if selector != "" && !slices.Contains(params, selector) {
			t.Errorf("the %s mode of /tools does not take %s", selector, selector)
		}
		union = append(union, params...)
	}
	slices.Sort(union)
	if want := slices.Sorted(slices.Values(api.QueryParams["GET /tools"])); !slices.Equal(slices.Compact(union), want) {
		t.Errorf("the modes of /tools take %v; the route takes %v", slices.Compact(union), want)
	}
}

// TestQueryCombinations: parameters of two modes of /tools, a parameter
// given twice, and activeCap with format=markdown are refused, saying which;
// the combinations each mode takes are answered.
func TestQueryCombinations(t *testing.T) {
	h := newRouter(testdataSource(t))
	tests := []struct {
		path   string
		status int
		says   string
	}{
		{"/tools?intent=deploy&cursor=garbage", 400, "cursor cannot be combined with intent"},
		{"/tools?intent=x&command=y", 400, "give either intent or command, not both"},
		{"/tools?command=git+push&limit=3", 400, "limit cannot be combined with command"},
		{"/tools?command=git+push&cursor=x", 400, "cursor cannot be combined with command"},
		{"/tools?intent=a&intent=b", 400, `query parameter "intent" is given 2 times`},
		{"/tools?limit=1&limit=2", 400, `"limit" is given 2 times`},
		{"/capabilities?role=feature&role=runtime", 400, `"role" is given 2 times`},
		{"/render-hooks/plan:pre?activeCap=ui&activeCap=ui", 400, `"activeCap" is given 2 times`},
		{"/render-hooks/plan:pre?format=json&format=markdown", 400, `"format" is given 2 times`},
		{"/render-hooks/plan:pre?activeCap=ui&format=markdown", 400, "cannot be combined with format=markdown"},
		{"/render-hooks/plan:pre?format=bogus", 400, `unknown format "bogus"`},
		// Empty is absent for a filter or option, and a 400 for what names
		// the question.
		{"/render-hooks/plan:pre?format=", 200, `"rendered"`},
		{"/capabilities?role=&tier=", 200, `"capabilities"`},
		{"/tools?limit=&risk=&cursor=", 200, `"tools"`},
		{"/tools?intent=merge&limit=&risk=", 200, `"intent"`},
		{"/tools?intent=merge&cursor=", 200, `"intent"`},
		{"/tools?command=git+push&limit=&cursor=", 200, `"command"`},
		{"/render-hooks/plan:pre?activeCap=", 400, "activeCap needs one capability id"},
		// GET renders with every capability enabled: a profile is for the
		// body of a POST, and ?profile=, is refused as any unknown parameter.
		{"/render-hooks/plan:pre?profile=,", 400, `unknown query parameter "profile"`},
		{"/tools?intent=", 400, "intent is empty"},
		{"/tools?command=", 400, "command is empty"},
		{"/tools?command=%20%09%0D%0A%0C", 400, "command is empty"},
		// A no-break space is a word's text, as bash reads it (a command
		// of that name, not found): no card matches it, where it was
		// refused as empty.
		{"/tools?command=%C2%A0", 200, `"results": []`},

		{"/tools?intent=merge&limit=2&risk=reversible", 200, `"intent"`},
		{"/tools?command=git+push&risk=destructive", 200, `"command"`},
		{"/tools?cursor=" + pageCursor(t, "ft") + "&limit=1&risk=destructive", 200, `"tools"`},
		{"/render-hooks/plan:pre?activeCap=ui&format=json", 200, `"active": true`},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			e := do(t, h, "GET", tt.path, nil)
			if e.status != tt.status || !strings.Contains(said(t, e), tt.says) {
				t.Errorf("%d %s; want %d saying %s", e.status, e.body, tt.status, tt.says)
			}
		})
	}
}

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
