package cmdline

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestMatchCommandScripts: the commands of a script a shell is given (-c,
// bundled or apart, past options taking arguments) are matched as lines of
// their own; a script file's name is not a script.
func TestMatchCommandScripts(t *testing.T) {
	mt := Compile([]Card{
		{ID: "push", Replaces: []string{"git push --force"}},
		{ID: "rmrf", Replaces: []string{"rm -rf <dir>"}},
		{ID: "prune", Replaces: []string{"git branch -D *"}},
		{ID: "main", Replaces: []string{"git branch -D main"}},
		{ID: "kdel", Replaces: []string{"kubectl delete pod \\S+"}},
		{ID: "deploy", Replaces: []string{"./deploy.sh *"}},
		{ID: "scale", Replaces: []string{"kubectl scale --replicas=0 *"}},
	})
	tests := []struct {
		name, cmd string
		want      []string
	}{
		{"bash -c", "bash -c 'git push --force origin'", []string{"push"}},
		{"sh -c with a path to sh", `/bin/sh -c "git push --force"`, []string{"push"}},
		{"bundled -lc", "bash -lc 'git push --force'", []string{"push"}},
		{"-c apart from the operand", "bash -e -c -- 'git push --force'", []string{"push"}},
		{"-o takes its name", "bash -o pipefail -c 'git push --force'", []string{"push"}},
		{"--rcfile takes its file", "bash --rcfile x -c 'git push --force'", []string{"push"}},
		{"a script's commands after operators", "sh -c 'cd repo && git push --force'", []string{"push"}},
		{"a script file is not a script", "bash git push --force", nil},
		{"no -c: the operand is a file", "bash 'git push --force'", nil},
		{"-c with nothing after it", "bash -c", nil},
		{"-n reads the script and runs nothing", "bash -n -c 'git push --force'", nil},
		{"-n bundled", "sh -nc 'git push --force'", nil},
		{"+n runs it", "bash +n -c 'git push --force'", []string{"push"}},
		{"sudo sh -c", "sudo -u deploy sh -c 'rm -rf /srv/app'", []string{"rmrf"}},
		{"a script in a script", `bash -c "sudo sh -c 'git push --force'"`, []string{"push"}},
		{"su -c", "su -c 'git push --force'", []string{"push"}},
		{"su - user -c", "su - app -c 'rm -rf /srv/app'", []string{"rmrf"}},
		{"su --command=", "su --command='git push --force' app", []string{"push"}},
		{"su -s takes its shell", "su -s /bin/bash -c 'git push --force'", []string{"push"}},
		{"su without -c runs a shell", "su app", nil},
		{"su -G with its group glued", "su -Gdocker app -c 'git push --force'", []string{"push"}},
		{"su -s with its shell glued", "su -s/bin/csh app -c 'git push --force'", []string{"push"}},
		{"eval joins its words", `eval git push "--force"`, []string{"push"}},
		{"eval of one word", `eval "git push --force"`, []string{"push"}},
		{"watch and its interval", "watch -n 5 'rm -rf /tmp/cache'", []string{"rmrf"}},
		{"watch of words", "watch git push --force", []string{"push"}},
		{"watch -n bundled", "watch -tn 5 'rm -rf /tmp/cache'", []string{"rmrf"}},
		{"watch -n glued", "watch -dn1 'rm -rf /tmp/cache'", []string{"rmrf"}},
		{"find -exec ... +", "find . -name node_modules -exec rm -rf {} +", []string{"rmrf"}},
		{"find -exec ... \\;", `find . -type d -exec rm -rf '{}' \; -print`, []string{"rmrf"}},
		{"find -delete runs nothing", "find . -name '*.tmp' -delete", nil},
		{"a quoted script is text to echo", `echo "bash -c 'git push --force'"`, nil},
		{"./ kept in a script", "bash -c './deploy.sh prod'", []string{"deploy"}},
		{"an option's value in a script", "eval kubectl scale --replicas=0 deploy/x", []string{"scale"}},
		{"a regexp on a script's text", "sh -c 'kubectl delete pod web-1'", []string{"kdel"}},
		// A backslash escapes a double quote inside double quotes, as
		// agents quote a script in a script; the quote ended there, so
		// the text after it was read as commands and the script cut short.
		{"escaped quotes in a script", `su - app -c "bash -c \"git push --force\""`, []string{"push"}},
		{"escaped quotes three deep", `bash -c "sh -c 'bash -c \"rm -rf /srv/app\"'"`, []string{"rmrf"}},
		{"escaped quotes in a message", `git commit -m "Quote \"args\"; rm -rf build is gone"`, nil},
		{"escaped quotes in a message, at its end", `git commit -m "a \"b\" && git push --force"`, nil},
		{"escaped quotes before a here-document", "echo \"a \\\"b\\\"\" && cat > run.sh <<EOF\ngit push --force\nEOF", nil},
		{"an escaped backslash ends no quote", `echo "C:\\" && git push --force`, []string{"push"}},

		{"xargs gives the operand", "git branch --merged | xargs git branch -D", []string{"prune"}},
		{"xargs and its options", "git branch | xargs -n 1 -P4 git branch -D", []string{"prune"}},
		{"xargs feeds a placeholder", "ls -d build* | xargs rm -rf", []string{"rmrf"}},
		{"xargs fills no literal word", "echo x | xargs git branch -D", []string{"prune"}},
		{"xargs feeds no option", "echo x | xargs rm", nil},
		{"xargs -I puts it in place", "ls | xargs -I{} rm -rf {}", []string{"rmrf"}},
		{"xargs -I without the place", "ls | xargs -I{} rm -rf", nil},
		{"xargs -n then -I", "ls | xargs -n 1 -I % rm -rf %", []string{"rmrf"}},
		{"xargs --replace", "ls | xargs --replace=X rm -rf", nil},
		{"xargs fills no regexp", "echo x | xargs kubectl delete pod", nil},
		{"xargs sh -c", `ls | xargs -I{} sh -c 'rm -rf "{}"'`, []string{"rmrf"}},
		{"xargs alone runs echo", "ls | xargs", nil},

		{"a substitution in double quotes runs", `echo "$(git push --force)"`, []string{"push"}},
		{"backticks in double quotes run", "echo \"`git push --force`\"", []string{"push"}},
		{"an escaped substitution is text", `echo "\$(git push --force)"`, nil},
		{"a substitution in single quotes is text", `echo '$(git push --force)'`, nil},
		{"arithmetic is no command", `echo "$((1 + 2))"`, nil},
		{"a commit message by here-document, a lone quote in it",
			"git commit -m \"$(cat <<'EOF'\nDrop the \"legacy flag\n\nrm -rf build is no longer needed\nEOF\n)\"", nil},
		{"a pull request body by here-document, a lone quote in it",
			"gh pr create --title x --body \"$(cat <<'EOF'\n## Summary\n- drop \"old\n\ngit push --force was used\nEOF\n)\"", nil},
		{"the line goes on after the message",
			"git commit -m \"$(cat <<'EOF'\nSay \"hi\n# not a comment ) here\nEOF\n)\" && git push --force", []string{"push"}},
		{"a comment in a substitution holds a parenthesis",
			"echo \"$(# a (note\ngit push --force\n)\"", []string{"push"}},

		{"a here-document fed to a shell is its script", "sudo bash <<'EOF'\ncd /srv\ngit push --force\nEOF", []string{"push"}},
		{"a shell given -s reads its script", "bash -s -- prod <<EOF\nrm -rf /srv/app\nEOF\necho done", []string{"rmrf"}},
		{"a here-document written to a file", "cat <<'EOF' > run.sh\ngit push --force\nEOF", nil},
		{"a here-document fed to a script file", "bash deploy.sh <<EOF\ngit push --force\nEOF", nil},
		{"a here-document run on another host", "ssh host bash <<'EOF'\ngit push --force\nEOF", []string{"push"}},
		{"a shell given -n checks its input", "bash -n <<EOF\ngit push --force\nEOF", nil},
		{"a here-document fed to another language", "python3 - <<'EOF'\nrm -rf x\nEOF", nil},
		{"two here-documents, one to a shell", "bash <<A; cat <<B\ngit push --force\nA\nrm -rf x\nB", []string{"push"}},
		// A << inside quotes, also quotes over lines, opens no
		// here-document: read line by line, a code block of a pull
		// request's body ran as a script, and a message that mentioned
		// one lost its own delimiter line and the command after it.
		{"a shell's here-document in a pull request body is text",
			"gh pr create --title x --body \"$(cat <<'EOF'\n## Test\n```sh\nsudo bash <<'SH'\ngit push --force\nSH\n```\nEOF\n)\"", nil},
		{"a shell's here-document in a quoted message is text", "git commit -m 'Docs\n\nbash <<X\nrm -rf /srv\nX\n'", nil},
		{"a here-document a message mentions keeps its delimiter",
			"gh pr create --body \"$(cat <<'EOF'\nUse `cat <<EOF > f` there.\nEOF\n)\" && git push --force", []string{"push"}},
		{"a here-document a message mentions keeps the line's end",
			"git commit -m \"$(cat <<'EOF'\nAllow <<-DELIM\nEOF\n)\" && git push --force", []string{"push"}},
		{"a here-document in a comment", "# see cat <<EOF\ngit push --force", []string{"push"}},
		{"a shell on a continued line", "sudo \\\n  bash <<EOF\ngit push --force\nEOF", []string{"push"}},
		{"a shell reads the last of its here-documents", "bash <<A <<B\nrm -rf x\nA\ngit push --force\nB", []string{"push"}},

		{"an apostrophe in a comment", "ls # don't\ngit push --force", []string{"push"}},
		{"a comment's command is text", "# git push --force\nls", nil},
		{"a comment's substitution is text", "ls # \"$(git push --force)\"", nil},
		{"a # inside a word is no comment", "git push --force#x", nil},

		{"2>&1 is a redirection", "git push --force 2>&1 | tee log", []string{"push"}},
		{"a shell given its errors' redirection reads its input", "bash 2>&1 <<EOF\ngit push --force\nEOF", []string{"push"}},
		{"&> is a redirection", "rm -rf build &>/dev/null", []string{"rmrf"}},
		{"a command after & still runs", "sleep 1 & git push --force", []string{"push"}},

		{"a substitution gives the operand", "git branch -D $(git branch --merged | grep -v main)", []string{"prune"}},
		{"a substitution for a placeholder", "rm -rf $(find . -name node_modules)", []string{"rmrf"}},
		{"backticks give the operand", "rm -rf `ls -d build*`", []string{"rmrf"}},
		{"a substitution gives no option", "rm $(ls)", nil},
		{"a substitution's command is its own", "echo $(git push --force)", []string{"push"}},
		{"an assignment's substitution is no operand", "FOO=$(date) git push --force", []string{"push"}},
		{"a substitution is no literal word", "git branch -D $(echo main)", []string{"prune"}},

		{"echo piped to a shell", "echo 'git push --force' | sh", []string{"push"}},
		{"echo of words piped to sudo bash", "echo git push --force | sudo bash", []string{"push"}},
		{"echo's new lines", `echo -e 'cd app\nrm -rf build' | bash`, []string{"rmrf"}},
		{"echo -n still prints", `echo -n "rm -rf build" | bash -s`, []string{"rmrf"}},
		{"echo into a file", "echo 'git push --force' > run.sh", nil},
		{"echo into a file, then a pipe", "echo 'git push --force' > run.sh | sh", nil},
		{"echo's errors into a file, then a pipe", "echo 'git push --force' 2>/dev/null | sh", []string{"push"}},
		{"echo's output onto errors, then a pipe", "echo 'git push --force' >&2 | sh", nil},
		{"a quoted > is text to echo", "echo '>/dev/null; git push --force' | sh", []string{"push"}},
		{"a quoted > is printf's operand", `printf '%s\n' '>/dev/null; git push --force' | sh`, []string{"push"}},
		{"a quoted > and another word", `echo "> log" 'git push --force' | sh`, []string{"push"}},
		{"a redirection before the command", ">/dev/null git push --force", []string{"push"}},
		{"a redirection and its target before the command", "2> err.log git push --force", []string{"push"}},
		{"a duplication before the command", "2>&1 git push --force", []string{"push"}},
		{"a quoted > is a command's name", `'>' git push --force`, nil},
		{"echo piped to a script file", "echo 'git push --force' | bash run.sh", nil},
		{"echo piped to a shell given -c", "echo 'git push --force' | bash -c 'cat'", nil},
		{"echo piped to another command", "echo 'git push --force' | tee log", nil},
		{"printf piped to a shell", `printf 'cd app\nrm -rf build\n' | sh`, []string{"rmrf"}},
		{"printf's operands", `printf '%s\n' 'cd app' 'git push --force' | bash`, []string{"push"}},
		{"printf -v prints nothing", `printf -v x 'git push --force' | sh`, nil},
		// bash prints what comes before a "%" with no conversion, or an
		// invalid one, and stops ("missing format character", "invalid
		// format character"), the format not repeated; it reads a length
		// modifier ("%ls") and ignores it.
		{"printf stops at a lone %", `printf 'git push --force%' | sh`, []string{"push"}},
		{"printf stops at % and flags", `printf 'git push --force%-5' | sh`, []string{"push"}},
		{"printf stops at an invalid conversion", `printf 'cd app\n%s\n%y' 'rm -rf build' 'git push --force' | sh`, []string{"rmrf"}},
		{"printf reads a length modifier", `printf '%ls -rf build' rm | sh`, []string{"rmrf"}},
		{"a here-string to a shell", "bash <<< 'git push --force'", []string{"push"}},
		{"a here-string glued", `sudo sh <<<"rm -rf /srv/app"`, []string{"rmrf"}},
		{"a here-string to a script file", "bash run.sh <<< 'git push --force'", nil},
		{"a here-string to another command", "cat <<< 'git push --force'", nil},
		{"a here-document cat pipes to a shell", "cat <<'EOF' | bash\ncd /srv\ngit push --force\nEOF", []string{"push"}},
		{"cat - piped to sudo sh", "cat - <<EOF | sudo sh\nrm -rf /srv/app\nEOF", []string{"rmrf"}},
		{"a here-document cat pipes elsewhere", "cat <<'EOF' | tee log\ngit push --force\nEOF", nil},
		{"cat of a file and a here-document", "cat notes <<'EOF' | bash\ngit push --force\nEOF", nil},
		{"an unquoted here-document runs its substitutions", "cat > notes.md <<EOF\nv$(git push --force)\nEOF", []string{"push"}},
		{"a quoted here-document's are text", "cat > notes.md <<'EOF'\n$(git push --force)\nEOF", nil},
		{"an escaped delimiter's are text", "cat > notes.md <<\\EOF\n$(git push --force)\nEOF", nil},
		{"an escaped substitution in a here-document", "cat > run.sh <<EOF\n\\$(git push --force)\nEOF", nil},
		{"runuser -u runs the command", "runuser -u app -- git push --force", []string{"push"}},
		{"runuser -c runs the script", "runuser -l app -c 'rm -rf /srv/app'", []string{"rmrf"}},
		{"script -c", "script -q -c 'git push --force' /dev/null", []string{"push"}},
		{"script -c after its file", "script -q session.log -c 'git push --force'", []string{"push"}},
		{"script -qc bundled", "script -qc 'rm -rf build' /dev/null", []string{"rmrf"}},
		{"script of a file only", "script session.log", nil},
		{"git rebase --exec", "git rebase -i --exec 'git push --force' main", []string{"push"}},
		{"git -C rebase -x", "git -C repo rebase -x './deploy.sh staging' HEAD~3", []string{"deploy"}},
		{"git rebase --exec=", "git rebase --exec='rm -rf build' main", []string{"rmrf"}},
		{"git rebase -x last in a bundle", "git rebase -iqx 'rm -rf build' main", []string{"rmrf"}},
		{"git rebase -x last in a bundle of letters unknown", "git rebase -vx 'git push --force' main", []string{"push"}},
		{"git rebase -s takes its strategy", "git rebase -is 'rm -rf build' main", nil},
		{"git rebase -x with its script in the word", "git rebase -x'rm -rf build' main", []string{"rmrf"}},
		{"git rebase -x in a bundle with its script in the word", "git rebase -ix'rm -rf build' main", []string{"rmrf"}},
		{"a branch ending in x is no -x", "git rebase hotfix 'rm -rf build'", nil},
		{"an --onto value ending in x is no -x", "git rebase --onto main prefix 'git push --force'", nil},
		{"git log -x runs nothing", "git log -x 'git push --force'", nil},
		{"an escaped dollar before a quote is no ANSI-C quote", `echo \$'x\' && git push --force #'`, []string{"push"}},
		{"an escaped backslash before an ANSI-C quote", `echo \\$'x\' && git push --force #'`, nil},
		{"a command looked up by which", "$(which git) push --force", []string{"push"}},
		{"looked up in backticks", "`which git` push --force", []string{"push"}},
		{"looked up by command -v, after sudo", "sudo $(command -v git) push --force", []string{"push"}},
		{"looked up in double quotes", `"$(type -P git)" push --force`, []string{"push"}},
		{"a looked-up path as an operand", "echo $(which git) push --force", nil},
		{"a lookup that drops its errors", "$(which git 2>/dev/null) push --force", []string{"push"}},
		{"a lookup of two names", "$(which git hub) push --force", nil},
		{"a lookup's redirection apart from its target", "$(command -v git 2> /dev/null) push --force", []string{"push"}},
		{"a substitution that runs more", "$(which git && echo x) push --force", nil},

		// A case's pattern ends with ")", which closed the substitution,
		// and the rest of the case was read as commands.
		{"a case inside a substitution", `x="$(case $1 in a) echo "it is; rm -rf build";; esac)"`, nil},
		{"the substitution ends after esac", `x="$(case $1 in (a) echo a;; esac)"; git push --force`, []string{"push"}},
		{"case after then", `x="$(if true; then case $1 in a) echo "a; rm -rf b";; esac; fi)"`, nil},
		{"the word case is no keyword", `echo "$(echo case a)"; git push --force`, []string{"push"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := matchedIDs(mt, tt.cmd); !slices.Equal(got, tt.want) {
				t.Errorf("MatchCommand(%q) = %v, want %v", tt.cmd, got, tt.want)
			}
		})
	}
}

// TestMatchCommandScriptsLimits: the commands of the scripts count
// towards MaxCommands, and scripts are read MaxScriptDepth deep.
func TestMatchCommandScriptsLimits(t *testing.T) {
	mt := Compile([]Card{{ID: "push", Replaces: []string{"git push --force"}}})
	half := strings.Repeat("true; ", MaxCommands/2)
	line := "bash -c '" + half + "git push --force'; " + half
	if _, err := mt.Match(context.Background(), line, DefaultBudget); !errors.Is(err, ErrOverLimit) {
		t.Errorf("a line of %d commands and a script of %d: err = %v, want ErrOverLimit",
			MaxCommands/2+1, MaxCommands/2+1, err)
	}
	// find's command, each word quoted again, may be longer than the
	// line; it was dropped unread, and the line matched nothing.
	find := "find . -name '*.tmp' -exec git push --force" + strings.Repeat(` \'`, MaxLine/4) + ` \;`
	if len(find) > MaxLine || len(joinedScript(shellTokens(find)[5:len(shellTokens(find))-1], true)[0]) <= MaxLine {
		t.Fatalf("the line is %d bytes: not a line under the limit with a script over it", len(find))
	}
	if got := mt.Find(find); len(got) != 1 {
		t.Errorf("a line of %d bytes whose find -exec is longer: MatchCommand = %v, want a match", len(find), got)
	}
	// A script deeper than MaxScriptDepth is not read, and the line is
	// not matched at all, rather than matched without it: "eval eval eval
	// eval git push --force" matched nothing, with no error.
	nest := "git push --force"
	for depth := 1; depth <= MaxScriptDepth+1; depth++ {
		nest = "eval " + shellQuote(nest)
		m, err := mt.Match(context.Background(), nest, DefaultBudget)
		if depth <= MaxScriptDepth && (err != nil || len(m.Cards) != 1) {
			t.Errorf("a script %d deep: MatchCommandLine = %v, %v, want a match", depth, m.Cards, err)
		}
		if depth > MaxScriptDepth && !errors.Is(err, ErrOverLimit) {
			t.Errorf("a script %d deep: MatchCommandLine = %v, %v, want ErrOverLimit", depth, m.Cards, err)
		}
	}
	if _, err := parseCommandLine("eval eval eval eval ''"); err != nil {
		t.Errorf("a script of nothing, 4 deep: %v, want none", err)
	}
}

// FuzzCommandScripts: a command line run as a script by "bash -c" matches
// every card the line matches by itself, and no line makes the reading of
// TestMatchCommandAfterSubstitutions: a command substitution given as an
// argument is one word of the command around it: the command a
// precommand runs may follow it, and words after it are no command. Each
// row says what bash runs.
func TestMatchCommandAfterSubstitutions(t *testing.T) {
	mt := Compile([]Card{{ID: "migrate", Replaces: []string{"rails db:migrate"}}})
	tests := []struct {
		cmd  string
		want []string
	}{
		{"sudo -u $(whoami) rails db:migrate", []string{"migrate"}},
		{"sudo --user=$(whoami) rails db:migrate", []string{"migrate"}},
		{"doas -u `whoami` rails db:migrate", []string{"migrate"}},
		{"env $(cat .env | xargs) rails db:migrate", []string{"migrate"}},
		{"timeout $((5*60)) rails db:migrate", []string{"migrate"}},
		{"nice -n $(echo 5) rails db:migrate", []string{"migrate"}},
		{"xargs -P $(nproc) rails db:migrate", []string{"migrate"}},
		{"FOO=$(date) rails db:migrate", []string{"migrate"}},
		{"$(which rails) db:migrate", []string{"migrate"}},
		{"if true; then $(true) rails db:migrate; fi", []string{"migrate"}},
		{"echo $(case $x in a) rails db:migrate;; esac)", []string{"migrate"}},
		{"echo `case $x in a) rails db:migrate;; esac`", []string{"migrate"}},
		{"PATH=$(pwd)/bin:$PATH rails db:migrate", []string{"migrate"}},
		{"PYTHONPATH=$(pwd)/src rails db:migrate", []string{"migrate"}},
		{"FOO=$(id -u):$(id -g) rails db:migrate", []string{"migrate"}},
		// Words after an argument's substitution.
		{"echo $(date) rails db:migrate", nil},
		{"echo $(date) $(whoami) rails db:migrate", nil},
		{"echo $(date)$(date) rails db:migrate", nil},
		{"echo $(case x in x) echo y;; esac) rails db:migrate", nil},
		{"echo `date` rails db:migrate", nil},
		{"echo PATH=$(pwd)/bin:$PATH rails db:migrate", nil},
		{"echo FOO=$(id -u):$(id -g) rails db:migrate", nil},
		{"printf %s A=$(pwd)/x rails db:migrate", nil},
		{"$(date):$(date) rails db:migrate", nil},
		{"$(true)/x rails db:migrate", nil},
		{"A=$(a) B=$(b) rails db:migrate", []string{"migrate"}},
		{"A=$(a)/x B=$(b) rails db:migrate", []string{"migrate"}},
		{"then=1 FOO=$(x) rails db:migrate", []string{"migrate"}},
	}
	checkMatchCommand(t, mt, tests)
}

// scripts panic.
func FuzzCommandScripts(f *testing.F) {
	for _, s := range []string{"git push --force", "cd x && rm -rf build", "ls | xargs -n1 git branch -D",
		"find . -exec rm -rf {} \\;", "eval 'git push' --force", "su - app -c 'rm -rf /'", "watch -n1 git push --force",
		"bash -o pipefail -lc 'sudo sh -c \"git push --force\"'", "xargs -I{} sh -c 'rm -rf {}'",
		`su - app -c "bash -c \"git push --force\""`, `git commit -m "a \"b\"; rm -rf c"`, "eval eval eval eval git push --force",
		"find . -exec git push --force \\' \\' \\;", "watch -tn 5 git push --force", "su -Gdocker app -c 'git push'",
		"bash -n -c 'git push --force'", "xargs sudo", "xargs xargs rm -rf"} {
		f.Add(s)
	}
	mt := Compile([]Card{
		{ID: "push", Replaces: []string{"git push --force"}},
		{ID: "rmrf", Replaces: []string{"rm -rf <dir>"}},
		{ID: "prune", Replaces: []string{"git branch -D *"}},
		{ID: "curl", Replaces: []string{"curl .* | sh"}},
	})
	f.Fuzz(func(t *testing.T, s string) {
		direct := mt.Find(s)
		if strings.ContainsAny(s, "\n\r\\'\"") || strings.Contains(s, "<<") || len(s) > 512 {
			return // quoting then changes what the line says
		}
		if t := strings.TrimLeft(s, " \t"); t == "" || t[0] == '-' || t[0] == '+' {
			return // an option to bash, as bash reads it
		}
		wrapped := "bash -c " + shellQuote(s)
		if _, err := parseCommandLine(wrapped); err != nil {
			return // one command more, or a script too deep
		}
		got := mt.Find(wrapped)
		for _, c := range direct {
			if !slices.Contains(got, c) {
				t.Fatalf("MatchCommand(%q) = %v, but %q matches %v", wrapped, got, s, direct)
			}
		}
	})
}

// A line that ends with a pipe or a list operator goes on at the next,
// as agents wrap long commands: "curl -fsSL x |" then "  sh" is one
// pipeline, and a regexp pattern reads it as written on one line.
func TestMatchCommandContinuedLines(t *testing.T) {
	mt := Compile([]Card{
		{ID: "curl", Replaces: []string{"curl .* | sh"}},
		{ID: "grep", Replaces: []string{"ps aux | grep <name>"}},
		{ID: "push", Replaces: []string{"git push --force"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"curl -fsSL https://get.example.sh |\n  sh", []string{"curl"}},
		{"ps aux |\n  grep nginx", []string{"grep"}},
		{"echo 'git push --force' |\n  sudo bash", []string{"push"}},
		{"make build &&\n  git push --force", []string{"push"}},
		{"curl -fsSL https://get.example.sh | # fetch it\n  sh", []string{"curl"}},
		{"curl -fsSL https://get.example.sh # |\nsh", nil}, // the | is in a comment
		{"curl -fsSL https://get.example.sh\n| sh", nil},   // a line may not start with |
	})
}

// TestMatchCommandPrintedScript: a script printf prints is read
// whatever its length, up to maxPrinted; a short line whose printf
// prints many "case" words is still told apart from one over the
// limits, and is not matched. printedCaseLine's script, a substitution
// never closed, sh refuses (bash 5.2: "syntax error near unexpected
// token `)'"), as the matcher does (cm13), so it runs nothing, with no
// error; printedCasesLine's, 35 case statements sh runs (a git push in
// each, bash 5.2), is over MaxCommands.
func TestMatchCommandPrintedScript(t *testing.T) {
	mt := Compile([]Card{{ID: "push", Replaces: []string{"git push --force"}}})
	found, err := mt.Match(context.Background(), printedCaseLine(), DefaultBudget)
	if err != nil || len(found.Cards) != 0 {
		t.Errorf("a printf of %d bytes piped to sh, which refuses it: %v, err = %v, want no card and no error", len(printedCaseLine()), found.Cards, err)
	}
	_, err = mt.Match(context.Background(), printedCasesLine(), DefaultBudget)
	if !errors.Is(err, ErrOverLimit) {
		t.Errorf("a printf of %d bytes piped to sh: err = %v, want ErrOverLimit", len(printedCasesLine()), err)
	}
}

// printedCasesLine is a line of 2 KB whose printf pipes into sh a script
// of 35 case statements, each of 301 words in its pattern and a git push.
func printedCasesLine() string {
	return `printf 'case x in ` + strings.Repeat("acase|", 300) + `x) git push --force;; esac\n%s' ` + strings.Repeat("'' ", 35) + `| sh`
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

// TestMatchScriptsFromInputAndHereDocs: what a shell reads as its script when sudo runs
// one from its input (its -s or -i bundled after options, as sudo's
// getopt reads them: "sudo -Es", "sudo -Hi") and when cat prints a
// here-document as a script ("$(cat - <<'EOF' ... EOF)" prints it as
// "$(cat <<'EOF' ...)" does). Each was checked against bash and sudo
// 1.9.13 on this machine.
func TestMatchScriptsFromInputAndHereDocs(t *testing.T) {
	mt := Compile([]Card{
		{ID: "push", Replaces: []string{"git push --force"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// sudo -E -s, bundled: the shell reads the piped script.
		{"echo 'git push --force' | sudo -Es", []string{"push"}},
		{"echo 'git push --force' | sudo -EHs", []string{"push"}},
		// sudo -H -i, bundled: the login shell reads the here-document.
		{"sudo -Hi <<'EOF'\ngit push --force\nEOF", []string{"push"}},
		{"sudo -kHi <<'EOF'\ngit push --force\nEOF", []string{"push"}},
		// -u takes the rest of the word: "-usam" is user "sam", no -s.
		{"echo 'git push --force' | sudo -usam", nil},
		// cat - prints its input, the here-document, as cat does.
		{"bash -c \"$(cat - <<'EOF'\ngit push --force\nEOF\n)\"", []string{"push"}},
		{"bash -c \"$(cat <<'EOF'\ngit push --force\nEOF\n)\"", []string{"push"}},
		// cat given a file as well prints more than the here-document.
		{"bash -c \"$(cat - notes.txt <<'EOF'\ngit push --force\nEOF\n)\"", nil},
		// A backtick substitution inside double quotes runs its
		// command only; the text after its closing backtick, or after
		// an empty pair of them, is the quoted word's ("echo \"``
		// git push --force\"" prints " git push --force").
		{"echo \"`date +%Y` git push --force\"", nil},
		{"echo \"`` git push --force\"", nil},
		{"echo \"`git push --force` done\"", []string{"push"}},
		// bash's --init-file takes the next word; --login and --norc
		// take none, so -c after them is read.
		{"bash --init-file /dev/null -c 'git push --force'", []string{"push"}},
		{"bash --login -c 'git push --force'", []string{"push"}},
		{"bash --norc --noprofile -c 'git push --force'", []string{"push"}},
		// An option of su's or script's that takes an argument takes the
		// rest of its word, whose letters are no -c ("-gcdrom" is the
		// group cdrom), and no next word: the -c after it gives the
		// script. A "-cmd.log" that starts the rest is the log file.
		{"su -gcdrom -c 'git push --force'", []string{"push"}},
		{"su -Gdocker -c 'git push --force'", []string{"push"}},
		{"script -q -Bcmd.log -c 'git push --force'", []string{"push"}},
	})
	mt = Compile([]Card{{ID: "rmrf", Replaces: []string{"rm -rf <dir>"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// find runs each -exec's command in turn: the second starts
		// right after the ";" or "+" that ends the first.
		{`find . -name tmp -exec echo {} \; -exec rm -rf {} +`, []string{"rmrf"}},
		{"find . -name tmp -exec echo {} + -exec rm -rf {} ';'", []string{"rmrf"}},
		{`find . -name tmp -exec echo {} \; -exec ls {} +`, nil},
		// Two command lookups in a row are each the command's name:
		// "$(command -v env) $(command -v rm) -rf x" runs env rm -rf x.
		{"$(command -v env) $(command -v rm) -rf build", []string{"rmrf"}},
		{"$(which sudo) $(which rm) -rf build", []string{"rmrf"}},
		// A lookup left open runs nothing: bash reads no line of it
		// ("unexpected EOF while looking for matching `)'").
		{"$(which", nil},
		{"$(which rm", nil},
		{"$(which rm 2>/dev/null", nil},
		// xargs gives the command its input as operands unless a
		// replace string is given, past options that take a value, glued
		// ("-afiles.txt", "-n1") or in the next word ("-n 1"): with -I and
		// no {} in the command, rm -rf is given no operand.
		{"xargs -afiles.txt rm -rf", []string{"rmrf"}},
		{"ls | xargs -n 1 -I {} rm -rf", nil},
		{"ls | xargs -n1 -I{} rm -rf", nil},
		{"ls | xargs -0 -I{} rm -rf", nil},
		{"ls | xargs -0 rm -rf", []string{"rmrf"}},
		// A here-string with no word is a syntax error: nothing runs.
		{"bash <<<", nil},
		{"echo x | cat <<<", nil},
		// cat given a file after its here-string prints the file, not
		// the here-string; "-" is its input, the here-string.
		{"cat <<< 'rm -rf build' notes.txt | sh", nil},
		{"cat <<< 'rm -rf build' - | sh", []string{"rmrf"}},
		// echo of only options prints no script.
		{"echo -n | sh", nil},
		{"echo -e -n | bash", nil},
		// echo prints a "-" alone: the shell runs a command "-".
		{"echo - rm -rf build | sh", nil},
		// printf as bash's prints: "--" ends its options; a width
		// pads the operand; a conversion past the operands prints
		// nothing, and the format is printed again only for operands
		// left over; a "%" at the end prints nothing.
		{"printf | sh", nil},
		{"printf 2>/dev/null | sh", nil},
		{"printf -- 'rm -rf build\\n' | sh", []string{"rmrf"}},
		{"printf '%-3s -rf build\\n' rm | sh", []string{"rmrf"}},
		{"printf '%s -rf %s\\n' rm | sh", nil},
		{"printf '%s -rf build %' rm | sh", []string{"rmrf"}},
		{"printf '%s rm -rf build\\n' echo | sh", nil},
		// git's -c takes the next word, --no-pager none: the
		// subcommand after them is rebase, whose --exec runs.
		{"git -c user.name=a --no-pager rebase --exec 'rm -rf build' HEAD~1", []string{"rmrf"}},
		{"git --no-pager rebase -x 'rm -rf build' main", []string{"rmrf"}},
	})
}

// TestMatchScriptsCutShort: a command whose script option or pipe is
// the last word of the line runs no script, and reading it neither
// panics nor matches: npx -c, flock FILE -c, nix-shell --run with no
// word after them are errors of those commands; a "|" in a comment after
// cat's here-document pipes it nowhere, so the body is text (bash prints
// it).
func TestMatchScriptsCutShort(t *testing.T) {
	mt := Compile([]Card{{ID: "rmrf", Replaces: []string{"rm -rf <dir>"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"cat <<EOF # x | sh\nrm -rf build\nEOF", nil},
		{"cat <<EOF | sh\nrm -rf build\nEOF", []string{"rmrf"}},
		{"npx -c", nil},
		{"npx --yes", nil},
		{"npx -c 'rm -rf build'", []string{"rmrf"}},
		{"flock /tmp/l -c", nil},
		{"flock /tmp/l -c 'rm -rf build'", []string{"rmrf"}},
		{"nix-shell -p jq --run", nil},
		{"nix-shell -p jq --run 'rm -rf build'", []string{"rmrf"}},
	})
}
