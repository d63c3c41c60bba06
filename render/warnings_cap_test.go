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

// TestActiveCapWarningsOrderAndCount pins where the activeCap warning
// sits now that it is appended after activeEntries (review cr23): after
// every warning found, the requires ones included, and before the line
// counting the unlisted ones; listed past the cap of 100, never counted
// among the unlisted; and WarningCount counts it once, with and without
// unlisted warnings. n is how many unknown disabledCapabilities names the
// enablement gives (each a warning).
func TestActiveCapWarningsOrderAndCount(t *testing.T) {
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

// TestWarningsCapHoldsAfterActiveCapWarning: the cap of 100 listed warnings
// holds with an activeCap warning: it was appended past the cap before
// the requires warnings of activeEntries, and r.warn, capping only at a
// length of exactly 100, then listed every later one (README: "the
// envelope lists 100 at most, and the activeCap one, then one counting
// the rest") (review cr23). The activeCap warning now comes last.
func TestWarningsCapHoldsAfterActiveCapWarning(t *testing.T) {
	cmd := `{"point":"plan:pre","ref":{"command":"c"}}`
	caps := []memCap{{id: "base"}}
	closure := map[string][]string{}
	for i := range 5 {
		id := fmt.Sprintf("c%d", i)
		caps = append(caps, memCap{id: id, requires: []string{"base"}, steps: []string{cmd}})
		closure[id] = []string{"base"}
	}
	reg := memRegistry(t, caps...)
	reg.Closure = closure
	names := append([]string{"base"}, unknownNames(maxWarnings+3)...)
	env, err := Resolve(reg, Request{Point: "plan:pre", Enablement: Enablement{DisabledCapabilities: names}, ActiveCap: "nope"})
	if err != nil {
		t.Fatal(err)
	}
	var requires int
	for _, w := range env.Warnings {
		if strings.Contains(w, " requires ") {
			requires++
		}
	}
	if len(env.Warnings) != maxWarnings+2 || requires != 0 {
		t.Errorf("%d warnings listed (%d of them requires warnings), want %d: 100, the activeCap one, the count; last %q",
			len(env.Warnings), requires, maxWarnings+2, env.Warnings[len(env.Warnings)-1])
	}
	if got, want := env.WarningCount(), maxWarnings+4+5; got != want {
		t.Errorf("WarningCount %d, want %d", got, want)
	}
}
