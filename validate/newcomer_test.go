package validate

import (
	"fmt"
	"strings"
	"testing"
)

// newcomerCap is a minimal valid feature declaration with id, whose
// skills, agents and config are the JSON given.
func newcomerCap(id, skills, agents, config string) CapabilitySource {
	return CapabilitySource{Folder: id, Manifest: File{Path: "capabilities/" + id + "/capability.json", Data: []byte(`{
  "id": "` + id + `", "role": "feature", "title": "T", "description": "D", "version": "1.0.0",
  "tier": "standard", "requires": [],
  "skills": ` + skills + `,
  "agents": ` + agents + `,
  "config": ` + config + `,
  "steps": [], "contributions": [], "gates": []
}`)}}
}

// editManifest is c with the first old of its capability.json replaced
// by new; the test fails when it holds no old, so that an edit meant to
// break a capability cannot silently leave it whole.
func editManifest(t *testing.T, c CapabilitySource, old, new string) CapabilitySource {
	t.Helper()
	if !strings.Contains(string(c.Manifest.Data), old) {
		t.Fatalf("%s: no %q", c.Folder, old)
	}
	c.Manifest.Data = []byte(strings.Replace(string(c.Manifest.Data), old, new, 1))
	return c
}

// untitledCap is newcomerCap's c given a title that is no string: a
// capability with errors whose other fields read as written.
func untitledCap(t *testing.T, c CapabilitySource) CapabilitySource {
	t.Helper()
	return editManifest(t, c, `"title": "T"`, `"title": 5`)
}

// loneCap is newcomerCap's capability id with no skills, agents nor
// config: one that requires and tier tests edit.
func loneCap(id string) CapabilitySource { return newcomerCap(id, `[]`, `[]`, `{}`) }

// tieredCap is newcomerCap's c whose tier is the JSON tier ("core", a
// number, a tier miswritten).
func tieredCap(t *testing.T, c CapabilitySource, tier string) CapabilitySource {
	t.Helper()
	return editManifest(t, c, `"tier": "standard"`, `"tier": `+tier)
}

// newcomerFindings validates caps beside the sample's host workflows and
// returns the findings of rule.
func newcomerFindings(t *testing.T, rule string, caps ...CapabilitySource) []Diagnostic {
	t.Helper()
	res := Validate(&Sources{CapabilitiesDir: "capabilities", Capabilities: caps, Workflows: hostWorkflows(t, "workflows")})
	var out []Diagnostic
	for _, d := range res.Diagnostics {
		if d.Rule == rule {
			out = append(out, d)
		}
	}
	return out
}

// TestOwnerConflictNamesTheFirstClaim: a skill, agent or config key a new
// capability claims that another owns is reported at the claim second in
// folder order, which may be the other capability's file, one the author
// never opened; the finding names where the first claim is and what to do.
// Before, "skill "ui-review" is owned by both "changelog" and "ui"", in
// ui's file, did not point at changelog's line.
func TestOwnerConflictNamesTheFirstClaim(t *testing.T) {
	cfg := `{"workflow.ui_review": {"type": "boolean", "default": true, "description": "d"}}`
	tests := []struct {
		rule, want string
		caps       []CapabilitySource
	}{
		{"skill-owner-conflict", `skill "ui-review" is owned by both "changelog" and "ui"; "changelog" claims it at capabilities/changelog/capability.json:4:14 (/skills/0): a skill has exactly one owner, so remove it from the skills of one of them, or rename one`,
			[]CapabilitySource{newcomerCap("changelog", `["ui-review"]`, `[]`, `{}`), newcomerCap("ui", `["ui-phase", "ui-review"]`, `[]`, `{}`)}},
		{"agent-owner-conflict", `agent "gsd-ui-auditor" is owned by both "changelog" and "ui"; "changelog" claims it at capabilities/changelog/capability.json:5:14 (/agents/0): an agent has exactly one owner, so remove it from the agents of one of them, or rename one`,
			[]CapabilitySource{newcomerCap("changelog", `[]`, `["gsd-ui-auditor"]`, `{}`), newcomerCap("ui", `[]`, `["gsd-ui-auditor"]`, `{}`)}},
		{"config-key-conflict", `config key "workflow.ui_review" is owned by both "changelog" and "ui"; "changelog" declares it at capabilities/changelog/capability.json:6:14 (/config/workflow.ui_review): a config key has exactly one owner, so remove it from the config of one of them, or rename one (and each when naming it)`,
			[]CapabilitySource{newcomerCap("changelog", `[]`, `[]`, cfg), newcomerCap("ui", `[]`, `[]`, cfg)}},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			got := newcomerFindings(t, tt.rule, tt.caps...)
			if len(got) != 1 {
				t.Fatalf("%d %s findings, want 1: %v", len(got), tt.rule, got)
			}
			if got[0].File != "capabilities/ui/capability.json" || got[0].Message != tt.want {
				t.Errorf("got %s: %s\nwant capabilities/ui/capability.json: %s", got[0].File, got[0].Message, tt.want)
			}
		})
	}
}

