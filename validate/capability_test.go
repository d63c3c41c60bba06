package validate

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/capreg/capreg/validate/ojson"
)

// want is a finding a test expects: of rule, at pointer ptr of the
// security sample's manifest, its message holding msg ("" for any).
type want struct{ rule, ptr, msg string }

// securityFindings are the findings of the sample repository with the
// security capability's manifest edited by old→new pairs, in order.
func securityFindings(t *testing.T, pairs ...string) []Diagnostic {
	t.Helper()
	var edits []sampleEdit
	for i := 0; i+1 < len(pairs); i += 2 {
		edits = append(edits, sampleEdit{"security", pairs[i], pairs[i+1]})
	}
	return findingsOf(sampleRepo(t, edits...))
}

// expectFindings fails t unless each of wants is one finding of diags
// and no finding of diags is of a rule of wants at another pointer, or
// of the rules in none (at any pointer).
func expectFindings(t *testing.T, diags []Diagnostic, wants []want, none ...string) {
	t.Helper()
	rules := map[string]bool{}
	for _, w := range wants {
		rules[w.rule] = true
		got := findingAt(diags, w.rule, w.ptr)
		if len(got) != 1 || !strings.Contains(got[0].Message, w.msg) {
			t.Errorf("want one %s at %s containing %q, got %v", w.rule, w.ptr, w.msg, got)
		}
	}
	for _, d := range diags {
		if d.File != secFile {
			continue
		}
		wanted := false
		for _, w := range wants {
			wanted = wanted || w.rule == d.Rule && w.ptr == d.Pointer
		}
		if rules[d.Rule] && !wanted {
			t.Errorf("unexpected %s at %s: %s", d.Rule, d.Pointer, d.Message)
		}
		for _, r := range none {
			if d.Rule == r && !wanted && !rules[r] {
				t.Errorf("unexpected %s at %s: %s", d.Rule, d.Pointer, d.Message)
			}
		}
	}
}

// TestConfigSliceChecksEveryEntry: an entry of the config slice that is
// no object, has no string type, a type that is none, or no default is
// told so, and the entries after it are checked still: an author fixing
// one sees every other.
func TestConfigSliceChecksEveryEntry(t *testing.T) {
	diags := securityFindings(t, `"config": {`, `"config": {
    "a.notobject": 7,
    "a.typenumber": { "type": 7, "default": 1, "description": "d" },
    "a.typebool": { "type": "bool", "default": true, "description": "d" },
    "a.nodefault": { "type": "boolean", "description": "d" },
    "a.nodescription": { "type": "string", "default": "x" },
    "a.emptydescription": { "type": "string", "default": "x", "description": "" },`,
		`"default": "high"`, `"default": "low"`)
	expectFindings(t, diags, []want{
		{"config-slice", "/config/a.typebool/type", `config type "bool" is not one of boolean, string, number, enum (did you mean "boolean"?)`},
		{"config-slice", "/config/a.nodefault", `config key "a.nodefault" needs a "default" of type boolean`},
		{"config-slice", "/config/a.nodescription", `config key "a.nodescription" needs a non-empty string "description"`},
		{"config-slice", "/config/a.emptydescription", `needs a non-empty string "description"`},
		{"config-slice", "/config/workflow.security_block_on/default", `one of the enum values ["critical", "high", "medium"]`},
	})
}

// TestConfigDefaultBounds: a number default is any finite double, the
// largest and smallest ones too, and one past them (Infinity to
// JSON.parse) is not; an enum key needs a non-empty list of strings as
// its values, and its default one of them.
func TestConfigDefaultBounds(t *testing.T) {
	const num = `"type": "number", "default": 1,`
	const numPtr = "/config/workflow.security_asvs_level"
	const enum = `"values": ["critical", "high", "medium"]`
	const enumPtr = "/config/workflow.security_block_on"
	cases := []struct {
		name, old, new string
		want           []want
	}{
		{"largest double", num, `"type": "number", "default": 1.7976931348623157e308,`, nil},
		{"smallest double", num, `"type": "number", "default": -1.7976931348623157e308,`, nil},
		{"past the largest", num, `"type": "number", "default": 1.8e308,`, []want{{"config-slice", numPtr + "/default", "must be a finite number"}}},
		{"past the smallest", num, `"type": "number", "default": -1.8e308,`, []want{{"config-slice", numPtr + "/default", "must be a finite number"}}},
		{"no values", enum + ",", ``, []want{{"config-slice", enumPtr, `needs a non-empty "values" array of strings`}}},
		{"values empty", enum, `"values": []`, []want{{"config-slice", enumPtr, `needs a non-empty "values" array of strings`}}},
		{"values a string", enum, `"values": "high"`, []want{{"config-slice", enumPtr, `needs a non-empty "values" array of strings`}}},
		{"values not all strings", enum, `"values": ["high", 2]`, []want{{"config-slice", enumPtr, `needs a non-empty "values" array of strings`}}},
		{"one value", enum, `"values": ["high"]`, nil},
		{"default not a string", `"default": "high"`, `"default": 2`, []want{{"config-slice", enumPtr + "/default", `one of the enum values ["critical", "high", "medium"]`}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			expectFindings(t, securityFindings(t, tc.old, tc.new), tc.want, "config-slice")
		})
	}
}

