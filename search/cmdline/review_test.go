package cmdline

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestMatchCommandReview: lines an agent types, from a review of the
// reading of scripts on a shell's input, here-documents' substitutions,
// runuser, script -c, git rebase --exec and case inside a substitution.
func TestMatchCommandReview(t *testing.T) {
	mt := Compile([]Card{
		{ID: "push", Replaces: []string{"git push --force"}},
		{ID: "rmrf", Replaces: []string{"rm -rf <dir>"}},
		{ID: "node", Replaces: []string{"node *"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// "case" is a reserved word after one ("then case"), not after a
		// longer word that ends in one: the ")" after it still closes the
		// substitution.
		{`x="$(echo lengthen case)"; git push --force`, []string{"push"}},
		{`x="$(echo athen case)"; git push --force`, []string{"push"}},
		{`x="$(while case $1 in a) echo "a; rm -rf b";; esac; do :; done)"`, nil},
		// A case in a case's arm: its esac closed the outer case, and
		// the outer's next pattern the substitution.
		{`echo "$(case $1 in a) case $2 in b) echo b;; esac;; c) echo "c; rm -rf build";; esac)"`, nil},
		{`echo "$(case $1 in a) case $2 in b) echo b;; esac;; esac)" && git push --force`, []string{"push"}},
		{`echo "$(case $1 in a) echo $(date) case;; esac)"; git push --force`, []string{"push"}},

		// A here-document whose delimiter is not quoted is given to the
		// shell that reads it with its escapes taken off: it runs the
		// substitutions the line left for it.
		{"sh <<EOF\necho \"\\$(git push --force)\"\nEOF", []string{"push"}},
		{"cat <<EOF | sudo bash\necho \"\\`rm -rf /srv/app\\`\"\nEOF", []string{"rmrf"}},
		{"sh <<'EOF'\necho \"\\$(git push --force)\"\nEOF", nil},
		{"bash <<EOF\necho \"a \\\\\" ; rm -rf b\"\nEOF", nil},
		{"bash <<EOF\necho \"a \\\\\"; git push --force\nEOF", nil}, // the quote is left open
		// The line's shell runs the substitutions in the body, whatever
		// the script it gives a shell makes of them.
		{"bash <<EOF\necho '$(git push --force)'\nEOF", []string{"push"}},
		{"sudo bash <<EOF\ncat > /etc/app.conf <<'CONF'\ntoken=$(git push --force)\nCONF\nEOF", []string{"push"}},
		{"cat <<EOF | sh\necho '`rm -rf build`'\nEOF", []string{"rmrf"}},
		{"bash <<'EOF'\necho '$(git push --force)'\nEOF", nil},
		{"bash <<EOF\necho $((1 + 2)) '$(( 3 ))'\nrm -rf $(pwd)/build\nEOF", []string{"rmrf"}},
		{"bash <<EOF\necho \"$(echo 'a; git push --force')\"\nEOF", nil},

		// A "-" alone ends a shell's options, as "--" does.
		{"echo 'rm -rf build' | sudo -E bash -", []string{"rmrf"}},
		{"cat <<'EOF' | bash -\nrm -rf build\nEOF", []string{"rmrf"}},
		{"bash - <<'EOF'\ngit push --force\nEOF", []string{"push"}},
		{"bash -c - 'git push --force'", []string{"push"}},
		{"echo 'git push --force' | bash - run.sh", nil},
		{"echo 'git push --force' | bash -- -", nil},
		{"echo 'git push --force' | bash - -", nil},

		// runuser runs a command only when -u names the user; without
		// it, as su, the word after its options is the user.
		{"runuser -l node -c 'npm ci'", nil},
		{"runuser node -c 'git push --force'", []string{"push"}},
		{"runuser -u node -- node --version", []string{"node"}},
		{"runuser -lu node node --version", []string{"node"}},
		{"runuser --user=node -- node --version", []string{"node"}},
		{"runuser --user node node --version", []string{"node"}},
		{"runuser -g node node --version", nil},

		// su, and sudo -i or -s, given no command, run a shell that
		// reads its script from its input.
		{"su - app <<'EOF'\ncd /srv/app\ngit push --force\nEOF", []string{"push"}},
		{"sudo su - app <<EOF\nrm -rf /srv/app\nEOF", []string{"rmrf"}},
		{"sudo -i <<'EOF'\nrm -rf /srv/app\nEOF", []string{"rmrf"}},
		{"echo 'git push --force' | sudo -u app -s", []string{"push"}},
		{"cat <<'EOF' | sudo --login\ngit push --force\nEOF", []string{"push"}},
		{"su - app -c 'make test' <<'EOF'\ngit push --force\nEOF", nil},
		// su refuses an option wanting its argument at the end of the
		// line ("option requires an argument -- 'c'") and runs nothing.
		{"su -c <<'EOF'\ngit push --force\nEOF", nil},
		{"su -lc <<'EOF'\ngit push --force\nEOF", nil},
		{"su --command <<'EOF'\ngit push --force\nEOF", nil},
		{"echo 'git push --force' | su -s", nil},
		{"echo 'git push --force' | su -l app", []string{"push"}},
		{"sudo -u app cat <<'EOF'\ngit push --force\nEOF", nil},
		{"sudo -l <<'EOF'\ngit push --force\nEOF", nil},
		{"sudo -usi <<'EOF'\ngit push --force\nEOF", nil}, // the user "si"
		{"sudo -g staff -i <<'EOF'\ngit push --force\nEOF", []string{"push"}},

		// A shell given what cat prints of a here-document runs it.
		{"bash -c \"$(cat <<'EOF'\ncd /srv\ngit push --force\nEOF\n)\"", []string{"push"}},
		{"echo \"$(cat <<EOF\nrm -rf build\nEOF\n)\" | sh", []string{"rmrf"}},
		{"eval \"$(cat <<'EOF'\ngit push --force\nEOF\n)\"", []string{"push"}},
		{"bash -c \"$(cat <<'EOF'\ngit push --force\nEOF\n) && ls\"", nil},
		{"bash -c \"$(cat notes <<'EOF'\ngit push --force\nEOF\n)\"", nil},
		{"bash -c \"$(cat <<'EOF'\ngit push --force\nEOF\necho\n)\"", nil},
		{"git commit -m \"$(cat <<'EOF'\ngit push --force\nEOF\n)\"", nil},
		{"echo \"$(cat <<'EOF'\necho \"\\$(git push --force)\"\nEOF\n)\" | sh", nil},
		{"bash -c \"$(cat <<'EOF'\necho \"a\\\";git push --force\"\nEOF\n)\"", nil},
		{"bash -c \"$(cat <<'EOF'\necho \"a\\\"\";git push --force\nEOF\n)\"", []string{"push"}},
		{"bash -c \"$(cat <<'E\nOF'\ngit push --force\nE\nOF\n)\"", nil},
		{"bash -c '$(cat <<\"E'", nil},
		{"python3 -c \"$(cat <<'EOF'\nimport os\nEOF\n)\"; echo \"$(cat <<'EOF'\nrm -rf build\nEOF\n)\"", nil},

		// cat prints a here-string into the shell it is piped to.
		{"cat <<< 'git push --force' | sh", []string{"push"}},
		{`cat <<<"cd app && rm -rf build" | sudo bash -s`, []string{"rmrf"}},
		{"cat - <<< 'git push --force' 2>/dev/null | bash", []string{"push"}},
		{"cat notes.txt <<< 'git push --force' | sh", nil},
		{"cat -n <<< 'git push --force' | sh", nil},
		{"cat <<< 'git push --force' 2>&1 | sh", []string{"push"}},
		{"cat <<< 'git push --force' > run.sh", nil},
		{"cat <<< 'git push --force' | tee log", nil},
		{"cat run.sh | sh", nil},

		// printf's %q quotes its operand as one word of a command.
		{`printf 'echo %q\n' 'a; rm -rf b' | sh`, nil},
		{`printf '%q ' git push --force | sh`, []string{"push"}},
		{`printf 'cd %q && rm -rf %q\n' 'my app' build | bash`, []string{"rmrf"}},
	})
}

// TestMatchCommandReviewCommentPattern: a pattern that is a comment alone
// matches nothing, and the card's other patterns still match; each
// panicked in search.Build (which compiled them then), which the daemon
// runs before it serves a snapshot.
func TestMatchCommandReviewCommentPattern(t *testing.T) {
	for _, pat := range []string{"#", "# legacy", "#!/bin/bash", "  # x\n", "# rm -rf .*", "# cat <<EOF", "#$(", "#\n#\n"} {
		mt := Compile([]Card{{ID: "push", Replaces: []string{pat, "git push --force"}}})
		for _, tt := range []struct {
			cmd  string
			want []string
		}{{"ls -la", nil}, {"# legacy", nil}, {"rm -rf build", nil}, {"git push --force", []string{"push"}}} {
			if got := matchedIDs(mt, tt.cmd); !slices.Equal(got, tt.want) {
				t.Errorf("with the pattern %q, MatchCommand(%q) = %v, want %v", pat, tt.cmd, got, tt.want)
			}
		}
	}
}

// TestMatchCommandReviewPrintedScript: a script printf prints is read
// whatever its length, up to maxPrinted; a short line whose printf
// prints one of many "case" words is still told apart from one over the
// limits, and is not matched.
func TestMatchCommandReviewPrintedScript(t *testing.T) {
	mt := Compile([]Card{{ID: "push", Replaces: []string{"git push --force"}}})
	_, err := mt.Match(context.Background(), printedCaseLine(), DefaultBudget)
	if !errors.Is(err, ErrOverLimit) {
		t.Errorf("a printf of %d bytes piped to sh: err = %v, want ErrOverLimit", len(printedCaseLine()), err)
	}
}

// printedCaseLine is a line of 2 KB whose printf pipes a script of 64 KB
// into sh: a substitution left open after "case", and 10,000 words
// ending in "case" after it.
func printedCaseLine() string {
	return `printf '%s` + strings.Repeat("acase)", 300) + `' '"$(case x in ' ` + strings.Repeat("'' ", 35) + `| sh`
}

// BenchmarkBuildCaseWords: a pattern of a substitution holding many words
// that end in "case". Each was read back to the start of its word, so to
// the substitution's start: 48 KB took 0.38 s to build.
func BenchmarkBuildCaseWords(b *testing.B) {
	cards := []Card{{ID: "a", Replaces: []string{`echo "$(case x in ` + strings.Repeat("acase)", 8000) + `esac)"`}}}
	for b.Loop() {
		Compile(cards)
	}
}

// BenchmarkMatchCommandPrintedCase: printedCaseLine, whose script took
// 2.5 s to read.
func BenchmarkMatchCommandPrintedCase(b *testing.B) {
	mt := Compile([]Card{{ID: "push", Replaces: []string{"git push --force"}}})
	for b.Loop() {
		mt.Match(context.Background(), printedCaseLine(), DefaultBudget)
	}
}
