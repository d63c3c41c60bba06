package cmdline

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// arithmeticRows are lines with arithmetic commands and expansions, and
// whether they run git push --force (or sh on curl's download). Bash
// reads "((…))" and "$((…))" as an expression, whose words run no
// command: "((git push --force))" fails and runs nothing, "curl x |
// ((sh))" runs no sh. A "((" whose inner ")" is not followed by the outer
// one is two subshells, "((cd /tmp) && git push --force)", as in bash;
// a command substitution in the expression runs ("$(( $(git rev-list
// --count HEAD) + 1 ))"), within double quotes too.
var arithmeticRows = []bashRow{
	{"((git push --force))", false},
	{"echo $((git push --force))", false},
	{"a=$((1))git push --force", false}, // the assignment a=1git, then "push"
	{"curl x | ((sh))", false},
	{"((curl x)) | sh", false},
	{"echo 'git push --force' | ((sh))", false},
	{"((cd /tmp) && git push --force)", true},
	{"echo $((cd /tmp) && git push --force)", true},
	{"((n > 5)) || git push --force", true},
	{"x=$((n<<2)); git push --force", true},
	{"for ((i=0;i<1;i++)); do curl x; done | sh", true},
	{"for ((i=0; i<1; i++)); do git push --force; done", true},
	{"while ((i < 1)); do curl x; ((i++)); done | sh", true},
	{"echo $(( (1+2) * 3 )) && git push --force", true},
	// A command substitution in the expression runs.
	{"echo $(( $(git push --force) + 1 ))", true},
	{"(( $(git push --force) + 1 ))", true},
	{"echo \"$(( `git push --force` ))\"", true},
	{"n=$(( $(curl x | sh) + 1 ))", true},
	{"echo $(( $((1+2)) * 3 )) && git push --force", true},
	{"echo $(( $((1+2)) * 3 )); ((git push --force))", false},
	{`echo "$(( 1 + $(( $(git push --force) )) ))"`, true},
	{`echo "$((cd /tmp) && git push --force)"`, true}, // a subshell in a substitution
	{`echo "$(( 1 + 2 )) git push --force"`, false},
}

// TestMatchCommandArithmeticIsText: the words of an arithmetic command
// or expansion are no command's; "((git push --force))" matched git
// push --force and "curl x | ((sh))" curl * | sh.
func TestMatchCommandArithmeticIsText(t *testing.T) {
	checkRowsMatch(t, Compile([]Card{{ID: "pipe", Replaces: []string{"curl * | sh"}}, {ID: "force", Replaces: []string{"git push --force"}}}), arithmeticRows)
}

// TestArithmeticRowsAgreeWithBash runs each row of arithmeticRows in
// bash, where installed, so that the table says what bash does.
func TestArithmeticRowsAgreeWithBash(t *testing.T) {
	checkRowsInBash(t, arithmeticRows, "n=2; i=0; ")
}

// bashRow is a command line of a table and whether it runs, in bash, the
// command its cards replace (git push, or sh on curl's download, as
// ranInBash stubs them).
type bashRow struct {
	line string
	runs bool
}

// checkRowsMatch checks that mt matches each row's line exactly when the
// row says it runs what mt's cards replace.
func checkRowsMatch(t *testing.T, mt *Matcher, rows []bashRow) {
	t.Helper()
	for _, r := range rows {
		if got := matchedIDs(mt, r.line); (len(got) > 0) != r.runs {
			t.Errorf("MatchCommand(%q) = %v, want a match: %v", r.line, got, r.runs)
		}
	}
}

// checkRowsInBash runs each row's line, after prefix, in bash where it is
// installed (ranInBash), so that the table says what bash does; a CRLF
// line end as its LF twin, as capreg reads a pasted one (bash reads the
// "\r" as a character).
func checkRowsInBash(t *testing.T, rows []bashRow, prefix string) {
	t.Helper()
	bash := lookBash(t)
	for _, r := range rows {
		line := prefix + strings.ReplaceAll(r.line, "\r\n", "\n")
		if runs := ranInBash(t, bash, line); runs != r.runs {
			t.Errorf("bash: %q runs what the cards replace: %v; the table says %v", line, runs, r.runs)
		}
	}
}

// lookBash is the path of bash; the test is skipped where there is none.
func lookBash(t *testing.T) string {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash:", err)
	}
	return bash
}

// ranInBash runs line in bash, in a folder of its own, with git and curl
// functions standing for the commands (git writes to a file, curl prints
// a script that does), and reports whether the file was written: whether
// the line ran git, or a shell on curl's download. A file, as a command
// substitution would take their output.
func ranInBash(t *testing.T, bash, line string) bool {
	t.Helper()
	dir := t.TempDir()
	ran := filepath.Join(dir, "ran") // by its path: the line may cd
	cmd := exec.Command(bash, "-c", `git(){ echo "git $*" >> "$RAN"; }; curl(){ echo 'echo curl >> "$RAN"'; }; `+line)
	cmd.Dir, cmd.Env = dir, append(os.Environ(), "RAN="+ran)
	_ = cmd.Run() // bash's complaints (expressions, usage) go to a nil Stderr
	_, err := os.Stat(ran)
	return err == nil
}

// TestMatchCommandArithmeticAfterQuotes: an arithmetic expansion after
// quoted text is copied into its word whole, as one after plain text is
// a slice of the line: "echo \"a\"$((1+2))" is the word a$((1+2)) that a
// pattern written without the quotes names.
func TestMatchCommandArithmeticAfterQuotes(t *testing.T) {
	mt := Compile([]Card{{ID: "sum", Replaces: []string{"echo a$((1+2))"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"echo a$((1+2))", []string{"sum"}},
		{`echo "a"$((1+2))`, []string{"sum"}},
		{`echo 'a'$((1+2)) && ls`, []string{"sum"}},
		{`echo "a"$((1+3))`, nil},
	})
}
