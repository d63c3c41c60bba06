package api_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestMistypedRouteNamesTheRouteAg1: a path no route has, one of whose
// literal segments is a case, one edit, a plural or a singular away from a
// route's (or the name other services give it, /openapi.json), is a 404
// naming the route meant in the message and details.didYouMean, as a
// client generated from a guess at the API, or an agent writing the URL,
// needs to send next; "GET /openapi.yaml lists the routes" alone left it
// to read 1,700 lines. A path no single replacement routes names none.
func TestMistypedRouteNamesTheRouteAg1(t *testing.T) {
	h := newRouter(testdataSource(t))
	tests := []struct {
		method, target, meant string
	}{
		{"GET", "/tool", "/tools"},
		{"GET", "/tool?intent=deploy", "/tools?intent=deploy"},         // the request to send again, whole
		{"GET", "/tool?intent=" + strings.Repeat("x", 1100), "/tools"}, // a long query is not echoed
		{"GET", "/Tools/land", "/tools/land"},
		{"GET", "/capabilities/research/closures", "/capabilities/research/closure"},
		{"GET", "/capability/research", "/capabilities/research"},
		{"GET", "/capabilites", "/capabilities"},
		{"GET", "/loop-point/plan:pre", "/loop-points/plan:pre"},
		{"GET", "/loop_points", "/loop-points"},
		{"GET", "/config-key", "/config-keys"},
		{"GET", "/config_keys", "/config-keys"},
		{"GET", "/profile/core", "/profiles/core"},
		{"GET", "/reviewer", "/reviewers"},
		{"GET", "/render-hook/plan:pre", "/render-hooks/plan:pre"},
		{"POST", "/render_hooks/plan:pre", "/render-hooks/plan:pre"},
		{"GET", "/capability-states", "/capability-state"},
		{"POST", "/validation", ""}, // two edits
		{"GET", "/openapi.json", "/openapi.yaml"},
		{"GET", "/openapi.yml", "/openapi.yaml"},
		{"GET", "/registri", "/registry"},
		{"GET", "/statuses", "/status"}, // a plural in "es", as validate.PluralOf reads it
		{"GET", "/nope", ""},
		{"GET", "/tools/land/closure", ""},
		{"GET", "/tool/land/x", ""}, // /tools/land/x is no route either
		// Deeper than any route: no one word mended routes it.
		{"GET", "/capabilities/research/closure/x/y", ""},
		{"GET", "/tool" + strings.Repeat("/x", 2000), ""},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.target, func(t *testing.T) {
			e := do(t, h, tt.method, tt.target, nil)
			if e.status != http.StatusNotFound {
				t.Fatalf("%d %s, want 404", e.status, truncate(e.body))
			}
			m := e.json(t)
			d, _ := m["details"].(map[string]any)
			got, _ := d["didYouMean"].(string)
			if got != tt.meant {
				t.Errorf("details.didYouMean = %q, want %q (message %q)", got, tt.meant, m["message"])
			}
			if tt.meant != "" {
				if want := "(did you mean " + tt.meant + "?)"; !strings.Contains(said(t, e), want) {
					t.Errorf("message %q does not say %q", m["message"], want)
				}
			}
		})
	}
}

// TestMistypedRouteCostsNothingPastTheRoutesDepth: a path deeper than any
// route is not tried word by word (each try a path built and routed): no
// one word mended could route it, and a crafted path of thousands of
// words a slip away from a route's (/tool/tool/…) would cost thousands of
// tries per 404.
func TestMistypedRouteCostsNothingPastTheRoutesDepth(t *testing.T) {
	h := newRouter(testdataSource(t))
	allocs := func(target string) float64 {
		return testing.AllocsPerRun(20, func() {
			w := httptest.NewRecorder()
			h.ServeHTTP(w, httptest.NewRequest("GET", target, nil))
			if w.Code != http.StatusNotFound {
				t.Fatalf("GET %.40s: %d, want 404", target, w.Code)
			}
		})
	}
	shallow, deep := allocs("/tool/tool/tool/tool"), allocs(strings.Repeat("/tool", 2001))
	if deep > shallow+50 {
		t.Errorf("a 404 of 2,001 words made %.0f allocations, one of 4 words %.0f: the deep path was tried word by word", deep, shallow)
	}
}
