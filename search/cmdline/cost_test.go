package cmdline

import (
	"context"
	"errors"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// runCost is what matching text against one pattern's regexp costs when it
// runs: its instructions times the bytes plus one.
func runCost(t *testing.T, pat, text string) int64 {
	t.Helper()
	expr, ok := PatternRegexp(pat)
	if !ok {
		t.Fatalf("%q is no regexp", pat)
	}
	re, ok := compileCosted(expr)
	if !ok {
		t.Fatalf("%q does not compile", expr)
	}
	return re.insts * int64(len(text)+1)
}

// MatchCommandLine stops before the regexp run its budget cannot pay for,
// and returns the cards tried before it; a pattern that cannot match
// (its literal start differs) costs nothing, and a glob token is paid for
// like a regexp.
func TestMatchCommandBudget(t *testing.T) {
	const push = "git push .* --force"
	pushLine := "git push origin --force"
	glob := strings.Repeat("a*", 1000) + "b" // no regexp: a glob token
	tests := []struct {
		name  string
		cards []Card
		line  string
		work  int64
		want  []int
		tried int
	}{
		{"enough", []Card{{Replaces: []string{push}}}, pushLine, attemptCost + runCost(t, push, pushLine), []int{0}, 1},
		{"one short", []Card{{Replaces: []string{push}}}, pushLine, attemptCost + runCost(t, push, pushLine) - 1, nil, 0},
		{"a pattern that cannot match costs its try only", []Card{{Replaces: []string{push}}}, "ls -la", attemptCost, nil, 1},
		{"words cost a try", []Card{{Replaces: []string{"git push origin"}}}, pushLine, attemptCost, []int{0}, 1},
		{"the cards before the run it cannot pay for",
			[]Card{{Replaces: []string{"git push origin"}}, {Replaces: []string{"ls"}}, {Replaces: []string{push}}, {Replaces: []string{"git push"}}},
			pushLine, 3 * attemptCost, []int{0}, 2},
		{"a glob token is paid for", []Card{{Replaces: []string{glob}}}, strings.Repeat("a", 4000), 1 << 20, nil, 0},
		{"at the limits, the first card", atLimitCards(t, 3), atLimitLine(), DefaultBudget, nil, 0},
		// Patterns matched by their words alone have no cost limit of
		// their own (card-replaces-cost counts none), so a card may hold
		// a million: each try is paid for.
		{"words are paid for too", wordCards(3, 1000), "ls -la", 1500 * attemptCost, nil, 1},
		// A pattern's option is looked for past the options it does not
		// name, each a unit: 3 tries over 500 options cost 1,512.
		{"options passed over are paid for", []Card{{Replaces: []string{"x --a", "x --b", "x --c"}}},
			"x" + strings.Repeat(" -o", 500), 1511, nil, 0},
		{"options passed over, paid", []Card{{Replaces: []string{"x --a", "x --b", "x --c"}}},
			"x" + strings.Repeat(" -o", 500), 1512, nil, 1},
		// The words of a pattern past those a try pays for are paid for
		// before they are compared, a unit each: 2,000 words that match
		// cost 2,000.
		{"a long pattern's words are paid for", []Card{{Replaces: []string{longWords}}}, longWords, 1999, nil, 0},
		{"a long pattern's words, paid", []Card{{Replaces: []string{longWords}}}, longWords, 2000, []int{0}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mt := Compile(tt.cards)
			for range 2 { // the same line stops at the same card every time
				m, err := mt.Match(context.Background(), tt.line, tt.work)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(m.Cards, tt.want) || m.Tried != tt.tried || m.Total != len(tt.cards) || m.Truncated() != (tt.tried < len(tt.cards)) {
					t.Errorf("= %v, %d of %d tried (truncated %v), want %v, %d tried", m.Cards, m.Tried, m.Total, m.Truncated(), tt.want, tt.tried)
				}
				if m.Work > tt.work {
					t.Errorf("work %d, over the budget %d", m.Work, tt.work)
				}
			}
		})
	}
}

