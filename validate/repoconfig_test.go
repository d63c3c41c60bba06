package validate

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// A finding about a path capreg.json names is placed at the value naming
// it, in code points, with its pointer; one capreg.json does not name stays
// about the whole file.
func TestPlaceConfiguredPath(t *testing.T) {
	src := "{\n  \"capabilities\": \"caps\",\n  \"workflows\": [\"flows\", \"../out\"],\n  \"cards\": [\"./bin/\"],\n  \"configSchema\": \"é/schema.json\"\n}\n"
	tests := []struct {
		file *File
		path string
		want string // "line:column pointer", or "0:0 " when not placed
	}{
		{&File{Data: []byte(src)}, "caps", "2:19 /capabilities"},
		{&File{Data: []byte(src)}, "../out", "3:26 /workflows/1"},
		{&File{Data: []byte(src)}, "bin", "4:13 /cards/0"},
		{&File{Data: []byte(src)}, "é/schema.json", "5:19 /configSchema"},
		{&File{Data: []byte(src)}, "elsewhere", "0:0 "},
		{&File{Data: []byte(`{"cards": [7, "a/../tools"]}`)}, "tools", "1:15 /cards/1"},
		{&File{Data: []byte(`{"capabilities": "caps"`)}, "caps", "0:0 "}, // does not parse
		{&File{Err: errors.New("unreadable")}, "caps", "0:0 "},
		{nil, "caps", "0:0 "},
		// The first value naming a path places it, in key order then item order.
		{&File{Data: []byte(`{"cards": ["a", "./a"], "capabilities": "a/"}`)}, "a", "1:41 /capabilities"},
		{&File{Data: []byte(`{"workflows": ["b", "a", "a"]}`)}, "a", "1:21 /workflows/1"},
	}
	for _, tt := range tests {
		d := Diagnostic{File: "capreg.json"}
		PlaceConfiguredPath(&d, tt.file, tt.path)
		if got := fmtPlace(d); got != tt.want {
			t.Errorf("%q: placed at %q, want %q", tt.path, got, tt.want)
		}
		pd := Diagnostic{File: "capreg.json"}
		NewPathPlacer(tt.file).Place(&pd, tt.path)
		if got := fmtPlace(pd); got != tt.want {
			t.Errorf("%q: PathPlacer placed at %q, want %q", tt.path, got, tt.want)
		}
	}
}

