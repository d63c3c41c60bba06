package cmdline

import "testing"

// TestMatchCommandCaseArmInheritsRedirection: a redirection after a case
// statement's "esac" is the statement's, which the commands of its arms
// inherit, as those of an if or a loop do: "make all 2> <log>" missed
// "case x in x) make all;; esac 2> err", as the reading back of make's
// own redirections stopped, refusing, at the pattern's ")", though bash
// 5.2 sends make's errors to err (checked with a make writing to both
// outputs). Not where the arm's command redirects that descriptor itself
// ("make all 2>&1", its errors to the output) nor a copy where it
// redirects any ("make all > out" then "esac 2>&1": its errors go to the
// terminal). Only a case pattern's ")" ends the reading back as an
// operator does, not a substitution's ("(make all 2>&1 > >(tee x)) 2>
// err": make's errors go to the terminal).
func TestMatchCommandCaseArmInheritsRedirection(t *testing.T) {
	mt := Compile([]Card{
		{ID: "log", Replaces: []string{"make all 2> <log>"}},
		{ID: "both", Replaces: []string{"make all > <out> 2>&1"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"case x in x) make all;; esac 2> err", []string{"log"}},
		{"case x in y) ls;; x) make all;; esac 2> err", []string{"log"}},
		{"case x in x) make all;& y) ls;; esac 2> err", []string{"log"}},
		{"case x in x) make all\n;; esac 2> err", []string{"log"}},
		// Not the statement's.
		{"case x in x) make all 2>&1;; esac 2> err", nil},
		{"case x in x) make all > out;; esac 2>&1", nil},
		{"(make all 2>&1 > >(tee x)) 2> err", nil},
		// As before: after an operator in the arm.
		{"case x in x) ls; make all;; esac 2> err", []string{"log"}},
	})
}
