package validate

import (
	"fmt"
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
