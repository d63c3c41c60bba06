package cmdline

import "testing"

// TestMatchCommandShuffleBeforeOperator: a descriptor shuffle that leaves
// the pattern's descriptor where it was counts also where the command is
// followed by an operator, not only at the end of the line (bash 5.2, a
// make writing "OUT" and "ERR": "make all 2>err 3>&2 2>&3; ls" sends ERR to
// err, "make all >out 3>&1 1>&3 | cat" OUT to out); one that ends
// elsewhere still replaces it ("2>err 3>&1 2>&3; ls": ERR to the output).
func TestMatchCommandShuffleBeforeOperator(t *testing.T) {
	mt := Compile([]Card{
		{ID: "log", Replaces: []string{"make all 2> <log>"}},
		{ID: "out", Replaces: []string{"make all > <out>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"make all 2>err 3>&2 2>&3 && ls", []string{"log"}},
		{"make all 2>err 3>&2 2>&3; ls", []string{"log"}},
		{"make all >out 3>&1 1>&3 | cat", []string{"out"}},
		{"make all 2>err 3>&1 2>&3; ls", nil},
	})
}

// TestMatchCommandDescriptorMoveOntoItself: "2>&2-" moves descriptor 2
// onto itself, which bash 5.2 leaves open where it was ("make all 2>e
// 2>&2-" sends ERR to e), not closed as a move of another descriptor
// onto it closes that one; a copy from a descriptor past 9 ("2>&10"),
// which bash refuses ("10: Bad file descriptor", make does not run), is
// not followed and replaces the earlier one, without a crash.
func TestMatchCommandDescriptorMoveOntoItself(t *testing.T) {
	mt := Compile([]Card{
		{ID: "log", Replaces: []string{"make all 2> <log>"}},
		{ID: "out", Replaces: []string{"make all > <out>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"make all 2>e 2>&2-", []string{"log"}},
		{"make all 2>e 3>&2 2>&3 2>&2-", []string{"log"}},
		{"make all >o >&1-", []string{"out"}},
		{"make all 2>e 2>&10", nil},
		{"make all 2>e 3>&2 2>&10", nil},
		// A copy the table cannot follow ("3>&$x") stops it: bash 5.2
		// with x=1 sends ERR to the output.
		{"make all 2>e 3>&2 3>&$x 2>&3", nil},
	})
}

// TestMatchCommandQuotedNegation: a "!" written quoted or escaped is a
// command named "!", no negation: bash 5.2 runs "true; '!' make all &&
// ls" failing with "!: command not found", make never runs, so the
// pattern that writes "!" before make (a negated "&&") does not match it,
// though the words are alike.
func TestMatchCommandQuotedNegation(t *testing.T) {
	mt := Compile([]Card{{ID: "neg", Replaces: []string{"true; ! make all && ls"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"true; ! make all && ls", []string{"neg"}},
		{"true; '!' make all && ls", nil},
		{`true; \! make all && ls`, nil},
		{`true; "!" make all && ls`, nil},
	})
}

// TestMatchCommandRedirectionBeforeLaterName: the redirections written
// before the name of a later command of the pattern are that command's,
// as they are of the first: with a make that succeeds, bash 5.2 runs
// "make all 2> e && 2> f make install" sending the second make's ERR to
// f, so the pattern naming both commands' error logs matches it, as it
// does "exec 2> f make install"; not "2>&1 make install" (ERR to the
// output).
func TestMatchCommandRedirectionBeforeLaterName(t *testing.T) {
	mt := Compile([]Card{{ID: "two", Replaces: []string{"make all 2> <a> && make install 2> <b>"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"make all 2> e && 2> f make install", []string{"two"}},
		{"make all 2> e && exec 2> f make install", []string{"two"}},
		{"make all 2> e && make install 2> f", []string{"two"}},
		{"make all 2> e && 2>&1 make install", nil},
	})
}

// TestMatchCommandGroupExecAfterPipeAmp: a { …; } group or a compound
// command written after
// "|&" runs in a subshell of its own as one after "|" does, so an exec in
// it changes nothing the commands after the pipeline inherit: bash 5.2
// runs "( ls |& { exec 2>&1; }; make all ) 2> err" sending make's ERR to
// err.
func TestMatchCommandGroupExecAfterPipeAmp(t *testing.T) {
	mt := Compile([]Card{{ID: "log", Replaces: []string{"make all 2> <log>"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"( ls |& { exec 2>&1; }; make all ) 2> err", []string{"log"}},
		{"( ls | { exec 2>&1; }; make all ) 2> err", []string{"log"}},
		{"( ls |& if true; then exec 2>&1; fi; make all ) 2> err", []string{"log"}},
		{"( ls |& while true; do exec 2>&1; break; done; make all ) 2> err", []string{"log"}},
		{"( ls; { exec 2>&1; }; make all ) 2> err", nil},
	})
}

// TestMatchCommandNegatedGroupInside: "!" before a group inverts the
// group's status, not that of the pipelines inside it: with a make that
// succeeds, bash 5.2 runs "! { make all && ls; }" running ls after make,
// so "make all && ls" matches it, and "make all || ls" matches "! ( make
// all || ls )"; the "&&" after the group reads the inverted status.
func TestMatchCommandNegatedGroupInside(t *testing.T) {
	mt := Compile([]Card{
		{ID: "and", Replaces: []string{"make all && ls"}},
		{ID: "or", Replaces: []string{"make all || ls"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"! { make all && ls; }", []string{"and"}},
		{"! ( make all || ls )", []string{"or"}},
		{"! { make all; } && ls", nil},
	})
}

// TestMatchCommandQuotedCloser: a "}" written quoted or escaped in part
// is a word, no closer: bash 5.2 runs the first row ("}" and an empty
// quote, then "2> e; }") running a command named "}" with its errors to e
// ("}: command not found") and make's ERR to the terminal, the group
// closed by the last "}", so "make all 2> <log>" does not match it.
func TestMatchCommandQuotedCloser(t *testing.T) {
	mt := Compile([]Card{{ID: "log", Replaces: []string{"make all 2> <log>"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"{ make all; }'' 2> e; }", nil},
		{`{ make all; \} 2> e; }`, nil},
		{"{ make all; } 2> e", []string{"log"}},
	})
}
