package cmdline

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestMatchCommandOperandPassedBeforeOptionWithArgument: a placeholder
// after an option may be the option's argument, the word after it, or an
// operand the command gave before the option, passed over (getopt reads
// operands on either side of options); the first was taken whenever it
// matched, and never the second after it failed, so "kubectl exec mypod
// -it -- bash", kubectl's own "kubectl exec mypod -c ruby-container -i -t
// -- bash -il", matched no "kubectl exec -it <pod> -- *": <pod> took "--".
func TestMatchCommandOperandPassedBeforeOptionWithArgument(t *testing.T) {
	mt := Compile([]Card{
		{ID: "exec", Replaces: []string{"kubectl exec -it <pod> -- *"}},
		{ID: "foo", Replaces: []string{"foo bar -f <pod> x"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"kubectl exec -it mypod -- bash", []string{"exec"}},
		{"kubectl exec mypod -it -- bash", []string{"exec"}},
		{"kubectl exec mypod --stdin --tty -- bash", []string{"exec"}},
		{"kubectl exec mypod -c ruby-container -i -t -- bash -il", []string{"exec"}},
		{"kubectl exec -it -- bash", nil},
		{"kubectl exec mypod -- bash", nil},
		{"foo bar api -f x", []string{"foo"}},
		{"foo bar -f api x", []string{"foo"}},
		{"foo bar api -f y", nil},
	})
}

// TestPassedWordTriesGrowLinearly: each placeholder after an
// option may be tried with a word passed over before the option, and a
// try forks no further, so a pattern of n such placeholders costs about
// n tries, not 2ⁿ: twenty "-x <p>" pairs against a line giving each
// operand before its option spent the whole default budget (2²⁰ tries;
// the reviewer's find), and the card after it, which matches, was never
// tried. Work units are counted, not time.
func TestPassedWordTriesGrowLinearly(t *testing.T) {
	var p, l strings.Builder
	p.WriteString("kubectl exec")
	l.WriteString("kubectl exec")
	for i := range 20 {
		c := string(rune('a' + i))
		fmt.Fprintf(&p, " -%s <p%s>", c, c)
		fmt.Fprintf(&l, " v%s -%s v%s", c, c, c)
	}
	mt := Compile([]Card{{ID: "long", Replaces: []string{p.String() + " -- NOMATCH"}}, {ID: "any", Replaces: []string{"kubectl exec *"}}})
	ms, err := mt.Match(context.Background(), l.String()+" -- end", DefaultBudget)
	if err != nil || ms.Tried != 2 || len(ms.Cards) != 1 || ms.Work > 100_000 {
		t.Errorf("Match = %+v, %v; want both cards tried, the second matched, and under 100,000 units of work", ms, err)
	}
}
