package validate

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

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
