package cmdline

import "testing"

// TestMatchCommandRemoteEdges pins the reading of container, pod and host
// commands at the edges the other tests leave out: a command cut short
// after its global options or subcommand (which must run nothing, and
// must not be read past its last word), the long spellings of the flags
// that pass a here-document on (--interactive, --stdin), an option's
// value glued to it that holds the letters of a flag ("-F./ssh.conf" is
// no -f nor -n, and "-Bif=prod" holds -B's value, not the host), compose subcommands other than exec and run, "--" before
// a subcommand or after ssh's destination with nothing after, heroku run
// of one word, flyctl, other heroku and fly subcommands, and options on
// both sides of ssh's destination. Each was a surviving mutant of
// remote.go (the last three of the INVERT_LOGICAL mutator).
func TestMatchCommandRemoteEdges(t *testing.T) {
	mt := Compile([]Card{
		{ID: "migrate", Replaces: []string{"rails db:migrate"}},
		{ID: "psql", Replaces: []string{"psql *"}},
		{ID: "uptime", Replaces: []string{"ssh <host> uptime"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// Cut short: nothing runs, and nothing is read past the end.
		{"docker", nil},
		{"docker --context prod", nil},
		{"docker container", nil},
		{"docker compose", nil},
		{"docker compose -p shop", nil},
		{"docker run --rm --entrypoint", nil},
		{"kubectl", nil},
		{"kubectl -n prod", nil},
		{"ssh -- prod", nil},
		// The long flags that pass the input on.
		{"docker exec --interactive app sh <<'EOF'\nrails db:migrate\nEOF", []string{"migrate"}},
		{"kubectl exec --stdin web -- sh <<'EOF'\nrails db:migrate\nEOF", []string{"migrate"}},
		{"echo 'rails db:migrate' | podman exec --interactive app sh", []string{"migrate"}},
		// A glued value is no flags: -F's file names no -f or -n, -w's
		// directory no -i.
		{"ssh -F./ssh.conf prod bash <<'EOF'\nrails db:migrate\nEOF", []string{"migrate"}},
		{"docker exec -w/srv/inbox app sh <<'EOF'\nrails db:migrate\nEOF", nil},
		// ssh's -B (the first of its options that take a value) holds
		// the value split off its "-Bif=" word: the host is the word
		// after it.
		{"ssh -Bif=prod uptime", nil},
		{"ssh -Bif=eth0 prod uptime", []string{"uptime"}},
		// compose's own subcommands: only exec and run run a command,
		// each with its own options (--env-from-file is compose run's).
		{"docker compose logs -f web rails db:migrate", nil},
		{"docker compose run --env-from-file .env web rails db:migrate", []string{"migrate"}},
		// A "--" before kubectl's subcommand is not the one before the
		// command: "exec rails db:migrate" names the pod rails.
		{"kubectl -- exec rails db:migrate", nil},
		// heroku run of one word, and fly's other name; heroku has no
		// "ssh console".
		{"heroku run 'rails db:migrate'", []string{"migrate"}},
		{"flyctl ssh console -C 'rails db:migrate'", []string{"migrate"}},
		{"heroku ssh console -C 'rails db:migrate'", nil},
		// Only heroku's run, and fly's "ssh console", run a command.
		{"heroku logs --tail rails db:migrate", nil},
		{"fly ssh issue -C 'rails db:migrate'", nil},
		// ssh's options after the destination are read when options
		// came before it too.
		{"ssh -t prod -p 2222 rails db:migrate", []string{"migrate"}},
	})
}
