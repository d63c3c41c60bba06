package cmdline

import "testing"

// TestMatchCommandApplyUntracksAndMoves: rows killing mutants of
// finalTable.apply as copiesClosed uses it (cr87). A redirection the table
// does not follow leaves its descriptor open, not closed as before it: a
// process substitution's target ("2> >(cat)"), a here-string onto 0
// ("<<<x"), a file past the table's ten; a descriptor past 9 closed
// ("13>&-") or moved onto ("13>&2-", which closes 2) is no crash (bash
// 5.2, a stub make on PATH: each row says whether make ran).
func TestMatchCommandApplyUntracksAndMoves(t *testing.T) {
	mt := Compile([]Card{{ID: "make", Replaces: []string{"make all"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash: make runs.
		{"make all 2>&- 2> >(cat) 3>&2", []string{"make"}},
		{"make all 13>&-", []string{"make"}},
		{"make all 13>&2- 2>&13", []string{"make"}},
		{"make all <&- <<<x 3<&0", []string{"make"}},
		{"make all 2>&- 1>a 1>b 1>c 1>d 1>e 1>f 1>g 1>h 1>i 1>j 2>k 3>&2", []string{"make"}},
		// bash: "Bad file descriptor"; make does not run.
		{"make all 13>&2- 3>&2", nil},
	})
}

// TestMatchCommandExecUntrackedAndWordBeforeRedirections: rows killing
// mutants of finalTable.closed and sameEffect (cr87). An exec whose
// redirection the table does not follow (a here-string, a process
// substitution) leaves the descriptor open for the commands after it,
// not closed; and a word of the command between its name's words and the
// redirections after them is no redirection the table passes over ("2>o
// make all x 1>&2" runs "make all x", no "make all > <out> 2>&1"). Bash
// 5.2, a stub make on PATH writing OUT and ERR: make runs in each.
func TestMatchCommandExecUntrackedAndWordBeforeRedirections(t *testing.T) {
	mt := Compile([]Card{
		{ID: "one", Replaces: []string{"make all > <out> 2>&1"}},
		{ID: "make", Replaces: []string{"make all"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"exec 3<<<x; make all 4<&3", []string{"make"}},
		{"exec 2>&-; exec 2> >(cat); make all 3>&2", []string{"make"}},
		{"2>o make all x 1>&2", []string{"make"}},
		{"2>o make all 1>&2", []string{"one", "make"}},
	})
}

// TestMatchCommandQuotedExec: quotes on "exec" leave it the builtin (only
// reserved words lose their meaning quoted), so "'exec' 2>&-" closes the
// shell's errors as "exec 2>&-" does, and a later copy of them is refused
// (bash 5.2, a stub make on PATH: each row says whether make ran).
// shellExec passed over a quoted exec, and the matcher matched make after
// it (a mutant dropping the check survived go test, cr87).
func TestMatchCommandQuotedExec(t *testing.T) {
	mt := Compile([]Card{{ID: "make", Replaces: []string{"make all"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"'exec' 2>&-; make all 3>&2", nil},
		{"\\exec 2>&-; make all 3>&2", nil},
		{"\"exec\" 2>&-; make all 3>&2", nil},
		{"e\"xec\" 3>o; make all 4>&3", []string{"make"}},
		{"'exec' 2>&-; make all", []string{"make"}},
	})
}

// TestMatchCommandExecNotInTheShell: rows killing mutants of shellExec
// (cr87). An exec of redirections alone run in the background, in a loop
// body, or inside a subshell or substitution after another command there
// changes no descriptor of the shell running the commands after it (bash
// 5.2, a stub make on PATH: make runs in each).
func TestMatchCommandExecNotInTheShell(t *testing.T) {
	mt := Compile([]Card{{ID: "make", Replaces: []string{"make all"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"exec 2>&- & make all 3>&2", []string{"make"}},
		{"while false; do exec 2>&-; done; make all 3>&2", []string{"make"}},
		{"while false; do ls; exec 2>&-; done; make all 3>&2", []string{"make"}},
		{"( ls; exec 2>&- ); make all 3>&2", []string{"make"}},
		{"echo $(ls; exec 2>&-); make all 3>&2", []string{"make"}},
		{"echo `ls; exec 2>&-`; make all 3>&2", []string{"make"}},
	})
}

// TestMatchCommandExecAfterAssignmentAndNestedGroups: rows killing
// mutants of shellExec and startRefused (cr87). An assignment before an
// exec of redirections alone leaves it the shell's ("A=1 exec 2>&-"
// closes its errors), and the redirections of nested groups apply the
// outermost first, so an inner group's close wins over an outer file and
// an inner file over an outer close (bash 5.2, a stub make on PATH: each
// row says whether make ran).
func TestMatchCommandExecAfterAssignmentAndNestedGroups(t *testing.T) {
	mt := Compile([]Card{{ID: "make", Replaces: []string{"make all"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"A=1 exec 2>&-; make all 3>&2", nil},
		{"{ { make all 3>&2; } 2>&-; } 2>e", nil},
		{"{ { make all 3>&2; } 2>e; } 2>&-", []string{"make"}},
	})
}

// TestMatchCommandRefusedInsideNestedCompound: a row killing a mutant of
// refusedFrom (cr87): a syntax error inside compound commands nested over
// several lines refuses them from the line the outermost starts on, not
// the innermost ("if true; then make all" then an inner if, then an
// extra "fi": bash 5.2 runs none of it, a stub make on PATH).
func TestMatchCommandRefusedInsideNestedCompound(t *testing.T) {
	mt := Compile([]Card{{ID: "make", Replaces: []string{"make all"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"if true; then make all\nif true; then ls\nfi\nfi; fi", nil},
		{"if true; then make all\nif true; then ls\nfi\nfi", []string{"make"}},
	})
}

// TestMatchCommandExpansionAsCommandName: a row killing a mutant of
// inSpans (cr87): a "${…}" written as a command's name is a word, so the
// ";" or "&&" after it is no control operator where a command must start
// (bash 5.2 runs true, then the stub make on PATH).
func TestMatchCommandExpansionAsCommandName(t *testing.T) {
	mt := Compile([]Card{{ID: "make", Replaces: []string{"make all"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"${x:-true}; make all", []string{"make"}},
		{"${x:-true} && make all", []string{"make"}},
	})
}

// TestMatchCommandHashInExpansionAcrossLines: rows killing mutants of
// splitHereDocs and continueLines (cr87): a "#" inside "${…}" starts no
// comment there either, so the "<<EOF" after it opens a here-document
// whose body is text, and a backslash-newline after it joins the next
// line onto echo's words (bash 5.2, a stub make on PATH: make runs in
// neither).
func TestMatchCommandHashInExpansionAcrossLines(t *testing.T) {
	mt := Compile([]Card{{ID: "make", Replaces: []string{"make all"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"cat ${x:- #} <<EOF\nmake all\nEOF", nil},
		{"echo ${x:- #} \\\nmake all", nil},
		{"cat ${x:- #} <<EOF\nls\nEOF\nmake all", []string{"make"}},
	})
}