// TestRuntimeIDsAreKebabCase: a runtime id of runtimeCompat (supported,
// unsupported, a notes key) is a lowercase ASCII letter, then lowercase
// letters, digits or hyphens; each id that is not is told, at its index,
// and the others are not.
func TestRuntimeIDsAreKebabCase(t *testing.T) {
	good := []string{"a", "z", "amp", "zed", "a-9", "z0-a", "a--", "az", "a0"}
	bad := []string{"", "`a", "{a", "9a", "-a", "A", "a`", "a{", "a/", "a:", "aB", "a_b", "a.b", "claude code", "é"}
	ids := append(append([]string{}, good...), bad...)
	list := `["` + strings.Join(ids, `", "`) + `"]`
	notes := `{ "*": "x"`
	for _, id := range ids {
		notes += `, "` + id + `": "x"`
	}
	notes += " }"
	rc := `"runtimeCompat": { "supported": ["*"], "unsupported": [] },`
	diags := securityFindings(t, rc, `"runtimeCompat": { "supported": `+list+`, "unsupported": `+list+`, "notes": `+notes+` },`)
	var wants []want
	for i, id := range bad {
		i += len(good)
		wants = append(wants,
			want{"runtime-compat", fmt.Sprintf("/runtimeCompat/supported/%d", i), fmt.Sprintf("%q is not a kebab-case runtime id", id)},
			want{"runtime-compat", fmt.Sprintf("/runtimeCompat/unsupported/%d", i), fmt.Sprintf("%q is not a kebab-case runtime id", id)},
			want{"runtime-compat", "/runtimeCompat/notes/" + strings.ReplaceAll(id, "/", "~1"), fmt.Sprintf("notes key %q is not", id)})
	}
	expectFindings(t, diags, wants)
}

// TestRuntimeCompatOfOtherShapes: a runtimeCompat, or a member of it,
// that is not the object or list it should be is the schema's finding,
// and runtime-compat says nothing of it rather than fail.
func TestRuntimeCompatOfOtherShapes(t *testing.T) {
	const rc = `"runtimeCompat": { "supported": ["*"], "unsupported": [] },`
	for _, shape := range []string{
		`"*"`,
		`["*"]`,
		`{ "unsupported": ["codex"] }`,
		`{ "supported": "*" }`,
		`{ "supported": { "claude": true } }`,
		`{ "supported": ["*"], "unsupported": "codex" }`,
		`{ "supported": ["*"], "notes": ["claude"] }`,
		`{ "supported": ["*"], "notes": "Claude" }`,
	} {
		t.Run(shape, func(t *testing.T) {
			diags := securityFindings(t, rc, `"runtimeCompat": `+shape+`,`)
			expectFindings(t, diags, nil, "runtime-compat")
			schema := false
			for _, d := range diags {
				schema = schema || d.Rule == "schema" && strings.HasPrefix(d.Pointer, "/runtimeCompat")
			}
			if !schema {
				t.Errorf("no schema finding under /runtimeCompat: %v", diags)
			}
		})
	}
}

