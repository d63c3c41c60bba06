package validate

import (
	"strings"
	"testing"
)

// The replaces cost limits refuse patterns of counted repetitions and leave
// command shapes alone, long ones included.
func TestReplacesCost(t *testing.T) {
	long := "gcloud compute instances create <name> --zone=<zone> --machine-type=<type> --image-family=<family> --image-project=<project> --boot-disk-size=<size>"
	tests := []struct {
		pat  string
		over bool
	}{
		{"git push .* --force", false},
		{"curl <url> | sh", false},
		{"npm (install|i|add) (-g|--global) [@a-z0-9/._-]+", false},
		// Long shapes written as regexps (the trailing .* makes them one).
		{long + " .*", false},
		{long + " --metadata-from-file=startup-script=<file> --tags=<tags> --scopes=cloud-platform --labels=<labels> --no-address --shielded-secure-boot .*", false},
		{strings.Repeat("x", 400), false},
		{"(a*)*(a|aa)*.{0,999}x", true},
		{".{0,100}.{0,100}.{0,100}.{0,100}.{0,100}", true},
	}
	for _, tt := range tests {
		if got := replacesCost(tt.pat) > MaxReplacesPatternCost; got != tt.over {
			t.Errorf("%.40q: cost %d, over the limit %v, want %v", tt.pat, replacesCost(tt.pat), got, tt.over)
		}
	}
}

// The cost is that of the regexp the matcher compiles: it keeps a named
// group's <name> (search.placeholdersToRegexp), so such a group must not
// hide a costly pattern by making it no regexp here.
func TestReplacesCostNamedGroup(t *testing.T) {
	for _, pat := range []string{
		"(?P<x>(a*)*(a|aa)*.{0,999}.{0,999}.{0,999}x)",
		"(?<x>(a*)*(a|aa)*.{0,999}.{0,999}.{0,999}x)",
	} {
		if cost := replacesCost(pat); cost <= MaxReplacesPatternCost {
			t.Errorf("%.40q: cost %d, want over the limit %d", pat, cost, MaxReplacesPatternCost)
		}
	}
}

// A pattern naming its command by a path of regexp syntax may run twice on
// a command (on its name, and as the line writes it), so it counts twice
// in a card's total: two cards of five such patterns took the whole
// budget of a line, and the cards after them went untried.
func TestReplacesCostCountsPathRunsTwice(t *testing.T) {
	card := func(path string) string {
		var pats []string
		for _, c := range "qwe" {
			pats = append(pats, `"`+path+` .*`+string(c)+`[a-z0-9]{1,237}.*"`)
		}
		return `{"id":"big","command":"bin/big","summary":"s","intent_phrases":["x"],"effects":"e","risk":"reversible","example":"bin/big","replaces":[` +
			strings.Join(pats, ",") + `]}`
	}
	for _, tt := range []struct {
		path string
		over bool
	}{
		{`(\\./)?bin/rm`, true},
		{`.*/bin/rm`, true},
		{`bin/rm`, false}, // a literal path: its first run stops at the prefix
		{`(srm|rm)`, false},
	} {
		src := Sources{Cards: []CardSource{{File: File{Path: "bin/big.card.json", Data: []byte(card(tt.path))}, ToolPath: "bin/big", ToolExists: true}}}
		got := false
		for _, d := range Validate(&src).Diagnostics {
			got = got || d.Rule == "card-replaces-cost"
		}
		if got != tt.over {
			t.Errorf("three patterns of %s: card-replaces-cost %v, want %v", tt.path, got, tt.over)
		}
	}
}

// Over the limit, the size is said as exact only when it was computed: a
// pattern whose lower bound is already over it is not compiled, and
// "compiles to 501 instructions" said less than it compiles to.
func TestReplacesCostMessageSize(t *testing.T) {
	for _, tt := range []struct{ pat, want string }{
		{"git push .{0,490}", "compiles to 995 instructions"},
		{"git push .{0,491}", "compiles to at least 501 instructions"},
	} {
		card := `{"id":"big","command":"bin/big","summary":"s","intent_phrases":["x"],"effects":"e","risk":"reversible","example":"bin/big","replaces":["` + tt.pat + `"]}`
		src := Sources{Cards: []CardSource{{File: File{Path: "bin/big.card.json", Data: []byte(card)}, ToolPath: "bin/big", ToolExists: true}}}
		var msg string
		for _, d := range Validate(&src).Diagnostics {
			if d.Rule == "card-replaces-cost" {
				msg = d.Message
			}
		}
		if !strings.Contains(msg, tt.want) {
			t.Errorf("%s: %q, want it to say %q", tt.pat, msg, tt.want)
		}
	}
}
