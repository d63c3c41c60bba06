package render

import (
	"fmt"
	"strings"
	"testing"
)

// TestCR24ActiveCapWarningOrderAndCount pins where the activeCap warning
// sits now that it is appended after activeEntries (review cr23): after
// every warning found, the requires ones included, and before the line
// counting the unlisted ones; listed past the cap of 100, never counted
// among the unlisted; and WarningCount counts it once, with and without
// unlisted warnings. n is how many unknown disabledCapabilities names the
// enablement gives (each a warning).
func TestCR24ActiveCapWarningOrderAndCount(t *testing.T) {
	cmd := `{"point":"plan:pre","ref":{"command":"c"}}`
	caps := []memCap{{id: "base"}, {id: "c0", requires: []string{"base"}, steps: []string{cmd}}}
	for _, tc := range []struct {
		activeCap          string
		unknown            int
		listed, count, unl int
	}{
		{unknown: 0, activeCap: "nope", listed: 2, count: 2},                                               // requires, activeCap
		{unknown: 0, activeCap: "", listed: 1, count: 1},                                                   // requires
		{unknown: maxWarnings - 2, activeCap: "nope", listed: maxWarnings, count: maxWarnings},             // 98 + requires + activeCap
		{unknown: maxWarnings - 1, activeCap: "nope", listed: maxWarnings + 1, count: maxWarnings + 1},     // 100 capped + activeCap past the cap
		{unknown: maxWarnings, activeCap: "nope", listed: maxWarnings + 2, count: maxWarnings + 2, unl: 1}, // the requires one unlisted
		{unknown: maxWarnings + 5, activeCap: "nope", listed: maxWarnings + 2, count: maxWarnings + 7, unl: 6},
		{unknown: maxWarnings + 5, activeCap: "", listed: maxWarnings + 1, count: maxWarnings + 6, unl: 6},
	} {
		reg := memRegistry(t, caps...)
		reg.Closure = map[string][]string{"c0": {"base"}}
		names := append([]string{"base"}, unknownNames(tc.unknown)...)
		env, err := Resolve(reg, Request{Point: "plan:pre", Enablement: Enablement{DisabledCapabilities: names}, ActiveCap: tc.activeCap})
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("%d unknown, activeCap %q", tc.unknown, tc.activeCap)
		if len(env.Warnings) != tc.listed || env.WarningCount() != tc.count || env.Unlisted != tc.unl {
			t.Errorf("%s: %d listed, WarningCount %d, Unlisted %d; want %d, %d, %d", name, len(env.Warnings), env.WarningCount(), env.Unlisted, tc.listed, tc.count, tc.unl)
			continue
		}
		at := -1
		for i, w := range env.Warnings {
			if strings.HasPrefix(w, "activeCap: ") {
				at = i
			}
		}
		want := -1
		if tc.activeCap != "" {
			want = len(env.Warnings) - 1
			if tc.unl > 0 {
				want-- // the count line is last
			}
		}
		if at != want {
			t.Errorf("%s: activeCap warning at %d of %d, want %d; warnings %q", name, at, len(env.Warnings), want, env.Warnings)
		}
		if tc.unl == 0 && tc.unknown < maxWarnings {
			req := -1
			for i, w := range env.Warnings {
				if strings.Contains(w, " requires ") {
					req = i
				}
			}
			if req < 0 || tc.activeCap != "" && req > at {
				t.Errorf("%s: requires warning at %d, activeCap at %d: want it listed, before", name, req, at)
			}
		}
	}
}
