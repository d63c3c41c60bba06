package cmdline

import "testing"

// TestMatchCommandNestedGroupRedirection: a command inherits the
// redirections of every group around it, the nearest first, but for the
// descriptors it or a nearer group redirects (checked with bash 5.2 and a
// make writing to both outputs): "((make all) > o; ls) 2> err" sends
// make's output to o and its errors to err, as "{ (make all) > o; } 2>
// err" and "( ( (make all) > o) > p) 2> err" do, where "make all 2>
// <log>" matched none, only the first group with redirections of its own
// being read; and "(make all > o) > x 2> err" sends them to o and err,
// where any descriptor the command and the group both redirected left the
// group's all unread. Not a descriptor a nearer group or the command
// redirects ("((make all) > o 2>&1; ls) 2> err" and "((make all 2>&1) >
// o; ls) 2> err" send the errors to o, "((make all) 2> e; ls) 2> err" to
// e), nor a copy where any is ("((make all) > o) 2>&1").
func TestMatchCommandNestedGroupRedirection(t *testing.T) {
	mt := Compile([]Card{
		{ID: "log", Replaces: []string{"make all 2> <log>"}},
		{ID: "dup", Replaces: []string{"make all 2>&1"}},
		{ID: "out", Replaces: []string{"make all > <out>"}},
		{ID: "both", Replaces: []string{"make all > <out> 2> <log>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"((make all) > o; ls) 2> err", []string{"both", "log", "out"}},
		{"((make all) > o && ls) 2> err", []string{"both", "log", "out"}},
		{"((make all) > o | tee x) 2> err", []string{"both", "log", "out"}},
		{"{ (make all) > o; } 2> err", []string{"both", "log", "out"}},
		{"( { make all; } > o ) 2> err", []string{"both", "log", "out"}},
		{"( ( (make all) > o) > p) 2> err", []string{"both", "log", "out"}},
		{"if true; then (make all) > o; fi 2> err", []string{"both", "log", "out"}},
		{"(make all > o) > x 2> err", []string{"both", "log", "out"}},
		// A nearer group's or the command's own.
		{"((make all) > o 2>&1; ls) 2> err", []string{"dup", "out"}},
		{"((make all 2>&1) > o; ls) 2> err", []string{"dup", "out"}},
		{"((make all) 2> e; ls) 2> err", []string{"log"}},
		{"((make all) 2> e; ls) > x", []string{"both", "log", "out"}},
		{"((make all) > o) 2>&1", []string{"out"}},
		{"((make all) > o; ls) 2> err 2>&1", []string{"out"}},
		{"(make all 2>&1) 2> err", []string{"dup"}},
		{"(make all 2> e) > x 2> err", []string{"both", "log", "out"}},
	})
}
