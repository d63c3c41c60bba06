package cmdline

import "testing"

// TestMatchCommandArrayWordsNoCommand: the words of an array assignment
// ("a=(fi done)") are the array's, not a command's, and bash 5.2 -n
// accepts "fi", "done", "then" or "esac" there; the matcher read the "("
// as a command's start and refused the line, make included.
func TestMatchCommandArrayWordsNoCommand(t *testing.T) {
	mt := Compile([]Card{{ID: "make", Replaces: []string{"make all"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash -n: accepted; make runs.
		{"a=(fi done); make all", []string{"make"}},
		{"x=(then); make all", []string{"make"}},
		{"declare -a x=(fi); make all", []string{"make"}},
		{"a+=(esac); make all", []string{"make"}},
		// bash -n: syntax error near unexpected token; nothing runs.
		{"make all;(fi)", nil},
		{"a= (fi); make all", nil},
		{"a=(x) (fi); make all", nil},
	})
}

// TestMatchCommandCopyOntoItselfLeavesClosed: a copy of a descriptor onto
// itself ("2>&2") opens nothing, so one closed before it stays closed and
// a copy of it after is refused (bash 5.2, "make all 2>&- 2>&2 3>&2":
// "3: Bad file descriptor", no make run). The matcher took the self-copy
// for a reopening and matched make.
func TestMatchCommandCopyOntoItselfLeavesClosed(t *testing.T) {
	mt := Compile([]Card{{ID: "make", Replaces: []string{"make all"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash: "Bad file descriptor"; make does not run.
		{"make all 2>&- 2>&2 3>&2", nil},
		{"make all 2>&- 2>&2- 3>&2", nil},
		{"make all >&- 1>&1 3>&1", nil},
		// bash: make runs.
		{"make all 2>&- 2>&2", []string{"make"}},
		{"make all 2>&- 2>&2-", []string{"make"}},
		{"make all 3>&2 3>&3", []string{"make"}},
	})
}

// TestMatchCommandClosedDescriptorMutants: rows that kill mutants of
// copiesClosed and runStarts (bash 5.2, a stub make; each row says
// whether make ran).
func TestMatchCommandClosedDescriptorMutants(t *testing.T) {
	mt := Compile([]Card{
		{ID: "make", Replaces: []string{"make all"}},
		{ID: "then", Replaces: []string{"ls && make all"}},
		{ID: "piped", Replaces: []string{"cat | make all"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash: make runs; "&>o", "&>>o" and ">&o" reopen 1 and 2.
		{"make all 2>&- &>o 3>&2", []string{"make"}},
		{"make all 2>&- &>>o 3>&2", []string{"make"}},
		{"make all 2>&- >&o 3>&2", []string{"make"}},
		// bash: "Bad file descriptor"; make does not run: the close
		// written apart from its "-", and a command after an operator,
		// which no pattern's second command matches either.
		{"make all 2>& - 3>&2", nil},
		{"ls && make all 2>&- 3>&2", nil},
		{"cat | make all 2>&- 3>&2", nil},
	})
}

// TestMatchCommandRefusedLinesMutants: rows that kill mutants of
// refusedFrom, each checked with bash 5.2 -n.
func TestMatchCommandRefusedLinesMutants(t *testing.T) {
	mt := Compile([]Card{{ID: "make", Replaces: []string{"make all"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash -n: accepted; the "&" or "|" ends no line with a pipe
		// or list wanting a command, the keyword is an argument, a
		// word of "[[", or after "do" of a "select".
		{"(make all) &", []string{"make"}},
		{"make all; echo '|' &", []string{"make"}},
		{"make all '&&'", []string{"make"}},
		{"make all '|'", []string{"make"}},
		{"[[ a && fi ]] && make all", []string{"make"}},
		{"select x in a b; do make all; break; done", []string{"make"}},
		{"echo $(echo x) done; make all", []string{"make"}},
		{"echo `echo x` fi; make all", []string{"make"}},
		{"'time' done; make all", []string{"make"}},
		{"'!' fi; make all", []string{"make"}},
		// bash -n: syntax error near unexpected token; nothing runs.
		{"make all; elif", nil},
		{"make all; do", nil},
		{"time fi; make all", nil},
	})
}

// TestMatchCommandUnclosedExpansionMutants: rows that kill mutants of
// the reading of a "${" never closed (unclosedExpansion's, then
// refusedFrom's; bash 5.2, a stub make: each row says whether make ran).
func TestMatchCommandUnclosedExpansionMutants(t *testing.T) {
	mt := Compile([]Card{{ID: "make", Replaces: []string{"make all"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash: "unexpected EOF while looking for matching }"; make
		// does not run: "$'" and "'" in double quotes quote nothing, a
		// "}" or "#" in them closes or comments nothing, nor does a
		// comment run past its line; the first "${" never closed is
		// the line refused.
		{`echo "$'" ${x; make all`, nil},
		{`echo "it's" ${x; make all`, nil},
		{"echo $'a' ${x; make all", nil},
		{`echo ${x:-"}"; make all`, nil},
		{`echo "${x}'" ${y; make all`, nil},
		{`echo "a #" ${x; make all`, nil},
		{"ls # c\necho ${x; make all", nil},
		{"ls ${x\nmake all\n${y", nil},
		// bash: make runs: a comment after "(" or a newline, a line
		// refused after make's.
		{"(#${\nls); make all", []string{"make"}},
		{"ls\n#${x\nmake all", []string{"make"}},
		{"make all\n${x", []string{"make"}},
	})
}
