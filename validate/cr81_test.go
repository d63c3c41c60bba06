package validate

import (
	"strings"
	"testing"
)

// cr81 mutation review of config-key-parent and config-values-unknown-key:
// each row fails on a mutant that survived, or was only killed outside
// this package (the store rule fixtures, the CLI scripts).

// researchConfig adds keys to research's config, ahead of its own.
func researchConfig(keys string) sampleEdit {
	return sampleEdit{"research", `"config": {`, `"config": {` + keys + `,`}
}

// TestConfigKeyParentCr81: one warning at each parent, naming the child
// and where it is declared, the nested config that gives the child, and
// the .enabled rename for a boolean parent alone; none for a key that
// only shares a prefix with another (a.b beside a.bc) or differs in case.
func TestConfigKeyParentCr81(t *testing.T) {
	const b, s = `{ "type": "boolean", "default": true, "description": "x." }`, `{ "type": "string", "default": "", "description": "x." }`
	tests := []struct {
		name  string
		edits []sampleEdit
		ptr   string   // of the one finding, "" for none
		has   []string // in its message
		hasnt []string
	}{
		{"boolean parent", []sampleEdit{researchConfig(`"rel.store": ` + b + `, "rel.store.track": ` + s)}, "/config/rel.store",
			[]string{`config key "rel.store" is the parent of "rel.store.track", declared at capabilities/research/capability.json:14:`, `(/config/rel.store.track)`, `{"rel": {"store": {"track": …}}}`, `(the switch as "rel.store.enabled", say)`}, nil},
		{"string parent", []sampleEdit{researchConfig(`"rel.store": ` + s + `, "rel.store.track": ` + s)}, "/config/rel.store",
			[]string{`is the parent of "rel.store.track"`}, []string{"the switch as"}},
		{"child in another capability", []sampleEdit{researchConfig(`"rel.store": ` + b), {"ui", `"config": {`, `"config": { "rel.store.track": ` + s + `,`}}, "/config/rel.store",
			[]string{`declared at capabilities/ui/capability.json:14:`, `(/config/rel.store.track)`}, nil},
		{"a prefix, not a parent", []sampleEdit{researchConfig(`"rel.store": ` + b + `, "rel.stores": ` + s + `, "rel.store_x": ` + s)}, "", nil, nil},
		{"keys differing in case", []sampleEdit{researchConfig(`"Rel.store": ` + b + `, "rel.store.track": ` + s)}, "", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ruleFindings(Validate(sampleRepo(t, tt.edits...)).Diagnostics, "config-key-parent")
			if tt.ptr == "" {
				if len(got) != 0 {
					t.Fatalf("got %v, want no config-key-parent", got)
				}
				return
			}
			if len(got) != 1 || got[0].Pointer != tt.ptr || got[0].Severity != Warning {
				t.Fatalf("got %v, want one warning at %s", got, tt.ptr)
			}
			for _, h := range tt.has {
				if !strings.Contains(got[0].Message, h) {
					t.Errorf("message %q lacks %q", got[0].Message, h)
				}
			}
			for _, h := range tt.hasnt {
				if strings.Contains(got[0].Message, h) {
					t.Errorf("message %q has %q", got[0].Message, h)
				}
			}
		})
	}
}

