package validate

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// gate12Central is a valid central config schema, one member a line.
const gate12Central = `{
  "validKeys": ["model_profile", "workflow.research"],
  "dynamicKeyPatterns": [
    { "source": "^agent_skills\\.[a-z]+$" }
  ]
}`

// TestMendedCentralSchema: a central config schema with a slip ojson
// mends (a ',' missing, a trailing one, two slips) is a json-syntax error
// at each slip, as before, and tells besides the mistakes of its mended
// text (an item not a string, a field misspelt, a pattern that is not
// JavaScript), each at its place in the text as written and noted as
// found so, where it told the first slip and nothing more. It is then no
// schema: no capability's key is judged against it (aa's
// workflow.research, a central validKey, gets no
// config-key-pending-migration).
func TestMendedCentralSchema(t *testing.T) {
	edit := func(old, new string) func(*testing.T, string) string {
		return func(t *testing.T, text string) string { return gate9Edit(t, text, old, new) }
	}
	slips := []gate9Slip{
		{"a comma missing between items", edit(`"model_profile",`, `"model_profile"`), []string{`"workflow.research"`}},
		{"a comma missing between members", edit(`"workflow.research"],`, `"workflow.research"]`), []string{`"dynamicKey`}},
		{"a trailing comma in an array", edit("$\" }\n", "$\" },\n"), []string{",\n  ]"}},
		{"two slips", func(t *testing.T, text string) string {
			return gate9Edit(t, gate9Edit(t, text, `"model_profile",`, `"model_profile"`), "$\" }\n", "$\" },\n")
		}, []string{`"workflow.research"`, ",\n  ]"}},
	}
	mistakes := []gate9Mistake{
		{name: "no other mistake"},
		{"an item not a string", `["model_profile"`, `[5, "model_profile"`, "config-file", `5`},
		{"a field misspelt", `"dynamicKeyPatterns"`, `"dynamicKeyPattern"`, "config-file", `"dynamicKeyPattern"`},
		{"a pattern not JavaScript", `"^agent_skills`, `"^(agent_skills`, "config-file", `"source"`},
	}
	cap := gate12Edit(t, gate9Manifest, `"config": {}`,
		`"config": {"workflow.research": {"type": "boolean", "default": false, "description": "d"}}`)
	cap = gate12Edit(t, cap, `"requires": ["bb", "dd"]`, `"requires": []`)
	for _, slip := range slips {
		for _, m := range mistakes {
			t.Run(slip.name+", "+m.name, func(t *testing.T) {
				text := gate12Central
				if m.old != "" {
					text = gate9Edit(t, text, m.old, m.new)
				}
				text = slip.make(t, text)
				const path = "config-schema.manifest.json"
				src := Sources{
					Capabilities: []CapabilitySource{{Folder: "aa", Manifest: File{Path: "capabilities/aa/capability.json", Data: []byte(cap)}}},
					ConfigSchema: &File{Path: path, Data: []byte(text)},
				}
				res := Validate(&src)
				var got, want []string
				for _, at := range slip.at {
					want = append(want, gate9At(t, text, at)+" json-syntax")
				}
				if m.rule != "" {
					want = append(want, gate9At(t, text, m.at)+" "+m.rule)
				}
				for _, d := range res.Diagnostics {
					if d.Rule == "config-key-pending-migration" {
						t.Errorf("%s: the capability's key judged by the mended schema", d)
					}
					if d.File != path {
						continue
					}
					got = append(got, fmt.Sprintf("%d:%d %s", d.Line, d.Column, d.Rule))
					if noted := strings.Contains(d.Message, " (found reading the file as if its json-syntax slip"); noted != (d.Rule != "json-syntax") {
						t.Errorf("%s: noted as found on the mended text: %v, want %v", d, noted, !noted)
					}
				}
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Errorf("findings %v, want %v\n%s", got, want, res.Diagnostics)
				}
				if res.Central != nil {
					t.Errorf("Result.Central %+v, want none for a schema read mended", res.Central)
				}
			})
		}
	}
}

// gate12Edit is gate9Edit.
func gate12Edit(t *testing.T, text, old, new string) string { return gate9Edit(t, text, old, new) }

