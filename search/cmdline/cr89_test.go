package cmdline

import "testing"

// TestMatchCommandMoveReopened: a descriptor a move closes ("3-" of
// ">&3-") is one the move sets, as replacedLater reads it
// (finalTable.applyWord): a later redirection that opens it again
// replaces the move's close, so the pattern, which leaves it closed, does
// not match. bash 5.2, with a stub make that prints "out" and "err" >&2:
// "make all >&2- 2> log" sends the output to the errors bash had and the
// errors to log; "3< in <&3- 3< other" leaves 0 on in and 3 on other
// (ls -l /proc/self/fd).
func TestMatchCommandMoveReopened(t *testing.T) {
	mt := Compile([]Card{
		{ID: "moved", Replaces: []string{"make all >&2-"}},
		{ID: "moved-in", Replaces: []string{"make all 3< <in> <&3-"}},
		{ID: "log", Replaces: []string{"make all 2> <log>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"make all >&2-", []string{"moved"}},
		{"make all >&2- 2> log", []string{"log"}},
		{"make all 3< in <&3-", []string{"moved-in"}},
		{"make all 3< in <&3- 3< other", nil},
	})
}
