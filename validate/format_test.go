package validate

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// Odd file names stay one finding per line in text, and valid relative URIs
// that name the same file in SARIF.
func TestFormatsEscapeFileNames(t *testing.T) {
	d := Diagnostic{File: "work flows/50%\n#1.md", Line: 2, Column: 3, Pointer: "/a\tb", Rule: "marker-syntax", Severity: Error, Message: "bad\nmarker"}
	var text bytes.Buffer
	if err := WriteDiagnostics(&text, "text", Diagnostics{d}); err != nil {
		t.Fatal(err)
	}
	want := `work flows/50%\n#1.md:2:3: error [marker-syntax] /a\tb: bad\nmarker` + "\n"
	if text.String() != want {
		t.Errorf("text = %q, want %q", text.String(), want)
	}

	var sarif bytes.Buffer
	if err := WriteDiagnostics(&sarif, "sarif", Diagnostics{d}); err != nil {
		t.Fatal(err)
	}
	uri := sarifResults(t, sarif.Bytes())[0].Locations[0].PhysicalLocation.ArtifactLocation.URI
	if want := "work%20flows/50%25%0A%231.md"; uri != want {
		t.Errorf("SARIF uri = %q, want %q", uri, want)
	}
	if strings.HasPrefix(sarifURI("c:x.md"), "c:") {
		t.Errorf("sarifURI(c:x.md) = %q reads as a scheme", sarifURI("c:x.md"))
	}

	// A line break in a file name is GitHub's %0A, which it decodes to
	// the file's name; "\n" named no file.
	var ghNL bytes.Buffer
	if err := WriteDiagnostics(&ghNL, "github", Diagnostics{d}); err != nil {
		t.Fatal(err)
	}
	if want := "::error file=work flows/50%25%0A#1.md,line=2,col=3,title=marker-syntax::/a\\tb: bad\\nmarker\n"; ghNL.String() != want {
		t.Errorf("github = %q, want %q", ghNL.String(), want)
	}

	// GitHub's workflow commands are printed on a terminal too: control
	// characters in the file, pointer and message are escaped as in text
	// (a file named with an escape sequence set the terminal's title).
	d.File = "bin/b\x1b]0;T\a\u202e.card.json"
	var gh bytes.Buffer
	if err := WriteDiagnostics(&gh, "github", Diagnostics{d}); err != nil {
		t.Fatal(err)
	}
	want = `::error file=bin/b\x1b]0;T\a\u202e.card.json,line=2,col=3,title=marker-syntax::/a\tb: bad\nmarker` + "\n"
	if gh.String() != want {
		t.Errorf("github = %q, want %q", gh.String(), want)
	}
}

// Every SARIF result has a location, as GitHub code scanning requires; one
// about the repository as a whole is at its root.
func TestSARIFPlacesEveryResult(t *testing.T) {
	ds := Diagnostics{
		{File: "w.md", Line: 3, Column: 1, Rule: "marker-syntax", Severity: Error, Message: "bad"},
		{File: "capabilities", Rule: "contract-missing", Severity: Error, Message: "no workflow"},
		{Rule: "point-uncovered", Severity: Error, Message: "no workflow declares step \"ship\""},
	}
	var out bytes.Buffer
	if err := WriteDiagnostics(&out, "sarif", ds); err != nil {
		t.Fatal(err)
	}
	results := sarifResults(t, out.Bytes())
	want := []struct {
		uri  string
		line int
	}{{"w.md", 3}, {"capabilities", 0}, {".", 0}}
	if len(results) != len(want) {
		t.Fatalf("%d results, want %d", len(results), len(want))
	}
	for i, r := range results {
		if len(r.Locations) != 1 {
			t.Errorf("result %d: %d locations, want 1", i, len(r.Locations))
			continue
		}
		pl := r.Locations[0].PhysicalLocation
		line := 0
		if pl.Region != nil {
			line = pl.Region.StartLine
		}
		if pl.ArtifactLocation.URI != want[i].uri || line != want[i].line {
			t.Errorf("result %d at %q line %d, want %q line %d", i, pl.ArtifactLocation.URI, line, want[i].uri, want[i].line)
		}
	}
}

// sarifResultLocations is the part of a SARIF result the tests read.
type sarifResultLocations struct {
	Locations []struct {
		PhysicalLocation struct {
			ArtifactLocation struct {
				URI string `json:"uri"`
			} `json:"artifactLocation"`
			Region *struct {
				StartLine int `json:"startLine"`
			} `json:"region"`
		} `json:"physicalLocation"`
	} `json:"locations"`
}

