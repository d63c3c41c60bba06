package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/capreg/capreg/internal/memtest"
)

// manyKeysSources is testdata's ui capability declaring n more config keys
// (workflow.k0 …), with the central schema central.
func manyKeysSources(tb testing.TB, n int, central map[string]any) *Sources {
	tb.Helper()
	data, err := os.ReadFile("../testdata/repo/capabilities/ui/capability.json")
	if err != nil {
		tb.Fatal(err)
	}
	var capability map[string]any
	if err := json.Unmarshal(data, &capability); err != nil {
		tb.Fatal(err)
	}
	config := capability["config"].(map[string]any)
	for i := range n {
		config[fmt.Sprintf("workflow.k%d", i)] = map[string]any{"type": "boolean", "default": false, "description": "d"}
	}
	manifest, _ := json.Marshal(capability)
	schema, _ := json.Marshal(central)
	return &Sources{
		CapabilitiesDir: "capabilities",
		Capabilities:    []CapabilitySource{{Folder: "ui", Manifest: File{Path: "capabilities/ui/capability.json", Data: manifest}}},
		ConfigSchema:    &File{Path: "config/config-schema.manifest.json", Data: schema},
	}
}

// BenchmarkCentralValidKeys validates n config keys against a central
// schema of 1.5·n validKeys, half of them the keys: looking each key up
// by a search of validKeys was quadratic (40,000 keys: 2.3 s). Compare
// n=10000 with n=40000.
//
//	go test ./validate -run XXX -bench CentralValidKeys
func BenchmarkCentralValidKeys(b *testing.B) {
	for _, n := range []int{10000, 40000} {
		var valid []string
		for i := 0; i < n; i += 2 {
			valid = append(valid, fmt.Sprintf("workflow.k%d", i))
		}
		for i := range n {
			valid = append(valid, fmt.Sprintf("other.v%d", i))
		}
		src := manyKeysSources(b, n, map[string]any{"validKeys": valid, "dynamicKeyPatterns": []any{}})
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				if got := pendingMigrations(Validate(src).Diagnostics); got != n/2 {
					b.Fatalf("%d pending-migration warnings, listed or counted; want one for each of %d keys", got, n/2)
				}
			}
		})
	}
}

// pendingMigrations counts the pending-migration warnings of ds, those
// listed and those a listed one stands for (see LimitPerRule).
func pendingMigrations(ds Diagnostics) int {
	n := 0
	for _, d := range ds {
		if d.Rule == "config-key-pending-migration" {
			n += max(d.Omitted, 1)
		}
	}
	return n
}

// BenchmarkCentralPatternsSpent validates n config keys against n central
// patterns, more pairs than patternBudget lets be matched: once it is
// spent, the pairs left are only counted, and asking the clock for each of
// them took 10 s beyond the budget for n=20000. Compare n=5000 with
// n=20000; both spend the budget (2 s).
//
//	go test ./validate -run XXX -bench CentralPatternsSpent -benchtime 1x
func BenchmarkCentralPatternsSpent(b *testing.B) {
	for _, n := range []int{5000, 20000} {
		var patterns []map[string]string
		for i := range n {
			patterns = append(patterns, map[string]string{"source": fmt.Sprintf(`^dyn%d\.[a-z]+$`, i)})
		}
		src := manyKeysSources(b, n, map[string]any{"validKeys": []string{}, "dynamicKeyPatterns": patterns})
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				res := Validate(src)
				if !slices.ContainsFunc(res.Diagnostics, func(d Diagnostic) bool { return strings.Contains(d.Message, "were not checked") }) {
					b.Fatalf("findings %v, want one that pairs were not checked", res.Diagnostics)
				}
			}
		})
	}
}

// BenchmarkCentralPatternsMemory validates testdata's ui capability against
// a central schema of n distinct dynamicKeyPatterns (n=80000 is about as
// many as fit in the 8 MiB a schema file may hold), one of which matches
// one of its keys. live-MB is the heap still held once Validate has
// returned its Result, which a Snapshot keeps: 80,000 compiled patterns
// held some 330 MB.
//
//	go test ./validate -run XXX -bench CentralPatternsMemory -benchmem -benchtime 3x
func BenchmarkCentralPatternsMemory(b *testing.B) {
	for _, n := range []int{20000, 80000} {
		var patterns []map[string]string
		for i := range n - 1 {
			patterns = append(patterns, map[string]string{"source": fmt.Sprintf(`^plugins\.p%05d\.(?!internal\b)[a-z][a-z0-9_]*(?:\.(?:enabled|model|timeout))?$`, i)})
		}
		patterns = append(patterns, map[string]string{"source": `^workflow\.ui_phase$`})
		src := manyKeysSources(b, 0, map[string]any{"validKeys": []string{}, "dynamicKeyPatterns": patterns})
		if size := len(src.ConfigSchema.Data); size > 8<<20 {
			b.Fatalf("the schema is %d bytes, over the 8 MiB a file may hold", size)
		}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				res := Validate(src)
				if n := countRule(res.Diagnostics, "config-key-central-pattern"); n != 1 {
					b.Fatalf("%d config-key-central-pattern findings, want 1: %v", n, res.Diagnostics)
				}
			}
			b.ReportMetric(memtest.LiveMB(func() any { return Validate(src) }), "live-MB")
		})
	}
}

// countRule counts the findings of rule.
func countRule(ds Diagnostics, rule string) int {
	n := 0
	for _, d := range ds {
		if d.Rule == rule {
			n++
		}
	}
	return n
}

// BenchmarkCentralPatternsShareABudget validates testdata's ui capability,
// one of whose keys makes 40 central patterns backtrack until each times
// out (10 s at patternTimeout each): all of them together are bounded by
// patternBudget, so a validation takes about 2 s, and the pairs left are
// reported as not checked.
//
//	go test ./validate -run XXX -bench CentralPatternsShareABudget -benchtime 1x
func BenchmarkCentralPatternsShareABudget(b *testing.B) {
	manifest, err := os.ReadFile("../testdata/repo/capabilities/ui/capability.json")
	if err != nil {
		b.Fatal(err)
	}
	const longKey = "workflow.ui_phase_of_the_design_contract_step"
	data := bytes.ReplaceAll(manifest, []byte(`"workflow.ui_phase"`), []byte(`"`+longKey+`"`))
	var patterns []map[string]string
	for range 40 {
		patterns = append(patterns, map[string]string{"source": `^workflow\.ui_p([\w.]+)+!`})
	}
	central, _ := json.Marshal(map[string]any{"validKeys": []string{}, "dynamicKeyPatterns": patterns})
	src := &Sources{
		CapabilitiesDir: "capabilities",
		Capabilities:    []CapabilitySource{{Folder: "ui", Manifest: File{Path: "capabilities/ui/capability.json", Data: data}}},
		ConfigSchema:    &File{Path: "config/config-schema.manifest.json", Data: central},
	}
	for b.Loop() {
		res := Validate(src)
		if !slices.ContainsFunc(res.Diagnostics, func(d Diagnostic) bool {
			return d.File == "config/config-schema.manifest.json" && strings.Contains(d.Message, "were not checked")
		}) {
			b.Fatalf("no finding says which key/pattern pairs were not checked: %v", res.Diagnostics)
		}
	}
}
