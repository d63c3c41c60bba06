package cmdline

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// makeRow is a command line checked with bash 5.2 (as bashRow is, for
// git and curl): whether "bash -n -c" parses it (parses), and whether
// bash, running it with a stub make on PATH, runs make, or would where a
// case arm or loop it is in were taken (makes), which a card of "make
// all" must then match.
type makeRow struct {
	cmd           string
	parses, makes bool
}

// checkMakeRowsMatch checks that a card of "make all" is the one card
// found for each row's line that runs make, and none for the others.
func checkMakeRowsMatch(t *testing.T, rows []makeRow) {
	t.Helper()
	mt := Compile([]Card{{ID: "make", Replaces: []string{"make all"}}})
	for _, r := range rows {
		if got := matchedIDs(mt, r.cmd); slices.Equal(got, []string{"make"}) != r.makes {
			t.Errorf("MatchCommand(%q) = %v, want make: %v", r.cmd, got, r.makes)
		}
	}
}

// checkMakeRowsInBash checks each row against bash, where it is installed:
// its parses by bash -n (which exits 0 on an error in "[[ … ]]" and
// prints it, so either counts; a here-document's warning does not), and,
// where run, its makes by running the line with a stub make on PATH,
// two arguments ("a", "b") and "1" on its standard input (select's
// choice), for at most 10 s.
func checkMakeRowsInBash(t *testing.T, rows []makeRow, run bool) {
	t.Helper()
	bash := lookBash(t)
	for _, r := range rows {
		out, err := exec.Command(bash, "-n", "-c", r.cmd).CombinedOutput()
		errs := slices.DeleteFunc(strings.Split(strings.TrimSpace(string(out)), "\n"), func(l string) bool {
			return l == "" || strings.Contains(l, "warning: here-document")
		})
		if parses := err == nil && len(errs) == 0; parses != r.parses {
			t.Errorf("bash -n -c %q parses: %v, the row says %v", r.cmd, parses, r.parses)
		}
		if !run {
			continue
		}
		dir := t.TempDir()
		stubMake(t, dir)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cmd := exec.CommandContext(ctx, bash, "-c", r.cmd, "bash", "a", "b")
		cmd.Dir, cmd.Env = dir, append(os.Environ(), "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"))
		cmd.Stdin = strings.NewReader("1\n")
		_ = cmd.Run() // its status is the last command's
		cancel()
		_, err = os.Stat(filepath.Join(dir, "ran"))
		if ran := err == nil; ran != r.makes {
			t.Errorf("bash -c %q runs make: %v, the row says %v", r.cmd, ran, r.makes)
		}
	}
}
