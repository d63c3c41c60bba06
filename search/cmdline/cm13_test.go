package cmdline

import "testing"

// TestMatchCommandQuotedAssignment: bash reads a word before the
// command's name as an assignment only where its name and "=" are
// written unquoted and unescaped; its value may be quoted (bash 5.2, a
// stub "A=1" on PATH: "'A=1' make all" runs A=1 with the arguments make
// and all, "A='1' make all" runs make). env and sudo take their
// assignments after the shell has taken the quotes off. The matcher read
// any word of NAME=value text as an assignment, so "make all" matched
// "'A=1' make all".
func TestMatchCommandQuotedAssignment(t *testing.T) {
	mt := Compile([]Card{
		{ID: "make", Replaces: []string{"make all"}},
		{ID: "dry", Replaces: []string{"DRY_RUN=1 make all"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// bash: runs the command A=1 (or B=2, DRY_RUN=1), never make.
		{"'A=1' make all", nil},
		{`"A=1" make all`, nil},
		{"$'A=1' make all", nil},
		{"A'=1' make all", nil},
		{"'A'=1 make all", nil},
		{`A"B"=1 make all`, nil},
		{`\A=1 make all`, nil},
		{`A\=1 make all`, nil},
		{"A=1 'B=2' make all", nil},
		{"'DRY_RUN=1' make all", nil},
		// bash: runs make.
		{"A='1' make all", []string{"make"}},
		{`A="1" make all`, []string{"make"}},
		{`A=\1 make all`, []string{"make"}},
		{"DRY_RUN='1' make all", []string{"dry", "make"}},
		{"env 'DRY_RUN=1' make all", []string{"dry", "make"}},
		{"env 'A=1' make all", []string{"make"}},
		{"sudo 'A=1' make all", []string{"make"}},
	})
}
