package cmdline

import (
	"context"
	"testing"
)

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
