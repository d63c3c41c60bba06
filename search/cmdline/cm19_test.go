package cmdline

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// cm19EmptyLoopRows are for and select loops whose "in" lists no word at
// all, whose body bash runs never: "for x in; do make all; done" matched
// a card of "make all". The commands of such a body (emptyLoopBody) are
// none now, in groups, subshells and substitutions too; those after the
// loop's "done" or "}" run as before. Each row is run in bash.
var cm19EmptyLoopRows = []makeRow{
	{"for x in; do make all; done", true, false},
	{"for x in ; do make all; done", true, false},
	{"for x in;do make all;done", true, false},
	{"for x in\ndo make all; done", true, false},
	{"for x in ;\n do make all; done", true, false},
	{"for x in # none\ndo make all; done", true, false},
	{"for x in; { make all; }", true, false},
	{"select x in; do make all; done", true, false},
	{"for x in; do for y in a; do make all; done; done", true, false},
	{"for x in; do (make all); done", true, false},
	{"for x in; do echo $(make all); done", true, false},
	{"for x in; do echo `make all`; done", true, false},
	{"for x in; do bash -c 'make all'; done", true, false},
	{"for x in; do echo done; make all; done", true, false},
	{"for x in; { for y in a; do make all; done }", true, false},
	{"if true; then for x in; do make all; done; fi", true, false},
	// After the body, and around it, commands run.
	{"for x in; do :; done; make all", true, true},
	{"for x in; do :; done && make all", true, true},
	{"for x in; do :; done | make all", true, true},
	{"for x in; do { ls; } done; make all", true, true},
	{"for x in; do if true; then ls; fi done; make all", true, true},
	{"for x in; do for y in a; do ls; done done; make all", true, true},
	{"for x in; do ls; done\nmake all", true, true},
	{"for x in; { ls; }; make all", true, true},
	{"for x in; do make all; done; for y in a; do make all; done", true, true},
	{"make all; for x in; do make all; done", true, true},
	{"echo for x in; make all", true, true},
	// A list of a word, even empty, loops once.
	{"for x in a; do make all; done", true, true},
	{"for x in ''; do make all; done", true, true},
	{"for x in \"\"; do make all; done", true, true},
	{"for x; do make all; done", true, true},
	{"for x do make all; done", true, true},
	{"for x in;; do make all; done", false, false},
}

// cm19MaybeLoopRows are loops whose list may expand to no word, or whose
// body this reading cannot bound: make runs where the loop is taken,
// and they still match (parse-checked only, as cm16's rows are). A
// "case" in an empty loop's body leaves the body read as commands, as
// its patterns may be words like "(do)".
var cm19MaybeLoopRows = []makeRow{
	{"for x in $(true); do make all; done", true, true},
	{"for x in $e; do make all; done", true, true},
	{"for x in \"$@\"; do make all; done", true, true},
	{"for x in `true`; do make all; done", true, true},
	{"for x in; do case a in (do) make all;; esac; done", true, true},
}

func TestMatchCommandEmptyLoopList(t *testing.T) {
	checkMakeRowsMatch(t, cm19EmptyLoopRows)
	checkMakeRowsMatch(t, cm19MaybeLoopRows)
}

func TestEmptyLoopListInBash(t *testing.T) {
	checkMakeRowsInBash(t, cm19EmptyLoopRows, true)
	checkMakeRowsInBash(t, cm19MaybeLoopRows, false)
}

