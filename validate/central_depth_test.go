package validate

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestCentralPatternsNestingBounded: regexp2 compiles nested groups in
// time quadratic in their depth, and compiling counts in no budget: a
// pattern of 100,000 nested lookaheads (400 KB, in a POST /validate body
// or a commit) took 33 s to compile. A pattern nesting deeper than
// maxPatternDepth is not compiled and fails closed, as a match not decided
// in time does; one at the limit still matches. How long the refusal takes
// is BenchmarkCentralPatternsNestingBomb's to show.
// prefixChain is n alternatives each a prefix of the next: "ab|aab|aaab".
func prefixChain(n int) string {
	alts := make([]string, n)
	for i := range alts {
		alts[i] = strings.Repeat("a", i+1) + "b"
	}
	return strings.Join(alts, "|")
}

// TestCentralPatternsNestingBounded: a central key pattern nested up to
// maxPatternDepth is used; one deeper (or a lookahead bomb) is a finding at
// the pattern, not a stack overflow; bracketed or escaped parentheses do not
// count as nesting.
func TestCentralPatternsNestingBounded(t *testing.T) {
	manifest, err := os.ReadFile("../testdata/repo/capabilities/ui/capability.json")
	if err != nil {
		t.Fatal(err)
	}
	nested := func(open string, n int, inner string) string {
		return `^workflow\.` + strings.Repeat(open, n) + inner + strings.Repeat(")", n) + `$`
	}
	tests := []struct {
		name, pattern string
		want          []string // rule@pointer, sorted
	}{
		{"at the limit", nested("(?:", maxPatternDepth, "ui_phase"), []string{"config-key-central-pattern@/config/workflow.ui_phase"}},
		{"one deeper", nested("(?:", maxPatternDepth+1, "ui_phase"), []string{"config-key-central-pattern@/dynamicKeyPatterns/0/source"}},
		{"lookahead bomb", nested("(?=", 100000, "ui_phase") + "ui_phase", []string{"config-key-central-pattern@/dynamicKeyPatterns/0/source"}},
		{"parentheses in a class do not nest", `^workflow\.[` + strings.Repeat("(", 100) + `]?ui_phase$`, []string{"config-key-central-pattern@/config/workflow.ui_phase"}},
		{"escaped parentheses do not nest", `^workflow\.` + strings.Repeat(`\(?`, 100) + `ui_phase$`, []string{"config-key-central-pattern@/config/workflow.ui_phase"}},
		// Alternatives each a prefix of the next compile in time
		// exponential in their number (40: 1.75 s; 60: over 20 s), however
		// shallow the pattern: a group holding more than maxAlternatives
		// is not compiled either.
		{"alternatives at the limit", `^workflow\.(?:` + prefixChain(maxAlternatives-1) + `|ui_phase)$`, []string{"config-key-central-pattern@/config/workflow.ui_phase"}},
		{"one alternative more", `^workflow\.(?:` + prefixChain(maxAlternatives) + `|ui_phase)$`, []string{"config-key-central-pattern@/dynamicKeyPatterns/0/source"}},
		{"a chain of alternatives at the top", prefixChain(200) + `|^workflow\.ui_phase$`, []string{"config-key-central-pattern@/dynamicKeyPatterns/0/source"}},
		{"alternatives in a class or escaped are none", `^workflow\.[` + strings.Repeat("|", 100) + `]?` + strings.Repeat(`\|?`, 100) + `ui_phase$`, []string{"config-key-central-pattern@/config/workflow.ui_phase"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := Sources{
				CapabilitiesDir: "capabilities",
				Capabilities:    []CapabilitySource{{Folder: "ui", Manifest: File{Path: "capabilities/ui/capability.json", Data: manifest}}},
				ConfigSchema:    &File{Path: "config/config-schema.manifest.json", Data: centralJSON(t, tt.pattern)},
			}
			res := Validate(&src)
			var got []string
			for _, d := range res.Diagnostics {
				if d.Rule == "config-key-central-pattern" || d.Rule == "config-file" {
					got = append(got, d.Rule+"@"+d.Pointer)
					if d.Pointer == "/dynamicKeyPatterns/0/source" && (d.Severity != Error || !strings.Contains(d.Message, "nest")) {
						t.Errorf("finding %+v is not an error saying how deep the pattern nests", d)
					}
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, tt.want) {
				t.Errorf("findings %q, want %q", got, tt.want)
			}
		})
	}
}

// BenchmarkCentralPatternsNestingBomb validates testdata's ui capability
// against the 400 KB pattern of 100,000 nested lookaheads, which took 33 s
// to compile: it is refused by its depth, in the time a scan of it takes.
//
//	go test ./validate -run XXX -bench CentralPatternsNestingBomb
func BenchmarkCentralPatternsNestingBomb(b *testing.B) {
	manifest, err := os.ReadFile("../testdata/repo/capabilities/ui/capability.json")
	if err != nil {
		b.Fatal(err)
	}
	pattern := `^workflow\.` + strings.Repeat("(?=", 100000) + "ui_phase" + strings.Repeat(")", 100000) + `$ui_phase`
	central, _ := json.Marshal(map[string]any{"validKeys": []string{}, "dynamicKeyPatterns": []map[string]string{{"source": pattern}}})
	src := &Sources{
		CapabilitiesDir: "capabilities",
		Capabilities:    []CapabilitySource{{Folder: "ui", Manifest: File{Path: "capabilities/ui/capability.json", Data: manifest}}},
		ConfigSchema:    &File{Path: "config/config-schema.manifest.json", Data: central},
	}
	for b.Loop() {
		res := Validate(src)
		if !slices.ContainsFunc(res.Diagnostics, func(d Diagnostic) bool {
			return d.Pointer == "/dynamicKeyPatterns/0/source" && strings.Contains(d.Message, "nest")
		}) {
			b.Fatalf("the pattern is not refused for how deep it nests: %v", res.Diagnostics)
		}
	}
}
