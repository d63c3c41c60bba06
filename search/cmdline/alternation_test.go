package cmdline

import (
	"context"
	"slices"
	"testing"
)

// TestWordReadings: a regexp whose only regexp syntax is alternations of
// plain words stands for one word pattern per choice; anything else has
// no word reading.
func TestWordReadings(t *testing.T) {
	tests := []struct {
		pat  string
		want []string
	}{
		{"git push (-f|--force)", []string{"git push -f", "git push --force"}},
		{"(npm|pnpm) publish", []string{"npm publish", "pnpm publish"}},
		{"docker(-compose| compose) down", []string{"docker-compose down", "docker compose down"}},
		{"(rm|unlink) <file>", []string{"rm <file>", "unlink <file>"}},
		{"(git|hub) push (-f|--force)", []string{"git push -f", "git push --force", "hub push -f", "hub push --force"}},
		{"git push (-f|--force) .*", nil},      // still a regexp with either choice
		{"npm i(nstall)?", nil},                // a group repeated, no alternation
		{"git (push|pull)+", nil},              // repeated
		{"git push (-f|)", nil},                // an empty choice: optional, not a word
		{"(cd x | make)", nil},                 // a pipe, not an alternation
		{"echo $(a|b)", nil},                   // a substitution
		{"diff <(ls|sort) x", nil},             // a process substitution
		{"git push (-f|--force) # (x|y)", nil}, // a comment's group is not expanded, and is regexp syntax left
		{`git \(a|b\)`, nil},                   // escaped parentheses
		{"(a|b) (c|d) (e|f) (g|h)", nil},       // 16 readings, over the bound
		{"git push --force", nil},              // no regexp at all
		{"(?i)git push (-f|--force)", nil},     // other syntax before
		{"(a|b|c) x", []string{"a x", "b x", "c x"}},
	}
	for _, tt := range tests {
		if got := wordReadings(tt.pat); !slices.Equal(got, tt.want) {
			t.Errorf("wordReadings(%q) = %q, want %q", tt.pat, got, tt.want)
		}
	}
}

// TestMatchAlternationByWords: "git push (-f|--force)" finds the force
// push wherever the line puts the option, bundled with others too, as the
// two patterns "git push -f" and "git push --force" would; the regexp
// alone wanted the option right after "push". The match names the
// pattern as the card writes it.
func TestMatchAlternationByWords(t *testing.T) {
	mt := Compile([]Card{{ID: "other", Replaces: []string{"git status"}}, {ID: "safe-push", Replaces: []string{"git log", "git push (-f|--force)"}}})
	for _, tt := range []struct {
		line string
		want []int
	}{
		{"git push -f", []int{1}},
		{"git push --force origin main", []int{1}},
		{"git push origin main --force", []int{1}},
		{"git push -fu origin feature", []int{1}},
		{"sudo -u deploy git push origin --force", []int{1}},
		{"git push --force-with-lease origin main", nil},
		{"git push origin main", nil},
		{"echo git push --force", nil},
	} {
		m, err := mt.Match(context.Background(), tt.line, DefaultBudget)
		if err != nil {
			t.Fatalf("Match(%q): %v", tt.line, err)
		}
		if !slices.Equal(m.Cards, tt.want) {
			t.Errorf("Match(%q) = cards %v, want %v", tt.line, m.Cards, tt.want)
			continue
		}
		if len(m.Cards) == 1 && m.Patterns[0] != 1 {
			t.Errorf("Match(%q) names pattern %d, want 1 (the alternation as written)", tt.line, m.Patterns[0])
		}
	}
}

// TestWordReadingsPastEmptyParens pins that a "(" followed at once by
// another parenthesis, as in an arithmetic expansion "$((60*5))" or an
// empty "$()", is passed over and the alternation after it still read by
// words: the regexp alone cannot match such a line (its "$" is an
// anchor), so stopping at the first "((" would lose the card. It also
// pins that a group repeated by "*" is no alternation to expand (as "+"
// and "?" are not): "git push*" as a glob would match "git pushed",
// which the regexp "git (push|pull)* --force" does not.
func TestWordReadingsPastEmptyParens(t *testing.T) {
	tests := []struct {
		pat  string
		want []string
	}{
		{"sleep $((60*5)) && (shutdown|reboot)", []string{"sleep $((60*5)) && shutdown", "sleep $((60*5)) && reboot"}},
		{"echo $() x (a|b)", []string{"echo $() x a", "echo $() x b"}},
		{"git (push|pull)* --force", nil},
		{"git (push|pull)? --force", nil},
		{"git (push|pull){2} --force", nil},
	}
	for _, tt := range tests {
		if got := wordReadings(tt.pat); !slices.Equal(got, tt.want) {
			t.Errorf("wordReadings(%q) = %q, want %q", tt.pat, got, tt.want)
		}
	}
}

// TestMatchAlternationAfterArithmetic pins the same two rules through
// matching: the reading after "$((...))" finds the shutdown, and a
// repeated group is left to the regexp, so a glob reading does not make
// "git pushed --force" (no push at all) match.
func TestMatchAlternationAfterArithmetic(t *testing.T) {
	mt := Compile([]Card{
		{ID: "halt", Replaces: []string{"sleep $((60*5)) && (shutdown|reboot)"}},
		{ID: "force", Replaces: []string{"git (push|pull)* --force"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"sleep $((60*5)) && reboot", []string{"halt"}},
		{"sleep $((60*5)) && shutdown", []string{"halt"}},
		{"sleep $((60*5)) && echo", nil},
		{"git push --force", []string{"force"}},
		{"git pushed --force", nil},
		{"git pulling --force", nil},
	})
}
