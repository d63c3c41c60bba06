package api_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"
)

// TestRenderWarnsARepeatedNameOnce: an unknown name sent many times in one
// enablement list (a client appending to it) is warned of once, with its
// did-you-mean. Each copy spent one of the enablement's eight hint
// searches, so that past eight copies the name was warned of twice, with
// the hint and without (trial11).
func TestRenderWarnsARepeatedNameOnce(t *testing.T) {
	h := newRouter(testdataSource(t))
	repeat := func(name string) []string { return slices.Repeat([]string{name}, 12) }
	body, err := json.Marshal(map[string]any{
		"disabledCapabilities": repeat("securty"),
		"surface": map[string]any{
			"baseProfile":      "full",
			"disabledClusters": repeat("uii"),
			"explicitAdds":     repeat("ui-phse"),
			"explicitRemoves":  repeat("ui-reviw"),
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []any{
		`disabledCapabilities: "securty" is not a capability of this registry (did you mean "security"?); ignored`,
		`surface disabledClusters: "uii" is not a cluster (no capability has that id; did you mean "ui"?); ignored`,
		`surface explicitAdds: "ui-phse" is not a skill of any capability (did you mean "ui-phase"?); ignored`,
		`surface explicitRemoves: "ui-reviw" is not a skill of any capability (did you mean "ui-review"?); ignored`,
	}
	for _, target := range []string{"/render-hooks/plan:pre", "/capability-state"} {
		e := do(t, h, "POST", target, body)
		if e.status != 200 {
			t.Fatalf("POST %s: status %d: %s", target, e.status, truncate(e.body))
		}
		if got := e.json(t)["warnings"]; !reflect.DeepEqual(got, want) {
			t.Errorf("POST %s: warnings\n%q\nwant\n%q", target, got, want)
		}
	}
}
