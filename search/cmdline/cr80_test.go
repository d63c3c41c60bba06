package cmdline

import "testing"

// cr80Row is a pattern, a line, and whether the pattern matches the line.
type cr80Row struct {
	pat, cmd string
	want     bool
}

// checkCR80Rows compiles each row's pattern alone and matches its line.
func checkCR80Rows(t *testing.T, rows []cr80Row) {
	t.Helper()
	for _, r := range rows {
		mt := Compile([]Card{{ID: "x", Replaces: []string{r.pat}}})
		if got := len(matchedIDs(mt, r.cmd)) > 0; got != r.want {
			t.Errorf("pattern %q, MatchCommand(%q) matched = %v, want %v", r.pat, r.cmd, got, r.want)
		}
	}
}

// TestMatchCommandLeadingZeroDescriptorsBeforeName: bash reads a
// descriptor with leading zeros as its number also where the
// redirections stand before the command's name, and after "<" or "&"
// (bash 5.2, a make writing "OUT[args]", "ERR" and the line it reads:
// "> o 2>& 01 make all" sends OUT and ERR to o, "00<i make all" reads
// i, "make all 2>&01-" sends ERR to the terminal's output as "2>&1-"
// does). There the descriptors are compared word by word, not through
// the final tables, so each spelling must be read as a number before.
// A word touching the one before it ("$(ls)01>") is no descriptor:
// bash passes "X01" to make and sends OUT to e, whereas the pattern
// writes "$(ls)" alone; "00" before a placeholder in a pattern is text
// ("chmod 00<mode>" wants a mode written with two zeros).
func TestMatchCommandLeadingZeroDescriptorsBeforeName(t *testing.T) {
	checkCR80Rows(t, []cr80Row{
		// bash: OUT and ERR to o.
		{"make all > <out> 2>&1", "> o 2>& 01 make all", true},
		{"make all > <out> 2>&1", "> o 2>&01 make all", true},
		// bash: OUT and ERR to the output.
		{"make all 2>&1", "2>& 01 make all", true},
		{"make all 2>&1", "2>&01 make all", true},
		// bash: make reads i.
		{"make all < <in>", "00<i make all", true},
		{"make all < <in>", "00< i make all", true},
		// bash: make reads 3, as "0<&3" does (3 opened first: bash -c
		// refuses a copy of it closed, cm14).
		{"make all 0<&3", "exec 3< i; 0<&03 make all", true},
		// bash: descriptor 1 moved, as "1-" moves it.
		{"make all 3>&1-", "3>&01- make all", true},
		{"make all 2>&1-", "make all 2>&01-", true},
		// bash: make is given "X01", not "X".
		{"make all $(ls) 1> <out>", "make all $(ls)01> e", false},
		// The pattern's "00" is text before its placeholder.
		{"chmod 00<mode> f", "chmod 00755 f", true},
		{"chmod 00<mode> f", "chmod 0755 f", false},
	})
}

// TestMatchCommandAssignmentBetweenRedirectionsBeforeName: an assignment
// between two redirections written before the name does not stop the
// pattern's later redirection from matching the second one (bash 5.2:
// "> o FOO=1 2> e make all" sends OUT to o, ERR to e).
func TestMatchCommandAssignmentBetweenRedirectionsBeforeName(t *testing.T) {
	checkCR80Rows(t, []cr80Row{
		{"make all > <out> 2> <log>", "> o FOO=1 2> e make all", true},
		{"make all > <out> 2> <log>", "FOO=1 > o BAR=2 2> e BAZ=3 make all", true},
	})
}

// TestMatchCommandGroupRedirectionsUndoEachExec: the redirections after
// a group's closer undo an exec of the group for each descriptor they
// change, not only the last one's (bash 5.2: "{ { exec 2>&1; } 2> x 3>
// y; make all; } 2> err" sends ERR to err).
func TestMatchCommandGroupRedirectionsUndoEachExec(t *testing.T) {
	checkCR80Rows(t, []cr80Row{
		{"make all 2> <log>", "{ { exec 2>&1; } 2> x 3> y; make all; } 2> err", true},
		{"make all 2> <log>", "{ { exec 2>&1; } 3> y 2> x; make all; } 2> err", true},
	})
}

