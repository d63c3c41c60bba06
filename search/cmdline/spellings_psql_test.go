package cmdline

import "testing"

// TestMatchCommandPsqlBundles: psql's scripting bundles, "-Atc", "-tAc",
// "-qtAc", "-qXc" (tuples only, unaligned, quiet, no psqlrc, then the
// command), read as the options they are, as "-tc" did: capreg knew only
// -c, -f, -d, -h, -p and -U of psql, and refused a bundle with a letter
// it did not know, so "psql -Atc 'DROP TABLE x'" matched no "psql -c
// DROP*". Each letter is psql 15's (psql --help on this machine); their long spellings
// are the short ones.
func TestMatchCommandPsqlBundles(t *testing.T) {
	mt := Compile([]Card{{ID: "drop", Replaces: []string{"psql -c DROP*"}}, {ID: "quiet", Replaces: []string{"psql -q *"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"psql -Atc 'DROP TABLE x'", []string{"drop"}},
		{"psql -tAc 'DROP TABLE x'", []string{"drop"}},
		{"psql -qtAc 'DROP TABLE x'", []string{"drop", "quiet"}},
		{"psql -qXc 'DROP TABLE x'", []string{"drop", "quiet"}},
		{"psql -XAtc 'DROP TABLE x' app", []string{"drop"}},
		{"psql --tuples-only --no-align --command='DROP TABLE x'", []string{"drop"}},
		{"psql --quiet -f seed.sql", []string{"quiet"}},
		{"psql -Atc 'SELECT 1'", nil},
		{"psql -Atx", nil},
	})
}
