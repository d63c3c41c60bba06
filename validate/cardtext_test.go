package validate

import (
	"strings"
	"testing"
)

// TestCardSummaryIsOneLine: a summary holding a line break is a
// card-summary-lines warning at the break, as written in the JSON (an
// escape or the character); one ending with one is told to drop it.
func TestCardSummaryIsOneLine(t *testing.T) {
	const at = len(`{"id":"land","command":"bin/land <branch>","summary":"`) + 1 // the column of the summary's first character
	for _, tt := range []struct {
		raw  string // the summary as written in JSON, quotes included
		col  int    // of the finding; 0 for none
		want string
	}{
		{`"Merge a branch.\nThen push main."`, at + 15, `the summary holds a line break ('\n'): a summary is one line, shown one a line by clients of GET /tools and by capreg tools search, which prints the break as an escape (\n) in the middle of it; keep the summary to one line and move the rest to effects or preconditions`},
		{`"Merge a branch.\r\nThen push."`, at + 15, `('\r')`},
		{`"Merge\u2028a branch."`, at + 5, `('\u2028')`},
		{"\"Merge\u2028a branch.\"", at + 5, `('\u2028')`},
		{`"M\u00e9rge\u000aa branch."`, at + 10, `('\n')`},
		{`"Merge a branch.\n"`, at + 15, `remove the line break at its end`},
		{`"Merge a branch. \n "`, at + 16, `remove the line break at its end`},
		{`"Merge a branch."`, 0, ""},
		{`"Merge a branch\t(fast)."`, 0, ""},
	} {
		got := cardAuthorFindings(t, "card-summary-lines", map[string]string{"summary": tt.raw})
		if tt.col == 0 {
			if len(got) > 0 {
				t.Errorf("summary %s: %v, want no finding", tt.raw, got)
			}
			continue
		}
		if len(got) != 1 {
			t.Errorf("summary %s: %v, want one finding", tt.raw, got)
			continue
		}
		if d := got[0]; !strings.Contains(d.Message, tt.want) || d.Severity != Warning || d.Pointer != "/summary" || d.Line != 1 || d.Column != tt.col {
			t.Errorf("summary %s: %s\nwant a warning at 1:%d /summary saying %s", tt.raw, d, tt.col, tt.want)
		}
	}
}