// TestMatchCommandBraceWordsBashAccepts: a "{" that is a case pattern
// before its ")" or a word quoted or escaped opens no group, and bash
// 5.2 runs the line (bash -n accepts each; "x={; case $x in a|{) make
// all;; esac" runs make, "'{'" is a command not found, then make runs):
// they are not read as a group never closed, which would drop the match.
func TestMatchCommandBraceWordsBashAccepts(t *testing.T) {
	checkCR80Rows(t, []cr80Row{
		{"make all", "x={; case $x in a|{) make all;; esac", true},
		{"make all", "x={; case $x in ({) make all;; esac", true},
		{"make all", `"{" x; make all`, true},
		{"make all", "ls; '{'; make all", true},
		{"make all", `ls && \{ x; make all`, true},
	})
}

// TestMatchCommandFinalTablesMovesAndClosed: the final descriptor tables
// follow a move ("1>&2-" closes 2, "2>&2-" leaves 2 where it was), refuse
// a copy of a closed descriptor (bash 5.2: "make all 2>&- 1>&2" fails
// with a bad descriptor and runs no make), tell a closed input from the
// inherited one, and give up, without a crash, on "-1" and past ten
// files opened (bash 5.2, a make writing "OUT" and "ERR").
func TestMatchCommandFinalTablesMovesAndClosed(t *testing.T) {
	checkCR80Rows(t, []cr80Row{
		// bash: OUT and ERR to o.
		{"make all > <out> 2>&1", "make all 2>o 1>&2 2>&2-", true},
		// bash: OUT to o, ERR closed.
		{"make all > <out> 2>&-", "make all 2>o 1>&2-", true},
		{"make all > <out> 2>&-", "make all 2>o >&2-", true},
		// bash: "Bad file descriptor"; make does not run.
		{"make all 1>&- 2>&-", "make all 2>&- 1>&2", false},
		{"make all 2>&- 3>&-", "make all 3>&- 2>&3", false},
		// bash: OUT and ERR to o, ten files opened and dropped: the
		// table cannot hold them, an unsure miss.
		{"make all > <out> 2>&1", "make all 2>a 2>b 2>c 2>d 2>e 2>f 2>g 2>h 2>i 2>j 2>o 1>&2", false},
		{"make all > <out> 2> <log>", "make all >a >b >c >d >e >f >g >h >i >j 2>e >o", true},
		// bash: "-1" is no descriptor: OUT closed, ERR to o (the
		// table gives up, without a crash).
		{"make all > <out> 2>&1", "make all 2>o 1>&-1", false},
		{"make all > <out> 2>&1", "make all 2>o 1>&2 2>&-1", false},
		// bash: OUT and ERR to o, the input closed, which the pattern
		// leaves: a miss.
		{"make all > <out> 2>&1", "make all 2>o 1>&2 0>&-", false},
		{"make all > <out> 2>&1", "make all 2>o 1>&2 0<&-", false},
		// bash: OUT and ERR to o, x created and dropped, which the
		// pattern does not: unsure, a miss.
		{"make all > <out> 2>&1", "make all 2>x 2>o 1>&2", false},
		// bash: OUT and ERR over the start of f, not truncated, alike.
		{"make all 2<> <f> 1>&2", "make all 1<>f 2>&1", true},
	})
}

// TestMatchCommandUnclosedANSICQuote: a "$'" quote never closed is
// refused as the other quotes are (bash -n 5.2: "unexpected EOF while
// looking for matching" quote; make does not run), "\'" inside it not
// closing it.
func TestMatchCommandUnclosedANSICQuote(t *testing.T) {
	checkCR80Rows(t, []cr80Row{
		{"make all", "make all $'x", false},
		{"make all", `make all $'x\'`, false},
		{"make all", "ls\nmake all $'x", false},
		{"make all", "make all\nls $'x", true},
		{"make all", `make all $'x\''`, true},
	})
}

// TestMatchCommandFirstRefusedLineWins: where a line holds several
// things bash refuses, it stops at the first line holding one, not at
// the last opener's line (bash 5.2: "ls | ! cat\nmake all\n{ x" is
// refused on its first line, and make does not run).
func TestMatchCommandFirstRefusedLineWins(t *testing.T) {
	checkCR80Rows(t, []cr80Row{
		{"make all", "ls | ! cat\nmake all\n{ x", false},
		{"make all", "ls | ! cat\nmake all\n( x", false},
		{"make all", "ls | ! cat\nmake all\n` x", false},
		{"make all", "ls (\nmake all\n{ x", false},
		{"make all", "make all | ! cat\nls | ! x", false},
	})
}
