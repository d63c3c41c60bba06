package cmdline

import (
	"slices"
	"testing"
)

// TestMatchCommandSessions: the commands tmux and screen run in a session
// (new-session, split-window, run-shell, send-keys ending in Enter) are
// matched; keys only typed, or sent as literal text, are not.
func TestMatchCommandSessions(t *testing.T) {
	mt := Compile([]Card{
		{ID: "dev", Replaces: []string{"npm run dev"}},
		{ID: "push", Replaces: []string{"git push --force"}},
		{ID: "run", Replaces: []string{"./run.sh *"}},
	})
	tests := []struct {
		name, cmd string
		want      []string
	}{
		{"tmux new-session's command", "tmux new-session -d -s dev 'npm run dev'", []string{"dev"}},
		{"tmux new and its words", "tmux new -d -s web -c ~/app npm run dev", []string{"dev"}},
		{"tmux global options", "tmux -L agent -f /dev/null new -d 'npm run dev'", []string{"dev"}},
		{"tmux -c runs a command", "tmux -c 'git push --force'", []string{"push"}},
		{"tmux split-window", "tmux split-window -h -t dev 'cd app && npm run dev'", []string{"dev"}},
		{"tmux new-window with a name", "tmux neww -n api ./run.sh prod", []string{"run"}},
		{"tmux run-shell", "tmux run-shell -b 'git push --force'", []string{"push"}},
		{"tmux commands after \\;", "tmux new -d -s x \\; split-window 'npm run dev'", []string{"dev"}},
		{"tmux send-keys and Enter", "tmux send-keys -t dev 'npm run dev' Enter", []string{"dev"}},
		{"tmux send-keys and C-m", "tmux send -t dev:0 C-c 'git push --force' C-m", []string{"push"}},
		{"tmux send-keys of words and Space", "tmux send-keys npm Space run Space dev Enter", []string{"dev"}},
		{"tmux send-keys without Enter only types", "tmux send-keys -t dev 'git push --force'", nil},
		{"tmux send-keys -l types Enter as text", "tmux send-keys -l 'git push --force' Enter", nil},
		{"tmux new-session without a command", "tmux new-session -d -s dev", nil},
		{"tmux naming a session like a command", "tmux new -s 'npm run dev'", nil},
		{"tmux attach runs nothing", "tmux attach -t 'npm run dev'", nil},
		{"screen -dmS starts the command", "screen -dmS api ./run.sh prod", []string{"run"}},
		{"screen of one word", "screen -d -m 'npm run dev'", []string{"dev"}},
		{"screen -S with the name glued", "screen -dmSweb npm run dev", []string{"dev"}},
		{"screen -X stuff and a new line", `screen -S api -X stuff 'git push --force\n'`, []string{"push"}},
		{"screen -X stuff without one only types", `screen -S api -X stuff 'git push --force'`, nil},
		{"screen -r reattaches", "screen -r npm run dev", nil},
		{"screen -ls lists", "screen -ls npm run dev", nil},
		{"screen -d detaches", "screen -d npm run dev", nil},
		{"a session in sudo", "sudo -u app tmux new -d 'npm run dev'", []string{"dev"}},
		{"nix-shell --run", "nix-shell -p nodejs --run 'npm run dev'", []string{"dev"}},
		{"nix-shell --command=", "nix-shell --command='git push --force'", []string{"push"}},
		{"nix-shell without --run", "nix-shell -p nodejs", nil},
		{"nix develop -c", "nix develop .#web -c npm run dev", []string{"dev"}},
		{"nix's options before develop", `nix --extra-experimental-features "nix-command flakes" develop -c npm run dev`, []string{"dev"}},
		{"nix shell --command", "nix shell nixpkgs#nodejs --command npm run dev", []string{"dev"}},
		{"nix build runs nothing", "nix build -c npm run dev", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := matchedIDs(mt, tt.cmd); !slices.Equal(got, tt.want) {
				t.Errorf("MatchCommand(%q) = %v, want %v", tt.cmd, got, tt.want)
			}
		})
	}
}

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
