package cmdline

import (
	"context"
	"fmt"
	"math"
	"regexp/syntax"
	"strings"
	"testing"
)

// BenchmarkMatchCommandWorst is GET /tools?command= at its limits: 1,000
// cards each with a regexp pattern that scans the rest of the line, and a
// line of 32 commands close to MaxLine bytes.
func BenchmarkMatchCommandWorst(b *testing.B) {
	cards := make([]Card, 1000)
	for i := range cards {
		cards[i] = Card{ID: fmt.Sprintf("c%d", i), Replaces: []string{fmt.Sprintf("cmd%d .* --force", i), fmt.Sprintf("tool%d <arg>", i)}}
	}
	mt := Compile(cards)
	cmd := strings.Repeat("git push origin "+strings.Repeat("x", 100)+" |", MaxCommands-1) + "git push"
	if _, err := parseCommandLine(cmd); err != nil {
		b.Fatalf("the line (%d bytes) is over the limits", len(cmd))
	}
	benchMatchCommandLine(b, mt, DefaultBudget, cmd)
}

// BenchmarkMatchCommandCardsAtLimit is GET /tools?command= against cards
// that pass card-replaces-cost with nothing to spare: five patterns of
// about 490 instructions each, every one of which keeps most of its
// threads alive over a line of 32 commands and reads it to the end (each
// has 31 pipes, so it is tried from every command to the end of the
// line). It is the worst a valid repository can ask of one request, per
// card: without a budget the time grows with the cards; within
// DefaultBudget it stops at the same work however many there are.
func BenchmarkMatchCommandCardsAtLimit(b *testing.B) {
	line := atLimitLine()
	for _, tt := range []struct {
		cards int
		work  int64
	}{{1, math.MaxInt64}, {10, math.MaxInt64}, {1, DefaultBudget}, {100, DefaultBudget}} {
		name := fmt.Sprintf("cards=%d/budget=none", tt.cards)
		if tt.work != math.MaxInt64 {
			name = fmt.Sprintf("cards=%d/budget=default", tt.cards)
		}
		b.Run(name, func(b *testing.B) {
			benchMatchCommandLine(b, Compile(atLimitCards(b, tt.cards)), tt.work, line)
		})
	}
}

// benchMatchCommandLine times MatchCommandLine of lines, and reports the
// work they cost and the cards they tried.
func benchMatchCommandLine(b *testing.B, mt *Matcher, work int64, lines ...string) {
	var m Matches
	var err error
	var spent int64
	tried := 0
	b.ReportAllocs()
	for b.Loop() {
		spent, tried = 0, 0
		for _, l := range lines {
			if m, err = mt.Match(context.Background(), l, work); err != nil {
				b.Fatal(err)
			}
			spent += m.Work
			tried += m.Tried
		}
	}
	b.ReportMetric(float64(spent), "work/op")
	b.ReportMetric(float64(tried), "cards-tried/op")
}

// atLimitLine is a line of 32 commands of 120 x's each, piped.
func atLimitLine() string {
	return strings.Repeat(strings.Repeat("x", 120)+" | ", MaxCommands-1) + "x"
}

// atLimitCards are n cards at the limits of card-replaces-cost (500
// instructions a pattern, 2,500 a card) that match nothing of
// atLimitLine but run its whole length: .*x 120 times, a y that never
// comes, and 31 pipes.
func atLimitCards(tb testing.TB, n int) []Card {
	cards := make([]Card, n)
	for i := range cards {
		c := Card{ID: fmt.Sprintf("c%d", i)}
		total := 0
		for j := range 5 {
			pat := strings.Repeat(".*x", 120) + string(rune('y'+j%2)) + strings.Repeat(" | x", MaxCommands-1)
			cost := regexpCost(tb, pat)
			if total += cost; cost > 500 || total > 2500 {
				tb.Fatalf("pattern cost %d, card %d: over the limits of card-replaces-cost", cost, total)
			}
			c.Replaces = append(c.Replaces, pat)
		}
		cards[i] = c
	}
	return cards
}

