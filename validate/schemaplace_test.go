package validate

import (
	"fmt"
	"strings"
	"testing"
)

// placeCard is a valid card, a member a line, for TestSchemaFindingPlace
// to break.
const placeCard = `{
  "id": "ft",
  "command": "bin/ft",
  "summary": "Run the tests of the packages changed.",
  "intent_phrases": ["run only the tests affected by my change"],
  "effects": "Builds and runs tests.",
  "risk": "reversible",
  "example": "bin/ft"
}
`

// A schema finding about a value (its type, an enum, a pattern, a
// minimum length, a not) is placed at the value, where the author fixes
// it; one about a key (a field not allowed) at the key, and one about an
// object (a field missing) at the object.
func TestSchemaFindingPlace(t *testing.T) {
	for _, c := range []struct {
		name, old, new string
		ptr            string // the finding's pointer
		at             string // the text it is placed at (gate9At)
	}{
		{"an enum", `"reversible"`, `"maybe"`, "/risk", `"maybe"`},
		{"a type", `"Builds and runs tests."`, `5`, "/effects", `5`},
		{"a type, an object", `"Builds and runs tests."`, `{"what": "builds"}`, "/effects", `{"what"`},
		{"a type, the value on the next line", `"effects": "Builds and runs tests."`, "\"effects\":\n    false", "/effects", `false`},
		{"a minimum length", `"Builds and runs tests."`, `""`, "/effects", `""`},
		{"a pattern", `"Builds and runs tests."`, `"   "`, "/effects", `"   "`},
		{"a not", `"id": "ft"`, `"id": "."`, "/id", `"."`},
		{"a minimum number of items", `["run only the tests affected by my change"]`, `[]`, "/intent_phrases", `[]`},
		{"a number past a double's range", `"Builds and runs tests."`, `1e400`, "/effects", `1e400`},
		{"a field missing, at the object", `"risk": "reversible",`, ``, "", `{`},
	} {
		t.Run(c.name, func(t *testing.T) {
			text := gate9Edit(t, placeCard, c.old, c.new)
			res := Validate(&Sources{Cards: []CardSource{{File: File{Path: "bin/ft.card.json", Data: []byte(text)}, ToolPath: "bin/ft", ToolExists: true}}})
			var got []string
			for _, d := range res.Diagnostics {
				if d.Rule == "schema" && d.Pointer == c.ptr {
					got = append(got, fmt.Sprintf("%d:%d", d.Line, d.Column))
				}
			}
			want := gate9At(t, text, c.at)
			if len(got) == 0 {
				t.Fatalf("no schema finding at %q in\n%s\nfindings:\n%s", c.ptr, text, res.Diagnostics)
			}
			for _, g := range got {
				if g != want {
					t.Errorf("schema finding at %q placed at %s, want %s (%s)", c.ptr, g, want, strings.TrimSpace(c.at))
				}
			}
		})
	}
}

// A capability's schema findings are placed so too, a key that
// misspells a field missing at the key.
func TestSchemaFindingPlaceCapability(t *testing.T) {
	for _, c := range []struct {
		name, old, new string
		ptr, at        string
	}{
		{"an enum, at the value", `"tier": "standard"`, `"tier": "gold"`, "/tier", `"gold"`},
		{"a type, at the value", `"tier": "standard"`, `"tier": ["standard"]`, "/tier", `["standard"]`},
		{"a field misspelt, at its key", `"title": "T"`, `"titel": "T"`, "/titel", `"titel"`},
		{"a field missing, at the object", `"title": "T",`, ``, "", `{`},
	} {
		t.Run(c.name, func(t *testing.T) {
			text := gate9Edit(t, gate9Manifest, c.old, c.new)
			src := Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{{Folder: "aa",
				Manifest: File{Path: "capabilities/aa/capability.json", Data: []byte(text)}}}}
			found := false
			for _, d := range Validate(&src).Diagnostics {
				if d.Rule == "schema" && d.Pointer == c.ptr {
					found = true
					if at, want := fmt.Sprintf("%d:%d", d.Line, d.Column), gate9At(t, text, c.at); at != want {
						t.Errorf("%s: placed at %s, want %s (%s)", d, at, want, c.at)
					}
				}
			}
			if !found {
				t.Errorf("no schema finding at %q", c.ptr)
			}
		})
	}
}

// capreg.json's schema findings (config-file) are placed so too: its
// fields are closed, and a key not allowed is told at the key.
func TestSchemaFindingPlaceRepoConfig(t *testing.T) {
	for _, c := range []struct {
		name, text string
		ptr, at    string
	}{
		{"a type, at the value", "{\n  \"cards\": 5\n}\n", "/cards", `5`},
		{"an item's type, at the item", "{\n  \"cards\": [\"bin\", 7]\n}\n", "/cards/1", `7`},
		{"a field not allowed, at its key", "{\n  \"workflow\": [\"workflows\"]\n}\n", "/workflow", `"workflow"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, diags := ParseRepoConfig(File{Path: RepoConfigFile, Data: []byte(c.text)})
			found := false
			for _, d := range diags {
				if d.Rule == "config-file" && d.Pointer == c.ptr {
					found = true
					if at, want := fmt.Sprintf("%d:%d", d.Line, d.Column), gate9At(t, c.text, c.at); at != want {
						t.Errorf("%s: placed at %s, want %s (%s)", d, at, want, c.at)
					}
				}
			}
			if !found {
				t.Errorf("no config-file finding at %q in %v", c.ptr, diags)
			}
		})
	}
}
