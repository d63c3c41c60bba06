package cmdline

import "testing"

// TestMatchCommandCaseSubjectSubstitution: a case statement's subject is
// one word whatever it is made of, so the "(" after its "in" opens a
// pattern, not a subshell, where the subject is a command substitution
// ("case $(cmd) in (x) make all;; esac 2> err"), in backticks, joined to
// text ("a$(cmd)b"), holding a case statement of its own, or in a case
// arm, as where it is a plain word: bash 5.2 runs make there sending its
// errors to err (checked with a make writing to both outputs), which
// "make all 2> <log>" missed, the "(x)" read as a subshell; and a
// substitution in backticks there runs its command ("cmd" was read as a
// word of the subject). A pattern's words are still no commands.
func TestMatchCommandCaseSubjectSubstitution(t *testing.T) {
	mt := Compile([]Card{
		{ID: "log", Replaces: []string{"make all 2> <log>"}},
		{ID: "cmd", Replaces: []string{"cmd"}},
		{ID: "x", Replaces: []string{"x"}},
		{ID: "y", Replaces: []string{"y"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"case $(cmd) in (x) make all;; esac 2> err", []string{"log", "cmd"}},
		{"case `cmd` in (x) make all;; esac 2> err", []string{"log", "cmd"}},
		{"case $(cmd) in (y) x;; (x) make all;; esac 2> err", []string{"log", "cmd", "x"}},
		{"case $(cmd) in\n(x) make all;; esac 2> err", []string{"log", "cmd"}},
		{"case $(cmd)\nin (x) make all;; esac 2> err", []string{"log", "cmd"}},
		{"case a$(cmd)b in (axb) make all;; esac 2> err", []string{"log", "cmd"}},
		{"case $(case a in (a) cmd;; esac) in (x) make all;; esac 2> err", []string{"log", "cmd"}},
		{"case $(case a in a) cmd;; esac) in (x) make all;; esac 2> err", []string{"log", "cmd"}},
		{"case a in (a) case $(cmd) in (x) make all;; esac;; esac 2> err", []string{"log", "cmd"}},
		{"case `cmd` in (y) x;; esac", []string{"cmd", "x"}},
		{"(case $(cmd) in (x) make all;; esac) 2> err", []string{"log", "cmd"}},
		// As before.
		{"case \"$x\" in (x) make all;; esac 2> err", []string{"log"}},
		{"case in in (in) make all;; esac 2> err", []string{"log"}},
		{"case \"$(cmd)\" in (x) make all;; esac 2> err", []string{"log", "cmd"}},
		{"case $(cmd) in (y) x;; esac", []string{"cmd", "x"}},
		{"case $(cmd) in (x) make all 2>&1;; esac 2> err", []string{"cmd"}},
		{"ls; (make all) 2> err", []string{"log"}},
	})
}
