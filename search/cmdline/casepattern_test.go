package cmdline

import "testing"

// TestMatchCommandCasePatternIsNoCommand: the words of a case pattern,
// the statement's subject and "in", and a for or select loop's "in" and
// word list are no commands, though an operator or a newline comes
// before them: "x" matched "case x in y) ls;; x) make all;; esac",
// whose ";;" it took for two ";", and "(x)", "y|x)" and "in" after a
// newline ("for v\nin x"), none of which bash 5.2 runs (checked with
// commands x, y and in on PATH). A command after ";" and a newline in an
// arm is one ("ls;\n x": bash runs x), and so is a case pattern's
// substitution.
func TestMatchCommandCasePatternIsNoCommand(t *testing.T) {
	mt := Compile([]Card{
		{ID: "x", Replaces: []string{"x"}},
		{ID: "y", Replaces: []string{"y"}},
		{ID: "in", Replaces: []string{"in"}},
		{ID: "make", Replaces: []string{"make all"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"case x in y) ls;; x) make all;; esac", []string{"make"}},
		{"case x in y|x) ls;; esac", nil},
		{"case x in x|y) ls;; esac", nil},
		{"case x in (x) ls;; esac", nil},
		{"case x in (y|x) ls;; esac", nil},
		{"case x\nin\nx) ls;; esac", nil},
		{"case x in\nx) ls;;\ny) ls;; esac", nil},
		{"case x in x) ls;;\n  y | x) ls;; esac", nil},
		{"case x in x) ls;& x) ls;;& y) ls;; esac", nil},
		{"case x in x) ls\n;;\nx) ls;; esac", nil},
		{"for v\nin x y; do ls; done", nil},
		{"select v\nin x y; do ls; done", nil},
		{"echo $(case x in (x) echo y;; esac) make all", nil},
		// Commands still.
		{"case x in x) ls;\n  x;; esac", []string{"x"}},
		{"case x in x) ls;\n(make all);; esac", []string{"make"}},
		{"case x in x) y; x;; esac", []string{"x", "y"}},
		{"case x in x) ls;; esac; x", []string{"x"}},
		{"case x in $(y)) ls;; esac", []string{"y"}},
		{"case $(x) in y) ls;; esac", []string{"x"}},
		{"for v in a; do x; done", []string{"x"}},
		{"case x in x) case y in y) ls;; esac; x;; esac", []string{"x"}},
	})
}

// TestMatchCommandParenthesizedCasePatternInheritsRedirection: the "("
// of a case pattern written "(x)" opens no subshell (casePatternOpen), so
// the commands of its arm inherit the redirection after "esac" as those
// of an "x)" arm do: "make all 2> <log>" missed "case x in (x) make
// all;; esac 2> err", which bash 5.2 runs sending make's errors to err
// (checked with a make writing to both outputs), after "in", ";;", ";&"
// or a newline. Not where the arm redirects them itself; a subshell after
// ";" and a newline in an arm is one.
func TestMatchCommandParenthesizedCasePatternInheritsRedirection(t *testing.T) {
	mt := Compile([]Card{{ID: "log", Replaces: []string{"make all 2> <log>"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"case x in (x) make all;; esac 2> err", []string{"log"}},
		{"case x in y) ls;; (x) make all;; esac 2> err", []string{"log"}},
		{"case x in (x) make all;& (y) ls;; esac 2> err", []string{"log"}},
		{"case x in\n(x) make all;; esac 2> err", []string{"log"}},
		{"case x in (x|y) make all;; esac 2> err", []string{"log"}},
		// Not the statement's.
		{"case x in (x) make all 2>&1;; esac 2> err", nil},
		{"case x in (x) (make all 2>&1);; esac 2> err", nil},
		// A subshell still.
		{"case x in x) ls;\n(make all);; esac 2> err", []string{"log"}},
		{"case x in x) ls;; esac; (make all) 2> err", []string{"log"}},
	})
}
