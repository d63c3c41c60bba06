package api_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/validate"
)

// TestCheckWarnsWhereDefaultsFailTheRender: capreg check warns
// (config-values-echo) of exactly the repositories whose own defaults make
// GET /render-hooks/plan:pre a 400 (render.MaxEchoed): the aliases of the
// hooks active with the defaults are summed, the others not.
func TestCheckWarnsWhereDefaultsFailTheRender(t *testing.T) {
	big := strings.Repeat("x", 900_000)
	tests := []struct {
		name       string
		split      []int  // aliases of workflow.big in each contribution at plan:pre
		when       string // the contributions' when ("" for none)
		activation string // the capability's activationKey ("" for none)
		fail       bool
	}{
		{"one contribution past the limit", []int{20}, "", "", true},
		{"one contribution within it", []int{18}, "", "", false},
		{"two contributions past it together", []int{10, 10}, "", "", true},
		{"when of a key false by default", []int{20}, "workflow.off", "", false},
		{"when of a key true by default", []int{20}, "workflow.on", "", true},
		{"activationKey false by default", []int{20}, "", "workflow.off", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo := echoRepoOf(t, tt.split, big, tt.when, tt.activation)
			src := repoSource(t, repo) // passes the gate: a warning, not an error
			var found []validate.Diagnostic
			for _, d := range src.snap.Load().Diagnostics {
				if d.Rule == "config-values-echo" {
					found = append(found, d)
				}
			}
			e := do(t, newRouter(src), "GET", "/render-hooks/plan:pre", nil)
			if failed := e.status == 400; failed != tt.fail {
				t.Fatalf("GET status %d, want failing %v: %s", e.status, tt.fail, truncate(e.body))
			}
			if len(found) != map[bool]int{true: 1}[tt.fail] {
				t.Fatalf("config-values-echo findings %v, want one iff the GET fails (%v)", found, tt.fail)
			}
			if tt.fail {
				d := found[0]
				if d.Severity != validate.Warning || d.File != "capabilities/hello/capability.json" ||
					d.Pointer != "/config/workflow.big/default" || d.Line == 0 ||
					!strings.Contains(d.Message, "plan:pre") || !strings.Contains(d.Message, `"workflow.big"`) {
					t.Errorf("finding %+v, want a warning at workflow.big's default naming plan:pre", d)
				}
			}
		})
	}
}

// echoRepoOf is testdata/first with contributions at plan:pre, the i-th
// reading workflow.big (default def) through split[i] aliases, under when;
// the capability has activationKey, and keys workflow.on (true) and
// workflow.off (false).
func echoRepoOf(t *testing.T, split []int, def, when, activation string) string {
	t.Helper()
	repo := t.TempDir()
	if err := os.CopyFS(repo, os.DirFS("../testdata/first")); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(repo, "capabilities", "hello", "capability.json")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var c map[string]any
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	config := c["config"].(map[string]any)
	config["workflow.big"] = map[string]any{"type": "string", "default": def, "description": "Big."}
	config["workflow.on"] = map[string]any{"type": "boolean", "default": true, "description": "On."}
	config["workflow.off"] = map[string]any{"type": "boolean", "default": false, "description": "Off."}
	if activation != "" {
		c["activationKey"] = activation
	}
	var contributions []any
	for n, aliases := range split {
		cv := map[string]any{}
		for i := range aliases {
			cv[fmt.Sprintf("a%d_%d", n, i)] = "workflow.big"
		}
		h := map[string]any{"point": "plan:pre", "into": "planner", "fragment": map[string]any{"path": "f.md"}, "configValues": cv}
		if when != "" {
			h["when"] = when
		}
		contributions = append(contributions, h)
	}
	c["contributions"] = contributions
	if data, err = json.Marshal(c); err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string][]byte{p: data, filepath.Join(filepath.Dir(p), "f.md"): []byte("Hi.\n")} {
		if err := os.WriteFile(name, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return repo
}
