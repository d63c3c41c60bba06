package validate

import (
	"os"
	"strings"
	"testing"
)

// TestEmptyActivationKeyIsOneFinding: an empty activationKey is a schema
// error, and only that: it was also told as a key the config lacks.
func TestEmptyActivationKeyIsOneFinding(t *testing.T) {
	data, err := os.ReadFile("../testdata/repo/capabilities/research/capability.json")
	if err != nil {
		t.Fatal(err)
	}
	manifest := strings.Replace(string(data), "{", `{"activationKey": "",`, 1)
	src := Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{{Folder: "research",
		Manifest: File{Path: "capabilities/research/capability.json", Data: []byte(manifest)},
		Files:    map[string]File{"loop/research-prompt.md": {Data: []byte("x")}}}}}
	var got []string
	for _, d := range Validate(&src).Diagnostics {
		if d.Pointer == "/activationKey" {
			got = append(got, d.Rule+": "+d.Message)
		}
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], "schema: ") {
		t.Errorf("findings at /activationKey = %q, want the schema's alone", got)
	}
}