// sarifResults decodes the results of the one run of a SARIF log.
func sarifResults(t *testing.T, data []byte) []sarifResultLocations {
	t.Helper()
	var log struct {
		Runs []struct {
			Results []sarifResultLocations `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(log.Runs))
	}
	return log.Runs[0].Results
}

// In a checkout, the sarif and github formats name files from its root,
// a finding about the repository as a whole at the repository's folder,
// and SARIF says what %SRCROOT% is; text and json stay repository-relative.
func TestFormatsInCheckout(t *testing.T) {
	ds := Diagnostics{
		{File: "bin/a b.json", Line: 1, Column: 2, Rule: "schema", Severity: Error, Message: "bad"},
		{Rule: "point-uncovered", Severity: Error, Message: "no workflow"},
	}
	c := Checkout{Prefix: "packages/g s", URI: "file:///w/mono/"}
	for _, tc := range []struct{ format, want string }{
		// A finding of the whole repository names its package (review 33).
		{"github", "::error file=packages/g s/bin/a b.json,line=1,col=2,title=schema::bad\n::error title=point-uncovered::packages/g s: no workflow\n"},
		{"text", "bin/a b.json:1:2: error [schema] bad\ncapreg: error [point-uncovered] no workflow\n"},
	} {
		var out bytes.Buffer
		if err := WriteDiagnosticsIn(&out, tc.format, ds, c); err != nil {
			t.Fatal(err)
		}
		if out.String() != tc.want {
			t.Errorf("%s = %q, want %q", tc.format, out.String(), tc.want)
		}
	}
	var out bytes.Buffer
	if err := WriteDiagnosticsIn(&out, "sarif", ds, c); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			BaseIDs map[string]struct {
				URI string `json:"uri"`
			} `json:"originalUriBaseIds"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(out.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	if got := log.Runs[0].BaseIDs["%SRCROOT%"].URI; got != c.URI {
		t.Errorf("%%SRCROOT%% = %q, want %q", got, c.URI)
	}
	results := sarifResults(t, out.Bytes())
	for i, want := range []string{"packages/g%20s/bin/a%20b.json", "packages/g%20s/"} {
		if got := results[i].Locations[0].PhysicalLocation.ArtifactLocation.URI; got != want {
			t.Errorf("result %d uri = %q, want %q", i, got, want)
		}
	}
}

// TestGithubLineWithoutColumn: a finding at a line whose column is not
// known gives GitHub line= only; col=0 named a column that does not exist
// (GitHub's columns start at 1, as SARIF's do).
func TestGithubLineWithoutColumn(t *testing.T) {
	var out bytes.Buffer
	d := Diagnostic{File: "workflows/plan.md", Line: 12, Rule: "marker-syntax", Severity: Error, Message: "a line, no column"}
	if err := WriteDiagnostics(&out, "github", Diagnostics{d}); err != nil {
		t.Fatal(err)
	}
	if want := "::error file=workflows/plan.md,line=12,title=marker-syntax::a line, no column\n"; out.String() != want {
		t.Errorf("github = %q, want %q", out.String(), want)
	}
}

// TestJSONFormatWritesTheFindings pins the json format: an array of the
// findings as given, and "[]" (not "null") for none, so that a consumer
// can always range over it. The surviving ds != nil mutant wrote "null"
// for none and "[]" for any findings.
func TestJSONFormatWritesTheFindings(t *testing.T) {
	d := Diagnostic{File: "capabilities/ui/capability.json", Line: 12, Column: 7, Pointer: "/steps/0/when", Rule: "when-unknown-key", Severity: Error, Message: "no key"}
	tests := []struct {
		name string
		ds   Diagnostics
		want string
	}{
		{"none", nil, `[]`},
		{"none, not nil", Diagnostics{}, `[]`},
		{"one", Diagnostics{d}, `[{"file":"capabilities/ui/capability.json","line":12,"column":7,"pointer":"/steps/0/when","rule":"when-unknown-key","severity":"error","message":"no key"}]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			if err := WriteDiagnostics(&out, "json", tt.ds); err != nil {
				t.Fatal(err)
			}
			var got, want any
			if err := json.Unmarshal(out.Bytes(), &got); err != nil {
				t.Fatalf("json output %q: %v", out.String(), err)
			}
			if err := json.Unmarshal([]byte(tt.want), &want); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("json = %s, want %s", out.String(), tt.want)
			}
		})
	}
}

// TestSARIFLevelsAndMessages pins what a SARIF result says besides its
// place: its level follows the finding's severity (a warning is
// "warning", an error "error"), each rule's defaultConfiguration follows
// the rule's severity in Rules, and the message leads with the JSON
// pointer as the text format does. Swapped levels and a message without
// its pointer survived the other tests, which read only locations.
func TestSARIFLevelsAndMessages(t *testing.T) {
	ds := Diagnostics{
		{File: "capabilities/ui/capability.json", Line: 12, Column: 7, Pointer: "/steps/0/when", Rule: "when-unknown-key", Severity: Error, Message: "no key"},
		{File: "capabilities/ui/capability.json", Line: 1, Column: 1, Rule: "json-bom", Severity: Warning, Message: "a BOM"},
	}
	var out bytes.Buffer
	if err := WriteDiagnostics(&out, "sarif", ds); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID      string `json:"id"`
						Default struct {
							Level string `json:"level"`
						} `json:"defaultConfiguration"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Level     string `json:"level"`
				Message   struct {
					Text string `json:"text"`
				} `json:"message"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(out.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if len(run.Tool.Driver.Rules) != len(Rules) {
		t.Fatalf("%d rules, want %d", len(run.Tool.Driver.Rules), len(Rules))
	}
	for i, r := range Rules {
		if got := run.Tool.Driver.Rules[i]; got.ID != r.ID || got.Default.Level != string(r.Severity) {
			t.Errorf("rule %d = %s at level %q, want %s at %q", i, got.ID, got.Default.Level, r.ID, r.Severity)
		}
	}
	want := []struct{ rule, level, text string }{
		{"when-unknown-key", "error", "/steps/0/when: no key"},
		{"json-bom", "warning", "a BOM"},
	}
	if len(run.Results) != len(want) {
		t.Fatalf("%d results, want %d", len(run.Results), len(want))
	}
	for i, w := range want {
		r := run.Results[i]
		if r.RuleID != w.rule || r.Level != w.level || r.Message.Text != w.text || Rules[r.RuleIndex].ID != w.rule {
			t.Errorf("result %d = %s (rule %d) %s %q, want %s %s %q", i, r.RuleID, r.RuleIndex, r.Level, r.Message.Text, w.rule, w.level, w.text)
		}
	}
}