// TestHookScriptCharacters: a lifecycle hook script may hold ASCII
// letters, digits and . _ / - only; each script holding any other is told,
// at its index, and a hook with no script, or one that is no string, is
// left to the schema.
func TestHookScriptCharacters(t *testing.T) {
	good := []string{"a.sh", "z.sh", "A.sh", "Z.sh", "0.sh", "9.sh", "bin/az_AZ-09.sh", "x"}
	bad := []string{"`.sh", "{.sh", "@.sh", "[.sh", ":.sh", "a b.sh", "a+b.sh", "é.sh", "a\\\\b.sh"}
	hooks := `"hooks": [{ "event": "install" }, { "event": "install", "script": 7 }, { "event": "install", "script": "" }`
	for _, s := range append(append([]string{}, good...), bad...) {
		hooks += `, { "event": "install", "script": "` + s + `" }`
	}
	diags := securityFindings(t, `"hooks": [],`, hooks+"],")
	var wants []want
	for i := range bad {
		wants = append(wants, want{"hook-script", fmt.Sprintf("/hooks/%d/script", 3+len(good)+i), "may only contain letters, digits and . _ / -"})
	}
	expectFindings(t, diags, wants)
}

// TestGateFragmentIsNotRead: a gate has no fragment in the format, so a
// gate's "fragment" is not read, checked nor inlined, where a step's or
// contribution's is.
func TestGateFragmentIsNotRead(t *testing.T) {
	const gate = `"blocking": true,`
	for _, frag := range []string{`{ "path": "../x.md" }`, `{ "path": "loop/nothere.md" }`, `{ "path": "loop/threat-model.md" }`} {
		t.Run(frag, func(t *testing.T) {
			src := sampleRepo(t, sampleEdit{"security", gate, gate + ` "fragment": ` + frag + `,`})
			res := Validate(src)
			for _, d := range res.Diagnostics {
				if strings.HasPrefix(d.Rule, "fragment") {
					t.Errorf("finding of a gate's fragment: %v", d)
				}
			}
			gates := 0
			for _, c := range res.Capabilities {
				if c.ID != "security" {
					continue
				}
				for _, g := range c.Gates {
					gates++
					if f := g.Raw.Get("fragment"); f == nil || f.Has("inline") {
						t.Errorf("gate of %s holds fragment %s, want it as written", c.ID, ojson.Encode(f, ""))
					}
				}
			}
			if gates == 0 {
				t.Errorf("no gate of security in the registry: %v", res.Diagnostics)
			}
		})
	}
}

// TestMissingRefOrCheckIsTheSchemas: a step without a ref, or with a ref
// that is no object, and a gate without a check, or with one that is no
// object, are the schema's findings; the discriminator rules, which say
// which of the kinds an object holds, say nothing of them.
func TestMissingRefOrCheckIsTheSchemas(t *testing.T) {
	const ref = `"ref": { "skill": "secure-phase" }, `
	const check = `"check": { "predicate": { "kind": "artifact-frontmatter-equals", "artifact": "SECURITY.md", "field": "open_high", "equals": 0 } },`
	cases := []struct{ name, old, new, ptr string }{
		{"no ref", ref, ``, "/steps/0"},
		{"ref a string", ref, `"ref": "secure-phase", `, "/steps/0/ref"},
		{"no check", check, ``, "/gates/0"},
		{"check a string", check, `"check": "open_high == 0",`, "/gates/0/check"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			diags := securityFindings(t, tc.old, tc.new)
			expectFindings(t, diags, nil, "ref-discriminator", "check-discriminator", "ref-not-owned", "ref-skill-prefix", "agent-verdict-blocking")
			if len(findingAt(diags, "schema", tc.ptr)) == 0 {
				t.Errorf("no schema finding at %s: %v", tc.ptr, diags)
			}
		})
	}
}

