package api_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestRenderNamesConfigKeyWrittenDecomposed: POST /render-hooks with a
// config key written decomposed ("e" and a combining accent, as macOS may
// save it) for a key declared composed ("é") warns of it, saying how each
// is written, as they print alike: the near-miss search compared keys as
// written, two letters apart, and the value was ignored without a word.
// It is still ignored (the gate stays on by its default): keys are read
// byte for byte, as the reference reads them.
func TestRenderNamesConfigKeyWrittenDecomposed(t *testing.T) {
	repo := copyTestRepo(t)
	file := filepath.Join(repo, "capabilities", "drift", "capability.json")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	const declared = "workflow.plan_drift_v\u00e9rifier"
	edited := strings.ReplaceAll(string(src), "workflow.plan_drift_precheck", declared)
	if strings.Count(edited, declared) != 2 {
		t.Fatal("drift's capability.json does not declare and read workflow.plan_drift_precheck")
	}
	if err := os.WriteFile(file, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newRouter(repoSource(t, repo))
	m := do(t, h, "POST", "/render-hooks/plan:pre", []byte(`{"config":{"workflow":{"plan_drift_ve\u0301rifier":false}}}`)).json(t)
	want := `config key "workflow.plan_drift_ve` + "\u0301" + `rifier" is declared by no capability, so nothing reads it; did you mean "workflow.plan_drift_v` + "\u00e9" + `rifier"? (the two print alike but are written in different Unicode forms: "workflow.plan_drift_ve\u0301rifier" here, decomposed (NFD: a letter, then its accent, as macOS may save it), and the declared key "workflow.plan_drift_v\u00e9rifier", composed (NFC); keys are read byte for byte, so write it as declared)`
	var warnings []string
	raw, _ := m["warnings"].([]any)
	for _, w := range raw {
		warnings = append(warnings, w.(string))
	}
	if !slices.Contains(warnings, want) {
		t.Errorf("warnings %q\nwant among them %q", warnings, want)
	}
	hooks, _ := m["activeHooks"].([]any)
	gate := false
	for _, h := range hooks {
		if h, _ := h.(map[string]any); h["capId"] == "drift" && h["kind"] == "gate" {
			gate = true
		}
	}
	if !gate {
		t.Errorf("activeHooks %v: want drift's gate, on by its default (the key written decomposed is not the declared key)", hooks)
	}
}
