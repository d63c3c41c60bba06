package cmdline

import "testing"

// TestMatchCommandDescriptorSpellings: bash reads a redirection's
// descriptor as a number, so "01>" is "1>" and "2>&01" "2>&1", and
// applies the redirections and assignments written before the command's
// name, in any mix, to the command (bash 5.2, a make writing "OUT" to its
// output and "ERR" to its errors; each row says where they landed). The
// matcher missed "make all 01> o 2> e" and "FOO=1 2> err BAR=2 make all".
// "2<> e" opens e without truncating it (bash 5.2 leaves the rest of a
// longer e after ERR), which is not "2>"'s effect: it stays a miss.
func TestMatchCommandDescriptorSpellings(t *testing.T) {
	mt := Compile([]Card{
		{ID: "log", Replaces: []string{"make all 2> <log>"}},
		{ID: "both", Replaces: []string{"make all > <out> 2> <log>"}},
		{ID: "one", Replaces: []string{"make all > <out> 2>&1"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash: OUT to o, ERR to e.
		{"make all 01> o 2> e", []string{"both", "log"}},
		{"make all 01>o 2>e", []string{"both", "log"}},
		{"make all 1> o 002> e", []string{"both", "log"}},
		// bash: OUT and ERR to o.
		{"make all > o 02>&01", []string{"one"}},
		{"make all > o 2>& 01", []string{"one"}},
		// bash: ERR to err.
		{"make all 002> err", []string{"log"}},
		{"FOO=1 2> err BAR=2 make all", []string{"log"}},
		{"2> err FOO=1 make all", []string{"log"}},
		{"2> err FOO=1 BAR=2 make all", []string{"log"}},
		{"A=1 2> err B=2 3> x C=3 make all", []string{"log"}},
		// bash: ERR nowhere (closed), or to the output.
		{"make all 2>err 02>&-", nil},
		{"FOO=1 2> err BAR=2 make all 2>&1", nil},
		// bash: ERR over the start of e, not truncated.
		{"make all 2<> e > o", nil},
		{"make all 2<> e", nil},
		// "01" touching a word before it is part of that word.
		{"make all x01> e", nil},
	})
}

// TestMatchCommandRefusedLines: bash refuses to parse a line holding a
// quote, a "(", "$(", backtick or "{" group never closed, or a "!" right
// after a pipe (bash 5.2: "syntax error", exit 2, make not run), and runs
// none of it, but for the lines before the one refused, which it has read
// and run already ("make all" then `ls "` runs make). The matcher
// matched make in each. Lines bash accepts that look alike still match:
// "!" after "time" in a pipeline, a "{" that is an argument after a
// substitution, a "(" in "${…}", a case pattern's "(".
func TestMatchCommandRefusedLines(t *testing.T) {
	mt := Compile([]Card{
		{ID: "make", Replaces: []string{"make all"}},
		{ID: "piped", Replaces: []string{"make all | cat"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash -n: syntax error; nothing runs.
		{"{ make all;", nil},
		{"make all; {", nil},
		{"( make all", nil},
		{"$(make all", nil},
		{"`make all", nil},
		{`make all "`, nil},
		{"make all 'x", nil},
		{"make all | ! cat", nil},
		{"make all |& ! cat", nil},
		{"make all | ! cat; ls", nil},
		{"{ make all; } | ! cat", nil},
		{"ls\nmake all 'x\nls", nil},
		// bash runs the lines before the one it refuses.
		{"make all\nls \"", []string{"make"}},
		{"make all\n{ ls", []string{"make"}},
		{"make all | cat\n( ls", []string{"piped", "make"}},
		// bash -n: accepted.
		{"make all | time ! cat", []string{"piped", "make"}},
		{"! make all | cat", []string{"piped", "make"}},
		{"make all && ! ls", []string{"make"}},
		{"echo $(date) {; make all", []string{"make"}},
		{"echo `date` {; make all", []string{"make"}},
		{"echo ${x:-(}; make all", []string{"make"}},
		{"case x in (a) make all;; esac", []string{"make"}},
		{"{ make all; }", []string{"make"}},
	})
}

// TestMatchCommandExecUndoneByGroup: an exec in a { …; } group or
// compound command whose own redirections change a descriptor does not
// change it for the commands after the group, as bash puts back what the
// group's redirections changed once it is done, the exec's change
// included (bash 5.2, a make writing "OUT" and "ERR"). The matcher
// counted the exec, and "make all 2> <log>" missed "{ { exec 2>&1; } 2>
// x; make all; } 2> err", whose errors go to err.
func TestMatchCommandExecUndoneByGroup(t *testing.T) {
	mt := Compile([]Card{{ID: "log", Replaces: []string{"make all 2> <log>"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash: ERR to err.
		{"{ { exec 2>&1; } 2> x; make all; } 2> err", []string{"log"}},
		{"{ { exec 2>&-; } 2> x; make all; } 2> err", []string{"log"}},
		{"{ { exec 2> e; } 2> x; make all; } 2> err", []string{"log"}},
		{"( { exec 2>&1; } 2> x; make all ) 2> err", []string{"log"}},
		{"{ if true; then exec 2>&1; fi 2> x; make all; } 2> err", []string{"log"}},
		{"{ { { exec 2>&1; }; } 2> x; make all; } 2> err", []string{"log"}},
		{"{ { { exec 2>&1; } 2> x; }; make all; } 2> err", []string{"log"}},
		{"{ { exec 2>&1; } &> x; make all; } 2> err", []string{"log"}},
		{"{ { exec 2>&1; } 2> x 2>&1; make all; } 2> err", []string{"log"}},
		// bash: ERR to the output: the group's redirection changes
		// another descriptor, or copies 2 onto itself.
		{"{ { exec 2>&1; } 3> x; make all; } 2> err", nil},
		{"{ { exec 2>&1; } 2>&2; make all; } 2> err", nil},
		{"{ { exec 2>&1; make all; } 2> x; } 2> err", nil},
		// bash: ERR to x, a copy of the output the group sent there.
		{"{ { exec 2>&1; } > x; make all; } 2> err", nil},
	})
}

// TestMatchCommandSameFinalDescriptors: a command's redirections, written
// after its words, match the pattern's where both leave each descriptor
// 0 to 9 the same once bash has applied them in order: the same one
// inherited, closed, or a file opened by the same operator, the pattern's
// target matching the line's, and no file opened and dropped (bash 5.2, a
// make writing "OUT" and "ERR"; each row says where they landed). The
// matcher matched word by word, and "make all > <out> 2>&1" missed "make
// all 2>o 1>&2".
func TestMatchCommandSameFinalDescriptors(t *testing.T) {
	mt := Compile([]Card{
		{ID: "one", Replaces: []string{"make all > <out> 2>&1"}},
		{ID: "null", Replaces: []string{"make all > /dev/null 2>&1"}},
		{ID: "two", Replaces: []string{"make all > <out> 2> <log>"}},
		{ID: "piped", Replaces: []string{"make all > <out> 2>&1 | cat"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash: OUT and ERR to o (or /dev/null).
		{"make all 2>o 1>&2", []string{"one"}},
		{"make all 2>o >&2", []string{"one"}},
		{"make all 2>o 1>&2 2>&1", []string{"one"}},
		{"make all 2>/dev/null 1>&2", []string{"null", "one"}},
		{"make all 2>o 1>&2 | cat", []string{"piped", "one"}},
		// bash: OUT to o2, ERR to out.
		{"make all > out 2>&1 > o2", []string{"two"}},
		// bash: OUT and ERR to o, but the line closes 3 or opens x as
		// well, which the pattern does not: unsure, a miss.
		{"make all 3>o 1>&3 2>&3 3>&-", nil},
		{"make all 2>o 1>&2 3>x", nil},
		// bash: OUT and ERR to o, appended or over its start.
		{"make all 2>>o 1>&2", nil},
		{"make all 2<>o 1>&2", nil},
		// bash: OUT to none (o opened twice, ERR over it), ERR to o.
		{"make all > o 2> o", []string{"two"}},
		// bash: OUT to e, ERR closed.
		{"make all 2>e 1>&2 2>&-", nil},
		// bash: OUT and ERR to o; a redirection among the words is
		// applied in its order too (cm13).
		{"make 2>o all 1>&2", []string{"one"}},
	})
}

// refusedLine reports whether bash refuses to parse the collapsed line
// cmd, in a way refusedFrom sees, from any of its lines on.
func refusedLine(cmd string) bool {
	spaced, toks, unclosed := spaceLine(cmd)
	return refusedFrom(spaced, toks, unclosed) >= 0
}
