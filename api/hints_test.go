package api_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestRenderHintsAreBounded: every name of a POST /render-hooks enablement
// that the registry does not have is warned of, but only the first few are
// given a did-you-mean, each of which compares the name with every id of
// the registry: 80,000 of them in a 1 MiB body kept a core busy for 397 s
// on a 10,000-capability registry.
func TestRenderHintsAreBounded(t *testing.T) {
	h := newRouter(testdataSource(t))
	const n = 100
	for _, c := range []struct {
		field, body, first, last, meant string
	}{
		{"disabledCapabilities", `{"disabledCapabilities":%s}`, "reserch", "researh", "research"},
		{"surface disabledClusters", `{"surface":{"baseProfile":"full","disabledClusters":%s,"explicitAdds":[],"explicitRemoves":[]}}`, "securty", "secrity", "security"},
		{"surface explicitAdds", `{"surface":{"baseProfile":"full","disabledClusters":[],"explicitAdds":%s,"explicitRemoves":[]}}`, "secure-phse", "secure-pahse", "secure-phase"},
	} {
		names := make([]string, n)
		for i := range names {
			names[i] = fmt.Sprintf("no-such-name-%d", i)
		}
		names[0], names[n-1] = c.first, c.last
		list, _ := json.Marshal(names)
		e := do(t, h, "POST", "/render-hooks/plan:pre", fmt.Appendf(nil, c.body, list))
		if e.status != 200 {
			t.Fatalf("%s: status %d: %s", c.field, e.status, e.body)
		}
		var env struct{ Warnings []string }
		if err := json.Unmarshal(e.body, &env); err != nil {
			t.Fatal(err)
		}
		if len(env.Warnings) != n {
			t.Fatalf("%s: %d warnings, want one for each of the %d names: %q", c.field, len(env.Warnings), n, env.Warnings)
		}
		meant := fmt.Sprintf("%q", c.meant)
		if first := env.Warnings[0]; !strings.Contains(first, meant) {
			t.Errorf("%s: the first unknown name has no did-you-mean: %s", c.field, first)
		}
		if last := env.Warnings[n-1]; strings.Contains(last, meant) {
			t.Errorf("%s: the %dth unknown name was still searched for a did-you-mean: %s", c.field, n, last)
		}
	}
}
