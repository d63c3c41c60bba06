package render

import (
	"cmp"
	"fmt"
	"strings"
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
		{maxWarnings + 1, maxWarnings + 1, "1 more warning not listed (the first 100 are)"},
		{maxWarnings + 50, maxWarnings + 1, "50 more warnings not listed (the first 100 are)"},
	} {
		names := unknownNames(tc.names)
		env := resolve(t, reg, "plan:pre", ``, Enablement{DisabledCapabilities: names})
		if len(env.Warnings) != tc.want {
			t.Errorf("%d unknown names: %d warnings, want %d", tc.names, len(env.Warnings), tc.want)
			continue
		}
		if env.WarningCount() != tc.names {
			t.Errorf("%d unknown names: WarningCount %d", tc.names, env.WarningCount())
		}
		last := env.Warnings[len(env.Warnings)-1]
		if want := cmp.Or(tc.last, fmt.Sprintf(`disabledCapabilities: "zz%d" is not a capability of this registry; ignored`, tc.names-1)); last != want {
			t.Errorf("%d unknown names: last warning %q, want %q", tc.names, last, want)
		}
	}
}

// TestActiveCapWarningSurvivesTheCap: asked whether an id no capability
// has is active (?activeCap=, capreg render --active-cap), the answer
// false is explained only by its warning, which is listed past the cap:
// after a hundred warnings of a stale disabledCapabilities list it was
// only counted, and the caller saw false and no reason (review cr22).
func TestActiveCapWarningSurvivesTheCap(t *testing.T) {
	reg := memRegistry(t, memCap{id: "p"})
	names := unknownNames(maxWarnings + 3)
	env, err := Resolve(reg, Request{Point: "plan:pre", Enablement: Enablement{DisabledCapabilities: names}, ActiveCap: "nope"})
	if err != nil {
		t.Fatal(err)
	}
	n := len(env.Warnings)
	if n != maxWarnings+2 || !strings.HasPrefix(env.Warnings[n-2], "activeCap: ") || env.Warnings[n-1] != "3 more warnings not listed (the first 100 are)" {
		t.Errorf("%d warnings, the last two %q; want the activeCap one, then the count of 3 not listed", n, env.Warnings[max(n-2, 0):])
	}
	if got := env.WarningCount(); got != maxWarnings+4 {
		t.Errorf("WarningCount %d, want %d", got, maxWarnings+4)
	}
}

// unknownNames are n names no registry of these tests holds: zz0, zz1, …
func unknownNames(n int) []string {
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("zz%d", i)
	}
	return names
}
