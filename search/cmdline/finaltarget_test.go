package cmdline

import "testing"

// TestMatchCommandRedirectionReplacedLater: bash applies a command's (or
// a group's) redirections in order, so a later redirection of a
// descriptor replaces an earlier one, and a pattern's redirection matches
// only where the descriptor ends up (checked with bash 5.2 and a make
// writing to both outputs): "make all 2> err 2>&1" sends make's errors to
// the output and leaves err empty, "2>&-" and "3>&2-" close them, "> out
// >&2" sends the output to the errors, and "cat < f <&-" reads nothing,
// where each matched the earlier redirection's pattern. A copy of a
// descriptor onto itself ("2>&2", "<&0") changes nothing; a later one of
// another descriptor ("> o2" after "2>&1"), of another command, or a
// second of the same one the pattern names ("2> a 2> b") keeps a match,
// and a pattern that names the later one too matches as written ("cat <
// a < b", "make all 2> err 2>&1").
func TestMatchCommandRedirectionReplacedLater(t *testing.T) {
	mt := Compile([]Card{
		{ID: "log", Replaces: []string{"make all 2> <log>"}},
		{ID: "dup", Replaces: []string{"make all 2>&1"}},
		{ID: "out", Replaces: []string{"make all > <out>"}},
		{ID: "both", Replaces: []string{"make all > <out> 2>&1"}},
		{ID: "in", Replaces: []string{"cat < <f>"}},
		{ID: "twice", Replaces: []string{"cat < a < b"}},
		{ID: "dupafter", Replaces: []string{"make all 2> err 2>&1"}},
		{ID: "heredoc", Replaces: []string{"cat <<E* < <f>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// Replaced: the pattern's redirection is not the last of its
		// descriptor.
		{"make all 2> err 2>&1", []string{"dupafter", "dup"}},
		{"(make all) 2> err 2>&1", []string{"dupafter", "dup"}},
		{"{ make all; } 2> err 2>&1", []string{"dupafter", "dup"}},
		{"make all 2> err 2>&-", nil},
		{"(make all) 2> err 2>&-", nil},
		{"make all 2> err 3>&2-", nil},
		{"make all > out >&2", nil},
		{"make all 2>&1 2> err", []string{"log"}},
		{"make all > out 2>&1 > o2", []string{"dup", "out"}},
		{"make all 2> err `date` 2>&1", []string{"dupafter", "dup"}},
		{"cat < f <&-", nil},
		{"cat < f 0<&3", nil},
		{"cat < f 0>&1 | wc", nil},
		// Kept.
		{"make all 2> a 2> b", []string{"log"}},
		{"(make all) 2> a 2> b", []string{"log"}},
		{"make all 2> err 2>&2", []string{"log"}},
		{"make all 2> err 2>&2-", []string{"log"}},
		{"make all 2> err >&2", []string{"both", "log"}}, // both outputs to err, as "> <out> 2>&1" sends them (cm12)
		{"make all 2> err; ls 2>&1", []string{"log"}},
		{"make all &> out 2> err", []string{"log", "out"}},
		{"make all > out 2>&1", []string{"both", "dup", "out"}},
		{"cat < f <&0", []string{"in"}},
		{"cat < a < b", []string{"twice", "in"}},
		// A pattern that names the later one matches as written
		// (FuzzCommandPatternMatchesItself: "A<0<"), "dupafter" above.
		{"make all 2> err 2>&1 2>&-", nil},
		// Also where the earlier one is written with a glob
		// ("A<<A*<00").
		{"cat <<EOF < x", []string{"heredoc", "in"}},
		{"cat <<EOF < x <&-", nil},
	})
}
