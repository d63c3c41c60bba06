package ojson

import "testing"

// TestConflictMarkerReadsGitsLines: a merge conflict marker is seven '<',
// '|' (diff3's base), '=' or '>' at a line's start, then the line's end
// or, but for '=', a blank (space or tab) and a label; a CR before the
// end is a CRLF checkout's. Six, eight, a label after '=' or none after
// a blank are no marker.
func TestConflictMarkerReadsGitsLines(t *testing.T) {
	for line, want := range map[string]byte{
		"<<<<<<< HEAD": '<', "<<<<<<<": '<', "<<<<<<<\tours": '<', "<<<<<<< HEAD\r": '<',
		"||||||| base": '|', "|||||||": '|',
		"=======": '=', "=======\r": '=',
		">>>>>>> topic": '>', ">>>>>>>\r": '>',
		"<<<<<<x": 0, "<<<<<<": 0, "<<<<<<<<": 0, "<<<<<<<x": 0, "======= label": 0, "========": 0,
		"+++++++ x": 0, " <<<<<<< HEAD": 0, "<<<<<<=": 0,
	} {
		if got := ConflictMarker([]byte(line)); got != want {
			t.Errorf("ConflictMarker(%q) = %q, want %q", line, got, want)
		}
	}
}
