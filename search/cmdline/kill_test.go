package cmdline

import (
	"slices"
	"testing"
)

// killRows are kill lines that do, or do not, send SIGKILL to a process
// or a group: after the first signal, bash's kill reads a word of a dash
// and digits as a process group, and "-1" as every process it may signal
// (bash's kill.def: "we only process the first [signal] seen; other
// arguments may signify process groups"), so "kill -9 -1", the most
// destructive kill of all, and "kill -9 -4242" matched no "kill -9
// <pid>": the word was read as an option (review).
var killRows = []struct {
	line string
	kill bool
}{
	{"kill -9 1234", true},
	{"kill -9 -1", true},
	{"kill -9 -4242", true},
	{"kill -9 -$PGID", true},
	{"kill -9 -- -4242", true},
	{"kill -KILL -1", true}, // KILL is 9 (TestMatchCommandKillSignalNames)
	{"kill -1 1234", false}, // SIGHUP
	{"kill -15 -1", false},
	{"kill -9 -$", false}, // no process group: bash refuses it
	{"kill -9 -$(cat app.pid)", true},
	{"kill -9 -`cat app.pid`", true},
	{"kill -9 -\"$(cat app.pid)\"", true},
}

// TestMatchCommandKillProcessGroups checks killRows against a card for
// kill -9 <pid>.
func TestMatchCommandKillProcessGroups(t *testing.T) {
	mt := Compile([]Card{{ID: "kill", Replaces: []string{"kill -9 <pid>"}}})
	for _, r := range killRows {
		if got := slices.Contains(matchedIDs(mt, r.line), "kill"); got != r.kill {
			t.Errorf("MatchCommand(%q) matched: %v, want %v", r.line, got, r.kill)
		}
	}
	// A lone "-" ending the line, after the signal, is read without
	// looking past the end for a substitution (it panicked so in a
	// mutant); what it matches is the placeholder's business ("-" is an
	// operand, stdin to most commands).
	matchedIDs(mt, "kill -9 -")
}
