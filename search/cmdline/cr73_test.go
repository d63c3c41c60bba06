package cmdline

import "testing"

// TestMatchCommandReservedPositionsReview (mutation review of
// withoutReservedPositions and its reservedReader; each row run with bash
// 5.2 and commands x, y, z, in, esac and make on PATH, none of the
// dropped ones run): a for loop's "in" after a comment line, or a
// comment and a blank line, is no command (each line end a ";" token);
// a subject "in" is not the statement's "in", so the "(" after the real
// one opens a pattern and make in its arm runs; "esac" is a pattern's
// word after its "(" or "|", not the statement's end, nor is an "esac"
// an arm's command takes as an argument; a substitution's ")" in a
// pattern closes the substitution, not the pattern; an extglob "@(a|b)"
// holds a subshell-like "(" that is no pattern's; a case statement in
// an arm has a subject and "in" of its own; and a "case" that is an
// argument ("echo case x" in an arm or after a statement) opens none,
// so the command on the next line runs.
func TestMatchCommandReservedPositionsReview(t *testing.T) {
	mt := Compile([]Card{
		{ID: "x", Replaces: []string{"x"}},
		{ID: "y", Replaces: []string{"y"}},
		{ID: "in", Replaces: []string{"in"}},
		{ID: "make", Replaces: []string{"make all"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"for v\n# the list\nin x y; do ls; done", nil},
		{"for v # the name\n\t\nin x y; do ls; done", nil},
		{"case in in (in) make all;; esac", []string{"make"}},
		{"case x in (esac) ls;; x) ls;; esac", nil},
		{"case x in x|esac) ls;; y) ls;; esac", nil},
		{"case x in $(y)) ls;; x) ls;; esac", []string{"y"}},
		{"shopt -s extglob\ncase x in @(a|b)) ls;; x) ls;; esac", nil},
		{"case x in x) echo esac;; y) ls;; esac", nil},
		{"case x in x) case y\nin z) ls;; esac;; esac", nil},
		// A "case" that is an argument opens no statement.
		{"case z in z) echo case x\ny;; esac", []string{"y"}},
		{"case z in z) ls;; esac; echo case x in\nx", []string{"x"}},
	})
}

// TestMatchCommandCaseGroupsReview (mutation review of casePatternOpen,
// soleCommandCloser and redirectedDescriptors; each row run with bash
// 5.2 and a make writing to both outputs): a "(x)" pattern after ";&",
// ";;&" or a subject and a newline before "in" opens no subshell, so the
// arm inherits the statement's redirection; a quoted "{" is a command
// named "{", no group, so "make all" there is no group's sole command
// ("{ ls; '{' make all; } && ls" runs '{', fails, and ls never runs);
// ">>2-" appends to a file named "2-", moving no descriptor, and a
// descriptor of two digits is none of 0 to 9.
func TestMatchCommandCaseGroupsReview(t *testing.T) {
	mt := Compile([]Card{
		{ID: "log", Replaces: []string{"make all 2> <log>"}},
		{ID: "out", Replaces: []string{"make all > <out>"}},
		{ID: "and", Replaces: []string{"make all && ls"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"case y in y) ls;& (x) make all;; esac 2> err", []string{"log"}},
		{"case x in y) ls;;& (x) make all;; esac 2> err", []string{"log"}},
		{"case x\nin (x) make all;; esac 2> err", []string{"log"}},
		{"{ ls; '{' make all; } && ls", nil},
		{"(make all >>2-) 2> err", []string{"log"}},
		{"(make all 10>/dev/null) > out", []string{"out"}},
		{"(make all 12>&1) 2> err", []string{"log"}},
	})
}

// TestMatchCommandQuotedReservedWordIsACommand: a reserved word written
// quoted or escaped is none, but a command of that name, so the words
// after it are its arguments: bash 5.2 runs "'!' make all", "\! make
// all" and "\"then\" make all" as commands named "!" and "then" (not
// found), and "{ ls; '{' make all; }" as ls and a command named "{";
// make never runs. commandStarts took them for the reserved words and
// tried "make all" after them (found by the mutation review of
// soleCommandCloser's quoted "{").
func TestMatchCommandQuotedReservedWordIsACommand(t *testing.T) {
	mt := Compile([]Card{{ID: "make", Replaces: []string{"make all"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"'!' make all", nil},
		{`\! make all`, nil},
		{`"then" make all`, nil},
		{"{ ls; '{' make all; }", nil},
		{"true && 'if' make all", nil},
		// Reserved words still.
		{"! make all", []string{"make"}},
		{"if true; then make all; fi", []string{"make"}},
		{"{ ls; { make all; }; }", []string{"make"}},
		{"while make all; do :; done", []string{"make"}},
	})
}
