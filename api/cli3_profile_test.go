package api_test

import (
	"net/http"
	"slices"
	"testing"
)

// TestUnknownProfileIsTold: a body whose profile is a typo ("cor") renders
// as gsd-core renders an unknown mode, as full, and says so, naming the
// profile a typo away: in the envelope's warnings, in the activeCap
// answer's and in /capability-state's, and as X-Capreg-Warnings with the
// markdown, which has no place for them.
func TestUnknownProfileIsTold(t *testing.T) {
	h := newRouter(testdataSource(t))
	const want = `profile "cor" is not an install profile (core, standard, full; did you mean "core"?); using full`
	full := do(t, h, "POST", "/render-hooks/verify:post", []byte(`{"profile":"full"}`))
	for _, tt := range []struct{ name, target string }{
		{"envelope", "/render-hooks/verify:post"},
		{"activeCap", "/render-hooks/verify:post?activeCap=ui"},
		{"state", "/capability-state"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := do(t, h, "POST", tt.target, []byte(`{"profile":"cor"}`))
			if e.status != http.StatusOK {
				t.Fatalf("status %d: %s", e.status, e.body)
			}
			m := e.json(t)
			var got []string
			for _, w := range m["warnings"].([]any) {
				got = append(got, w.(string))
			}
			if !slices.Equal(got, []string{want}) {
				t.Errorf("warnings = %q, want %q", got, want)
			}
			if tt.name == "envelope" && capIDs(m["activeHooks"]) != capIDs(full.json(t)["activeHooks"]) {
				t.Errorf("profile cor rendered %s, profile full %s", capIDs(m["activeHooks"]), capIDs(full.json(t)["activeHooks"]))
			}
		})
	}
	e := do(t, h, "POST", "/render-hooks/verify:post?format=markdown", []byte(`{"profile":"cor"}`))
	if e.status != http.StatusOK || e.header.Get("X-Capreg-Warnings") != "1" {
		t.Errorf("markdown: status %d, X-Capreg-Warnings %q", e.status, e.header.Get("X-Capreg-Warnings"))
	}
	if f := do(t, h, "POST", "/render-hooks/verify:post?format=markdown", []byte(`{"profile":"core"}`)); f.header.Values("X-Capreg-Warnings") != nil {
		t.Errorf("markdown of a known profile: X-Capreg-Warnings %q", f.header.Values("X-Capreg-Warnings"))
	}
}
