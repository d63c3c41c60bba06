package cmdline

import "testing"

// TestMatchRedirectionTargetsInTheNextWord: a redirection whose target or
// descriptor is the next word takes that word only, and the words after
// it are the command's, as bash reads them ("git push >& 2 --force"
// pushes with --force, its output on the standard error; "git push &>
// log --force" too, both outputs in log); a line that is a redirection
// alone (>&2, 1>&2, &>log) is read.
func TestMatchRedirectionTargetsInTheNextWord(t *testing.T) {
	mt := Compile([]Card{
		{ID: "push", Replaces: []string{"git push --force"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"git push >& 2 --force", []string{"push"}},
		{"git push 1>& 2 --force", []string{"push"}},
		{"git push &> log --force", []string{"push"}},
		{"git push >& log --force", []string{"push"}},
		{"git push &>> log --force", []string{"push"}},
		{">&2", nil},
		{"1>&2", nil},
		{"&>log", nil},
	})
}