// TestHookDefaults: the registry's hooks carry what CONTRACT.md §2
// defaults, a step's onError "skip" and a contribution's empty produces
// and consumes, as members built in memory (KeyOff -1: no place in the
// declaration), after the hook's own members; given, the hook's own are
// kept.
func TestHookDefaults(t *testing.T) {
	src := sampleRepo(t,
		sampleEdit{"security", `, "onError": "halt" }`, ` }`},
		sampleEdit{"security", `"produces": [],
      "consumes": ["CONTEXT.md"],`, ``})
	res := Validate(src)
	var sec *Capability
	for _, c := range res.Capabilities {
		if c.ID == "security" {
			sec = c
		}
	}
	if sec == nil || len(sec.Steps) != 1 || len(sec.Contributions) != 1 || len(sec.Gates) != 1 {
		t.Fatalf("security not in the registry as edited: %v", res.Diagnostics)
	}
	last := func(h *Hook, n int) []string {
		var keys []string
		for _, m := range h.Raw.Members[len(h.Raw.Members)-n:] {
			if m.KeyOff != -1 {
				t.Errorf("%s's %s at offset %d, want -1 (built in memory)", h.Pointer(), m.Key, m.KeyOff)
			}
			keys = append(keys, m.Key+"="+string(ojson.Encode(&m.Value, "")))
		}
		return keys
	}
	if got := strings.Join(last(sec.Steps[0], 1), " "); got != `onError="skip"` {
		t.Errorf("step's last member %s, want onError \"skip\"", got)
	}
	if got := strings.Join(last(sec.Contributions[0], 2), " "); got != `produces=[] consumes=[]` {
		t.Errorf("contribution's last members %s, want produces [] and consumes []", got)
	}
	if got := sec.Gates[0].Raw.Get("onError"); got == nil || got.Str != "halt" {
		t.Errorf("gate's onError %v, want its own \"halt\"", got)
	}
}

// TestHookAfterANonObjectIsChecked: a hook that is no object is the
// schema's finding, and the hooks after it in its list are checked still.
func TestHookAfterANonObjectIsChecked(t *testing.T) {
	diags := securityFindings(t, `"steps": [`, `"steps": [7, { "point": "verify:psot", "ref": { "skill": "secure-phase" } },`)
	expectFindings(t, diags, []want{{"point-unknown", "/steps/1/point", `"verify:psot"`}})
}

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
		{"string with JSON Schema's enum", numDefault, `"type": "string", "enum": ["1", "2"], "default": "1",`, "config-values-unread", "/config/workflow.security_asvs_level/enum", `lists "enum", which gsd-core reads on an enum key only: any string is taken, the list restricts nothing; write "type": "enum" and name the list "values", not "enum"`},
		{"string with values", numDefault, `"type": "string", "values": ["1", "2"], "default": "1",`, "config-values-unread", "/config/workflow.security_asvs_level/values", `lists "values", which gsd-core reads on an enum key only: any string is taken, the list restricts nothing; write "type": "enum"`},
		// A string's list of numbers is no enum's values either (cr84:
		// the items left unchecked on a string passed every test).
		{"string with numbers listed", numDefault, `"type": "string", "values": [1, 2], "default": "1",`, "config-values-unread", "/config/workflow.security_asvs_level/values", `any string is taken, the list restricts nothing; an enum's values are strings`},
		{"number with strings listed", numDefault, `"type": "number", "values": ["1", "2"], "default": 1,`, "config-values-unread", "/config/workflow.security_asvs_level/values", `any number is taken, the list restricts nothing; an enum's values are strings`},
		{"number with choices", numDefault, `"type": "number", "choices": [1, 2, 3], "default": 1,`, "config-values-unread", "/config/workflow.security_asvs_level/choices", `any number is taken, the list restricts nothing; an enum's values are strings`},
		{"values not a list", numDefault, `"type": "number", "options": "1-3", "default": 1,`, "config-values-unread", "/config/workflow.security_asvs_level/options", ""},
		{"enum keeps values", `"default": "high"`, `"default": "high"`, "config-values-unread", "/config/workflow.security_block_on/values", ""},
		{"enum list named enum", `"type": "enum", "values":`, `"type": "enum", "enum":`, "config-slice", "/config/workflow.security_block_on", `needs a non-empty "values" array of strings (the entry's list is named "enum": name it "values")`},
		{"enum without list", `"type": "enum", "values": ["critical", "high", "medium"],`, `"type": "enum",`, "config-slice", "/config/workflow.security_block_on", `needs a non-empty "values" array of strings`},
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
		{"inline block line after a lone CR", fragPath, `"fragment": { "path": "loop/x.md", "inline": "intro\r\r</contribution>\r### Step 9: agent:x (ui)" },`, "fragment-block-line", "/contributions/0/fragment/inline", `line 3, "</contribution>"`},
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

