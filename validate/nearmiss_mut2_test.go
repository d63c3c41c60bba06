package validate

import (
	"strings"
	"testing"
)

// TestNearMissesInFeatureBody checks near misses of fields that only the
// feature branch of the schema declares (allOf/if/then), down through its
// arrays, $refs and config map, each reported where it is with the field
// meant; a field that is right draws none.
func TestNearMissesInFeatureBody(t *testing.T) {
	cases := []struct {
		old, new string
		ptr      string // "" : no near miss at all
		want     string
	}{
		{`"agents": [`, `"agnets": [`, "/agnets", `'agnets' is ignored; did you mean 'agents'?`},
		{`"onError": "halt" }`, `"onErorr": "halt" }`, "/steps/0/onErorr", `did you mean 'onError'?`},
		{`"fragment": { "path": "loop/threat-model.md" }`, `"fragment": { "path": "loop/threat-model.md", "inlien": "x" }`, "/contributions/0/fragment/inlien", `did you mean 'inline'?`},
		{`"type": "boolean", "default": true,`, `"tpye": "boolean", "default": true,`, "/config/workflow.security_enforcement/tpye", `did you mean 'type'?`},
		{`"unsupported": []`, `"unsuported": []`, "/runtimeCompat/unsuported", `did you mean 'unsupported'?`},
		{`"blocking": true,`, `"Blocking": true,`, "/gates/0/Blocking", `did you mean 'blocking'?`},
		{`"blocking": true,`, `"blocking": true, "onerror": "skip",`, "", ""}, // the gate has onError already
		{`"onError": "halt" }`, `"onError": "halt", "whenn": 1 }`, "", ""},    // the step has when
	}
	for _, tc := range cases {
		diags := findingsOf(sampleRepo(t, sampleEdit{"security", tc.old, tc.new}), "field-near-miss")
		if tc.ptr == "" {
			if len(diags) != 0 {
				t.Errorf("%s: want no near miss, got %v", tc.new, diags)
			}
			continue
		}
		if len(diags) != 1 || diags[0].Pointer != tc.ptr || !strings.Contains(diags[0].Message, tc.want) || diags[0].Severity != Warning {
			t.Errorf("%s: want one warning at %s containing %q, got %v", tc.new, tc.ptr, tc.want, diags)
		}
	}
}

// TestNearestIDBudgetAndTies checks how far a "did you mean" reaches, as
// its doc says: one edit, two for names of ten letters or more, none past
// 256 bytes; and that on a tie the first of the names wins.
func TestNearestIDBudgetAndTies(t *testing.T) {
	long := strings.Repeat("a", 255)
	tests := []struct {
		id    string
		names []string
		want  string
	}{
		{"pruvenanse", []string{"provenance"}, "provenance"}, // two edits, ten letters
		{"pruvenanc", []string{"provenans"}, ""},             // two edits, nine letters
		{"cat", []string{"bat", "hat"}, "bat"},               // a tie: the first
		{"cat", []string{"hat", "bat"}, "hat"},
		{"cat", []string{"hut", "bat"}, "bat"}, // the nearer, wherever it is
		{long + "b", []string{long + "c"}, long + "c"},
		{long + "bb", []string{long + "bc"}, ""}, // past 256 bytes: no search
	}
	for _, tt := range tests {
		if got := NearestID(tt.id, tt.names); got != tt.want {
			t.Errorf("NearestID(%.20q…, %.20q) = %.20q, want %.20q", tt.id, tt.names, got, tt.want)
		}
	}
}
