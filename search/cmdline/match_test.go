package cmdline

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
)

// testCards are the Replaces of search's test cards, in their order.
func testCards() []Card {
	return []Card{
		{ID: "afplay"},
		{ID: "git-worktree-remove", Replaces: []string{"git worktree remove .*", "rm -rf <dir>"}},
		{ID: "git-status-short", Replaces: []string{"git status"}},
		{ID: "dtrace", Replaces: []string{"status", "bad(regex", "kill -9 <pid> <signal>"}},
		{ID: "pkg-remove"},
	}
}

// TestMatchEmpty: a matcher of no cards, or of cards without patterns,
// finds nothing and has tried every card.
func TestMatchEmpty(t *testing.T) {
	for _, cards := range [][]Card{nil, {{ID: "a"}, {ID: "b", Replaces: []string{"", "  # a comment"}}}} {
		mt := Compile(cards)
		m, err := mt.Match(context.Background(), "ls -la", DefaultBudget)
		if err != nil || m.Cards != nil || m.Truncated() || m.Total != len(cards) {
			t.Errorf("%d cards: Match = %+v, %v; want nothing, every card tried", len(cards), m, err)
		}
	}
}

// FuzzMatch: no line makes Match panic against cards of every kind of
// pattern (a regexp, one that does not compile, placeholders, a glob), and
// what it finds is well-formed: each card once, with a pattern of its own.
func FuzzMatch(f *testing.F) {
	for _, s := range []string{"", "play", "[a]ction `x`", "rm -rf /", "git worktree remove", "\xff", "kill -9 1 TERM", "bad(regex",
		"python -X", "npm --prefix web exec rm -rf x", "docker compose -f x exec web git status", "kubectl exec p -- git status",
		"ssh -p 22 h 'git status'", "pip3 install x", "sudo -u", "timeout -s"} {
		f.Add(s)
	}
	cards := append(testCards(), Card{ID: "alt", Replaces: []string{"git push (-f|--force) <x>", "(npm|pnpm) publish"}})
	mt := Compile(cards)
	f.Fuzz(func(t *testing.T, line string) {
		m, err := mt.Match(context.Background(), line, DefaultBudget)
		if err != nil {
			if !errors.Is(err, ErrOverLimit) {
				t.Fatalf("Match(%q): %v", line, err)
			}
			return
		}
		if len(m.Patterns) != len(m.Cards) || m.Tried != len(cards) {
			t.Fatalf("Match(%q) = %+v", line, m)
		}
		seen := map[int]bool{}
		for k, c := range m.Cards {
			if seen[c] || c < 0 || c >= len(cards) || m.Patterns[k] < 0 || m.Patterns[k] >= len(cards[c].Replaces) {
				t.Fatalf("Match(%q) = %+v", line, m)
			}
			seen[c] = true
		}
	})
}

// TestMatchCommand: which cards a command line matches, through precommands
// (sudo, env, nice, timeout), assignments, operators and anchors: the table
// of the matcher's ordinary reading of a line, one case per rule.
func TestMatchCommand(t *testing.T) {
	mt := Compile(testCards())
	const (
		wt     = 1 // git-worktree-remove
		status = 2 // git-status-short
		dtrace = 3
	)
	tests := []struct {
		name, cmd string
		want      []int
	}{
		{"regex", "git worktree remove ../wt", []int{wt}},
		{"regex with extra spaces", "  git   worktree\tremove   x  ", []int{wt}},
		{"regex anchored at start", "echo git worktree remove x", nil},
		{"a command sudo runs", "sudo git worktree remove x", []int{wt}},
		{"sudo with an option and its argument", "sudo -u deploy git status", []int{status}},
		{"sudo with a glued option, --", "sudo -udeploy -- git status", []int{status}},
		{"env with options and assignments", "env -i FOO=1 git status", []int{status}},
		{"nice with its argument", "nice -n 5 git status", []int{status}},
		{"timeout and its duration", "timeout -s KILL 10 git status", []int{status}},
		{"precommands nested", "FOO=1 sudo env BAR=2 nohup /usr/bin/git status", []int{status}},
		{"a precommand's operand is no command", "timeout git worktree remove x", nil},
		{"a precommand alone", "sudo -u deploy", nil},
		{"xargs runs its command", "xargs git status", []int{status}},
		{"not a precommand", "echo git status", nil},
		{"a long option and its argument", "sudo --user deploy git status", []int{status}},
		{"a long option glued to its argument", "timeout --signal=KILL 10 git status", []int{status}},
		{"a precommand that runs nothing", "command -v git status", nil},
		{"sudo -l lists, runs nothing", "sudo -l git status", nil},
		{"bundled options, the last with its argument", "sudo -iu deploy git status", []int{status}},
		{"bundled options, the argument glued", "sudo -iudeploy git status", []int{status}},
		{"bundled options, one runs nothing", "sudo -El git status", nil},
		{"a glued option argument", "nice -n5 git status", []int{status}},
		{"placeholder in regex-valid pattern", "rm -rf build", []int{wt}},
		{"placeholder needs a token", "rm -rf", nil},
		{"placeholder is one token", "rm -rf build more", []int{wt}},
		{"literal prefix", "git status", []int{status}},
		{"literal prefix with args", "git status --porcelain", []int{status}},
		{"token boundary", "git statusx", nil},
		{"no mid-line match", "echo git status", nil},
		{"pattern status must not match git status", "git status -s", []int{status}},
		{"bare status", "status", []int{dtrace}},
		// "bad(regex" is read as its words, "bad ( regex", which no line
		// bash runs gives: bash refuses "bad(regex now" (cm12).
		{"bad regex falls back to literal", "bad(regex now", nil},
		{"bad regex literal needs exact token", "bad(regexp", nil},
		{"two placeholders", "kill -9 123 TERM", []int{dtrace}},
		{"two placeholders, one missing", "kill -9 123", nil},
		{"empty", "   ", nil},
		{"unrelated", "ls -la", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := mt.Find(tt.cmd); !slices.Equal(got, tt.want) {
				t.Errorf("MatchCommand(%q) = %v, want %v", tt.cmd, got, tt.want)
			}
		})
	}
}

// Every card that matches is found, most specific first: d by "make all",
// two words, then b by "make", one word and no wildcard, then c by
// "make .*".
func TestMatchCommandMultipleCards(t *testing.T) {
	cards := []Card{
		{ID: "c", Replaces: []string{"make .*"}},
		{ID: "a", Replaces: []string{"nothing"}},
		{ID: "b", Replaces: []string{"", "  ", "make"}},
		{ID: "d", Replaces: []string{"(?P<target>make) all", "make all"}},
		{ID: "e", Replaces: []string{"x)|(all"}}, // must not escape the anchoring
	}
	mt := Compile(cards)
	if got, want := mt.Find("make all"), []int{3, 2, 0}; !slices.Equal(got, want) {
		t.Errorf("MatchCommand = %v, want %v", got, want)
	}
}

// TestMatchCommandMostSpecificFirst: the cards that match a line come most
// specific first, by the most specific of each card's patterns that match,
// each key of specificity deciding where the ones before it tie, and
// equals by id. They came in card order: "docker compose down" before
// "docker compose down -v*" when its card came first.
func TestMatchCommandMostSpecificFirst(t *testing.T) {
	mt := Compile([]Card{
		{ID: "a-down", Replaces: []string{"docker compose down"}},
		{ID: "b-nuke", Replaces: []string{"docker compose down -v*"}},
		{ID: "c-rm-dir", Replaces: []string{"rm -rf <dir>"}},
		{ID: "d-rm-dist", Replaces: []string{"rm -rf dist*"}},
		{ID: "e-rm", Replaces: []string{"rm *"}},
		{ID: "k-ls-any", Replaces: []string{"ls *"}},
		{ID: "l-ls", Replaces: []string{"ls"}},
		{ID: "z-tie", Replaces: []string{"make"}},
		{ID: "y-tie", Replaces: []string{"make"}},
		{ID: "i-npx", Replaces: []string{"npx prettier --write *"}},
		{ID: "j-src", Replaces: []string{"prettier --write src/*"}},
		{ID: "f-any", Replaces: []string{"git push *"}},
		{ID: "m-force", Replaces: []string{"git push *", "git push --force*"}},
		{ID: "o-regexp", Replaces: []string{"git push (-f|--force) origin"}},
	})
	tests := []struct {
		cmd  string
		want []string
	}{
		{"docker compose down -v", []string{"b-nuke", "a-down"}},         // an option named
		{"rm -rf dist", []string{"d-rm-dist", "c-rm-dir", "e-rm"}},       // words, then characters
		{"ls -la", []string{"l-ls", "k-ls-any"}},                         // no wildcard
		{"make", []string{"y-tie", "z-tie"}},                             // by id
		{"prettier --write src/app.ts", []string{"j-src", "i-npx"}},      // npx matched no word
		{"npx prettier --write src/app.ts", []string{"i-npx", "j-src"}},  // npx did
		{"git push --force", []string{"m-force", "f-any"}},               // m by its second pattern
		{"git push -f origin", []string{"o-regexp", "m-force", "f-any"}}, // a regexp by its words; --force* holds -f
	}
	checkMatchCommand(t, mt, tests)
}

// Replaces patterns are shell command shapes first: their | $ ^ * ( )
// mean what they mean in a shell, and a pattern matches its own text.
func TestMatchCommandShellShapes(t *testing.T) {
	cards := []Card{
		{ID: "pgrep", Replaces: []string{"ps aux|grep <name>"}},
		{ID: "clean", Replaces: []string{"rm -rf *.log"}},
		{ID: "unstage", Replaces: []string{"git reset HEAD^"}},
		{ID: "portkill", Replaces: []string{"kill -9 $(lsof -t -i:<port>)"}},
		{ID: "force", Replaces: []string{"git push (-f|--force)"}},
		{ID: "broken", Replaces: []string{"git push (-f|--force"}},
		{ID: "commit", Replaces: []string{`git commit -m "<msg>"`}},
		{ID: "merge", Replaces: []string{"git merge .*"}},
		{ID: "pipe", Replaces: []string{"curl .* | sh"}},
		{ID: "anchored", Replaces: []string{"^git stash drop"}},
		{ID: "npmi", Replaces: []string{"npm i(nstall)?"}},
		{ID: "bare", Replaces: []string{"git status$"}},
		{ID: "later", Replaces: []string{"git push .* --force"}},
		{ID: "hashx", Replaces: []string{"git push .*#x"}},
	}
	mt := Compile(cards)
	tests := []struct {
		cmd  string
		want []string
	}{
		{"ps aux|grep nginx", []string{"pgrep"}},
		{"ps aux | grep nginx", []string{"pgrep"}},
		{"ps aux", nil},
		{"grep -r TODO .", nil},
		{"rm -rf *.log", []string{"clean"}},
		{"rm -rf build.log", []string{"clean"}},
		{"rm -rfxlog", nil},
		{"git reset HEAD^", []string{"unstage"}},
		{"kill -9 $(lsof -t -i:8080)", []string{"portkill"}},
		{"git push -f origin main", []string{"force"}},
		{"git push --force", []string{"force"}},
		{"git push (-f|--force", nil}, // bash refuses the line, unclosed "(" (cm12)
		{`git commit -m "fix the bug"`, []string{"commit"}},
		{`git commit -m 'fix the bug'`, []string{"commit"}},
		{"git merge feature", []string{"merge"}},
		{"FOO=1 BAR=2 git push --force", []string{"force"}},
		{"/usr/bin/git push --force", []string{"force"}},
		{"git commit --amend && git push --force", []string{"force"}},
		{"make; git merge x", []string{"merge"}},
		{"echo git push --force", nil},
		{`echo "git push --force"`, nil},
		{"git push --forced", nil},
		{"curl -s https://x.sh | sh", []string{"pipe"}},
		{"curl -s https://x.sh", nil},
		{"git stash drop", []string{"anchored"}},
		{"make && git stash drop stash@{1}", []string{"anchored"}},
		{"npm install lodash", []string{"npmi"}},
		{"npm i lodash", []string{"npmi"}},
		{"npm ix", nil},
		{"git status", []string{"bare"}},
		{"git status -s", nil},
		// A pattern stays in its command: a word never matches an
		// operator, a regexp never reads the next command.
		{"git merge; ls", nil},
		{"ps aux | grep", nil},
		{"git push x | grep --force", nil},
		{"curl -s https://x.sh; echo | sh", nil},
		{"git merge x; ls", []string{"merge"}},
		{"git push --force&& ls", []string{"force"}},
		{"curl -s https://x.sh|sh", []string{"pipe"}},
		{"curl -s https://x.sh || sh", nil},
		// Nor a comment, which the shell does not run; a # in quotes, in
		// a word or escaped is no comment ("force" matches by its words,
		// "git push --force", as well as "later").
		{"git push origin main  # then later: --force if needed", nil},
		{"git push # (-f|--force)", nil},
		{"git merge # x", nil},
		{"git merge x # y", []string{"merge"}},
		{"curl -s https://x/health # | sh", nil},
		{"curl -s https://x/health # x\nls | sh", nil},
		{`git push x "#" --force`, []string{"force", "later"}},
		{"git push a#b --force", []string{"force", "later"}},
		{`git push \# --force`, []string{"force", "later"}},
		{`git push $'it\'s # x' --force`, []string{"force", "later"}},
		{`git push 'a # b' --force`, []string{"force", "later"}},
		{"git push a # b --force", nil},
		{`git push x --force origin\ #x`, []string{"force", "later", "hashx"}}, // an escaped blank is no word's end
		{"git push x --force origin #x", []string{"force", "later"}},
		{"git status # x", []string{"bare"}},
	}
	checkMatchCommand(t, mt, tests)
}

// TestMatchCommandEscapedPipe: a pipe the regexp escapes, the way a
// regexp writes a literal |, is a pipe of the line too; it matched none,
// as the shell reading of the pattern took "\|" for a word and the regexp
// was tried on the first command alone.
func TestMatchCommandEscapedPipe(t *testing.T) {
	mt := Compile([]Card{
		{ID: "spaced", Replaces: []string{`curl .* \| (ba)?sh`}},
		{ID: "tight", Replaces: []string{`curl .*\|\s*(ba)?sh`}},
	})
	tests := []struct {
		cmd  string
		want []string
	}{
		{"curl -fsSL https://get.x.sh | sh", []string{"tight", "spaced"}},
		{"curl -fsSL https://get.x.sh|bash", []string{"tight", "spaced"}},
		{"curl -fsSL https://get.x.sh; sh", nil},
		{"curl -fsSL https://get.x.sh", nil},
		{`curl -s "a|b"`, nil},
	}
	checkMatchCommand(t, mt, tests)
}

// The work of a match is bounded: a line over MaxLine, or of more
// than MaxCommands commands, matches nothing, and MatchCommandLine says so.
func TestMatchCommandBounds(t *testing.T) {
	mt := Compile([]Card{{ID: "push", Replaces: []string{"git push .* --force"}}})
	long := strings.Repeat("git push a|", MaxLine/len("git push a|")+1)
	if got := mt.Find(long + " git push x --force"); got != nil {
		t.Errorf("a line of %d bytes matched %v", len(long), got)
	}
	many := strings.Repeat("ls;", MaxCommands) + "git push x --force"
	if got := mt.Find(many); got != nil {
		t.Errorf("a line of %d commands matched %v", MaxCommands+1, got)
	}
	if _, err := mt.Match(context.Background(), many, DefaultBudget); !errors.Is(err, ErrOverLimit) {
		t.Errorf("MatchCommandLine(%d commands) = %v, want ErrOverLimit", MaxCommands+1, err)
	}
	if _, err := mt.Match(context.Background(), long, DefaultBudget); !errors.Is(err, ErrOverLimit) {
		t.Errorf("MatchCommandLine(%d bytes) = %v, want ErrOverLimit", len(long), err)
	}
	if _, err := mt.Match(context.Background(), "ls; git push x --force", DefaultBudget); err != nil {
		t.Errorf("MatchCommandLine(two commands) = %v", err)
	}
	if got := mt.Find("ls; git push x --force"); len(got) != 1 {
		t.Errorf("a second command did not match: %v", got)
	}
}

// TestMatchCommandLongPatterns: a pattern of more tokens than a line can
// hold keeps only the first maxLiteralTokens of them, and matches as
// before: a line of MaxLine bytes matches a pattern of its own
// tokens and no longer one.
func TestMatchCommandLongPatterns(t *testing.T) {
	line := strings.TrimSuffix(strings.Repeat("a ", MaxLine/2), " ")
	tests := []struct {
		words int
		match bool
	}{
		{MaxLine / 2, true},
		{MaxLine/2 + 1, false},
		{maxLiteralTokens, false},
		{maxLiteralTokens + 1, false},
		{100000, false},
	}
	for _, tt := range tests {
		pat := strings.TrimSuffix(strings.Repeat("a ", tt.words), " ")
		if p, _ := compileCommandPattern(pat); len(p.literal) != min(tt.words, maxLiteralTokens) {
			t.Errorf("%d words: %d literal tokens kept, want %d", tt.words, len(p.literal), min(tt.words, maxLiteralTokens))
		}
		mt := Compile([]Card{{ID: "a", Replaces: []string{pat}}})
		if got := mt.Find(line); (len(got) == 1) != tt.match {
			t.Errorf("a pattern of %d words matched a line of %d: %v, want %v", tt.words, MaxLine/2, got, tt.match)
		}
	}
}

