package cmdline

import (
	"slices"
	"testing"
)

// TestMatchCommandQuotedAssignment: bash reads a word before the
// command's name as an assignment only where its name and "=" are
// written unquoted and unescaped; its value may be quoted (bash 5.2, a
// stub "A=1" on PATH: "'A=1' make all" runs A=1 with the arguments make
// and all, "A='1' make all" runs make). env and sudo take their
// assignments after the shell has taken the quotes off. The matcher read
// any word of NAME=value text as an assignment, so "make all" matched
// "'A=1' make all".
func TestMatchCommandQuotedAssignment(t *testing.T) {
	mt := Compile([]Card{
		{ID: "make", Replaces: []string{"make all"}},
		{ID: "dry", Replaces: []string{"DRY_RUN=1 make all"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash: runs the command A=1 (or B=2, DRY_RUN=1), never make.
		{"'A=1' make all", nil},
		{`"A=1" make all`, nil},
		{"$'A=1' make all", nil},
		{"A'=1' make all", nil},
		{"'A'=1 make all", nil},
		{`A"B"=1 make all`, nil},
		{`\A=1 make all`, nil},
		{`A\=1 make all`, nil},
		{"A=1 'B=2' make all", nil},
		{"'DRY_RUN=1' make all", nil},
		// bash: runs make.
		{"A='1' make all", []string{"make"}},
		{`A="1" make all`, []string{"make"}},
		{`A=\1 make all`, []string{"make"}},
		{"DRY_RUN='1' make all", []string{"dry", "make"}},
		{"env 'DRY_RUN=1' make all", []string{"dry", "make"}},
		{"env 'A=1' make all", []string{"make"}},
		{"sudo 'A=1' make all", []string{"make"}},
	})
}

// TestMatchCommandCopyOfClosedDescriptor: bash refuses a redirection
// copying a descriptor that one before it closed or moved away ("make all
// 2>&- 3>&2": bash 5.2 says "3: Bad file descriptor" on the closed errors,
// exits 1 and runs no make), in the command's own redirections, before
// its name too, or a group's around it, whose commands then run none. A
// copy onto itself ("2>&- 2>&2") bash lets pass, as it does a copy of a
// descriptor reopened in between. The matcher matched make in each.
func TestMatchCommandCopyOfClosedDescriptor(t *testing.T) {
	mt := Compile([]Card{
		{ID: "make", Replaces: []string{"make all"}},
		{ID: "log", Replaces: []string{"make all 2> <log>"}},
		{ID: "out", Replaces: []string{"make all > <out>"}},
		{ID: "cat", Replaces: []string{"cat"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash: "Bad file descriptor"; make does not run.
		{"make all 2>&- 3>&2", nil},
		{"make all 2>&- 3>&2 3>&-", nil},
		{"make all > o 2>&- 3>&2", nil},
		{"make all 2>o 2>&- 3>&2", nil},
		{"make all 2>&- 3>&2-", nil},
		{"make all 3>&2- 4>&2", nil},
		{"make all 2>&- 3>& 2", nil},
		{"make all 2>&- 3<&2", nil},
		{"make all 2>&- 12>&2", nil},
		{"make all 0<&- 3<&0", nil},
		{"make all >&- 3>&1", nil},
		{"2>&- 3>&2 make all", nil},
		{"sudo make all 2>&- 3>&2", nil},
		{"bash -c 'make all' 2>&- 3>&2", nil},
		{"{ make all; } 2>&- 3>&2", nil},
		{"( make all ) 2>&- 3>&2", nil},
		{"{ { make all; } 2> e; } 2>&- 3>&2", nil},
		{"if make all; then ls; fi 2>&- 3>&2", nil},
		// bash: make does not run; cat, after the pipe, does.
		{"make all 2>&- 3>&2 | cat", []string{"cat"}},
		// bash: the second make runs.
		{"make all 2>&- 3>&2; make all", []string{"make"}},
		// bash: make runs, ERR closed or to e or to the output.
		{"make all 2>&- 2>&2", []string{"make"}},
		{"make all 2>&- 2>&2-", []string{"make"}},
		{"make all 2>&- 2>e 3>&2", []string{"log", "make"}},
		{"make all 2>&- 2>&1 3>&2", []string{"make"}},
		{"make all 2>&- | cat 3>&2", []string{"make", "cat"}},
	})
}

// redirectionRefused reports whether bash refuses a redirection of a
// command of the line s, so that it never runs (see runStarts): a copy
// of a descriptor closed, also by an exec before it, or never opened
// (3 to 9).
func redirectionRefused(s string) bool {
	_, toks, _ := spaceLine(collapseLines(s))
	toks, starts := fedCommandStarts(lookedUpCommands(readWords(toks)))
	for _, k := range starts {
		toks[k].start = true
	}
	markPipes(toks)
	return len(runStarts(toks, slices.Clone(starts))) < len(starts)
}

// TestMatchCommandSameFinalDescriptorsAmongWords: a command's
// redirections written among its words, and those of a group around a
// command that redirects nothing itself, are applied in their order as
// those after its words are, and match the pattern's where both leave
// each descriptor 0 to 9 the same (bash 5.2, a make writing "OUT" and
// "ERR"; each row says where they landed). The matcher compared them
// word by word, and "make all > <out> 2>&1" missed "make 2>o all 1>&2"
// and "{ make all; } 2>o 1>&2".
func TestMatchCommandSameFinalDescriptorsAmongWords(t *testing.T) {
	mt := Compile([]Card{
		{ID: "one", Replaces: []string{"make all > <out> 2>&1"}},
		{ID: "two", Replaces: []string{"make all > <out> 2> <log>"}},
		{ID: "piped", Replaces: []string{"make all > <out> 2>&1 | cat"}},
		{ID: "and", Replaces: []string{"make all > <out> 2>&1 && ls"}},
		{ID: "self", Replaces: []string{"make all 2>&2 2> <log>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash: OUT and ERR to o.
		{"make 2>o all 1>&2", []string{"one"}},
		{"make 2>o all >&2", []string{"one"}},
		{"make > o all 2>&1", []string{"one"}},
		{"sudo make 2>o all 1>&2", []string{"one"}},
		{"make 2>o all 1>&2 | cat", []string{"piped", "one"}},
		{"{ make all; } 2>o 1>&2", []string{"one"}},
		{"(make all) 2>o >&2", []string{"one"}},
		{"{ make all; ls; } 2>o 1>&2", []string{"one"}},
		{"{ { make all; }; } 2>o 1>&2", []string{"one"}},
		{"{ make all; } 2>o 1>&2 | cat", []string{"piped", "one"}},
		{"{ make all; } 2>o 1>&2 && ls", []string{"and", "one"}},
		// bash: OUT to o, ERR to e.
		{"make 2>e all > o", []string{"two"}},
		// bash: ERR to err.
		{"(make all) 2> err", []string{"self"}},
		// bash: OUT and ERR to o, appended, or x created as well.
		{"make 2>>o all 1>&2", nil},
		{"make 2>o all 1>&2 3>x", nil},
		{"{ make all; } 2>>o 1>&2", nil},
		// bash: OUT to cat, ERR to o.
		{"{ make all | cat; } 2>o 1>&2", nil},
		// bash: OUT to o, ERR to e, make's own redirection or the
		// exec's after the group's: read word by word, "two" a miss.
		{"{ make all 2>e; } 2>o 1>&2", []string{"self"}},
		{"{ exec 2>e; make all; } 2>o 1>&2", nil},
		// bash: OUT and ERR to o, but a group further out redirects
		// too: unsure, a miss.
		{"{ { make all; } 2>o 1>&2; } 2>e", nil},
	})
}

// TestMatchCommandMoreRefusedLines: bash refuses to parse a line holding
// a "${" never closed, a "|", "||", "&&" or "|&" with no command after it
// at the end, or a word that closes or continues a compound command where
// a command starts with none open (bash 5.2 -n: "unexpected EOF" or
// "syntax error near unexpected token", exit 2; make not run), and runs
// the lines before the one it refuses. The matcher matched make in each.
// Lines bash accepts that look alike still match.
func TestMatchCommandMoreRefusedLines(t *testing.T) {
	mt := Compile([]Card{
		{ID: "make", Replaces: []string{"make all"}},
		{ID: "piped", Replaces: []string{"make all | cat"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash -n: syntax error; nothing runs.
		{"make all ${", nil},
		{"make all; echo ${x", nil},
		{"echo ${x; make all", nil},
		{"echo ${x:-${y}; make all", nil},
		{`echo "${x"; make all`, nil},
		{`echo $'it\'s ${x; make all`, nil},
		{"make all |", nil},
		{"make all | ", nil},
		{"make all ||", nil},
		{"make all &&", nil},
		{"make all |&", nil},
		{"make all | cat |", nil},
		{"make all | # x", nil},
		{"make all &&\nls |", nil},
		{"fi", nil},
		{"make all; fi", nil},
		{"make all; then", nil},
		{"make all; done", nil},
		{"make all; else", nil},
		{"make all; esac", nil},
		{"make all; }", nil},
		{"then make all", nil},
		{"make all && fi", nil},
		{"ls | fi; make all", nil},
		{"! fi; make all", nil},
		{"(fi); make all", nil},
		// bash runs the lines before the one it refuses.
		{"make all\nfi", []string{"make"}},
		{"make all\necho ${x\nls", []string{"make"}},
		{"make all | cat\nls |", []string{"piped", "make"}},
		// bash -n: accepted.
		{"make all |\ncat", []string{"piped", "make"}},
		{"make all &", []string{"make"}},
		{"echo ${x:-(}; make all", []string{"make"}},
		{"echo ${x:-'}'}; make all", []string{"make"}},
		{`echo "${x:-'}'}"; make all`, []string{"make"}},
		{`echo "${x:-"a}"}"; make all`, []string{"make"}},
		{"echo $${x; make all", []string{"make"}},
		{`echo \${x; make all`, []string{"make"}},
		{"echo '${x'; make all", []string{"make"}},
		{`echo $'it\'s ${'; make all`, []string{"make"}},
		{"make all #${", []string{"make"}},
		{"echo fi; make all", []string{"make"}},
		{"make all; 'fi'", []string{"make"}},
		{"A=1 fi; make all", []string{"make"}},
		{"if true; then make all; fi", []string{"make"}},
		{"case x in fi) make all;; esac", []string{"make"}},
		{"f() { make all; }", []string{"make"}},
		{"echo `fi`; make all", []string{"make"}},
	})
}

// TestMatchCommandRefusedScripts: a script the line runs (bash -c, sh -c,
// eval, watch, ssh's command, one piped into a shell) is read as a line
// of its own, and one bash refuses to parse runs nothing from the line
// refused on (bash 5.2: "syntax error", make not run), as the line
// itself does. The matcher read every script whatever its syntax.
func TestMatchCommandRefusedScripts(t *testing.T) {
	mt := Compile([]Card{
		{ID: "make", Replaces: []string{"make all"}},
		{ID: "bash", Replaces: []string{"bash"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash: the outer bash runs, the script's make does not.
		{"bash -c 'make all; {'", []string{"bash"}},
		{`bash -c 'make all "'`, []string{"bash"}},
		{"bash -c 'make all |'", []string{"bash"}},
		{"bash -c 'make all &&'", []string{"bash"}},
		{"bash -c 'echo ${x; make all'", []string{"bash"}},
		{"sudo bash -c 'make all; then'", []string{"bash"}},
		{"echo 'make all |' | bash", []string{"bash"}},
		// bash: make does not run.
		{"sh -c 'make all; fi'", nil},
		{"eval 'make all; {'", nil},
		{"ssh host 'make all; fi'", nil},
		{"watch 'make all |'", nil},
		// bash: make runs, the lines before the one refused.
		{"bash -c 'make all\nfi'", []string{"make", "bash"}},
		{"sh -c 'make all\nls |'", []string{"make"}},
		// bash: accepted.
		{"bash -c 'make all; { ls; }'", []string{"make", "bash"}},
		{"eval 'make all |\ncat'", []string{"make"}},
	})
}