// A reviewer's body is checked in a reviewer capability (an unknown field
// warned of, where it is), and not in a feature, which must not carry one
// at all: the feature is told only that.
func TestReviewerBodyIsCheckedOnlyOffFeatures(t *testing.T) {
	src := sampleRepo(t, sampleEdit{"ollama", `"handler": "openai-compatible"`, `"handler": "openai-compatible", "model": "llama3.1"`})
	got := findingsOf(src, "reviewer-unknown-field")
	if len(got) != 1 || got[0].File != "capabilities/ollama/capability.json" || got[0].Pointer != "/reviewer/model" {
		t.Errorf("a reviewer with a field \"model\": findings %v; want one reviewer-unknown-field at /reviewer/model", got)
	}

	src = sampleRepo(t, sampleEdit{"security", `"tier": "full",`, `"tier": "full", "reviewer": { "model": "llama3.1" },`})
	if got := findingsOf(src, "reviewer-unknown-field", "reviewer-invoke"); len(got) != 0 {
		t.Errorf("a feature's reviewer body is checked as a reviewer's: %v", got)
	}
	got = findingsOf(src, "role-forbidden-field")
	if len(got) != 1 || got[0].File != secFile || got[0].Pointer != "/reviewer" {
		t.Errorf("a feature with a reviewer body: findings %v; want one role-forbidden-field at /reviewer", got)
	}
}

// A config entry's enum values are kept for an enum, which render and the
// registry read them from, and for no other type, even one that lists some.
func TestConfigEntryValuesAreAnEnumsOnly(t *testing.T) {
	src := sampleRepo(t, sampleEdit{"security", `"type": "boolean", "default": true,`, `"type": "boolean", "values": ["yes", "no"], "default": true,`})
	res := Validate(src)
	var sec *Capability
	for _, c := range res.Capabilities {
		if c.ID == "security" {
			sec = c
		}
	}
	if sec == nil {
		t.Fatalf("security is not valid: %v", findingsOf(src))
	}
	var keys []string
	for _, e := range sec.Config {
		keys = append(keys, fmt.Sprintf("%s %s %q", e.Key, e.Type, e.Values))
	}
	want := []string{
		`workflow.security_enforcement boolean []`,
		`workflow.security_asvs_level number []`,
		`workflow.security_block_on enum ["critical" "high" "medium"]`,
	}
	if !slices.Equal(keys, want) {
		t.Errorf("config entries:\n%s\nwant:\n%s", strings.Join(keys, "\n"), strings.Join(want, "\n"))
	}
}

// A file of many repeated keys makes no finding for each: parseDoc lists
// the first MaxPerRule and one standing for the rest, with their count,
// however many there are (a generated file may repeat a key by the
// hundred thousand).
func TestDuplicateKeyFindingsAreBoundedInParse(t *testing.T) {
	for _, n := range []int{MaxPerRule + 2, 20000} {
		data := []byte("{" + strings.Repeat(`"a": 1, `, n) + `"a": 1}`)
		s := &sink{}
		if d := parseDoc("x.json", data, s); d == nil {
			t.Fatalf("%d duplicates: the file does not parse", n)
		}
		if len(s.diags) != MaxPerRule+1 {
			t.Fatalf("%d duplicates: %d findings made, want %d", n, len(s.diags), MaxPerRule+1)
		}
		if last := s.diags[MaxPerRule]; last.Omitted != n-MaxPerRule || last.Rule != "json-duplicate-key" {
			t.Errorf("%d duplicates: the last finding stands for %d (%s), want %d", n, last.Omitted, last.Rule, n-MaxPerRule)
		}
	}
}

// A json-syntax finding names the member the parse stopped in by its
// pointer, beside its line and column: in a long declaration "212:7"
// alone left the reader to count the members around it.
func TestJSONSyntaxFindingHasThePointer(t *testing.T) {
	tests := []struct{ in, pointer string }{
		{"{\n  \"id\": \"x\",\n  \"hooks\": [\n    {\"point\": plan:pre}\n  ]\n}", "/hooks/0/point"},
		{"{\n  \"hooks\": [{},]\n}", "/hooks"},
		{"{\"id\": \"x\",}", ""},
	}
	for _, tt := range tests {
		s := &sink{}
		if d := parseDoc("x.json", []byte(tt.in), s); d != nil {
			t.Fatalf("%q parsed", tt.in)
		}
		if len(s.diags) != 1 || s.diags[0].Rule != "json-syntax" || s.diags[0].Pointer != tt.pointer {
			t.Errorf("%q: findings %+v, want one json-syntax at %q", tt.in, s.diags, tt.pointer)
		}
	}
}

