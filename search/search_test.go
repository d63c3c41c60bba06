package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"
)

// testCards is a small hand-made corpus for behavioural tests.
func testCards() []Card {
	return []Card{
		{
			ID: "afplay", Command: "afplay <path/to/file>", Summary: "Command-line audio player.",
			IntentPhrases: []string{"Play a sound file (waits until playback ends)", "Play a sound file at half speed"},
			Effects:       "Command-line audio player.", Risk: "reversible", Example: "afplay <path/to/file>",
		},
		{
			ID: "git-worktree-remove", Command: "git worktree remove <path>", Summary: "Remove a git worktree.",
			IntentPhrases: []string{"Remove a worktree and delete its directory", "Force removal of a dirty worktree"},
			Replaces:      []string{"git worktree remove .*", "rm -rf <dir>"},
			Effects:       "Deletes the worktree directory.", Risk: "destructive", Example: "git worktree remove ../wt",
		},
		{
			ID: "git-status-short", Command: "git status -s", Summary: "Show the working tree status briefly.",
			IntentPhrases: []string{"Show changed files in short format"},
			Replaces:      []string{"git status"},
			Effects:       "Reads the repository state.", Risk: "reversible", Example: "git status -s",
		},
		{
			ID: "dtrace", Command: "dtrace -n <probe>", Summary: "Dynamic tracing framework.",
			IntentPhrases: []string{"Count system calls by process name", "Run a script of probes"},
			Replaces:      []string{"status", "bad(regex", "kill -9 <pid> <signal>"},
			Effects:       "Observes the kernel.", Risk: "reversible", Example: "dtrace -n 'syscall:::entry'",
		},
		{
			ID: "pkg-remove", Command: "pkg remove <package>", Summary: "Remove installed packages.",
			IntentPhrases: []string{"Remove a package", "Remove a package and its dependencies"},
			Effects:       "Uninstalls software.", Risk: "destructive", Example: "pkg remove vim",
		},
	}
}

func ids(rs []Result) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.ID
	}
	return out
}

func TestSearchRanksObviousMatchFirst(t *testing.T) {
	ix := Build(testCards())
	tests := []struct{ intent, want string }{
		{"play an audio file", "afplay"},
		{"delete a git worktree", "git-worktree-remove"},
		{"`afplay` something", "afplay"},
		{"trace system calls", "dtrace"}, // "trace" is only inside the id "dtrace"
		{"uninstall dependencies of a package", "pkg-remove"},
		{"playbak speed", "afplay"}, // typo one edit from "playback"
	}
	for _, tt := range tests {
		t.Run(tt.intent, func(t *testing.T) {
			rs := ix.Search(Query{Intent: tt.intent})
			if len(rs) == 0 || rs[0].ID != tt.want {
				t.Fatalf("Search(%q) = %v, want %s first", tt.intent, ids(rs), tt.want)
			}
			if rs[0].Card < 0 || rs[0].Card >= ix.Len() || testCards()[rs[0].Card].ID != rs[0].ID {
				t.Errorf("Result.Card %d does not point at %s", rs[0].Card, rs[0].ID)
			}
		})
	}
}

func TestSearchSortedByScore(t *testing.T) {
	ix := Build(testCards())
	rs := ix.Search(Query{Intent: "remove package file worktree"})
	if len(rs) < 2 {
		t.Fatalf("want several results, got %v", ids(rs))
	}
	for i := 1; i < len(rs); i++ {
		a, b := rs[i-1], rs[i]
		if a.Score < b.Score || (a.Score == b.Score && a.ID > b.ID) {
			t.Errorf("results out of order at %d: %s %.4f then %s %.4f", i, a.ID, a.Score, b.ID, b.Score)
		}
	}
}

func TestSearchMatched(t *testing.T) {
	ix := Build(testCards())
	rs := ix.Search(Query{Intent: "play a sound file at half speed"})
	if len(rs) == 0 || rs[0].ID != "afplay" {
		t.Fatalf("got %v", ids(rs))
	}
	m := rs[0].Matched
	if len(m) == 0 || m[0] != "Play a sound file at half speed" {
		t.Errorf("Matched = %q, want the best phrase verbatim first", m)
	}
	if !slices.Contains(m, "Play a sound file (waits until playback ends)") {
		t.Errorf("Matched = %q, want the other matching phrase too", m)
	}
	rs = ix.Search(Query{Intent: "afplay"})
	if len(rs) == 0 || !slices.Contains(rs[0].Matched, "id") || !slices.Contains(rs[0].Matched, "command") {
		t.Errorf("Matched for an id query = %v", rs)
	}
}