// TestUnclosedBlockAfterTheOneRead: a gsd:loop-host block left open after
// the file's one complete block was an error, and the file declared no
// step. gsd-core's block pattern (ref §1.2: <!--, gsd:loop-host, a body,
// the first -->) matches no block without its -->, so it reads the
// complete one and accepts the workflow: capreg now reads it too, the
// file declares its step, and the block left open is a marker-syntax
// warning at its opener (an error under --strict). Left open after two
// blocks, after tags, or alone, it is an error as before (gsd-core fails
// the first with "expected exactly one", reads no tags, and finds no
// block in the last), and the file declares no step.
func TestUnclosedBlockAfterTheOneRead(t *testing.T) {
	const plan = "workflows/plan-phase.md"
	const block = "<!-- gsd:loop-host\nstep: plan\npoints: plan:pre, plan:post\nagent-roles: researcher, planner, checker\nproduces: PLAN.md\nconsumes: CONTEXT.md\n-->\n"
	tests := []struct {
		name     string
		hosts    [][3]string
		want     string // the marker-syntax finding in plan-phase.md: "line:col severity message-prefix"
		declared bool   // plan-phase.md declares step plan
	}{
		{"after the one block", [][3]string{{"plan-phase.md", "# Plan phase\n", "# Plan phase\n\n<!-- gsd:loop-host\nstep: plam\n\n"}},
			"11:1 warning gsd:loop-host block is not closed with -->, so it is not read: gsd-core matches no block without its --> and reads the one at line 1, as capreg does; remove this one, or, if it is the marker meant, close it with --> and remove the other (two blocks are an error)", true},
		{"after the one block, indented in prose", [][3]string{{"plan-phase.md", "Spawn gsd-phase-researcher", "Text <!-- gsd:loop-host step: plan\n\nSpawn gsd-phase-researcher"}},
			"11:6 warning gsd:loop-host block is not closed with -->, so it is not read", true},
		{"after the one block, in a code fence: not a block", [][3]string{{"plan-phase.md", "# Plan phase\n", "# Plan phase\n\n```\n<!-- gsd:loop-host\nstep: plam\n```\n"}},
			"", true},
		{"after two blocks", [][3]string{{"plan-phase.md", "# Plan phase\n", "# Plan phase\n\n" + block + "\n<!-- gsd:loop-host\nstep: plam\n\n"}},
			"19:1 error gsd:loop-host block is not closed: add --> after its last key", false},
		{"alone", [][3]string{{"plan-phase.md", "consumes: CONTEXT.md\n-->\n", "consumes: CONTEXT.md\n"}},
			"1:1 error gsd:loop-host block is not closed: add --> after its last key", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Validate(gate4Repo(t, nil, tt.hosts))
			var got []string
			for _, d := range res.Diagnostics {
				if d.File == plan && d.Rule == "marker-syntax" {
					got = append(got, fmt.Sprintf("%d:%d %s %s", d.Line, d.Column, d.Severity, d.Message))
				}
			}
			switch {
			case tt.want == "" && len(got) > 0:
				t.Errorf("marker-syntax findings %q, want none", got)
			case tt.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], tt.want)):
				t.Errorf("marker-syntax findings %q, want one starting %q", got, tt.want)
			}
			declared := slices.ContainsFunc(res.Contract.Entries, func(e ContractEntry) bool { return e.File == plan && e.Step == "plan" })
			if declared != tt.declared {
				t.Errorf("plan-phase.md declares step plan: %v, want %v (contract %+v)", declared, tt.declared, res.Contract.Entries)
			}
			if tt.declared && res.Diagnostics.HasErrors() {
				t.Errorf("not valid, where gsd-core accepts the workflow:\n%s", res.Diagnostics)
			}
		})
	}
}

// TestUnanchoredParentWalksLeaveNoPairUnchecked: the parent walk of a
// central pattern with no literal start (config-key-parent, a warning)
// matches each parent of every key, and comes after every pattern's own
// matches (config-key-central-pattern, an error), so that it never spends
// the budget those need: with an unanchored pattern before an anchored
// one, the anchored one's collisions and the pairs left unchecked are
// those with an anchored pattern of the same matches in its place, at
// every pace of the clock.
func TestUnanchoredParentWalksLeaveNoPairUnchecked(t *testing.T) {
	caps := uiCapability(t).Capabilities
	keys := ownConfigKeys(caps, nil, &sink{}) // workflow.ui_phase, workflow.ui_review, workflow.ui_safety_gate: parent workflow
	run := func(first string, step time.Duration) []string {
		var s sink
		central := parseCentral(&File{Path: "schema.json", Data: centralJSON(t, first, `^workflow\.ui_`)}, nil, &s)
		checkCentralPatterns(context.Background(), keys, central, nil, &patternClock{now: steppingClock(step)}, &s)
		var got []string
		for _, d := range s.diags {
			if d.Rule == "config-key-central-pattern" {
				got = append(got, d.Pointer+" "+d.Message)
			}
		}
		return got
	}
	for n := 1; n <= 24; n++ {
		step := patternBudget / time.Duration(n)
		// x_phase$ matches no key and no parent, and has no literal
		// start; ^x_phase$ matches none either, and has one.
		if got, want := run(`x_phase$`, step), run(`^x_phase$`, step); !slices.Equal(got, want) {
			t.Errorf("clock step budget/%d: findings %q, want %q", n, got, want)
		}
	}
}
