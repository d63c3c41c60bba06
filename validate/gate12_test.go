package validate

import (
	"fmt"
	"slices"
	"strings"
	"testing"
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