// TestFragmentPathNamesTheFileMeant: a fragment.path naming no file says
// which file of the capability folder was probably meant: one a typo
// away, one written from the repository's root, or the one file of that
// name. Before, it said only "names no file in the capability folder".
func TestFragmentPathNamesTheFileMeant(t *testing.T) {
	tests := []struct{ path, want string }{
		{"loops/note.md", `fragment.path "loops/note.md" names no file in the capability folder; did you mean "loop/note.md"?`},
		{"capabilities/changelog/loop/note.md", `fragment.path "capabilities/changelog/loop/note.md" names no file in the capability folder (a fragment.path is relative to the capability folder: did you mean "loop/note.md"?)`},
		{"note.md", `fragment.path "note.md" names no file in the capability folder; did you mean "loop/note.md"?`},
		{"other.md", `fragment.path "other.md" names no file in the capability folder`},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			c := newcomerCap("changelog", `[]`, `[]`, `{}`)
			c.Manifest.Data = []byte(strings.Replace(string(c.Manifest.Data), `"contributions": []`,
				`"contributions": [{"point": "plan:pre", "into": "planner", "fragment": {"path": "`+tt.path+`"}}]`, 1))
			c.Files = map[string]File{"loop/note.md": {Data: []byte("x")}, "README.md": {Data: []byte("r")}}
			got := newcomerFindings(t, "fragment-unreadable", c)
			if len(got) != 1 || got[0].Message != tt.want {
				t.Errorf("got %v\nwant %s", got, tt.want)
			}
		})
	}
}

// TestIntoSaysWhatToWrite: a contribution's into that is no role of its
// step says what to write: the role whose agent it names, the role a typo
// away, or the points whose step publishes it. Before, it listed the
// step's roles only, and "gsd-planner" at plan:pre, the planner's agent,
// read as if planner were not there.
func TestIntoSaysWhatToWrite(t *testing.T) {
	const head = `capability "changelog" contribution.into `
	tests := []struct{ point, into, want string }{
		{"plan:pre", "gsd-planner", `"gsd-planner" at point "plan:pre" is not in the step's agentRoles ["researcher", "planner", "checker"]; into names a role, not its agent: write "planner"`},
		{"plan:pre", "planer", `"planer" at point "plan:pre" is not in the step's agentRoles ["researcher", "planner", "checker"]; did you mean "planner"?`},
		{"plan:pre", "orchestrator", `"orchestrator" at point "plan:pre" is not in the step's agentRoles ["researcher", "planner", "checker"]; into names one of them, or move the contribution to a point whose step publishes "orchestrator" (discuss:pre, discuss:post, verify:pre, verify:post, ship:pre, ship:post)`},
		{"ship:pre", "reviewer", `"reviewer" at point "ship:pre" is not in the step's agentRoles ["orchestrator"]; into names one of them (the roles step "ship" publishes)`},
	}
	for _, tt := range tests {
		t.Run(tt.into, func(t *testing.T) {
			c := newcomerCap("changelog", `[]`, `[]`, `{}`)
			c.Manifest.Data = []byte(strings.Replace(string(c.Manifest.Data), `"contributions": []`,
				`"contributions": [{"point": "`+tt.point+`", "into": "`+tt.into+`", "fragment": {"inline": "x"}}]`, 1))
			got := newcomerFindings(t, "into-not-in-roles", c)
			if len(got) != 1 || got[0].Message != head+tt.want {
				t.Errorf("got %v\nwant %s", got, head+tt.want)
			}
		})
	}
}

// TestWhenIsNotBlamedForAMissingConfig: a config left out, or written as
// a list, is the schema's one finding; each hook's when is not reported as
// naming no key of it ("it declares none"), a consequence reported
// beside its cause, and untrue of a list that holds the key.
func TestWhenIsNotBlamedForAMissingConfig(t *testing.T) {
	hooks := `"steps": [{"point": "ship:pre", "ref": {"command": "x"}, "produces": [], "consumes": [], "when": "workflow.changelog"}]`
	for name, config := range map[string]string{
		"missing":  ``,
		"a list":   `"config": [{"key": "workflow.changelog", "type": "boolean", "default": true, "description": "d"}],`,
		"a string": `"config": "workflow.changelog",`,
	} {
		t.Run(name, func(t *testing.T) {
			c := newcomerCap("changelog", `[]`, `[]`, `{}`)
			m := strings.Replace(string(c.Manifest.Data), `"config": {},`, config, 1)
			c.Manifest.Data = []byte(strings.Replace(m, `"steps": []`, hooks, 1))
			if got := newcomerFindings(t, "when-unknown-key", c); len(got) != 0 {
				t.Errorf("when-unknown-key findings: %v", got)
			}
			if got := newcomerFindings(t, "schema", c); len(got) != 1 || !strings.Contains(got[0].Pointer+got[0].Message, "config") {
				t.Errorf("schema findings: %v, want one about config", got)
			}
		})
	}
	// A config that is an object lacking the key is still reported.
	c := newcomerCap("changelog", `[]`, `[]`, `{}`)
	c.Manifest.Data = []byte(strings.Replace(string(c.Manifest.Data), `"steps": []`, hooks, 1))
	if got := newcomerFindings(t, "when-unknown-key", c); len(got) != 1 {
		t.Errorf("an empty config: when-unknown-key findings %v, want 1", got)
	}
}

