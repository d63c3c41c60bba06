package cmdline

import "testing"

// TestMatchCommandExecEdgesCR77 holds what
// TestMatchCommandGroupRedirectionAfterExec left open: "exec" as another
// command's argument is no exec ("echo exec 2>&1" redirects echo's errors
// alone); a substitution before an exec's word, or among its words before
// a copy ("exec 3>$(f) 2>&1"), counts as every descriptor; a case arm's
// ")" before an exec is no substitution. Each row was checked with bash
// 5.2 and a make writing to both outputs; each killed a hand mutant that
// passed the package's tests (mutation review cr77).
func TestMatchCommandExecEdgesCR77(t *testing.T) {
	mt := Compile([]Card{
		{ID: "log", Replaces: []string{"make all 2> <log>"}},
		{ID: "out", Replaces: []string{"make all > <out>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"(echo exec 2>&1; make all) 2> err", []string{"log"}},
		// An exec after "|&" (read as "|" and "&") runs in the
		// pipeline's subshell, as after "|": make's errors go to err.
		{"(ls |& exec 2>&1; make all) 2> err", []string{"log"}},
		{"{ ls |& exec 2>&1; make all; } 2> err", []string{"log"}},
		// An exec after a background "&" runs in the shell.
		{"(ls & exec 2>&1; make all) 2> err", nil},
		{"(2>$(f) exec; make all) 2> err", nil},
		{"(exec 3>$(f) 2>&1; make all) 2> err", nil},
		{"(case x in a) exec 3>&1;; esac; make all) 2> err", []string{"log"}},
	})
}
