package validate

import (
	"strings"
	"testing"
)

// TestPointerPastANonStringEntry: a finding at an entry of a list of
// strings points at that entry though an entry before it is no string
// (itself the schema's finding). The checks took the index among the
// string entries, so "__proto__" after a 1 in skills was told at
// /skills/0, the 1's place.
func TestPointerPastANonStringEntry(t *testing.T) {
	codex := func(events string) CapabilitySource {
		return CapabilitySource{Folder: "codex", Manifest: File{Path: "capabilities/codex/capability.json", Data: []byte(`{
  "id": "codex", "role": "runtime", "title": "Codex CLI", "description": "D", "version": "1.2.0",
  "tier": "core", "requires": [],
  "runtime": {
    "configHome": { "kind": "dot-home", "name": ".codex", "env": ["CODEX_HOME"] },
    "localConfigDir": ".codex", "configFormat": "toml",
    "artifactLayout": { "global": [], "local": [] },
    "commandStyle": "shell-var", "hooksSurface": "codex-hooks-json", "sandboxTier": "codex-agent-sandbox",
    "supportTier": 1, "installSurface": "codex-toml", "writesSharedSettings": false, "permissionWriter": null,
    "extendedHookEvents": ` + events + `
  }
}`)}}
	}
	withCompat := func(compat string) CapabilitySource {
		c := newcomerCap("ui", `[]`, `[]`, `{}`)
		c.Manifest.Data = []byte(strings.Replace(string(c.Manifest.Data), `"gates": []`, `"gates": [], "runtimeCompat": `+compat, 1))
		return c
	}
	tests := []struct {
		rule, want string
		capability CapabilitySource
	}{
		{"reserved-name", "/skills/1", newcomerCap("ui", `[1, "__proto__"]`, `[]`, `{}`)},
		{"reserved-name", "/agents/2", newcomerCap("ui", `[]`, `[null, "gsd-ui", "constructor"]`, `{}`)},
		{"runtime-compat", "/runtimeCompat/supported/1", withCompat(`{"supported": [1, "Bad_Id"]}`)},
		{"runtime-compat", "/runtimeCompat/unsupported/1", withCompat(`{"supported": ["*"], "unsupported": [true, "Bad_Id"]}`)},
		{"runtime-hook-events", "/runtime/extendedHookEvents/1", codex(`[1, "Stop"]`)},
	}
	for _, tt := range tests {
		got := newcomerFindings(t, tt.rule, tt.capability)
		var ptrs []string
		for _, d := range got {
			ptrs = append(ptrs, d.Pointer)
		}
		if len(got) != 1 || got[0].Pointer != tt.want {
			t.Errorf("%s: pointers %q, want [%q]", tt.rule, ptrs, tt.want)
		}
	}
}
