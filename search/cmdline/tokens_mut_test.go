package cmdline

import "testing"

// TestMatchShellWordsAtTheirEdges: lines that end in a lone "$" or in
// "<$" are read without a panic ("echo $" prints "$"), and a bundle of
// short options splits at the first letter that takes an argument after
// any letter a to z of either case before it: "curl -aXDELETE" is curl
// -a -X DELETE, "mkdir -Zm755 d" is mkdir -Z -m 755 d.
func TestMatchShellWordsAtTheirEdges(t *testing.T) {
	mt := Compile([]Card{
		{ID: "echo", Replaces: []string{"echo <a>"}},
		{ID: "cat", Replaces: []string{"cat <file>"}},
		{ID: "del", Replaces: []string{"curl -X DELETE *"}},
		{ID: "mode", Replaces: []string{"mkdir -m 755 *"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"echo $", []string{"echo"}},
		{"cat <$", []string{"cat"}},
		{"curl -aXDELETE http://x", []string{"del"}},
		{"curl -XDELETE http://x", []string{"del"}},
		{"mkdir -Zm755 d", []string{"mode"}},
		{"mkdir -pm755 d", []string{"mode"}},
		{"mkdir -pm 755 d", []string{"mode"}},
	})
}

// TestMatchCommentsEndAtTheLine: a comment ends at its line's end, even
// one that is a lone "#", and one inside a command substitution hides
// the ")" on its line, so the substitution's next line is a command (bash
// runs both "git push"es); a bundle of maxLineBundle short options is
// split ("rm -vfrdI" gives -f); ">&" ending a line takes no word.
func TestMatchCommentsEndAtTheLine(t *testing.T) {
	mt := Compile([]Card{
		{ID: "push", Replaces: []string{"git push --force"}},
		{ID: "rm", Replaces: []string{"rm -f *"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"echo a #\ngit push --force", []string{"push"}},
		{"echo \"$(echo a # ) here\ngit push --force\n)\"", []string{"push"}},
		{"echo \"$(echo a ) # here\ngit push --force\n)\"", nil},
		{"echo \"$(echo a #) here\ngit push --force\n)\"", []string{"push"}},
		{"rm -vfrdI x", []string{"rm"}},
		{"echo x >&", nil},
	})
}
