package api_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/render"
)

// echoRepo is testdata/first with a contribution at plan:pre whose
// configValues read the key workflow.big through aliases aliases, the
// key's default being def.
func echoRepo(t *testing.T, aliases int, def string) string {
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
	c["config"].(map[string]any)["workflow.big"] = map[string]any{"type": "string", "default": def, "description": "Big."}
	cv := map[string]any{}
	for i := range aliases {
		cv[fmt.Sprintf("a%d", i)] = "workflow.big"
	}
	c["contributions"] = []any{map[string]any{"point": "plan:pre", "into": "planner", "fragment": map[string]any{"path": "f.md"}, "configValues": cv}}
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

// TestRenderEchoBounded: each configValues alias echoes its key's whole
// value, so aliases multiply a value given in a request (3,000 of them and
// a 1 MB string held serve at 13.5 GB for 68 s) or a repository's default;
// past render.MaxEchoed bytes a render is a 400 saying so, for a POST and
// for a GET of the defaults, and one within it is answered.
func TestRenderEchoBounded(t *testing.T) {
	big := strings.Repeat("x", 900_000)
	body := func(v string) []byte { return []byte(`{"config":{"workflow":{"big":"` + v + `"}}}`) }
	tests := []struct {
		name, method string
		aliases      int
		def          string
		body         []byte
		code         int
	}{
		{"POST within the limit", "POST", 18, "d", body(big), 200},
		{"POST of a value echoed past the limit", "POST", 20, "d", body(big), 400},
		{"GET of a default echoed past the limit", "GET", 20, big, nil, 400},
		{"GET of a default within it", "GET", 18, big, nil, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newRouter(repoSource(t, echoRepo(t, tt.aliases, tt.def)))
			e := do(t, h, tt.method, "/render-hooks/plan:pre", tt.body)
			if e.status != tt.code {
				t.Fatalf("status %d, want %d: %s", e.status, tt.code, truncate(e.body))
			}
			if tt.code == 400 {
				got := e.json(t)
				if got["code"] != "bad_request" || !strings.Contains(got["message"].(string), `"workflow.big"`) ||
					got["details"].(map[string]any)["limit"] != float64(render.MaxEchoed) {
					t.Errorf("answer %s, want bad_request naming workflow.big and the limit", truncate(e.body))
				}
			}
		})
	}
}
