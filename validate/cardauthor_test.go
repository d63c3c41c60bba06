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

// TestCardInAFolderOfCardsNamesWhereItGoes: a card kept in a folder of
// cards, apart from the tool its command runs, is told where it goes, as
// one beside a tool of a near name is. Before: "no tool "cards/land"
// beside this card" and nothing more, the tool's file being elsewhere.
func TestCardInAFolderOfCardsNamesWhereItGoes(t *testing.T) {
	card := `{"id":"land","command":"bin/land <branch>","summary":"s","intent_phrases":["p"],"effects":"e","risk":"reversible","example":"bin/land x"}`
	orphan := func(srcs ...CardSource) []string {
		var out []string
		for _, d := range Validate(&Sources{Cards: srcs}).Diagnostics {
			if d.Rule == "card-orphan" {
				out = append(out, d.File+": "+d.Message)
			}
		}
		return out
	}
	kept := CardSource{File: File{Path: "cards/land.card.json", Data: []byte(card)}, ToolPath: "cards/land", CommandPath: "bin/land", CommandFound: true}
	want := `cards/land.card.json: no tool "cards/land" beside this card (a file, or a link to one; a link to nothing or a folder is none); a card is a sibling of the tool it describes; its command runs "bin/land", which is there: move the card beside it, as "bin/land.card.json"`
	if got := orphan(kept); len(got) != 1 || got[0] != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	// The command's file not there, or a card of its own beside it: no
	// place to name.
	gone := kept
	gone.CommandFound = false
	copied := CardSource{File: File{Path: "bin/land.card.json", Data: []byte(strings.Replace(card, `"land"`, `"land2"`, 1))}, ToolPath: "bin/land", ToolExists: true, CommandPath: "bin/land", CommandFound: true}
	for _, srcs := range [][]CardSource{{gone}, {kept, copied}} {
		if got := orphan(srcs...); len(got) != 1 || strings.Contains(got[0], "move the card") {
			t.Errorf("got %q", got)
		}
	}
}

// TestCardFieldOfAnotherNameSaysTheFieldMeant: a field named as other
// manifests name it ("description" for summary, "name" for id, "cmd",
// "intents", "help") is told the card's field it stands for, at it, as a
// misspelt one is, and once. Before: a required field was "missing" at the
// card's first line, with a second finding listing the ten fields at the
// name written; an optional one, the list alone.
func TestCardFieldOfAnotherNameSaysTheFieldMeant(t *testing.T) {
	for _, tt := range []struct{ from, to, rule, want string }{
		{"summary", "description", "schema", `missing required field 'summary'; the field 'description' is there: did you mean 'summary'?`},
		{"id", "name", "schema", `missing required field 'id'; the field 'name' is there: did you mean 'id'?`},
		{"command", "cmd", "schema", `missing required field 'command'; the field 'cmd' is there: did you mean 'command'?`},
		{"intent_phrases", "intents", "schema", `missing required field 'intent_phrases'; the field 'intents' is there: did you mean 'intent_phrases'?`},
		{"", "help", "card-unknown-field", `unknown tool card field "help" (did you mean "help_probe"?); it is kept in the index but nothing reads it`},
	} {
		card := `{"id":"land","command":"bin/land","summary":"Merge a branch.","intent_phrases":["land my branch"],"effects":"Merges it.","risk":"reversible","example":"bin/land x"}`
		if tt.from != "" {
			card = strings.Replace(card, `"`+tt.from+`":`, `"`+tt.to+`":`, 1)
		} else {
			card = strings.Replace(card, `{`, `{"`+tt.to+`":"land --help",`, 1)
		}
		src := Sources{Cards: []CardSource{{File: File{Path: "bin/land.card.json", Data: []byte(card)}, ToolPath: "bin/land", ToolExists: true}}}
		diags := Validate(&src).Diagnostics
		if len(diags) != 1 || diags[0].Rule != tt.rule || diags[0].Message != tt.want || diags[0].Pointer != "/"+tt.to {
			t.Errorf("%s for %s: got %v\nwant %s at /%s: %s", tt.to, tt.from, diags, tt.rule, tt.to, tt.want)
		}
	}
}

// TestCardWithCommentsNamedSoIsMisnamed: a card named as JSON with
// comments (land.card.jsonc), as an author wanting a note in it names it,
// was left out in silence, and the tool without its card; it is warned of
// as the plural and YAML are, saying that a card takes no comments.
func TestCardWithCommentsNamedSoIsMisnamed(t *testing.T) {
	diags := Validate(&Sources{MisnamedCards: []string{"bin/land.card.jsonc"}}).Diagnostics
	want := "bin/land.card.jsonc is not read as a tool card: a card is named <tool>.card.json, in JSON, without comments, beside its tool; rename it to bin/land.card.json"
	if len(diags) == 0 || diags[0].Rule != "card-misnamed" || diags[0].Message != want {
		t.Errorf("got %v\nwant card-misnamed: %s", diags, want)
	}
}
