package api_test

import (
	"encoding/json"
	"fmt"
	"testing"
)

// TestWarningsHeaderCountsEveryWarning: X-Capreg-Warnings on the markdown
// answer is how many warnings the rendering found, those past the cap of
// the JSON envelope's list included (it said 101, the hundred listed and
// the one counting the rest).
func TestWarningsHeaderCountsEveryWarning(t *testing.T) {
	h := newRouter(testdataSource(t))
	var names []string
	for i := range 150 {
		names = append(names, fmt.Sprintf("zz%d", i))
	}
	body, _ := json.Marshal(map[string]any{"disabledCapabilities": names})
	e := do(t, h, "POST", "/render-hooks/plan:pre?format=markdown", body)
	if got := e.header.Get("X-Capreg-Warnings"); e.status != 200 || got != "150" {
		t.Errorf("%d, X-Capreg-Warnings %q; want 200 and 150", e.status, got)
	}
}
