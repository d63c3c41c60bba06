package cmdline

import "testing"

// TestMatchCommandReview2: lines an agent types, from a review of the
// tmux and screen sessions, the precommands added with them, command
// lookups ("$(which git)") and nix-shell, and of arithmetic and "time"
// read where a here-document or a case is looked for.
func TestMatchCommandReview2(t *testing.T) {
	mt := Compile([]Card{
		{ID: "push", Replaces: []string{"git push --force"}},
		{ID: "rmrf", Replaces: []string{"rm -rf <dir>"}},
		{ID: "deploy", Replaces: []string{"make deploy"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// A << in an arithmetic expansion or command is a shift, not a
		// here-document: the lines after it are commands.
		{"echo $((a<<b))\ngit push --force", []string{"push"}},
		{"echo $(( 1 << x ))\nrm -rf build", []string{"rmrf"}},
		{"((n << x))\ngit push --force", []string{"push"}},
		{"x=\"$(echo $((a<<b))\necho)\"\ngit push --force", []string{"push"}},
		{"echo \"$((a<<b))\"; git push --force", []string{"push"}},
		{"echo $((a<<b)) <<EOF\ngit push --force\nEOF", nil},
		{"x=$( (cat <<EOF\ngit push --force\nEOF\n) )", nil},

		// A lookup given to an assignment is its value: the command is
		// the one after it.
		{"GIT_SSH=$(which ssh) git push --force", []string{"push"}},
		{"CC=$(command -v gcc) make deploy", []string{"deploy"}},
		{"PY=`which python3` make deploy", []string{"deploy"}},
		{"export GIT=$(which git); $GIT push --force", nil},
		{"$(which git) push --force", []string{"push"}},
		{"A=1 $(which git) push --force", []string{"push"}},
		// command -p runs the command: git prints its usage.
		{"$(command -p git) push --force", nil},
		{"`type -p git` push --force", []string{"push"}},
		{"$(type -P git) push --force", []string{"push"}},
		{"$(command -v git) push --force", []string{"push"}},

		// flock's -c comes right after the file it locks; after the
		// command it runs, a -c is that command's.
		{"flock /tmp/l git -c 'rm -rf build' status", nil},
		{"flock /tmp/l gcc -c 'rm -rf build'", nil},
		{"flock /tmp/l -n -c 'git push --force'", nil},
		{"flock -n /tmp/l -c 'git push --force'", []string{"push"}},
		{"flock -w 5 /tmp/l --command 'git push --force'", []string{"push"}},
		{"flock --timeout 5 /tmp/l -c 'git push --force'", []string{"push"}},
		{"flock -E 3 /tmp/l --command='git push --force'", []string{"push"}},
		{"flock /tmp/l make deploy", []string{"deploy"}},

		// send-keys' keys as tmux reads them (checked with tmux 3.3a):
		// key names in any case, C-j and a new line end a line as Enter
		// does, C-c and C-u throw the line away, and an Enter in a later
		// send-keys to the same pane runs what an earlier one typed.
		{"tmux send-keys -t dev 'git push --force' enter", []string{"push"}},
		{"tmux send-keys -t dev 'git push --force' C-j", []string{"push"}},
		{"tmux send-keys -t dev 'git push --force' ^J", []string{"push"}},
		{"tmux send-keys -t dev 'git push --force\nls'", []string{"push"}},
		{"tmux send-keys -t dev 'git push --force ' C-c 'ls' Enter", nil},
		{"tmux send-keys -t dev 'git push --force ' C-u 'ls' Enter", nil},
		{"tmux send-keys -t dev -l 'git push --force' \\; send-keys -t dev Enter", []string{"push"}},
		{"tmux send-keys -tdev 'git push' \\; send-keys -t dev Space --force Enter", []string{"push"}},
		{"tmux send-keys -t dev 'git push --force' \\; send-keys -t api Enter", nil},
		{"tmux send-keys -t dev -l 'git push --force' Enter", nil},
		{"tmux send-keys -t dev 'git push --force' ESCAPE", nil},
		{"tmux send-keys -t dev 'git push --force'; sleep 0.2; tmux send-keys -t dev Enter", []string{"push"}},
		{"tmux send-keys -t dev 'git push --force' && tmux send-keys -t dev C-m", []string{"push"}},
		{"tmux send-keys -t dev 'git push --force'; tmux send-keys -t api Enter", nil},
		{"tmux send-keys -t dev 'git push --force'; tmux send-keys -t dev C-c Enter", nil},

		// tmux commands by a prefix of their names, pipe-pane and
		// if-shell, and a ";" at the end of a word, which ends a tmux
		// command (checked with tmux 3.3a).
		{"tmux split -h -t dev 'git push --force'", []string{"push"}},
		{"tmux new-w -t dev 'git push --force'", []string{"push"}},
		{"tmux pipe-pane -t dev -o 'git push --force'", []string{"push"}},
		{"tmux if -b 'git push --force' 'display ok'", []string{"push"}},
		{"tmux if-shell -F 'git push --force' 'display ok'", nil},
		{"tmux new -d -s x 'sleep 1'\\; neww 'git push --force'", []string{"push"}},
		{"tmux new -d 'git push --force\\;'", []string{"push"}},
		{"tmux send-keys -t dev 'git push --force;' Enter", nil},
		{"tmux run -C 'git push --force'", nil},
		{"tmux run-shell -c /srv 'git push --force'", []string{"push"}},
		{"tmux n 'git push --force'", nil},
		{"tmux s 'git push --force'", nil},
		{"tmux split-window -h -p 30 'git push --force'", []string{"push"}},
		{"tmux splitw -v -t dev -p 50 -c ~/app git push --force", []string{"push"}},

		// An ANSI-C quote, $'...', ends at a quote no backslash escapes,
		// and its \n is a new line (checked with bash 5.2).
		{`git commit -m $'fix: it\'s broken; git push --force was used'`, nil},
		{`echo $'don\'t' && git push --force`, []string{"push"}},
		{`bash -c $'git push --force'`, []string{"push"}},
		{`bash -c $'cd app\ngit push --force'`, []string{"push"}},
		{`tmux send-keys -t dev $'git push --force\n'`, []string{"push"}},
		{`echo $'a\\' ; git push --force`, []string{"push"}},
		{`echo $'rm -rf build'`, nil},

		// npx and npm exec run the command line of their -c (--call) in a
		// shell; after the package's command, a -c is that command's.
		{"npx -c 'make deploy'", []string{"deploy"}},
		{"npm exec --package=serve -c 'make deploy'", []string{"deploy"}},
		{"npm exec --call='git push --force'", []string{"push"}},
		{"npx -p cowsay -c 'cowsay hi && git push --force'", []string{"push"}},
		{"npx eslint -c 'rm -rf build'", nil},
		{"npm exec -- eslint -c 'rm -rf build'", nil},
		{"npx make deploy", []string{"deploy"}},
	})
}
