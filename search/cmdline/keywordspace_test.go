package cmdline

import "testing"

// TestMatchCommandKeywordsAmidWhiteSpace: a pattern's keyword word (in
// capitals, of a tool that reads keywords in any case) matches the line's
// word with white space around it, and a run of it between its words, as
// such a tool reads its text by words: an agent writes a query of several
// lines, "psql -c \"⏎  DROP TABLE x\"", which "psql -c DROP*" did not
// match, its glob meeting the leading blanks. A word of other letters is
// text still, and the keyword must still start the word. A no-break
// space is no white space here either, as it is none to bash nor to the
// tool: it was read as a blank in a word that also held an ASCII one
// ("\u00a0FLUSHALL " matched, "\u00a0FLUSHALL" did not).
func TestMatchCommandKeywordsAmidWhiteSpace(t *testing.T) {
	mt := Compile([]Card{
		{ID: "drop", Replaces: []string{"psql -c DROP*"}},
		{ID: "table", Replaces: []string{"psql * -c 'DROP TABLE *'"}},
		{ID: "flush", Replaces: []string{"redis-cli FLUSHALL"}},
		{ID: "feat", Replaces: []string{"git commit -m feat*"}},
		{ID: "vacuum", Replaces: []string{"psql -c 'VACUUM FULL'"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"psql -c \"\n  DROP TABLE x\"", []string{"drop"}},
		{"psql db -c \"\n  DROP TABLE x;\n\"", []string{"table", "drop"}},
		{"psql db -c '\tdrop table x'", []string{"table", "drop"}},
		{"psql db -c 'DROP\n    TABLE x'", []string{"table", "drop"}},
		{"psql db -c 'DROP TABLE x'", []string{"table", "drop"}},
		{"psql db -c '  drop  table x'", []string{"table", "drop"}},
		{"psql db -c 'DROPTABLE x'", []string{"drop"}},
		{"psql db -c 'SELECT 1; DROP TABLE x'", nil},
		{"psql db -c '-- DROP TABLE x'", nil},
		{"redis-cli '\nFLUSHALL\n'", []string{"flush"}},
		{"redis-cli 'FLUSHALL x'", nil},
		{"git commit -m 'feat: x'", []string{"feat"}},
		{"git commit -m ' feat: x'", nil},
		{"psql -c 'VACUUM\n  FULL'", []string{"vacuum"}}, // a keyword word with no glob
		{"psql -c 'VACUUM FULLY'", nil},
		{"redis-cli '\u00a0FLUSHALL'", nil},
		{"redis-cli '\u00a0FLUSHALL '", nil},
		{"redis-cli ' \u00a0FLUSHALL'", nil},
		{"redis-cli 'FLUSHALL\u00a0\n'", nil},
		{"psql -c 'VACUUM\u00a0FULL'", nil},
		{"psql -c 'VACUUM\u00a0FULL '", nil},
		{"psql -c ' VACUUM \u3000FULL'", nil},
		{"psql -c ' VACUUM \t FULL\n'", []string{"vacuum"}},
	})
}
