package cmdline

import "testing"

// TestMatchCommandRemote: the command a container, a pod or a remote host
// runs is tried, read as a script: "docker compose exec web rails
// db:migrate" is about to run rails db:migrate. Each matched nothing.
func TestMatchCommandRemote(t *testing.T) {
	mt := Compile([]Card{
		{ID: "migrate", Replaces: []string{"rails db:migrate"}},
		{ID: "psql", Replaces: []string{"psql *"}},
		{ID: "restart", Replaces: []string{"systemctl restart <unit>"}},
	})
	tests := []struct {
		cmd  string
		want []string
	}{
		// docker and podman
		{"docker exec -it app rails db:migrate", []string{"migrate"}},
		{"docker exec -e RAILS_ENV=test -w /app app rails db:migrate", []string{"migrate"}},
		{"docker container exec app rails db:migrate", []string{"migrate"}},
		{"docker --context prod exec app rails db:migrate", []string{"migrate"}},
		{"docker run --rm -it -v $PWD:/app -w /app --name job img rails db:migrate", []string{"migrate"}},
		{"docker run --rm --env-file .env img psql -c 'select 1'", []string{"psql"}},
		{"podman exec app rails db:migrate", []string{"migrate"}},
		{"docker exec app sh -c 'cd /app && rails db:migrate'", []string{"migrate"}},
		{"docker run --rm -v $(pwd):/app -w /app node:20 rails db:migrate", []string{"migrate"}},
		{"docker run --rm -v `pwd`:/src -w /src img rails db:migrate", []string{"migrate"}},
		{"docker run --rm -u $(id -u):$(id -g) -v $PWD:/src img rails db:migrate", []string{"migrate"}},
		{"docker exec -it $(docker ps -qf name=web) rails db:migrate", []string{"migrate"}},
		{"docker run --rm --entrypoint rails img db:migrate", []string{"migrate"}},
		{"docker run --rm --entrypoint=sh img -c 'rails db:migrate'", []string{"migrate"}},
		{"docker run --rm --net host postgres:16 psql -h localhost", []string{"psql"}},
		{"podman exec -l psql -U app", []string{"psql"}},
		{"podman run --rm --pod dev postgres psql -h db", []string{"psql"}},
		{"nerdctl exec app rails db:migrate", []string{"migrate"}},
		{"podman-remote exec app rails db:migrate", []string{"migrate"}},
		// compose
		{"docker compose exec web rails db:migrate", []string{"migrate"}},
		{"docker compose -f compose.prod.yml -p shop exec -T web rails db:migrate", []string{"migrate"}},
		{"docker compose run --rm -e RAILS_ENV=test web rails db:migrate", []string{"migrate"}},
		{"docker-compose run --rm web rails db:migrate", []string{"migrate"}},
		{"docker compose run --rm --entrypoint rails web db:migrate", []string{"migrate"}},
		{"docker compose exec db psql -U app", []string{"psql"}},
		// kubectl
		{"kubectl exec -it deploy/web -- rails db:migrate", []string{"migrate"}},
		{"kubectl -n prod exec -it deploy/web -c app -- bash -c 'rails db:migrate'", []string{"migrate"}},
		{"oc exec pod/db-0 -- psql -c 'select 1'", []string{"psql"}},
		{"kubectl exec $(kubectl get pods -l app=web -o name | head -n1) -- rails db:migrate", []string{"migrate"}},
		{"kubectl run tmp --rm -it --image=postgres -- psql -h db", []string{"psql"}},
		{"kubectl debug -it db-0 --image=postgres -- psql -h localhost", []string{"psql"}},
		{"kubectl --vmodule x=2 exec web -- rails db:migrate", []string{"migrate"}},
		{"oc rsh dc/web rails db:migrate", []string{"migrate"}},
		// ssh and hosting platforms
		{"ssh prod 'cd app && rails db:migrate'", []string{"migrate"}},
		{"ssh -i key -p 2222 -o StrictHostKeyChecking=no deploy@prod rails db:migrate", []string{"migrate"}},
		{"ssh -t prod sudo systemctl restart app", []string{"restart"}},
		{"ssh deploy@prod -t 'sudo systemctl restart app'", []string{"restart"}},
		{"ssh prod -p 2222 -i ~/.ssh/key rails db:migrate", []string{"migrate"}},
		{"ssh prod -- rails db:migrate", []string{"migrate"}},
		{"ssh -- prod -t rails db:migrate", nil}, // after --, -t is the command
		{"ssh -i $(pwd)/key.pem prod sudo systemctl restart nginx", []string{"restart"}},
		{"heroku run -a shop rails db:migrate", []string{"migrate"}},
		{"heroku run rails db:migrate --app shop", []string{"migrate"}},
		{"heroku run bash -c 'rails db:migrate && rails db:seed' -a shop", []string{"migrate"}},
		{"heroku run:detached rails db:migrate", []string{"migrate"}},
		{"sshpass -p secret ssh prod 'rails db:migrate'", []string{"migrate"}},
		{"gcloud --project p beta compute ssh vm --command 'rails db:migrate'", []string{"migrate"}},
		{"fly ssh console -C 'rails db:migrate'", []string{"migrate"}},
		{"vagrant ssh -c 'sudo systemctl restart app'", []string{"restart"}},
		{"gcloud compute ssh vm --zone europe-west1-b --command 'rails db:migrate'", []string{"migrate"}},
		// A here-document or a pipe into a shell there.
		{"ssh prod bash <<'EOF'\ncd app\nrails db:migrate\nEOF", []string{"migrate"}},
		{"ssh prod 'bash -s' <<'EOF'\nrails db:migrate\nEOF", []string{"migrate"}},
		{"ssh prod <<'EOF'\nrails db:migrate\nEOF", []string{"migrate"}},
		{"docker exec -i app sh <<'EOF'\nrails db:migrate\nEOF", []string{"migrate"}},
		{"kubectl exec -i deploy/web -- bash <<'EOF'\nrails db:migrate\nEOF", []string{"migrate"}},
		{"docker compose exec -T web sh <<'EOF'\nrails db:migrate\nEOF", []string{"migrate"}},
		{"echo 'rails db:migrate' | ssh prod bash", []string{"migrate"}},
		{"echo 'rails db:migrate' | docker exec -i app sh", []string{"migrate"}},
		{"ssh prod cat <<'EOF'\nrails db:migrate\nEOF", nil},            // cat prints it
		{"docker exec -i app psql <<'EOF'\nrails db:migrate\nEOF", nil}, // psql reads it, no script; nor is it psql *'s word
		{"ssh -n prod bash <<'EOF'\nrails db:migrate\nEOF", nil},
		{"echo 'rails db:migrate' | ssh -N prod", nil},
		{"docker exec app sh <<'EOF'\nrails db:migrate\nEOF", nil}, // no -i: no input
		{"kubectl exec web -- bash <<'EOF'\nrails db:migrate\nEOF", nil},
		{"echo 'rails db:migrate' | docker exec app sh", nil},
		{"echo 'rails db:migrate' | docker exec -it app sh", []string{"migrate"}},
		{"echo 'rails db:migrate' | ssh -i $(pwd)/key prod", []string{"migrate"}},
		{"echo 'rails db:migrate' | ssh $(whoami)@host", []string{"migrate"}},
		{"ssh $(whoami)@host 'rails db:migrate'", []string{"migrate"}},
		{"ssh ubuntu@$(terraform output -raw ip) 'sudo systemctl restart app'", []string{"restart"}},
		{"ssh host $(cat cmd.txt) rails db:migrate", nil}, // runs what cmd.txt says
		{"echo 'rails db:migrate' | kubectl exec -i $(kubectl get pod -o name) -- sh", []string{"migrate"}},
		// Through nested substitutions, and a command after one that is
		// the container.
		{"docker exec $(echo $(echo web)) rails db:migrate", []string{"migrate"}},
		{"ssh host -p $(echo $(echo 22)) rails db:migrate", []string{"migrate"}},
		{"docker exec $(docker ps -q) /bin/bash -c 'rails db:migrate'", []string{"migrate"}},
		{"docker exec -it $(docker ps -q) /bin/sh -c 'rails db:migrate'", []string{"migrate"}},
		{"docker run --rm --entrypoint '' img rails db:migrate", []string{"migrate"}},
		// Nothing run, or the image's own command; words after a
		// substitution are the outer command's.
		{"echo $(date) rails db:migrate", nil},
		{"echo `pwd` psql -h x", nil},
		{"docker run -v $(pwd):/app img", nil},
		{"docker ps", nil},
		{"docker run --name web -p 80:80 nginx", nil},
		{"docker run --entrypoint rails", nil},     // no image
		{"docker exec -e A=rails db:migrate", nil}, // -e's value, then the container
		{"docker compose up -d", nil},
		{"docker compose logs web rails", nil},
		{"docker build -t rails .", nil},
		{"kubectl get pods -l app=rails", nil},
		{"kubectl exec deploy/web", nil},
		{"kubectl -n exec get pods -- rails db:migrate", nil}, // the namespace is exec
		{"ssh prod", nil},
		{"ssh -N -L 5432:localhost:5432 bastion", nil},
		{"ssh -p rails db:migrate", nil}, // -p's value, then the destination
		{"heroku logs -a shop", nil},
		{"heroku run echo 'x; rails db:migrate'", nil}, // one word to echo
		{"kubectl rsh web rails db:migrate", nil},      // oc's, not kubectl's
		{"vagrant up", nil},
	}
	checkMatchCommand(t, mt, tests)
}

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
