package api_test

import (
	"strings"
	"testing"
)

// cr85 mutation review of the listing and profile routes: each test fails
// on a mutant that survived the package's tests.

// TestCapabilitiesByTierCr85: ?tier= keeps the capabilities of that tier
// alone, with ?role= too, where the one test of it asked for the runtimes
// of core, and both runtimes are core.
func TestCapabilitiesByTierCr85(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, c := range []struct{ query, want string }{
		{"?tier=core", "assumptions claude codex"},
		{"?tier=standard", "pattern-mapper research"},
		{"?role=feature&tier=core", "assumptions"},
		{"?role=runtime&tier=full", ""},
	} {
		m := do(t, h, "GET", "/capabilities"+c.query, nil).json(t)
		if got := ids(m["capabilities"]); got != c.want || m["count"] != float64(len(strings.Fields(c.want))) {
			t.Errorf("/capabilities%s: %q (count %v), want %q", c.query, got, m["count"], c.want)
		}
	}
}

// TestProfileNameTypoMeantCr85: GET /profiles/{name} names the profile a
// name is one slip from, not only one it abbreviates or spells in another
// case.
func TestProfileNameTypoMeantCr85(t *testing.T) {
	h := newRouter(testdataSource(t))
	for _, c := range []struct{ name, meant string }{
		{"standrad", "standard"},
		{"fulll", "full"},
		{"cores", "core"},
	} {
		if code, msg, meant := errorAt(t, h, "GET", "/profiles/"+c.name); code != 404 || meant != c.meant {
			t.Errorf("/profiles/%s: %d %q didYouMean %q, want 404 naming %q", c.name, code, msg, meant, c.meant)
		}
	}
}
