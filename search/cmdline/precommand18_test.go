package cmdline

import (
	"slices"
	"testing"
)

// TestMatchCommandMorePrecommands: pkexec and run0 (polkit's and
// systemd's sudo), busybox's applets, bash's builtin and aws-vault exec
// run the command after them, past their options, as sudo does: "pkexec
// rm -rf /x" matched no "rm -rf *" (review). An option's argument is no
// command ("pkexec --user rm ls" lists), nor is aws-vault's profile.
func TestMatchCommandMorePrecommands(t *testing.T) {
	mt := Compile([]Card{{ID: "rm", Replaces: []string{"rm -rf *"}}, {ID: "push", Replaces: []string{"git push --force*"}},
		{ID: "kill", Replaces: []string{"kill -9 *"}}})
	for _, tc := range []struct {
		cmd  string
		want []string
	}{
		{"pkexec rm -rf /x", []string{"rm"}},
		{"pkexec --user root rm -rf /x", []string{"rm"}},
		{"pkexec --user rm ls -l", nil},
		{"pkexec --keep-cwd rm -rf build", []string{"rm"}},
		{"run0 rm -rf /x", []string{"rm"}},
		{"run0 -u app -D /srv rm -rf cache", []string{"rm"}},
		{"run0 --user app --setenv=A=1 rm -rf cache", []string{"rm"}},
		{"run0 --setenv A=1 rm -rf cache", []string{"rm"}},
		{"run0 -u rm ls", nil},
		{"busybox rm -rf /x", []string{"rm"}},
		{"busybox ls /x", nil},
		{"builtin kill -9 -1", []string{"kill"}},
		{"aws-vault exec prod -- git push --force", []string{"push"}},
		{"aws-vault exec prod git push --force", []string{"push"}},
		{"aws-vault exec -d 1h prod -- git push --force", []string{"push"}},
		{"aws-vault --backend file exec --region eu-west-1 prod -- git push --force", []string{"push"}},
		{"aws-vault exec git push --force", nil}, // git is the profile: push runs
		// Its options after the profile, as kingpin reads flags among
		// arguments (review of this table).
		{"aws-vault exec prod --no-session -- rm -rf /x", []string{"rm"}},
		{"aws-vault exec prod --duration=1h -- git push --force", []string{"push"}},
		{"aws-vault exec prod --duration 1h -n -- git push --force", []string{"push"}},
		{"aws-vault exec prod -d 1h -- git push --force", []string{"push"}},
		{"aws-vault exec prod -d rm -- ls", nil}, // rm is -d's value
		{"aws-vault exec prod --prompt=terminal -- git push --force", []string{"push"}},
		{"aws-vault exec prod --no-session", nil},
		{"aws-vault exec prod --prompt=terminal", nil},
		{"aws-vault list", nil},
		// Their scripts are read as sudo's are.
		{"busybox sh -c 'git push --force'", []string{"push"}},
		{"pkexec bash -c 'git push --force'", []string{"push"}},
		{"builtin eval 'git push --force'", []string{"push"}},
		{"builtin exec git push --force", []string{"push"}},
	} {
		if got := matchedIDs(mt, tc.cmd); !slices.Equal(got, tc.want) {
			t.Errorf("MatchCommand(%q) = %v, want %v", tc.cmd, got, tc.want)
		}
	}
}
