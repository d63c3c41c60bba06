package render

import (
	"fmt"
	"strings"
	"testing"
)

// TestCR23CapHoldsAfterActiveCapWarning: the activeCap warning is appended
// past maxWarnings without counting, and the requires warnings of
// activeEntries come after it; r.warn caps with len == maxWarnings, which
// a list of 101 never equals again, so every later warning is listed
// (README: "the envelope lists 100 at most, and the activeCap one, then
// one counting the rest") and the "N more warnings not listed" line
// misses them (review cr23).
func TestCR23CapHoldsAfterActiveCapWarning(t *testing.T) {
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
	names := []string{"base"}
	for i := range maxWarnings + 3 {
		names = append(names, fmt.Sprintf("zz%d", i))
	}
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
