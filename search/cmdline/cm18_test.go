package cmdline

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestMatchCommandExpandedDuplicationTarget: the target of ">&" holding
// an expansion ("$fd") is known to be neither a descriptor nor a file:
// bash 5.2 copies the descriptor where it expands to a number and sends
// both outputs to a file else (a stub make writing "out" and "err" >&2:
// "make all 2> err >&$fd" with fd=3 writes out to 3's file and err to
// err, with fd=o both to o). It was read as a file, "> $fd 2>&1", and
// matched "make all > <out> 2>&1" and "make all > <out>" both; now it is
// a redirection the tables do not follow (expandedTarget), as "2>&$fd"
// is, and matches no pattern naming either output it may move, while
// "make all", naming none, and a "2> err" after it, which holds either
// way, still match. A target without one is as it was: ">&o" is a file.
func TestMatchCommandExpandedDuplicationTarget(t *testing.T) {
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
		{"make all 2> err >&$fd", []string{"make"}},
		{"make all >&$fd", []string{"make"}},
		{"make all >& $fd", []string{"make"}},
		{"make all >&${fd}", []string{"make"}},
		{`make all >&"$fd"`, []string{"make"}},
		{`make all >& "$fd"`, []string{"make"}},
		{"make all 1>&$fd", []string{"make"}},
		{"make all >&$(echo 3)", []string{"make"}},
		{"make all >&`echo 3`", []string{"make"}},
		{"make all 2>&$fd", []string{"make"}},
		{"make all >&$fd 2> err", []string{"log", "make"}},
		{"(make all >&$fd) 2> err", []string{"make"}},
		// Known targets, as before.
		{"make all 2> err >&o", []string{"both", "out", "make"}},
		{"make all >&o", []string{"both", "out", "make"}},
		{"make all &>$f", []string{"both", "out", "make"}},
		{"make all > $f 2>&1", []string{"both", "out", "make"}},
		{"make all >&2 2> err", []string{"log", "make"}},
	})
}

// TestExpandedDuplicationTargetInBash: what bash 5.2 makes of ">&$fd"
// depends on fd's value, which the line does not show; each row is a
// value and the files make's "out" and "err" reach (descriptor 3 open to
// a file "three" before the line).
func TestExpandedDuplicationTargetInBash(t *testing.T) {
	bash := lookBash(t)
	for _, r := range []struct {
		line, fd string
		files    map[string]string // file: what it holds
	}{
		{"make all 2> err >&$fd", "3", map[string]string{"three": "out\n", "err": "err\n"}},
		{"make all 2> err >&$fd", "o", map[string]string{"o": "out\nerr\n", "err": ""}},
		{"make all 2> err >&$fd", "2", map[string]string{"err": "out\nerr\n"}},
		{"make all >& \"$fd\"", "3", map[string]string{"three": "out\n"}},
		{"make all >& \"$fd\"", "o", map[string]string{"o": "out\nerr\n"}},
	} {
		dir := t.TempDir()
		stubMake(t, dir)
		cmd := exec.Command(bash, "-c", "exec 3> three; "+r.line)
		cmd.Dir, cmd.Env = dir, append(os.Environ(), "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"), "fd="+r.fd)
		_ = cmd.Run()
		for f, want := range r.files {
			if got, _ := os.ReadFile(filepath.Join(dir, f)); string(got) != want {
				t.Errorf("bash: %q with fd=%s: %s holds %q, want %q", r.line, r.fd, f, got, want)
			}
		}
	}
}

