package validate

import "testing"

// TestMayHoldMarkerFindsLoopAnywhere: the scanner's pre-filter passes a
// file whose only marker spelling is a misspelt block name wherever an "l"
// comes before it (a double "l" just before, as in "Well"), so the slip is
// reported; and it passes over a file with no marker that ends in an "l",
// without reading past its end (the slices here have no room beyond their
// length).
func TestMayHoldMarkerFindsLoopAnywhere(t *testing.T) {
	tests := []struct {
		src  string
		want bool
	}{
		{"Well, the step:\n<!-- gsd:loophost\nstep: ship\n-->\n", true},
		{"All of it\n<!-- GSD:LOOP_HOST\nstep: ship\n-->\n", true},
		{"<!-- gsd-loop-host\nstep: ship\n-->\nall", true},
		{"<!-- a note -->\nsmall", false},
		{"<!-- a note -->\nl", false},
		{"<!-- a loop note -->\nll", false},
		{"lol", false},
	}
	for _, tt := range tests {
		src := []byte(tt.src)
		src = src[:len(src):len(src)]
		if got := MayHoldMarker(src); got != tt.want {
			t.Errorf("MayHoldMarker(%q) = %v, want %v", tt.src, got, tt.want)
		}
	}
}

// TestMisspeltBlockAfterAMention: a misspelt gsd:loop-host block is
// reported though a comment of a misspelt name that declares no step (a
// mention) comes before it: each such comment is looked at, not the
// first only.
func TestMisspeltBlockAfterAMention(t *testing.T) {
	src := []byte("See <!-- gsd:loophost note --> below.\n\n<!-- gsd-loop-host\nstep: ship\npoints: ship:pre, ship:post\n-->\n")
	mk, diags := ParseMarker("w.md", src)
	want := `w.md:3:6: error [marker-syntax] this comment is named "gsd-loop-host", not gsd:loop-host, so it is not read as a loop-host block and the file declares no step; write <!-- gsd:loop-host`
	if mk != nil || len(diags) != 1 || diags[0].String() != want {
		t.Errorf("ParseMarker = %v, %v\nwant no marker and %s", mk, diags, want)
	}
}
