package cmdline

import (
	"strings"
	"testing"
)

// TestPatternFaultCommandChoice: a choice of whole commands written with
// a | outside parentheses ("git push --force|git push -f") is a pipe of
// git push into git push, read as shell words (or as a regexp with blanks
// around the |), and matches only a line that pipes so; a regexp that
// starts with a wildcard (".*prod.*") names no command, and lines of any
// command that hold the rest were sent to its card. PatternFault said
// nothing of either. A real pipe between two commands of one name
// (git diff | git apply) and a regexp's alternation touching its
// neighbours, which is anchored as a whole and matches either command,
// are not told, nor a wildcard before an option (any command given it,
// as "<cmd> --force") or before a path's end (".*/bin/rails").
func TestPatternFaultCommandChoice(t *testing.T) {
	tests := []struct{ pat, want string }{
		{"git push --force|git push -f", `the | of "git push --force|git push -f" is a pipe of git push into git push, not a choice of either command, so the pattern matches only a line that pipes so: write each command as a pattern of its own, "git push --force" and "git push -f", or the choice in parentheses, git push (--force|-f)`},
		{"git push --force | git push -f", `or the choice in parentheses, git push (--force|-f)`},
		{"CI=1 git push --force|git push -f", `the | of "git push --force|git push -f" is a pipe`},
		{"git push origin main|git push -f", `write each command as a pattern of its own, "git push origin main" and "git push -f"`},
		{"git push .* --force | git push -f", `is a pipe of git push into git push`},
		{"git push .* --force|git push -f", ""},
		{"git diff | git apply", ""},
		{"kubectl get -o yaml x | kubectl apply -f -", ""},
		{"tar cf - . | tar xf -", ""},
		{"git log | git push", ""},
		{"git push", ""},
		{".*prod.*", `it starts with ".*", which matches the name of any command, so the pattern names none and lines of any command that hold the rest would be sent to this card; a pattern is tried at the start of every command of a line already (after sudo, a | or &&, in bash -c): drop the ".*" ("prod.*") if the rest starts with the command it replaces, or else start it with the command it replaces ("<command> .*prod.*")`},
		{"^.*prod.*$", `("^<command> .*prod.*$")`},
		{"(?i).*drop table.*", `drop the ".*" ("(?i)drop table.*")`},
		{".+rm -rf", `it starts with ".+"`},
		{`\S+prod`, `it starts with "\\S+"`},
		{".* > /dev/null", `names none and lines of any command that hold the rest would be sent to this card; a pattern is tried at the start of every command of a line already (after sudo, a | or &&, in bash -c): start it with the command it replaces ("<command> .* > /dev/null")`},
		{".*", "it names no command"},
		{`\S+ --force`, ""},
		{".* -rf /", ""},
		{".*/bin/rails db:drop", ""},
		{"kubectl .*prod.*", ""},
		{"sudo .*", ""},
		{"curl .* | sh", ""},
	}
	for _, tt := range tests {
		got := PatternFault(tt.pat)
		if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
			t.Errorf("PatternFault(%q) = %q, want %q", tt.pat, got, tt.want)
		}
	}
}

// TestPatternFaultCommandChoiceFixMatches: what the fault says to write
// for a choice of commands matches each command, as the pattern told of
// matched neither.
func TestPatternFaultCommandChoiceFixMatches(t *testing.T) {
	mt := Compile([]Card{
		{ID: "told", Replaces: []string{"git push --force|git push -f"}},
		{ID: "fix", Replaces: []string{"git push (--force|-f)"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"git push --force", []string{"fix"}},
		{"git push -f origin main", []string{"fix"}},
		{"git push origin main", nil},
		{"git push --force | git push -f", []string{"told", "fix"}}, // told: more words matched
	})
	if fault := PatternFault("git push (--force|-f)"); fault != "" {
		t.Errorf("PatternFault of the fix = %q", fault)
	}
}
