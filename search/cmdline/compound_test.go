package cmdline

import "testing"

// compoundRows are lines whose git push runs, or does not, behind the
// shell's reserved words time, coproc and function: each may run a group
// or a "!" pipeline ("time { …; }", "time ! git push", "coproc NAME { …;
// }", "function f { …; }"), where capreg read the "{" or "!" as the name
// of the command time or coproc runs, and "function" as a command of its
// own, and matched nothing (review). A function's body is read as the
// body of "f() { …; }" is, as the commands the line is about to define
// and, as agents write it, call.
var compoundRows = []bashRow{
	{"time { git push --force origin; }", true},
	{"time ! git push --force origin", true},
	{"time -p { git push --force origin; }", true},
	{"coproc { git push --force origin; }; wait", true},
	{"coproc PUSH { git push --force origin; }; wait", true},
	{"coproc git push --force origin; wait", true},
	{"function f { git push --force origin; }; f", true},
	{"function f { cd /tmp && git push --force origin; }; f", true},
	{"time git push --force origin", true},
	{"time { echo git push --force origin; }", false},
	{"function f { echo git push --force origin; }; f", false},
	{"echo function f { git push --force origin; }", false},
	{"time echo { git push --force origin; }", false},
	// Reserved only as a command's first word, unquoted: after sudo,
	// quoted or escaped, time is a program and "{ … }" no group (bash:
	// a syntax error at the "}", and nothing runs).
	{"sudo time { git push --force origin; }", false},
	{"\"time\" { git push --force origin; }", false},
	{"\\time { git push --force origin; }", false},
	{"nohup time ! git push --force origin", false},
	{"x=1 time { git push --force origin; }", false},
	{"! x=1 time { git push --force origin; }", false},
	{">/dev/null time { git push --force origin; }", false},
}

// TestMatchCommandCompoundAfterReservedWords checks compoundRows against
// a card for git push --force.
func TestMatchCommandCompoundAfterReservedWords(t *testing.T) {
	checkRowsMatch(t, Compile([]Card{{ID: "push", Replaces: []string{"git push --force *"}}}), compoundRows)
}

// TestCompoundRowsAgreeWithBash runs each row of compoundRows in bash.
func TestCompoundRowsAgreeWithBash(t *testing.T) {
	checkRowsInBash(t, compoundRows, "")
}
