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

// TestMatchCommandPsqlOptionsAfterDatabase: psql reads its options on
// either side of the database (psql 15 here connects by the -h given
// after it: "psql nodb -c 'select 1' -h /nonexistent" fails on that
// socket), so "psql mydb -c 'DROP …'" and "psql \"$DATABASE_URL\" -Atc
// 'DROP …'", the forms agents type most, run the DROP, and matched no
// "psql -c DROP*": capreg took the database for a subcommand.
func TestMatchCommandPsqlOptionsAfterDatabase(t *testing.T) {
	mt := Compile([]Card{{ID: "drop", Replaces: []string{"psql -c DROP*"}}, {ID: "url", Replaces: []string{"psql <url>"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"psql mydb -c 'DROP TABLE x'", []string{"drop", "url"}},
		{`psql "$DATABASE_URL" -Atc 'DROP TABLE x'`, []string{"drop", "url"}},
		{"psql -h db -U app mydb -c 'DROP TABLE x'", []string{"drop", "url"}},
		{"psql mydb -c 'SELECT 1'", []string{"url"}},
		{"psql -d app -f seed.sql", []string{"url"}},
	})
}
