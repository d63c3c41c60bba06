package cmdline

import "testing"

// TestMatchCommandSessionEdges pins sessions.go's reading at the edges
// the other tests leave out, each a surviving mutant: tmux and screen
// lines cut short after an option that wants a value or after "stuff"
// (nothing runs, and nothing is read past the last word); a ";" that ends
// a word of two bytes ("a\;" is the session a, then a new command);
// send-keys text whose new line comes first, which runs what was typed
// before it; key names with a modifier ("C-l" types nothing) and "C-",
// too short to name a key, which tmux types as text; and a value glued
// to run-shell's -c (its start directory, the first of its options that
// take one) holding a "C", which is no -C; and screen's -X as its first
// option, which the name once stood before.
func TestMatchCommandSessionEdges(t *testing.T) {
	checkMatchCommand(t, pushAndMigrate(), []struct {
		cmd  string
		want []string
	}{
		// Cut short.
		{"tmux -c", nil},
		{"tmux send-keys -t", nil},
		{"tmux if-shell -b", nil},
		{"screen -S api -X stuff", nil},
		// A ";" at the end of a short word ends the tmux command.
		{"tmux new -d -s a\\; neww 'git push --force'", []string{"push"}},
		{"tmux new -d -s a 'git push --force'", []string{"push"}},
		// Typed text: a new line first runs the line before it.
		{"tmux send-keys -t dev 'git push --force' '\nls'", []string{"push"}},
		{"tmux send-keys -t dev 'git push --force' 'ls'", nil},
		// Key names.
		{"tmux send-keys -t dev C-l 'git push --force' Enter", []string{"push"}},
		{"tmux send-keys -t dev M-x 'git push --force' Enter", []string{"push"}},
		{"tmux send-keys -t dev 'git push --force' C- Enter", nil},
		// run-shell's -c value is no -C.
		{"tmux run-shell -c/srv/Cache 'git push --force'", []string{"push"}},
		{"tmux run-shell -C 'git push --force'", nil},
		// Keys after an Enter or ^C, and a separator after a word that
		// ends in "\;" (INVERT_LOOPCTRL mutants); an option's value
		// ("-t build", "-t=-l") gives no -l (INVERT_LOGICAL ones).
		{"tmux send-keys -t dev 'ls' Enter 'git push --force' Enter", []string{"push"}},
		{"tmux send-keys -t dev 'rm -rf /' ^C 'git push --force' Enter", []string{"push"}},
		{"tmux new -d 'echo a\\;' \\; neww 'git push --force'", []string{"push"}},
		{"tmux send-keys -t build 'git push --force' Enter", []string{"push"}},
		{"tmux send-keys -t=-l 'git push --force' Enter", []string{"push"}},
		// screen's -X as its first option.
		{"screen -X stuff 'git push --force\\n'", []string{"push"}},
	})
}

// TestMatchCommandScreenNameIsNoOption pins that screen's options are
// read after its name: a screen run by a relative path that starts with
// a dash ("-d/screen", which bash 5.2 runs as ./-d/screen with the words
// after it) gives no -d, -m or -X by its name. Read from the name on,
// "-d/screen git push --force" was a screen that only detaches, and ran
// nothing; as the surviving mutants of screenScript's "optionIn(...) >= 0"
// showed, no test told the name from an option.
func TestMatchCommandScreenNameIsNoOption(t *testing.T) {
	checkMatchCommand(t, pushAndMigrate(), []struct {
		cmd  string
		want []string
	}{
		{"-d/screen git push --force", []string{"push"}},
		{"-X/screen stuff 'git push --force\\n'", nil}, // runs stuff, types nothing
		{"-m/screen -d git push --force", nil},         // -d without -m detaches
		{"/opt/-d/screen git push --force", []string{"push"}},
	})
}
