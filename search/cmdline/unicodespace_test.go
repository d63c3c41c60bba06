package cmdline

import "testing"

// TestMatchCommandUnicodeSpaceIsText: bash splits words at blanks (a space
// or a tab) only; a no-break space (U+00A0) or another Unicode space
// (U+2009, U+3000) is part of the word, so "git\u00a0push --force" runs a
// command named "git\u00a0push", which bash does not find (exit 127), and
// pushes nothing. strings.Fields split the line there, and it matched
// "git push --force". ASCII white space still separates words as before
// (a carriage return of a pasted CRLF line, a form feed), and a pattern
// is read as the line is, so one holding the same character matches it.
func TestMatchCommandUnicodeSpaceIsText(t *testing.T) {
	mt := Compile([]Card{
		{ID: "push", Replaces: []string{"git push --force"}},
		{ID: "rmrf", Replaces: []string{"rm -rf <dir>"}},
		{ID: "echo", Replaces: []string{"echo *"}},
		{ID: "nbsp", Replaces: []string{"make\u00a0deploy"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"git\u00a0push --force", nil},
		{"git push\u00a0--force", nil}, // push's argument "push\u00a0--force", no --force
		{"git push --force\u00a0", nil},
		{"\u00a0git push --force", nil},
		{"git\u2009push --force", nil},
		{"git\u3000push --force", nil},
		{"git\u0085push --force", nil},
		{"rm\u00a0-rf /", nil},
		{"echo a\u00a0b", []string{"echo"}},
		{"git push --force\r", []string{"push"}},
		{"git push\f--force", []string{"push"}},
		{"git push \t --force", []string{"push"}},
		{"git push --force", []string{"push"}},
		{"make\u00a0deploy", []string{"nbsp"}},
		{"make deploy", nil},
	})
}
