package validate

import (
	"strings"
	"testing"
)

// TestMisplacedFieldIsSoughtThreeLevelsDown: a missing required field
// written one or two objects too deep is named where it is written; one
// written deeper than three levels below the object that lacks it is not
// sought, and the finding says only that it is missing.
func TestMisplacedFieldIsSoughtThreeLevelsDown(t *testing.T) {
	for _, tc := range []struct{ step, want string }{
		{`{"point": "ship:pre", "ref": {"command": "x"}, "produces": [], "consumes": [], "config": {}}`,
			`missing required field 'config'; the field 'config' is written at /steps/0/config: move it up, to the top level`},
		{`{"point": "ship:pre", "ref": {"command": "x", "config": {}}, "produces": [], "consumes": []}`,
			`missing required field 'config'`},
		{`{"point": "ship:pre", "ref": {"command": "x"}, "produces": [], "consumes": [], "x": [{"config": {}}]}`,
			`missing required field 'config'`},
	} {
		c := newcomerCap("changelog", `[]`, `[]`, `{}`)
		m := strings.Replace(string(c.Manifest.Data), `"config": {},`, ``, 1)
		c.Manifest.Data = []byte(strings.Replace(m, `"steps": []`, `"steps": [`+tc.step+`]`, 1))
		var got []string
		for _, d := range newcomerFindings(t, "schema", c) {
			if d.Pointer == "" {
				got = append(got, d.Message)
			}
		}
		if len(got) != 1 || got[0] != tc.want {
			t.Errorf("step %s: findings at the top %q, want %q", tc.step, got, tc.want)
		}
	}
}

// TestFieldTheSchemaForbidsIsSaidSo: a field the schema allows nowhere
// in its place (a local layout entry's home, a command-exists probe's
// timeoutMs) is told "this field is not allowed here", at the field, not
// in the schema library's words.
func TestFieldTheSchemaForbidsIsSaidSo(t *testing.T) {
	for _, tc := range []struct{ id, old, new, ptr string }{
		{"claude", `"recursive": true, "converter": null }`, `"recursive": true, "converter": null, "home": "x" }`, "/runtime/artifactLayout/local/0/home"},
		{"claude", `"binary": "claude" }`, `"binary": "claude", "timeoutMs": 100 }`, "/reviewer/probe/timeoutMs"},
	} {
		var got []string
		for _, d := range findingsOf(sampleRepo(t, sampleEdit{tc.id, tc.old, tc.new}), "schema") {
			got = append(got, d.Pointer+": "+d.Message)
		}
		if want := tc.ptr + ": this field is not allowed here"; len(got) != 1 || got[0] != want {
			t.Errorf("findings %q, want %q", got, want)
		}
	}
}

// TestTypeMismatchHints: a string given where a list of strings or one
// of the objects of objectHints is due is told what to write; another
// value where one of those objects is due is told what the object is; any
// other value, or a string where a list of anything is due, is told the
// types only.
func TestTypeMismatchHints(t *testing.T) {
	for _, tc := range []struct{ id, old, new, ptr, want string }{
		{"security", `"requires": [],`, `"requires": "research",`, "/requires", `expected array, but got string: a list of strings is due, even of one; write ["research"]`},
		{"security", `"requires": [],`, `"requires": 5,`, "/requires", `expected array, but got number`},
		{"security", `"ref": { "skill": "secure-phase" }`, `"ref": "secure-phase"`, "/steps/0/ref", `expected object, but got string: a step's ref is an object naming what it runs, {"skill": …}, {"agent": …} or {"command": …}; write {"skill": "secure-phase"}`},
		{"security", `"ref": { "skill": "secure-phase" }`, `"ref": 5`, "/steps/0/ref", `expected object, but got number: a step's ref is an object naming what it runs, {"skill": …}, {"agent": …} or {"command": …}`},
		{"security", `"gates": [`, `"gates": "ship", "x": [`, "/gates", `expected array, but got string`},
		{"security", `"fragment": { "path": "loop/threat-model.md" }`, `"fragment": "loop/threat-model.md"`, "/contributions/0/fragment", `expected object, but got string: a fragment is an object, {"path": …} (a file in the capability folder) or {"inline": …} (the text itself); write {"path": "loop/threat-model.md"}`},
		{"security", `"fragment": { "path": "loop/threat-model.md" }`, `"fragment": "Model the threats of every plan."`, "/contributions/0/fragment", `write {"inline": "Model the threats of every plan."}`},
		{"security", `"fragment": { "path": "loop/threat-model.md" }`, `"fragment": "Threats:\n- spoofing"`, "/contributions/0/fragment", `write {"inline": "Threats:\n- spoofing"}`},
		{"security", `"fragment": { "path": "loop/threat-model.md" }`, `"fragment": "loop/threat model 2.md"`, "/contributions/0/fragment", `write {"path": "loop/threat model 2.md"}`},
		{"claude", `"requiresBinaries": ["claude"]`, `"requiresBinaries": "claude"`, "/reviewer/requiresBinaries", `expected array, but got string`},
	} {
		var got []string
		for _, d := range findingsOf(sampleRepo(t, sampleEdit{tc.id, tc.old, tc.new}), "schema") {
			if d.Pointer == tc.ptr {
				got = append(got, d.Message)
			}
		}
		if len(got) != 1 || got[0] != tc.want && !strings.HasPrefix(tc.want, "write") || !strings.HasSuffix(got[0], tc.want) {
			t.Errorf("%s: findings at %s %q, want %q", tc.new, tc.ptr, got, tc.want)
		}
	}
}

// TestEnumFindingQuotesTheValueUpTo79Bytes: a value an enum does not
// allow is quoted as JSON while that takes at most 79 bytes; a longer
// one is named by its kind.
func TestEnumFindingQuotesTheValueUpTo79Bytes(t *testing.T) {
	for _, tc := range []struct{ risk, want string }{
		{strings.Repeat("r", 77), `"` + strings.Repeat("r", 77) + `" is not allowed: the value must be one of `},
		{strings.Repeat("r", 78), `the string is not allowed: the value must be one of `},
	} {
		card := strings.Replace(cardJSON("t"), `"risk":"reversible"`, `"risk":"`+tc.risk+`"`, 1)
		src := Sources{Cards: []CardSource{{File: File{Path: "bin/t.card.json", Data: []byte(card)}, ToolPath: "bin/t", ToolExists: true}}}
		var got []string
		for _, d := range Validate(&src).Diagnostics {
			got = append(got, d.Pointer+" "+d.Message)
		}
		if len(got) != 1 || !strings.HasPrefix(got[0], "/risk "+tc.want) {
			t.Errorf("risk of %d bytes: findings %q, want one at /risk starting %q", len(tc.risk), got, tc.want)
		}
	}
}