// TestMatchCommandQuotedDuplicationTarget: a ">&" whose target's "$" is
// quoted or escaped (">&'$fd'", ">& '$fd'", ">&\$fd", ">&$'$fd'") copies
// no descriptor: bash 5.2 reads the word, quotes removed, as no number
// and sends both outputs to a file, as for "&>" (the name it opens is
// that text expanded once more, fd's value, "3" for fd=3, and never a
// copy of descriptor 3; unset, bash refuses the redirection and make
// does not run: TestQuotedDuplicationTargetInBash). It was read as an
// expansion, as ">&$fd" is (cm18: a redirection the tables do not
// follow), and matched no pattern naming either output; it now reads as
// "&>" of the same word, "> '$fd' 2>&1", as "&>$f" is read, whose name is
// an expansion too. A "$" expanded the first time, unquoted or in
// double quotes, still leaves the target unknown (a number copies a
// descriptor).
func TestMatchCommandQuotedDuplicationTarget(t *testing.T) {
	mt := Compile([]Card{
		{ID: "both", Replaces: []string{"make all > <out> 2>&1"}},
		{ID: "out", Replaces: []string{"make all > <out>"}},
		{ID: "log", Replaces: []string{"make all 2> <log>"}},
		{ID: "make", Replaces: []string{"make all"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"make all >&'$fd'", []string{"both", "out", "make"}},
		{"make all >& '$fd'", []string{"both", "out", "make"}},
		{`make all >&\$fd`, []string{"both", "out", "make"}},
		{`make all >& \$fd`, []string{"both", "out", "make"}},
		{`make all >&"\$fd"`, []string{"both", "out", "make"}},
		{`make all >&$'$fd'`, []string{"both", "out", "make"}},
		{"make all >&'`echo 3`'", []string{"both", "out", "make"}},
		{"make all 2> err >&'$fd'", []string{"both", "out", "make"}},
		{"make all >&'$fd' 2> err", []string{"log", "out", "make"}},
		// Expanded, as before: unknown.
		{`make all >&"$fd"`, []string{"make"}},
		{`make all >& "$fd"`, []string{"make"}},
		{`make all >&'$'$fd`, []string{"make"}},
		{`make all >&\\$fd`, []string{"make"}},
		{"make all >&$fd", []string{"make"}},
		// A quoted number is one: a copy.
		{"make all >&'2'", []string{"make"}},
	})
}

// TestQuotedDuplicationTargetInBash: where bash 5.2 sends make's output
// and errors for rows of TestMatchCommandQuotedDuplicationTarget, with
// descriptor 3 open to a file "three" (a file missing holds "").
func TestQuotedDuplicationTargetInBash(t *testing.T) {
	bash := lookBash(t)
	for _, r := range []struct {
		line, fd string // fd: its value, "" for unset
		files    map[string]string
	}{
		{"make all >&'$fd'", "3", map[string]string{"3": "out\nerr\n", "three": "", "$fd": ""}},
		{"make all >& '$fd'", "3", map[string]string{"3": "out\nerr\n", "three": ""}},
		{`make all >&\$fd`, "3", map[string]string{"3": "out\nerr\n", "three": ""}},
		{`make all >& \$fd`, "3", map[string]string{"3": "out\nerr\n", "three": ""}},
		{`make all >&"\$fd"`, "3", map[string]string{"3": "out\nerr\n", "three": ""}},
		{`make all >&$'$fd'`, "3", map[string]string{"3": "out\nerr\n", "three": ""}},
		{"make all >&'`echo 3`'", "3", map[string]string{"3": "out\nerr\n", "three": ""}},
		{"make all >&'$fd'", "o", map[string]string{"o": "out\nerr\n", "three": ""}},
		{"make all >&'$fd'", "", map[string]string{"ran": "", "three": ""}},
		{"make all 2> err >&'$fd'", "3", map[string]string{"3": "out\nerr\n", "err": ""}},
		{"make all >&'$fd' 2> err", "3", map[string]string{"3": "out\n", "err": "err\n"}},
		{`make all >&"$fd"`, "3", map[string]string{"three": "out\n", "3": ""}},
		{"make all >&'2' 2> err", "3", map[string]string{"err": "err\n", "2": ""}},
	} {
		dir := t.TempDir()
		stubMake(t, dir)
		script := "unset fd; exec 3> three; "
		if r.fd != "" {
			script += "fd=" + r.fd + "; "
		}
		cmd := exec.Command(bash, "-c", script+r.line)
		cmd.Dir, cmd.Env = dir, append(os.Environ(), "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"))
		_ = cmd.Run()
		for f, want := range r.files {
			got, err := os.ReadFile(filepath.Join(dir, f))
			if err != nil && (want != "" || !os.IsNotExist(err)) || string(got) != want {
				t.Errorf("bash: %q with fd=%q: %s holds %q (%v), want %q", r.line, r.fd, f, got, err, want)
			}
		}
	}
}

