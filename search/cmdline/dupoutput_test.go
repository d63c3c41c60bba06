package cmdline

import "testing"

// TestMatchCommandGroupRedirectionOutputCopy: ">&2" and "1>&2" (which
// the line reads alike) copy the standard error onto the output alone,
// as ">&-" closes it alone, so a group's "2> err" is still make's: bash
// 5.2 runs "(make all >&2) 2> err" sending make's output and errors to
// err (checked with a make writing to both outputs), which "make all 2>
// <log>" missed, ">&2" read as both outputs as ">&f" to a file is. Not
// where the copy moves the descriptor ("(make all >&2-) 2> err" and
// "3>&2-" close make's errors: none reach err), nor where the target is
// not a descriptor (">&f", both outputs to f), nor where the group's
// output is redirected ("(make all 1>&2) > out": make's output goes to
// the terminal). ">&$fd" is known to be neither (a copy where fd holds a
// number, both outputs to a file else; see expandedTarget): it matches
// no pattern of make's outputs (cm18_test.go).
func TestMatchCommandGroupRedirectionOutputCopy(t *testing.T) {
	mt := Compile([]Card{
		{ID: "log", Replaces: []string{"make all 2> <log>"}},
		{ID: "out", Replaces: []string{"make all > <out>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"(make all >&2) 2> err", []string{"log"}},
		{"(make all 1>&2) 2> err", []string{"log"}},
		{"(make all >& 2) 2> err", []string{"log"}},
		{"{ make all >&2; } 2> err", []string{"log"}},
		{"(make all >&2 | tee x) 2> err", []string{"log"}},
		{"(make all >&-) 2> err", []string{"log"}},
		// Not the group's.
		{"(make all >&2-) 2> err", nil},
		{"(make all 1>&2-) 2> err", nil},
		{"(make all 3>&2-) 2> err", nil},
		{"(make all 1>&2) > out", nil},
		{"(make all >&$fd) 2> err", nil},
		{"(make all >&f) 2> err", []string{"out"}},
	})
}
