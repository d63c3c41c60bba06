package cmdline

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// cm20SelfPatterns are lines that copy a descriptor onto itself inside a
// command substitution or a subshell ("echo $(ls >&1)", "echo $(ls
// 2>&2)", "echo $(ls <&0)"), which bash runs as if the copy were not
// there (the descriptor is open), each a pattern that must match its own
// text (FuzzCommandPatternMatchesItself). None did: at the pattern's
// first redirection, sameEffect read the line's table from the first
// word of the command the cursor last entered by name (echo), across the
// "$(", where lineTable stopped at that operator and said its empty table
// was the command's; a copy onto itself leaves the pattern's table empty
// too, the two agreed, and the cursor went back to the "$(", which the
// pattern's ")" then did not match. A copy of another descriptor (">&2")
// left the tables different and was matched word by word, as it should.
// Now the words after a "(" or "$(" are a command of their own for
// enterBefore and sameEffect, and lineTable is not the command's where
// an operator comes before the cursor. Each line is parse-checked and
// run in bash (cm20SelfRowsInBash).
var cm20SelfPatterns = []string{
	"echo $(ls >&1)",
	"echo $(ls 2>&2)",
	"echo $(ls <&0)",
	"echo $(ls 1>&01)",
	"echo $(ls 0<&00 2>&2 >&1)",
	"echo $(ls 3>&3)",
	"echo a $(ls 2>&2) b >&1",
	"echo x | cat $(ls >&1)",
	"echo $(echo $(ls >&1))",
	"echo $(ls >&1) $(ls 2>&2)",
	"echo x && (ls >&1)",
	"shopt -s extglob\nA!(A>&01)",
	"shopt -s extglob\nA!(A>&1)",
}

func TestMatchCommandSelfCopyInSubstitutionMatchesItself(t *testing.T) {
	for _, s := range cm20SelfPatterns {
		mt := Compile([]Card{{ID: "c", Replaces: []string{s}}})
		if got := matchedIDs(mt, s); len(got) != 1 {
			t.Errorf("pattern %q on its own text: %v, want [c]", s, got)
		}
	}
}

func TestSelfCopyInSubstitutionInBash(t *testing.T) {
	bash := lookBash(t)
	for _, s := range cm20SelfPatterns {
		if out, err := exec.Command(bash, "-n", "-O", "extglob", "-c", s).CombinedOutput(); err != nil || len(out) != 0 {
			t.Errorf("bash -n -O extglob -c %q: %v %s", s, err, out)
		}
	}
}

// TestMatchCommandRedirectionsInSubstitution: the command in a "$(...)"
// has its redirections read as a final table (sameEffect) from its own
// first word, as one outside a substitution has: "echo $(make all >
// <out> 2>&1)" matches "echo $(make all 2>o 1>&2)", which bash runs
// sending make's output and errors to o (cm20SubstitutionInBash), where
// the table was read from echo's and matched none. A copy onto itself
// matches one of another descriptor onto itself (both leave the table as
// it was), never a copy that moves output (">&2", "2>&1").
func TestMatchCommandRedirectionsInSubstitution(t *testing.T) {
	mt := Compile([]Card{
		{ID: "both", Replaces: []string{"echo $(make all > <out> 2>&1)"}},
		{ID: "self", Replaces: []string{"echo $(make all >&1)"}},
		{ID: "make", Replaces: []string{"make all"}},
	})
	checkMatchCommand(t, mt, cm20SubstitutionRows(func(r cm20SubstitutionRow) []string { return r.want }))
}

type cm20SubstitutionRow struct {
	line           string
	want           []string
	stdout, stderr string            // bash's, with a make writing "out", and "err" to its errors
	files          map[string]string // file: what it holds
}

var cm20Substitution = []cm20SubstitutionRow{
	{"echo $(make all 2>o 1>&2)", []string{"both", "make"}, "\n", "", map[string]string{"o": "out\nerr\n"}},
	{"echo $(make all >o 2>&1)", []string{"both", "make"}, "\n", "", map[string]string{"o": "out\nerr\n"}},
	{"echo $(make 2>o all 1>&2)", []string{"both", "make"}, "\n", "", map[string]string{"o": "out\nerr\n"}},
	{"echo $(make all 2>&1 >o)", []string{"make"}, "err\n", "", map[string]string{"o": "out\n"}},
	{"echo $(make all >&1)", []string{"self", "make"}, "out\n", "err\n", nil},
	{"echo $(make all 2>&2)", []string{"self", "make"}, "out\n", "err\n", nil},
	{"echo $(make all 1>&01 <&0)", []string{"self", "make"}, "out\n", "err\n", nil},
	{"echo $(make all >&2)", []string{"make"}, "\n", "out\nerr\n", nil},
	{"echo $(make all 2>&1)", []string{"make"}, "out err\n", "", nil},
}