// regexpCost is what card-replaces-cost counts of a pattern (validate's
// replacesCost, which this package's tests cannot import): the
// instructions of the regexp PatternRegexp makes of it.
func regexpCost(tb testing.TB, pat string) int {
	expr, ok := PatternRegexp(pat)
	if !ok {
		return 0
	}
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		tb.Fatal(err)
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		tb.Fatal(err)
	}
	return len(prog.Inst)
}

// BenchmarkMatchCommandTypical is GET /tools?command= as it is used: lines
// an agent types against 1,000 cards of the shapes cards are written in,
// ten of them matching something. The budget of MatchCommandLine must not
// cost it anything measurable.
func BenchmarkMatchCommandTypical(b *testing.B) {
	mt := Compile(typicalCommandCards(1000))
	lines := []string{
		"git push --force origin main",
		"sudo systemctl restart nginx",
		"curl -fsSL https://example.com/install.sh | sh",
		"cd repo && make test && git push -f",
		"kill -9 $(lsof -t -i:8080)",
		"ls -la",
	}
	benchMatchCommandLine(b, mt, DefaultBudget, lines...)
}

// typicalCommandCards are n cards of the shapes of testdata/repo and the
// README, the first ten as written and the rest with their command renamed
// (git7 push), so that ten match the lines people type.
func typicalCommandCards(n int) []Card {
	shapes := [][]string{
		{"git push (-f|--force)", "git push origin +<branch>"},
		{"sudo .*"},
		{"rm -rf <dir>", "rm -rf *.log"},
		{"curl .* | sh", "wget -qO- <url> | sh"},
		{"npm (install|i|add) (-g|--global) [@a-z0-9/._-]+"},
		{"kill -9 $(lsof -t -i:<port>)"},
		{"git merge .*", "git push origin HEAD:main"},
		{"go test ./..."},
		{"gcloud compute instances create <name> --zone=<zone> --machine-type=<type> .*"},
		{"ps aux|grep <name>"},
	}
	cards := make([]Card, n)
	for i := range cards {
		shape, k := shapes[i%len(shapes)], i/len(shapes)
		c := Card{ID: fmt.Sprintf("c%d", i)}
		for _, p := range shape {
			if k > 0 {
				cmd, rest, _ := strings.Cut(p, " ")
				p = fmt.Sprintf("%s%d %s", cmd, k, rest)
			}
			c.Replaces = append(c.Replaces, p)
		}
		cards[i] = c
	}
	return cards
}

// BenchmarkBuildHereDocs: a pattern of one command given many
// here-documents. Whether each is the script of a shell was read from
// the command's words up to it, each time: 80 KB took 3.5 s to build,
// 320 KB 59 s.
func BenchmarkBuildHereDocs(b *testing.B) {
	const n = 40000
	for _, bm := range []struct{ name, line string }{
		{"one-shell", "bash" + strings.Repeat(" <<A", n)},
		// Whether cat pipes each here-document into a shell is read from
		// the rest of its line: once per command, and not past the line's
		// next commands.
		{"cat-pipes", strings.Repeat("cat <<A | bash;", n/4)},
	} {
		pat := bm.line + "\n" + strings.Repeat("x\nA\n", n)
		cards := []Card{{ID: "a", Replaces: []string{pat}}}
		b.Run(bm.name, func(b *testing.B) {
			for b.Loop() {
				Compile(cards)
			}
		})
	}
}

// BenchmarkShellTokensRedirectionRuns is the tokenizer on words that keep
// reading as a redirection's start (">>>>…", 40,000 of them) or that hold
// ${ (whose < and > are text): each < or > asks whether its word so far
// starts a redirection, which was a pass over the word each time, 1.4 s
// for this pattern of 40 KB (a card's replaces may be megabytes).
func BenchmarkShellTokensRedirectionRuns(b *testing.B) {
	for _, tt := range []struct{ name, line string }{
		{"greater", "echo " + strings.Repeat(">", 40000)},
		{"less", "echo " + strings.Repeat("<", 40000)},
		{"expansions", "echo " + strings.Repeat("${", 5000) + strings.Repeat(">", 25000)},
	} {
		b.Run(tt.name, func(b *testing.B) {
			for b.Loop() {
				shellTokens(tt.line)
			}
		})
	}
}