// TestConfigValuesUnknownKeyCr81: a configValues alias naming a slip from
// a declared key is warned of at the alias (its pointer escaped), each
// such alias; not one naming a declared key, one near none, one the
// central schema owns, nor a value that is no string.
func TestConfigValuesUnknownKeyCr81(t *testing.T) {
	cv := func(members string) sampleEdit {
		return sampleEdit{"security", `"configValues": { "security_asvs_level": "workflow.security_asvs_level", "security_block_on": "workflow.security_block_on" }`,
			`"configValues": { ` + members + ` }`}
	}
	tests := []struct {
		name    string
		edit    sampleEdit
		central string
		want    []string // pointer and meant key of each finding, in order
	}{
		{"a slip", cv(`"level": "workflow.security_asvs_levl"`), "",
			[]string{`/contributions/0/configValues/level did you mean "workflow.security_asvs_level"?`}},
		{"two slips, an alias with a slash", cv(`"level": "workflow.security_asvs_levl", "block/on": "workflow.security_block_of"`), "",
			[]string{`/contributions/0/configValues/level did you mean "workflow.security_asvs_level"?`, `/contributions/0/configValues/block~1on did you mean "workflow.security_block_on"?`}},
		{"declared keys", cv(`"level": "workflow.security_asvs_level", "ui": "workflow.ui_phase"`), "", nil},
		{"near no declared key", cv(`"x": "workflow.unrelated_key", "y": "git.branching_strategy"`), "", nil},
		{"not a string", cv(`"x": 1, "y": null, "z": ["workflow.security_asvs_levl"]`), "", nil},
		{"owned by the central schema", cv(`"x": "workflow.security_block_in"`), `{"validKeys": ["workflow.security_block_in"]}`, nil},
		{"under a central key", cv(`"x": "workflow.security_block_o.n"`), `{"validKeys": ["workflow.security_block_o"]}`, nil},
		{"not owned by the central schema", cv(`"x": "workflow.security_block_in"`), `{"validKeys": ["model_profile"]}`,
			[]string{`/contributions/0/configValues/x did you mean "workflow.security_block_on"?`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := sampleRepo(t, tt.edit)
			if tt.central != "" {
				src.ConfigSchema = &File{Path: "config/config-schema.manifest.json", Data: []byte(tt.central)}
				src.ConfigSchemaFrom = SchemaFromFlag
			}
			var got []string
			for _, d := range ruleFindings(Validate(src).Diagnostics, "config-values-unknown-key") {
				if d.Severity != Warning || d.File != "capabilities/security/capability.json" {
					t.Errorf("finding %v, want a warning in security's manifest", d)
				}
				_, meant, _ := strings.Cut(d.Message, "; ")
				got = append(got, d.Pointer+" "+meant)
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestTagsRoleStepNotSwappedCr81: marker tags whose first <loop-point> id
// is an agent role and whose <agent-role> names are all loop points are
// told swapped only when every id is a role: with an id that is neither,
// the finding says the step is a role, not that the two tags are swapped.
func TestTagsRoleStepNotSwappedCr81(t *testing.T) {
	const exec = "workflows/execute-phase.md"
	tags := "<loop-point id=\"execute:pre\"/>\n<loop-point id=\"execute:wave:pre\"/>\n<loop-point id=\"execute:wave:post\"/>\n<loop-point id=\"execute:post\"/>\n<agent-role name=\"executor\"/> <agent-role name=\"verifier\"/>"
	hosts := [][3]string{{"execute-phase.md", tags, "<loop-point id=\"executor, exec\"/>\n<agent-role name=\"execute:pre, execute:post\"/>"}}
	wantFindings(t, gate7Findings(gate4Repo(t, nil, hosts)), []string{
		`marker-unknown-step ` + exec + `:3:17 unknown step: the workflow's step is that of its first <loop-point>, and "executor" is an agent role, not a loop point`,
	})
}

// TestMentionedTagSaysToQuoteItCr81: a document that names a marker tag
// in its prose, unquoted, is read as a host workflow; the marker-syntax
// finding of tags lacking a role, or a point, says that a document only
// mentioning a tag quotes it; a tag of the kind missing written in code
// is named where it is instead.
func TestMentionedTagSaysToQuoteItCr81(t *testing.T) {
	const hint = ` (a document that only mentions a marker tag quotes it in backticks or a code block, where it is not read)`
	tests := []struct {
		name, doc, want string
	}{
		{"a point, no role", "# Contributing\n\nThe plan workflow declares <loop-point id=\"plan:pre\"/> and the planner role.\n",
			`no <agent-role name="…"/> tag; a step must publish at least one agent role` + hint},
		{"a role, no point", "A step names <agent-role name=\"planner\"/> roles.\n",
			`agent-role/loop-artifact tags without any <loop-point id="…"/>: the step cannot be known` + hint},
		{"a role in code", "A step names <agent-role name=\"planner\"/> roles, `<loop-point id=\"plan:pre\"/>`.\n",
			`agent-role/loop-artifact tags without any <loop-point id="…"/>: the step cannot be known (the <loop-point> tag at 1:`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := sampleRepo(t)
			src.Workflows = append(src.Workflows, File{Path: "docs/CONTRIBUTING.md", Data: []byte(tt.doc)})
			var got []string
			for _, d := range ruleFindings(Validate(src).Diagnostics, "marker-syntax") {
				if d.File == "docs/CONTRIBUTING.md" {
					got = append(got, d.Message)
				}
			}
			if len(got) != 1 || !strings.HasPrefix(got[0], tt.want) {
				t.Fatalf("marker-syntax findings %q, want one starting %q", got, tt.want)
			}
			if strings.Contains(tt.name, "code") && strings.Contains(got[0], "only mentions") {
				t.Errorf("%q: a tag in code is named where it is, not the general hint", got[0])
			}
		})
	}
}

// TestRuntimeADRShapeHintCr81: a runtime's configHome written as the
// ADR's string, and its artifactLayout as one list, are told the object
// gsd-core takes, and not to write a member of it ({…}): no one member
// takes the ADR's value as it is.
func TestRuntimeADRShapeHintCr81(t *testing.T) {
	src := sampleRepo(t,
		sampleEdit{"codex", `"configHome": { "kind": "dot-home", "name": ".codex", "env": ["CODEX_HOME"] },`, `"configHome": "~/.codex",`},
		sampleEdit{"codex", `"artifactLayout": {
      "global": [{ "kind": "skills", "destSubpath": "skills", "nesting": "nested", "prefix": "gsd-", "converter": "codex-skill" }],
      "local": []
    },`, `"artifactLayout": [{ "kind": "skills", "destSubpath": "skills", "nesting": "nested", "prefix": "gsd-", "converter": "codex-skill" }],`})
	want := map[string]string{
		"/runtime/configHome":     `expected object, but got string: a runtime's configHome (and its skillsHome) is an object, such as {"kind": "dot-home", "name": ".codex", "env": ["CODEX_HOME"]} (kind one of dot-home, dot-home-nested, xdg, generic-agents-root, none), where the ADR wrote the folder as a string`,
		"/runtime/artifactLayout": `expected object, but got array: a runtime's artifactLayout is an object of two lists, {"global": […], "local": […]}, of entries {kind, destSubpath, nesting, prefix, converter}, where the ADR wrote one list`,
	}
	got := map[string]string{}
	for _, d := range ruleFindings(Validate(src).Diagnostics, "schema") {
		if d.File == "capabilities/codex/capability.json" {
			got[d.Pointer] = d.Message
		}
	}
	for ptr, msg := range want {
		if got[ptr] != msg {
			t.Errorf("%s: %q, want %q", ptr, got[ptr], msg)
		}
	}
}

// TestEnumDefaultNamesItCr81: an enum default outside its values names
// the default given and, a slip from one, the value meant; a default
// that is no string is named by its kind, with no value meant.
func TestEnumDefaultNamesItCr81(t *testing.T) {
	const values = `"values": ["quick", "standard", "deep"], "default": "standard"`
	for _, tt := range []struct{ def, want string }{
		{`"Deep"`, `default must be one of the enum values ["quick", "standard", "deep"], not "Deep" (did you mean "deep"?)`},
		{`"thorough"`, `default must be one of the enum values ["quick", "standard", "deep"], not "thorough"`},
		{`2`, `default must be one of the enum values ["quick", "standard", "deep"], not a number`},
	} {
		t.Run(tt.def, func(t *testing.T) {
			src := sampleRepo(t, sampleEdit{"research", values, `"values": ["quick", "standard", "deep"], "default": ` + tt.def})
			var got []string
			for _, d := range ruleFindings(Validate(src).Diagnostics, "config-slice") {
				if d.Pointer == "/config/workflow.research_depth/default" {
					got = append(got, d.Message)
				}
			}
			if len(got) != 1 || !strings.HasPrefix(got[0], tt.want) || tt.def != `"Deep"` && strings.Contains(got[0], "did you mean") {
				t.Fatalf("config-slice findings %q, want one starting %q", got, tt.want)
			}
			if tt.def == `"thorough"` && got[0] != tt.want {
				t.Errorf("%q, want %q", got[0], tt.want)
			}
		})
	}
}