// stubMake writes in dir a make that prints "out", and "err" to its
// standard error, and notes each run in dir/ran.
func stubMake(t *testing.T, dir string) {
	t.Helper()
	script := "#!/bin/sh\necho ran >> '" + filepath.Join(dir, "ran") + "'\necho out\necho err >&2\n"
	if err := os.WriteFile(filepath.Join(dir, "make"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
}

// cm18Rows are loops whose body follows the header in the same command
// or is a group, and coproc before a newline: whether bash -n parses
// each, and whether running it runs make (stub make, two arguments, "1"
// on stdin for select). "for x do make all; done", a loop over the
// arguments without "in", matched no card of make: "for" was read as a
// command, its body as its arguments (loopHeader). A name bash takes
// for none ("for 'x' do", "for x-y do") fails the loop when it runs, and
// its body with it. A body in braces ("for x in a; { make all; }", after
// an operator or a newline, or right after "for ((…))"), which bash
// takes for "do … done", the refusal check refused: its "}" closed the
// group and left the loop open. "coproc" then a newline bash refuses
// ("syntax error near unexpected token `newline'"), so the line's make
// never runs; a line before it does.
var cm18Rows = []makeRow{
	{"for x do make all; done", true, true},
	{"for x  do make all; done", true, true},
	{"for x do\nmake all; done", true, true},
	{"for x; do make all; done", true, true},
	{"for x\ndo make all; done", true, true},
	{"for x\n do make all; done", true, true},
	{"for do do make all; done", true, true},
	{"for in do make all; done", true, true},
	{"ls | for x do make all; done", true, true},
	{"for x do A=1 make all; done", true, true},
	{"for x do ! make all; done", true, true},
	{"select x in a; do make all; break; done", true, true},
	{"select x; do make all; break; done", true, true},
	{"select x do make all; break; done", true, true},
	{"for ((i=0;i<2;i++)); do make all; done", true, true},
	{"for ((i=0;i<2;i++)) do make all; done", true, true},
	{"for ((i=0;i<1;i++))\ndo make all; done", true, true},
	{"for x in a b do make all; done", false, false},
	{"echo for x do make all", true, false},
	{"for 'x' do make all; done", true, false}, // "not a valid identifier"
	{"for x-y do make all; done", true, false},
	// a brace body: after an operator or a newline, or "((…))"
	{"for x in a b; { make all; }", true, true},
	{"for x; { make all; }", true, true},
	{"for x\n{ make all; }", true, true},
	{"for x\n\n{ make all; }", true, true},
	{"for x # c\n{ make all; }", true, true},
	{"for x\nin a; { make all; }", true, true},
	{"for x in a\n{ make all; }", true, true},
	{"select x in a; { make all; break; }", true, true},
	{"select x; { make all; break; }", true, true},
	{"select x\n{ make all; break; }", true, true},
	{"for ((i=0;i<1;i++)) { make all; }", true, true},
	{"for ((i=0;i<1;i++)); { make all; }", true, true},
	{"for x in a; { make all; } > o", true, true},
	{"for x in a; { ls; }; make all", true, true},
	{"for x { make all; }", false, false},
	{"for x in a { make all; }", false, false},
	{"for ((i=0;i<1;i++)) in a; do make all; done", false, false},
	{"for x in a; { make all; } }", false, false},
	{"for x in a; { make all; } done", false, false},
	// coproc
	{"coproc make all\nwait", true, true},
	{"coproc\nmake all", false, false},
	{"coproc # c\nmake all", false, false},
	{"coproc\n\nmake all", false, false},
	{"make all; coproc\nmake all", false, false},
	{"if true; then coproc\nmake all; fi", false, false},
	{"make all; coproc", false, false},
	{"coproc", false, false},
	{"coproc \\\nmake all\nwait", true, true},
	{"coproc x\nmake all", true, true},
	{"make all\ncoproc\nmake all", false, true},
}

// TestMatchCommandLoopBodiesAndCoproc matches cm18Rows: a card of make
// exactly where the line runs it.
func TestMatchCommandLoopBodiesAndCoproc(t *testing.T) {
	checkMakeRowsMatch(t, cm18Rows)
}

// TestLoopBodiesAndCoprocRowsAgreeWithBash checks each row of cm18Rows
// with bash -n and by running it with a stub make, where bash is
// installed.
func TestLoopBodiesAndCoprocRowsAgreeWithBash(t *testing.T) {
	checkMakeRowsInBash(t, cm18Rows, true)
}
