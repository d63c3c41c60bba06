package validate

import (
	"fmt"
	"slices"
	"testing"
)

// alwaysTrueAt validates a capability whose config is cfg, whose step's
// when is when and whose activationKey is ak ("" for none), and returns
// where when-always-true is reported.
func alwaysTrueAt(t *testing.T, cfg, when, ak string) []string {
	t.Helper()
	act := ""
	if ak != "" {
		act = fmt.Sprintf(`"activationKey": %q, `, ak)
	}
	data := fmt.Sprintf(`{"id": "x", "role": "feature", "title": "T", "description": "D.", "version": "1.0.0", "tier": "core", %s
 "requires": [], "skills": ["s"], "agents": [], "config": {%s},
 "steps": [{"point": "plan:pre", "ref": {"skill": "s"}, "produces": [], "consumes": [], "when": %q, "onError": "skip"}], "contributions": [], "gates": []}`, act, cfg, when)
	src := Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{{Folder: "x",
		Manifest: File{Path: "capabilities/x/capability.json", Data: []byte(data)}}}}
	var at []string
	for _, d := range Validate(&src).Diagnostics {
		if d.Rule == "when-always-true" {
			at = append(at, d.Pointer)
		}
	}
	return at
}

// TestWhenAlwaysTrueOnlyForEnumsOfNonEmptyValues: an enum key every value
// of which is a non-empty string is always true, named by a when or by
// activationKey; one that may be "" can be false, and one with no values
// (an empty list, which config-slice reports) is no such key.
func TestWhenAlwaysTrueOnlyForEnumsOfNonEmptyValues(t *testing.T) {
	const flag = `"workflow.on": {"type": "boolean", "default": true, "description": "d"}`
	for _, tt := range []struct {
		name, cfg, when, ak string
		want                []string
	}{
		{"values all non-empty", `"workflow.m": {"type": "enum", "values": ["a", "b"], "default": "a", "description": "d"}`, "workflow.m", "", []string{"/steps/0/when"}},
		{"activationKey", flag + `, "workflow.m": {"type": "enum", "values": ["a", "b"], "default": "a", "description": "d"}`, "workflow.on", "workflow.m", []string{"/activationKey"}},
		{"a value empty", `"workflow.m": {"type": "enum", "values": ["", "b"], "default": "b", "description": "d"}`, "workflow.m", "", nil},
		{"no values", `"workflow.m": {"type": "enum", "values": [], "default": "a", "description": "d"}`, "workflow.m", "", nil},
		{"a boolean beside an enum", flag + `, "workflow.m": {"type": "enum", "values": ["a", "b"], "default": "a", "description": "d"}`, "workflow.on", "", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := alwaysTrueAt(t, tt.cfg, tt.when, tt.ak); !slices.Equal(got, tt.want) {
				t.Errorf("when-always-true at %q, want %q", got, tt.want)
			}
		})
	}
}
