package cmdline

import "testing"

// TestMatchCommandGroupExecAfterCommand: an exec in a { …; } group or
// compound command inside a group changes what the commands after it
// inherit, not those before it, which ran with the group's redirections
// (bash 5.2, a make writing "OUT" to its output and "ERR" to its errors):
// "{ { make all; exec 2>&1; } > o; } 2> err" sends make's output to o and
// its errors to err, where "make all 2> <log>" missed it, as the exec was
// counted once the inner group closed. In a loop a later exec runs before
// the next turn's commands, so it counts wherever it stands: "for i in 1
// 2; do make all; exec 2>&1; done 2> err" sends the second make's errors
// to the output, where the pattern matched.
func TestMatchCommandGroupExecAfterCommand(t *testing.T) {
	mt := Compile([]Card{
		{ID: "log", Replaces: []string{"make all 2> <log>"}},
		{ID: "both", Replaces: []string{"make all > <out> 2> <log>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash: OUT to o, ERR to err.
		{"{ { make all; exec 2>&1; } > o; } 2> err", []string{"both", "log"}},
		{"( { make all; exec 2>&1; } > o) 2> err", []string{"both", "log"}},
		{"( { { make all; exec 2>&1; }; } > o) 2> err", []string{"both", "log"}},
		// bash: the first make's OUT to o, ERR to err; the second's both to o.
		{"{ { make all; exec 2>&1; make all; } > o; } 2> err", []string{"both", "log"}},
		// bash: ERR to err.
		{"(if true; then make all; exec 2>&1; fi) 2> err", []string{"log"}},
		{"{ case x in x) make all; exec 2>&1;; esac; } 2> err", []string{"log"}},
		{"{ make all; { exec 2>&1; }; } 2> err", []string{"log"}},
		{"{ { make all; }; exec 2>&1; } 2> err", []string{"log"}},
		{"( (make all; exec 2>&1) > o) 2> err", []string{"both", "log"}},
		{"( for i in 1 2; do (make all; exec 2>&1); done ) 2> err", []string{"log"}},
		// bash: ERR to the output (o, or the terminal), as before.
		{"{ { exec 2>&1; make all; } > o; } 2> err", nil},
		{"{ { exec 2>&1; }; make all; } 2> err", nil},
		// A loop's exec runs before its next turn: bash sends the second
		// make's ERR to the output.
		{"for i in 1 2; do make all; exec 2>&1; done 2> err", nil},
		{"( for i in 1 2; do make all; exec 2>&1; done ) 2> err", nil},
		{"for i in 1 2; do { make all; exec 2>&1; } > o; done 2> err", nil},
		{"( for i in 1 2; do if true; then make all; fi; exec 2>&1; done ) 2> err", nil},
		{"( while make all; do exec 2>&1; break; done ) 2> err", nil},
	})
}

// TestMatchCommandPartlyQuotedReservedWord: bash reads a reserved word as
// one only where no part of it is quoted or escaped; "th'en' make all",
// "th\en make all", "true && d'o' make all" and "!" with an empty quote
// after it run a command named then, do or ! (bash 5.2: "then: command
// not found"), and "if true; th'en' make all; fi" does not parse: make
// never runs, where "make all" matched each (a word was taken for quoted
// only where it started with a quote).
func TestMatchCommandPartlyQuotedReservedWord(t *testing.T) {
	mt := Compile([]Card{{ID: "make", Replaces: []string{"make all"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"th'en' make all", nil},
		{`th\en make all`, nil},
		{`the"n" make all`, nil},
		{"true && d'o' make all", nil},
		{"!'' make all", nil},
		{"if true; th'en' make all; fi", nil},
		{"{ ls; {'' make all; }", nil},
		// Reserved words, or no reserved word: make runs.
		{"if true; then make all; fi", []string{"make"}},
		// bash -n: "then" with no "if" before it is a syntax error; make
		// never runs (cm13).
		{"then make all", nil},
		{"t'ime' make all", []string{"make"}}, // the program time runs make
		{"ec''ho hi; make all", []string{"make"}},
	})
}

// TestMatchCommandNegatedStatus: "!" inverts the status of the pipeline
// after it, so a "&&" or "||" after that pipeline runs the next command
// where the pattern's would not (bash 5.2, with a make that fails: "!
// make all && echo RAN" prints RAN, "make all && echo RAN" does not);
// "make all && ls" matched "! make all && ls", "! { make all; } && ls"
// and "(! make all) && ls", the group standing for its command. The
// command itself runs as written, so "make all" and "make all; ls"
// still match, and so does "! ! make all && ls", whose status is make's.
func TestMatchCommandNegatedStatus(t *testing.T) {
	mt := Compile([]Card{
		{ID: "make", Replaces: []string{"make all"}},
		{ID: "and", Replaces: []string{"make all && ls"}},
		{ID: "or", Replaces: []string{"make all || ls"}},
		{ID: "then", Replaces: []string{"make all; ls"}},
		{ID: "tee", Replaces: []string{"make all | tee <f> && ls"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"! make all && ls", []string{"make"}},
		{"! make all || ls", []string{"make"}},
		{"! { make all; } && ls", []string{"make"}},
		{"! (make all) && ls", []string{"make"}},
		{"(! make all) && ls", []string{"make"}},
		{"{ ! make all; } && ls", []string{"make"}},
		{"time ! make all && ls", []string{"make"}},
		{"true && ! make all && ls", []string{"make"}},
		{"if ! make all && ls; then :; fi", []string{"make"}},
		{"while ! make all && ls; do :; done", []string{"make"}},
		{"case x in x) ! make all && ls;; esac", []string{"make"}},
		{"! make all | tee x && ls", []string{"make"}},
		{"! make all |& tee x && ls", []string{"make"}},
		// The status is make's, or the pattern's operator reads none.
		{"! ! make all && ls", []string{"and", "make"}},
		{"! make all; ls", []string{"then", "make"}},
		{"! true && make all && ls", []string{"and", "make"}},
		{"make all && ! ls", []string{"and", "make"}},
		{"{ make all; } && ls", []string{"and", "make"}},
		{"make all |& tee x && ls", []string{"tee", "make"}},
	})
}

// TestMatchCommandDescriptorShuffle: a later redirection of a descriptor
// replaces an earlier one only where the descriptor ends up holding
// another file: "make all 2>err 3>&2 2>&3" copies err onto 3 and back,
// so bash 5.2 sends make's errors to err (checked with a make writing
// "OUT" and "ERR"), where "make all 2> <log>" missed it as it missed
// "make all 2> err 2>&1". Still not where the shuffle ends elsewhere
// ("3>&1 2>&3": the output; "3>&2 3>e 2>&3": e), or where the table
// cannot follow it (a descriptor past 9, "2>&$x").
func TestMatchCommandDescriptorShuffle(t *testing.T) {
	mt := Compile([]Card{
		{ID: "log", Replaces: []string{"make all 2> <log>"}},
		{ID: "out", Replaces: []string{"make all > <out>"}},
		{ID: "both", Replaces: []string{"make all > <out> 2>&1"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash: ERR to err.
		{"make all 2>err 3>&2 2>&3", []string{"log"}},
		{"make all 2>err 3>&2 2>&3 3>&-", []string{"log"}},
		{"make all 2>err 3>&2 2>&3-", []string{"log"}},
		{"make all 2>err 3>&2- 2>&3-", []string{"log"}},
		{"make all 2>err 3>&2 2>&1 2>&3", []string{"log"}},
		{"make all 2>err 3>&2 2>&- 2>&3", []string{"log"}},
		{"make all 2>err 4>&2 3>&4 2>&3", []string{"log"}},
		{"make all 2>err 3<&2 2<&3", []string{"log"}},
		{"make all 2>err 3>&2 2>&3 3>e", []string{"log"}},
		{"(make all) 2>err 3>&2 2>&3", []string{"log"}},
		{"{ make all; } 2>err 3>&2 2>&3", []string{"log"}},
		// bash: OUT to out (and ERR too).
		{"make all >out 3>&1 1>&3", []string{"out"}},
		{"make all >out 2>&1 3>&1 1>&3", []string{"both", "out"}},
		// bash: ERR elsewhere than err.
		{"make all 2>err 3>&1 2>&3", nil},
		{"make all 2>err 3>&2 3>e 2>&3", nil},
		{"make all 2>err 2>&1", nil},
		// Not followed: a descriptor past 9, a target not known.
		{"make all 2>err 13>&2 2>&13", nil},
		{"make all 2>err 3>&2 2>&$x", nil},
	})
}

// TestMatchCommandRedirectionBeforeName: redirections written just before
// a command's name, alone or after a precommand, are the command's, which
// bash applies before those after the name: bash 5.2 runs "exec 2> err
// make all", "2> err make all" and "command 2> err make all" sending
// make's errors to err (a make writing "OUT" and "ERR"), where "make all
// 2> <log>" missed them. They are matched in that order, so "exec 2>&1
// make all > out" (errors to the terminal) does not match "make all >
// <out> 2>&1", and one a later redirection replaces is not the command's
// ("exec 2> err make all 2>&1").
func TestMatchCommandRedirectionBeforeName(t *testing.T) {
	mt := Compile([]Card{
		{ID: "log", Replaces: []string{"make all 2> <log>"}},
		{ID: "both", Replaces: []string{"make all > <out> 2> <log>"}},
		{ID: "dup", Replaces: []string{"make all > <out> 2>&1"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash: ERR to err.
		{"exec 2> err make all", []string{"log"}},
		{"2> err make all", []string{"log"}},
		{"FOO=1 2> err make all", []string{"log"}},
		{"command 2> err make all", []string{"log"}},
		{"time 2> err make all", []string{"log"}},
		{"exec -a x 2> err make all", []string{"log"}},
		{"exec 2> err 3>&2 make all", []string{"log"}},
		{"exec 2> err make all; ls", []string{"log"}},
		{"(exec 2> err make all) 2> e", []string{"log"}},
		// bash: OUT to out, ERR to err.
		{"exec > out make all 2> err", []string{"both", "log"}},
		{"exec 2> err make all > out", []string{"both", "log"}},
		// bash: ERR to the terminal.
		{"exec 2> err make all 2>&1", nil},
		{"exec 2>&1 make all > out", nil},
		{"2> err exec make all", nil}, // bash: ERR to err, but a word comes between: not read
	})
}

// TestMatchCommandRedirectionsInAnotherOrder: redirections that each open
// a file for a descriptor of its own give the command the same
// descriptors in any order, so the pattern's match the line's in another
// order (bash 5.2, a make writing "OUT" and "ERR": "make all 2>e >o"
// sends OUT to o and ERR to e), where "make all > <out> 2> <log>" missed
// "make all 2> err > out". Not a copy or a close, whose place counts
// ("make all 2>&1 >o" sends ERR to the terminal), nor one a later
// redirection replaces.
func TestMatchCommandRedirectionsInAnotherOrder(t *testing.T) {
	mt := Compile([]Card{
		{ID: "both", Replaces: []string{"make all > <out> 2> <log>"}},
		{ID: "dup", Replaces: []string{"make all > <out> 2>&1"}},
		{ID: "in", Replaces: []string{"make all > <out> 2> <log> < <in>"}},
		{ID: "app", Replaces: []string{"make all >> <out> 2> <log>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash: OUT to o (or p, out), ERR to e (or x, err).
		{"make all 2>e >o", []string{"both"}},
		{"make all 2>e >o 2>x", []string{"both"}},
		{"make all 2>e 1>&2 >o", []string{"both"}},
		{"make all 2>e >o >p", []string{"both"}},
		{"make all <i 2>e >o", []string{"in", "both"}},
		{"make all 2>e >>o", []string{"app"}},
		{"(make all 2>e) >o", []string{"both"}},
		{"(make all) 2>e >o", []string{"both"}},
		{"exec 2> err > out make all", []string{"both"}},
		// bash: ERR to o, or the terminal.
		{"make all 2>e >o 2>&1", []string{"dup"}},
		{"make all 2>&1 >o", nil},
		{"make all 2>>e >o", nil}, // ">>" is not the pattern's ">"
	})
}

// TestMatchCommandPatternWritesNegation: a pattern that writes the "!"
// before a pipeline matches the line that writes it there, and not one
// without it: FuzzCommandPatternMatchesItself found "0&!&&" no longer
// matching its own text once a negated pipeline's "&&" matched no
// pattern's.
func TestMatchCommandPatternWritesNegation(t *testing.T) {
	mt := Compile([]Card{
		{ID: "neg", Replaces: []string{"true; ! make all && ls"}},
		{ID: "fuzz", Replaces: []string{"0&!&&"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"true; ! make all && ls", []string{"neg"}},
		{"true; make all && ls", nil},
		// bash -n: a "&&" with no command after it is a syntax error,
		// so no line so written runs (cm13); the fuzz target skips it.
		{"0&!&&", nil},
		{"0&!&& 0", []string{"fuzz"}},
	})
}

// TestMatchCommandGroupExecInPipeline: bash runs a { …; } group or a
// compound command in a pipeline or the background in a subshell of its
// own, so an exec in it changes nothing the commands after it inherit:
// bash 5.2 runs "( { exec 2>&1; } | cat; make all ) 2> err" sending
// make's errors to err, where "make all 2> <log>" missed it, the exec
// counted for the subshell around. It still counts where the group runs
// in that shell ("&&", ";"), also where the group redirects the output
// the exec copies ("> /dev/null": bash sends make's errors there); not
// where it redirects the very descriptor, which bash restores after it
// ("2>/dev/null"; cm12).
func TestMatchCommandGroupExecInPipeline(t *testing.T) {
	mt := Compile([]Card{{ID: "log", Replaces: []string{"make all 2> <log>"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash: ERR to err.
		{"( { exec 2>&1; } | cat; make all ) 2> err", []string{"log"}},
		{"( { exec 2>&1; } |& cat; make all ) 2> err", []string{"log"}},
		{"( { exec 2>&1; } & make all ) 2> err", []string{"log"}},
		{"( if true; then exec 2>&1; fi | cat; make all ) 2> err", []string{"log"}},
		{"( ! { exec 2>&1; } | cat; make all ) 2> err", []string{"log"}},
		{"( ls | { exec 2>&1; }; make all ) 2> err", []string{"log"}},
		// bash: ERR to the terminal, or /dev/null.
		{"( { exec 2>&1; } && make all ) 2> err", nil},
		{"( { exec 2>&1; }; make all ) 2> err", nil},
		{"( { exec 2>&1; } > /dev/null; make all ) 2> err", nil},
		// bash: ERR to err (the group's 2>/dev/null is undone after it).
		{"( { exec 2>&1; } 2>/dev/null; make all ) 2> err", []string{"log"}},
	})
}
