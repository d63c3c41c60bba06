package api_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/capreg/capreg/store/storetest"
)

// TestRenderSaysWhereTheNearMissSearchStopped: a config misspelling each
// of the keys of a 1,500-capability registry (one edit each, 2,850 keys
// no capability declares against 3,000 declared) is warned of a few of
// them, as many as the near-miss search's 20,000 comparisons reach, and
// then, in one warning, of how many keys the search stopped before: the
// trial's 3,000 misspellings got 27 warnings and no word of the rest.
func TestRenderSaysWhereTheNearMissSearchStopped(t *testing.T) {
	const n = 1500
	dir := t.TempDir()
	if err := storetest.WriteRepo(dir, n); err != nil {
		t.Fatal(err)
	}
	h := newRouter(repoSource(t, dir))
	var members []string
	for i := range n {
		if i%20 == 19 { // a runtime declares no such keys
			continue
		}
		members = append(members, fmt.Sprintf(`"cap-%05d":{"enabld":true,"levle":"low"}`, i))
	}
	body := `{"config":{` + strings.Join(members, ",") + `}}`
	m := do(t, h, "POST", "/render-hooks/plan:pre", []byte(body)).json(t)
	raw, _ := m["warnings"].([]any)
	if len(raw) < 2 {
		t.Fatalf("warnings %v; want some near misses and the count of those not looked for", raw)
	}
	named := 0
	for _, w := range raw[:len(raw)-1] {
		if strings.Contains(w.(string), "is declared by no capability, so nothing reads it; did you mean") {
			named++
		}
	}
	unknown := 2 * len(members)
	want := fmt.Sprintf("the search for misspelt config keys stopped before %d of the keys no capability declares, so a misspelling among them is not named: ", unknown-named)
	t.Logf("%d warnings: %d near misses named of %d unknown keys; last: %s", len(raw), named, unknown, raw[len(raw)-1])
	if last, _ := raw[len(raw)-1].(string); named == 0 || !strings.HasPrefix(last, want) {
		t.Errorf("%d of %d unknown keys named, then %q; want the last warning to start %q", named, unknown, last, want)
	}
}
