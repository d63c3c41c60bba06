package api_test

import (
	"strings"
	"testing"
)

// TestUX2MeantByFirstWords: an id none is a typo away from, which is the
// first words of one id (a user recalls "pattern-mapper" as "pattern") or
// one with words more ("ui-design" for "ui"), is named in the 404s and
// the activeCap warning; a typo is still named as before, and a word two
// ids start with names neither.
func TestUX2MeantByFirstWords(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, tt := range []struct{ target, want string }{
		{"/capabilities/pattern", "pattern-mapper"},
		{"/capabilities/pattern/closure", "pattern-mapper"},
		{"/capabilities/ui-design", "ui"},
		{"/capabilities/reserch", "research"},
		{"/capabilities/map", ""}, // not the first word
		{"/tools/od", "od-worktree"},
		{"/tools/check", "check-links"},
	} {
		code, msg, meant := errorAt(t, h, "GET", tt.target)
		if code != 404 || meant != tt.want {
			t.Errorf("GET %s: %d %q didYouMean %q, want 404 naming %q", tt.target, code, msg, meant, tt.want)
		}
	}
	for _, tt := range []struct{ q, want string }{
		{"pattern", `(did you mean "pattern-mapper"?)`},
		{"research-agent", `(did you mean "research"?)`},
	} {
		e := do(t, h, "GET", "/render-hooks/plan:pre?activeCap="+tt.q, nil)
		m := e.json(t)
		w, _ := m["warnings"].([]any)
		if e.status != 200 || m["active"] != false || len(w) != 1 || !strings.Contains(w[0].(string), tt.want) {
			t.Errorf("activeCap=%s: %d %s, want false with a warning holding %s", tt.q, e.status, e.body, tt.want)
		}
	}
}
