package validate

import (
	"strings"
	"testing"
)

// Findings about a value of the wrong kind name the kind with its article
// ("not an array"), as the HTTP API's and the render flags' do.
func TestWrongKindFindingsReadAsEnglish(t *testing.T) {
	feature := func(def string) string {
		return `{"id":"x","role":"feature","title":"X","description":"X.","version":"1.0.0","tier":"core","requires":[],
"runtimeCompat":{"supported":["*"],"unsupported":[]},"skills":[],"agents":[],
"config":{"x.on":{"type":"boolean","default":` + def + `,"description":"d"},"x.s":{"type":"string","default":"s","description":"d"}},
"steps":[],"contributions":[],"gates":[]}`
	}
	tests := []struct {
		doc, rule, want string
	}{
		{`[]`, "schema", "a capability declaration must be a JSON object, not an array"},
		{`"x"`, "schema", "a capability declaration must be a JSON object, not a string"},
		{`null`, "schema", "a capability declaration must be a JSON object, not null"},
		{feature(`[]`), "config-slice", "default must be a boolean for type boolean, not an array"},
		{feature(`"yes"`), "config-slice", "default must be a boolean for type boolean, not a string"},
		{strings.Replace(feature("true"), `"default":"s"`, `"default":{}`, 1), "config-slice", "default must be a string for type string, not an object"},
	}
	for _, tt := range tests {
		src := Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{
			{Folder: "x", Manifest: File{Path: "capabilities/x/capability.json", Data: []byte(tt.doc)}}}}
		var got []string
		for _, d := range Validate(&src).Diagnostics {
			if d.Rule == tt.rule {
				got = append(got, d.Message)
			}
		}
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("%s: %s findings %q, want [%q]", tt.doc, tt.rule, got, tt.want)
		}
	}
}
