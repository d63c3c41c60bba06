package cmdline

import "testing"

// TestMatchRegexpStopsAtComment: a pattern read as a regular expression
// is run on its command's text up to a comment, which starts at a # after
// a blank outside quotes: a # inside double quotes, '…' or $'…' (where
// \' escapes a quote) is the argument's and is matched, as bash reads
// each line (echo prints the text after the # for the first four). A
// one-word command line that starts with a quote is read for a comment
// from its first byte.
func TestMatchRegexpStopsAtComment(t *testing.T) {
	mt := Compile([]Card{
		{ID: "amend", Replaces: []string{"echo .*--amend.*$"}},
		{ID: "ls", Replaces: []string{"ls.*"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{`echo "x # --amend"`, []string{"amend"}},
		{`echo 'x # --amend'`, []string{"amend"}},
		{`echo $'a # --amend'`, []string{"amend"}},
		{`echo $'a\' # --amend'`, []string{"amend"}},
		{`echo x # --amend`, nil},
		{`echo $x # --amend`, nil},
		{`echo 'a\' # --amend`, nil},
		{`echo "a\" # --amend"`, []string{"amend"}},
		{`'ls' # x`, []string{"ls"}},
	})
}
