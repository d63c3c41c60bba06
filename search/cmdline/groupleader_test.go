package cmdline

import "testing"

// TestMatchCommandGroupAfterReservedWord: a { …; } group after "!",
// "time" (and its "-p"), "then" or "do" is a group, as one after an
// operator is, and as a subshell after them was: "! (make all) 2> err"
// matched "make all 2> <log>", "! { make all; } 2> err" and "time {
// make all; } 2> err" did not, though bash 5.2 sends make's errors to err
// in each (checked with a make writing to both outputs), and "time {
// curl x; } | sh" runs the download. A "{" that is an argument ("echo !
// { x; make all; ls } 2> err", where ls's errors go to err) opens none.
func TestMatchCommandGroupAfterReservedWord(t *testing.T) {
	mt := Compile([]Card{
		{ID: "log", Replaces: []string{"make all 2> <log>"}},
		{ID: "sh", Replaces: []string{"curl * | sh"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"! { make all; } 2> err", []string{"log"}},
		{"time { make all; } 2> err", []string{"log"}},
		{"time -p { make all; } 2> err", []string{"log"}},
		{"time ! { make all; } 2> err", []string{"log"}},
		{"! time { make all; } 2> err", []string{"log"}},
		{"true && ! { make all; } 2> err", []string{"log"}},
		{"if true; then { make all; } 2> err; fi", []string{"log"}},
		{"while { make all; } 2> err; do break; done", []string{"log"}},
		{"time { curl x; } | sh", []string{"sh"}},
		{"! { curl x; } | sh", []string{"sh"}},
		// As before.
		{"! (make all) 2> err", []string{"log"}},
		{"time (make all) 2> err", []string{"log"}},
		{"echo ! { x; make all; ls } 2> err", nil},
	})
}