// A folder name of a byte beyond ASCII that is no UTF-8 (0x80, as a
// Linux folder may be named) is shown as code points beside the id.
func TestIDFolderMismatchShowsTheLowestNonASCIIByte(t *testing.T) {
	if got := idFolderMismatch("ui", "ui\x80", "capabilities/ui\x80"); !strings.Contains(got, `as code points: "ui" and "ui\x80"`) {
		t.Errorf("%s: want both names as code points", got)
	}
}

// TestLinkTextLengthBound pins MaxLinkText as inclusive in linkText:
// the scanner keeps a file of up to MaxLinkText bytes as a LinkText
// (store's len(data) <= MaxLinkText), so a link text of exactly that length
// must still read as one, and one byte more must not.
func TestLinkTextLengthBound(t *testing.T) {
	for _, c := range []struct {
		n    int
		want bool
	}{
		{MaxLinkText - 1, true},
		{MaxLinkText, true},
		{MaxLinkText + 1, false},
	} {
		text := "../" + strings.Repeat("a", c.n-len("../"))
		if got := linkText([]byte(text)); got != c.want {
			t.Errorf("linkText(%d bytes) = %v, want %v", c.n, got, c.want)
		}
	}
}

// TestHasOptionContract pins hasOption's contract on its own: a " -" followed
// by a non-space is an option wherever it stands, the very first byte
// included, and " - " or a trailing " -" is not. Through linkText the text
// starts with "." so a " -" at 0 is not reached; the table holds the
// function to what its doc says, so a later caller may rely on it.
func TestHasOptionContract(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{" -x", true},
		{" --dev", true},
		{" - x", false},
		{"a -", false},
		{"a - b -c", true},
		{"a - b - c", false},
		{"", false},
	} {
		if got := hasOption([]byte(c.text)); got != c.want {
			t.Errorf("hasOption(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestHasOptionEdges pins hasOption (capability.go) on the edges of its
// scan: a trailing " -" is a name, a spaced dash followed by an option is
// one, and any later option is found after a spaced dash. Passes: it
// guards the loop that skips " - " (103932d).
func TestHasOptionEdges(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"../x -", false},
		{"../a - b - c", false},
		{"../a - -v", true},
		{"../a -  --dev", true},
		{"../a  -  b", false},
		{"../a -b", true},
		{"../a --", true},
		{"../a-b", false},
		{"../a -\u00e9", true},
	} {
		if got := hasOption([]byte(tc.text)); got != tc.want {
			t.Errorf("hasOption(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestLinkTextDashInName pins which texts linkText reads as a link
// Git checked out as a file. Its " -" rule (f048cc7, capability.go
// linkText) tells "./setup.sh --dev" from a link, but also refuses a link
// into a folder named with a spaced dash ("../Shared - Team/deploy"), which
// Git writes as it is, as the doc comment's "../My Capabilities/x" shows:
// that capability-misplaced warning is lost. An option starts with " -"
// and a non-space ("--dev", "-v"); " - " is a name. The "Shared - Team"
// rows FAIL on purpose; the others pass before and after.
func TestLinkTextDashInName(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"../shared/mirror", true},
		{"../My Capabilities/x", true},
		{"./setup.sh --dev", false},
		{"./run -v", false},
		{"../Shared - Team/deploy", true},
		{"./Notes - 2024", true},
	} {
		if got := linkText([]byte(c.text)); got != c.want {
			t.Errorf("linkText(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestPredicateKinds pins predicate-unknown: a predicate gate is warned of
// unless it is one of the evaluator's built-in kinds with the fields that
// kind reads (ref §2.6), at the place to fix, naming the kind a typo
// away; a gate of another check, and each built-in kind complete, are not.
func TestPredicateKinds(t *testing.T) {
	const old = `{ "kind": "artifact-frontmatter-equals", "artifact": "SECURITY.md", "field": "open_high", "equals": 0 }`
	tests := []struct {
		predicate, ptr, msg string // msg "": no finding
	}{
		{old, "", ""},
		{`{ "kind": "command-exit-zero", "command": "make audit", "timeout": 60 }`, "", ""},
		{`{ "kind": "command-exit-zero" }`, "/gates/0/check/predicate", `a predicate of kind command-exit-zero needs 'command', which the evaluator reads (command: a non-blank string): the gate would fail when it runs`},
		{`{ "kind": "command-exit-zero", "command": "  \t" }`, "/gates/0/check/predicate", `a predicate of kind command-exit-zero needs 'command', which the evaluator reads (command: a non-blank string): the gate would fail when it runs`},
		{`{ "kind": "command-exit-zero", "command": null }`, "/gates/0/check/predicate", `a predicate of kind command-exit-zero needs 'command', which the evaluator reads (command: a non-blank string): the gate would fail when it runs`},
		{`{ "kind": "artifact-frontmatter-equals", "artifact": 42, "field": "", "equals": null }`, "/gates/0/check/predicate",
			`a predicate of kind artifact-frontmatter-equals needs 'artifact', 'field', which the evaluator reads (artifact and field: non-blank strings; equals: any value): the gate would fail when it runs`},
		{`{ "kind": "artifact-frontmatter-equals", "artifact": "SECURITY.md" }`, "/gates/0/check/predicate", `a predicate of kind artifact-frontmatter-equals needs 'field', 'equals', which the evaluator reads (artifact and field: non-blank strings; equals: any value): the gate would fail when it runs`},
		{`{ "kind": "command-exit-zero", "cmd": "bin/gpu-quota --check" }`, "/gates/0/check/predicate",
			`a predicate of kind command-exit-zero needs 'command', which the evaluator reads (command: a non-blank string): the gate would fail when it runs; the field 'cmd' is there: did you mean 'command'?`},
		{`{ "kind": "artifact-frontmatter-equals", "artefact": "SECURITY.md", "field": "open_high", "equal": 0 }`, "/gates/0/check/predicate",
			`a predicate of kind artifact-frontmatter-equals needs 'artifact', 'equals', which the evaluator reads (artifact and field: non-blank strings; equals: any value): the gate would fail when it runs; the fields 'artefact', 'equal' are there: did you mean 'artifact', 'equals'?`},
		{`{ "kind": "command-exit-zer", "command": "x" }`, "/gates/0/check/predicate/kind",
			`predicate kind "command-exit-zer" is none gsd_run check predicate evaluates (command-exit-zero, artifact-frontmatter-equals) (did you mean "command-exit-zero"?): the gate would fail when it runs`},
		{`{ "kind": "artifact-exists", "artifact": "x" }`, "/gates/0/check/predicate/kind",
			`predicate kind "artifact-exists" is none gsd_run check predicate evaluates (command-exit-zero, artifact-frontmatter-equals): the gate would fail when it runs`},
		{`{ "nonsense": 1 }`, "/gates/0/check/predicate", `a predicate names its kind, command-exit-zero or artifact-frontmatter-equals: gsd_run check predicate evaluates no other`},
		{`"artifact-frontmatter-equals"`, "/gates/0/check/predicate",
			`a predicate is an object {"kind": …, …}, not a string: gsd_run check predicate evaluates command-exit-zero or artifact-frontmatter-equals`},
	}
	for _, tt := range tests {
		got := findingsOf(sampleRepo(t, sampleEdit{"security", old, tt.predicate}), "predicate-unknown")
		switch {
		case tt.msg == "" && len(got) != 0:
			t.Errorf("predicate %s: %v, want no finding", tt.predicate, got)
		case tt.msg != "" && (len(got) != 1 || got[0].Pointer != tt.ptr || got[0].Message != tt.msg || got[0].Severity != Warning):
			t.Errorf("predicate %s: %v\nwant a warning at %s: %s", tt.predicate, got, tt.ptr, tt.msg)
		}
	}
	query := findingsOf(sampleRepo(t, sampleEdit{"security", `"check": { "predicate": ` + old + ` }`, `"check": { "query": "security.audit" }`}), "predicate-unknown")
	if len(query) != 0 {
		t.Errorf("a query gate: %v", query)
	}
}

// TestPredicateKindOneLetterShortIsNamed pins the hint predicate-unknown
// promises ("another kind with the one a typo away", rules.go): a kind one
// letter short of a built-in kind names it, as "command-exit-zer" names
// command-exit-zero. The example is testdata/rules/predicate-unknown.txtar's
// own, "artifact-frontmatter-equal", and the same typo on the other kind
// (nearestField, for field keys, takes no plural for a typo).
func TestPredicateKindOneLetterShortIsNamed(t *testing.T) {
	const old = `{ "kind": "artifact-frontmatter-equals", "artifact": "SECURITY.md", "field": "open_high", "equals": 0 }`
	for _, tt := range []struct{ predicate, meant string }{
		{`{ "kind": "artifact-frontmatter-equal", "artifact": "SECURITY.md", "field": "open_high", "equals": 0 }`, "artifact-frontmatter-equals"},
		{`{ "kind": "artifact-frontmatter-equalss", "artifact": "SECURITY.md", "field": "open_high", "equals": 0 }`, "artifact-frontmatter-equals"},
		{`{ "kind": "command-exit-zeros", "command": "make audit" }`, "command-exit-zero"},
	} {
		got := findingsOf(sampleRepo(t, sampleEdit{"security", old, tt.predicate}), "predicate-unknown")
		want := `(did you mean "` + tt.meant + `"?)`
		if len(got) != 1 || got[0].Pointer != "/gates/0/check/predicate/kind" || !strings.Contains(got[0].Message, want) {
			t.Errorf("predicate %s: %v\nwant one warning at /gates/0/check/predicate/kind with %s", tt.predicate, got, want)
		}
	}
}

// A fragment.path and the file it means may be spelled alike and differ
// only in Unicode normalization (macOS stores é decomposed, an editor
// types it composed): the finding names the file, with both names as code
// points, rather than "names no file" beside a name that prints the same.
func TestFragmentHintNamesTheFileOtherwiseNormalized(t *testing.T) {
	const composed, decomposed = "loop/thr\u00e9at-model.md", "loop/thre\u0301at-model.md"
	for _, tc := range []struct{ name, given, onDisk string }{
		{"composed path, decomposed file", composed, decomposed},
		{"decomposed path, composed file", decomposed, composed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := sampleRepo(t, sampleEdit{"security", `"fragment": { "path": "loop/threat-model.md" },`, `"fragment": { "path": "` + tc.given + `" },`})
			i := slices.IndexFunc(src.Capabilities, func(c CapabilitySource) bool { return c.Folder == "security" })
			f, ok := src.Capabilities[i].Files["loop/threat-model.md"]
			if !ok {
				t.Fatal("security has no loop/threat-model.md; update this test")
			}
			delete(src.Capabilities[i].Files, "loop/threat-model.md")
			f.Path = "capabilities/security/" + tc.onDisk
			src.Capabilities[i].Files[tc.onDisk] = f
			got := findingAt(findingsOf(src), "fragment-unreadable", "/contributions/0/fragment/path")
			want := fmt.Sprintf("; did you mean %q? (as code points: %s and %s; names that look alike may differ in Unicode normalization)",
				tc.onDisk, strconv.QuoteToASCII(tc.given), strconv.QuoteToASCII(tc.onDisk))
			if len(got) != 1 || !strings.HasSuffix(got[0].Message, want) {
				t.Fatalf("want one fragment-unreadable ending %q, got %v", want, got)
			}
		})
	}
}

// A fragment.path naming a file by its first word is told the one file of
// its folder and extension whose name is that word and more words after a
// separator; never a name that merely starts with the same letters, nor
// one of several, nor anything for a name with no stem.
func TestFragmentHintLongerNamed(t *testing.T) {
	for _, tc := range []struct {
		name, clean string
		files       []string
		want        string
	}{
		{"its first word", "loop/threat.md", []string{"loop/threat-model.md", "README.md"}, `; did you mean "loop/threat-model.md"?`},
		{"joined by an underscore", "loop/threat.md", []string{"loop/threat_model.md"}, `; did you mean "loop/threat_model.md"?`},
		{"a longer word", "loop/threat.md", []string{"loop/threatmodel.md"}, ""},
		{"two such files", "loop/threat.md", []string{"loop/threat-model.md", "loop/threat-notes.md"}, ""},
		{"another folder", "loop/threat.md", []string{"docs/threat-model.md"}, ""},
		{"another extension", "loop/threat.md", []string{"loop/threat-model.txt"}, ""},
		{"no stem", "loop/.md", []string{"loop/.threat-model.md"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := &CapabilitySource{Folder: "security", Files: map[string]File{}}
			for _, f := range tc.files {
				src.Files[f] = File{Path: "capabilities/security/" + f}
			}
			if got := fragmentHint(tc.clean, src); got != tc.want {
				t.Errorf("fragmentHint(%q, %v) = %q, want %q", tc.clean, tc.files, got, tc.want)
			}
		})
	}
}
