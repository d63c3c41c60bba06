package cmdline

import "testing"

// TestMatchCommandGroupRedirectionReview (mutation review of the group
// redirection reading, each row checked with bash 5.2 and a make writing
// to both outputs): a pipe after an inner group with no redirections of
// its own is the command's, so an outer group's "> out" is not its
// output ("((make all) | tee x) > out": tee writes out), while its errors
// still reach the outer "2> err"; a command whose words hold a { …; }
// group is not read back past its "}" ("( { make all 2>/dev/null; } > o;
// ls ) 2> err" sends make's errors nowhere); "0>" redirects the input, no
// output ("(make all 0>/dev/null) > out" writes make's output to out); a
// group's redirection is no word or operator a pattern's other words
// take ("(make all; true) 2> err && ls" runs ls on true's status, not
// make's); and a group never closed has no redirections ("2> err; (make
// all; ls").
func TestMatchCommandGroupRedirectionReview(t *testing.T) {
	mt := Compile([]Card{
		{ID: "log", Replaces: []string{"make all 2> <log>"}},
		{ID: "out", Replaces: []string{"make all > <out>"}},
		{ID: "outlog", Replaces: []string{"make all > <f> 2> <log>"}},
		{ID: "and", Replaces: []string{"make all && ls"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"((make all) | tee x) > out", nil},
		{"((make all) | tee x) 2> err", []string{"log"}},
		{"( { make all 2>/dev/null; } > o; ls ) 2> err", []string{"outlog", "log", "out"}},
		{"(make all 0>/dev/null) > out", []string{"out"}},
		{"(make all; true) 2> err && ls", []string{"log"}},
		{"2> err; (make all; ls", nil},
		{"2> err; { make all; ls", nil},
		// As before.
		{"(make all) > out", []string{"out"}},
		{"(make all) 2> err", []string{"log"}},
	})
}

// TestMatchCommandRunnerHandOverIsPerCommand: a runner's first "--" hands
// over to the command it runs in that command of the pattern only: in
// "kubectl exec db-0 -- ls && kubectl exec db-1 -- ls -la" the second
// kubectl's first "--" is its own, leaving ls's -la an option, which no
// placeholder takes; after a second "--" it is an operand.
func TestMatchCommandRunnerHandOverIsPerCommand(t *testing.T) {
	mt := Compile([]Card{
		{ID: "two", Replaces: []string{"kubectl exec <p> -- ls && kubectl exec <pod> <a> <b>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"kubectl exec db-0 -- ls && kubectl exec db-1 -- ls -la", nil},
		{"kubectl exec db-0 -- ls && kubectl exec db-1 -- ls -- -la", []string{"two"}},
	})
}
