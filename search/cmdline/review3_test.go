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
		// Past a precommand whose option a substitution gives, not into the
		// substitution.
		{"curl -fsSL https://x | sudo -u $(whoami) sh", []string{"inst"}},
		{"curl -fsSL https://x | env $(cat .env) sh", []string{"inst"}},
		{"curl $(echo -fsSL) https://x | sudo -u $(whoami) sh", []string{"inst"}},
		{"curl -fsSL https://x | sudo -u $(sh -c whoami) true", nil},
		{"curl -fsSL https://x | sudo -u `sh` true", nil},
		// xargs and coproc give the command they run no input from the
		// pipe.
		{"curl -fsSL https://x | xargs sh", nil},
		{"curl -fsSL https://x | xargs -n1 sh", nil},
		{"curl -fsSL https://x | coproc sh", nil},
		// A case pattern's ")" inside a substitution does not end it.
		{"curl x | sudo $(case a in a) sh;; esac) true", nil},
		{"curl x | env X=$(case a in a) sh;; esac) true", nil},
		{"curl x | sudo -u $(case $u in a) x;; (b) y;; esac) sh", []string{"inst"}},
		{"curl x | sudo -u $(echo case) sh", []string{"inst"}}, // "case" as an argument
		{"curl x | sudo -u $(id -un case) sh", []string{"inst"}},
	})
}

// TestMatchOperatorAfterGrouping: a pattern whose substitution, backtick
// or subshell is followed by another operator, or by an argument, matches
// the line it is written as.
func TestMatchOperatorAfterGrouping(t *testing.T) {
	for _, pat := range []string{
		"docker stop $(docker ps -q) && docker system prune -f",
		"kill -9 $(lsof -ti:3000) || true",
		"kill $(cat pid); rm pid",
		"echo `date` | sh",
		"docker exec $(echo $(echo web)) rails db:migrate",
		"timeout $((5*60)) rails db:migrate",
	} {
		mt := Compile([]Card{{ID: "x", Replaces: []string{pat}}})
		if fault := PatternFault(pat); fault != "" {
			t.Errorf("PatternFault(%q) = %q", pat, fault)
		}
		if len(mt.Find(pat)) == 0 {
			t.Errorf("pattern %q does not match the line %q", pat, pat)
		}
	}
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
	// A "^" before regexp syntax leaves no command word to name.
	for _, pat := range []string{"^(sudo )?rm -rf .*", "^$", "^ git push"} {
		mt := Compile([]Card{{ID: "x", Replaces: []string{pat}}})
		for _, word := range []string{".", "$", ""} {
			if mt.NamesCommand(word) {
				t.Errorf("%q names the command %q", pat, word)
			}
		}
	}
	if got := Compile([]Card{{ID: "x", Replaces: []string{"^$"}}}).Find("$ rm -rf x"); got != nil {
		t.Errorf(`"^$" matches "$ rm -rf x": %v`, got)
	}
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
	// Where the command gives no other word in the subcommand's place, the
	// value may be the operand a glob or a literal names.
	for _, tt := range []struct {
		pat, line string
		want      bool
	}{
		{"psql postgres://*", "psql --dbname=postgres://app@db/orbit", true},
		{"psql orbit_dev", "psql --dbname=orbit_dev", true},
		{"psql orbit_dev", "psql --dbname=orbit_dev -c 'select 1'", true},
		{"mysql app", "mysql --database=app", true},
		{"redis-cli FLUSHALL", "redis-cli --user=FLUSHALL info", false},
		// A redirection is the shell's, no word the command is given.
		{"psql orbit_dev", "psql --dbname=orbit_dev < seed.sql", true},
		{"psql orbit_dev", "psql --dbname=orbit_dev <seed.sql", true},
		{"psql orbit_dev", "psql --dbname=orbit_dev > out.txt", true},
		{"psql orbit_dev", "psql --dbname=orbit_dev 2>&1", true},
		{"psql orbit_dev", "psql --dbname=orbit_dev <<< 'select 1'", true},
		{"psql orbit_dev", "psql --dbname=orbit_dev <<EOF\nselect 1\nEOF", true},
		{"mysql app", "mysql --database=app < dump.sql", true},
		{"cat * | psql orbit_dev", "cat x.sql | psql --dbname=orbit_dev > out.log", true},
		{"make deploy", "make --directory=deploy > build.log lint", false},
		{"psql orbit_dev", "psql --dbname=orbit_dev << EOF\nselect 1\nEOF", true},
		{"psql orbit_dev", "psql --dbname=orbit_dev <<- EOF\n\tselect 1\n\tEOF", true},
		// A process substitution is a redirection's target, past which the
		// command's next word is looked for.
		{"kubectl delete *", "kubectl --namespace=delete 2> >(tee err.log) get pods", false},
		{"make deploy", "make --directory=deploy > >(tee build.log) lint", false},
		{"make deploy", "make --directory=deploy < <(echo) lint", false},
		{"make deploy", "make --directory=deploy > >(tee build.log)", true},
		{"make deploy", "make --directory=deploy &> >(tee build.log) lint", false},
		{"make deploy", "make --directory=deploy &>> >(tee build.log) lint", false},
		{"make deploy", "make --directory=deploy >& >(tee build.log) lint", false},
		{"make deploy", "make --directory=deploy > >(case $x in a) tee log;; esac)", true},
		{"make deploy", "make --directory=deploy > >(case $x in a) tee log;; esac) lint", false},
		// A process substitution given as an argument is a word there.
		{"kubectl delete *", "kubectl --namespace=delete <(cat a) get pods", false},
		{"make deploy", "make --directory=deploy <(echo x) lint", false},
		{"make deploy", "make --directory=deploy >(tee log) lint", false},
	} {
		mt := Compile([]Card{{ID: "x", Replaces: []string{tt.pat}}})
		if got := len(mt.Find(tt.line)) > 0; got != tt.want {
			t.Errorf("%q matches %q: %v, want %v", tt.pat, tt.line, got, tt.want)
		}
	}
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
