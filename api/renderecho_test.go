package api_test

import (
	"strings"
	"testing"

	"github.com/capreg/capreg/render"
)

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
			h := newRouter(repoSource(t, echoRepoOf(t, []int{tt.aliases}, tt.def, "", "")))
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