// TestMissingFieldNamesWhereItIsWritten: a required field written one
// level too deep (a capability's config inside its step, a gate's onError
// inside its check) is said to be there, with where it belongs. Before,
// "missing required field 'config'" at 1:1 said nothing of the config
// the author wrote.
func TestMissingFieldNamesWhereItIsWritten(t *testing.T) {
	c := newcomerCap("changelog", `[]`, `[]`, `{}`)
	m := strings.Replace(string(c.Manifest.Data), `"config": {},`, ``, 1)
	m = strings.Replace(m, `"steps": []`, `"steps": [{"point": "ship:pre", "ref": {"command": "x"}, "produces": [], "consumes": [], "config": {}}]`, 1)
	m = strings.Replace(m, `"gates": []`, `"gates": [{"point": "ship:pre", "check": {"query": "q", "onError": "halt"}, "blocking": true}]`, 1)
	c.Manifest.Data = []byte(m)
	got := map[string]string{}
	for _, d := range newcomerFindings(t, "schema", c) {
		got[d.Pointer] = d.Message
	}
	want := map[string]string{
		"":         `missing required field 'config'; the field 'config' is written at /steps/0/config: move it up, to the top level`,
		"/gates/0": `missing required field 'onError'; the field 'onError' is written at /gates/0/check/onError: move it up, to /gates/0`,
	}
	for ptr, msg := range want {
		if got[ptr] != msg {
			t.Errorf("at %q: got %q\nwant %q", ptr, got[ptr], msg)
		}
	}
}

// TestMissingFieldNotSoughtInConfigSlices: a capability without its
// description, whose config keys each carry theirs, is told that it is
// missing, not to move a config key's description up to the top level
// (which would break that slice: 27 of the 44 gsd-core manifests were told
// so). A config slice's type, default and description are its own fields;
// a field written right inside config is still named.
func TestMissingFieldNotSoughtInConfigSlices(t *testing.T) {
	c := newcomerCap("changelog", `[]`, `[]`, `{"changelog.enabled": {"type": "boolean", "default": true, "description": "Write the changelog."}}`)
	c.Manifest.Data = []byte(strings.Replace(string(c.Manifest.Data), `"description": "D", `, ``, 1))
	got := newcomerFindings(t, "schema", c)
	want := `missing required field 'description'`
	if len(got) != 1 || got[0].Message != want {
		t.Errorf("findings %v, want one: %s", got, want)
	}
	c = newcomerCap("changelog", `[]`, `[]`, `{"description": "D"}`)
	c.Manifest.Data = []byte(strings.Replace(string(c.Manifest.Data), `"description": "D", `, ``, 1))
	want = `missing required field 'description'; the field 'description' is written at /config/description: move it up, to the top level`
	found := false
	for _, d := range newcomerFindings(t, "schema", c) {
		found = found || d.Message == want
	}
	if !found {
		t.Errorf("a description written inside config: no finding %q", want)
	}
}

// TestObjectGivenAsAStringSaysWhatToWrite: a step's ref, a fragment or a
// gate's check written as its bare value, as the ADR's one-line examples
// read, is told the object to write. Before: "expected object, but got
// string" only.
func TestObjectGivenAsAStringSaysWhatToWrite(t *testing.T) {
	c := newcomerCap("changelog", `["changelog-write"]`, `["gsd-changelog"]`, `{}`)
	m := strings.Replace(string(c.Manifest.Data), `"steps": []`, `"steps": [
    {"point": "ship:pre", "ref": "changelog-write", "produces": [], "consumes": []},
    {"point": "ship:pre", "ref": "gsd-changelog", "produces": [], "consumes": [], "fragment": "Write the entry.\nThen stop."}]`, 1)
	m = strings.Replace(m, `"contributions": []`, `"contributions": [{"point": "plan:pre", "into": "planner", "fragment": "loop/note.md"}]`, 1)
	m = strings.Replace(m, `"gates": []`, `"gates": [{"point": "ship:pre", "check": "changelog.present", "blocking": true, "onError": "halt"}]`, 1)
	c.Manifest.Data = []byte(m)
	got := map[string]string{}
	for _, d := range newcomerFindings(t, "schema", c) {
		got[d.Pointer] = d.Message
	}
	want := map[string]string{
		"/steps/0/ref":              `expected object, but got string: a step's ref is an object naming what it runs, {"skill": …}, {"agent": …} or {"command": …}; write {"skill": "changelog-write"}`,
		"/steps/1/ref":              `; write {"agent": "gsd-changelog"}`,
		"/steps/1/fragment":         `; write {"inline": "Write the entry.\nThen stop."}`,
		"/contributions/0/fragment": `expected object, but got string: a fragment is an object, {"path": …} (a file in the capability folder) or {"inline": …} (the text itself); write {"path": "loop/note.md"}`,
		"/gates/0/check":            `expected object, but got string: a gate's check is an object, {"query": …}, {"predicate": {…}} or {"agentVerdict": {…}}; write {"query": "changelog.present"}`,
	}
	for ptr, msg := range want {
		if !strings.HasSuffix(got[ptr], msg) {
			t.Errorf("at %s: got %q\nwant …%q", ptr, got[ptr], msg)
		}
	}
}