// TestCompileCommandPatternNeverPanics: patterns that are broken regexp or
// shell syntax still compile and are matched without a panic; of them only
// the lone "*" wildcard matches the line "anything # here".
func TestCompileCommandPatternNeverPanics(t *testing.T) {
	tests := []struct {
		pattern string
		ok      bool
		match   bool
	}{
		{"(", true, false}, {")", true, false}, {"[", true, false}, {"*", true, true},
		{"+?", true, false}, {`\`, true, false}, {"<", true, false}, {">", true, false},
		{"<>", true, false}, {"< >", true, false}, {"(?P<", true, false},
		{"a{99999}", true, false}, {"\xff", true, false},
	}
	for _, tt := range tests {
		cp, ok := compileCommandPattern(tt.pattern)
		if ok != tt.ok {
			t.Errorf("compileCommandPattern(%q): ok %v, want %v", tt.pattern, ok, tt.ok)
			continue
		}
		if !ok {
			continue
		}
		line := &commandLine{cmd: "anything # here", hash: true}
		got := cp.matchAt(line, shellTokens(line.cmd), 0, &budget{ctx: context.Background(), left: DefaultBudget})
		if (got != nil) != tt.match {
			t.Errorf("pattern %q on %q: matched %v, want %v", tt.pattern, line.cmd, got != nil, tt.match)
		}
	}
}

// FuzzCommandPatternMatchesItself: a replaces pattern matches the command
// line that is its own text (one that starts with a command: not with an
// operator or a NAME=value assignment, which a line skips), whatever shell
// or regexp syntax it holds.
func FuzzCommandPatternMatchesItself(f *testing.F) {
	for _, s := range []string{"git push --force", "ps aux|grep <name>", "rm -rf *.log", "git reset HEAD^",
		"kill -9 $(lsof -t -i:<port>)", "git push (-f|--force)", `git commit -m "<msg>"`, "git merge .*", "curl .* | sh", "a\\ b", "make\nmake install", "git push \\\n--force", "cat <<EOF > run.sh\ngit push\nEOF", "DRY_RUN=1 make deploy", "A=1 B='x y' sudo -E make"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		toks := shellTokens(collapseLines(dropHereDocs(s)))
		// A pattern names a command, perhaps after assignments: one that
		// starts with an operator, a reserved word ("if", "!") or a
		// redirection (which a line takes off before its command), or is
		// only assignments, names none.
		j := skipAssignments(toks, 0)
		if slices.ContainsFunc(toks[:j], func(t shellToken) bool { return !isAssignment(t) }) {
			return
		}
		toks = toks[j:]
		if len(toks) == 0 || toks[0].op || reservedWords[toks[0].text] {
			return
		}
		if strings.HasPrefix(toks[0].text, "^") {
			return // a regexp's anchor, no part of the command it names ("^git push")
		}
		if _, err := parseCommandLine(s); err != nil {
			return
		}
		if cmd, _ := splitHereDocs(s); refusedLine(collapseLines(cmd)) || refusesBackticks(collapseLines(cmd)) {
			return // bash refuses to run it ("\"", "0&{"), or the script in its backticks ("0 `&`"): no line so written matches
		}
		if cmd, _ := splitHereDocs(s); redirectionRefused(cmd) {
			return // bash refuses its redirections ("0 2>&- 3>&2"): it never runs
		}
		if withoutPrompt(s) != s {
			// A line drops a terminal's "$ " prompt (withoutPrompt); a
			// pattern so written names the command "$", which
			// card-replaces-shape tells its author ("$ 0").
			return
		}
		mt := Compile([]Card{{ID: "c", Replaces: []string{s}}})
		if got := mt.Find(s); len(got) != 1 {
			t.Fatalf("pattern %q does not match its own text", s)
		}
	})
}

// TestMatchCommandInSubshellsAndCompounds: a command in a subshell, a
// command substitution, a group or a compound command runs as much as one
// at the start of the line; "(cd repo && git push --force)" matched nothing
// because "(cd" and "--force)" were words.
func TestMatchCommandInSubshellsAndCompounds(t *testing.T) {
	mt := Compile([]Card{
		{ID: "force", Replaces: []string{"git push --force"}},
		{ID: "portkill", Replaces: []string{"kill -9 $(lsof -t -i:<port>)"}},
		{ID: "regexp", Replaces: []string{"git push .* --force"}},
	})
	tests := []struct {
		cmd  string
		want []string
	}{
		{"(git push --force)", []string{"force"}},
		{"(cd repo && git push --force)", []string{"force"}},
		{"( git push --force )", []string{"force"}},
		{"echo $(git push --force)", []string{"force"}},
		{"echo `git push --force`", []string{"force"}},
		{"{ git push --force; }", []string{"force"}},
		{"if true; then git push --force; fi", []string{"force"}},
		{"if git push --force; then echo ok; fi", []string{"force"}},
		{"while true; do git push --force; done", []string{"force"}},
		{"! git push --force", []string{"force"}},
		{"(git push origin --force)", []string{"force", "regexp"}},
		{"(git push origin) && echo --force", nil},
		{"kill -9 $(lsof -t -i:8080)", []string{"portkill"}},
		{"echo '(git push --force)'", nil},
		{`echo \(git push --force\)`, nil},
	}
	checkMatchCommand(t, mt, tests)
}

// A here-document's body is text fed to a command, which no shell runs: a
// command line that writes a script holding git push --force does not push.
// The lines after its delimiter are commands again.
func TestMatchCommandSkipsHereDocBodies(t *testing.T) {
	mt := Compile([]Card{
		{ID: "force", Replaces: []string{"git push --force"}},
		{ID: "regexp", Replaces: []string{"git push .* --force"}},
	})
	tests := []struct {
		cmd  string
		want []string
	}{
		{"cat <<EOF > push.sh\ngit push --force\ngit push origin --force\nEOF", nil},
		{"cat <<EOF\ngit push --force\nEOF\ngit push --force", []string{"force"}},
		{"cat <<-'END'\n\tgit push --force\n\tEND\ngit push origin --force", []string{"force", "regexp"}},
		{"cat << \"E O F\"\ngit push --force\nE O F", nil},
		{"cat <<A; cat <<B\ngit push --force\nA\ngit push --force\nB", nil},
		{"cat <<EOF\ngit push --force", nil}, // unterminated: the body runs to the end
		// Not here-documents: a here-string, a shift, a quoted <<.
		{"cat <<< x\ngit push --force", []string{"force"}},
		{"echo $((1<<2))\ngit push --force", []string{"force"}},
		{"echo '<<EOF'\ngit push --force", []string{"force"}},
	}
	checkMatchCommand(t, mt, tests)
}

// checkMatchCommand checks the ids of the cards MatchCommand finds, in card
// order, for each command line of tests.
func checkMatchCommand(t *testing.T, mt *Matcher, tests []struct {
	cmd  string
	want []string
}) {
	t.Helper()
	for _, tt := range tests {
		if got := matchedIDs(mt, tt.cmd); !slices.Equal(got, tt.want) {
			t.Errorf("MatchCommand(%q) = %v, want %v", tt.cmd, got, tt.want)
		}
	}
}

// matchedIDs are the ids of the cards MatchCommand finds for cmd, in its
// order.
func matchedIDs(mt *Matcher, cmd string) []string {
	var got []string
	for _, i := range mt.Find(cmd) {
		got = append(got, mt.ids[i])
	}
	return got
}

// A command gives its options where getopt takes them: global options
// before a subcommand, options the pattern does not name, an option after
// the operands. A literal pattern matched only the command's leading
// words, so "kubectl port-forward *" missed "kubectl -n staging
// port-forward svc/db 5433:5432" and "git push --force" missed "git push
// origin main --force".
func TestMatchCommandOptionsAnywhere(t *testing.T) {
	mt := Compile([]Card{
		{ID: "force", Replaces: []string{"git push --force"}},
		{ID: "pf", Replaces: []string{"kubectl port-forward <target> <ports>"}},
		{ID: "flush", Replaces: []string{"redis-cli FLUSHALL"}},
		{ID: "plan", Replaces: []string{"terraform plan*"}},
		{ID: "fmt", Replaces: []string{"gofmt -w *"}},
		{ID: "up", Replaces: []string{"docker compose up*"}},
		{ID: "pipe", Replaces: []string{"ps aux|grep <name>"}},
		{ID: "kill", Replaces: []string{"kill -9 <pid>"}},
		{ID: "pods", Replaces: []string{"kubectl -n <ns> get pods"}},
		{ID: "run", Replaces: []string{"docker run --rm -it <image>"}},
		{ID: "migrate", Replaces: []string{"migrate -path <dir> -database prod up"}},
	})
	tests := []struct {
		cmd  string
		want []string
	}{
		{"git push origin main --force", []string{"force"}},
		{"kubectl --context=prod -n api get pods", []string{"pods"}},
		// The word in a subcommand's place is never passed over, though
		// the pattern wants an option there.
		{"kubectl delete -n api get pods", nil},
		// Options in another order than the pattern's, each with its
		// argument, and options the pattern does not name among them.
		{"docker run -it --rm ubuntu", []string{"run"}},
		{"docker run -i -t --rm ubuntu", []string{"run"}}, // -it bundles docker run's -i and -t
		{"docker run -it -e A=1 --rm ubuntu", []string{"run"}},
		{"migrate -database prod -path db up", []string{"migrate"}},
		{"migrate -database staging -path db up", nil},
		{"migrate -database prod up", nil},
		{"git -C ../repo push --force", []string{"force"}},
		{"git --no-pager push -v --force", []string{"force"}},
		{"kubectl -n staging port-forward svc/db 5433:5432", []string{"pf"}},
		{"kubectl --context=prod port-forward svc/db 5433:5432", []string{"pf"}},
		{"kubectl port-forward -n staging svc/db 5433:5432", []string{"pf"}},
		{"redis-cli -h redis.prod -p 6380 FLUSHALL", []string{"flush"}},
		{"terraform -chdir=infra/network plan", []string{"plan"}},
		{"gofmt -l -w internal/", []string{"fmt"}},
		{"docker compose -f dev.yml up -d", []string{"up"}},
		{"ps aux | grep -i nginx", []string{"pipe"}},
		{"kill 1234 -9", nil}, // -9 is found, then <pid> has no word left
		// -s KILL is the signal, -9 (bash's kill reads it after the
		// signal as process group 9: "kill -s 0 -9 $p" says "(-9) - No
		// such process"), and 1234 gets SIGKILL.
		{"kill -s KILL -9 1234", []string{"kill"}},
		// Still no match: another subcommand, an operand where the
		// pattern wants a word, an option after "--", past an operator.
		{"git status --force push", nil},
		{"kubectl get pods port-forward", nil},
		{"git push origin -- --force", nil},
		{"git push origin && echo --force", nil},
		{"git push origin | tee --force", nil},
		{"redis-cli -h FLUSHALL", []string{"flush"}}, // -h may take no argument
		{"ps aux x | grep nginx", nil},
		{"git --force push", nil},
	}
	checkMatchCommand(t, mt, tests)
}

// TestMatchCommandOperandsBeforeOptions: getopt reads operands on either
// side of options, so a word passed over before an option the pattern
// names may still be the operand a later word of the pattern wants.
// "kubectl scale deploy/api --replicas=0" matched no card of "kubectl
// scale --replicas=0 *", while the same with one more flag at its end did.
func TestMatchCommandOperandsBeforeOptions(t *testing.T) {
	mt := Compile([]Card{
		{ID: "scale", Replaces: []string{"kubectl scale --replicas=0 *"}},
		{ID: "noverify", Replaces: []string{"git commit --no-verify *"}},
		{ID: "logs", Replaces: []string{"kubectl logs -f <pod>"}},
		{ID: "helm", Replaces: []string{"helm upgrade --install <release> *"}},
		{ID: "main", Replaces: []string{"git push --force origin main"}},
		{ID: "del", Replaces: []string{"kubectl delete -n <ns> pod *"}},
		{ID: "nsget", Replaces: []string{"kubectl get -n prod pods"}},
	})
	tests := []struct {
		cmd  string
		want []string
	}{
		{"kubectl scale deploy/api --replicas=0", []string{"scale"}},
		{"kubectl scale deploy/api --replicas=0 --timeout=1m", []string{"scale"}},
		{`git commit -m "x" --no-verify`, []string{"noverify"}},
		{"kubectl logs api -f", []string{"logs"}},
		{"kubectl logs api -f --tail 10", []string{"logs"}},
		{"helm upgrade web ./chart --install", []string{"helm"}},
		{"git push origin --force main", []string{"main"}},
		{"git push origin main --force", []string{"main"}},
		{"kubectl delete pod x -n prod", []string{"del"}},
		// Operands are still in order, each word is taken once, the
		// pattern's option must be there, and an operator ends them.
		{"git push main origin --force", nil},
		{"kubectl logs api", nil},
		{"kubectl scale deploy/api --replicas=1", nil},
		{"kubectl get foo -n prod", nil},
		{"kubectl logs api && echo -f", nil},
		{"kubectl logs api -- -f", nil},
		{"git commit --no-verify", nil},
	}
	checkMatchCommand(t, mt, tests)

	// A command that takes no subcommand gives its options after an
	// operand too, as GNU getopt reads them; kill, a shell builtin, does
	// not, and a command with subcommands names one there.
	permuting := Compile([]Card{
		{ID: "rmrf", Replaces: []string{"rm -rf <dir>"}},
		{ID: "chmodR", Replaces: []string{"chmod -R 777 *"}},
		{ID: "curldel", Replaces: []string{"curl -X DELETE *"}},
		{ID: "kill9", Replaces: []string{"kill -9 <pid>"}},
		{ID: "pods", Replaces: []string{"kubectl -n <ns> get pods"}},
	})
	checkMatchCommand(t, permuting, []struct {
		cmd  string
		want []string
	}{
		{"rm build -rf", []string{"rmrf"}},
		{"chmod 777 -R /var/www", []string{"chmodR"}},
		{"curl https://x/api/item/1 -X DELETE", []string{"curldel"}},
		{"curl https://x/api/item/1 -X GET", nil},
		{"kill 1234 -9", nil},
		{"kubectl delete -n prod get pods", nil},
	})

	// Operands keep their order: a word passed over is behind one taken
	// after it, an option passed over is no operand but for a star that
	// ends the pattern, and a word before
	// "--" stands for none after it. Each of these matched: the direction
	// of a transfer reversed, a download sent to the upload wrapper.
	order := Compile([]Card{
		{ID: "sync-prod", Replaces: []string{"aws s3 sync --delete * s3://prod-*"}},
		{ID: "rsync-prod", Replaces: []string{"rsync --delete * prod:*"}},
		{ID: "cp-prod", Replaces: []string{"aws s3 cp --recursive * s3://prod-*"}},
		{ID: "psql", Replaces: []string{"kubectl exec -it <pod> -- psql"}},
	})
	checkMatchCommand(t, order, []struct {
		cmd  string
		want []string
	}{
		{"aws s3 sync s3://prod-site --delete ./backup", nil},
		{"aws s3 sync ./site --delete s3://prod-site", []string{"sync-prod"}},
		{"aws s3 sync --delete ./site s3://prod-site", []string{"sync-prod"}},
		{"rsync -av prod:/srv/ --delete ./local/", nil},
		{"rsync -av --exclude prod:x --delete ./a staging:/b", nil},
		{"rsync -av ./a --delete prod:/srv/", []string{"rsync-prod"}},
		{"aws s3 cp s3://prod-site --recursive ./backup", nil},
		{"kubectl exec psql -it web -- bash", nil},
		{"kubectl exec -it web -- psql", []string{"psql"}},
	})
}

// TestMatchCommandKnownOptionArguments: the argument of an option of a
// command whose options capreg knows (ssh) is never the operand a
// pattern wants; "ssh prod-*" matched "ssh -i prod-key.pem staging-1".
func TestMatchCommandKnownOptionArguments(t *testing.T) {
	mt := Compile([]Card{{ID: "prod", Replaces: []string{"ssh prod-*"}}})
	tests := []struct {
		cmd  string
		want []string
	}{
		{"ssh -i prod-key.pem staging-web-1 uptime", nil},
		{"ssh -l prod-admin staging-1", nil},
		{"ssh -F prod-config staging-1", nil},
		{"ssh -i key.pem prod-web-1 uptime", []string{"prod"}},
		{"ssh -t prod-web-1", []string{"prod"}}, // -t takes none
		{"ssh -ti prod-key.pem staging-1", nil},
		{"ssh -p 22 prod-web-1", []string{"prod"}},
		// An option holding its value, as getopt reads -oKEY=VALUE.
		{"ssh -oStrictHostKeyChecking=no prod-1", []string{"prod"}},
		{"ssh -oBatchMode=yes prod-1 uptime", []string{"prod"}},
		{"ssh -oUser=prod-admin staging-1", nil},
		{"ssh prod-web-1 ls -l prod-x", []string{"prod"}},
	}
	checkMatchCommand(t, mt, tests)
}

// TestMatchCommandStarSpansWords: a lone "*" with more words of the
// pattern after it takes one word of the command or more, as a glob of
// the line's text would; read as one word, "curl * | sh" matched "curl x
// | sh" but not "curl -fsSL x | sh", the line such a card is for.
func TestMatchCommandStarSpansWords(t *testing.T) {
	mt := Compile([]Card{
		{ID: "pipe", Replaces: []string{"curl * | sh"}},
		{ID: "scp", Replaces: []string{"scp * prod-*:*"}},
		{ID: "uptime", Replaces: []string{"ssh * uptime"}},
		{ID: "etc", Replaces: []string{"cp * /etc/*"}},
	})
	tests := []struct {
		cmd  string
		want []string
	}{
		{"curl x | sh", []string{"pipe"}},
		{"curl -fsSL https://get.x.sh | sh", []string{"pipe"}},
		{"curl -s -o - https://x | sh", []string{"pipe"}},
		{"scp -r dist prod-web:/srv", []string{"scp"}},
		{"ssh -t host uptime", []string{"uptime"}},
		{"cp -a x /etc/nginx", []string{"etc"}},
		// It takes a word at least, and never an operator.
		{"curl | sh", nil},
		{"curl -s x && echo | sh", nil},
		{"ssh uptime", nil},
		{"scp -r dist staging:/srv", nil},
		// A star takes at most maxSpan words.
		{"ssh " + strings.Repeat("x ", maxSpan-1) + "host uptime", []string{"uptime"}},
		{"ssh " + strings.Repeat("x ", maxSpan) + "host uptime", nil},
	}
	checkMatchCommand(t, mt, tests)

	// Stars after stars are tried in time linear in the words: a card of
	// "x * * * … z" leaves the budget for the cards after it.
	stars := Compile([]Card{
		{ID: "a", Replaces: []string{"x" + strings.Repeat(" *", 12) + " z"}},
		{ID: "b", Replaces: []string{"x y"}},
	})
	line := "x " + strings.Repeat("y ", 200) + "q"
	got, err := stars.Match(context.Background(), line, DefaultBudget)
	if err != nil || got.Truncated() || len(got.Cards) != 1 || got.Cards[0] != 1 {
		t.Errorf("Match(x y*200 q) = %+v, %v; want card b alone, not truncated", got, err)
	}
}

// The runners of project tools run the command after them, as sudo does:
// an agent types "bundle exec rails db:migrate" or "uv run pytest" for
// the command a wrapper replaces.
func TestMatchCommandRunners(t *testing.T) {
	mt := Compile([]Card{
		{ID: "migrate", Replaces: []string{"rails db:migrate"}},
		{ID: "test", Replaces: []string{"pytest*"}},
		{ID: "fmt", Replaces: []string{"prettier --write *"}},
		{ID: "install", Replaces: []string{"bundle install"}},
	})
	tests := []struct {
		cmd  string
		want []string
	}{
		{"bundle exec rails db:migrate", []string{"migrate"}},
		{"RAILS_ENV=test bundle exec rails db:migrate", []string{"migrate"}},
		{"poetry run pytest -x", []string{"test"}},
		{"pipenv run pytest", []string{"test"}},
		{"uv run --with pytest-xdist pytest -n 4", []string{"test"}},
		{"uvx --from pytest pytest", []string{"test"}},
		{"python -m pytest tests/", []string{"test"}},
		{"python3 -m pytest", []string{"test"}},
		{"npx prettier --write .", []string{"fmt"}},
		{"npx -y prettier --write .", []string{"fmt"}},
		{"pnpm exec prettier --write .", []string{"fmt"}},
		{"bundle install", []string{"install"}},
		{"bunx prettier --write .", []string{"fmt"}},
		{"npm exec -- prettier --write .", []string{"fmt"}},
		{"npm x prettier --write .", []string{"fmt"}},
		{"npm x -c 'prettier --write .'", []string{"fmt"}},
		{"pnpm dlx prettier --write .", []string{"fmt"}},
		{"yarn dlx prettier --write .", []string{"fmt"}},
		{"yarn exec prettier --write .", []string{"fmt"}},
		{"op run --account my.1password.com --env-file .env -- rails db:migrate", []string{"migrate"}},
		{"pipx run pytest", []string{"test"}},
		{"pdm run pytest -q", []string{"test"}},
		{"hatch run pytest", []string{"test"}},
		{"rye run pytest", []string{"test"}},
		{"conda run -n ml --no-capture-output pytest", []string{"test"}},
		{"rbenv exec bundle exec rails db:migrate", []string{"migrate"}},
		{"pyenv exec pytest", []string{"test"}},
		{"asdf exec pytest", []string{"test"}},
		{"direnv exec . rails db:migrate", []string{"migrate"}},
		{"op run --env-file .env -- rails db:migrate", []string{"migrate"}},
		{"setsid -f pytest", []string{"test"}},
		{"stdbuf -oL pytest", []string{"test"}},
		{"stdbuf -o L -e L pytest", []string{"test"}},
		{"unbuffer pytest", []string{"test"}},
		{"ionice -c 3 pytest", []string{"test"}},
		{"taskset -c 0-3 pytest", []string{"test"}},
		{"chrt -f 10 pytest", []string{"test"}},
		{"flock /tmp/db.lock rails db:migrate", []string{"migrate"}},
		{"flock -w 10 /tmp/db.lock -c 'rails db:migrate'", []string{"migrate"}},
		{"caffeinate -i pytest", []string{"test"}},
		{"xvfb-run -a -s '-screen 0 1280x1024x24' pytest", []string{"test"}},
		{"gtimeout 60 pytest", []string{"test"}},
		{"strace -f -o trace.txt pytest", []string{"test"}},
		{"ltrace -e malloc pytest", []string{"test"}},
		{"valgrind --leak-check=full pytest", []string{"test"}},
		{"gdb -q --args python -m pytest", []string{"test"}},
		{"torsocks rails db:migrate", []string{"migrate"}},
		{"proxychains4 -q -f p.conf pytest", []string{"test"}},
		{"dotenv -e .env.test -- rails db:migrate", []string{"migrate"}},
		{"chronic pytest", []string{"test"}},
		{"dotenv run pytest", []string{"test"}},
		{"dotenv -f .env.test run -- pytest", []string{"test"}},
		{"gdb -q -nx --args python -m pytest", []string{"test"}},
		{"gdb -ex run -args python -m pytest", []string{"test"}},
		{"strace --output trace.txt --trace execve pytest", []string{"test"}},
		{"torsocks --user u --pass p rails db:migrate", []string{"migrate"}},
		{"npm -C web exec -- prettier --write .", []string{"fmt"}},
		{"npm -ws exec -- prettier --write .", []string{"fmt"}},
		{"npm exec --prefix web -- prettier --write .", []string{"fmt"}},
		{"uv run -p 3.12 pytest", []string{"test"}},
		{"uvx -p 3.12 pytest", []string{"test"}},
		{"uv --color never run --with-requirements r.txt pytest", []string{"test"}},
		{"pnpm --reporter silent exec prettier --write .", []string{"fmt"}},
		{"pdm run --venv in-project pytest", []string{"test"}},
		{"python -um pytest", []string{"test"}},
		{"python3 -Bm pytest", []string{"test"}},
		{"coproc pytest", []string{"test"}},
		// The runner's own options before its subcommand.
		{"npm --prefix web exec -- prettier --write .", []string{"fmt"}},
		{"npm --prefix=web --loglevel silent x prettier --write .", []string{"fmt"}},
		{"npm -w web exec prettier --write .", []string{"fmt"}},
		{"pnpm -C web exec prettier --write .", []string{"fmt"}},
		{"pnpm --filter web exec prettier --write .", []string{"fmt"}},
		{"yarn --cwd web exec prettier --write .", []string{"fmt"}},
		{"poetry -C api run pytest", []string{"test"}},
		{"poetry -Capi run pytest", []string{"test"}},
		{"poetry --directory api run pytest", []string{"test"}},
		{"uv --directory api run pytest", []string{"test"}},
		{"uv -q run pytest", []string{"test"}},
		{"hatch -e test run pytest", []string{"test"}},
		{"hatch -v --env test run pytest", []string{"test"}},
		{"pdm -p api run pytest", []string{"test"}},
		{"python -X dev -W error -m pytest", []string{"test"}},
		{"python3 -u -m pytest", []string{"test"}},
		{"op --account my.1password.com run -- rails db:migrate", []string{"migrate"}},
		// Not runners: another subcommand, a script, an option's value.
		{"npm install prettier", nil},
		{"yarn add prettier", nil},
		{"direnv exec rails db:migrate", nil}, // rails is the directory
		{"ionice -c 3 -p 42 pytest", nil},
		{"taskset -p 0x3 pytest", nil},
		{"pipx install pytest", nil},
		{"bundle rails db:migrate", nil},
		{"python pytest", nil},
		{"poetry add pytest", nil},
		{"npx -p prettier eslint .", nil},
		{"npm --prefix exec install prettier", nil}, // exec is the prefix
		{"poetry -C run add pytest", nil},
		{"python -W error pytest", nil},
		{"python -c 'import x' -m pytest", nil},
		{"hatch -e run pytest", nil}, // run is the environment
		{"gdb pytest", nil},          // gdb debugs the file pytest
		{"python -Wm pytest", nil},   // -W takes "m" as its value
		{"python -cm pytest", nil},   // -c runs the code "m"
		// A line that ends, or meets an operator, where an option's
		// argument is due: each panicked.
		{"python -X", nil},
		{"npm --prefix", nil},
		{"pnpm -C", nil},
		{"sudo npm --prefix", nil},
		{"echo hi && poetry -C", nil},
		{"bash -c 'python -X'", nil},
		{"npm --prefix | pytest", []string{"test"}},
		{"gdb -x", nil},
		{"strace -p 42", nil},
	}
	checkMatchCommand(t, mt, tests)
}

// TestMatchCommandVersionedNames: a pattern's command word names the
// versioned names distributions install it under (pip3, python3.12,
// gcc-12, go1.22.3), and a versioned precommand runs its command; the
// exact name still ranks first. "pip3 install requests" matched nothing
// against "pip install *".
func TestMatchCommandVersionedNames(t *testing.T) {
	mt := Compile([]Card{
		{ID: "pip", Replaces: []string{"pip install *"}},
		{ID: "pip3", Replaces: []string{"pip3 install *"}},
		{ID: "test", Replaces: []string{"pytest*"}},
		{ID: "cc", Replaces: []string{"gcc -c *"}},
		{ID: "gotest", Replaces: []string{"go test *"}},
		{ID: "m", Replaces: []string{"m volume *"}},
		{ID: "py3", Replaces: []string{"python3 manage.py *"}},
		{ID: "diff", Replaces: []string{"diff -u <a> <b>"}},
		{ID: "killall", Replaces: []string{"killall <name>"}},
		{ID: "ruff", Replaces: []string{"ruff check *"}},
	})
	tests := []struct {
		cmd  string
		want []string
	}{
		{"pip install requests", []string{"pip"}},
		{"pip3 install requests", []string{"pip3", "pip"}},
		{"pip3.12 install requests", []string{"pip3", "pip"}},
		{"/usr/bin/pip3 install requests", []string{"pip3", "pip"}},
		{"python3.12 -m pytest -x", []string{"test"}},
		{"python3.12 -m pip install requests", []string{"pip"}},
		{"gcc-12 -c main.c", []string{"cc"}},
		{"go1.22.3 test ./...", []string{"gotest"}},
		{"python3.12 manage.py migrate", []string{"py3"}},
		// Not versions of the name.
		{"pipx install requests", nil},
		{"pip3x install requests", nil},
		{"pip-3x install requests", nil},
		{"pip3. install requests", nil},
		{"m4 volume 10", nil},
		{"python312 manage.py migrate", nil},
		{"gcc-ar -c x", nil},
		{"diff3 -u a b c", nil},
		{"killall5 -9 x", nil},
		// A package runner's command with the version it wants.
		{"npx ruff@0.5 check .", []string{"ruff"}},
		{"uvx ruff@latest check .", []string{"ruff"}},
		{"uvx ruff==0.5.0 check .", []string{"ruff"}},
		{"pipx run ruff==0.5 check .", []string{"ruff"}},
		{"npx ruff@ check .", nil},
		{"uvx ruff==x check .", nil},
	}
	checkMatchCommand(t, mt, tests)
}

// TestPlainNameIsASCII: a plain command name is of ASCII letters, digits
// and "_+-" only. A rune was read as a digit by its low byte, so the
// Cyrillic "а" (U+0430) and the Turkish "ı" (U+0131) after a letter were
// digits, "gitа" a plain name and "pipı3" a version of a pattern's "pipı".
func TestPlainNameIsASCII(t *testing.T) {
	for _, tt := range []struct {
		name string
		want bool
	}{
		{"pip3", true}, {"g++", true}, {"docker-compose", true}, {"7z", false},
		{"gitа", false}, {"pipı", false}, {"gİt", false}, {"ls\u0939", false},
	} {
		if got := plainName(tt.name); got != tt.want {
			t.Errorf("plainName(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
	if namesVersioned("pipı", "pipı3") {
		t.Errorf(`namesVersioned("pipı", "pipı3") = true, want false`)
	}
}

// A pattern written with a precommand ("npx prettier --write *", "sudo
// systemctl restart *") replaces the command it runs, however that is run:
// "prettier --write ." and "pnpm exec prettier --write ." matched nothing.
func TestMatchCommandPatternsThroughPrecommands(t *testing.T) {
	mt := Compile([]Card{
		{ID: "fmt", Replaces: []string{"npx prettier --write *"}},
		{ID: "restart", Replaces: []string{"sudo systemctl restart <unit>"}},
		{ID: "rspec", Replaces: []string{"bundle exec rspec*"}},
		{ID: "any", Replaces: []string{"sudo *", "sudo -u <user> <cmd>", "nohup", "sudo ''"}},
		{ID: "regexp", Replaces: []string{"sudo .*"}},
		{ID: "dry-run", Replaces: []string{"env DRY_RUN=1 make deploy", "sudo KUBECONFIG=staging.yaml kubectl delete *"}},
	})
	tests := []struct {
		cmd  string
		want []string
	}{
		{"npx prettier --write .", []string{"fmt"}},
		{"prettier --write .", []string{"fmt"}},
		{"pnpm exec prettier --write src", []string{"fmt"}},
		{"systemctl restart nginx", []string{"restart"}},
		{"sudo systemctl restart nginx", []string{"restart", "any", "regexp"}},
		{"rspec spec/models", []string{"rspec"}},
		// A precommand running a glob or a placeholder, or none, or a
		// regexp, is no command of its own.
		{"ls -la", nil},
		{"prettier --check .", nil},
		{"systemctl status nginx", nil},
		// One that sets the command's variables may make it do another
		// thing: "make deploy" deploys, where the wrapper's dry run does
		// not.
		{"env DRY_RUN=1 make deploy", []string{"dry-run"}},
		{"make deploy", nil},
		{"kubectl delete ns api", nil},
		{"sudo KUBECONFIG=staging.yaml kubectl delete ns api", []string{"dry-run", "any", "regexp"}},
	}
	checkMatchCommand(t, mt, tests)
}

// A pattern that starts with NAME=value words matches a command given
// them among its own, in any order, with or without env; it matched no
// command at all, not even its own text.
func TestMatchCommandPatternAssignments(t *testing.T) {
	mt := Compile([]Card{
		{ID: "dry", Replaces: []string{"DRY_RUN=1 make deploy"}},
		{ID: "two", Replaces: []string{"A=1 B=<b> terraform apply*"}},
		{ID: "bare", Replaces: []string{"FOO=1"}},
	})
	tests := []struct {
		cmd  string
		want []string
	}{
		{"DRY_RUN=1 make deploy", []string{"dry"}},
		{"CI=true DRY_RUN=1 make deploy", []string{"dry"}},
		{"env DRY_RUN=1 make deploy", []string{"dry"}},
		{"cd app && DRY_RUN=1 make deploy", []string{"dry"}},
		{"B=x A=1 terraform apply -auto-approve", []string{"two"}},
		// Without the assignment, or with another value, or with it given
		// to another command of the line, the command may do another thing.
		{"make deploy", nil},
		{"DRY_RUN=0 make deploy", nil},
		{"DRY_RUN=1 make build && make deploy", nil},
		{"A=1 terraform apply", nil},
		{"FOO=1", nil},
	}
	checkMatchCommand(t, mt, tests)
}

// Each match names the most specific of its card's patterns that matched,
// by its index in Replaces, which a pattern that compiles to nothing keeps;
// the first of those equally specific.
func TestMatchCommandLineNamesThePattern(t *testing.T) {
	mt := Compile([]Card{
		{ID: "push", Replaces: []string{"", "git push origin main", "git push *"}},
		{ID: "other", Replaces: []string{"ls"}},
		{ID: "force", Replaces: []string{"git push --force", "git push -f"}},
	})
	m, err := mt.Match(t.Context(), "git push -f origin main", DefaultBudget)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{0, 2}; !slices.Equal(m.Cards, want) {
		t.Fatalf("cards %v, want %v", m.Cards, want)
	}
	// "git push origin main" passes over -f, and is more specific than
	// "git push *"; so is push's match than force's. Force's patterns
	// both match, "--force" being another spelling of -f, and the one
	// written as the line is named.
	if want := []int{1, 1}; !slices.Equal(m.Patterns, want) {
		t.Errorf("patterns %v, want %v (git push origin main, git push -f)", m.Patterns, want)
	}
}

// A <placeholder> that starts a pattern word stands for an operand, and
// matches no option: "psql <url>" matched "psql -l" and "psql --version",
// the option taken for the url. An option in its place is passed over as
// any the pattern does not name; a glob still matches any word.
func TestMatchCommandPlaceholderIsOperand(t *testing.T) {
	mt := Compile([]Card{
		{ID: "db", Replaces: []string{"psql <url>"}},
		{ID: "ssh", Replaces: []string{"ssh <user>@<host>"}},
		{ID: "kill", Replaces: []string{"kill -9 <pid>"}},
		{ID: "co", Replaces: []string{"git checkout <branch>"}},
		{ID: "rm", Replaces: []string{"rm -rf <dir>"}},
		{ID: "logs", Replaces: []string{"kubectl logs *"}},
		{ID: "port", Replaces: []string{"lsof -i:<port>"}},
	})
	tests := []struct {
		cmd  string
		want []string
	}{
		{"psql -l", nil},
		{"psql --version", nil},
		{"psql postgres://app@db/orbit", []string{"db"}},
		{"psql -X postgres://app@db/orbit", []string{"db"}},
		{"psql -", []string{"db"}}, // a lone dash is an operand
		{"ssh -V", nil},
		{"ssh -i key.pem ubuntu@10.0.0.1", []string{"ssh"}},
		{"kill -9 1234", []string{"kill"}},
		{"kill -9 -s", nil},
		{"git checkout -b fix/x", []string{"co"}},
		{"git checkout --help", nil},
		{"rm -rf --no-preserve-root /", []string{"rm"}},
		{"rm -rf -v", nil},
		{"kubectl logs --help", []string{"logs"}},
		{"lsof -i:8080", []string{"port"}}, // the placeholder does not start the word
	}
	checkMatchCommand(t, mt, tests)
}

// An option given with its value in one word ("--replicas=0") is read as
// the option and its value, on the line and in the pattern, so either
// form matches the other; each matched only the form it was written in.
func TestMatchCommandOptionValues(t *testing.T) {
	mt := Compile([]Card{
		{ID: "scale0", Replaces: []string{"kubectl scale --replicas=0 *"}},
		{ID: "ns", Replaces: []string{"kubectl delete --namespace <ns> pod *"}},
		{ID: "lease", Replaces: []string{"git push --force-with-lease"}},
		{ID: "flaky", Replaces: []string{"go test -count=* -run *"}},
		{ID: "offset", Replaces: []string{"tail --lines=<n> app.log"}},
	})
	tests := []struct {
		cmd  string
		want []string
	}{
		{"kubectl scale --replicas 0 deploy/x", []string{"scale0"}},
		{"kubectl scale --replicas=0 deploy/x", []string{"scale0"}},
		{"kubectl scale --replicas=3 deploy/x", nil},
		{"kubectl scale --replicas 3 deploy/x", nil},
		{"kubectl delete --namespace=prod pod api-1", []string{"ns"}},
		{"kubectl delete --namespace prod pod api-1", []string{"ns"}},
		{"git push --force-with-lease=main origin main", []string{"lease"}},
		{"go test -count 5 -run TestX ./...", []string{"flaky"}},
		{"go test -run=TestX -count=5 ./...", []string{"flaky"}},
		{"tail --lines=-5 app.log", []string{"offset"}}, // a value, though it starts with a dash
		// The value given with = is the option's, never the next word of
		// the pattern or a command: "--context=prod" takes nothing after it.
		{"kubectl --context=prod delete --namespace=api pod x", []string{"ns"}},
		{"sudo --preserve-env=PATH kubectl scale --replicas=0 x", []string{"scale0"}},
		{"kubectl scale --replicas= 0 x", nil}, // an empty value is no value
	}
	checkMatchCommand(t, mt, tests)
}

// A path that starts with "./" is the path without it, and a relative
// path the pattern starts with ("bin/rails") is also run by a path that
// ends in it: an agent types "./bin/rails" and "/work/orbit/bin/rails",
// and neither matched "bin/rails db:rollback*", nor "rm -rf ./dist" "rm
// -rf dist*".
func TestMatchCommandPathsToTheTool(t *testing.T) {
	mt := Compile([]Card{
		{ID: "rollback", Replaces: []string{"bin/rails db:rollback*"}},
		{ID: "migrate", Replaces: []string{"rails db:migrate"}},
		{ID: "apply", Replaces: []string{"kubectl apply -f deploy/*"}},
		{ID: "ci", Replaces: []string{"bash .ci/run"}},
		{ID: "clean", Replaces: []string{"rm -rf dist*"}},
		{ID: "seed", Replaces: []string{"./scripts/seed.sh *"}},
		{ID: "wipe", Replaces: []string{"rm -rf ./*"}},
		{ID: "drop", Replaces: []string{"git rm ./<file>"}},
		{ID: "recursive", Replaces: []string{"rm -rf <dir>"}},
	})
	tests := []struct {
		cmd  string
		want []string
	}{
		{"./bin/rails db:rollback STEP=1", []string{"rollback"}},
		{"/work/orbit/bin/rails db:rollback", []string{"rollback"}},
		{"./bin/rails db:migrate", []string{"migrate"}},
		{"kubectl apply -f ./deploy/overlays/prod", []string{"apply"}},
		{"bash ./.ci/run", []string{"ci"}},
		{"rm -rf ./dist", []string{"clean", "recursive", "wipe"}},
		{"scripts/seed.sh prod", []string{"seed"}},
		{"./scripts/seed.sh prod", []string{"seed"}},
		// Another tool: a rails on the PATH, a path that only ends in the
		// same letters, a file named by "./" alone.
		{"rails db:rollback", nil},
		{"/opt/xbin/rails db:rollback", nil},
		{"rm -rf ./", []string{"recursive"}},
		// "./" before a glob or a placeholder says the operand is a
		// relative path: none other matches it. "./-rf" names a file,
		// never the option.
		{"rm -rf ./build", []string{"recursive", "wipe"}},
		{"rm -rf /", []string{"recursive"}},
		{"rm -rf ~", []string{"recursive"}},
		{"git rm ./notes.md", []string{"drop"}},
		{"git rm /etc/passwd", nil},
		{"rm ./-rf dist", nil},
	}
	checkMatchCommand(t, mt, tests)
}

// Short options a pattern bundles ("-rf", "-it") match the same options
// bundled in another order or with others, as getopt reads them: "rm -fr
// dist" and "docker run -ti ubuntu" matched nothing.
func TestMatchCommandBundledOptions(t *testing.T) {
	mt := Compile([]Card{
		{ID: "clean", Replaces: []string{"rm -rf dist*"}},
		{ID: "cleanapart", Replaces: []string{"rm -r -f build"}},
		{ID: "run", Replaces: []string{"docker run -it <image>"}},
		{ID: "force", Replaces: []string{"git push -f"}},
		{ID: "race", Replaces: []string{"go test -race *"}},
		{ID: "msg", Replaces: []string{"git commit -m <msg>"}},
		{ID: "verbose", Replaces: []string{"go vet -v"}},
		{ID: "pgclean", Replaces: []string{"pg_restore -c *"}},
		{ID: "rmf", Replaces: []string{"rm -f /tmp/*"}},
		{ID: "sudorm", Replaces: []string{"sudo rm -f /var/*", "ls /srv && rm -f /srv/*"}},
		{ID: "curlO", Replaces: []string{"curl -O *"}},
		{ID: "grepr", Replaces: []string{"grep -r *"}},
	})
	tests := []struct {
		cmd  string
		want []string
	}{
		{"rm -fr dist", []string{"clean"}},
		{"go test -race ./...", []string{"race"}},
		{"rm -rfv dist", []string{"clean"}},
		{"docker run -ti ubuntu", []string{"run"}},
		{"docker run -itd ubuntu", []string{"run"}},
		// Not the options named: one missing, a long option.
		{"rm -r dist", nil},
		{"rm -rv dist", nil},
		{"rm --rf dist", nil},
		// rm reads a bundle as its options one by one, as getopt does, so
		// they may be given apart, in any order, among the operands, and
		// quoted; and a pattern's options given apart match a bundle.
		{"rm -r -f dist", []string{"clean"}},
		{"rm -f -r dist", []string{"clean"}},
		{"rm -r dist -f", []string{"clean"}},
		{"rm '-rf' dist", []string{"clean"}},
		{"rm -r -- -f dist", nil},
		{"rm -fr build", []string{"cleanapart"}},
		{"sudo rm -rfv build", []string{"cleanapart"}},
		{"rm -r build", nil},
		// A one-letter option of the pattern is found in a bundle of the
		// line of two letters, as getopt reads -fu as -f -u.
		{"git push -fu origin x", []string{"force"}},
		{"git push -uf origin x", []string{"force"}},
		{`git commit -am "x"`, []string{"msg"}},
		{"git push -u origin x", nil},
		{"go vet -vet ./...", nil}, // read as a long option
		{"go vet -vx ./...", []string{"verbose"}},
		{"go vet -vxa ./...", nil},
		{"pg_restore -cv db.dump", []string{"pgclean"}},
		{"pg_restore -Cc -d postgres db.dump", []string{"pgclean"}},
		// -F and its argument c: pg_restore's options that take one are
		// known, so it holds no -c.
		{"pg_restore -Fc -d app db.dump", nil},
		{"pg_restore -cFc -d app db.dump", []string{"pgclean"}},
		{"pg_restore -d app -c db.dump", []string{"pgclean"}},
		{"rm -Rf /tmp/x", []string{"rmf"}},
		// rm reads no long option after one dash, so its bundles of more
		// letters hold a one-letter option too; go vet's do not.
		{"rm -Rfv /tmp/x", []string{"rmf"}},
		{"sudo rm -vRf /tmp/x", []string{"rmf"}},
		{"rm -Rv /tmp/x", nil},
		// A letter twice is still a bundle where each letter is one of
		// the command's options (rm -Rffv removes: checked with GNU rm);
		// not where capreg does not know them all.
		{"rm -Rffv /tmp/x", []string{"rmf"}},
		// Letters after an option that takes an argument are the argument.
		{"curl -XPOST https://x", nil},
		{"grep -eword file", nil},
		{"grep -rnw x .", []string{"grepr"}},
		// After "--", which no option takes as its argument, -f is a file.
		{"rm -i -- -f", nil},
		{"rm -i -f -- /tmp/x", []string{"rmf"}},
		{"sudo rm -Rfv /var/x", []string{"sudorm"}},
		{"ls /srv && rm -Rfv /srv/x", []string{"sudorm"}},
		// Four letters or more after one dash are a long option, as Go's
		// tools and find write them, not a bundle: -trace is not -race.
		{"go test -trace t.out ./...", nil},
		// A command word that repeats a letter, or of more than five, is a
		// long option too: -timeout is not -it, nor -format -rf.
		{"docker run -timeout 5 ubuntu", nil},
		{"rm -format dist", nil},
		{"rm -lfrtv dist", []string{"clean"}},
	}
	checkMatchCommand(t, mt, tests)
}

// TestMatchCommandKeywordsInAnyCase: a pattern word written in capitals is
// a keyword its tool reads in any case (Redis commands, SQL), so it
// matches in any case; other words, options and NAME=value words keep
// their case. "redis-cli flushall" matched no card of "redis-cli FLUSHALL".
func TestMatchCommandKeywordsInAnyCase(t *testing.T) {
	mt := Compile([]Card{
		{ID: "flush", Replaces: []string{"redis-cli FLUSHALL", "redis-cli -h * FLUSHDB"}},
		{ID: "drop", Replaces: []string{"psql -c DROP*"}},
		{ID: "post", Replaces: []string{"curl -XPOST *"}},
		{ID: "dry", Replaces: []string{"DRY_RUN=1 make deploy"}},
		{ID: "git", Replaces: []string{"git push --force"}},
	})
	tests := []struct {
		cmd  string
		want []string
	}{
		{"redis-cli flushall", []string{"flush"}},
		{"redis-cli FlushAll", []string{"flush"}},
		{"redis-cli -h cache.prod flushdb", []string{"flush"}},
		{"psql -c 'drop table users'", []string{"drop"}},
		{"curl -xpost http://x", nil},
		{"dry_run=1 make deploy", nil},
		{"git PUSH --force", nil},
		{"redis-cli flush", nil},
	}
	checkMatchCommand(t, mt, tests)
}

// TestPatternFault: the patterns that cannot do what their author meant
// are named (card-replaces-shape), and ordinary ones are not.
func TestPatternFault(t *testing.T) {
	tests := []struct{ pat, want string }{
		{"git push .* (--force", "does not compile"},
		{"--no-verify", `starts with the option "--no-verify"`},
		{"FOO=1 -x", `starts with the option "-x"`},
		// A command after an operator that starts with an option matches
		// no line either: "git push --force|-f", a choice of options
		// written without parentheses, is a pipe into a command "-f".
		{"git push --force|-f", `the command after "|" starts with the option "-f"`},
		{"git push --force | -f", `the command after "|" starts with the option "-f"`},
		{"make build && --deploy", `the command after "&&" starts with the option "--deploy"`},
		{"git push (-f|--force)", ""},
		{"git push (--force|-f) *", ""},
		{"helm (upgrade|install) .*", ""},
		{"curl * | sh -", ""},
		{"curl * | FOO=1 sh", ""},
		// After each operator a command follows, past its assignments,
		// with the fix that fits: parentheses for a |, else the command.
		{"curl * | FOO=1 -x", `the command after "|" starts with the option "-x"`},
		{"make & -x", `the command after "&" starts with the option "-x"`},
		{"make; -x", `the command after ";" starts with the option "-x"`},
		{"make || -x", `the command after "||" starts with the option "-x"`},
		// "|&" is read as "|" and "&" (afterPipe), and named whole.
		{"make |& -x", `the command after "|&" starts with the option "-x"`},
		{"make |& FOO=1 -x", `the command after "|&" starts with the option "-x"`},
		{"git push --force|-f", "a | outside parentheses is a pipe; write a choice of options in them, (--force|-f)"},
		{"make && --deploy", `"--deploy", and a command never does, so it matches no line: name the command first`},
		// A lone dash or "--" is no option (isOption), as at the start;
		// nor is an option of the command a pipe runs, a quoted or
		// escaped |, or a redirection's target.
		{"git diff | -", ""},
		{"make | -- x", ""},
		{"ps aux | grep -v grep", ""},
		{"find . -exec rm {} \\; -print", ""},
		{"grep a\\|-b *", ""},
		{"grep 'a|-b' *", ""},
		{"make 2>&1 | tee -a log", ""},
		{"make | > -log", ""},
		{"*", "names no command"},
		{".*", "names no command"},
		{"<cmd>", "names no command"},
		{"* *", "names no command"},
		{"<cmd> *", "names no command"},
		{`\S+ .*`, "names no command"},
		{"[a-z]* *", "names no command"},
		{"<cmd> <arg>", "names no command"},
		{"<cmd> -*", "names no command"},
		{"* * *", "names no command"},
		{"?? *", "names no command"},
		{"[a-z]* -rf", ""},
		{"rm -rf *", ""},
		{"cp -r * *", ""},
		{"git <subcommand>", ""},
		{"ls -*", ""},
		{"env *", ""},
		{`jq '.items[] | .name' *`, ""},
		{"git push --force", ""},
		{"git push .* --force", ""},
		{"curl .* \\| sh", ""},
		{"sudo *", ""},
		{"<cmd> --force", ""},
		{"kill -9 $(lsof -t -i:<port>)", ""},
		// Written as documentation: a usage line's optional parts, an
		// alternation or class never closed, a prompt, Markdown's
		// backticks or quotes around the whole.
		{"git push --force [<remote>] [<branch>]", `"[<remote>]" reads as a regular-expression class`},
		{"helm uninstall <release> [--namespace <ns>]", `"[--namespace <ns>]" reads as a regular-expression class`},
		{"git push [-f] *", `"[-f]" reads`},
		{"git push (-f|--force", "missing closing )"},
		{"terraform (apply|destroy", "missing closing )"},
		{"kubectl port-forward (svc|pod/[a-z+", "does not compile"},
		{"git push [a-z", "missing closing ]"},
		{"$ git push --force-with-lease", `shell prompt, "$ "`},
		{"`git push -f`", "a command substitution"},
		{`"git push -f"`, "one word"},
		{"'git push -f'", "one word"},
		// A usage line's optional part named by a placeholder word, and
		// its "..." for more words: each matches no line a user types.
		{"[sudo] apt-get install <pkg>", `"[sudo]" is written as a usage line's optional part`},
		{"[sudo] apt-get install <pkg>", "leave it out, as a line that runs the command under sudo is matched already"},
		{"kubectl logs [options] <pod>", `"[options]" is written as a usage line's optional part`},
		{"kubectl logs [options] <pod>", "passes over options before a placeholder, or write * in its place"},
		{"git push [remote] [branch]", `"[remote]" is written as a usage line's optional part`},
		{"git push [remote] [branch]", "write <remote> (one word) or * (one or more) in its place"},
		{"docker run [OPTIONS] IMAGE [COMMAND]", `"[OPTIONS]" is written`},
		{"docker run <image> [COMMAND]", "write <command> (one word)"},
		{"pg_dump [connection-option...] [option...] [dbname]", `"[connection-option...]" is written`},
		{"pg_dump [dbname]", `"[dbname]" is written`},
		{"ls [file ...]", `"[file ...]" is written`},
		{"cat [FILE]...", `"[FILE]..." is written`},
		{"git add [--] [pathspec...]", `"[pathspec...]" is written`},
		{"kubectl apply -f <file> ...", `"..." is a usage line's "and so on", but matches only a word "...", not the words it stands for: leave it out`},
		{"curl ... | sh", `"..." is a usage line's "and so on", but matches only a word "...", not the words it stands for: write * in its place`},
		{"git push .* ...", "matches only three characters"},
		{"rm -rf … *", `"…" is a usage line's`},
		// Brackets and dots a shell or a regexp reads: a test, a class of
		// ranges, a class repeated, one inside a word, quoted text, and
		// capitals, which are words.
		{"[ -f x ] && rm x", ""},
		{"[[ -f x ]] && rm x", ""},
		{"test -f x && rm x", ""},
		{"rm file[0-9].txt", ""},
		{"rm [abc]*", ""},
		{"rm [a-z] *", ""},
		{"tr [A-Za-z] *", ""},
		{"git branch -D [a-z]+", ""},
		{"rm [a-z]+-[0-9]{2}", ""},
		{`echo ${x[@]} *`, ""},
		{`awk '{print $1} [abc]' *`, ""},
		{"sed -e 's/[abc]/x/' *", ""},
		{"sed -e s/[abc]/x/ *", ""},
		{"helm install RELEASE CHART", ""},
		// A class of a few letters a line may hold (review 27): "ls
		// [abc]" matches "ls a". A usage word repeats a letter, is
		// long, or is one of the short placeholders.
		{"ls [abc]", ""},
		{"rm [ab]", ""},
		{"echo [hi]", ""},
		{"test [xy] = x", ""},
		{"git checkout [branch]", `"[branch]" is written`},
		{"scp [file] *", `"[file]" is written`},
		// Short placeholders and classes (review 29).
		{"kill -9 [pid]", `"[pid]" is written`},
		{"git commit -m [msg]", `"[msg]" is written`},
		{"git checkout [sha]", `"[sha]" is written`},
		{"docker stop [cid]", `"[cid]" is written`},
		{"ssh [ip]", `"[ip]" is written`},
		{"git show [rev]", `"[rev]" is written`},
		{"head -n [num] x", `"[num]" is written`},
		{"kill [PID]", `"[PID]" is written`},
		{"docker logs [svc]", `"[svc]" is written`},
		{"git tag -d [ver]", `"[ver]" is written`},
		{"sed -n [pP] f", ""},
		{"yes [Yy] x", ""},
		{"yes [YyNn] x", ""},
		// A capitalised word whose first letter comes again in lower case
		// is a word, not a case pair (mutation testing, casePair).
		{"docker run [Options] image", `"[Options]" is written`},
		{"git push [Origin]", `"[Origin]" is written`},
		{"tr [aeiou] x", ""},
		{"chmod [rwxst] f", ""},
		{"grep [abcde] f", ""},
		// Words whose letters come in alphabetical order (review 31).
		{"git log [first]", `"[first]" is written`},
		{"git rebase [abort]", `"[abort]" is written`},
		{"make [dirty]", `"[dirty]" is written`},
		{"top -p [cpu]", `"[cpu]" is written`},
		// A few letters in order are a class (review 32).
		{"grep -c [acgt] reads.fa", ""},
		{"grep [ace] f", ""},
		{"grep [aeg] f", ""},
		{"go test ./...", ""},
		{"cd .. && rm -rf *", ""},
		{`grep -F "..." *`, ""},
		{"git branch [a-z]+", ""},
		{"grep -E [-a-z]+ *", ""},
		{"[ -f <file> ] && rm <file>", ""},
		{"$HOME/bin/deploy *", ""},
		{"echo $ x", ""},
		{`"$EDITOR" *`, ""},
		{"`which git` push *", ""},
		{"git pull||true", ""},
		{"make || true", ""},
		// Quoted text is text: its [ and ( open nothing; a program path
		// with spaces is quoted on purpose.
		{`grep -F "[ERROR" *`, ""},
		{"grep -rF '[TODO' *", ""},
		{"cut -d'[' -f2 *", ""},
		{"tr -d '[' *", ""},
		{`git commit -m "fix [WIP"`, ""},
		{"grep -F '(deprecated|' *", ""},
		{`grep "[-f]" *`, ""},
		{`"/Applications/Visual Studio Code.app/Contents/Resources/app/bin/code"`, ""},
		{`"git push" --force`, ""},
		{`git push [a-z "x"`, "missing closing ]"},
		{"'my tool'", `the name of one program "my tool"`},
		{"'my tool' --x", ""},
		{`"deploy app --prod"`, "one word"},
		{`"terraform destroy"`, "one word"},
		{`"git status"`, "one word"},
		{"`kubectl get pods`", "command substitution"},
		// A quoted blank: no word to look at (it panicked).
		{`" "`, "white space in quotes"},
		{"' '", "white space in quotes"},
		{"\"\t\"", "white space in quotes"},
		// A regexp that ends by matching white space.
		{"^git push (-f|--force)( |$)", "ends by matching white space"},
		{`git push --force\s`, "ends by matching white space"},
		{`git push (-f|--force)(\s+|$)`, "ends by matching white space"},
		{`git push (-f|--force)(?:\s|$)`, "ends by matching white space"},
		{`git push (-f|--force)`, ""},
		{`git push\s+--force`, ""},
		{"git push( +|$)", "ends by matching white space"},
		{"git push[ ]", "ends by matching white space"},
		{"git push[[:space:]]", "ends by matching white space"},
		{`git push .*\\s`, ""},
		{"git push .*", ""},
		// Brackets and parentheses as a usage line or an unfinished
		// regexp writes them, which match nothing meant (review: a word
		// and a blank in brackets, words separated by | in brackets, a (
		// never closed in a pattern read as shell words).
		{"[sudo ]rm -rf /", `"[sudo ]" reads as a regular-expression class, one character (s, u, d, o or a blank), not as an optional word`},
		{"[sudo ]rm -rf /", "leave it out, as a line that runs the command under sudo is matched already"},
		{"git push [origin ]main", "an optional word is written as two patterns, one with it and one without"},
		// A precommand in brackets glued to the command (left before).
		{"[sudo]rm -rf /", `"[sudo]" reads as a regular-expression class, one character (s, u, d, o), not as an optional word`},
		{"[sudo]rm -rf /", "leave it out, as a line that runs the command under sudo is matched already"},
		{"git [sudo]push", "an optional word is written as two patterns"},
		{"^[sudo]rm -rf /", `"[sudo]" reads as a regular-expression class, one character (s, u, d, o), not as an optional word`},
		{"^[sudo ]rm -rf /", `"[sudo ]" reads as a regular-expression class, one character (s, u, d, o or a blank)`},
		{"^[sudo ]rm -rf /", "leave it out, as a line that runs the command under sudo is matched already"},
		{"[sudo]7z x a.7z", `"[sudo]" reads as a regular-expression class`},
		{"^[Gg]it push --force", ""},
		{"[Gg]it push --force", ""},
		{"[rR]m -rf /", ""},
		{"[abc]x", ""},
		{"git push [ origin] main", `"[ origin]" reads as a regular-expression class`},
		{"kubectl delete [ns|namespace] *", `"[ns|namespace]" is a regular-expression class, which matches one character (n, s, a, m, e, p, c or |), not either word: write (ns|namespace)`},
		{"systemctl [start | stop] nginx", "write (start|stop) for any one of the words"},
		{"read -p x [y|n]", "write (y|n)"},
		{"kubectl drain (--force", `the ( of "(--force" is never closed, so the pattern is no regular expression and is matched as shell words, literally`},
		{"bad(regex", `the ( of "bad(regex" is never closed`},
		{"echo $(date", `the ( of "$(date" is never closed`},
		{"kubectl delete (ns|namespace) *", ""},
		{"git push (-f|--force) *", ""},
		{"rm -rf *.[ch]", ""},
		{"[0-9]+", ""},
		{"rm [0-9]+", ""},
		{"ls [abc]*", ""},
		{"tr [ab ] x", ""},
		{"grep [|&] x", ""},
		{"grep [a-z|0-9] x", ""},
		{"grep [a-zA-Z|_] x", ""},
		{"grep [0-9a-f|x] x", ""},
		{"kubectl get pods -n [default|kube-system]", `matches one character of those it lists, e-s being a range, not either word: write (default|kube-system)`},
		{"systemctl [start | stop] nginx", "(s, t, a, r, o, p, a blank or |)"},
		{"git push --force # (see the wiki", ""},
		{"git push --force # old\nkubectl drain (--force", `the ( of "(--force" is never closed`},
		{"(cd build && make)", ""},
		{"rm [(]*", ""},
		{`grep \( x`, ""},
		{"grep -F '(' *", ""},
		{"case $x in a) rm x;; esac", ""},
		{"kill $(cat pid)", ""},
	}
	for _, tt := range tests {
		got := PatternFault(tt.pat)
		if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
			t.Errorf("PatternFault(%q) = %q, want %q", tt.pat, got, tt.want)
		}
	}
}

