package cmdline

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// envSplitRows are env commands and whether they run git push --force:
// env's -S (--split-string) splits its value into the command and its
// first arguments, "env -S 'git push' --force" running git push --force
// (GNU env), which matched nothing.
var envSplitRows = []struct {
	line string
	runs bool
}{
	{`env -S 'git push --force'`, true},
	{`env -S 'git push' --force`, true},
	{`env --split-string='git push --force'`, true},
	{`env --split-string 'git push --force'`, true},
	{`env -S'git push --force'`, true},
	{`env -vS 'git push --force'`, true},
	{`env -u HOME -S 'git push --force'`, true},
	{`env -uHOME -S 'git push --force'`, true},
	{`env -C / -S 'git push --force'`, true},
	{`env --unset HOME -S 'git push --force'`, true},
	{`env -v`, false},
	{`env -S 'git status' --force`, false},
	{`env A=1 -S 'git push --force'`, false}, // -S is the command after the assignment
	{`env -- -S 'git push --force'`, false},
	{`env -S`, false},
	{`env -u -S 'git push --force'`, false}, // -S is -u's argument: runs "git push --force" as the command name
}

// TestMatchCommandEnvSplitString: the command env -S gives is read.
func TestMatchCommandEnvSplitString(t *testing.T) {
	mt := Compile([]Card{{ID: "force", Replaces: []string{"git push --force"}}})
	for _, r := range envSplitRows {
		if got := len(matchedIDs(mt, r.line)) > 0; got != r.runs {
			t.Errorf("MatchCommand(%q) matched %v, want %v", r.line, got, r.runs)
		}
	}
}

// TestEnvSplitRowsAgreeWithEnv runs each row of envSplitRows in bash with
// this machine's env, where both are installed and env has -S (GNU
// coreutils 8.30 and later), git a script on the PATH that writes to a
// file when it is given push --force, so that the table says what env does.
func TestEnvSplitRowsAgreeWithEnv(t *testing.T) {
	bash := lookBash(t)
	if exec.Command("env", "-S", "true").Run() != nil {
		t.Skip("no env -S here")
	}
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte("#!/bin/sh\ncase \"$*\" in push*--force*) echo \"git $*\" >> \"$RAN\";; esac\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, r := range envSplitRows {
		dir := t.TempDir()
		ran := filepath.Join(dir, "ran")
		cmd := exec.Command(bash, "-c", r.line)
		cmd.Dir, cmd.Env = dir, append(os.Environ(), "RAN="+ran, "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
		_ = cmd.Run()
		_, err := os.Stat(ran)
		if runs := err == nil; runs != r.runs {
			t.Errorf("env: %q runs git push: %v; the table says %v", r.line, runs, r.runs)
		}
	}
}
