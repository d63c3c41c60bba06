package cmdline

import "testing"

// TestMatchCommandGroupRedirection: a redirection after a subshell, a {
// …; } group or a compound command is the group's, which its commands
// inherit, so a pattern's redirection matches it as the command's own
// (checked with bash 5.2 and a make writing to both outputs): "(make all)
// 2> err", "{ make all; } 2> err", "(make all; ls) 2> err" and "if true;
// then make all; fi 2> err" send make's errors to err, where "make all 2>
// <log>" matched none. Not where the command redirects that descriptor
// itself, which bash applies after the group's ("(make all 2>&1) 2> err"
// sends them to the output, "(make all 2>/dev/null) 2> err" nowhere), nor
// the output it pipes ("(make all | tee x) > out": tee writes out), nor a
// copy of a descriptor where it redirects any ("(make all > out) 2>&1"
// sends its errors to the terminal), nor a substitution's ("cat <(make
// all) 2> err" and "echo $(make all) 2> err" redirect cat's and echo's
// errors), nor another command's group. A group's redirections past
// another's closer are read too ("((make all); ls) 2> err"), but for the
// descriptors the command or a nearer group redirects:
// "((make all 2>&1) > o; ls) 2> err" sends make's errors to o
// (TestMatchCommandNestedGroupRedirection).
func TestMatchCommandGroupRedirection(t *testing.T) {
	mt := Compile([]Card{
		{ID: "log", Replaces: []string{"make all 2> <log>"}},
		{ID: "err", Replaces: []string{"make all 2> err"}},
		{ID: "both", Replaces: []string{"make all > <out> 2>&1"}},
		{ID: "out", Replaces: []string{"make all > <out>"}},
		{ID: "tee", Replaces: []string{"make all 2> <log> | tee <f>"}},
		{ID: "in", Replaces: []string{"cat < <f>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"(make all) 2> err", []string{"err", "log"}},
		{"{ make all; } 2> err", []string{"err", "log"}},
		{"(make all; ls) 2> err", []string{"err", "log"}},
		{"(cd x && make all) 2> err", []string{"err", "log"}},
		{"((make all); ls) 2> err", []string{"err", "log"}},
		{"(make all | tee x) 2> err", []string{"err", "log"}},
		{"(make all &) 2> err", []string{"err", "log"}},
		{"if true; then make all; fi 2> err", []string{"err", "log"}},
		{"for x in a; do make all; done 2> err", []string{"err", "log"}},
		{"(make all) > out 2>&1", []string{"both", "out"}},
		{"(make all) 2> err | tee x", []string{"err", "tee", "log"}},
		{"(cat) < f", []string{"in"}},
		// Not the group's.
		{"(make all 2>&1) 2> err", nil},
		{"(make all 2>/dev/null) 2> err", []string{"log"}},
		{"( (make all) 2>/dev/null; ls) 2> err", []string{"log"}},
		{"((make all 2>&1) > o; ls) 2> err", []string{"out"}},
		{"(make all | tee x) > out", nil},
		{"(make all |& tee x) 2> err", nil},
		{"(make all > out) 2>&1", []string{"out"}},
		{"cat <(make all) 2> err", nil},
		{"echo $(make all) 2> err", nil},
		{"(make all) | (ls) 2> err", nil},
		{"make all; (ls) 2> err", nil},
		// As before: the command's own.
		{"make all 2> err", []string{"err", "log"}},
		{"(make all 2> err)", []string{"err", "log"}},
	})
}
