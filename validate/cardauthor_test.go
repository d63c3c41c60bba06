package validate

import (
	"strings"
	"testing"
)

// cardAuthorFindings validates one card, bin/land.card.json beside its
// tool, whose JSON is cardJSON("land") with each field of set written
// over (as raw JSON), and returns its findings of rule.
func cardAuthorFindings(t *testing.T, rule string, set map[string]string) []Diagnostic {
	t.Helper()
	card := `{"id":"land","command":"bin/land <branch>","summary":"Merge a branch.","intent_phrases":["land my branch"],` +
		`"effects":"Merges it.","risk":"reversible","example":"bin/land feature/login"}`
	for k, v := range set {
		if strings.Contains(card, `"`+k+`":`) {
			i := strings.Index(card, `"`+k+`":`) + len(k) + 3
			j := i + strings.IndexAny(card[i:], ",}")
			if card[i] == '[' {
				j = i + strings.Index(card[i:], "]") + 1
			}
			card = card[:i] + v + card[j:]
		} else {
			card = strings.Replace(card, `{`, `{"`+k+`":`+v+`,`, 1)
		}
	}
	src := Sources{Cards: []CardSource{{File: File{Path: "bin/land.card.json", Data: []byte(card)}, ToolPath: "bin/land", ToolExists: true}}}
	var out []Diagnostic
	for _, d := range Validate(&src).Diagnostics {
		if d.Rule == rule {
			out = append(out, d)
		}
	}
	return out
}

// TestListGivenForAStringSaysWhatToWrite: a list where a card's string is
// due, the mirror of a string where a list is, says what to write: the
// string of a list of one, a command line of its words (a help_probe
// written as an exec array), one of several; a risk in a list of one, the
// value. Before: "expected string, but got array" only, and for the risk
// the two values allowed, the one given among them.
func TestListGivenForAStringSaysWhatToWrite(t *testing.T) {
	for _, tt := range []struct{ field, value, want string }{
		{"example", `["bin/land feature/login"]`, `expected string, but got array: one string is due, not a list; write "bin/land feature/login"`},
		{"help_probe", `["land", "--help"]`, `expected string, but got array: one string is due, a command line, not a list of its words; write "land --help"`},
		{"effects", `["Merges the branch.", "Pushes main."]`, `expected string, but got array: one string is due, not a list; keep one ("Merges the branch."), or write them in one string`},
		{"risk", `["destructive"]`, `["destructive"] is not allowed: the value must be one of "reversible", "destructive" (one value, not a list: write "destructive")`},
		{"risk", `["destructiv"]`, `["destructiv"] is not allowed: the value must be one of "reversible", "destructive" (did you mean "destructive"?)`},
		// Nothing to write from: the type alone.
		{"example", `[1]`, `expected string, but got array`},
		{"example", `[]`, `expected string, but got array`},
	} {
		got := cardAuthorFindings(t, "schema", map[string]string{tt.field: tt.value})
		if len(got) != 1 || got[0].Message != tt.want || got[0].Pointer != "/"+tt.field {
			t.Errorf("%s: %s: got %v\nwant %s", tt.field, tt.value, got, tt.want)
		}
	}
}
