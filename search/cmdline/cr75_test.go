package cmdline

import (
	"slices"
	"testing"
)

// TestMatchCommandReplacedLaterReview (mutation review cr75 of
// replacedLater, changedDescriptors and redirectsLater; each row run with
// bash 5.2 and a make writing to both outputs): a later redirection
// replaces an earlier one past a substitution the pattern writes out, in
// "$(...)" or backticks, which the scan passes whole ("make all 2> err
// $(date) 2>&1" sends the errors to the output); a copy of a descriptor
// onto itself changes nothing however its number is written ("2>&02",
// ">&1", "1>&01" leave the errors in err and the output in out), nor is
// it a redirection of the line a later one can replace past ("cat <&0 <
// f" reads f, not what "cat <&0" names); a later pattern word written
// with a glob ("<<E*") may name a later redirection of any descriptor, so
// "cat < <f> <<E*" matches its line as written (cat reads the here
// document); and a later pattern word that copies a descriptor onto
// itself names no later one ("make all 2> <log> 2>&2" does not match
// "make all 2> err 2>&1 2>&2", whose errors go to the output), though a
// line's copy onto itself before a pattern's later redirection of that
// descriptor is matched as written ("make all 2>&2 2> <log>" matches
// itself).
func TestMatchCommandReplacedLaterReview(t *testing.T) {
	mt := Compile([]Card{
		{ID: "subst", Replaces: []string{"make all 2> <log> $(date)"}},
		{ID: "tick", Replaces: []string{"make all 2> <log> `date`"}},
		{ID: "self", Replaces: []string{"cat <&0"}},
		{ID: "in", Replaces: []string{"cat < <f>"}},
		{ID: "log", Replaces: []string{"make all 2> <log>"}},
		{ID: "out", Replaces: []string{"make all > <out>"}},
		{ID: "heredoc", Replaces: []string{"cat < <f> <<E*"}},
		{ID: "selflater", Replaces: []string{"make all 2> <log> 2>&2"}},
		{ID: "selffirst", Replaces: []string{"make all 2>&2 2> <log>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"make all 2> err $(date) 2>&1", nil},
		{"make all 2> err `date` 2>&1", nil},
		{"make all 2> err $(date)", []string{"subst", "log"}},
		{"make all 2> err `date`", []string{"tick", "log"}},
		{"make all 2> err 2>&02", []string{"selffirst", "selflater", "log"}}, // "2>&02" is "2>&2"; its place changes nothing (cm12)
		{"make all > out >&1", []string{"out"}},
		{"make all > out 1>&01", []string{"out"}},
		{"cat <&0", []string{"self"}},
		{"cat <&0 < f", []string{"in"}},
		{"cat < x <<EOF\nhi\nEOF", []string{"heredoc"}},
		{"make all 2> err 2>&2", []string{"selffirst", "selflater", "log"}}, // the same descriptors as "2>&2 2> err" (cm12)
		{"make all 2> err 2>&1 2>&2", nil},
		{"make all 2>&2 2> err", []string{"selffirst", "selflater", "log"}},
	})
}

// TestMatchCommandNestedGroupPipeReview (mutation review cr75 of the
// carry from one group's redirections to the next's): a nearer group
// whose command's errors go into "|&" passes none of them to the group
// around it ("((make all) > o |& tee x) 2> err": bash 5.2 sends make's
// output and errors to o, "|&"'s copy coming after "> o", err stays
// empty), as a command's own "|&" does.
func TestMatchCommandNestedGroupPipeReview(t *testing.T) {
	mt := Compile([]Card{
		{ID: "log", Replaces: []string{"make all 2> <log>"}},
		{ID: "out", Replaces: []string{"make all > <out>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"((make all) > o |& tee x) 2> err", []string{"out"}},
		{"{ (make all) > o |& tee x; } 2> err", []string{"out"}},
		{"((make all) > o | tee x) 2> err", []string{"log", "out"}},
	})
}

// TestMatchCommandCaseInReview (mutation review cr75 of nesting's case
// "in"): only the statement's "in" opens its patterns, not a later word
// "in" of an arm ("echo in" then a subshell on the next line), nor does a
// ";" in an arm ("ls; (make all) 2> e"); and an "esac" inside a subshell
// of an arm ends no statement, so a later "(x)" is still a pattern and
// the arm inherits the statement's redirection (each run with bash 5.2
// and a make writing to both outputs: make's errors go to e, err).
func TestMatchCommandCaseInReview(t *testing.T) {
	mt := Compile([]Card{{ID: "log", Replaces: []string{"make all 2> <log>"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"case x in (x) echo in\n(make all) 2> e;; esac", []string{"log"}},
		{"case x in x) echo in\n(make all) 2> e;; esac", []string{"log"}},
		{"case x in x) ls; (make all) 2> e;; esac", []string{"log"}},
		{"case x in (y) (echo esac);; (x) make all;; esac 2> err", []string{"log"}},
	})
}

// TestCommandStartsCaseSubjectReview (mutation review cr75 of
// reservedReader's subject): a substitution, "$(...)" or in backticks, is
// a word of a case statement's subject, so the word "in" after it is the
// statement's, the "(y)" after it a pattern and x the arm's command (bash
// 5.2 runs cmd and x, no y). Find reads a substitution's commands as well
// without these starts, so the starts are asserted.
func TestCommandStartsCaseSubjectReview(t *testing.T) {
	for _, tt := range []struct {
		line string
		want []string
	}{
		{"case $(cmd) in (y) x;; esac", []string{"case", "cmd", "x", "esac"}},
		{"case `cmd` in (y) x;; esac", []string{"case", "cmd", "x", "esac"}},
		{"case a$(cmd)b in (y) x;; esac", []string{"case", "cmd", "x", "esac"}},
	} {
		toks := shellTokens(tt.line)
		var got []string
		for _, k := range commandStarts(toks) {
			got = append(got, toks[k].text)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("commandStarts(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}

// TestMatchCommandRunnersCommandDashDashSubstitutionAfter: a "--" after
// the first word of the command docker or ssh runs is that command's
// whatever follows it, a substitution too ("docker exec db ls -- -la
// $(x)" lists the file -la and those x prints), where a substitution
// anywhere in the runner's words left it the runner's and -la an option;
// one before it still does ("docker exec db $(x) -- -la y": the command is
// not known). Found by the mutation review cr75 of commandsDash.
func TestMatchCommandRunnersCommandDashDashSubstitutionAfter(t *testing.T) {
	mt := Compile([]Card{
		{ID: "dx", Replaces: []string{"docker exec <c> <a> <b> <d>"}},
		{ID: "ssh", Replaces: []string{"ssh <host> <a> <b> <d>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"docker exec db ls -- -la $(x)", []string{"dx"}},
		{"docker exec db ls -- -la `x`", []string{"dx"}},
		{"ssh host ls -- -la $(x)", []string{"ssh"}},
		{"docker exec db ls -- -la x", []string{"dx"}},
		{"docker exec db $(x) -- -la y", nil},
		{"docker exec db ls -la $(x)", nil},
	})
}

// TestMatchCommandGroupCopyOntoOwnDescriptors: a group's copy of a
// descriptor onto one the command redirects itself, or a nearer group
// does, is the command's to replace and changes nothing it inherits, so
// the group's other redirections are still read (bash 5.2 with a make
// writing to both outputs: "(make all > o) 2> err >&2" sends make's
// output to o and its errors to err), where any copy left them all unread
// once the command redirected a descriptor. Still not a copy onto one it
// does not redirect ("(make all > out) 2>&1", "(make all 2>&1) >&2 2>
// err": the errors go to the terminal), nor one that moves and closes
// the errors ("1>&2-"). Found by the mutation review cr75 of
// groupRedirectAt.
func TestMatchCommandGroupCopyOntoOwnDescriptors(t *testing.T) {
	mt := Compile([]Card{
		{ID: "log", Replaces: []string{"make all 2> <log>"}},
		{ID: "out", Replaces: []string{"make all > <out>"}},
		{ID: "dup", Replaces: []string{"make all 2>&1"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"(make all > o) 2> err >&2", []string{"log", "out"}},
		{"(make all > o) >&2 2> err", []string{"log", "out"}},
		{"{ { make all; } > o; } 2> err >&2", []string{"log", "out"}},
		{"(make all > o) 2> err 1>&2-", []string{"out"}},
		{"(make all > out) 2>&1", []string{"out"}},
		{"(make all 2>&1) >&2 2> err", []string{"dup"}},
	})
}
