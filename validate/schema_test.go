package validate

import (
	"bytes"
	"fmt"
	"os"
	"testing"
)

// The schema library lists unknown keys in map order; capreg must give one
// message per document, with the keys in the order they are written, and
// point a single unknown key out by its escaped JSON pointer.
func TestUnknownFieldsAreReportedInSourceOrder(t *testing.T) {
	card := `{"id":"t","command":"t","summary":"s","intent_phrases":["p"],"effects":"e","risk":"reversible","example":"t"%s}`
	tests := []struct {
		extra, ptr, msg string
	}{
		{`,"zeta":1,"a/b":2,"mid":3,"it's":4`, "", `unknown fields 'zeta', 'a/b', 'mid', "it's" are not allowed here`},
		{`,"a/b~c":1`, "/a~1b~0c", `unknown field 'a/b~c' is not allowed here`},
		{`,"é x%41":1`, "/é x%41", `unknown field 'é x%41' is not allowed here`},
		{`,"x', 'y":1,"\n\\":2`, "", `unknown fields "x', 'y", "\n\\" are not allowed here`},
	}
	for _, tt := range tests {
		src := Sources{Cards: []CardSource{{File: File{Path: "bin/t.card.json", Data: fmt.Appendf(nil, card, tt.extra)}, ToolPath: "bin/t", ToolExists: true}}}
		for range 20 {
			var got []string
			for _, d := range Validate(&src).Diagnostics {
				got = append(got, d.Pointer+" "+d.Message)
			}
			if want := tt.ptr + " " + tt.msg; len(got) != 1 || got[0] != want {
				t.Fatalf("diagnostics %q, want [%q]", got, want)
			}
		}
	}
}

// The library URL-escapes instance locations ("/config/x%20y"); diagnostics
// carry plain JSON pointers, positioned at the value.
func TestSchemaPointersAreJSONPointers(t *testing.T) {
	data, err := os.ReadFile("../testdata/repo/capabilities/ui/capability.json")
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.Replace(data, []byte(`"workflow.ui_review": { "type": "boolean"`), []byte(`"workflow.ui révue": { "type": 5`), 1)
	src := Sources{CapabilitiesDir: "capabilities", Capabilities: []CapabilitySource{
		{Folder: "ui", Manifest: File{Path: "capabilities/ui/capability.json", Data: data}}}}
	var found bool
	for _, d := range Validate(&src).Diagnostics {
		if d.Rule != "schema" {
			continue
		}
		found = true
		if d.Pointer != "/config/workflow.ui révue/type" || d.Line != 16 {
			t.Errorf("schema finding at %s line %d: %s; want /config/workflow.ui révue/type on line 16", d.Pointer, d.Line, d.Message)
		}
	}
	if !found {
		t.Fatal("no schema finding for a config type of 5")
	}
}
