package validate

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// sarifSchema is the OASIS SARIF 2.1.0 schema (rtm.5, from the npm package
// @microsoft/jest-sarif; see testdata/sarif/NOTICE.md), which code-scanning
// services check an upload against.
const sarifSchema = "../testdata/sarif/sarif-2.1.0-rtm.5.json"

// TestSARIFMatchesTheSchema: the SARIF log of findings of every shape (at
// a line and column, at a line only, in a file, about the repository as a
// whole, with odd file names, of every rule, in a checkout) is valid
// against SARIF's own schema, formats asserted: a service refuses an
// invalid log, and with it every finding in it.
func TestSARIFMatchesTheSchema(t *testing.T) {
	c := jsonschema.NewCompiler()
	c.AssertFormat = true
	f, err := os.Open(sarifSchema)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := c.AddResource("sarif.json", f); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile("sarif.json")
	if err != nil {
		t.Fatal(err)
	}
	ds := Diagnostics{
		{File: "capabilities/ui/capability.json", Line: 3, Column: 7, Pointer: "/hooks/0/point", Rule: "point-unknown", Severity: Error, Message: "bad point"},
		{File: "workflows/plan.md", Line: 12, Rule: "marker-syntax", Severity: Error, Message: "a line, no column"},
		{File: "bin/tool.card.json", Rule: "card-replaces-shape", Severity: Warning, Message: "a file, no line"},
		{Rule: "point-uncovered", Severity: Error, Message: "the repository as a whole"},
		{File: "work flows/50%\n#1.md", Line: 2, Column: 3, Pointer: "/a\tb", Rule: "marker-syntax", Severity: Error, Message: "bad\nmarker"},
		{File: "c:x.md", Line: 1, Column: 1, Rule: "schema", Severity: Error, Message: "a name that reads as a scheme"},
		{File: "bin/\xff.card.json", Line: 1, Column: 1, Rule: "schema", Severity: Error, Message: "a name that is not UTF-8"},
	}
	for _, r := range Rules {
		ds = append(ds, Diagnostic{File: "capreg.json", Line: 1, Column: 1, Rule: r.ID, Severity: r.Severity, Message: r.Summary})
	}
	for _, c := range []Checkout{{}, {Prefix: "packages/g s", URI: "file:///w/mono/"}} {
		var out bytes.Buffer
		if err := WriteDiagnosticsIn(&out, "sarif", ds, c); err != nil {
			t.Fatal(err)
		}
		var doc any
		if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		if err := schema.Validate(doc); err != nil {
			t.Errorf("checkout %+v: the SARIF log is not valid SARIF 2.1.0: %#v", c, err)
		}
	}
}
