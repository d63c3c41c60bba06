package cmdline

import "testing"

// TestMatchCommandGroupRedirectionAfterExec: an exec with redirections
// earlier in a group changes the descriptors every later command of the
// group inherits, after the group's redirections were applied, so the
// group's redirection of a descriptor such an exec redirects or closes is
// not the command's (checked with bash 5.2 and a make writing "OUT" to its
// output and "ERR" to its errors): "(exec 2>&1; make all) 2> err" and "{
// exec 2>&1; make all; } 2> err" send make's errors to the output, "(exec
// 2>&-; make all) 2> err" closes them, where "make all 2> <log>" matched
// all three. So too an exec in a { …; } group or a compound command
// before it, which runs in the same shell ("( { exec 2>&1; }; make all)
// 2> err"), in a group between ("( (exec 2>&1; make all) > o) 2> err":
// both to o), or with its redirection before the word exec or after
// command. Not an exec outside the group, before it ("exec 2>&1; (make
// all) 2> err": errors to err), after the command, in a subshell of its
// own, a substitution, a pipeline or the background, nor one of other
// descriptors (3>&1), which change nothing make inherits.
func TestMatchCommandGroupRedirectionAfterExec(t *testing.T) {
	mt := Compile([]Card{
		{ID: "log", Replaces: []string{"make all 2> <log>"}},
		{ID: "out", Replaces: []string{"make all > <out>"}},
		{ID: "both", Replaces: []string{"make all > <out> 2> <log>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash sends make's errors elsewhere than err.
		{"(exec 2>&1; make all) 2> err", nil},
		{"(exec 2>&-; make all) 2> err", nil},
		{"(exec 2>/dev/null; make all) 2> err", nil},
		{"{ exec 2>&1; make all; } 2> err", nil},
		{"( { exec 2>&1; }; make all) 2> err", nil},
		{"(if true; then exec 2>&1; fi; make all) 2> err", nil},
		{"if true; then exec 2>&1; make all; fi 2> err", nil},
		{"case x in x) exec 2>&1; make all;; esac 2> err", nil},
		{"( 2>&1 exec; make all) 2> err", nil},
		{"(command exec 2>&1; make all) 2> err", nil},
		{"(exec 3< <(ls) 2>&1; make all) 2> err", nil},
		{"(exec 2>&1; make all) > o 2> err", []string{"out"}},
		{"( (exec 2>&1; make all) > o) 2> err", []string{"out"}},
		{"{ exec 2>&1; (make all) > o; } 2> err", []string{"out"}},
		// bash sends make's output elsewhere than o, its errors to err.
		{"(exec >&2; make all) > o 2> err", []string{"log"}},
		// bash sends make's errors to err, as before.
		{"(exec 2>&1; make all) > o", []string{"out"}},
		{"exec 2>&1; (make all) 2> err", []string{"log"}},
		{"(make all; exec 2>&1) 2> err", []string{"log"}},
		{"(exec >&2; make all) 2> err", []string{"log"}},
		{"(exec 3>&1; make all) 2> err", []string{"log"}},
		{"( (exec 2>&1); make all) 2> err", []string{"log"}},
		{"(echo $(exec 2>&1); make all) 2> err", []string{"log"}},
		{"(exec 2>&1 | cat; make all) 2> err", []string{"log"}},
		{"(exec 2>&1 & make all) 2> err", []string{"log"}},
		{"(true | exec 2>&1; make all) 2> err", []string{"log"}},
		{"(exec 3< <(ls); make all) 2> err", []string{"log"}},
		{"(exec 2>&1; (make all) 2> e) 2> err", []string{"log"}},
		{"(exec make all) 2> err", []string{"log"}},
	})
}