// TestMisspeltLoopHostBlockIsReportedAtIt: a workflow whose gsd:loop-host
// block is named with a slip is read and the slip reported there, once.
// Before, the file was not even read (no marker spelling in it): the
// findings were "canonical points ["ship:pre", "ship:post"] are declared
// by no host workflow", in no file, and into-not-in-roles in every other
// capability contributing at ship.
func TestMisspeltLoopHostBlockIsReportedAtIt(t *testing.T) {
	for _, name := range []string{"gsd:loophost", "gsd-loop-host", "GSD:loop_host", "gsd: loop-host",
		"gsd:loop-hots", "gsd:lop-host", "gds:loop-host", "gsd:loop-ohst"} {
		t.Run(name, func(t *testing.T) {
			workflows := hostWorkflows(t, "workflows")
			var ship *File
			for i := range workflows {
				if strings.HasSuffix(workflows[i].Path, "/ship.md") {
					ship = &workflows[i]
				}
			}
			if !strings.Contains(string(ship.Data), "<!-- gsd:loop-host") {
				t.Fatal("the sample's ship.md has no gsd:loop-host block; update this test")
			}
			ship.Data = []byte(strings.Replace(string(ship.Data), "<!-- gsd:loop-host", "<!-- "+name, 1))
			if !MayHoldMarker(ship.Data) {
				t.Fatal("MayHoldMarker: false, so the scan would not read the file")
			}
			c := newcomerCap("changelog", `[]`, `[]`, `{}`)
			c.Manifest.Data = []byte(strings.Replace(string(c.Manifest.Data), `"contributions": []`,
				`"contributions": [{"point": "ship:pre", "into": "orchestrator", "fragment": {"inline": "x"}}]`, 1))
			res := Validate(&Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{c}, Workflows: workflows})
			if len(res.Diagnostics) != 1 {
				t.Fatalf("%d findings, want 1: %v", len(res.Diagnostics), res.Diagnostics)
			}
			d := res.Diagnostics[0]
			want := `this comment is named "` + name + `", not gsd:loop-host, so it is not read as a loop-host block and the file declares no step; write <!-- gsd:loop-host`
			if d.File != ship.Path || d.Rule != "marker-syntax" || d.Line != 1 || d.Message != want {
				t.Errorf("got %+v\nwant %s:1 marker-syntax %s", d, ship.Path, want)
			}
		})
	}
	// The pre-filter ignores case as the name's pattern does: a file whose
	// only "loop" is in the misspelt name, in mixed case, is still read.
	for _, src := range []string{"<!-- GSD:Loop_Host\nstep: ship\n-->\n", "<!-- gsd:lOOp-host\nstep: ship\n-->\n"} {
		if !MayHoldMarker([]byte(src)) {
			t.Errorf("MayHoldMarker(%q) = false, so the scan would not read the file", src)
		}
	}
	// The name exact but the comment a mention, and a longer name, are not
	// taken for a slip.
	for _, src := range []string{"<!-- gsd:loop-hosted-by: team\nstep: ship\n-->\n", "`<!-- gsd:loophost\nstep: ship\n-->`\n", "<!-- gsd:loophost -->\n",
		"<!-- gsd:loop-hooks\nstep: ship\n-->\n", "<!-- gsd:host\nstep: ship\n-->\n", "<!-- gsd:loop-hot-fix\nstep: ship\n-->\n",
		// Two letters off, and a name that goes on after a colon.
		"<!-- gsd:loop-hook\nstep: ship\n-->\n", "<!-- gsd:loophost:notes\nstep: ship\n-->\n"} {
		var s sink
		parseMarker("w.md", []byte(src), &s)
		for _, d := range s.diags {
			if strings.Contains(d.Message, "is named") {
				t.Errorf("%q: %v", src, d)
			}
		}
	}
}

