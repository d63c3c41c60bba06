package cmdline

import "testing"

// TestMatchCommandRemoteRedirection pins a choice (README, "what runs in
// a container, a pod or on another host"): a redirection the line writes
// after the command ssh, docker or kubectl runs is read as that command's.
// bash makes "> app.sql" of ssh's own output, on the local host, but ssh
// carries pg_dump's output there, so the dump lands in app.sql, as the
// pattern means. A redirection quoted into the remote script is the
// script's, and a command the line pipes into after ssh is its own.
func TestMatchCommandRemoteRedirection(t *testing.T) {
	mt := Compile([]Card{
		{ID: "dump", Replaces: []string{"pg_dump <db> > <file>"}},
		{ID: "seed", Replaces: []string{"psql * < *.sql"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"ssh host -- pg_dump app > app.sql", []string{"dump"}},
		{"ssh host pg_dump app > app.sql", []string{"dump"}},
		{"ssh host 'pg_dump app > app.sql'", []string{"dump"}},
		{"ssh host 'pg_dump app' > app.sql", []string{"dump"}},
		{"ssh host psql app < seed.sql", []string{"seed"}},
		{"ssh host pg_dump app | gzip > app.sql.gz", nil},
		{"ssh host pg_dump app", nil},
	})
}

// TestMatchCommandRemoteInputNotPassed: a runner that passes no input on
// (docker or kubectl without -i, ssh -n) gives the command it runs none of
// the line's redirection of input, which is then not the command's: psql
// reads no seed.sql. With -i (or compose, or ssh), it is.
func TestMatchCommandRemoteInputNotPassed(t *testing.T) {
	mt := Compile([]Card{
		{ID: "seed", Replaces: []string{"psql * < *.sql"}},
		{ID: "dump", Replaces: []string{"pg_dump <db> > <file>"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"docker exec -i db psql app < seed.sql", []string{"seed"}},
		{"docker exec --interactive db psql app <seed.sql", []string{"seed"}},
		{"docker exec db psql app < seed.sql", nil},
		{"docker exec db psql app 0<seed.sql", nil},
		{"docker compose exec db psql app < seed.sql", []string{"seed"}},
		{"kubectl exec -i db-0 -- psql app < seed.sql", []string{"seed"}},
		{"kubectl exec db-0 -- psql app < seed.sql", nil},
		{"ssh host psql app < seed.sql", []string{"seed"}},
		{"ssh -n host psql app < seed.sql", nil},
		{"ssh -n host 'psql app < seed.sql'", []string{"seed"}},
		{"docker exec db pg_dump app > app.sql", []string{"dump"}},
		{"ssh -n host pg_dump app > app.sql", []string{"dump"}},
	})
}