func cm20SubstitutionRows(want func(cm20SubstitutionRow) []string) []struct {
	cmd  string
	want []string
} {
	var out []struct {
		cmd  string
		want []string
	}
	for _, r := range cm20Substitution {
		out = append(out, struct {
			cmd  string
			want []string
		}{r.line, want(r)})
	}
	return out
}

// TestSubstitutionRedirectionsInBash: where bash 5.2 sends make's output
// and errors for the rows of TestMatchCommandRedirectionsInSubstitution.
func TestSubstitutionRedirectionsInBash(t *testing.T) {
	bash := lookBash(t)
	for _, r := range cm20Substitution {
		dir := t.TempDir()
		stubMake(t, dir)
		var stdout, stderr strings.Builder
		cmd := exec.Command(bash, "-c", r.line)
		cmd.Dir, cmd.Env = dir, append(os.Environ(), "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"))
		cmd.Stdin, cmd.Stdout, cmd.Stderr = strings.NewReader(""), &stdout, &stderr
		_ = cmd.Run()
		if stdout.String() != r.stdout || stderr.String() != r.stderr {
			t.Errorf("bash -c %q: output %q, errors %q, want %q, %q", r.line, stdout.String(), stderr.String(), r.stdout, r.stderr)
		}
		for f, want := range r.files {
			if got, err := os.ReadFile(filepath.Join(dir, f)); err != nil || string(got) != want {
				t.Errorf("bash -c %q: %s holds %q (%v), want %q", r.line, f, got, err, want)
			}
		}
	}
}

// cm20Rows: a card of "make all" matches make in a substitution or a
// group that copies a descriptor onto itself, as before. Each row is run
// in bash.
var cm20Rows = []makeRow{
	{"echo $(make all >&1)", true, true},
	{"echo $(make all 2>&2)", true, true},
	{"echo $(make all <&0)", true, true},
	{"(make all >&1)", true, true},
	{"{ make all 2>&2; }", true, true},
	{"echo $(echo $(make all 1>&01))", true, true},
}

func TestMatchCommandSelfCopyRows(t *testing.T) {
	checkMakeRowsMatch(t, cm20Rows)
}

func TestSelfCopyRowsInBash(t *testing.T) {
	checkMakeRowsInBash(t, cm20Rows, true)
}

// cm20TargetRows: a redirection whose operator bash reads with no word
// after it for its target is a syntax error ("near unexpected token"),
// and bash runs none of the line: the line ends there ("make all >",
// "make all <<"), or an operator comes ("make all > | cat"), or another
// redirection's operator, which the tokens read as part of a word:
// "&>|f" is "&>" then "|", ">&|f" ">&" then "|", ">|&f" ">|" then "&",
// ">&>f" ">&" then ">f", "2>&>f" "2>&" then ">f". They matched a card
// of "make all" (refusal saw no error); targetMissing now refuses them.
// A process substitution, a substitution, a quoted or escaped operator,
// and a copy's descriptor before a redirection (">& 2>f", read ">&2
// >f") are targets bash takes. Each row is run in bash.
var cm20TargetRows = []makeRow{
	{"make all &>|f", false, false},
	{"make all &>| f", false, false},
	{"make all &>>|f", false, false},
	{"make all >&|f", false, false},
	{"make all >& |f", false, false},
	{"make all >|&f", false, false},
	{"make all >&>f", false, false},
	{"make all >&>>f", false, false},
	{"make all 2>&>f", false, false},
	{"make all >& >f", false, false},
	{"make all > &>f", false, false},
	{"make all > <f", false, false},
	{"make all > 2>f", false, false},
	{"make all >", false, false},
	{"make all 2>", false, false},
	{"make all &>", false, false},
	{"make all <<", false, false},
	{"make all > # f", false, false},
	{"make all > ; ls", false, false},
	{"make all > | cat", false, false},
	{"make all <<<|f", false, false},
	{"{ make all; } >", false, false},
	{"ls\nmake all >", false, false},
	{"make all\nls >", false, true},
	// Accepted.
	{"make all &> f", true, true},
	{"make all &>> f", true, true},
	{"make all >| f", true, true},
	{"make all > >(cat)", true, true},
	{"make all >& <(ls)", true, true},
	{"make all >& 2>f", true, true},
	{"make all > 2", true, true},
	{"make all > $(echo f)", true, true},
	{"make all > `echo f`", true, true},
	{`make all 2> \&>f`, true, true},
	{"make all 2> '&>f'", true, true},
	{"make all 2>&1>f", true, true},
	{"make all >& -", true, true},
	{"make all <<< x", true, true},
	{"make all <<EOF\nx\nEOF", true, true},
	{"{ make all; } > f", true, true},
	{"make all > f\\\n>g", true, true},
	{"[[ a > b ]] || make all", true, true},
	{"(( 2 > (1) )) && make all", true, true},
}