// Matched names each phrase or field once, at its best contribution: a
// card may repeat a phrase, and "id" comes from the id and its parts.
func TestSearchMatchedListsEachOnce(t *testing.T) {
	c := manyPhrasesCard(3)
	c.ID = "run-as-root"
	c.IntentPhrases = append(c.IntentPhrases, "run a command as root", "run a command as root")
	ix := Build([]Card{c})
	for _, q := range []string{"run a command as root", "run-as-root"} {
		rs := ix.Search(Query{Intent: q})
		if len(rs) != 1 {
			t.Fatalf("%q: got %v", q, ids(rs))
		}
		m := rs[0].Matched
		seen := map[string]bool{}
		for _, name := range m {
			if seen[name] {
				t.Errorf("%q: Matched = %q lists %q twice", q, m, name)
			}
			seen[name] = true
		}
	}
	if m := ix.Search(Query{Intent: "run a command as root"})[0].Matched; !slices.Contains(m, "run a command as root") {
		t.Errorf("Matched = %q, want the repeated phrase", m)
	}
}

func TestSearchRiskFilter(t *testing.T) {
	ix := Build(testCards())
	tests := []struct {
		risk string
		want []string // the set of ids allowed
	}{
		{"", nil},
		{"reversible", []string{"afplay", "git-status-short", "dtrace"}},
		{"destructive", []string{"git-worktree-remove", "pkg-remove"}},
	}
	for _, tt := range tests {
		t.Run(tt.risk, func(t *testing.T) {
			rs := ix.Search(Query{Intent: "remove play show count worktree package", Risk: tt.risk})
			if len(rs) == 0 {
				t.Fatal("no results")
			}
			for _, r := range rs {
				if tt.want != nil && !slices.Contains(tt.want, r.ID) {
					t.Errorf("risk %q returned %s", tt.risk, r.ID)
				}
			}
		})
	}
	if rs := ix.Search(Query{Intent: "remove", Risk: "catastrophic"}); rs != nil {
		t.Errorf("unknown risk filter returned %v, want nil", ids(rs))
	}
}

func TestSearchLimit(t *testing.T) {
	var cards []Card
	for i := range 30 {
		cards = append(cards, Card{ID: fmt.Sprintf("tool-%02d", i), Summary: "Compress files.", Risk: "reversible"})
	}
	ix := Build(cards)
	tests := []struct{ limit, want int }{{0, 10}, {-3, 10}, {1, 1}, {7, 7}, {25, 25}, {500, 30}}
	for _, tt := range tests {
		if got := len(ix.Search(Query{Intent: "compress", Limit: tt.limit})); got != tt.want {
			t.Errorf("Limit %d: %d results, want %d", tt.limit, got, tt.want)
		}
	}
}

func TestSearchEmptyQuery(t *testing.T) {
	ix := Build(testCards())
	for _, intent := range []string{"", "   ", "the and of", "!!! ``", "a", "zzzzqqq"} {
		if rs := ix.Search(Query{Intent: intent}); rs != nil {
			t.Errorf("Search(%q) = %v, want nil", intent, ids(rs))
		}
	}
	empty := Build(nil)
	if empty.Len() != 0 || empty.Search(Query{Intent: "play"}) != nil || empty.MatchCommand("ls") != nil {
		t.Error("empty index should find nothing")
	}
}

func TestSearchTiesSortedByID(t *testing.T) {
	// Identical cards score identically; the order must then be by ID.
	var cards []Card
	for _, id := range []string{"zeta", "alpha", "mu", "beta", "omega", "gamma"} {
		cards = append(cards, Card{ID: id, Summary: "Rotate log files.", IntentPhrases: []string{"Rotate logs"}})
	}
	ix := Build(cards)
	for _, limit := range []int{2, 3, 10} {
		rs := ix.Search(Query{Intent: "rotate logs", Limit: limit})
		want := []string{"alpha", "beta", "gamma", "mu", "omega", "zeta"}[:min(limit, 6)]
		if got := ids(rs); !slices.Equal(got, want) {
			t.Errorf("limit %d: got %v, want %v", limit, got, want)
		}
		for _, r := range rs {
			if r.Score != rs[0].Score {
				t.Errorf("scores differ: %v", rs)
			}
		}
	}
}

func TestBuildCopiesCards(t *testing.T) {
	cards := testCards()
	ix := Build(cards)
	cards[0].IntentPhrases[1] = "changed"
	cards[0].ID = "changed"
	rs := ix.Search(Query{Intent: "half speed"})
	if len(rs) == 0 || rs[0].ID != "afplay" || !slices.Contains(rs[0].Matched, "Play a sound file at half speed") {
		t.Errorf("index changed with the caller's slice: %v", rs)
	}
}