// TestStringGivenForAListSaysWhatToWrite: one string where a list of
// strings is due (requires, skills, a step's produces) is told the list to
// write. Before: "expected array, but got string" only.
func TestStringGivenForAListSaysWhatToWrite(t *testing.T) {
	c := newcomerCap("changelog", `"changelog-write"`, `[]`, `{}`)
	m := strings.Replace(string(c.Manifest.Data), `"requires": []`, `"requires": "research"`, 1)
	m = strings.Replace(m, `"steps": []`, `"steps": [{"point": "ship:pre", "ref": {"command": "x"}, "produces": "CHANGELOG.md", "consumes": []}]`, 1)
	c.Manifest.Data = []byte(m)
	got := map[string]string{}
	for _, d := range newcomerFindings(t, "schema", c) {
		got[d.Pointer] = d.Message
	}
	want := map[string]string{
		"/requires":         `expected array, but got string: a list of strings is due, even of one; write ["research"]`,
		"/skills":           `expected array, but got string: a list of strings is due, even of one; write ["changelog-write"]`,
		"/steps/0/produces": `expected array, but got string: a list of strings is due, even of one; write ["CHANGELOG.md"]`,
	}
	for ptr, msg := range want {
		if got[ptr] != msg {
			t.Errorf("at %s: got %q\nwant %q", ptr, got[ptr], msg)
		}
	}
}

// TestRefOfNoListIsNotReported: a ref.skill is not reported as missing
// from skills that is no list, which is the schema's finding; before,
// "ref.skill "w" is not in this capability's skills []" repeated it,
// untruly.
func TestRefOfNoListIsNotReported(t *testing.T) {
	c := newcomerCap("changelog", `"w"`, `[]`, `{}`)
	c.Manifest.Data = []byte(strings.Replace(string(c.Manifest.Data), `"steps": []`,
		`"steps": [{"point": "ship:pre", "ref": {"skill": "w"}, "produces": [], "consumes": []}]`, 1))
	if got := newcomerFindings(t, "ref-not-owned", c); len(got) != 0 {
		t.Errorf("skills no list: ref-not-owned %v", got)
	}
}

// TestWhenExpressionSaysWhenIsOneKey: a when written as an expression over
// a key ("!workflow.changelog") is told that when is one key, with no
// operators (ref §2.7), and the key to write. Before, it listed the keys,
// the one it negates among them, which read as if it were declared.
func TestWhenExpressionSaysWhenIsOneKey(t *testing.T) {
	c := newcomerCap("changelog", `["w"]`, `[]`, `{"workflow.changelog": {"type": "boolean", "default": true, "description": "d"}}`)
	c.Manifest.Data = []byte(strings.Replace(string(c.Manifest.Data), `"steps": []`,
		`"steps": [{"point": "ship:pre", "ref": {"skill": "w"}, "produces": [], "consumes": [], "when": "!workflow.changelog"}]`, 1))
	want := `step.when "!workflow.changelog" is not a key of this capability's config; when names one of its own config keys (workflow.changelog): when is one key, true when its value is truthy, with no operators or negation; write "workflow.changelog", or declare a key whose value is the opposite`
	if got := newcomerFindings(t, "when-unknown-key", c); len(got) != 1 || got[0].Message != want {
		t.Errorf("got %v\nwant %s", got, want)
	}
}

// TestQuotedDefaultSaysWriteWithoutQuotes: a default written as the
// string of the boolean or number its type wants is told to be written
// without quotes; it said only that it must be a boolean.
func TestQuotedDefaultSaysWriteWithoutQuotes(t *testing.T) {
	for _, tt := range []struct{ typ, def, want string }{
		{"boolean", `"true"`, "default must be a boolean for type boolean, not a string: write true, without quotes"},
		{"boolean", `"False"`, "not a string: write false, without quotes"},
		{"number", `"3"`, "default must be a finite number for type number: write 3, without quotes"},
		{"number", `"-1.5e3"`, "write -1.5e3, without quotes"},
		{"boolean", `"yes"`, "default must be a boolean for type boolean, not a string"},
		{"number", `"0x10"`, "default must be a finite number for type number"},
		{"number", `"1e400"`, "default must be a finite number for type number"},
		{"boolean", `1`, "default must be a boolean for type boolean, not a number"},
	} {
		c := newcomerCap("changelog", `[]`, `[]`, `{"workflow.changelog": {"type": "`+tt.typ+`", "description": "D", "default": `+tt.def+`}}`)
		got := newcomerFindings(t, "config-slice", c)
		if len(got) != 1 || !strings.Contains(got[0].Message, tt.want) {
			t.Errorf("%s default %s: %v, want one saying %q", tt.typ, tt.def, got, tt.want)
			continue
		}
		if !strings.Contains(tt.want, "without quotes") && strings.Contains(got[0].Message, "without quotes") {
			t.Errorf("%s default %s: %q, want no hint", tt.typ, tt.def, got[0].Message)
		}
	}
}

