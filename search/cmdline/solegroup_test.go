package cmdline

import "testing"

// TestMatchCommandSoleCommandGroupInAList: a subshell or { …; } group
// holding one command alone stands for it in a list, as its status is
// the command's: "make all && ls" missed "(make all) && ls" and "{ make
// all; } && ls", which bash 5.2 runs as it runs "make all && ls" (ls
// after make alone, checked with a make that fails and one that
// succeeds). Not a group of more commands ("(cd x; make all) && ls"), a
// pipeline ("(make all | tee x) && ls", tee's status), a command in the
// background ("(make all &) && ls": status 0, ls runs whatever make
// gives), an if, a loop or a case statement, nor a substitution ("echo
// $(make all) && ls"); nested groups are not read so ("( (make all) ) &&
// ls", "( { make all; } 2> err ) && ls"), nor a "{" that is an argument
// ("{ ls; echo {; } && ls" holds two commands). A pattern that writes a group matches it as written.
func TestMatchCommandSoleCommandGroupInAList(t *testing.T) {
	mt := Compile([]Card{
		{ID: "and", Replaces: []string{"make all && ls"}},
		{ID: "or", Replaces: []string{"make all || ls"}},
		{ID: "semi", Replaces: []string{"make all; ls"}},
		{ID: "log", Replaces: []string{"make all 2> <log> && ls"}},
		{ID: "echo", Replaces: []string{"echo * && ls"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"(make all) && ls", []string{"and"}},
		{"{ make all; } && ls", []string{"and"}},
		{"(make all;) && ls", []string{"and"}},
		{"(make all\n) && ls", []string{"and"}},
		{"(make all) || ls", []string{"or"}},
		{"{ make all; } || ls", []string{"or"}},
		{"(make all); ls", []string{"semi"}},
		{"{ make all; }; ls", []string{"semi"}},
		{"(sudo make all) && ls", []string{"and"}},
		{"time { make all; } && ls", []string{"and"}},
		{"time (make all) && ls", []string{"and"}},
		{"( { make all; } 2> err ) && ls", nil},
		{"(make all) 2>/dev/null && ls", []string{"log", "and"}},
		{"(make all 2> e) && ls", []string{"log", "and"}},
		// Not the command's status.
		{"(cd x; make all) && ls", nil},
		{"(cd x && make all) && ls", nil},
		{"(make all | tee x) && ls", nil},
		{"(ls | make all) && ls", nil},
		{"(make all &) && ls", nil},
		{"if true; then make all; fi && ls", nil},
		{"while make all; do :; done && ls", nil},
		{"case x in x) make all;; esac && ls", nil},
		{"echo $(make all) && ls", []string{"echo"}},
		{"cat <(make all) && ls", nil},
		{"( (make all) ) && ls", nil},
		{"{ ls; echo {; } && ls", nil},
		// As before.
		{"make all && ls", []string{"and"}},
		{"(make all; ls) && ls", []string{"semi"}},
		{"( { make all; ls; } ) && ls", []string{"semi"}},
	})
}