func TestSearchConcurrent(t *testing.T) {
	ix := Build(testCards())
	intents := []string{"play an audio file", "delete a git worktree", "trace system calls", "remove package", "the"}
	want := make([][]string, len(intents))
	for i, in := range intents {
		want[i] = ids(ix.Search(Query{Intent: in}))
	}
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				k := (g + i) % len(intents)
				if got := ids(ix.Search(Query{Intent: intents[k]})); !slices.Equal(got, want[k]) {
					t.Errorf("concurrent Search(%q) = %v, want %v", intents[k], got, want[k])
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestMatchCommand(t *testing.T) {
	ix := Build(testCards())
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
		{"bad regex falls back to literal", "bad(regex now", []int{dtrace}},
		{"bad regex literal needs exact token", "bad(regexp", nil},
		{"two placeholders", "kill -9 123 TERM", []int{dtrace}},
		{"two placeholders, one missing", "kill -9 123", nil},
		{"empty", "   ", nil},
		{"unrelated", "ls -la", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ix.MatchCommand(tt.cmd); !slices.Equal(got, tt.want) {
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
	ix := Build(cards)
	if got, want := ix.MatchCommand("make all"), []int{3, 2, 0}; !slices.Equal(got, want) {
		t.Errorf("MatchCommand = %v, want %v", got, want)
	}
}

// TestMatchCommandMostSpecificFirst: the cards that match a line come most
// specific first, by the most specific of each card's patterns that match,
// each key of specificity deciding where the ones before it tie, and
// equals by id. They came in card order: "docker compose down" before
// "docker compose down -v*" when its card came first.
func TestMatchCommandMostSpecificFirst(t *testing.T) {
	ix := Build([]Card{
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
		{"git push -f origin", []string{"o-regexp", "f-any", "m-force"}}, // a regexp by its words
	}
	checkMatchCommand(t, ix, tests)
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
	}
	ix := Build(cards)
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
		{"git push (-f|--force", []string{"broken"}},
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
	}
	checkMatchCommand(t, ix, tests)
}

// A tool is found by the raw command it supersedes: an agent may describe
// its need by what it was about to type.
func TestSearchFindsReplacedCommands(t *testing.T) {
	cards := []Card{
		{ID: "clean-build", Summary: "Remove build outputs", Replaces: []string{"rm -rf build/ dist/"}},
		{ID: "deploy", Summary: "Ship the service", Replaces: []string{"kubectl apply -f k8s/"}},
	}
	for i := range 100 { // filler so that the words are rare
		cards = append(cards, Card{ID: fmt.Sprintf("filler%02d", i), Summary: fmt.Sprintf("word%02d thing%02d", i, i)})
	}
	rs := Build(cards).Search(Query{Intent: "kubectl apply"})
	if len(rs) == 0 || rs[0].ID != "deploy" || !slices.Contains(rs[0].Matched, "replaces") {
		t.Errorf("Search(kubectl apply) = %+v, want deploy, matched on replaces", rs)
	}
}

// The work of a match is bounded: a line over MaxCommandLine, or of more
// than MaxCommands commands, matches nothing, and MatchCommandLine says so.
func TestMatchCommandBounds(t *testing.T) {
	ix := Build([]Card{{ID: "push", Replaces: []string{"git push .* --force"}}})
	long := strings.Repeat("git push a|", MaxCommandLine/len("git push a|")+1)
	if got := ix.MatchCommand(long + " git push x --force"); got != nil {
		t.Errorf("a line of %d bytes matched %v", len(long), got)
	}
	many := strings.Repeat("ls;", MaxCommands) + "git push x --force"
	if got := ix.MatchCommand(many); got != nil {
		t.Errorf("a line of %d commands matched %v", MaxCommands+1, got)
	}
	if _, err := ix.MatchCommandLine(context.Background(), many, DefaultCommandBudget); !errors.Is(err, ErrCommandLine) {
		t.Errorf("MatchCommandLine(%d commands) = %v, want ErrCommandLine", MaxCommands+1, err)
	}
	if _, err := ix.MatchCommandLine(context.Background(), long, DefaultCommandBudget); !errors.Is(err, ErrCommandLine) {
		t.Errorf("MatchCommandLine(%d bytes) = %v, want ErrCommandLine", len(long), err)
	}
	if _, err := ix.MatchCommandLine(context.Background(), "ls; git push x --force", DefaultCommandBudget); err != nil {
		t.Errorf("MatchCommandLine(two commands) = %v", err)
	}
	if got := ix.MatchCommand("ls; git push x --force"); len(got) != 1 {
		t.Errorf("a second command did not match: %v", got)
	}
}

// TestMatchCommandLongPatterns: a pattern of more tokens than a line can
// hold keeps only the first maxLiteralTokens of them, and matches as
// before: a line of MaxCommandLine bytes matches a pattern of its own
// tokens and no longer one.
func TestMatchCommandLongPatterns(t *testing.T) {
	line := strings.TrimSuffix(strings.Repeat("a ", MaxCommandLine/2), " ")
	tests := []struct {
		words int
		match bool
	}{
		{MaxCommandLine / 2, true},
		{MaxCommandLine/2 + 1, false},
		{maxLiteralTokens, false},
		{maxLiteralTokens + 1, false},
		{100000, false},
	}
	for _, tt := range tests {
		pat := strings.TrimSuffix(strings.Repeat("a ", tt.words), " ")
		if p, _ := compileCommandPattern(pat); len(p.literal) != min(tt.words, maxLiteralTokens) {
			t.Errorf("%d words: %d literal tokens kept, want %d", tt.words, len(p.literal), min(tt.words, maxLiteralTokens))
		}
		ix := Build([]Card{{ID: "a", Replaces: []string{pat}}})
		if got := ix.MatchCommand(line); (len(got) == 1) != tt.match {
			t.Errorf("a pattern of %d words matched a line of %d: %v, want %v", tt.words, MaxCommandLine/2, got, tt.match)
		}
	}
}

func TestCompileCommandPatternNeverPanics(t *testing.T) {
	for _, p := range []string{"(", ")", "[", "*", "+?", `\`, "<", ">", "<>", "< >", "(?P<", "a{99999}", "\xff"} {
		cp, ok := compileCommandPattern(p)
		if ok {
			cmd := "anything here"
			cp.matchAt(cmd, shellTokens(cmd), 0, &budget{ctx: context.Background(), left: DefaultCommandBudget})
		}
	}
}

func TestSearchIDParts(t *testing.T) {
	ix := Build([]Card{
		{ID: "powermetrics", Summary: "Show energy statistics."},
		{ID: "iostat", Summary: "Print metrics for disks."},
		{ID: "upsc", Summary: "Print the power supply model."},
	})
	// Only the id "powermetrics" holds both "power" and "metric".
	rs := ix.Search(Query{Intent: "power metrics"})
	if len(rs) != 3 || rs[0].ID != "powermetrics" || !slices.Equal(rs[0].Matched, []string{"id"}) {
		t.Errorf("Search(power metrics) = %+v, want powermetrics first, matched on id", rs)
	}
}

func TestSearchCooccurrenceExpansion(t *testing.T) {
	// "wifi" and "network" are described together by two cards, so a query
	// for "wifi" also reaches a card that only says "network".
	cards := []Card{
		{ID: "airport", IntentPhrases: []string{"Scan wifi networks", "Join a network"}},
		{ID: "wdutil", IntentPhrases: []string{"Diagnose wifi", "Show network info"}},
		{ID: "netstat", IntentPhrases: []string{"List network sockets"}},
	}
	for i := range 60 { // filler so that "network" is not a very common term
		cards = append(cards, Card{ID: fmt.Sprintf("filler%02d", i), Summary: fmt.Sprintf("word%02d thing%02d", i, i)})
	}
	rs := Build(cards).Search(Query{Intent: "wifi"})
	if got := ids(rs); !slices.Contains(got, "netstat") || got[len(got)-1] != "netstat" {
		t.Errorf("Search(wifi) = %v, want netstat reached by expansion, ranked last", got)
	}
}

// FuzzSearch checks that no intent or command line makes Search or
// MatchCommand panic, and that results stay well-formed.
func FuzzSearch(f *testing.F) {
	for _, s := range []string{"", "play", "[a]ction `x`", "rm -rf /", "git worktree remove", "\xff", "playbak speeed"} {
		f.Add(s)
	}
	ix := Build(testCards())
	f.Fuzz(func(t *testing.T, s string) {
		rs := ix.Search(Query{Intent: s, Limit: 3})
		if len(rs) > 3 {
			t.Fatalf("%d results for limit 3", len(rs))
		}
		for _, r := range rs {
			if r.Card < 0 || r.Card >= ix.Len() || !(r.Score > 0) || math.IsInf(r.Score, 0) {
				t.Fatalf("bad result %+v", r)
			}
		}
		ix.MatchCommand(s)
	})
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
		if _, err := parseCommandLine(s); err != nil {
			return
		}
		ix := Build([]Card{{ID: "c", Replaces: []string{s}}})
		if got := ix.MatchCommand(s); len(got) != 1 {
			t.Fatalf("pattern %q does not match its own text", s)
		}
	})
}

func TestSearchNgramsMatchPartsOfWords(t *testing.T) {
	// Each pair of cards matches the query equally on whole words; only
	// the character n-grams see that a query word shares most of its
	// letters with one card's words. Without them, the tie goes by id to
	// the other card.
	tests := []struct {
		intent, want, other string
		cards               []Card
	}{
		{
			intent: "screenshot of the display", want: "screencap", other: "avrec",
			cards: []Card{
				{ID: "screencap", Summary: "Capture the display of a device.", IntentPhrases: []string{"Save the display to a file"}},
				{ID: "avrec", Summary: "Record the display of a device.", IntentPhrases: []string{"Save the display to a video"}},
			},
		},
		{
			intent: "unmount the volume", want: "mounter", other: "diskinfo",
			cards: []Card{
				{ID: "diskinfo", Summary: "Volume tool.", IntentPhrases: []string{"Show a volume's size"}},
				{ID: "mounter", Summary: "Volume tool.", IntentPhrases: []string{"Mount a volume's image"}},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := ids(Build(tt.cards).Search(Query{Intent: tt.intent})); len(got) != 2 || got[0] != tt.want {
				t.Errorf("Search(%q) = %v, want %s first", tt.intent, got, tt.want)
			}
			p := defaultParams()
			p.ngram = false
			if got := ids(buildWith(tt.cards, p).Search(Query{Intent: tt.intent})); len(got) != 2 || got[0] != tt.other {
				t.Errorf("without n-grams, Search(%q) = %v, want the tie to go to %s", tt.intent, got, tt.other)
			}
		})
	}
}

// FuzzSearchAfterAnother checks that nothing of one query (pooled score
// arrays, n-gram slots and counts) leaks into the next: a query gives the
// same results after any other as on an index that has answered nothing.
func FuzzSearchAfterAnother(f *testing.F) {
	seeds := []string{"", "unmount the volume", "play a sound file", "remvoe pakcage",
		strings.Repeat("worktree ", 2000), "\xff\xfe", "[a]ction `x` --force", "rm -rf /"}
	for _, a := range seeds {
		for _, b := range seeds[:4] {
			f.Add(a, b)
		}
	}
	cards := testCards()
	used, fresh := Build(cards), Build(cards)
	first := map[string][]Result{}
	f.Fuzz(func(t *testing.T, a, b string) {
		used.Search(Query{Intent: a, Limit: 3})
		got := used.Search(Query{Intent: b, Limit: 3})
		want, ok := first[b]
		if !ok {
			want = fresh.Search(Query{Intent: b, Limit: 3})
			first[b] = want
			fresh = Build(cards) // answered nothing again
		}
		if !slices.EqualFunc(got, want, func(x, y Result) bool {
			return x.ID == y.ID && x.Score == y.Score && slices.Equal(x.Matched, y.Matched)
		}) {
			t.Fatalf("Search(%q) after Search(%q) = %+v, on a fresh index %+v", b, a, got, want)
		}
	})
}

func TestSearchScoresStayFinite(t *testing.T) {
	// One known word among hundreds of misspelt ones once drove the linear
	// score past e^709: the score was +Inf, which JSON cannot carry.
	// Results far below the best share the smallest score, in id order.
	var words, typos []string
	for i := range 800 {
		words = append(words, fmt.Sprintf("zq%04dxword", i))
		if i < 700 {
			typos = append(typos, fmt.Sprintf("zq%04dxwrod", i))
		}
	}
	cards := append(testCards(),
		Card{ID: "bigtool", Summary: strings.Join(words, " "), IntentPhrases: []string{"check the thing"}},
		Card{ID: "zz-half", Summary: strings.Join(words[:400], " "), IntentPhrases: []string{"check a file"}},
		Card{ID: "zb-check", Summary: "check stuff", IntentPhrases: []string{"check a file"}},
		Card{ID: "aa-check", Summary: "check things", IntentPhrases: []string{"check a file"}})
	ix := Build(cards)
	for _, intent := range []string{
		"check " + strings.Join(typos, " "),       // the rest far below the best: floored, ordered by id
		"check " + strings.Join(typos[:300], " "), // once +Inf
		"check " + strings.Join(typos[:100], " "),
		"check the thing",
	} {
		rs := ix.Search(Query{Intent: intent})
		if len(rs) == 0 {
			t.Fatalf("no result for a %d-byte intent", len(intent))
		}
		for i, r := range rs {
			if math.IsInf(r.Score, 0) || math.IsNaN(r.Score) || r.Score <= 0 {
				t.Errorf("%d-byte intent: result %d (%s) has score %v", len(intent), i, r.ID, r.Score)
			}
			if p := rs[max(i-1, 0)]; i > 0 && (r.Score > p.Score || r.Score == p.Score && r.ID < p.ID) {
				t.Errorf("%d-byte intent: not score descending, then id, at %d: (%s %v) after (%s %v)", len(intent), i, r.ID, r.Score, p.ID, p.Score)
			}
		}
	}
}

// Matched names what of the query a card holds: a unit reached only
// through a co-occurrence expansion of the query is left out when another
// unit holds a query word, and listed when none does.
func TestMatchedLeavesOutExpansionsOnly(t *testing.T) {
	var cards []Card
	for i := range 100 { // filler, so that push and upload are rare enough to expand
		cards = append(cards, Card{ID: fmt.Sprintf("filler-%02d", i), Command: "f", Summary: "Prints a greeting.",
			IntentPhrases: []string{fmt.Sprintf("Greet person number %d", i)}, Risk: "reversible"})
	}
	for _, id := range []string{"sync-a", "sync-b"} { // teach push ~ upload
		cards = append(cards, Card{ID: id, Command: id, Summary: "Mirrors a folder.",
			IntentPhrases: []string{"Push the folder", "Upload the folder"}, Risk: "reversible"})
	}
	cards = append(cards,
		Card{ID: "ship", Command: "ship", Summary: "Uploads artifacts.", IntentPhrases: []string{"Push a release"}, Risk: "reversible"},
		Card{ID: "send", Command: "send", Summary: "Uploads a file.", IntentPhrases: []string{"Send a file"}, Risk: "reversible"})
	ix := Build(cards)
	byID := map[string][]string{}
	for _, r := range ix.Search(Query{Intent: "push", Limit: 10}) {
		byID[r.ID] = r.Matched
	}
	if got := byID["ship"]; !slices.Equal(got, []string{"Push a release"}) {
		t.Errorf("ship Matched = %q, want only the phrase holding push, not the summary that says upload", got)
	}
	if got, ok := byID["send"]; !ok || !slices.Equal(got, []string{"summary"}) {
		t.Errorf("send found %v, Matched = %q, want found by its summary, which is listed", ok, got)
	}
}

// TestSearchIDOfStopWordsByName: an id with no indexable word (a stop word,
// a lone letter) is found when the intent spells it and nothing else, and
// the risk filter still applies.
func TestSearchIDOfStopWordsByName(t *testing.T) {
	cards := append(testCards(),
		Card{ID: "am", Command: "am start", Summary: "Android activity manager.", Risk: "reversible"},
		Card{ID: "where", Command: "where <name>", Summary: "Locate a program on the PATH.", Risk: "reversible"},
		Card{ID: "w", Command: "w", Summary: "Who is logged on.", Risk: "destructive"},
	)
	ix := Build(cards)
	for intent, want := range map[string]string{"am": "am", "Where": "where", "w": "w", " `am` ": "am"} {
		rs := ix.Search(Query{Intent: intent})
		if len(rs) != 1 || rs[0].ID != want || rs[0].Score <= 0 || !slices.Equal(rs[0].Matched, []string{"id"}) {
			t.Errorf("Search(%q) = %+v, want only %s, matched by id", intent, rs, want)
		}
	}
	if rs := ix.Search(Query{Intent: "w", Risk: "reversible"}); rs != nil {
		t.Errorf("Search(w, reversible) = %v, want nil", ids(rs))
	}
	if rs := ix.Search(Query{Intent: "the a"}); rs != nil {
		t.Errorf("Search(the a) = %v, want nil", ids(rs))
	}
}

// TestMatchCommandInSubshellsAndCompounds: a command in a subshell, a
// command substitution, a group or a compound command runs as much as one
// at the start of the line; "(cd repo && git push --force)" matched nothing
// because "(cd" and "--force)" were words.
func TestMatchCommandInSubshellsAndCompounds(t *testing.T) {
	ix := Build([]Card{
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
	checkMatchCommand(t, ix, tests)
}

// A here-document's body is text fed to a command, which no shell runs: a
// command line that writes a script holding git push --force does not push.
// The lines after its delimiter are commands again.
func TestMatchCommandSkipsHereDocBodies(t *testing.T) {
	ix := Build([]Card{
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
	checkMatchCommand(t, ix, tests)
}

// checkMatchCommand checks the ids of the cards MatchCommand finds, in card
// order, for each command line of tests.
func checkMatchCommand(t *testing.T, ix *Index, tests []struct {
	cmd  string
	want []string
}) {
	t.Helper()
	for _, tt := range tests {
		if got := matchedIDs(ix, tt.cmd); !slices.Equal(got, tt.want) {
			t.Errorf("MatchCommand(%q) = %v, want %v", tt.cmd, got, tt.want)
		}
	}
}

// matchedIDs are the ids of the cards MatchCommand finds for cmd, in its
// order.
func matchedIDs(ix *Index, cmd string) []string {
	var got []string
	for _, i := range ix.MatchCommand(cmd) {
		got = append(got, ix.cards[i].ID)
	}
	return got
}

// TestSearchCamelCaseQuery: an agent names a need by an identifier from
// code; a camel-case word the cards do not hold is searched as its parts,
// and one they hold (or nearly, as a typo) as itself.
func TestSearchCamelCaseQuery(t *testing.T) {
	cards := []Card{
		{ID: "db-rollback", Summary: "Roll back the last database migration.",
			IntentPhrases: []string{"undo a migration", "revert the schema"}, Risk: "destructive"},
		{ID: "port-forward", Summary: "Forward a local port to a cluster service.",
			IntentPhrases: []string{"reach a service from my laptop"}, Risk: "reversible"},
		{ID: "ps-run", Summary: "Run a PowerShell script.",
			IntentPhrases: []string{"run a PowerShell command"}, Risk: "reversible"},
		{ID: "pod-shell", Summary: "Open a shell in a running pod.",
			IntentPhrases: []string{"get a shell in a container", "shell into a pod"}, Risk: "reversible"},
		{ID: "pod-doctor", Summary: "Find out why a pod was killed or keeps crashing.",
			IntentPhrases: []string{"debug a crashing pod"}, Risk: "reversible"},
		{ID: "vm-stop", Summary: "Stop an idle VM.", IntentPhrases: []string{"shut down a vm"}, Risk: "reversible"},
		{ID: "timeout", Summary: "Set the request timeout in ms.", IntentPhrases: []string{"change the timeout"}, Risk: "reversible"},
		{ID: "gpu-usage", Summary: "Show GPU usage per node.", IntentPhrases: []string{"which gpu is free"}, Risk: "reversible"},
	}
	ix := Build(cards)
	tests := []struct{ intent, want string }{
		{"dbRollback", "db-rollback"},
		{"DbRollback the orders table", "db-rollback"},
		{"PortForward to redis", "port-forward"},
		{"pod OOMKilled", "pod-doctor"},
		{"PowerShell", "ps-run"},
		{"PowreShell", "ps-run"},
		// An acronym's plural the cards do not hold is the acronym:
		// read as "v" "ms" and "gp" "us", "VMs" found the card of
		// milliseconds and "GPUs" none.
		{"VMs", "vm-stop"},
		{"stop idle VMs", "vm-stop"},
		{"GPUs", "gpu-usage"},
		{"free GPUs", "gpu-usage"},
	}
	for _, tt := range tests {
		res := ix.Search(Query{Intent: tt.intent})
		if len(res) == 0 || res[0].ID != tt.want {
			t.Errorf("Search(%q) = %v, want %s first", tt.intent, ids(res), tt.want)
		}
	}
}

// A command gives its options where getopt takes them: global options
// before a subcommand, options the pattern does not name, an option after
// the operands. A literal pattern matched only the command's leading
// words, so "kubectl port-forward *" missed "kubectl -n staging
// port-forward svc/db 5433:5432" and "git push --force" missed "git push
// origin main --force".
func TestMatchCommandOptionsAnywhere(t *testing.T) {
	ix := Build([]Card{
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
		{"docker run -i -t --rm ubuntu", nil}, // -it is one word of the pattern
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
	checkMatchCommand(t, ix, tests)
}

// The runners of project tools run the command after them, as sudo does:
// an agent types "bundle exec rails db:migrate" or "uv run pytest" for
// the command a wrapper replaces.
func TestMatchCommandRunners(t *testing.T) {
	ix := Build([]Card{
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
	}
	checkMatchCommand(t, ix, tests)
}

// TestSearchWordsRunTogether: a word the cards do not hold, nor nearly,
// may be two of theirs run together ("forcepush"); it found nothing.
func TestSearchWordsRunTogether(t *testing.T) {
	ix := Build([]Card{
		{ID: "push-safe", Summary: "Force push a branch after a rebase.", Risk: "reversible"},
		{ID: "hotfix", Summary: "Cherry-pick a fix onto the release branch.", Risk: "reversible"},
		{ID: "logs", Summary: "Tail the logs of a service.", Risk: "reversible"},
		{ID: "prune", Summary: "Delete merged branches.", Risk: "destructive"},
	})
	split := []struct {
		word string
		want []string
	}{
		{"forcepush", []string{"force", "push"}},
		{"cherrypick", []string{"cherry", "pick"}},
		{"forcepushes", []string{"force", "pushes"}},
		{"taillogs", []string{"tail", "logs"}},
		{"login", nil},    // "in" is no term
		{"logsx", nil},    // "x" is too short
		{"pushzork", nil}, // "zork" is no term
	}
	for _, tt := range split {
		if got := ix.splitWord(tt.word, nil); !slices.Equal(got, tt.want) {
			t.Errorf("splitWord(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
	search := []struct{ intent, want string }{
		{"forcepush my branch", "push-safe"},
		{"cherrypick", "hotfix"},
		{"pushforce", "push-safe"},
		{"taillogs", "logs"},
	}
	for _, tt := range search {
		if res := ix.Search(Query{Intent: tt.intent}); len(res) == 0 || res[0].ID != tt.want {
			t.Errorf("Search(%q) = %v, want %s first", tt.intent, ids(res), tt.want)
		}
	}
}

// A pattern written with a precommand ("npx prettier --write *", "sudo
// systemctl restart *") replaces the command it runs, however that is run:
// "prettier --write ." and "pnpm exec prettier --write ." matched nothing.
func TestMatchCommandPatternsThroughPrecommands(t *testing.T) {
	ix := Build([]Card{
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
	checkMatchCommand(t, ix, tests)
}

// A pattern that starts with NAME=value words matches a command given
// them among its own, in any order, with or without env; it matched no
// command at all, not even its own text.
func TestMatchCommandPatternAssignments(t *testing.T) {
	ix := Build([]Card{
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
	checkMatchCommand(t, ix, tests)
}

// Each match names the most specific of its card's patterns that matched,
// by its index in Replaces, which a pattern that compiles to nothing keeps;
// the first of those equally specific.
func TestMatchCommandLineNamesThePattern(t *testing.T) {
	ix := Build([]Card{
		{ID: "push", Replaces: []string{"", "git push origin main", "git push *"}},
		{ID: "other", Replaces: []string{"ls"}},
		{ID: "force", Replaces: []string{"git push --force", "git push -f"}},
	})
	m, err := ix.MatchCommandLine(t.Context(), "git push -f origin main", DefaultCommandBudget)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{0, 2}; !slices.Equal(m.Cards, want) {
		t.Fatalf("cards %v, want %v", m.Cards, want)
	}
	// "git push origin main" passes over -f, and is more specific than
	// "git push *"; so is push's match than force's "git push -f".
	if want := []int{1, 1}; !slices.Equal(m.Patterns, want) {
		t.Errorf("patterns %v, want %v (git push origin main, git push -f)", m.Patterns, want)
	}
}

// TestSearchRepairsAFewUnknownWords: only the first maxRepairs words of a
// query the index does not hold are corrected or cut. Repairing each of
// the thousands of nonsense words a request line can hold cost 49 ms a
// query at 10,000 cards (BenchmarkSearchLongNonsense); an intent has a few.
func TestSearchRepairsAFewUnknownWords(t *testing.T) {
	ix := Build([]Card{
		{ID: "push-safe", Summary: "Force push a branch after a rebase.", Risk: "reversible"},
		{ID: "logs", Summary: "Tail the logs of a service.", Risk: "reversible"},
	})
	noise := func(n int) string {
		ws := make([]string, n)
		for i := range ws {
			ws[i] = fmt.Sprintf("zq%cxv", 'a'+i%26) // no term, nor one edit from one
		}
		return strings.Join(ws, " ")
	}
	tests := []struct {
		intent string
		want   string // "" for no result
	}{
		{noise(maxRepairs-1) + " brnach", "push-safe"}, // typo corrected
		{noise(maxRepairs-1) + " taillogs", "logs"},    // words run together cut
		{noise(maxRepairs) + " brnach", ""},
		{noise(maxRepairs) + " taillogs", ""},
		{noise(maxRepairs) + " branch", "push-safe"}, // a known word always counts
	}
	for _, tt := range tests {
		res := ix.Search(Query{Intent: tt.intent})
		got := ""
		if len(res) > 0 {
			got = res[0].ID
		}
		if got != tt.want {
			t.Errorf("Search(%d words … %q) first = %q, want %q", len(strings.Fields(tt.intent))-1, tt.intent[strings.LastIndexByte(tt.intent, ' ')+1:], got, tt.want)
		}
	}
}

// A <placeholder> that starts a pattern word stands for an operand, and
// matches no option: "psql <url>" matched "psql -l" and "psql --version",
// the option taken for the url. An option in its place is passed over as
// any the pattern does not name; a glob still matches any word.
func TestMatchCommandPlaceholderIsOperand(t *testing.T) {
	ix := Build([]Card{
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
	checkMatchCommand(t, ix, tests)
}

// An option given with its value in one word ("--replicas=0") is read as
// the option and its value, on the line and in the pattern, so either
// form matches the other; each matched only the form it was written in.
func TestMatchCommandOptionValues(t *testing.T) {
	ix := Build([]Card{
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
	checkMatchCommand(t, ix, tests)
}

// A path that starts with "./" is the path without it, and a relative
// path the pattern starts with ("bin/rails") is also run by a path that
// ends in it: an agent types "./bin/rails" and "/work/orbit/bin/rails",
// and neither matched "bin/rails db:rollback*", nor "rm -rf ./dist" "rm
// -rf dist*".
func TestMatchCommandPathsToTheTool(t *testing.T) {
	ix := Build([]Card{
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
	checkMatchCommand(t, ix, tests)
}

// Short options a pattern bundles ("-rf", "-it") match the same options
// bundled in another order or with others, as getopt reads them: "rm -fr
// dist" and "docker run -ti ubuntu" matched nothing.
func TestMatchCommandBundledOptions(t *testing.T) {
	ix := Build([]Card{
		{ID: "clean", Replaces: []string{"rm -rf dist*"}},
		{ID: "run", Replaces: []string{"docker run -it <image>"}},
		{ID: "force", Replaces: []string{"git push -f"}},
		{ID: "race", Replaces: []string{"go test -race *"}},
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
		// Not the options named: one missing, a long option, one given
		// apart (read as the pattern's word alone).
		{"rm -r dist", nil},
		{"rm -rv dist", nil},
		{"rm --rf dist", nil},
		{"rm -r -f dist", nil},
		{"git push -fu origin x", nil}, // a one-letter option is a word of its own
		// Four letters or more after one dash are a long option, as Go's
		// tools and find write them, not a bundle: -trace is not -race.
		{"go test -trace t.out ./...", nil},
		// A command word that repeats a letter, or of more than five, is a
		// long option too: -timeout is not -it, nor -format -rf.
		{"docker run -timeout 5 ubuntu", nil},
		{"rm -format dist", nil},
		{"rm -lfrtv dist", []string{"clean"}},
	}
	checkMatchCommand(t, ix, tests)
}

// TestMatchCommandKeywordsInAnyCase: a pattern word written in capitals is
// a keyword its tool reads in any case (Redis commands, SQL), so it
// matches in any case; other words, options and NAME=value words keep
// their case. "redis-cli flushall" matched no card of "redis-cli FLUSHALL".
func TestMatchCommandKeywordsInAnyCase(t *testing.T) {
	ix := Build([]Card{
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
	checkMatchCommand(t, ix, tests)
}