// TestObjectGivenAsAnotherValueSaysWhatItIs: a gate's check, a step's ref
// or a fragment given as null, a list or a number is told what the object
// is, as the reference's one message for a check that is no object says
// it (review r22); there is nothing of it to quote into one.
func TestObjectGivenAsAnotherValueSaysWhatItIs(t *testing.T) {
	c := newcomerCap("changelog", `["changelog-write"]`, `["gsd-changelog"]`, `{}`)
	m := strings.Replace(string(c.Manifest.Data), `"steps": []`, `"steps": [
    {"point": "ship:pre", "ref": null, "produces": [], "consumes": []},
    {"point": "ship:pre", "ref": {"skill": "changelog-write"}, "produces": [], "consumes": [], "fragment": 7}]`, 1)
	m = strings.Replace(m, `"gates": []`, `"gates": [{"point": "ship:pre", "check": [{"query": "changelog.present"}], "blocking": true, "onError": "halt"}]`, 1)
	c.Manifest.Data = []byte(m)
	got := map[string]string{}
	for _, d := range newcomerFindings(t, "schema", c) {
		got[d.Pointer] = d.Message
	}
	for ptr, msg := range map[string]string{
		"/steps/0/ref":      `expected object, but got null: a step's ref is an object naming what it runs, {"skill": …}, {"agent": …} or {"command": …}`,
		"/steps/1/fragment": `expected object, but got number: a fragment is an object, {"path": …} (a file in the capability folder) or {"inline": …} (the text itself)`,
		"/gates/0/check":    `expected object, but got array: a gate's check is an object, {"query": …}, {"predicate": {…}} or {"agentVerdict": {…}}`,
	} {
		if got[ptr] != msg {
			t.Errorf("at %s: got %q\nwant %q", ptr, got[ptr], msg)
		}
	}
}

// TestActivationKeyOfAConfigThatIsNoObject: "config": null (or a list) is
// the schema's finding alone; activation-key-unknown's fix, "declare it
// under config", was said beside it, where leaving config out was the
// schema's alone (new-user review). A config object without the key is
// still the finding.
func TestActivationKeyOfAConfigThatIsNoObject(t *testing.T) {
	keyed := func(config string) CapabilitySource {
		c := newcomerCap("keyed", `[]`, `[]`, config)
		c.Manifest.Data = []byte(strings.Replace(string(c.Manifest.Data), `"tier"`, `"activationKey": "keyed.enabled", "tier"`, 1))
		return c
	}
	for config, want := range map[string]int{`null`: 0, `[]`: 0, `"x"`: 0, `{}`: 1,
		`{"keyed.on": {"type": "boolean", "default": false, "description": "d"}}`:      1,
		`{"keyed.enabled": {"type": "boolean", "default": false, "description": "d"}}`: 0} {
		if got := newcomerFindings(t, "activation-key-unknown", keyed(config)); len(got) != want {
			t.Errorf("config %s: %d activation-key-unknown, want %d: %v", config, len(got), want, got)
		}
	}
}

// TestBlockOfAnotherStepsPointsNamesItsStepLine: a gsd:loop-host block
// copied from another workflow with its step: line left as it was (every
// point it lists is another step's) is one finding, at that line, naming
// the step its points are; the workflow that rightly declares the step is
// not blamed. Before, execute's block saying "step: plan" gave
// marker-duplicate-step in both files (plan's untouched), point-ownership
// at each of its four points and role-family at each of its roles; with
// no plan workflow, the last six.
func TestBlockOfAnotherStepsPointsNamesItsStepLine(t *testing.T) {
	block := "<!-- gsd:loop-host\nstep: plan\npoints: execute:pre, execute:wave:pre, execute:wave:post, execute:post\nagent-roles: executor, verifier\nproduces: SUMMARY.md\nconsumes: PLAN.md\n-->\n# Execute\n"
	for _, withPlan := range []bool{true, false} {
		var workflows []File
		for _, w := range hostWorkflows(t, "workflows") {
			switch {
			case strings.HasSuffix(w.Path, "/execute-phase.md"):
				w.Data = []byte(block)
			case strings.HasSuffix(w.Path, "/plan-phase.md") && !withPlan:
				continue
			}
			workflows = append(workflows, w)
		}
		res := Validate(&Sources{CapabilitiesDir: "capabilities", Workflows: workflows})
		want := `workflows/execute-phase.md:2:7: error [point-ownership] step "plan" is declared, but every point this block lists is step "execute"'s: write step: execute (or, if this workflow runs plan, list plan's points: plan:pre, plan:post)`
		if len(res.Diagnostics) != 1 || res.Diagnostics[0].String() != want {
			t.Errorf("with a plan workflow %v: %d findings:\n%v\nwant only\n%s", withPlan, len(res.Diagnostics), res.Diagnostics, want)
		}
	}
}

