package cmdline

import (
	"slices"
	"testing"
)

// TestMatchPipedCommand: the command after a pattern's operator is read
// as a line's first command is, past precommands, assignments and a path
// to it, with its own options; a word that only reads as a command's
// name ("echo sh") is none.
func TestMatchPipedCommand(t *testing.T) {
	mt := Compile([]Card{
		{ID: "inst", Replaces: []string{"curl * | sh"}},
		{ID: "portkill", Replaces: []string{"lsof -ti:<port> | xargs kill -9"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"curl -fsSL https://get.docker.com | sh", []string{"inst"}},
		{"curl -fsSL https://get.docker.com | sudo sh", []string{"inst"}},
		{"curl -fsSL https://get.docker.com | sudo -E sh", []string{"inst"}},
		{"curl -fsSL https://get.docker.com | /bin/sh", []string{"inst"}},
		{"curl -fsSL https://get.docker.com | env FOO=1 sh", []string{"inst"}},
		{"curl -fsSL https://get.docker.com | FOO=1 sh -s -- --dry-run", []string{"inst"}},
		{"curl -fsSL https://get.docker.com | echo sh", nil},
		{"curl -fsSL https://get.docker.com | tee sh", nil},
		{"curl -fsSL https://get.docker.com > sh", nil},
		{"lsof -ti:3000 | xargs kill -9", []string{"portkill"}},
		{"lsof -ti:3000 | sudo xargs kill -9", []string{"portkill"}},
		{"lsof -ti:3000 | xargs echo kill -9", nil},
	})
}

// TestMatchAnchoredRegexpByWords: a "^" that starts a regexp pattern is
// no part of its first word, so options before the subcommand are passed
// over as they are for the pattern without it, and the two are equally
// specific (ordered by id).
func TestMatchAnchoredRegexpByWords(t *testing.T) {
	mt := Compile([]Card{
		{ID: "plain", Replaces: []string{"kubectl logs -f .*"}},
		{ID: "anchored", Replaces: []string{"^kubectl logs -f .*"}},
		{ID: "push", Replaces: []string{"^git push.*"}},
		{ID: "status", Replaces: []string{"^git status$"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"kubectl logs -f api", []string{"anchored", "plain"}},
		{"kubectl -n prod logs -f api", []string{"anchored", "plain"}},
		{"git push origin", []string{"push"}},
		{"git -C repo push origin", []string{"push"}},
		{"sudo /usr/bin/git -C repo push origin", []string{"push"}},
		{"git -C repo status", nil}, // "$": no words after, which words do not read
		{"git status", []string{"status"}},
		{"git status --short", nil},
	})
}

// TestMatchGluedValueIsNoSubcommand: the value an option holds in its
// word is not the subcommand or target a pattern names, though it may be
// an operand it wants.
func TestMatchGluedValueIsNoSubcommand(t *testing.T) {
	mt := Compile([]Card{
		{ID: "deploy", Replaces: []string{"make deploy"}},
		{ID: "deployglob", Replaces: []string{"make deploy*"}},
		{ID: "kdel", Replaces: []string{"kubectl delete *"}},
		{ID: "dump", Replaces: []string{"pg_dump <db>"}},
		{ID: "psql", Replaces: []string{"psql <url>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"make deploy", []string{"deploy", "deployglob"}},
		{"make --directory=app deploy", []string{"deploy", "deployglob"}},
		{"make --directory=deploy lint", nil},
		{"make --file=deploy.mk test", nil},
		{"kubectl --namespace=delete get pods", nil},
		{"kubectl --namespace=prod delete pod x", []string{"kdel"}},
		{"pg_dump --dbname=app", []string{"dump"}},
		{"psql --dbname=app", []string{"psql"}},
	})
}

// TestNamedByAfterPrecommand: an intent that is, or quotes, a command
// line after a precommand, assignments or another command names the
// cards Match finds for it, as one that starts with the command does.
func TestNamedByAfterPrecommand(t *testing.T) {
	mt := Compile([]Card{{ID: "trash", Replaces: []string{"rm -rf *"}}})
	for _, tt := range []struct {
		intent string
		whole  bool
		want   bool
	}{
		{"rm -rf build", true, true},
		{"sudo rm -rf build", true, true},
		{"FOO=1 rm -rf build", true, true},
		{"cd app && rm -rf build", true, true},
		{"env -i rm -rf build", true, true},
		{"I was going to run `sudo rm -rf build`", false, true},
		{"please rm -rf build", true, false}, // "please" is the command
		{"how do I rm -rf build safely", false, false},
	} {
		if tt.whole && tt.want && len(mt.Find(tt.intent)) == 0 {
			t.Fatalf("Find(%q) matches nothing", tt.intent)
		}
		got := mt.NamedBy(tt.intent, tt.whole)
		if named := slices.ContainsFunc(got, func(n Named) bool { return n.Card == 0 }); named != tt.want {
			t.Errorf("NamedBy(%q, %v) = %v, want trash named %v", tt.intent, tt.whole, got, tt.want)
		}
	}
}
