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

// TestRequiresCycleNamesTheCycle: the message keeps the reference's path
// from the search's root (ref I-8a), then says what to change; where the
// path reaches the cycle from outside it, the cycle is named, as a
// requires of the root's is no part of it (review r22).
func TestRequiresCycleNamesTheCycle(t *testing.T) {
	tests := []struct {
		name string
		caps []CapabilitySource
		want string
	}{
		{"reached from outside", []CapabilitySource{
			withRequires(newcomerCap("aa", `[]`, `[]`, `{}`), `["bb"]`),
			withRequires(newcomerCap("bb", `[]`, `[]`, `{}`), `["cc"]`),
			withRequires(newcomerCap("cc", `[]`, `[]`, `{}`), `["bb"]`),
		}, "requires cycle detected: aa → bb → cc → bb; the cycle is bb → cc → bb: remove one of its requires entries"},
		{"from its root", []CapabilitySource{
			withRequires(newcomerCap("bb", `[]`, `[]`, `{}`), `["cc"]`),
			withRequires(newcomerCap("cc", `[]`, `[]`, `{}`), `["bb"]`),
		}, "requires cycle detected: bb → cc → bb; remove one of these requires entries"},
	}
	for _, tt := range tests {
		got := newcomerFindings(t, "requires-cycle", tt.caps...)
		if len(got) != 1 || got[0].Message != tt.want {
			t.Errorf("%s: %v\nwant one: %s", tt.name, got, tt.want)
		}
	}
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
