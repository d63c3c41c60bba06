package validate

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// FuzzValidate feeds arbitrary bytes as a capability declaration, a tool card
// and a workflow into a real repository: no input may crash validation, and
// every finding must name a known rule. The seeds are whole declarations, so
// fuzz with a short -fuzzminimizetime (e.g. 20x): minimizing kilobyte inputs
// otherwise dominates the run.
func FuzzValidate(f *testing.F) {
	base := Sources{CapabilitiesDir: "capabilities"}
	for _, name := range []string{"discuss-phase", "plan-phase", "execute-phase", "verify-work", "ship"} {
		data, err := os.ReadFile(filepath.Join("../testdata/repo/workflows", name+".md"))
		if err != nil {
			f.Fatal(err)
		}
		base.Workflows = append(base.Workflows, File{Path: "workflows/" + name + ".md", Data: data})
	}
	for _, seed := range []string{"ui", "security", "claude", "ollama", "intel"} {
		data, err := os.ReadFile(filepath.Join("../testdata/repo/capabilities", seed, "capability.json"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, []byte(`{"id":"x"}`), []byte("<!-- gsd:loop-host\nstep: plan\n-->"))
		// The slips validate reads past (mendDoc): a ',' blanked, a
		// trailing one, the file cut short before its last close.
		f.Add(bytes.Replace(data, []byte(",\n"), []byte(" \n"), 1), []byte(`{"id":"x" "command":"t"}`), []byte(""))
		f.Add(bytes.Replace(data, []byte("\n}"), []byte(",\n}"), 1), []byte(`{"id":"x",}`), []byte(""))
		f.Add(bytes.TrimRight(bytes.TrimSpace(data), "}"), []byte(`{"id":"x"`), []byte(""))
	}
	f.Fuzz(func(t *testing.T, manifest, card, workflow []byte) {
		src := base
		src.Workflows = append(append([]File(nil), base.Workflows...), File{Path: "docs/fuzz.md", Data: workflow})
		src.Capabilities = []CapabilitySource{
			{Folder: "x", Manifest: File{Path: "capabilities/x/capability.json", Data: manifest}, Files: map[string]File{"loop/a.md": {Path: "capabilities/x/loop/a.md", Data: card}}},
			{Folder: "y", Manifest: File{Path: "capabilities/y/capability.json", Data: manifest}},
		}
		src.Cards = []CardSource{{File: File{Path: "bin/t.card.json", Data: card}, ToolPath: "bin/t"}}
		res := Validate(&src)
		for _, d := range res.Diagnostics {
			if _, ok := RuleByID(d.Rule); !ok {
				t.Fatalf("unknown rule %q in %v", d.Rule, d)
			}
		}
		// A file with a json-syntax error, read past its slips or not,
		// gives nothing valid: no capability, no card.
		broken := map[string]bool{}
		for _, d := range res.Diagnostics {
			if d.Rule == "json-syntax" {
				broken[d.File] = true
			}
		}
		if broken["capabilities/x/capability.json"] && len(res.Capabilities) > 0 {
			t.Fatalf("a declaration with a json-syntax error is valid: %v", capIDs(res.Capabilities))
		}
		if broken["bin/t.card.json"] && len(res.Cards) > 0 {
			t.Fatalf("a card with a json-syntax error is valid: %v", res.Cards)
		}
		// Validation is deterministic, and a warm cache says exactly what a
		// fresh validation says.
		if g, w := fmt.Sprint(Validate(&src).Diagnostics), fmt.Sprint(res.Diagnostics); g != w {
			t.Fatalf("two validations differ:\n%s\n%s", g, w)
		}
		cache := NewCache()
		cache.Validate(&src)
		warm := cache.Validate(&src)
		if g, w := fmt.Sprint(warm.Diagnostics), fmt.Sprint(res.Diagnostics); g != w || warm.Reused != len(src.Capabilities) || warm.CardsReused != len(src.Cards) {
			t.Fatalf("cached validation differs (reused %d, cards %d):\n%s\nfresh:\n%s", warm.Reused, warm.CardsReused, g, w)
		}
		if !reflect.DeepEqual(warm.Cards, res.Cards) {
			t.Fatalf("cached cards %v, fresh %v", warm.Cards, res.Cards)
		}
		if g, w := fmt.Sprint(capIDs(warm.Capabilities)), fmt.Sprint(capIDs(res.Capabilities)); g != w {
			t.Fatalf("cached valid capabilities %s, fresh %s", g, w)
		}
	})
}

func capIDs(caps []*Capability) []string {
	out := make([]string, len(caps))
	for i, c := range caps {
		out[i] = c.ID
	}
	return out
}
