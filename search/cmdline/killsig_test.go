package cmdline

import (
	"slices"
	"testing"
)

// TestMatchCommandKillSignalNames: kill's signal by name, with or
// without SIG, is its number (bash's kill -l: KILL is 9, TERM 15, HUP 1,
// INT 2), so "kill -KILL 1234" and "kill -SIGKILL 1234" match "kill -9
// <pid>", and the reverse; each matched only the spelling it was
// written in (review).
func TestMatchCommandKillSignalNames(t *testing.T) {
	mt := Compile([]Card{{ID: "nine", Replaces: []string{"kill -9 <pid>"}}, {ID: "named", Replaces: []string{"kill -KILL *"}}})
	for _, tc := range []struct {
		cmd  string
		want []string
	}{
		{"kill -9 1234", []string{"nine", "named"}},
		{"kill -KILL 1234", []string{"nine", "named"}},
		{"kill -SIGKILL 1234", []string{"nine", "named"}},
		{"kill -KILL -1", []string{"nine", "named"}},
		{"kill -TERM 1234", nil},
		{"kill -15 1234", nil},
		{"kill -HUP 1234", nil},
		// The signal given to -s or -n, a name in any case or a number.
		{"kill -s KILL 1234", []string{"nine", "named"}},
		{"kill -s SIGKILL 1234", []string{"nine", "named"}},
		{"kill -s kill 1234", []string{"nine", "named"}},
		{"kill -n 9 1234", []string{"nine", "named"}},
		{"kill -s TERM 1234", nil},
		{"sudo kill -s KILL 1234", []string{"nine", "named"}},
	} {
		// Both cards, in whichever order their specificity gives (a
		// line written as a pattern writes it ranks first).
		if got := matchedIDs(mt, tc.cmd); !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(tc.want))) {
			t.Errorf("MatchCommand(%q) = %v, want %v in any order", tc.cmd, got, tc.want)
		}
	}
}
