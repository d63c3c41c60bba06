package cmdline

import "testing"

// TestMatchCommandGroupOfSeveralBeforeAnOperator: the operator after the
// redirections of a group follows the group's last command, and "&&" or
// "||" reads its status: bash 5.2 (a stub make on PATH that fails) runs
// the second echo of "{ make all; ls; } 2>o && echo" by ls's status, and
// the matcher matched "make all 2> <log> && ls" (and, through the groups'
// final tables, "make all > <out> 2>&1 && ls" for "{ { make all; } 1>&2;
// ls; } 2>o && ls"), as if make's status were the group's. A group of one
// command still stands for it (bash runs no echo after a make that
// fails), nested too, and so does one before a pipe, which make's output
// goes into; by choice, no operator after a group of several stands after
// its first command, a ";" neither ("make all 2> <log>; ls" runs ls just
// after make).
func TestMatchCommandGroupOfSeveralBeforeAnOperator(t *testing.T) {
	mt := Compile([]Card{
		{ID: "both", Replaces: []string{"make all > <out> 2>&1 && ls"}},
		{ID: "log", Replaces: []string{"make all 2> <log> && ls"}},
		{ID: "out", Replaces: []string{"make all > <out> && ls"}},
		{ID: "semi", Replaces: []string{"make all 2> <log>; ls"}},
		{ID: "pipe", Replaces: []string{"make all 2> <log> | cat"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash runs the command after the operator by ls's status.
		{"{ { make all; } 1>&2; ls; } 2>o && ls", nil},
		{"{ make all; ls; } 2>o && ls", nil},
		{"(make all; ls) 2>o && ls", nil},
		{"(make all\nls) 2>o && ls", nil},
		{"{ { make all; } 2>e; ls; } > o && ls", []string{"semi"}}, // "make all 2>e; ls" as written
		{"{ make all 2>e; ls; } > o && ls", []string{"semi"}},
		{"{ make all; ls; } 2>o; ls", nil},
		// make's status is the group's.
		{"{ make all; } 2>o && ls", []string{"log"}},
		{"(make all) 2>o && ls", []string{"log"}},
		{"{ { make all; } 1>&2; } 2>o && ls", []string{"both", "log"}},
		{"{ { make all; } 2>e; } > o && ls", []string{"out"}},
		{"{ make all; } 2>o; ls", []string{"semi"}},
		{"{ make all\n} 2>o && ls", []string{"log"}},
		// make writes into the pipe.
		{"{ make all; ls; } 2>o | cat", []string{"pipe"}},
	})
}

// TestMatchCommandExtraClosingBrace: a "}" where a command starts that
// closes more than the "{" words before it is a syntax error, and bash
// 5.2 runs none of the line, or of the compound command open over the
// lines before it (a stub make on PATH: each row says whether make ran).
// The matcher matched make where a "{" came anywhere before. A "}" that
// is an argument ("echo }"), a case pattern or a word of "[[ … ]]" still
// matches, and so does a function's body.
func TestMatchCommandExtraClosingBrace(t *testing.T) {
	mt := Compile([]Card{{ID: "make", Replaces: []string{"make all"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash: syntax error; make does not run.
		{"{ make all; { ls\n}\n}; }", nil},
		{"{ make all; }; }", nil},
		{"make all; }", nil},
		{"time { make all; }; }", nil},
		{"{ ls; }\nmake all; }", nil},
		// bash: make runs (the lines before the one refused too).
		{"{ make all; }\n}", []string{"make"}},
		{"make all\n{ ls; }; }", []string{"make"}},
		{"f() { make all; }; f", []string{"make"}},
		{"function f { make all; }; f", []string{"make"}},
		{"echo }; make all", []string{"make"}},
		{"echo { }; make all", []string{"make"}},
		{"{ make all; }; echo }", []string{"make"}},
		{"case x in }) ls;; *) make all;; esac", []string{"make"}},
		{"[[ a == } ]]; make all", []string{"make"}},
		{"if true; then { make all; }; fi", []string{"make"}},
		{"echo ${x:-}}; make all", []string{"make"}},
		// bash refuses this too: a word after a group, "}" too, which
		// the matcher took for a match until cm16.
		{"{ make all; } }", nil},
	})
}