// TestFragmentEscapeSaysTheRelativePath: a fragment.path written as an
// absolute path into the capability folder, or leaving it and coming back
// in with "..", is told the path relative to the folder to write. Before,
// both said only "must be a relative path inside the capability folder,
// without '..'", which a newcomer who pasted the file's full path had to
// work out.
func TestFragmentEscapeSaysTheRelativePath(t *testing.T) {
	const head = `must be a relative path inside the capability folder, without '..'`
	tests := []struct{ path, want string }{
		{"/home/ada/repo/capabilities/changelog/loop/note.md", head + `: write "loop/note.md", relative to capabilities/changelog/`},
		{"../changelog/loop/note.md", head + `: write "loop/note.md", relative to capabilities/changelog/`},
		{"/etc/passwd", head},
		{"../other/loop/note.md", head},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			c := newcomerCap("changelog", `[]`, `[]`, `{}`)
			c.Manifest.Data = []byte(strings.Replace(string(c.Manifest.Data), `"contributions": []`,
				`"contributions": [{"point": "plan:pre", "into": "planner", "fragment": {"path": "`+tt.path+`"}}]`, 1))
			got := newcomerFindings(t, "fragment-escape", c)
			want := fmt.Sprintf("fragment.path %q %s", tt.path, tt.want)
			if len(got) != 1 || got[0].Message != want {
				t.Errorf("got %v\nwant %s", got, want)
			}
		})
	}
}

// TestMisspeltRequiredFieldIsOneFinding: a required field misspelt, which
// the schema error names ("the field 'inlin' is there: did you mean
// 'inline'?"), is that one finding, not a field-near-miss warning beside
// it saying the same. Before, a fragment's "inlin" gave both.
func TestMisspeltRequiredFieldIsOneFinding(t *testing.T) {
	for _, frag := range []string{`{"inlin": "x"}`, `{"pth": "loop/a.md"}`} {
		c := newcomerCap("changelog", `[]`, `[]`, `{}`)
		c.Manifest.Data = []byte(strings.Replace(string(c.Manifest.Data), `"contributions": []`,
			`"contributions": [{"point": "plan:pre", "into": "planner", "fragment": `+frag+`}]`, 1))
		res := Validate(&Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{c}, Workflows: hostWorkflows(t, "workflows")})
		if len(res.Diagnostics) != 1 || res.Diagnostics[0].Rule != "schema" || !strings.Contains(res.Diagnostics[0].Message, "did you mean") {
			t.Errorf("%s: %v\nwant one schema finding naming the field meant", frag, res.Diagnostics)
		}
	}
}

// TestVersionWrittenAsANumberSaysWhatToWrite: "version": 1.0, as a
// number, is told the SemVer string to write. Before, "expected string,
// but got number" only, and "1.0" in quotes then failed SemVer.
func TestVersionWrittenAsANumberSaysWhatToWrite(t *testing.T) {
	for _, tt := range []struct{ v, want string }{
		{"1.0", `expected string, but got number: a version is a SemVer string; write "1.0.0"`},
		{"2", `expected string, but got number: a version is a SemVer string; write "2.0.0"`},
		{"1.2e3", `expected string, but got number: a version is a SemVer string such as "1.0.0"`},
		// SemVer forbids a leading zero: "1.05.0" would fail it next.
		{"1.05", `expected string, but got number: a version is a SemVer string such as "1.0.0"`},
	} {
		c := newcomerCap("changelog", `[]`, `[]`, `{}`)
		c.Manifest.Data = []byte(strings.Replace(string(c.Manifest.Data), `"version": "1.0.0"`, `"version": `+tt.v, 1))
		got := newcomerFindings(t, "schema", c)
		if len(got) != 1 || got[0].Pointer != "/version" || got[0].Message != tt.want {
			t.Errorf("%s: %v\nwant /version: %s", tt.v, got, tt.want)
		}
	}
}

// TestFeatureBodyUnderAnotherRoleIsOneFinding: a feature's declaration
// whose role says runtime or reviewer (copied from one), with no body of
// that role, is one finding at its role naming the role its body is.
// Before, a missing "runtime" and role-forbidden-field at each of its
// skills, agents, steps, contributions and gates: six findings for one
// word.
func TestFeatureBodyUnderAnotherRoleIsOneFinding(t *testing.T) {
	for _, role := range []string{"runtime", "reviewer"} {
		c := newcomerCap("changelog", `["changelog-write"]`, `[]`, `{}`)
		c.Manifest.Data = []byte(strings.Replace(string(c.Manifest.Data), `"role": "feature"`, `"role": "`+role+`"`, 1))
		res := Validate(&Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{c}, Workflows: hostWorkflows(t, "workflows")})
		want := `capabilities/changelog/capability.json:2:22: error [role-forbidden-field] /role: role "` + role + `", but this declaration has no "` + role + `" body and a feature's fields (skills, agents, steps, contributions, gates), which a role:` + role + ` capability must not have: write "role": "feature"`
		if len(res.Diagnostics) != 1 || res.Diagnostics[0].String() != want {
			t.Errorf("%s: %d findings:\n%v\nwant only\n%s", role, len(res.Diagnostics), res.Diagnostics, want)
		}
	}
	// With a body of its role, the fields it must not have are each told.
	c := newcomerCap("changelog", `[]`, `[]`, `{}`)
	c.Manifest.Data = []byte(strings.Replace(string(c.Manifest.Data), `"role": "feature"`, `"role": "runtime", "runtime": {}`, 1))
	if got := newcomerFindings(t, "role-forbidden-field", c); len(got) != 5 {
		t.Errorf("a runtime with a runtime body and feature fields: %d role-forbidden-field findings, want 5: %v", len(got), got)
	}
}