func TestMatchCommandRedirectionTargetMissing(t *testing.T) {
	checkMakeRowsMatch(t, cm20TargetRows)
}

func TestRedirectionTargetMissingInBash(t *testing.T) {
	checkMakeRowsInBash(t, cm20TargetRows, true)
}

// cm20ArrayRows: an array's words, "name=(…)", bash 5.2 parses only in
// an assignment, before a command's name or alone ("a=(1) make all",
// "2> o a=(1)"), or as an argument of a builtin that takes assignments
// (declare, typeset, local, export, readonly, alias, eval, let; its name
// unquoted and the command's, not "command declare"), with no
// redirection between that name and it ("declare 2>o a=(1)" is
// refused), after a substitution or a word of any kind but a process
// substitution; the word before "(" is a name, perhaps subscripted, then
// "=" or "+=", unquoted ("declare 'a'=(1)", "declare a$x=(1)" and
// "declare a=x=(1)" are refused). Elsewhere ("echo a=(1)", "make all
// a=(1)") it is a syntax error, and bash runs none of the line; such
// lines matched a card of "make all" (the grammar pushed an array for
// any "(" after a word ending in "="). The grammar now follows where a
// simple command stands (grammar.arrays). Each row is run in bash.
var cm20ArrayRows = []makeRow{
	{"echo a=(1); make all", false, false},
	{"echo x a=(1 2) && make all", false, false},
	{"make all a=(1)", false, false},
	{"make all a+=(1)", false, false},
	{"echo a[1]=(1); make all", false, false},
	{"echo =(1); make all", false, false},
	{"command declare a=(1); make all", false, false},
	{"builtin declare a=(1); make all", false, false},
	{`\declare a=(1); make all`, false, false},
	{`"declare" a=(1); make all`, false, false},
	{"unset a=(1); make all", false, false},
	{"a=(1) echo b=(2); make all", false, false},
	{"2> o echo a=(1); make all", false, false},
	{"declare 2>o a=(1); make all", false, false},
	{"declare a=(1) 2>o b=(2); make all", false, false},
	{"declare 'a'=(1); make all", false, false},
	{"declare a$x=(1); make all", false, false},
	{"declare a=x=(1); make all", false, false},
	{"declare <(ls) a=(1); make all", false, false},
	{"$(echo declare) a=(1); make all", false, false},
	{"declare a=(1) && echo b=(2); make all", false, false},
	{"make all > =(x)", false, false},
	{"make all\necho a=(1)", false, true},
	// Accepted.
	{"declare a=(1); make all", true, true},
	{"local -n a=(1) 2>/dev/null; make all", true, true},
	{"export a+=(1); make all", true, true},
	{"readonly a=(1); make all", true, true},
	{"typeset a=(1); make all", true, true},
	{"alias a=(1) 2>/dev/null; make all", true, true},
	{"eval x=(1); make all", true, true},
	{"let a=(1); make all", true, true},
	{"a=(1) make all", true, true},
	{"a=(1) b=(2) declare c=(3); make all", true, true},
	{"2> o a=(1); make all", true, true},
	{"x=1 declare a=(1); make all", true, true},
	{"time declare a=(1); make all", true, true},
	{"! declare a=(1); make all", true, true},
	{"declare -a x a=(1) b=(2); make all", true, true},
	{"declare -- a=(1) 2>o; make all", true, true},
	{"declare a=$(echo x) b=(1); make all", true, true},
	{"declare a=`echo x` b=(1); make all", true, true},
	{"x=$(echo a)$(echo b) declare c=(1); make all", true, true},
	{"declare $(echo) a=(1); make all", true, true},
	{"> $(echo o) a=(1); make all", true, true},
	{"declare -A m=([k]=v [j]=w); make all", true, true},
	{"declare a=(1) | declare b=(2); make all", true, true},
	{"if declare a=(1); then make all; fi", true, true},
	{"echo $(declare a=(1)); make all", true, true},
	{"f() { local a=(1); }; f; make all", true, true},
}

// cm20ArrayParseRows are parse-checked only: bash takes them, and
// running them fails the assignment ("cannot assign list to array
// member"), which ends bash -c before make.
var cm20ArrayParseRows = []makeRow{
	{"a[$i]=(1); make all", true, true},
	{"declare a b[2]=(1); make all", true, true},
	{"echo a[$i]=(1); make all", false, false},
}

func TestMatchCommandArrayWords(t *testing.T) {
	checkMakeRowsMatch(t, cm20ArrayRows)
	checkMakeRowsMatch(t, cm20ArrayParseRows)
}

func TestArrayWordsInBash(t *testing.T) {
	checkMakeRowsInBash(t, cm20ArrayRows, true)
	checkMakeRowsInBash(t, cm20ArrayParseRows, false)
}
