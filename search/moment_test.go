package search

import (
	"slices"
	"testing"
)

// TestMomentRun: a date, a time of day, or both, with seconds, a
// fraction and a zone, are found whole, and numbers joined by colons that
// are no time of day, or part of a longer run, are not.
func TestMomentRun(t *testing.T) {
	for _, tt := range []struct {
		in   string
		i, j int
	}{
		{"2026-12-07T03:14:22.481Z ERROR x", 0, 24},
		{"at 03:12 we rolled back", 3, 8},
		{"rolled back at 03:12.", 15, 20}, // the full stop ends the sentence
		{"E1207 03:02:11.123456 1 reflector.go:138]", 6, 21},
		{"since 2026-12-07", 6, 16},
		{"from 2026-12-12 18:00 to 09:00", 5, 21},
		{"at 3:05", 3, 7},
		{"at 09:00+02:00", 3, 14},
		{"at 09:00-0500 then", 3, 13},
		{"[03:14:22,481]", 1, 13},
		{"[2026-12-07 03:14:22,481] ERROR", 1, 24},
		{"ts=2026-12-07T03:14:22Z", 3, 23},
		{"nginx:12:30", -1, -1},            // a tag after a colon
		{"10.0.12:30", -1, -1},             // after a dot
		{"12:30:45:99", -1, -1},            // four groups: no time
		{"00:11:22:33:44:55", -1, -1},      // an address
		{"12:30.5", -1, -1},                // a dot before a digit after it
		{"12:3", -1, -1},                   // one digit of minutes
		{"16:9", -1, -1},                   // a ratio
		{"112:30", -1, -1},                 // three digits of hours
		{"x12:30", -1, -1},                 // digits of a word
		{"12:30x", -1, -1},                 // a letter joins it to more
		{"2026-12-07T", -1, -1},            // a "T" and no time
		{"reflector.go:138", -1, -1},       // a line number
		{"2026-12-0", -1, -1},              // no day
		{"the 5xx at 02:47?", 11, 16},      // a question mark ends it
		{"cron 0 3 * * *", -1, -1},         // no colon
		{"\u201c03:12\u201d", 3, 8},        // curly quotes
		{"2.4.0 at 03:12", 9, 14},          // after a version
		{"port 8080:80 and 10:30", 17, 22}, // four digits before the colon
		{"at 24:00", 3, 8},
		{"25:30", -1, -1},                     // no hour
		{"at 12:60", -1, -1},                  // no minute
		{"12:30:61 x", -1, -1},                // no second, and a colon before a digit
		{"2026-13-07", -1, -1},                // no month
		{"2026-00-07", -1, -1},                // nor
		{"2026-12-32", -1, -1},                // no day
		{"at 3:05pm", 3, 9},                   // its "pm"
		{"at 3:05 PM sharp", 3, 10},           // after a space
		{"at 12:30:00am", 3, 13},              // after seconds
		{"at 3:05 pmx", 3, 7},                 // a word, not its "pm"
		{"at 3:05pmx", -1, -1},                // a letter joins it to more
		{"app-2026-12-07.log", 4, 14},         // a file's extension
		{"rolled back at 03:12.Then", 15, 20}, // a sentence after it
		{"2026-12-07.1", -1, -1},              // a dot before a digit
		{"“03:12” 24:00", 3, 8},               // the first
	} {
		if i, j := momentRun(tt.in); i != tt.i || j != tt.j {
			t.Errorf("momentRun(%q) = %d, %d, want %d, %d", tt.in, i, j, tt.i, tt.j)
		}
	}
}

// TestQueryTokensMoments: the words of a date or time are asides whatever
// the cards hold, beside those of a version, and the words are the same.
func TestQueryTokensMoments(t *testing.T) {
	var s scratch
	for _, held := range []bool{false, true} {
		for _, tt := range []struct {
			in    string
			raw   []string
			aside []bool
		}{
			{"2026-12-07T03:14:22.481Z ERROR timeout", []string{"2026", "12", "07t03", "14", "22", "481z", "error", "timeout"},
				[]bool{true, true, true, true, true, true, false, false}},
			{"rolled back at 03:12 to v2.4.0", []string{"rolled", "back", "at", "03", "12", "to", "v2", "4", "0"},
				[]bool{false, false, false, true, true, false, true, true, true}},
			{"v2.4.0 at 03:12", []string{"v2", "4", "0", "at", "03", "12"}, []bool{true, true, true, false, true, true}},
			{"nginx:12:30 is down", []string{"nginx", "12", "30", "is", "down"}, []bool{false, false, false, false, false}},
			{"[2026-12-07 03:14:22,481] ERROR", []string{"2026", "12", "07", "03", "14", "22", "481", "error"},
				[]bool{true, true, true, true, true, true, true, false}},
			{"wait 16:9 (02:00)", []string{"wait", "16", "9", "02", "00"}, []bool{false, false, false, true, true}},
			{"the PM at 3:05 PM", []string{"the", "pm", "at", "3", "05", "pm"}, []bool{false, false, false, true, true, true}},
			{"tail app-2026-12-07.log", []string{"tail", "app", "2026", "12", "07", "log"}, []bool{false, false, true, true, true, false}},
			{"25:99 2026-13-45", []string{"25", "99", "2026", "13", "45"}, []bool{false, false, false, false, false}},
		} {
			s.queryTokens(tt.in, func(string) bool { return held })
			if !slices.Equal(s.raw, tt.raw) || !slices.Equal(s.aside, tt.aside) {
				t.Errorf("held %v: queryTokens(%q) = %q %v, want %q %v", held, tt.in, s.raw, s.aside, tt.raw, tt.aside)
			}
		}
	}
}

// TestSearchMomentIsNoWordOfTheNeed: the time a pasted log line holds
// does not put a card whose phrase holds a time of its own first.
func TestSearchMomentIsNoWordOfTheNeed(t *testing.T) {
	ix := Build([]Card{
		{ID: "incident.note", Summary: "Add an entry to the incident timeline.", IntentPhrases: []string{"note that we rolled back at 03:12"}, Risk: "reversible"},
		{ID: "logs.query", Summary: "Search the logs for an error.", IntentPhrases: []string{"grep the logs"}, Risk: "reversible"},
		{ID: "restart", Summary: "Restart a service.", Risk: "reversible"},
	})
	checkFirst(t, ix, "03:12:07 ERROR upstream timeout", "logs.query")
	checkFirst(t, ix, "2026-12-07T03:12:07Z error", "logs.query")
}