// cm19ParenRows: a "(" among a command's words, after its name or an
// argument ("make (all)", "echo x (y)"), after an assignment or a
// redirection alone ("x=1 (make all)", "> f (make all)"), is a syntax
// error bash refuses the line for, and runs none of it (the lines before
// it run). The grammar read it as a group of words, "as a pattern may
// be written so", and the fuzzer's "0(A>&01)" did not match its own
// text (FuzzCommandPatternMatchesItself); it is refused now, and the
// fuzz target, which takes no line bash refuses, passes it over. A
// pattern's alternation, "git push (-f|--force)", is no line, and is
// matched as before. Bash does take a function's "()", a process
// substitution ("<(ls)", "> >(cat)"), an array's words ("a=(1 2)"), a
// subshell where a command starts, and, once a line before ran "shopt
// -s extglob" (an earlier line names "extglob"), a glob "@(a|b)" or
// "!(x)", and the old arithmetic "$[(1+2)]": a "(" touching a word that
// ends with one of "<>[", or of "?*+@!" after "extglob", is read as
// before, and so is one after a word ending with "=", an array's words,
// which bash refuses but in an assignment or declare's argument ("echo
// a=(1)" was still matched here; cm20ArrayRows refuse it). Each row is
// run in bash.
var cm19ParenRows = []makeRow{
	{"make (all)", false, false},
	{"make all (x)", false, false},
	{"make(all>&01)", false, false},
	{"make all; echo x (y)", false, false},
	{"make all && echo x(y)", false, false},
	{"x=1 (make all)", false, false},
	{"> f (make all)", false, false},
	{"echo x (y) | make all", false, false},
	{"make all\necho x (y)", false, true},
	// Accepted.
	{"f() (make all); f", true, true},
	{"f ( ) { make all; }; f", true, true},
	{"function f () { make all; }; f", true, true},
	{"coproc x (make all); wait", true, true},
	{"cat <(make all)", true, true},
	{"make all <(ls)", true, true},
	{"make all > >(cat)", true, true},
	{"declare -a a=(1 2); make all", true, true},
	{"a+=(x); make all", true, true},
	{"time -p (make all)", true, true},
	{"! (make all)", true, true},
	{"echo x; (make all)", true, true},
	{"if (make all); then :; fi", true, true},
	{"[[ a =~ (a|b) ]] && make all", true, true},
	{"case a in (a) make all;; esac", true, true},
	{"echo $((1+(2))); make all", true, true},
	{"echo $[(1+2)]; make all", true, true},
	{"echo x\\(y\\); make all", true, true},
	// bash -n runs no shopt, and refuses them; run, the first line
	// turns extglob on for the second.
	{"shopt -s extglob\nmake all @(a|b)", false, true},
	{"shopt -s extglob\nmake all !(x)", false, true},
	// Without it, bash -c refuses the glob (the fuzzer's "A!(A>&01)").
	{"make all @(a|b)", false, false},
	{"make all !(A>&01)", false, false},
	{"shopt -s extglob; make all @(a|b)", false, false},
}

func TestMatchCommandParenAmongWords(t *testing.T) {
	checkMakeRowsMatch(t, cm19ParenRows)
}

func TestParenAmongWordsInBash(t *testing.T) {
	checkMakeRowsInBash(t, cm19ParenRows, true)
}

