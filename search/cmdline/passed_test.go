package cmdline

import "testing"

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