// TestIntoOfARoleTheWorkflowLeftOut: a contribution into a role of its
// step's family that the step's workflow does not publish may be right,
// and the workflow the one to mend: the message says both. Before, it
// said only to name one of the roles published.
func TestIntoOfARoleTheWorkflowLeftOut(t *testing.T) {
	var workflows []File
	for _, w := range hostWorkflows(t, "workflows") {
		if strings.HasSuffix(w.Path, "/plan-phase.md") {
			if !strings.Contains(string(w.Data), "agent-roles: researcher, planner, checker") {
				t.Fatal("the sample's plan-phase.md roles changed; update this test")
			}
			w.Data = []byte(strings.Replace(string(w.Data), "agent-roles: researcher, planner, checker", "agent-roles: researcher, checker", 1))
		}
		workflows = append(workflows, w)
	}
	c := newcomerCap("changelog", `[]`, `[]`, `{}`)
	c.Manifest.Data = []byte(strings.Replace(string(c.Manifest.Data), `"contributions": []`,
		`"contributions": [{"point": "plan:pre", "into": "planner", "fragment": {"inline": "x"}}]`, 1))
	res := Validate(&Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{c}, Workflows: workflows})
	want := `capability "changelog" contribution.into "planner" at point "plan:pre" is not in the step's agentRoles ["researcher", "checker"]; into names one of them, or, if the step runs a planner, add "planner" to the roles of workflows/plan-phase.md, the host workflow of step "plan", whose family admits it`
	if len(res.Diagnostics) != 1 || res.Diagnostics[0].Message != want {
		t.Errorf("%v\nwant %s", res.Diagnostics, want)
	}
}

// TestBlockOfUnknownPointsIsNotACopiedBlock: a block whose points name
// another step but one of them is no loop point is not taken for a copy
// with its step: line unchanged (the unknown point is told on its own).
func TestBlockOfUnknownPointsIsNotACopiedBlock(t *testing.T) {
	block := "<!-- gsd:loop-host\nstep: plan\npoints: execute:pre, execute:prep\nagent-roles: planner\nproduces: PLAN.md\nconsumes: CONTEXT.md\n-->\n# Plan\n"
	var workflows []File
	for _, w := range hostWorkflows(t, "workflows") {
		if strings.HasSuffix(w.Path, "/plan-phase.md") {
			w.Data = []byte(block)
		}
		workflows = append(workflows, w)
	}
	for _, d := range Validate(&Sources{CapabilitiesDir: "capabilities", Workflows: workflows}).Diagnostics {
		if strings.Contains(d.Message, "every point this block lists") {
			t.Errorf("a block with an unknown point: %v", d)
		}
	}
}

// TestOneFeatureFieldUnderAnotherRoleIsToldAtIt: a runtime with no runtime
// body and a single feature field is told that field, at it, beside the
// missing body: one field is no feature declaration under a miswritten role.
func TestOneFeatureFieldUnderAnotherRoleIsToldAtIt(t *testing.T) {
	c := CapabilitySource{Folder: "probe", Manifest: File{Path: "capabilities/probe/capability.json", Data: []byte(`{
  "id": "probe", "role": "runtime", "title": "T", "description": "D", "version": "1.0.0",
  "tier": "standard", "requires": [], "config": {}, "skills": []
}`)}}
	got := newcomerFindings(t, "role-forbidden-field", c)
	if len(got) != 1 || got[0].Pointer != "/skills" {
		t.Errorf("a runtime with skills only: %v, want one role-forbidden-field at /skills", got)
	}
}

// TestRelativeFragmentHint: the path to write for a fragment.path pasted
// whole is the part after the capability folder's last mention, and none
// is offered for one that leaves the folder.
func TestRelativeFragmentHint(t *testing.T) {
	for _, tt := range []struct{ rel, want string }{
		{"/home/ada/repo/capabilities/x/loop/a.md", `: write "loop/a.md", relative to capabilities/x/`},
		{"/src/capabilities/x/capabilities/x/loop/a.md", `: write "loop/a.md", relative to capabilities/x/`},
		{"../x/loop/a.md", `: write "loop/a.md", relative to capabilities/x/`},
		{"/home/ada/repo/capabilities/x/../y/a.md", ""},
		{"/home/ada/repo/capabilities/x/loop/../../a.md", ""},
		{"../y/a.md", ""},
	} {
		if got := relativeFragmentHint(tt.rel, "capabilities/x"); got != tt.want {
			t.Errorf("relativeFragmentHint(%q) = %q, want %q", tt.rel, got, tt.want)
		}
	}
}