// A budget of 0 or less is DefaultBudget, as api.Options.CommandBudget
// reads it, not one that tries no card and says it was cut short.
func TestMatchCommandNoBudgetIsTheDefault(t *testing.T) {
	mt := Compile([]Card{{ID: "a", Replaces: []string{"git push .*"}}})
	for _, work := range []int64{0, -1, math.MinInt64} {
		m, err := mt.Match(context.Background(), "git push x", work)
		if err != nil || !slices.Equal(m.Cards, []int{0}) || m.Truncated() || m.Work <= 0 || m.Work > DefaultBudget {
			t.Errorf("budget %d: = %v, %d of %d tried, work %d, %v; want [0], all tried, within DefaultBudget", work, m.Cards, m.Tried, m.Total, m.Work, err)
		}
	}
}

// longWords is a pattern, and a line, of 2,000 words.
var longWords = strings.TrimSuffix(strings.Repeat("a ", 2000), " ")

// wordCards are n cards of k patterns each matched by their words, none
// of which matches a line but "x<j> y".
func wordCards(n, k int) []Card {
	cards := make([]Card, n)
	for i := range cards {
		for j := range k {
			cards[i].Replaces = append(cards[i].Replaces, "x"+strconv.Itoa(j)+" y")
		}
	}
	return cards
}

// A request that has ended stops matching, between cards when none runs a
// regexp, and says why.
func TestMatchCommandLineStopsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, pat := range []string{"git push .* --force", "git push --force"} {
		mt := Compile([]Card{{Replaces: []string{pat}}})
		if m, err := mt.Match(ctx, "git push origin --force", math.MaxInt64); !errors.Is(err, context.Canceled) || m.Cards != nil {
			t.Errorf("%q after the request ended = %v, %v; want context.Canceled", pat, m.Cards, err)
		}
	}
}

// The literal start of an anchored regexp is what lets a run be skipped:
// it is read past ^ and stops at anything but a rune matched as written.
func TestAnchoredPrefix(t *testing.T) {
	tests := []struct{ expr, want string }{
		{`^(?:git push .* --force)(?:\s|$)`, "git push "},
		{`^(?:(?P<x>make) all)(?:\s|$)`, "make all"},
		{`^(?:(?i)git push)`, ""},
		{`^(?:git|hub) push`, ""},
		{`^\bgit`, ""},
		{`^git\b push`, "git"},
		{`^x+y`, "x"},
		{`^\x{FFFD}a`, ""},
		{`^é-\.`, "é-."},
		{`^-i:.+$`, "-i:"},
		{`^$`, ""},
	}
	for _, tt := range tests {
		re, ok := compileCosted(tt.expr)
		if !ok {
			t.Fatalf("%q does not compile", tt.expr)
		}
		if re.prefix != tt.want {
			t.Errorf("prefix of %q = %q, want %q", tt.expr, re.prefix, tt.want)
		}
	}
}

// Skipping a run whose text lacks the prefix never changes what matches.
func FuzzCostedMatchIsMatch(f *testing.F) {
	for _, s := range [][2]string{
		{"git push .* --force", "git push origin --force"},
		{"git push .* --force", "git pus"},
		{`\x{FFFD}a`, "\xffa"},
		{"(?i)git push", "GIT PUSH"},
		{"é+x", "ééx"},
		{`a\b`, "a b"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, pat, text string) {
		expr := "^(?:" + pat + ")"
		want, err := regexp.Compile(expr)
		if err != nil {
			return
		}
		re, ok := compileCosted(expr)
		if !ok {
			t.Fatalf("%q compiles with regexp but not here", expr)
		}
		b := &budget{ctx: context.Background(), left: math.MaxInt64}
		if got := re.match(text, b); got != want.MatchString(text) {
			t.Errorf("%q on %q: %v, regexp says %v (prefix %q)", expr, text, got, !got, re.prefix)
		}
	})
}
