package cmdline

import (
	"slices"
	"testing"
)

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
