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
