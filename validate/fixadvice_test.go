package validate

import (
	"strings"
	"testing"
)

// withRequires gives a newcomer capability its requires list.
func withRequires(c CapabilitySource, requires string) CapabilitySource {
	c.Manifest.Data = []byte(strings.Replace(string(c.Manifest.Data), `"requires": []`, `"requires": `+requires, 1))
	return c
}

// withStep gives a newcomer capability one step at plan:pre producing
// artifact.
func withStep(c CapabilitySource, artifact string) CapabilitySource {
	c.Manifest.Data = []byte(strings.Replace(string(c.Manifest.Data), `"steps": []`,
		`"steps": [{ "point": "plan:pre", "ref": { "agent": "gsd-`+c.Folder+`" }, "produces": ["`+artifact+`"], "consumes": [], "onError": "skip" }]`, 1))
	return c
}

// TestDuplicateProducerNamesEveryProducer: with three steps producing one
// artifact at one point, each finding names all three capabilities (it
// named only the pair it met), and says what to change; the first
// producer is told too (the step a change added may be any of them).
func TestDuplicateProducerNamesEveryProducer(t *testing.T) {
	got := newcomerFindings(t, "duplicate-producer",
		withStep(newcomerCap("pa", `[]`, `["gsd-pa"]`, `{}`), "X.md"),
		withStep(newcomerCap("pb", `[]`, `["gsd-pb"]`, `{}`), "X.md"),
		withStep(newcomerCap("pc", `[]`, `["gsd-pc"]`, `{}`), "X.md"))
	if len(got) != 3 {
		t.Fatalf("%d findings, want 3 (one at each producer): %v", len(got), got)
	}
	for _, d := range got {
		if !strings.Contains(d.Message, "(capabilities: pa, pb, pc)") || !strings.HasSuffix(d.Message, ": let one step produce it, or give one of them another artifact name") {
			t.Errorf("%s: %s", d.File, d.Message)
		}
	}
}
