package store_test

import (
	"context"
	"slices"
	"testing"

	"github.com/capreg/capreg/search/cmdline"
)

// TestAnswerCommandOwnsItsSlices: an answer is the caller's to change
// (sort a hit's patterns for display, say) without changing what the
// shared snapshot answers next. Before, a hit's Replaces was the card's
// own slice, and the next answer named another pattern as the one matched.
func TestAnswerCommandOwnsItsSlices(t *testing.T) {
	snap := scanLoadRepo(t, "../testdata/repo")
	const line = "git merge --no-ff feature"
	answer := func() ([]string, string) {
		m, err := snap.Commands().Match(context.Background(), line, cmdline.DefaultBudget)
		if err != nil {
			t.Fatal(err)
		}
		a := snap.AnswerCommand(line, "", m)
		if len(a.Results) == 0 || len(a.Results[0].Replaces) < 2 {
			t.Fatalf("%q: want a hit of two patterns or more, got %+v", line, a.Results)
		}
		return a.Results[0].Replaces, a.Results[0].Matched
	}
	replaces, matched := answer()
	want := slices.Clone(replaces)
	slices.Reverse(replaces)
	if got, gotMatched := answer(); !slices.Equal(got, want) || gotMatched != matched {
		t.Errorf("after the caller reversed its copy: replaces %q matched %q, want %q matched %q", got, gotMatched, want, matched)
	}
}
