package api_test

import (
	"strings"
	"testing"
)

// TestRenderBodyListShapesNamed: an enablement field sent in the other
// list shape, a profile as an array of its modes or a list of names as one
// comma-separated string (as an environment variable holds them), is a
// 400 that writes the value meant, as other refusals do; it named the
// wrong type alone (trial11). The surface's, ignored with a warning rather
// than refused, say it in the warning.
func TestRenderBodyListShapesNamed(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, c := range []struct{ body, want string }{
		{`{"profile":["core","standard"]}`, `profile must be a string, not an array: write "core,standard", the modes joined with commas`},
		{`{"profile":["core"]}`, `profile must be a string, not an array: write "core"`},
		// Modes read as a profile's: spaces and empty ones dropped.
		{`{"profile":["", " core ", "standard,full"]}`, `profile must be a string, not an array: write "core,standard,full", the modes joined with commas`},
		{`{"disabledCapabilities":"tdd, ui"}`, `disabledCapabilities must be an array of strings, not a string: write ["tdd", "ui"]`},
		{`{"surface":{"baseProfile":"full","disabledClusters":"ui nyquist","explicitAdds":[],"explicitRemoves":[]}}`,
			`surface.disabledClusters must be an array of strings, not a string: write ["ui", "nyquist"]`},
	} {
		for _, target := range []string{"/render-hooks/plan:pre", "/capability-state"} {
			e := do(t, h, "POST", target, []byte(c.body))
			if !strings.Contains(answerText(t, e), c.want) {
				t.Errorf("POST %s %s: %d %s\nwant it to say %s", target, c.body, e.status, truncate(e.body), c.want)
			}
		}
	}
	// A long list is not written back whole: the refusal says the shape.
	long := strings.Repeat("beacon,", 5000)
	for _, c := range []struct{ body, want string }{
		{`{"profile":["` + strings.Repeat(`core","`, 5000) + `core"]}`, `: write the modes as one string, joined with commas`},
		{`{"disabledCapabilities":"` + long + `"}`, `: write an array of the names, one string each`},
	} {
		e := do(t, h, "POST", "/render-hooks/plan:pre", []byte(c.body))
		if msg := answerText(t, e); !strings.HasSuffix(msg, c.want) || len(msg) > 300 {
			t.Errorf("POST a long %.20s…: %d, %d bytes %.200q, want under 300 ending %q", c.body, e.status, len(msg), msg, c.want)
		}
	}
	// Nothing is made up where the value is no list of names.
	for _, body := range []string{`{"profile":[]}`, `{"profile":["core",1]}`, `{"profile":[""]}`, `{"profile":[" ", ","]}`, `{"disabledCapabilities":" , "}`} {
		e := do(t, h, "POST", "/render-hooks/plan:pre", []byte(body))
		if e.status != 400 || strings.Contains(answerText(t, e), "write") {
			t.Errorf("POST %s: %d %s, want a 400 writing no value", body, e.status, truncate(e.body))
		}
	}
}

// answerText is an answer's error message, or its warnings, one a line.
func answerText(t *testing.T, e exchange) string {
	t.Helper()
	got := e.json(t)
	if msg, ok := got["message"].(string); ok {
		return msg
	}
	var lines []string
	for _, w := range got["warnings"].([]any) {
		lines = append(lines, w.(string))
	}
	return strings.Join(lines, "\n")
}
