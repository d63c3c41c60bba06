package cmdline

import (
	"strings"
	"testing"
)

// TestMatchCommandUnicodeSpaceIsText: bash splits words at blanks (a space
// or a tab) only; a no-break space (U+00A0) or another Unicode space
// (U+2009, U+3000) is part of the word, so "git\u00a0push --force" runs a
// command named "git\u00a0push", which bash does not find (exit 127), and
// pushes nothing. strings.Fields split the line there, and it matched
// "git push --force". ASCII white space still separates words as before
// (a carriage return of a pasted CRLF line, a form feed), and a pattern
// is read as the line is, so one holding the same character matches it.
// A pattern read as a regexp reads the line so too: a leading no-break
// space, trimmed as white space before the regexp ran, left the words'
// offsets before the line's start, and Match panicked (a 500 through GET
// /tools?command=); a trailing one was trimmed, so "(git|hub) push
// --force" matched "git push --force\u00a0", which git refuses.
func TestMatchCommandUnicodeSpaceIsText(t *testing.T) {
	mt := Compile([]Card{
		{ID: "push", Replaces: []string{"git push --force"}},
		{ID: "rmrf", Replaces: []string{"rm -rf <dir>"}},
		{ID: "echo", Replaces: []string{"echo *"}},
		{ID: "nbsp", Replaces: []string{"make\u00a0deploy"}},
		{ID: "re", Replaces: []string{"(git|hub) push --force"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"git\u00a0push --force", nil},
		{"\u00a0", nil},
		{"\u00a0\u00a0", nil},
		{"hub push --force\u00a0", nil},
		{"\u00a0hub push --force", nil},
		{"git push\u00a0--force", nil}, // push's argument "push\u00a0--force", no --force
		{"git push --force\u00a0", nil},
		{"\u00a0git push --force", nil},
		{"git\u2009push --force", nil},
		{"git\u3000push --force", nil},
		{"git\u0085push --force", nil},
		{"rm\u00a0-rf /", nil},
		{"echo a\u00a0b", []string{"echo"}},
		{"git push --force\r", []string{"push", "re"}},
		{"git push\f--force", []string{"push", "re"}},
		{"git push \t --force", []string{"push", "re"}},
		{"git push --force", []string{"push", "re"}},
		{"hub push --force", []string{"re"}},
		{"make\u00a0deploy", []string{"nbsp"}},
		{"make deploy", nil},
	})
}

// TestPatternFaultUnicodeSpace: a pattern holding a no-break or other
// Unicode space (pasted from a web page) names a word bash reads whole,
// and matches only a line holding that very character; card-replaces-shape
// says so and what to write. Patterns of ASCII white space are not told.
func TestPatternFaultUnicodeSpace(t *testing.T) {
	tests := []struct{ pat, want string }{
		{"git\u00a0push --force", `it holds the white space U+00A0 in "git\u00a0push", which bash reads as part of the word, not as a blank, so the pattern matches only a line holding that very character: write a plain space ("git push")`},
		{"git push\u2009--force", `U+2009 in "push\u2009--force"`},
		{"rm -rf\u3000<dir>", `write a plain space ("-rf <dir>")`},
		{"git push --force", ""},
		{"git push\t--force", ""},
		{"echo 'a b'", ""},
	}
	for _, tt := range tests {
		got := PatternFault(tt.pat)
		if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
			t.Errorf("PatternFault(%q) = %q, want %q", tt.pat, got, tt.want)
		}
	}
}

// TestBlank: a line of ASCII white space alone holds no command, and the
// API and CLI refuse it as empty; a no-break or other Unicode space is a
// word's text, as bash reads it (a command of that name, not found), so a
// line of it is matched, and no pattern matches it.
func TestBlank(t *testing.T) {
	for _, tt := range []struct {
		line  string
		blank bool
	}{
		{"", true},
		{" \t\r\n\f\v", true},
		{"\u00a0", false},
		{" \u00a0 ", false},
		{"\u3000", false},
		{"\u2009\n", false},
		{"ls", false},
	} {
		if got := Blank(tt.line); got != tt.blank {
			t.Errorf("Blank(%q) = %v, want %v", tt.line, got, tt.blank)
		}
	}
}
