package validate

import (
	"slices"
	"strings"
	"testing"
)

// TestEditorLeftover: the names an editor, a merge or an atomic save
// leaves beside a file, and some that are none.
func TestEditorLeftover(t *testing.T) {
	for name, want := range map[string]bool{
		"capability.json~": true, "capability.json.bak": true, "capability.json.BAK": true, "capability.json.orig": true,
		"capability.json.swp": true, "capability.json.swo": true, ".capability.json.swp": true,
		"capability.json.tmp": true, "capability.json.tmp1234": true, "capability.json.tmp.1": true, "capability.json.tmp-x8Yq": true,
		".#capability.json": true, "#capability.json#": true, "4913": true,
		"capability.json": false, "Capability.json": false, "capability.json.txt": false, "capability.json.tmpl": false,
		"capability.yaml": false, "#": false, "##": false, "49131": false, "tmp": false, ".tmp": false,
	} {
		if got := EditorLeftover(name); got != want {
			t.Errorf("EditorLeftover(%q) = %t, want %t", name, got, want)
		}
	}
}

// TestManifestInOtherCase: a capability folder holding Capability.json
// beside its capability.json is a reserved-name warning at the other file,
// as a Windows or macOS checkout holds one of the two; alone, Capability.json
// is still capability-misplaced, and an editor's copy beside it nothing.
func TestManifestInOtherCase(t *testing.T) {
	tests := []struct {
		name  string
		caps  []CapabilitySource
		stray string
		want  string // rule at stray, or ""
	}{
		{"beside its declaration", []CapabilitySource{{Folder: "ui", Manifest: File{Path: "capabilities/ui/capability.json", Data: []byte(`{`)}}},
			"capabilities/ui/Capability.json", "reserved-name"},
		{"in upper case", []CapabilitySource{{Folder: "ui", Manifest: File{Path: "capabilities/ui/capability.json", Data: []byte(`{`)}}},
			"capabilities/ui/CAPABILITY.JSON", "reserved-name"},
		{"misnamed otherwise beside it", []CapabilitySource{{Folder: "ui", Manifest: File{Path: "capabilities/ui/capability.json", Data: []byte(`{`)}}},
			"capabilities/ui/capability.json.txt", ""},
		{"alone", nil, "capabilities/ui/Capability.json", "capability-misplaced"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := &Sources{CapabilitiesDir: "capabilities", Capabilities: tt.caps, StrayDeclarations: []string{tt.stray}}
			var got []string
			for _, d := range Validate(src).Diagnostics {
				if d.File == tt.stray {
					got = append(got, d.Rule)
					if d.Rule == "reserved-name" && (d.Severity != Warning || !strings.Contains(d.Message, "capabilities/ui/capability.json's only in case")) {
						t.Errorf("%s: %s", d.Severity, d.Message)
					}
				}
			}
			if want := []string{tt.want}; tt.want == "" && len(got) != 0 || tt.want != "" && !slices.Equal(got, want) {
				t.Errorf("findings at %s: %q, want %q", tt.stray, got, tt.want)
			}
		})
	}
}
