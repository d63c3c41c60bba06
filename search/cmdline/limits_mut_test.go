package cmdline

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
)

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
	if got := cards(mt.NamedBy(intent, false)); !slices.Equal(got, []int{1, 2, 3, 4}) {
		t.Errorf("NamedBy(spans) = %v, want [1 2 3 4]", got)
	}
}
