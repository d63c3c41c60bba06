package render

import (
	"fmt"
	"strings"
	"testing"
)

// TestCR23CapHoldsAfterActiveCapWarning: the cap of 100 listed warnings
// holds with an activeCap warning: it was appended past the cap before
// the requires warnings of activeEntries, and r.warn, capping only at a
// length of exactly 100, then listed every later one (README: "the
// envelope lists 100 at most, and the activeCap one, then one counting
// the rest") (review cr23). The activeCap warning now comes last.
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