// A PathPlacer parses capreg.json once: placing a finding then allocates
// nothing, so a capreg.json naming n missing roots costs O(n) to place
// rather than a parse and a line count per root.
func TestPathPlacerPlacesWithoutReparsing(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"workflows": [`)
	for i := range 1000 {
		fmt.Fprintf(&b, "%q, ", fmt.Sprint("missing/", i))
	}
	b.WriteString(`"last"]}`)
	pl := NewPathPlacer(&File{Data: []byte(b.String())})
	var d Diagnostic
	allocs := testing.AllocsPerRun(100, func() { pl.Place(&d, "missing/999") })
	if allocs != 0 {
		t.Errorf("Place allocates %v times a call, want 0 (it parses again)", allocs)
	}
	if got := fmtPlace(d); got != "1:14891 /workflows/999" {
		t.Errorf("placed at %q", got)
	}
}

func fmtPlace(d Diagnostic) string {
	return fmt.Sprintf("%d:%d %s", d.Line, d.Column, d.Pointer)
}

// An empty list of workflow or card roots names nothing, so it means what
// leaving the key out means (the whole repository); a warning says so at
// the key, for an author who meant "none".
func TestParseRepoConfigEmptyRoots(t *testing.T) {
	tests := []struct {
		src  string
		want []string // "line:column pointer severity rule"
	}{
		{`{"workflows": [], "cards": []}`, []string{"1:2 /workflows warning config-file", "1:19 /cards warning config-file"}},
		{"{\n  \"cards\": [ ]\n}", []string{"2:3 /cards warning config-file"}},
		{`{"workflows": ["flows"], "cards": ["bin"]}`, nil},
		{`{}`, nil},
	}
	for _, tt := range tests {
		rc, diags := ParseRepoConfig(File{Path: RepoConfigFile, Data: []byte(tt.src)})
		var got []string
		for _, d := range diags {
			got = append(got, fmt.Sprintf("%s %s %s", fmtPlace(d), d.Severity, d.Rule))
			if d.Rule == "config-file" && !strings.Contains(d.Message, "the whole repository") {
				t.Errorf("%s: message %q does not say what an empty list means", tt.src, d.Message)
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: findings %q, want %q", tt.src, got, tt.want)
		}
		if len(rc.Workflows)+len(rc.Cards) != 0 && tt.want != nil {
			t.Errorf("%s: roots %q %q, want none (the defaults)", tt.src, rc.Workflows, rc.Cards)
		}
	}
}

// "configSchema": "" is valid and asks for no central config schema (not
// even one the walk finds); a missing key, or one of the wrong type, does
// not.
func TestParseRepoConfigNoConfigSchema(t *testing.T) {
	tests := []struct {
		src   string
		none  bool
		rules []string
	}{
		{`{"configSchema": ""}`, true, nil},
		{`{}`, false, nil},
		{`{"configSchema": "config/central.json"}`, false, nil},
		{`{"configSchema": 5}`, false, []string{"config-file"}},
		{`{"configSchema": null}`, false, []string{"config-file"}},
	}
	for _, tt := range tests {
		rc, diags := ParseRepoConfig(File{Path: RepoConfigFile, Data: []byte(tt.src)})
		var rules []string
		for _, d := range diags {
			rules = append(rules, d.Rule)
		}
		if rc.NoConfigSchema != tt.none || !slices.Equal(rules, tt.rules) {
			t.Errorf("%s: NoConfigSchema %v, findings %v; want %v, %v", tt.src, rc.NoConfigSchema, rules, tt.none, tt.rules)
		}
	}
}

// An unknown capreg.json field is an error; where it is a misspelling of a
// field the file lacks (a plural dropped included: nothing else could be
// meant in a closed object), the message names that field.
func TestRepoConfigUnknownFieldSuggestsTheField(t *testing.T) {
	tests := []struct {
		doc  string
		want string // the config-file message
	}{
		{`{"capabilites": "caps"}`, `unknown field 'capabilites' is not allowed here; did you mean 'capabilities'?`},
		{`{"workflow": ["flows"]}`, `unknown field 'workflow' is not allowed here; did you mean 'workflows'?`},
		{`{"card": ["bin"]}`, `unknown field 'card' is not allowed here; did you mean 'cards'?`},
		{`{"ConfigSchema": "s.json"}`, `unknown field 'ConfigSchema' is not allowed here; did you mean 'configSchema'?`},
		// The field it is near is already given: no suggestion.
		{`{"cards": ["bin"], "card": ["tools"]}`, `unknown field 'card' is not allowed here`},
		{`{"owner": "me"}`, `unknown field 'owner' is not allowed here`},
	}
	for _, tt := range tests {
		_, diags := ParseRepoConfig(File{Path: "capreg.json", Data: []byte(tt.doc)})
		var got []string
		for _, d := range diags {
			if d.Rule == "config-file" {
				got = append(got, d.Message)
			}
		}
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("%s: findings %q, want [%q]", tt.doc, got, tt.want)
		}
	}
}

// capreg.json repeating a key by the hundred gets its findings capped as a
// repository's are, with the rest counted and said so, also when they are
// returned alone (POST /validate when a change asks for a rescan).
func TestRepoConfigDuplicateKeysAreCapped(t *testing.T) {
	var b strings.Builder
	b.WriteString("{\n")
	for range 300 {
		b.WriteString(`"cards": ["bin"],` + "\n")
	}
	b.WriteString(`"workflows": ["workflows"]}`)
	_, diags := ParseRepoConfig(File{Path: "capreg.json", Data: []byte(b.String())})
	errs, _ := diags.Count()
	last := diags[len(diags)-1]
	if len(diags) != MaxPerRule+1 || errs != 299 || !strings.HasPrefix(last.Message, "199 more json-duplicate-key findings") {
		t.Errorf("%d findings counting %d, the last %v; want %d counting 299, the last saying 199 more", len(diags), errs, last, MaxPerRule+1)
	}
}

// TestPathPlacerPlaceValueEachOnce pins PlaceValue handing out the
// places of a value written twice one call at a time, in key order, and
// then leaving the finding about the whole file: a third call, or a value
// capreg.json does not hold, must neither place nor panic.
func TestPathPlacerPlaceValueEachOnce(t *testing.T) {
	pl := NewPathPlacer(&File{Data: []byte(`{"capabilities": "x", "workflows": ["x"]}`)})
	for i, c := range []struct {
		value, want string
	}{
		{"x", "1:18 /capabilities"},
		{"x", "1:37 /workflows/0"},
		{"x", "0:0 "},
		{"y", "0:0 "},
	} {
		d := Diagnostic{File: "capreg.json"}
		pl.PlaceValue(&d, c.value)
		if got := fmtPlace(d); got != c.want {
			t.Errorf("call %d: PlaceValue(%q) placed at %q, want %q", i, c.value, got, c.want)
		}
	}
}
