package validate

import "testing"

// configSliceFindings are the config-slice messages of a feature whose
// one config key, x.on, is the entry {entry}.
func configSliceFindings(entry string) []string {
	doc := `{"id":"x","role":"feature","title":"X","description":"X.","version":"1.0.0","tier":"core","requires":[],
"runtimeCompat":{"supported":["*"],"unsupported":[]},"skills":[],"agents":[],
"config":{"x.on":{` + entry + `}},
"steps":[],"contributions":[],"gates":[]}`
	src := Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{
		{Folder: "x", Manifest: File{Path: "capabilities/x/capability.json", Data: []byte(doc)}}}}
	var got []string
	for _, d := range Validate(&src).Diagnostics {
		if d.Rule == "config-slice" {
			got = append(got, d.Message)
		}
	}
	return got
}

// TestConfigTypeDidYouMean: a config type that is no type names the one
// meant, by a typo or by the name other languages give it ("bool"), as
// the other "did you mean" findings do; one near none names none.
func TestConfigTypeDidYouMean(t *testing.T) {
	tests := []struct{ typ, meant string }{
		{"bool", "boolean"},
		{"Bool", "boolean"},
		{"booleen", "boolean"},
		{"Boolean", "boolean"},
		{"integer", "number"},
		{"int", "number"},
		{"str", "string"},
		{"strings", "string"},
		{"enumeration", "enum"},
		{"num", "number"}, // one edit from enum, but the short name of number
		{"array", ""},
	}
	for _, tt := range tests {
		got := configSliceFindings(`"type":"` + tt.typ + `","default":true,"description":"d"`)
		want := `config type "` + tt.typ + `" is not one of boolean, string, number, enum`
		if tt.meant != "" {
			want += ` (did you mean "` + tt.meant + `"?)`
		}
		ok := len(got) == 1 && got[0] == want
		if !ok {
			t.Errorf("type %q: config-slice findings %q, want [%q]", tt.typ, got, want)
		}
	}
}

// TestConfigEntryMisspeltField: a config entry missing its description or
// default that holds a near miss of it is told which key it misspelt (the
// entry's schema declares only "type", so no near-miss warning says so);
// one holding the field, or nothing near it, gets the finding alone.
func TestConfigEntryMisspeltField(t *testing.T) {
	tests := []struct{ entry, want string }{
		{`"type":"boolean","default":true,"descripton":"d"`,
			`config key "x.on" needs a non-empty string "description"; the field 'descripton' is there: did you mean 'description'?`},
		{`"type":"boolean","default":true,"Description":"d"`,
			`config key "x.on" needs a non-empty string "description"; the field 'Description' is there: did you mean 'description'?`},
		{`"type":"boolean","defualt":true,"description":"d"`,
			`config key "x.on" needs a "default" of type boolean; the field 'defualt' is there: did you mean 'default'?`},
		{`"type":"boolean","defaults":true,"description":"d"`,
			`config key "x.on" needs a "default" of type boolean; the field 'defaults' is there: did you mean 'default'?`},
		{`"type":"boolean","default":true,"description":""`,
			`config key "x.on" needs a non-empty string "description"`},
		{`"type":"boolean","default":true,"help":"d"`,
			`config key "x.on" needs a non-empty string "description"`},
	}
	for _, tt := range tests {
		got := configSliceFindings(tt.entry)
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("entry {%s}: config-slice findings %q, want [%q]", tt.entry, got, tt.want)
		}
	}
}
