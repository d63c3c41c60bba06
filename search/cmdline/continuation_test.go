package cmdline

import "testing"

// continuationRows are lines of two or more lines whose git push runs,
// or does not, by where a backslash at a line's end continues it: not in
// a comment, where it is text ("# clean outputs \" continues nothing),
// nor after a backslash it escapes ("echo C:\\" ends its line), nor in
// single quotes. capreg removed every backslash-newline before reading
// the line, so the command on the next line was joined to the comment or
// to echo, and matched nothing (review).
var continuationRows = []bashRow{
	{"# clean outputs \\\ngit push --force origin", true},
	{"echo start # \\\ngit push --force origin", true},
	{"echo C:\\\\\ngit push --force origin", true},
	{"echo start #a \\\r\ngit push --force origin", true},
	{"git push \\\n  --force origin", true},
	{"git push \\\r\n  --force origin", true},
	{"echo $(echo a \\\n b) && git push --force origin", true},
	{"echo 'a \\\ngit push --force origin'", false},
	{"echo \"a \\\ngit push --force origin\"", false},
	{"echo a \\\\\\\ngit push --force origin", false},
	{"echo a#b \\\ngit push --force origin", false},
	{"echo a \\\n# git push --force origin", false},
	// A quote's end, and the substitution's, let the scan go on past
	// them to the continuation after; a here-document's apostrophe in a
	// substitution opens no quote; a "#" touching a quote's end is text.
	{"echo 'a' && git push \\\n--force origin", true},
	{"echo \"a\" && git push \\\n--force origin", true},
	{"echo $(cat <<EOF\ndon't\nEOF\n) && git push \\\n--force origin", true},
	{"echo \"a\"# \\\ngit push --force origin", false},
	{"git push \\\n--force origin $", true},
	{"echo $(echo a # \\\ngit push --force origin)", true},
	{"echo $(echo 'a \\\ngit push --force origin')", false},
	// A "#" right after a substitution's ")" is more of its word; after
	// a subshell's, it starts a comment.
	{"echo <(true)#b \\\ngit push --force origin", false},
	{"echo $(true)#b \\\ngit push --force origin", false},
	{"echo $((1+2))#b \\\ngit push --force origin", false},
	{"(true)#b \\\ngit push --force origin", true},
	{"echo <( (true) )#b \\\ngit push --force origin", false}, // the outer ")" is the substitution's
	// In double quotes every backslash-newline continues the line, but
	// for a substitution's text, read as the line's.
	{"out=\"$(make build # log \\\ngit push --force origin)\"", true},
	{"echo \"$(echo a # \\\ngit push --force origin)\"", true},
	{"echo \"a \\\n$(git push --force origin)\"", true},
}

// TestMatchCommandLineContinuation checks continuationRows against a
// card for git push --force.
func TestMatchCommandLineContinuation(t *testing.T) {
	checkRowsMatch(t, Compile([]Card{{ID: "push", Replaces: []string{"git push --force *"}}}), continuationRows)
}

// TestContinuationRowsAgreeWithBash runs each row of continuationRows in
// bash (a CRLF row as its LF twin: bash reads the "\r" as a character,
// where capreg takes a pasted CRLF line end for a newline).
func TestContinuationRowsAgreeWithBash(t *testing.T) {
	checkRowsInBash(t, continuationRows, "")
}

// TestPipeOfErrorsGoesOnAtTheNextLine: a line that ends with "|&", as one
// that ends with "|", goes on at the next (bash runs "curl x |&" then
// "sh" as one pipeline), and so does a pattern written so. The tokens
// read "|&" as "|" and "&", and the "&" ended the line: sh read nothing.
func TestPipeOfErrorsGoesOnAtTheNextLine(t *testing.T) {
	mt := Compile([]Card{
		{ID: "pipe", Replaces: []string{"curl * | sh"}},
		{ID: "both", Replaces: []string{"wget * |&\n  sh"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"curl x |\nsh", []string{"pipe"}},
		{"curl x |&\nsh", []string{"pipe"}},
		{"curl x |& # fetch\n  sh", []string{"pipe"}},
		{"curl x &\nsh", nil},
		{"wget x |& sh", []string{"both"}},
		{"wget x |&\nsh", []string{"both"}},
		{"wget x &\nsh", nil},
	})
}