// TestPatternFaultFixMatches: the pattern a bracketed choice of words
// is told to be written as matches each word, as the class never did.
func TestPatternFaultFixMatches(t *testing.T) {
	mt := Compile([]Card{{ID: "class", Replaces: []string{"kubectl delete [ns|namespace] *"}},
		{ID: "group", Replaces: []string{"kubectl delete (ns|namespace) *"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"kubectl delete ns prod", []string{"group"}},
		{"kubectl delete namespace prod", []string{"group"}},
		{"kubectl delete n prod", []string{"class"}},
	})
}

// TestNamedBy: the cards whose patterns match the command line an intent
// quotes in backticks, or, when whole, the intent itself, each once, most
// specific first; prose whose first word is no pattern's command names
// none, nor, unless whole, the intent.
func TestNamedBy(t *testing.T) {
	m := Compile([]Card{
		{ID: "force", Replaces: []string{"git push --force"}},
		{ID: "push", Replaces: []string{"git push*"}},
		{ID: "apply", Replaces: []string{"kubectl apply -f k8s/"}},
		{ID: "fmt", Replaces: []string{"npx prettier --write *"}},
		{ID: "make", Replaces: []string{"make *"}},
		{ID: "slow", Replaces: []string{"ssh * uptime"}},
	})
	tests := []struct {
		intent string
		whole  bool
		want   []string
	}{
		{"git push --force origin main", true, []string{"force", "push"}},
		{"kubectl apply -f k8s/", true, []string{"apply"}},
		{"before I run `kubectl apply -f k8s/`, and `git push --force`", false, []string{"apply", "force", "push"}},
		{"/usr/local/bin/prettier --write src", true, []string{"fmt"}},
		{"make a backup of the database", false, nil},
		{"make a backup of the database `make dump`", false, []string{"make"}},
		{"push my branch with force", true, nil},
		{"apply the k8s manifests", true, nil},
		{"an unclosed `git push --force", false, nil},
		{"", true, nil},
		// A line that spends the budget names nothing, rather than what
		// it found before the budget ran out.
		{"ssh " + strings.Repeat("-v ", 1300) + "y", true, nil},
	}
	for _, tt := range tests {
		var got []string
		for _, n := range m.NamedBy(context.Background(), tt.intent, tt.whole) {
			got = append(got, m.ids[n.Card])
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("NamedBy(%.60q, %v) = %v, want %v", tt.intent, tt.whole, got, tt.want)
		}
	}
	// A request gone away (its context done) names nothing: the match is
	// stopped, not run to its budget for no one.
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if got := m.NamedBy(ctx, "git push --force origin main", true); len(got) != 0 {
		t.Errorf("NamedBy with a done context = %v, want none", got)
	}
}

// A redirection is read alike with its target in its word or the next
// ("<dump.sql", "< dump.sql"), and of the default descriptor with or
// without it ("0<", "1>"), in patterns and lines: "psql * < *.sql"
// matched only "psql db < dump.sql".
func TestMatchCommandRedirections(t *testing.T) {
	mt := Compile([]Card{
		{ID: "restore", Replaces: []string{"psql * < *.sql", "mysql <db> < <file>"}},
		{ID: "dump", Replaces: []string{"pg_dump * >*"}},
		{ID: "push", Replaces: []string{"git push --force"}},
		// A placeholder right after the redirection is its target.
		{ID: "dump2", Replaces: []string{"pg_dump <db> 1><file>"}},
		{ID: "feed", Replaces: []string{"mysqldump <db> <<file>"}},
		{ID: "tee", Replaces: []string{"tee <file> 2><log>"}},
		{ID: "rm", Replaces: []string{"rm -rf *"}},
		{ID: "sort", Replaces: []string{"sort <$file>"}},
		{ID: "quiet", Replaces: []string{"make > /dev/null 2>&1"}},
		{ID: "log", Replaces: []string{"make test &>> <log>"}},
		{ID: "lint", Replaces: []string{"make lint &><file>"}},
		{ID: "dup", Replaces: []string{"echo * >&<fd>"}},
	})
	tests := []struct {
		cmd  string
		want []string
	}{
		{"psql db < dump.sql", []string{"restore"}},
		{"psql db <dump.sql", []string{"restore"}},
		{"psql db 0< dump.sql", []string{"restore"}},
		{"psql db 0<dump.sql", []string{"restore"}},
		{"psql -h x db <dump.sql", []string{"restore"}},
		{"mysql app <b.sql", []string{"restore"}},
		{"mysql app < b.sql", []string{"restore"}},
		{"pg_dump db > out.sql", []string{"dump", "dump2"}},
		{"pg_dump db >out.sql", []string{"dump", "dump2"}},
		{"pg_dump db 1>out.sql", []string{"dump", "dump2"}},
		// Not the redirection named: another descriptor, or none.
		{"pg_dump db 2>err.log", nil},
		{"psql db -f dump.sql", nil},
		{"psql db '<dump.sql'", nil}, // quoted: text, no redirection
		// A redirection the pattern does not name is passed over as before,
		// however written.
		{"git push --force 2>/dev/null", []string{"push"}},
		{"git push --force 2> /dev/null", []string{"push"}},
		{"git push --force >log 2>&1", []string{"push"}},
		{"echo 'git push --force' 2>/dev/null | sh", []string{"push"}},
		{"cat <<< 'git push --force' 2> /dev/null | bash", []string{"push"}},
		{"pg_dump app >out.sql", []string{"dump", "dump2"}},
		{"pg_dump app > out.sql", []string{"dump", "dump2"}},
		{"mysqldump app <in.sql", []string{"feed"}},
		{"tee x 2>log", []string{"tee"}},
		{"tee x 2> log", []string{"tee"}},
		// cat's output goes to a file: the shell after the pipe reads
		// nothing, however the redirection is written.
		{"cat <<EOF > f | bash\nrm -rf /tmp/x\nEOF", nil},
		{"cat <<EOF >f | bash\nrm -rf /tmp/x\nEOF", nil},
		{"cat > f <<EOF | bash\nrm -rf /tmp/x\nEOF", nil},
		{"cat <<EOF 2>/dev/null | bash\nrm -rf /tmp/x\nEOF", []string{"rm"}},
		// >| is > (overriding noclobber), not a pipe into a command the
		// file names: the shell runs no script here.
		{"pg_dump db >| out.sql", []string{"dump", "dump2"}},
		{"pg_dump db >|out.sql", []string{"dump", "dump2"}},
		{"pg_dump db 1>| out.sql", []string{"dump", "dump2"}},
		{"echo 'rm -rf /tmp/x' >| sh", nil},
		{"echo 'rm -rf /tmp/x' >|bash", nil},
		// A redirection touching the word before it ends that word, as
		// the shell reads it: each was one word, matched by none.
		{"psql db<dump.sql", []string{"restore"}},
		{"psql db 0<dump.sql 2>err", []string{"restore"}},
		{"pg_dump db>out.sql", []string{"dump", "dump2"}},
		{"pg_dump db>|out.sql", []string{"dump", "dump2"}},
		{`pg_dump "db">out.sql`, []string{"dump", "dump2"}},
		{"git push --force>/dev/null", []string{"push"}},
		{"git push --force&>/dev/null", []string{"push"}},
		{"git push --force>log 2>&1&", []string{"push"}},
		{"git push --force>&2", []string{"push"}},
		{"rm -rf /tmp/x<<EOF\nhi\nEOF", []string{"rm"}},
		{"cat<<EOF|bash\nrm -rf /tmp/x\nEOF", []string{"rm"}},
		{"cat<<EOF>f|bash\nrm -rf /tmp/x\nEOF", nil},
		// "&>f" and "&>>f" are "> f 2>&1" and ">> f 2>&1", in lines
		// and patterns: each matched only the form it was written in.
		{"make &>/dev/null", []string{"quiet"}},
		{"make &> /dev/null", []string{"quiet"}},
		{"make&>/dev/null", []string{"quiet"}},
		{"pg_dump db &>out.sql", []string{"dump", "dump2"}},
		{"make test >> ci.log 2>&1", []string{"log"}},
		{"make test &>>ci.log", []string{"log"}},
		{"make lint &>out", []string{"lint"}},
		{"make lint > out 2>&1", []string{"lint"}},
		// ">&f", the older spelling, too; ">&2" and ">&-" are no file.
		{"make >& /dev/null", []string{"quiet"}},
		{"make >&/dev/null", []string{"quiet"}},
		{"make >&2", nil},
		{"make >& 2", nil},
		{"make >&-", nil},
		{"make &>&2", nil},
		{"make >&2-", nil},
		// ">&<fd>" in a pattern is a duplication, as it matched before;
		// ">&out" is both outputs to a file. A placeholder of another
		// name after ">&" is a file, as after any redirection.
		{"echo x >&2", []string{"dup"}},
		{"echo x >&out", nil},
		// However the shell is told the same duplication: the descriptor
		// in the next word, the default one named.
		{"echo x >& 2", []string{"dup"}},
		{"echo x 1>&2", []string{"dup"}},
		{"echo x 1>& 2", []string{"dup"}},
		{"make >/dev/null 2>& 1", []string{"quiet"}},
		{"make 1>/dev/null 2>& 1", []string{"quiet"}},

		// Not both outputs: another duplication, or none.
		{"make >/dev/null 2>/dev/null", nil},
		{"make >/dev/null", nil},
		{"make test >> ci.log", nil},
		{"make '&>/dev/null'", nil},
		// Only the descriptor's digits, alone, are the redirection's:
		// "db2>err" redirects the output of pg_dump db2, "/2>x" removes
		// /2, and a quoted or escaped > is text.
		{"pg_dump db2>out.sql", []string{"dump", "dump2"}},
		{"pg_dump db 2>out.sql", nil},
		{`pg_dump db\>out.sql`, nil},
		{"pg_dump 'db>out.sql'", nil},
		// A < or > inside a parameter expansion is part of it: bash
		// gives pg_dump "db>out.sql" (or $db) and redirects nothing.
		{"pg_dump ${db:->out.sql}", nil},
		{"pg_dump ${db}>out.sql", []string{"dump", "dump2"}},
		// A placeholder may hold a $: "<$file>".
		{"sort x", []string{"sort"}},
	}
	checkMatchCommand(t, mt, tests)
	// A placeholder after ">&" is a file, as after any redirection, but
	// for one naming a descriptor ("<fd>", above).
	checkMatchCommand(t, Compile([]Card{
		{ID: "tofile", Replaces: []string{"make >& <file>"}},
		{ID: "tolog", Replaces: []string{"make lint >&<log>"}},
	}), []struct {
		cmd  string
		want []string
	}{
		{"make >& build.log", []string{"tofile"}},
		{"make > build.log 2>&1", []string{"tofile"}},
		{"make &> build.log", []string{"tofile"}},
		{"make lint >&lint.log", []string{"tolog"}},
		{"make >& 2", nil},
		{"make lint >&2", nil},
		{"make >&-", nil},
		{"make >&2-", nil},
		// After "&>" a word of digits is a file: bash writes both outputs
		// to one named 2.
		{"make lint &>2", []string{"tolog"}},
	})
}

// A short option written with its argument in one word ("-XDELETE",
// "-fn5") reads as the option and the argument, for the commands whose
// options that take one are known, in lines and patterns alike.
func TestMatchCommandShortOptionArguments(t *testing.T) {
	mt := Compile([]Card{
		{ID: "delete", Replaces: []string{"curl -X DELETE *"}},
		{ID: "post", Replaces: []string{"curl -XPOST *"}},
		{ID: "follow", Replaces: []string{"tail -f *"}},
		{ID: "clean", Replaces: []string{"pg_restore -c *"}},
	})
	tests := []struct {
		cmd  string
		want []string
	}{
		{"curl -XDELETE https://x/api/1", []string{"delete"}},
		{"curl -sXDELETE https://x/api/1", []string{"delete"}},
		{"curl -X DELETE https://x/api/1", []string{"delete"}},
		{"sudo curl -XDELETE https://x/api/1", []string{"delete"}},
		{"curl -X POST https://x/api", []string{"post"}},
		{"curl -XPOST https://x/api", []string{"post"}},
		{"curl -XGET https://x/api", nil},
		{"curl -H 'X: DELETE' https://x", nil},
		{"tail -fn5 app.log", []string{"follow"}},
		{"tail -n5 app.log", nil},
		{"pg_restore -Fc -d app db.dump", nil},
		{"pg_restore -cFc -d app db.dump", []string{"clean"}},
		// Not a command whose options are known: left whole.
		{"kubectl -nprod delete pod x", nil},
	}
	checkMatchCommand(t, mt, tests)
}

// After review: what capreg knows of a command's options reaches it where a
// pattern names it after another command (docker exec, kubectl exec, ssh);
// pg_dump's -d names the database a <db> stands for; wget's -n takes a
// letter; a quoted or escaped ">" is no redirection.
func TestMatchCommandKnownOptionsInside(t *testing.T) {
	mt := Compile([]Card{
		{ID: "clean", Replaces: []string{"docker exec * pg_restore -c *", "kubectl exec * -- pg_restore -c *"}},
		{ID: "delete", Replaces: []string{"ssh * curl -X DELETE *"}},
		{ID: "rmf", Replaces: []string{"docker exec * rm -f *"}},
		{ID: "dump", Replaces: []string{"pg_dump <db> > <file>", "pg_dump prod*"}},
		{ID: "continue", Replaces: []string{"wget -c *"}},
		{ID: "post", Replaces: []string{"curl -XPOST *"}},
		{ID: "catto", Replaces: []string{"cat * > *"}},
	})
	tests := []struct {
		cmd  string
		want []string
	}{
		{"docker exec db pg_restore -Fc -d app /tmp/db.dump", nil},
		{"docker exec db pg_restore -cFc -d app /tmp/db.dump", []string{"clean"}},
		{"kubectl exec db-0 -- pg_restore -Fc -d app /tmp/x", nil},
		{"kubectl exec db-0 -- pg_restore -c -d app /tmp/x", []string{"clean"}},
		{"ssh h curl -XDELETE https://x", []string{"delete"}},
		{"docker exec c rm -Rfv /x", []string{"rmf"}},
		{"pg_dump -d app > app.sql", []string{"dump"}},
		{"pg_dump -d prod > prod.dump", []string{"dump"}},
		{"wget -qnc https://x/a.tgz", nil},
		{"wget -nc https://x/a.tgz", nil},
		{"wget -qc https://x/a.tgz", []string{"continue"}},
		// A value in capitals is a keyword, in any case, glued or not.
		{"curl -Xpost https://x", []string{"post"}},
		{"curl -X POST https://x", []string{"post"}},
		{"cat a \\> b", nil},
		{"cat a '>' b", nil},
		{"cat a > b", []string{"catto"}},
		{"cat a 1\\>b", nil},
	}
	checkMatchCommand(t, mt, tests)
}

// What names a command, for reading its options, is a word where one
// runs: not an option's argument ("--name curl"), nor a path within
// another ("/opt/curl" after -C, "curlimages/curl", a URL's ".../rm"); and
// a redirection of the command a container runs stays one.
func TestMatchCommandNamesAreNotCommands(t *testing.T) {
	mt := Compile([]Card{
		{ID: "it", Replaces: []string{"docker run -it *"}},
		{ID: "untar", Replaces: []string{"tar -xzf *"}},
		{ID: "delete", Replaces: []string{"curl -X DELETE *"}},
		{ID: "dump", Replaces: []string{"pg_dump <db> > <file>"}},
		{ID: "seed", Replaces: []string{"psql * < *.sql"}},
	})
	tests := []struct {
		cmd  string
		want []string
	}{
		{"docker run --name curl -dit ubuntu", []string{"it"}},
		{"docker run --rm curlimages/curl -dit", []string{"it"}},
		{"tar -C /opt/curl -xzf curl.tgz", []string{"untar"}},
		{"curl http://localhost:8080/rm -XDELETE", []string{"delete"}},
		{"curl -o /tmp/ls -XDELETE https://x", []string{"delete"}},
		{"sudo /usr/bin/curl -XDELETE https://x", []string{"delete"}},
		{"docker exec db pg_dump app > app.sql", []string{"dump"}},
		{"docker exec db pg_dump app >app.sql", []string{"dump"}},
		{"kubectl exec db-0 -- pg_dump app > app.sql", []string{"dump"}},
		{"docker exec -i db psql app < seed.sql", []string{"seed"}},
	}
	checkMatchCommand(t, mt, tests)
}

// After review: a command a precommand runs after options of its own
// ("sudo -E curl") is read with its own options, as where none come
// before it; an operand named like a command ("apt-get install curl") is
// none; pg_dump's --dbname=app gives the <db>.
func TestMatchCommandKnownOptionsAfterPrecommands(t *testing.T) {
	mt := Compile([]Card{
		{ID: "post", Replaces: []string{"curl -XPOST *"}},
		{ID: "tail", Replaces: []string{"tail -n100 *"}},
		{ID: "grep", Replaces: []string{"grep -A5 *"}},
		{ID: "xdelete", Replaces: []string{"xargs curl -XDELETE *"}},
		{ID: "dump", Replaces: []string{"pg_dump <db> > <file>"}},
		{ID: "apt", Replaces: []string{"apt-get install -y *"}},
		{ID: "kdump", Replaces: []string{"kubectl exec * -- pg_dump <db> > <file>"}},
	})
	tests := []struct {
		cmd  string
		want []string
	}{
		{"sudo -E curl -XPOST https://x", []string{"post"}},
		{"env -i curl -XPOST https://x", []string{"post"}},
		{"nice -n5 tail -n100 app.log", []string{"tail"}},
		{"xargs -0 grep -A5 x", []string{"grep"}},
		{"ls | xargs -n1 curl -XDELETE", []string{"xdelete"}},
		{"pg_dump --dbname=app > out.sql", []string{"dump"}},
		{"pg_dump --dbname app > out.sql", []string{"dump"}},
		{"apt-get install curl -dy", []string{"apt"}},
		{"kubectl exec db-0 -- pg_dump -Fc app > app.dump", []string{"kdump", "dump"}},
	}
	checkMatchCommand(t, mt, tests)
}

// After the last review: a runner hands over to the command it names,
// whose operands name no other ("docker exec web rm /tmp/curl -rf");
// chroot runs a command after its new root; sed's -i takes a glued
// suffix; pg_dump's "-dapp" gives the database; pg_dump and pg_restore
// read options anywhere.
func TestMatchCommandHandedOver(t *testing.T) {
	mt := Compile([]Card{
		{ID: "rmrf", Replaces: []string{"rm -rf *"}},
		{ID: "drmrf", Replaces: []string{"docker exec * rm -rf *"}},
		{ID: "grepn", Replaces: []string{"grep -n *"}},
		{ID: "sedi", Replaces: []string{"sed -i *"}},
		{ID: "prod", Replaces: []string{"pg_dump prod*"}},
		{ID: "clean", Replaces: []string{"pg_restore -c *"}},
	})
	tests := []struct {
		cmd  string
		want []string
	}{
		{"ssh host rm /usr/local/bin/curl -rf", []string{"rmrf"}},
		{"docker exec web rm /tmp/curl -rf", []string{"drmrf", "rmrf"}},
		{"kubectl exec web -- rm curl -rf", []string{"rmrf"}},
		{"docker exec web grep curl -rn /etc", []string{"grepn"}},
		{"chroot /mnt rm -rf /var/lib/x", []string{"rmrf"}},
		{"sudo chroot --userspec=app /mnt rm -rf /var/lib/x", []string{"rmrf"}},
		{"sed -i.bak 's/a/b/' file", []string{"sedi"}},
		{"sudo sed -i~ 's/a/b/' /etc/hosts", []string{"sedi"}},
		{"sed -n 's/a/b/p' file", nil},
		{"pg_dump -dprod_main > x.sql", []string{"prod"}},
		{"pg_restore app.dump -c -d app", []string{"clean"}},
		{"pg_restore -d app app.dump --clean", []string{"clean"}}, // --clean is -c (optionSpellings)
	}
	checkMatchCommand(t, mt, tests)
}

// A pod named like a command, and the options of pg_dump, which reads
// them anywhere, after its own.
func TestMatchCommandRunnerDashDash(t *testing.T) {
	mt := Compile([]Card{
		{ID: "kdelete", Replaces: []string{"kubectl exec * -- curl -XDELETE *"}},
		{ID: "dump", Replaces: []string{"pg_dump <db> > <file>"}},
	})
	tests := []struct {
		cmd  string
		want []string
	}{
		{"kubectl exec curl -- curl -XDELETE http://x", []string{"kdelete"}},
		{"kubectl exec web -- curl -X DELETE http://x", []string{"kdelete"}},
		{"pg_dump -h db -U app app > app.sql", []string{"dump"}},
		{"pg_dump app -h db > app.sql", []string{"dump"}},
	}
	checkMatchCommand(t, mt, tests)
}

// An option known by another spelling (optionSpellings) matches by
// either, in lines and patterns, for the command or git subcommand that
// reads it so, and only as an option of that command.
func TestMatchCommandOptionSpellings(t *testing.T) {
	mt := Compile([]Card{
		{ID: "forcepush", Replaces: []string{"git push --force *"}},
		{ID: "pushf", Replaces: []string{"git push -f"}},
		{ID: "rmrf", Replaces: []string{"rm -rf /var/*"}},
		{ID: "curldel", Replaces: []string{"curl -X DELETE *"}},
		{ID: "clean", Replaces: []string{"pg_restore --clean *"}},
		{ID: "glob", Replaces: []string{"git fetch --prune*"}},
		{ID: "ns", Replaces: []string{"kubectl delete -n prod *"}},
		{ID: "downv", Replaces: []string{"docker compose down -v*"}},
		{ID: "prune", Replaces: []string{"docker system prune -a -f"}},
	})
	tests := []struct {
		cmd  string
		want []string
	}{
		// Both name -f, and "git push -f" holds no wildcard.
		{"git push -f origin main", []string{"pushf", "forcepush"}},
		{"git -C repo push origin main -f", []string{"pushf", "forcepush"}},
		{"git push --force", []string{"pushf"}},
		{"git push -fu origin x", []string{"pushf", "forcepush"}},
		{"sudo -u ci git push --force origin", []string{"forcepush", "pushf"}}, // the line's own spelling first
		{"git push --force-with-lease origin", nil},
		{"git push origin -- --force", nil},
		{"git commit -f", nil}, // not git push's -f
		{"rm --recursive --force /var/x", []string{"rmrf"}},
		{"rm -R -f /var/x", []string{"rmrf"}},
		{"rm -Rf /var/x", []string{"rmrf"}},
		{"rm --force /var/x", nil},
		{"rm -- --recursive --force /var/x", nil},
		{"curl --request DELETE https://x", []string{"curldel"}},
		{"curl --request=DELETE https://x", []string{"curldel"}},
		{"curl --request GET https://x", nil},
		{"pg_restore -c -d app x.dump", []string{"clean"}},
		{"docker exec db pg_restore -cd app x.dump", []string{"clean"}},
		{"git fetch --prune origin", []string{"glob"}},
		{"git fetch -p origin", []string{"glob"}}, // a glob of --prune matches its short spelling
		{"kubectl delete --namespace prod pod x", []string{"ns"}},
		{"kubectl delete --namespace=prod pod x", []string{"ns"}},
		{"kubectl delete --namespace staging pod x", nil},
		// docker's subcommands, after its own options and their arguments;
		// a glob of an option matches the other spelling too.
		{"docker compose down --volumes", []string{"downv"}},
		{"docker compose -f prod.yml down --volumes --remove-orphans", []string{"downv"}},
		{"docker compose down --remove-orphans", nil},
		{"docker compose up --volumes", nil},
		{"docker system prune --all --force", []string{"prune"}},
		{"docker --context prod system prune --force --all", []string{"prune"}},
		{"podman system prune --all --force", nil}, // another command
		{"docker image prune --all --force", nil},
	}
	checkMatchCommand(t, mt, tests)
}

// A bundle split into its options is written back as one word in the
// script a runner runs, which a regexp pattern reads as written.
func TestMatchCommandBundleInScriptForRegexp(t *testing.T) {
	mt := Compile([]Card{{ID: "rerm", Replaces: []string{"rm -[a-zA-Z]*f[a-zA-Z]* .*"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"rm -rf /tmp/x", []string{"rerm"}},
		{"docker exec web rm -rf /tmp/x", []string{"rerm"}},
		{"ssh -p2222 host rm -rf /tmp/x", []string{"rerm"}},
		{"docker exec web rm -r /tmp/x", nil},
	})
}

// A line whose words after a substitution are read as another command's
// keeps its bundles whole; a pattern whose bundle was split still matches
// it by the bundle as written (commandPattern.whole).
func TestMatchCommandWholeBundleAfterSubstitution(t *testing.T) {
	mt := Compile([]Card{{ID: "drm", Replaces: []string{"docker run --rm * rm -rf *"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"docker run --rm -v $(pwd):/w alpine rm -rf /w/x", []string{"drm"}},
		{"docker run --rm alpine rm -r -f /w/x", []string{"drm"}},
		{"docker run --rm -v $(pwd):/w alpine rm -r /w/x", nil},
	})
}

// An option matched by its other spelling names no more of the line than
// its short spelling would: "rm --recursive *" is not more specific than
// "rm -rf <dir>" for "rm -rf build". kubectl's -f has two long options
// (--filename, --follow), so neither is spelled as it; an option turned
// off ("--follow=false") or the argument of one ("git tag -m --force") is
// no other spelling.
func TestMatchCommandOptionSpellingsLimits(t *testing.T) {
	mt := Compile([]Card{
		{ID: "safe-rm", Replaces: []string{"rm -rf <dir>"}},
		{ID: "trash", Replaces: []string{"rm -r *", "rm --recursive *"}},
		{ID: "nofollow", Replaces: []string{"kubectl * --follow *"}},
		{ID: "allns", Replaces: []string{"kubectl get * -A"}},
		{ID: "tagf", Replaces: []string{"git tag -f *"}},
		{ID: "sedE", Replaces: []string{"sed -E *"}},
		{ID: "noowner", Replaces: []string{"pg_dump -O *"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"rm -rf build", []string{"safe-rm", "trash"}},
		{"rm --recursive --force build", []string{"safe-rm", "trash"}},
		{"kubectl delete -f deploy.yaml", nil},
		{"kubectl logs -f web-0", nil},
		{"kubectl logs --follow web-0", []string{"nofollow"}},
		{"kubectl get pods --all-namespaces", []string{"allns"}},
		{"kubectl get pods --all-namespaces=false", nil},
		{"git tag -m --force v1", nil},
		{"git tag --force v1", []string{"tagf"}},
		{"sed -r 's/a+/b/' f", []string{"sedE"}},
		{"sed --regexp-extended 's/a+/b/' f", []string{"sedE"}},
		{"pg_dump --no-owner app", []string{"noowner"}},
	})
}

// kubectl's -f is spelled per subcommand: --follow for logs, --filename
// for apply, after kubectl's own options.
func TestMatchCommandKubectlSpellingsPerSubcommand(t *testing.T) {
	mt := Compile([]Card{
		{ID: "follow", Replaces: []string{"kubectl logs -f *"}},
		{ID: "apply", Replaces: []string{"kubectl apply -f *"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"kubectl logs --follow web-0", []string{"follow"}},
		{"kubectl --namespace prod logs --follow web-0", []string{"follow"}},
		{"kubectl -n prod logs web-0 --follow", []string{"follow"}},
		{"kubectl apply --filename deploy.yaml", []string{"apply"}},
		{"kubectl --context prod apply --filename=deploy.yaml", []string{"apply"}},
		{"kubectl logs --filename x", nil},
		{"kubectl apply --follow x", nil},
	})
}

// TestMatchCommandBundleGlobsAndOptionSpellings: a glob written on a bundle still matches it once the
// line's bundle is read as its options; options written apart or long
// are as specific as the bundle, and an equal match by the line's own
// spelling goes first; any false value turns an option off; docker run's
// and exec's options end at the image or container; ">|" of any
// descriptor is its ">".
func TestMatchCommandBundleGlobsAndOptionSpellings(t *testing.T) {
	mt := Compile([]Card{
		{ID: "rmglob", Replaces: []string{"rm -rf*"}},
		{ID: "curlglob", Replaces: []string{"curl -fsSL*"}},
		{ID: "rm-root", Replaces: []string{"rm -rf /"}},
		{ID: "rm-long", Replaces: []string{"rm --recursive --force *"}},
		{ID: "pg-restore", Replaces: []string{"pg_restore -d <db> *", "pg_restore --dbname *"}},
		{ID: "pg-restore-clean", Replaces: []string{"pg_restore -c *", "pg_restore --clean *"}},
		{ID: "follow", Replaces: []string{"kubectl logs -f *"}},
		{ID: "execroot", Replaces: []string{"docker exec -u root *"}},
		{ID: "errlog", Replaces: []string{"pg_dump * 2> *"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"rm -rf build", []string{"rmglob", "rm-long"}}, // equal: the line's own spelling first
		{"rm -rf /", []string{"rm-root", "rmglob", "rm-long"}},
		{"sudo rm -rf /var/lib/docker", []string{"rmglob", "rm-long"}},
		{"curl -fsSL https://x", []string{"curlglob"}},
		{"pg_restore -c -d app app.dump", []string{"pg-restore-clean", "pg-restore"}},
		{"pg_restore --clean --dbname app app.dump", []string{"pg-restore", "pg-restore-clean"}},
		{"kubectl logs --follow=False web", nil},
		{"kubectl logs --follow=f web", nil},
		{"kubectl -v 6 logs --follow web", []string{"follow"}},
		{"docker exec web mysql --user root -p", nil},
		{"docker exec --user root web sh", []string{"execroot"}},
		{"docker exec -e A=1 --user root web sh", []string{"execroot"}},
		{"pg_dump app 2>| err.log", []string{"errlog"}},
	})
}

// TestMatchCommandLongSpellingOnlyWhereOption: a pattern's long spelling matches a short option only
// where the line's word is read as that command's option (not past
// docker's container, not an option's argument, not turned off); a match
// in the line's own spelling goes before one by another even when it
// names more placeholders; kubectl's -l is --selector only where it
// means that; "--lines=0" is a count; an escaped > before | is text.
func TestMatchCommandLongSpellingOnlyWhereOption(t *testing.T) {
	mt := Compile([]Card{
		{ID: "execuser", Replaces: []string{"docker exec --user root *"}},
		{ID: "noverify", Replaces: []string{"git commit --no-verify *"}},
		{ID: "follow", Replaces: []string{"kubectl logs --follow *"}},
		{ID: "upstream-u", Replaces: []string{"git push -u <remote> <branch>"}},
		{ID: "upstream-long", Replaces: []string{"git push --set-upstream *"}},
		{ID: "selector", Replaces: []string{"kubectl get * --selector *", "kubectl run * --selector *"}},
		{ID: "tailn", Replaces: []string{"tail -n *"}},
		{ID: "curlsh", Replaces: []string{"curl * | sh"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"docker exec -it db mysql -u root -p", nil},
		{"docker exec -u root db sh", []string{"execuser"}},
		{"git commit -m -n", nil},
		{"git commit -n -m x", []string{"noverify"}},
		{"kubectl logs -f=false pod", nil},
		{"kubectl logs -f pod", []string{"follow"}},
		{"git push -u origin main", []string{"upstream-u", "upstream-long"}},
		{"git push --set-upstream origin main", []string{"upstream-long", "upstream-u"}},
		{"kubectl run web --image=nginx -l app=web", nil},
		{"kubectl get pods -l app=web", []string{"selector"}},
		{"tail --lines=0 app.log", []string{"tailn"}},
		{"curl http://x/i.sh \\>|sh", []string{"curlsh"}},
	})
}

// A word after an option known to take the next word as its argument is
// that argument, however much it looks like an option, in the line and
// in the pattern; so are the words of the command a find -exec runs, up
// to its ";" or "+". Each was read as an option of the command, and
// matched a pattern naming it.
func TestMatchCommandOptionArguments(t *testing.T) {
	mt := Compile([]Card{
		{ID: "grep-r", Replaces: []string{"grep -r *"}},
		{ID: "grep-e", Replaces: []string{"grep -e <pattern> *"}},
		{ID: "sed-i", Replaces: []string{"sed -i *"}},
		{ID: "sed-e", Replaces: []string{"sed -e *"}},
		{ID: "sed-E", Replaces: []string{"sed -E *"}},
		{ID: "curl-k", Replaces: []string{"curl -k *"}},
		{ID: "find-delete", Replaces: []string{"find * -delete"}},
		{ID: "exec-any", Replaces: []string{"find * -exec * -delete *"}},
		{ID: "exec-rm", Replaces: []string{"find * -exec rm -rf *"}},
		{ID: "execdir-rm", Replaces: []string{"find * -execdir rm -rf * +"}},
		{ID: "rm", Replaces: []string{"rm -rf *"}},
		{ID: "push", Replaces: []string{"git push --force"}},
		{ID: "commit-all", Replaces: []string{"git commit --all *"}},
		{ID: "push-o", Replaces: []string{"git push -o --force"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"grep -e -r x", []string{"grep-e"}},
		{"grep -e -rf x", []string{"grep-e"}},
		{"grep -e '-r' x", []string{"grep-e"}},
		{"grep -re -r x", []string{"grep-r", "grep-e"}},
		{"grep -r -e x .", []string{"grep-r", "grep-e"}},
		{"sed -e -i x", []string{"sed-e"}},
		// sed's -i takes its suffix only in its word: -e is an option.
		{"sed -i -e s/a/b/ x", []string{"sed-e", "sed-i"}},
		{"sed -i'' -e s/a/b/ x", []string{"sed-e", "sed-i"}},
		// -ie is -i with the suffix e: -E is an option, not its argument.
		{"sed -ie -E s/a+/b/ x", []string{"sed-E", "sed-i"}},
		{"curl -d -k http://x", nil},
		{"curl -H -k x", nil},
		{"curl -k -d x http://y", []string{"curl-k"}},
		{"git commit -m --all", nil},
		{"git commit -am fix", []string{"commit-all"}},
		{"git push -o --force", []string{"push-o"}},
		{"git push -o x --force", []string{"push"}},
		{"find . -name x -exec echo -delete {} \\;", []string{"exec-any"}},
		{"find . -name x -exec echo -delete {} ';'", []string{"exec-any"}},
		// "+" ends it only after "{}": -delete is echo's. A pattern's
		// words of the command find runs match the line's alike, and
		// find's own too (the pattern's -exec runs to its end).
		{"find . -exec echo a + -delete {} \\;", []string{"exec-any"}},
		{"find . -exec rm {} \\+ -delete", []string{"exec-any", "find-delete"}},
		// A pattern's -exec that nothing ends runs to its end, and its
		// words are the command's, as a line's are up to its end.
		{"find . -name '*.o' -exec rm -rf {} +", []string{"exec-rm", "rm"}},
		{"find . -type d -name node_modules -exec rm -rf {} \\;", []string{"exec-rm", "rm"}},
		{"find . -execdir rm -rf {} +", []string{"execdir-rm", "rm"}},
		{"find . -exec rm -f {} \\;", nil},
		{"find . -name x -exec echo {} \\; -delete", []string{"exec-any", "find-delete"}},
		{"find . -exec rm -rf {} +", []string{"exec-rm", "rm"}},
		{"find . -delete", []string{"find-delete"}},
		// The bundles of the command find runs read as its own do, in
		// the line and the pattern: each matched only as written.
		{"find . -exec rm -r -f {} +", []string{"exec-rm", "rm"}},
		{"find . -execdir rm -fr {} +", []string{"execdir-rm", "rm"}},
		{"find . -exec rm -rfv {} \\;", []string{"exec-rm", "rm"}},
		{"find . -exec echo -rf {} +", nil},
		{"find . -exec rm -r {} +", nil},
	})
	checkMatchCommand(t, Compile([]Card{
		{ID: "exec-rm", Replaces: []string{"find * -exec rm -r -f {} +"}},
		// -rf is -e's pattern, here as outside a find: no bundle.
		{ID: "exec-grep", Replaces: []string{"find * -exec grep -e -rf *"}},
	}), []struct {
		cmd  string
		want []string
	}{
		{"find . -exec rm -rf {} +", []string{"exec-rm"}},
		{"find . -exec rm -fr {} +", []string{"exec-rm"}},
		{"find . -exec rm -r {} +", nil},
		{"find . -exec grep -e -rf {} +", []string{"exec-grep"}},
		{"find . -exec grep -e -r -f {} +", nil},
		{"find . -exec grep -e -fr {} +", nil},
	})
}

// TestMatchCommandOptionArgumentsLongOrBundled: an option's argument is read
// so whether the option is spelled long ("--message") or ends a bundle
// ("-am"), and for the options capreg knows of git clean, checkout and
// rebase and of docker's prunes; a find -exec's "+" ends it only after
// "{}".
func TestMatchCommandOptionArgumentsLongOrBundled(t *testing.T) {
	mt := Compile([]Card{
		{ID: "tag-delete", Replaces: []string{"git tag -d *"}},
		{ID: "tag-message", Replaces: []string{"git tag -m *"}},
		{ID: "commit-all", Replaces: []string{"git commit --all *"}},
		{ID: "commit-message", Replaces: []string{"git commit -m <msg>"}},
		{ID: "curl-k", Replaces: []string{"curl -k *"}},
		{ID: "grep-r", Replaces: []string{"grep -r *"}},
		{ID: "push-force", Replaces: []string{"git push --force *"}},
		{ID: "run-rm", Replaces: []string{"docker run --rm *"}},
		{ID: "clean-force", Replaces: []string{"git clean -f *"}},
		{ID: "checkout-force", Replaces: []string{"git checkout -f *"}},
		{ID: "prune-all", Replaces: []string{"docker system prune -af"}},
		{ID: "rebase-onto", Replaces: []string{"git rebase --onto *"}},
		{ID: "find-delete", Replaces: []string{"find * -delete"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"git tag --message -d v1", []string{"tag-message"}},
		{"git tag -am -d v1", []string{"tag-message"}},
		{"git tag -d v1", []string{"tag-delete"}},
		{"git commit --message --all", []string{"commit-message"}},
		{"git commit -am --all", []string{"commit-message", "commit-all"}}, // -a is --all
		{"git commit -qm --all", []string{"commit-message"}},
		{"git commit --all -m x", []string{"commit-all", "commit-message"}},
		{"curl --data -k x", nil},
		{"curl --header -k https://x", nil},
		{"grep --regexp -rf x", nil},
		{"grep --file -r x", nil},
		{"git push --push-option --force origin", nil},
		{"docker run -de --rm img", nil},
		{"git clean -e -f", nil},
		{"git clean --exclude -f x", nil},
		{"git checkout -b -f x", nil},
		{"docker system prune --filter -af", nil},
		{"git rebase -x --onto main", nil},
		{"git rebase --onto main x", []string{"rebase-onto"}},
		{"find . -exec echo a + -delete {} \\;", nil},
		{"find . -exec echo {} + -delete", []string{"find-delete"}},
	})
}

// TestMatchCommandDockerPipelineManagementNames: a pipeline of three docker
// commands matches the line that names each by its management name,
// which the first of the other writings capped at maxNameVariants are.
func TestMatchCommandDockerPipelineManagementNames(t *testing.T) {
	mt := Compile([]Card{
		{ID: "stop-rm", Replaces: []string{"docker ps -aq | xargs docker stop | xargs docker rm"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"docker ps -aq | xargs docker stop | xargs docker rm", []string{"stop-rm"}},
		{"docker container ls -aq | xargs docker container stop | xargs docker container rm", []string{"stop-rm"}},
		{"docker container list -aq | xargs docker container stop | xargs docker container remove", []string{"stop-rm"}},
		{"docker ps -aq | xargs docker container stop | xargs docker rm", []string{"stop-rm"}},
	})
}

// TestMatchCommandDashDashArgument: a "--" given as the argument of an
// option that takes one is that argument, as getopt reads it, and options
// go on after it; a "--" after any other word still ends them.
func TestMatchCommandDashDashArgument(t *testing.T) {
	mt := Compile([]Card{
		{ID: "commit-all", Replaces: []string{"git commit --all *"}},
		{ID: "grep-r", Replaces: []string{"grep -r *"}},
		{ID: "clean-force", Replaces: []string{"git clean -f*"}},
		{ID: "rm-f", Replaces: []string{"rm -f *"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"git commit -m -- --all", []string{"commit-all"}},
		{"grep -e -- -r .", []string{"grep-r"}},
		{"grep -e '--' -r .", []string{"grep-r"}},
		{"git clean -e -- -fdx", []string{"clean-force"}},
		{"git commit -- --all", nil},
		{"grep -- -r .", nil},
		{"rm -i -- -f", nil},
	})
}

// TestMatchRegexpSpansControlOperators: a pattern read as a regular
// expression that writes && or ; runs on as many commands of the line as
// it spans, so it matches the line it is written as, and no line where
// the second command is another's argument.
func TestMatchRegexpSpansControlOperators(t *testing.T) {
	mt := Compile([]Card{
		{ID: "and", Replaces: []string{"make [a-z]+ && git push --force"}},
		{ID: "seq", Replaces: []string{`npm (test|run test)\s*; git push -f`}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"make build && git push --force", []string{"and"}},
		{"make build && git push --force origin", []string{"and"}},
		{"make build && echo git push --force", nil},
		{"make build", nil},
		{"npm test; git push -f", []string{"seq"}},
		{"npm run test ; git push -f", []string{"seq"}},
		{"npm test; echo git push -f", nil},
	})
}

// TestMatchQuotesInSubstitutionsInQuotes: quotes inside a command
// substitution inside double quotes are the substitution's, so a ")" or
// a quote in them neither ends it nor the outer quotes: the command after
// the quoted argument is a command, and text in the quotes is none.
func TestMatchQuotesInSubstitutionsInQuotes(t *testing.T) {
	mt := Compile([]Card{
		{ID: "force", Replaces: []string{"git push --force"}},
		{ID: "rm", Replaces: []string{"rm -rf <dir>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{`echo "$(printf ")")" && git push --force`, []string{"force"}},
		{`echo "$(printf '%s' ")")" && git push --force`, []string{"force"}},
		{`echo "$(echo ')')"; rm -rf /`, []string{"rm"}},
		{`echo "$(echo ")")"; rm -rf /`, []string{"rm"}},
		{`echo "$(echo "x") git push --force"`, nil},
		{`echo "$(printf '%s' ")") && git push --force"`, nil},
		{`git commit -m "$(echo "a" " git push --force ")"`, nil},
	})
}

// TestMatchHereDocDelimiterIsNoCommand: the delimiter line that ends a
// here-document is no command, nor is any part of it; the line after it
// is. A line that ends at "<<", with or without blanks after it, opens no
// here-document: bash 5.2 refuses it, wanting the delimiter
// ("syntax error near unexpected token `newline'"), so it matches
// nothing (cm20: it matched as any other); as a pattern it is no fault.
func TestMatchHereDocDelimiterIsNoCommand(t *testing.T) {
	mt := Compile([]Card{
		{ID: "EOF", Replaces: []string{"EOF"}},
		{ID: "F", Replaces: []string{"F"}},
		{ID: "OF", Replaces: []string{"OF"}},
		{ID: "X", Replaces: []string{"X"}},
		{ID: "cat", Replaces: []string{"cat"}},
		{ID: "ls", Replaces: []string{"ls"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"cat <<EOF\nhi\nEOF", []string{"cat"}},
		{"cat <<EOF\nhi\nEOF\nls", []string{"cat", "ls"}},
		{"cat <<X\nhi\nX\nls", []string{"cat", "ls"}},
		{"cat <<'EOF' | sh\nls\nEOF\n", []string{"cat", "ls"}},
		{"cat <<", nil},
		{"cat << ", nil},
		{"cat <<-\t", nil},
		{"cat <<\t ", nil},
	})
	for _, pat := range []string{"cat <<", "cat << ", "cat <<-\t"} {
		if fault := PatternFault(pat); fault != "" {
			t.Errorf("PatternFault(%q) = %q", pat, fault)
		}
	}
}

// TestMatchOptionsAheadWithArguments: an option the line gives before
// another the pattern names first is matched with its argument, when the
// pattern writes one after it, wherever the options stand.
func TestMatchOptionsAheadWithArguments(t *testing.T) {
	mt := Compile([]Card{
		{ID: "tar", Replaces: []string{"tar -c -f <file> dir"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"tar -c -f x.tar dir", []string{"tar"}},
		{"tar -f x.tar -c dir", []string{"tar"}},
		{"tar -x -f x.tar dir", nil},
	})
}

// TestMatchCommandsRunAtTheLineEnd: a command a line runs that ends the
// line without the word that would end it (find -exec without ";",
// nix develop without -c, a substitution whose last word is "case" or
// "esac") is read to the end of the line, and matched as the complete one.
func TestMatchCommandsRunAtTheLineEnd(t *testing.T) {
	mt := Compile([]Card{
		{ID: "force", Replaces: []string{"git push --force"}},
		{ID: "rm", Replaces: []string{"rm -rf <dir>"}},
		{ID: "hello", Replaces: []string{"hello"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"find . -exec git push --force", []string{"force"}},
		{"find . -exec git push --force ;", []string{"force"}},
		{"find . -name x -exec rm -rf {} +", []string{"rm"}},
		{"nix develop", nil},
		{"nix shell nixpkgs#hello", nil},
		{"nix develop -c hello", []string{"hello"}},
		{"echo $(echo case", nil},
		{"echo $(echo esac", nil},
		{`echo "$(x case`, nil},
		{"echo $(case", nil},
	})
}

// TestMatchAlternationsUpToTheLimit: a pattern of alternations of plain
// words that expands to as many word patterns as the limit allows is read
// by words too, so its option matches wherever the line gives it.
func TestMatchAlternationsUpToTheLimit(t *testing.T) {
	pat := "(git|hub) (push|pull) (-f|--force)" // 2*2*2 readings
	if n := len(wordReadings(pat)); n != maxWordReadings {
		t.Fatalf("%q reads as %d word patterns, want the limit %d", pat, n, maxWordReadings)
	}
	mt := Compile([]Card{{ID: "alt", Replaces: []string{pat}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"git push --force", []string{"alt"}},
		{"hub pull origin -f", []string{"alt"}},
		{"git push origin --force", []string{"alt"}},
		{"git fetch origin --force", nil},
	})
}

// TestMatchWordsAtTheirEdges: lines whose words end where a reader looks
// one further (a "$" closing double quotes that hold a backslash, a
// platform CLI's name alone or with part of its subcommand, a "#" before
// a here-document's "<<" that a blank precedes or not, a comment after a
// pipe at the line's end), an option's value given by a substitution
// after "=", and a container's --entrypoint with no words after the
// image, are read as a shell reads them.
func TestMatchWordsAtTheirEdges(t *testing.T) {
	mt := Compile([]Card{
		{ID: "force", Replaces: []string{"git push --force"}},
		{ID: "rails", Replaces: []string{"rails"}},
		{ID: "ns", Replaces: []string{"kubectl delete --namespace <ns> *"}},
		{ID: "bash", Replaces: []string{"bash"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{`echo "a\\b $"`, nil},
		{`bash -c "git push --force \\$"`, []string{"force", "bash"}},
		{"kubectl delete --namespace=$(cat ns) pod x", []string{"ns"}},
		{"kubectl delete --namespace=prod pod x", []string{"ns"}},
		{"docker run --entrypoint rails img", []string{"rails"}},
		{"docker run --entrypoint rails img db:migrate", []string{"rails"}},
		{"docker run img", nil},
		{"heroku", nil},
		{"fly ssh", nil},
		{"flyctl ssh", nil},
		{"gcloud compute", nil},
		{"gcloud alpha compute ssh", nil},
		// A # inside a word starts no comment, so the << after it opens a
		// here-document; one after a blank starts a comment, which opens none.
		{"echo a# <<EOF\ngit push --force\nEOF", nil},
		{"echo a #<<EOF\ngit push --force\nEOF", []string{"force"}},
		// A comment after a pipe that ends the line: no command follows.
		{"curl x | # fetch", nil},
		// bash -n: the pipe meets the end of the line, a syntax error,
		// and nothing runs (cm13).
		{"git push --force | # x", nil},
	})
}

// TestMatchBundleEndsAtAnOptionsArgument: in a bundle of short options of
// a command whose options that take an argument are known, the letters
// after such an option are its argument: "ssh -vikey" is -v and -i key,
// and "ssh -ivkey" is -i vkey, "ssh -iv" -i v, no -v.
func TestMatchBundleEndsAtAnOptionsArgument(t *testing.T) {
	mt := Compile([]Card{{ID: "verbose", Replaces: []string{"ssh -v *"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"ssh -v host", []string{"verbose"}},
		{"ssh -vi key host", []string{"verbose"}},
		{"ssh -vikey host", []string{"verbose"}},
		{"ssh -ivkey host", nil},
		{"ssh -iv host", nil},
		{"ssh -i vkey host", nil},
	})
}

// TestMatchLinesCutShort: a line cut short inside a quote, an escape, a
// substitution or an arithmetic expansion (bash -n: "unexpected EOF") is
// read to its end without a panic, as an agent may send one (as is one
// ending at a redirection without its target, or in a process
// substitution after one, where a word the command is given may go);
// lines that end at a "$", "\" or "&" or start at "&>" are read as bash
// reads them.
func TestMatchLinesCutShort(t *testing.T) {
	mt := Compile([]Card{
		{ID: "echo", Replaces: []string{"echo <a>"}},
		{ID: "sleep", Replaces: []string{"sleep <n>"}},
		{ID: "psql", Replaces: []string{"psql app"}},
		{ID: "push", Replaces: []string{"git push"}},
	})
	for _, line := range []string{`echo "$`, `echo $((1)`, `echo "a\`, `echo $(`, `echo '`, `echo "`,
		`echo $'a`, `echo ${`, "echo `", `echo $((`, `echo "$((1)"`, `echo "$(`, `echo "$((1)`, `echo "$((1`, `echo "$(((1)`, "cat <<EOF $((1)",
		"psql --dbname=app <", "git --x=1 2> >(tee log", "psql --dbname=app 2> >(tee"} {
		if _, err := mt.Match(context.Background(), line, 0); err != nil {
			t.Errorf("Match(%q) = %v", line, err)
		}
	}
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"sleep 1 &", []string{"sleep"}},
		{"&>log echo x", []string{"echo"}},
		{"echo $((1))", []string{"echo"}},
		{`echo "a\\"`, []string{"echo"}},
		{`echo a\`, []string{"echo"}},
		{`echo \`, []string{"echo"}},
	})
}

// TestMatchLimitsAtTheirEdges: a line of exactly MaxLine bytes is matched
// and one byte more is not; a line of MaxCommands commands whose last runs
// a script of one command more is over the limit (its script is read,
// and counted, though the line alone is at the limit), as a line of
// MaxCommands commands with the script's command written out is.
func TestMatchLimitsAtTheirEdges(t *testing.T) {
	mt := Compile([]Card{{ID: "push", Replaces: []string{"git push --force *"}}})
	ctx := context.Background()
	head := "git push --force "
	for _, tt := range []struct {
		name string
		line string
		over bool
	}{
		{"MaxLine bytes", head + strings.Repeat("x", MaxLine-len(head)), false},
		{"MaxLine+1 bytes", head + strings.Repeat("x", MaxLine+1-len(head)), true},
		{"MaxCommands commands", strings.Repeat("ls;", MaxCommands-1) + "git push --force x", false},
		{"MaxCommands-1 commands and a script of one", strings.Repeat("ls;", MaxCommands-2) + "bash -c 'git push --force x'", false},
		{"MaxCommands commands and a script of one", strings.Repeat("ls;", MaxCommands-1) + "bash -c 'git push --force x'", true},
	} {
		got, err := mt.Match(ctx, tt.line, 0)
		if tt.over {
			if !errors.Is(err, ErrOverLimit) || got.Cards != nil {
				t.Errorf("%s: Match = %v, %v, want ErrOverLimit", tt.name, got.Cards, err)
			}
			if err := CheckLine(tt.line); !errors.Is(err, ErrOverLimit) {
				t.Errorf("%s: CheckLine = %v, want ErrOverLimit", tt.name, err)
			}
			continue
		}
		if err != nil || !slices.Equal(got.Cards, []int{0}) {
			t.Errorf("%s: Match = %v, %v, want [0], nil", tt.name, got.Cards, err)
		}
		if err := CheckLine(tt.line); err != nil {
			t.Errorf("%s: CheckLine = %v, want nil", tt.name, err)
		}
	}
}

// TestNamedByReadsAtMostFourLines: NamedBy matches at most maxNamedLines
// lines of an intent, its backticked spans in order; a fifth span names
// no card.
func TestNamedByReadsAtMostFourLines(t *testing.T) {
	mt := Compile([]Card{
		{ID: "a", Replaces: []string{"aa run"}},
		{ID: "b", Replaces: []string{"bb run"}},
		{ID: "c", Replaces: []string{"cc run"}},
		{ID: "d", Replaces: []string{"dd run"}},
		{ID: "e", Replaces: []string{"ee run"}},
	})
	intent := "then `bb run` and `cc run`, `dd run`, `ee run` and `aa run`"
	cards := func(ns []Named) []int {
		var out []int
		for _, n := range ns {
			out = append(out, n.Card)
		}
		return out
	}
	if got := cards(mt.NamedBy(context.Background(), intent, false)); !slices.Equal(got, []int{1, 2, 3, 4}) {
		t.Errorf("NamedBy(spans) = %v, want [1 2 3 4]", got)
	}
}

// TestMatchCommandOptionBeforeOperator pins that an option ssh takes an
// argument for ("-i", an identity file) does not take an operator after
// it as that argument: "ssh -i && prod" runs ssh (which fails) and then a
// command prod, no "ssh prod"; taking "&&" for -i's argument read "prod"
// as ssh's destination.
func TestMatchCommandOptionBeforeOperator(t *testing.T) {
	mt := Compile([]Card{{ID: "prod", Replaces: []string{"ssh prod"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"ssh -i && prod", nil},
		{"ssh -i; prod", nil},
		{"ssh -i key prod", []string{"prod"}},
	})
}

// TestMatchCommandWordAfterOptionsPastMaxPassed pins that the word after
// an option, which the pattern wants next, is matched there and not
// passed over as the option's argument, even when the words already
// passed over fill maxPassed, so that it could not be taken back later:
// "git" with sixteen options before "push --force" still force-pushes.
// Whether the word is the pattern's is read from that word, not from the
// one before the option.
func TestMatchCommandWordAfterOptionsPastMaxPassed(t *testing.T) {
	mt := Compile([]Card{{ID: "force", Replaces: []string{"git push --force"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"git -q -q -q -q -q -q -q -q -q -q -q -q -q -q -q -q push --force", []string{"force"}},
		{"git -q -q -q -q -q -q -q -q -q -q -q -q -q -q -q push --force", []string{"force"}},
		{"git -q push --force", []string{"force"}},
	})
}

// TestMatchBudgetRunsOutAnywhere pins that Match stops cleanly at every
// budget, down to the last unit, on lines whose matching passes words
// over and takes them back (takePassed): the budget may run out in the
// middle of that, which must end the try as unmatched rather than claim a
// passed word (a bad index there panicked), and a run that tried every
// card finds what the unbounded run finds.
func TestMatchBudgetRunsOutAnywhere(t *testing.T) {
	mt := Compile([]Card{
		{ID: "force", Replaces: []string{"git push --force"}},
		{ID: "logs", Replaces: []string{"kubectl logs <pod>"}},
	})
	for _, line := range []string{"git -v push --force", "kubectl logs -f api", "kubectl -n prod logs api -f"} {
		full, err := mt.Match(context.Background(), line, 0)
		if err != nil || len(full.Cards) != 1 || full.Truncated() {
			t.Fatalf("Match(%q) = %+v, %v; want one card, every card tried", line, full, err)
		}
		for work := int64(1); work <= full.Work; work++ {
			got, err := mt.Match(context.Background(), line, work)
			if err != nil {
				t.Fatalf("Match(%q, work %d): %v", line, work, err)
			}
			if !got.Truncated() && (len(got.Cards) != 1 || got.Cards[0] != full.Cards[0]) {
				t.Errorf("Match(%q, work %d) = %v, all tried; want %v", line, work, got.Cards, full.Cards)
			}
		}
	}
}

// TestMatchCommandPassedWordsBound pins maxPassed, the most words passed
// over that a later word of the pattern may still take: "rm -f foo"
// matches "rm x1 … x15 foo -f", where foo is the sixteenth word passed
// over, and not with sixteen words before foo, a seventeenth that is not
// kept (a line of a thousand words made every try keep them all).
func TestMatchCommandPassedWordsBound(t *testing.T) {
	mt := Compile([]Card{{ID: "rmf", Replaces: []string{"rm -f foo"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"rm x1 x2 x3 x4 x5 x6 x7 x8 x9 x10 x11 x12 x13 x14 x15 foo -f", []string{"rmf"}},
		{"rm x1 x2 x3 x4 x5 x6 x7 x8 x9 x10 x11 x12 x13 x14 x15 x16 foo -f", nil},
	})
}

// TestMatchCommandOptionArgumentsAndOperators pins that an operator after
// an option is never guessed to be its argument (argumentAfter): "git -v
// && push" runs git -v and then a command push, no "git push". And that
// a later option of the pattern matched ahead of its turn (optionAhead)
// takes no argument when the pattern has an operator after it: "git push
// -q origin --force && git status" is "git push --force -q && git
// status", -q alone, origin an operand; read as wanting an argument, -q
// wanted "&&" to match origin and was not matched at all.
func TestMatchCommandOptionArgumentsAndOperators(t *testing.T) {
	mt := Compile([]Card{
		{ID: "push", Replaces: []string{"git push"}},
		{ID: "fq", Replaces: []string{"git push --force -q && git status"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"git -v && push", nil},
		{"git -v push", []string{"push"}},
		{"git push -q origin --force && git status", []string{"fq", "push"}},
	})
}

// TestMatchCommandRemoteAttachedArgument pins that the argument glued to
// a short option of the command ssh runs on its host ("POST" of curl's
// "-XPOST", split off as curl's) is that option's, as it is on the local
// line: "curl -XPOST" is no "curl POST", nor is "ssh prod curl -XPOST"
// "ssh prod curl POST". Past ssh's destination the cursor still holds
// ssh's options, and the option's letter was looked up in them: X, no
// option of ssh's, made POST an operand; "du -Bfoo" (B, ssh's too) was
// read right by chance.
func TestMatchCommandRemoteAttachedArgument(t *testing.T) {
	mt := Compile([]Card{
		{ID: "ssh-post", Replaces: []string{"ssh prod curl POST"}},
		{ID: "post", Replaces: []string{"curl POST"}},
		{ID: "ssh-du", Replaces: []string{"ssh prod du foo"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"curl -XPOST", nil},
		{"ssh prod curl -XPOST", nil},
		{"ssh prod curl -X POST", []string{"ssh-post", "post"}},
		{"ssh prod du -Bfoo", nil},
		{"ssh prod du -Bfoo foo", []string{"ssh-du"}},
	})
}

// TestMatchCommandScriptsOnInputAndHereDocs: lines an agent types, from a review of the
// reading of scripts on a shell's input, here-documents' substitutions,
// runuser, script -c, git rebase --exec and case inside a substitution.
func TestMatchCommandScriptsOnInputAndHereDocs(t *testing.T) {
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

// TestMatchCommandSessionsLookupsAndArithmetic: lines an agent types, from a review of the
// tmux and screen sessions, the precommands added with them, command
// lookups ("$(which git)") and nix-shell, and of arithmetic and "time"
// read where a here-document or a case is looked for.
func TestMatchCommandSessionsLookupsAndArithmetic(t *testing.T) {
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

// TestMatchAfterPrompt: a line pasted with the shell prompt a terminal or
// a README shows before it ("$ git push --force") is the command after
// the prompt; "$" was read as a command of that name and matched nothing.
// A "$" that is part of a word is the command's.
func TestMatchAfterPrompt(t *testing.T) {
	m := Compile([]Card{{ID: "safe-push", Replaces: []string{"git push --force"}}, {ID: "env", Replaces: []string{"$EDITOR"}}})
	for _, c := range []struct {
		line string
		want []int
	}{
		{"$ git push --force", []int{0}},
		{"  $\tgit push --force origin main", []int{0}},
		{"git push --force", []int{0}},
		{"$ ", nil},
		{"$", nil},
		{"$git push --force", nil},
		{"$EDITOR notes.txt", []int{1}},
		{"$ $EDITOR notes.txt", []int{1}},
		{"\n$ git push --force", []int{0}},
		{"$ git status\n$ git push --force", []int{0}},
		{"$ git status\n  $ git push --force", []int{0}}, // a transcript indented as a README quotes it
		{"git status\n$ git push --force", nil},          // no transcript: "$" is the second line's command
		{"$ cat <<EOF\n$ git push --force\nEOF", nil},    // a here-document's body is cat's text, prompt or not
	} {
		got, err := m.Match(context.Background(), c.line, 0)
		if err != nil {
			t.Errorf("%q: %v", c.line, err)
			continue
		}
		if !slices.Equal(got.Cards, c.want) {
			t.Errorf("%q: cards %v, want %v", c.line, got.Cards, c.want)
		}
	}
}
