package validate

import (
	"slices"
	"testing"

	"github.com/capreg/capreg/validate/ojson"
)

// The schema library drops an empty key from the instance location it
// reports ("/config" for the member "" of config, "/config/type" for the
// type inside it), so that a finding about the member's value, or about
// anything below it, named the object holding it or a member it does not
// have. Each is reported where it is.
func TestFindingsBelowAnEmptyKeyAreAtTheirPointer(t *testing.T) {
	const entry = `"workflow.ui_review": { "type": "boolean", "default": true, "description": "Enable the retrospective UI audit." }`
	for _, c := range []struct {
		name, with string
		want       []string // pointer and message of each schema finding
	}{
		{"a value that is no object", `"": 1`, []string{
			"/config/ key '' is not a valid name here: length must be >= 1, but got 0",
			"/config/ expected object, but got number",
		}},
		{"a field below it", `"": { "type": 5, "default": true, "description": "d" }`, []string{
			"/config/ key '' is not a valid name here: length must be >= 1, but got 0",
			"/config//type expected string, but got number",
		}},
		{"a required field missing below it", `"": { "default": true, "description": "d" }`, []string{
			"/config/ key '' is not a valid name here: length must be >= 1, but got 0",
			"/config/ missing required field 'type'",
		}},
		{"a member named like a field beside it", `"": { "type": "boolean", "default": true, "description": "d" }, "type": 5`, []string{
			"/config/ key '' is not a valid name here: length must be >= 1, but got 0",
			"/config/type expected object, but got number",
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, d := range findingsOf(sampleRepo(t, sampleEdit{"ui", entry, c.with}), "schema") {
				got = append(got, d.Pointer+" "+d.Message)
			}
			slices.Sort(got)
			want := slices.Clone(c.want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("schema findings\n%q\nwant\n%q", got, want)
			}
		})
	}
}

// withEmptyKeys compares the property names of the keyword location with
// the instance location's tokens in one form, the escaped pointer token,
// so that a property whose name holds "/", "~" or a space is walked past.
func TestWithEmptyKeysBelowEscapedNames(t *testing.T) {
	root, errs := ojson.Parse([]byte(`{"a/b c~": {"": 1}}`))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	const ptr, keywordLoc = "/a~1b c~0", "/properties/a~1b%20c~0/additionalProperties/type"
	if got, want := withEmptyKeys(&root, ptr, keywordLoc), "/a~1b c~0/"; got != want {
		t.Errorf("withEmptyKeys(%q, %q) = %q, want %q", ptr, keywordLoc, got, want)
	}
}
