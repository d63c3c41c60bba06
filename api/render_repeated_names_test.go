package api_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
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

// TestRenderWarnsANameInEachField: a name warned of once in its list is
// still warned of in each other field that holds it (repeated notes it by
// field): a misspelt skill both added and removed is two mistakes, and a
// note of the name alone left the second field's unsaid.
func TestRenderWarnsANameInEachField(t *testing.T) {
	h := newRouter(testdataSource(t))
	body, err := json.Marshal(map[string]any{
		"disabledCapabilities": []string{"ui-phse", "ui-phse"},
		"surface": map[string]any{
			"baseProfile":      "full",
			"disabledClusters": []string{"ui-phse"},
			"explicitAdds":     []string{"ui-phse", "ui-phse"},
			"explicitRemoves":  []string{"ui-phse"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{"/render-hooks/plan:pre", "/capability-state"} {
		e := do(t, h, "POST", target, body)
		if e.status != 200 {
			t.Fatalf("POST %s: status %d: %s", target, e.status, truncate(e.body))
		}
		var fields []string
		for _, w := range e.json(t)["warnings"].([]any) {
			field, _, _ := strings.Cut(w.(string), ":")
			fields = append(fields, field)
		}
		want := []string{"disabledCapabilities", "surface disabledClusters", "surface explicitAdds", "surface explicitRemoves"}
		if !slices.Equal(fields, want) {
			t.Errorf("POST %s: warnings of %q, want one of each of %q", target, fields, want)
		}
	}
}