// TestMatchCommandClobberAndHereStringTables: the descriptor tables
// (finalTable) read ">|" and a here-string as the line's other
// redirections. ">|" never reached them as such: splitRedirections
// writes it ">" (noclobber aside, TestClobberAndHereStringInBash runs
// them under "set -C"), so the table's ">|" case, blind, was dead, and
// so was its tracked reading of both outputs ("&>f", ">&f" are written
// out as "> f 2>&1" first; what is left, ">&$fd" or "&>|f", which bash
// refuses, it follows not, as before). A here-string opened a blind
// table, and a line holding one matched no pattern by its descriptors
// ("make all <<< x 2>o 1>&2" not "make all <<< <s> > <out> 2>&1"); its
// text is now its target, compared as a file's is, and "<<<x" is split
// as "<x" is, so "make all <<<x" matches "make all <<< x" and "0<<<x".
// A here-document stays blind: its body is not its delimiter.
func TestMatchCommandClobberAndHereStringTables(t *testing.T) {
	mt := Compile([]Card{
		{ID: "both", Replaces: []string{"make all > <out> 2>&1"}},
		{ID: "out", Replaces: []string{"make all > <out>"}},
		{ID: "log", Replaces: []string{"make all 2> <log>"}},
		{ID: "make", Replaces: []string{"make all"}},
		{ID: "in", Replaces: []string{"make all < <in> > <out> 2>&1"}},
		{ID: "hs", Replaces: []string{"make all <<< <s> > <out> 2>&1"}},
		{ID: "clob", Replaces: []string{"make all >| <out> 2>&1"}},
		{ID: "x", Replaces: []string{"make all <<<x"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"make all >| c 2>&1", []string{"both", "clob", "out", "make"}},
		{"make all >|c 2>&1", []string{"both", "clob", "out", "make"}},
		{"make all 2>|c 1>&2", []string{"both", "clob", "log", "make"}},
		{"make all 2>c 1>&2", []string{"both", "clob", "log", "make"}},
		{"make all 2>&1 >|c", []string{"out", "make"}},
		{"make all 2>o >| c", []string{"log", "out", "make"}},
		{"make all < i 2>o 1>&2", []string{"in", "log", "make"}},
		{"make all <<< x 2>o 1>&2", []string{"hs", "x", "log", "make"}},
		{"make all <<<x 2>o 1>&2", []string{"hs", "x", "log", "make"}},
		{"make all 0<<<x 2>o 1>&2", []string{"hs", "x", "log", "make"}},
		{"make all > o 2>&1 <<< x", []string{"hs", "both", "clob", "x", "out", "make"}},
		{"make all <<< x 2>&1 >o", []string{"x", "out", "make"}},
		{"make all <<< x", []string{"x", "make"}},
		{"make all <<<'x'", []string{"x", "make"}},
		{"make all <<<y", []string{"make"}},
		{"make all 3<<<x 2>o 1>&2", []string{"log", "make"}},
		{"make all <<EOF 2>o 1>&2\nx\nEOF", []string{"log", "make"}},
	})
}

// TestClobberAndHereStringInBash: what bash 5.2 makes of rows of
// TestMatchCommandClobberAndHereStringTables, under noclobber ("set -C",
// a file "c" there before, which ">|" overwrites and ">" may not), with
// a make that writes "out", "err" >&2 and what it reads to "in".
func TestClobberAndHereStringInBash(t *testing.T) {
	bash := lookBash(t)
	for _, r := range []struct {
		line  string
		files map[string]string // file: what it holds
	}{
		{"make all >| c 2>&1", map[string]string{"c": "out\nerr\n"}},
		{"make all 2>|c 1>&2", map[string]string{"c": "out\nerr\n"}},
		{"make all 2>&1 >|c", map[string]string{"c": "out\n"}},
		{"make all 2>o >| c", map[string]string{"o": "err\n", "c": "out\n"}},
		{"make all > c 2>&1", map[string]string{"c": "before\n", "in": ""}}, // noclobber: make does not run
		{"make all <<< x 2>o 1>&2", map[string]string{"o": "out\nerr\n", "in": "x\n"}},
		{"make all <<<x 2>o 1>&2", map[string]string{"o": "out\nerr\n", "in": "x\n"}},
		{"make all 0<<<x 2>o 1>&2", map[string]string{"o": "out\nerr\n", "in": "x\n"}},
		{"make all > o 2>&1 <<< x", map[string]string{"o": "out\nerr\n", "in": "x\n"}},
		{"make all <<< x 2>&1 >o", map[string]string{"o": "out\n", "in": "x\n"}},
		{"make all <<<'x'", map[string]string{"in": "x\n"}},
		{"make all 3<<<x 2>o 1>&2", map[string]string{"o": "out\nerr\n", "in": ""}},
	} {
		dir := t.TempDir()
		script := "#!/bin/sh\ncat > '" + filepath.Join(dir, "in") + "'\necho out\necho err >&2\n"
		if err := os.WriteFile(filepath.Join(dir, "make"), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "c"), []byte("before\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bash, "-c", "set -C; "+r.line)
		cmd.Dir, cmd.Env = dir, append(os.Environ(), "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"))
		cmd.Stdin = strings.NewReader("")
		_ = cmd.Run()
		for f, want := range r.files {
			got, err := os.ReadFile(filepath.Join(dir, f))
			if err != nil && (want != "" || !os.IsNotExist(err)) || string(got) != want {
				t.Errorf("bash: %q: %s holds %q (%v), want %q", r.line, f, got, err, want)
			}
		}
	}
}
