package render

import (
	"cmp"
	"fmt"
	"testing"
)

// TestWarningsAreCapped: one rendering lists at most maxWarnings warnings
// and counts the rest in a last one: a 1 MiB POST /render-hooks body
// naming 80,000 capabilities no registry has was answered with 6.9 MB of
// warnings (review). Up to the cap, each is listed.
func TestWarningsAreCapped(t *testing.T) {
	reg := memRegistry(t, memCap{id: "p"})
	for _, tc := range []struct {
		names int
		want  int    // warnings
		last  string // the last one's text, "" for an unknown name's
	}{
		{maxWarnings, maxWarnings, ""},
		{maxWarnings + 1, maxWarnings + 1, "1 more warnings not listed (the first 100 are)"},
		{maxWarnings + 50, maxWarnings + 1, "50 more warnings not listed (the first 100 are)"},
	} {
		var names []string
		for i := range tc.names {
			names = append(names, fmt.Sprintf("zz%d", i))
		}
		env := resolve(t, reg, "plan:pre", ``, Enablement{DisabledCapabilities: names})
		if len(env.Warnings) != tc.want {
			t.Errorf("%d unknown names: %d warnings, want %d", tc.names, len(env.Warnings), tc.want)
			continue
		}
		last := env.Warnings[len(env.Warnings)-1]
		if want := cmp.Or(tc.last, fmt.Sprintf(`disabledCapabilities: "zz%d" is not a capability of this registry; ignored`, tc.names-1)); last != want {
			t.Errorf("%d unknown names: last warning %q, want %q", tc.names, last, want)
		}
	}
}
