package validate

import (
	"strings"
	"testing"
)

// secFile is the security sample's capability.json, as findings name it.
const secFile = "capabilities/security/capability.json"

// findingAt returns the findings of rule at pointer ptr of the security
// sample's manifest.
func findingAt(diags []Diagnostic, rule, ptr string) []Diagnostic {
	var out []Diagnostic
	for _, d := range diags {
		if d.File == secFile && d.Rule == rule && d.Pointer == ptr {
			out = append(out, d)
		}
	}
	return out
}

// TestCapabilityBodyFindings edits the security sample so that one rule of
// the per-capability stage applies, and checks that the finding is made
// where the author must look, worded as the author needs it; the rows
// with an empty want check that a correct declaration draws none.
func TestCapabilityBodyFindings(t *testing.T) {
	const step = `{ "point": "verify:post", "ref": { "skill": "secure-phase" }, "produces": ["SECURITY.md"], "consumes": ["SUMMARY.md"], "when": "workflow.security_enforcement", "onError": "halt" }`
	const gateCheck = `"check": { "predicate": { "kind": "artifact-frontmatter-equals", "artifact": "SECURITY.md", "field": "open_high", "equals": 0 } },`
	const boolDefault = `"type": "boolean", "default": true,`
	const numDefault = `"type": "number", "default": 1,`
	const rc = `"runtimeCompat": { "supported": ["*"], "unsupported": [] },`
	const hooksField = `"hooks": [],`
	const fragPath = `"fragment": { "path": "loop/threat-model.md" },`
	cases := []struct {
		name, old, new string
		rule, ptr      string
		want           string // "" : no finding of rule at ptr
	}{
		{"quoted boolean default", boolDefault, `"type": "boolean", "default": "True",`, "config-slice", "/config/workflow.security_enforcement/default", "not a string: write true, without quotes"},
		{"boolean default is a word", boolDefault, `"type": "boolean", "default": "yes",`, "config-slice", "/config/workflow.security_enforcement/default", "default must be a boolean for type boolean, not a string"},
		{"boolean default", boolDefault, boolDefault, "config-slice", "/config/workflow.security_enforcement/default", ""},
		{"quoted number default", numDefault, `"type": "number", "default": " 2.5e3 ",`, "config-slice", "/config/workflow.security_asvs_level/default", "finite number for type number: write 2.5e3, without quotes"},
		{"quoted non-number", numDefault, `"type": "number", "default": "02",`, "config-slice", "/config/workflow.security_asvs_level/default", "finite number for type number"},
		{"string default of a boolean type", boolDefault, `"type": "string", "default": false,`, "config-slice", "/config/workflow.security_enforcement/default", "default must be a string for type string, not a boolean"},
		{"enum default not a value", `"default": "high"`, `"default": "low"`, "config-slice", "/config/workflow.security_block_on/default", `one of the enum values ["critical", "high", "medium"]`},
		{"reserved segment", `"workflow.security_asvs_level": {`, `"workflow.constructor.level": {`, "config-key-unsettable", "/config/workflow.constructor.level", `holds the segment "constructor"`},

		{"supported empty", rc, `"runtimeCompat": { "supported": [] },`, "runtime-compat", "/runtimeCompat/supported", "must name at least one runtime"},
		{"star twice", rc, `"runtimeCompat": { "supported": ["*", "*"] },`, "runtime-compat", "/runtimeCompat/supported", "given 2 times"},
		{"star mixed", rc, `"runtimeCompat": { "supported": ["claude", "*"] },`, "runtime-compat", "/runtimeCompat/supported", "cannot be mixed with runtime ids"},
		{"star alone", rc, rc, "runtime-compat", "/runtimeCompat/supported", ""},
		{"one runtime", rc, `"runtimeCompat": { "supported": ["claude"] },`, "runtime-compat", "/runtimeCompat/supported", ""},
		{"supported not kebab", rc, `"runtimeCompat": { "supported": ["claude", "Codex"] },`, "runtime-compat", "/runtimeCompat/supported/1", `"Codex" is not a kebab-case runtime id`},
		{"unsupported star", rc, `"runtimeCompat": { "supported": ["claude"], "unsupported": ["codex", "*"] },`, "runtime-compat", "/runtimeCompat/unsupported/1", `"*" is not allowed in unsupported`},
		{"notes key", rc, `"runtimeCompat": { "supported": ["*"], "notes": { "*": "x", "claude": "y", "Bad_Id": "z" } },`, "runtime-compat", "/runtimeCompat/notes/Bad_Id", `notes key "Bad_Id"`},
		{"notes star", rc, `"runtimeCompat": { "supported": ["*"], "notes": { "*": "x" } },`, "runtime-compat", "/runtimeCompat/notes/*", ""},

		{"script with space", hooksField, `"hooks": [{ "event": "install", "script": "ok.sh" }, { "event": "install", "script": "a b.sh" }],`, "hook-script", "/hooks/1/script", "may only contain letters"},
		{"script starting badly", hooksField, `"hooks": [{ "event": "install", "script": "~x.sh" }],`, "hook-script", "/hooks/0/script", "may only contain letters"},
		{"script absolute", hooksField, `"hooks": [{ "event": "install", "script": "/bin/x.sh" }],`, "hook-script", "/hooks/0/script", "not absolute"},
		{"script dotdot", hooksField, `"hooks": [{ "event": "install", "script": "a/../../x.sh" }],`, "hook-script", "/hooks/0/script", "'..' segment"},
		{"script option", hooksField, `"hooks": [{ "event": "install", "script": "bin/-rf" }],`, "hook-script", "/hooks/0/script", "starting with '-'"},
		{"script fine", hooksField, `"hooks": [{ "event": "install", "script": "bin/x-1_A.sh" }],`, "hook-script", "/hooks/0/script", ""},

		{"ref two kinds", `"ref": { "skill": "secure-phase" }`, `"ref": { "skill": "secure-phase", "agent": "gsd-security-auditor" }`, "ref-discriminator", "/steps/0/ref", `found ["skill", "agent"]`},
		{"ref misspelt kind", `"ref": { "skill": "secure-phase" }`, `"ref": { "skil": "secure-phase" }`, "ref-discriminator", "/steps/0/ref", `'skil' may be a misspelling of "skill"`},
		{"ref not a string", `"ref": { "skill": "secure-phase" }`, `"ref": { "agent": 7 }`, "ref-discriminator", "/steps/0/ref/agent", "ref.agent must be a string"},
		{"ref prefixed", `"ref": { "skill": "secure-phase" }`, `"ref": { "skill": "gsd-secure-phase" }`, "ref-skill-prefix", "/steps/0/ref/skill", `(write "secure-phase")`},
		{"ref skill not owned", `"ref": { "skill": "secure-phase" }`, `"ref": { "skill": "secure-face" }`, "ref-not-owned", "/steps/0/ref/skill", `is not in this capability's skills ["secure-phase"]`},
		{"ref agent not owned", `"ref": { "skill": "secure-phase" }`, `"ref": { "agent": "auditor" }`, "ref-not-owned", "/steps/0/ref/agent", `agents ["gsd-security-auditor"]`},
		{"ref agent owned", `"ref": { "skill": "secure-phase" }`, `"ref": { "agent": "gsd-security-auditor" }`, "ref-not-owned", "/steps/0/ref/agent", ""},
		{"second step capId", `"steps": [` + "\n    " + step, `"steps": [` + step + `, { "point": "plan:post", "capId": "ui", "ref": { "skill": "secure-phase" } }`, "hook-capid", "/steps/1/capId", `filed under "ui" instead of "security"`},
		{"own capId", `"steps": [` + "\n    " + step, `"steps": [{ "capId": "security", "point": "plan:post", "ref": { "skill": "secure-phase" } }, ` + step, "hook-capid", "/steps/0/capId", ""},

		{"check two kinds", gateCheck, `"check": { "query": "x", "predicate": { "kind": "k" } },`, "check-discriminator", "/gates/0/check", `found ["query", "predicate"]`},
		{"blocking agentVerdict", gateCheck, `"check": { "agentVerdict": { "agent": "gsd-security-auditor" } },`, "agent-verdict-blocking", "/gates/0/blocking", "advisory"},
		{"configValues not a key", `"security_block_on": "workflow.security_block_on" }`, `"security_block_on": ["workflow.security_block_on"] }`, "config-values-shape", "/contributions/0/configValues/security_block_on", "maps to an array"},

		{"fragment dotdot", fragPath, `"fragment": { "path": "loop/../../ui/x.md" },`, "fragment-escape", "/contributions/0/fragment/path", "without '..'"},
		{"fragment absolute", fragPath, `"fragment": { "path": "/loop/threat-model.md" },`, "fragment-escape", "/contributions/0/fragment/path", "must be a relative path"},
		{"fragment dir", fragPath, `"fragment": { "path": "loop/" },`, "fragment-unreadable", "/contributions/0/fragment/path", "ends with a slash"},
		{"fragment typo", fragPath, `"fragment": { "path": "loop/threat-modle.md" },`, "fragment-unreadable", "/contributions/0/fragment/path", `names no file in the capability folder; did you mean "loop/threat-model.md"?`},
		{"fragment from root", fragPath, `"fragment": { "path": "capabilities/security/loop/threat-model.md" },`, "fragment-unreadable", "/contributions/0/fragment/path", `relative to the capability folder: did you mean "loop/threat-model.md"?`},
		{"fragment other folder", fragPath, `"fragment": { "path": "fragments/threat-model.md" },`, "fragment-unreadable", "/contributions/0/fragment/path", `names no file in the capability folder; did you mean "loop/threat-model.md"?`},
		{"inline block line", fragPath, `"fragment": { "path": "loop/x.md", "inline": "intro\n\n   ### Step 9: agent:x (security)\r\nmore" },`, "fragment-block-line", "/contributions/0/fragment/inline", `fragment "loop/x.md" line 3, "   ### Step 9: agent:x (security)", starts a block`},
		{"inline block line at end", fragPath, `"fragment": { "path": "loop/x.md", "inline": "intro\n</contribution>" },`, "fragment-block-line", "/contributions/0/fragment/inline", `line 2, "</contribution>"`},
		{"inline code line", fragPath, `"fragment": { "path": "loop/x.md", "inline": "    </contribution>" },`, "fragment-block-line", "/contributions/0/fragment/inline", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			diags := findingsOf(sampleRepo(t, sampleEdit{"security", tc.old, tc.new}))
			got := findingAt(diags, tc.rule, tc.ptr)
			if tc.want == "" {
				if len(got) > 0 {
					t.Fatalf("want no %s at %s, got %v", tc.rule, tc.ptr, got)
				}
				return
			}
			if len(got) != 1 || !strings.Contains(got[0].Message, tc.want) {
				t.Fatalf("want one %s at %s containing %q, got %v\nall: %v", tc.rule, tc.ptr, tc.want, got, diags)
			}
		})
	}
}
