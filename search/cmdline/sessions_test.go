package cmdline

import (
	"slices"
	"testing"
)

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
