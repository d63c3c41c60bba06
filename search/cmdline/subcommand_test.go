package cmdline

import "testing"

// TestMatchCommandSubcommandBundles: a bundle of short options of a
// command with subcommands (docker, kubectl, git) reads as its options
// when capreg knows each letter as an option of that subcommand, so the
// forms an agent types of one command match each other. Before, "docker
// system prune -af" matched neither "-a -f" nor "--all --force", and
// "git clean -fdx" not "git clean -f -d -x".
func TestMatchCommandSubcommandBundles(t *testing.T) {
	mt := Compile([]Card{
		{ID: "prune", Replaces: []string{"docker system prune -af"}},
		{ID: "exec", Replaces: []string{"docker exec -it * bash"}},
		{ID: "clean", Replaces: []string{"git clean -fdx"}},
		{ID: "commit", Replaces: []string{"git commit -a -m *"}},
		{ID: "kexec", Replaces: []string{"kubectl exec --stdin --tty * -- *"}},
		{ID: "wide", Replaces: []string{"kubectl get pods -o yaml"}},
		{ID: "run", Replaces: []string{"docker run -d -p * *"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"docker system prune -af", []string{"prune"}},
		{"docker system prune -fa", []string{"prune"}},
		{"docker system prune -a -f", []string{"prune"}},
		{"docker system prune --all --force", []string{"prune"}},
		{"docker system prune --force --all", []string{"prune"}},
		{"docker system prune -f", nil},
		// A letter capreg does not know for the subcommand: the line's
		// bundle is not split, and holds the pattern's as written.
		{"docker system prune -afq", []string{"prune"}},
		{"docker system prune -a -f -q", []string{"prune"}},
		{"docker exec -it web bash", []string{"exec"}},
		{"docker exec -ti web bash", []string{"exec"}},
		{"docker exec -i -t web bash", []string{"exec"}},
		{"docker exec --interactive --tty web bash", []string{"exec"}},
		{"docker exec -i web bash", nil},
		{"git clean -fdx", []string{"clean"}},
		{"git clean -xfd", []string{"clean"}},
		{"git clean -f -d -x", []string{"clean"}},
		{"git clean --force -dx", []string{"clean"}},
		{"git clean -fd", nil},
		{"git clean -fdX", nil}, // -X is not -x
		// The last letter may take an argument, the next word.
		{"git commit -am fix", []string{"commit"}},
		{"git commit -a -m fix", []string{"commit"}},
		{"git commit --all --message=fix", []string{"commit"}},
		// An argument letter before the last: its argument is glued.
		{"git commit -ma fix", nil},
		{"git commit -m -a", nil}, // -a is the message
		{"kubectl exec -it db-0 -- psql", []string{"kexec"}},
		{"kubectl exec -ti db-0 -- psql", []string{"kexec"}},
		{"kubectl exec -i db-0 -- psql", nil},
		// -o takes an argument: "-oyaml" is -o yaml, no bundle of letters.
		{"kubectl get pods -o yaml", []string{"wide"}},
		{"kubectl get pods -oy", nil},
		{"docker run -dp 8080:80 nginx", []string{"run"}},
		{"docker run -d -p 8080:80 nginx", []string{"run"}},
		// Past the image, the words are the program's.
		{"docker run nginx -dp 8080:80", nil},
	})
}

// TestRunnerSubcommandNamesNoCommand: the subcommand of docker or
// kubectl names no command it runs, though it is a command's name, so
// its options are the subcommand's ("docker rm -v" removes volumes, rm's
// -v is --verbose); a command the runner runs still is one ("docker exec
// web rm -rf").
func TestRunnerSubcommandNamesNoCommand(t *testing.T) {
	mt := Compile([]Card{
		{ID: "volumes", Replaces: []string{"docker rm --volumes *"}},
		{ID: "rmrf", Replaces: []string{"docker exec * rm -r -f *"}},
		{ID: "kcp", Replaces: []string{"kubectl cp * *"}},
		{ID: "compose", Replaces: []string{"docker compose rm --force --stop"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"docker rm -v web", []string{"volumes"}},
		{"docker rm -fv web", []string{"volumes"}},
		{"docker --context prod rm -v web", []string{"volumes"}},
		{"docker rm --verbose web", nil},
		{"docker exec web rm -rf /tmp/x", []string{"rmrf"}},
		{"docker exec -it web rm -fr /tmp/x", []string{"rmrf"}},
		{"kubectl cp db-0:/dump.sql .", []string{"kcp"}},
		{"docker compose rm -fs", []string{"compose"}},
		{"docker compose rm -sf", []string{"compose"}},
	})
}

// TestMatchCommandLongGlobSpelling: a glob of a long option matches the
// short spelling of the one option whose long spelling it matches, as a
// glob of a short option matches the long one: "git push --force*"
// matched "git push --force" and "--force-with-lease" but not "git push
// -f".
func TestMatchCommandLongGlobSpelling(t *testing.T) {
	mt := Compile([]Card{
		{ID: "force", Replaces: []string{"git push --force*"}},
		{ID: "clean", Replaces: []string{"git clean --f*"}},
		{ID: "curl", Replaces: []string{"curl --f* *"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"git push --force origin main", []string{"force"}},
		{"git push --force-with-lease", []string{"force"}},
		{"git push -f origin main", []string{"force"}},
		{"git push -fu origin main", []string{"force"}},
		{"git push -u origin main", nil},
		{"git push origin -f", []string{"force"}},
		{"git clean -fdx", []string{"clean"}},
		{"git clean -n", nil},
		// --f* is curl's --fail and --form: no one short option.
		{"curl --fail https://x", []string{"curl"}},
		{"curl -f https://x", nil},
		// Not an option there: the argument of git commit's -m.
		{"git commit -m -f", nil},
	})
}

// TestMatchCommandSubcommandBundlesOfLettersAndGlobs: podman's rm letters (-a, -i; -t takes an argument),
// docker rm's -l, a subcommand's letters holding its command's (kubectl
// apply -Rf), and a glob of options counting the options it names, so
// that the card naming the line's bundle goes first; and a glob of a
// bundle matching it in another order.
func TestMatchCommandSubcommandBundlesOfLettersAndGlobs(t *testing.T) {
	mt := Compile([]Card{
		{ID: "podman-rm", Replaces: []string{"podman rm -f *"}},
		{ID: "pod-rm", Replaces: []string{"podman pod rm -f *"}},
		{ID: "docker-rm", Replaces: []string{"docker rm -f *"}},
		{ID: "apply", Replaces: []string{"kubectl apply -R -f *"}},
		{ID: "git-clean", Replaces: []string{"git clean -f*", "git clean -fd*", "git clean --force *"}},
		{ID: "git-clean-ignored", Replaces: []string{"git clean -x*", "git clean -fdx*", "git clean -X*"}},
		{ID: "git-clean-dry", Replaces: []string{"git clean -n*", "git clean --dry-run*"}},
		{ID: "tf-destroy", Replaces: []string{"terraform apply -destroy*"}},
		{ID: "tf-apply", Replaces: []string{"terraform apply -auto-approve*"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"podman rm -fa", []string{"podman-rm"}},
		{"podman rm -af", []string{"podman-rm"}},
		{"podman rm -ft 5 web", []string{"podman-rm"}},
		{"podman pod rm -af", []string{"pod-rm"}},
		{"docker rm -fvl web", []string{"docker-rm"}},
		{"kubectl apply -Rf k8s/", []string{"apply"}},
		{"kubectl delete -Rf k8s/", nil},
		{"git clean -fdx", []string{"git-clean-ignored", "git-clean"}},
		{"git clean -xdf", []string{"git-clean-ignored", "git-clean"}},
		// A glob of one option is a wildcard, which names fewer words
		// than "--force *".
		{"git clean -nf", []string{"git-clean", "git-clean-dry"}},
		{"git clean -fd", []string{"git-clean"}},
		// A one-dash long option's glob names no options of its letters.
		{"terraform apply -destroy -auto-approve", []string{"tf-apply", "tf-destroy"}},
	})
}

// TestMatchCommandOrderOwnLetterFirst: of two equal matches, the one naming the line's own
// letter goes before one made by another spelling, also where its match
// holds only through the line's bundle read as its options; a glob of a
// command capreg does not know names no options by its letters.
func TestMatchCommandOrderOwnLetterFirst(t *testing.T) {
	mt := Compile([]Card{
		{ID: "git-clean", Replaces: []string{"git clean --force *"}},
		{ID: "git-clean-ignored", Replaces: []string{"git clean -x *"}},
		{ID: "docker-interactive", Replaces: []string{"docker run --interactive *"}},
		{ID: "docker-run-detached", Replaces: []string{"docker run -d *"}},
		{ID: "docker-prune-all", Replaces: []string{"docker system prune --all *"}},
		{ID: "docker-prune-force", Replaces: []string{"docker system prune -f *"}},
		{ID: "java-jar", Replaces: []string{"java -jar*"}},
		{ID: "java-heap", Replaces: []string{"java -Xmx4g -jar *"}},
		{ID: "compose-v", Replaces: []string{"docker compose down -v*"}},
		{ID: "compose-volumes", Replaces: []string{"docker compose down --volumes*"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"git clean -fdx build", []string{"git-clean-ignored", "git-clean"}},
		{"git clean -xf build", []string{"git-clean-ignored", "git-clean"}},
		{"docker run -itd ubuntu", []string{"docker-run-detached", "docker-interactive"}},
		{"docker system prune -af", []string{"docker-prune-force", "docker-prune-all"}},
		{"java -Xmx4g -jar app.jar", []string{"java-heap", "java-jar"}},
		{"docker compose down --volumes", []string{"compose-volumes", "compose-v"}},
		{"docker compose down -v", []string{"compose-v", "compose-volumes"}},
	})
}

// A regexp pattern naming its command by a path matches the command so
// written, as a pattern matched by its words does; "bin/rails
// db:(drop|reset).*" matched no line, as the command's name alone was
// tried.
func TestMatchCommandRegexpPathCommand(t *testing.T) {
	mt := Compile([]Card{
		{ID: "rails", Replaces: []string{"bin/rails db:(drop|reset).*"}},
		{ID: "dotrails", Replaces: []string{`^\./bin/rake db:.*`}},
		{ID: "tf", Replaces: []string{"/usr/local/bin/terraform (apply|destroy).*"}},
		{ID: "git", Replaces: []string{"^git push (-f|--force).*"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"bin/rails db:drop", []string{"rails"}},
		{"./bin/rails db:reset", []string{"rails"}},
		{"/work/app/bin/rails db:drop", []string{"rails"}},
		{"rails db:drop", nil},
		{"bin/rails db:migrate", nil},
		{"./bin/rake db:drop", []string{"dotrails"}},
		{"bin/rake db:drop", []string{"dotrails"}},
		{"/work/app/bin/rake db:drop", []string{"dotrails"}},
		{"notbin/rails db:drop", nil},
		{"x/notbin/rails db:drop", nil},
		{"/usr/local/bin/terraform destroy", []string{"tf"}},
		{"terraform destroy", nil},
		{"/usr/bin/git push -f origin", []string{"git"}},
		{"git push --force", []string{"git"}},
	})
	// A path written with regexp syntax: the command as the line writes
	// it, with or without "./".
	mt = Compile([]Card{
		{ID: "opt", Replaces: []string{`(\./)?bin/rails db:(drop|reset).*`}},
		{ID: "any", Replaces: []string{`bin/[a-z]+ --force.*`}},
		{ID: "deep", Replaces: []string{`.*/bin/rails db:drop`}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"./bin/rails db:drop", []string{"deep", "opt"}},
		{"bin/rails db:reset", []string{"opt"}},
		{"rails db:drop", nil},
		{"bin/deploy --force", []string{"any"}},
		{"/x/bin/rails db:drop", []string{"deep"}},
	})
	// Review round 15: groups and alternations before the path.
	mt = Compile([]Card{
		{ID: "phpunit", Replaces: []string{`(vendor/)?bin/phpunit .*`}},
		{ID: "rails", Replaces: []string{`(bin|script)/rails db:.*`}},
		{ID: "py", Replaces: []string{`/usr/(local/)?bin/python3? -m pip install .*`}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"./vendor/bin/phpunit --filter X", []string{"phpunit"}},
		{"./bin/phpunit --filter X", []string{"phpunit"}},
		{"./script/rails db:drop", []string{"rails"}},
		{"/usr/local/bin/python -m pip install requests", []string{"py"}},
		{"python -m pip install requests", nil},
	})
}

// TestMatchCommandOrderCatchAllLongOption: a catch-all regexp of any long option names no option
// and only its dashes, so a glob of one goes first, as does a glob of the
// short spelling, which names the option.
func TestMatchCommandOrderCatchAllLongOption(t *testing.T) {
	mt := Compile([]Card{
		{ID: "a-any", Replaces: []string{"git push --[a-z]*"}},
		{ID: "b-force", Replaces: []string{"git push --force*"}},
		{ID: "c-f", Replaces: []string{"git push -f*"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"git push --force", []string{"b-force", "c-f", "a-any"}},
		{"git push -f", []string{"c-f", "b-force"}},
	})
}

// TestMatchCommandSubcommandAliases: docker names many subcommands twice
// ("docker container rm" is "docker rm", "docker image ls" "docker
// images"), and a pattern that names one matches the line by either name,
// its options read as the subcommand's. Before, "docker rm -f *" did not
// match "docker container rm -f web". A line is matched as written, so a
// pattern of the group ("docker container *") still matches it.
func TestMatchCommandSubcommandAliases(t *testing.T) {
	mt := Compile([]Card{
		{ID: "rm", Replaces: []string{"docker rm -f *"}},
		{ID: "ps", Replaces: []string{"docker container ls"}},
		{ID: "rmi", Replaces: []string{"docker image rm *"}},
		{ID: "prm", Replaces: []string{"podman rm -f *"}},
		{ID: "prmi", Replaces: []string{"podman rmi *"}},
		{ID: "prune", Replaces: []string{"docker container prune"}},
		{ID: "info", Replaces: []string{"docker info"}},
		{ID: "shell", Replaces: []string{"docker container exec -it * bash"}},
		{ID: "build", Replaces: []string{"sudo docker build *"}},
		{ID: "ctx", Replaces: []string{"docker --context prod stop *"}},
		{ID: "group", Replaces: []string{"docker image r*"}},
		{ID: "nshell", Replaces: []string{"nerdctl exec -it * bash"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"docker container rm -f web", []string{"rm"}},
		{"docker container remove --force web", []string{"rm"}},
		{"docker --context prod container rm -fv web", []string{"rm"}},
		{"docker -H ssh://x container rm -f web", []string{"rm"}},
		{"sudo docker container rm -f web", []string{"rm"}},
		{"docker rm -f web", []string{"rm"}},
		{"docker ps -a", []string{"ps"}},
		{"docker container ls -a", []string{"ps"}},
		{"docker container list", []string{"ps"}},
		{"docker container ps", []string{"ps"}},
		{"docker rmi x", []string{"rmi"}},
		{"docker image rm x", []string{"rmi", "group"}},
		{"docker image remove x", []string{"rmi", "group"}},
		{"podman container rm -f web", []string{"prm"}},
		{"podman image rm -f x", []string{"prmi"}},
		// After podman's and nerdctl's own options that take an argument.
		{"podman --root /var/lib/x container rm --force web", []string{"prm"}},
		{"podman --storage-driver overlay rm --force web", []string{"prm"}},
		{"nerdctl --address /run/k3s/containerd.sock container exec --tty --interactive web bash", []string{"nshell"}},
		{"docker system info", []string{"info"}},
		// The options of a subcommand are read by either name: -it is
		// --interactive --tty for docker exec and docker container exec.
		{"docker exec -ti web bash", []string{"shell"}},
		{"docker exec --interactive --tty web bash", []string{"shell"}},
		{"docker container exec -i -t web bash", []string{"shell"}},
		{"docker builder build .", []string{"build"}},
		{"sudo docker image build -t x .", []string{"build"}},
		{"docker --context prod container stop web", []string{"ctx"}},
		// Not another name: prune, a word that is no subcommand, the
		// group of another subcommand.
		{"docker container prune -f", []string{"prune"}},
		{"docker system prune -f", nil},
		{"docker rm -f container", []string{"rm"}},
		{"docker container images", nil},
		{"docker image ls", nil},
		{"docker image rm", []string{"group"}}, // "*" wants a word
		{"echo docker container rm -f x", nil},
	})
}

// TestMatchCommandSubcommandAliasesRenameEachCommand: every docker command of a
// pattern is renamed, together and in turn; a pattern read as a regexp,
// or a subcommand written escaped, is not; and a pattern of the line's
// own name goes before an equal one of another name.
func TestMatchCommandSubcommandAliasesRenameEachCommand(t *testing.T) {
	mt := Compile([]Card{
		{ID: "pipe", Replaces: []string{"docker ps -q | xargs docker rm -f"}},
		{ID: "subst", Replaces: []string{"docker rm -f $(docker ps -aq)"}},
		{ID: "re", Replaces: []string{"docker rmi -f .*"}},
		{ID: "escaped", Replaces: []string{`docker r\m -v *`}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"docker ps -q | xargs docker rm -f", []string{"pipe"}},
		{"docker container ls -q | xargs docker container rm -f", []string{"pipe"}},
		{"docker ps -q | xargs docker container rm -f", []string{"pipe"}},
		{"docker container list -q | xargs docker rm -f", []string{"pipe"}},
		{"docker rm -f $(docker container ls -aq)", []string{"subst"}},
		{"docker container rm -f $(docker container ps -aq)", []string{"subst"}},
		{"docker rmi -f web", []string{"re"}},
		{"docker image rm -f web", nil},
		{"docker rm -v x", []string{"escaped"}},
		{"docker container rmm -v x", nil},
		{"docker container rm -v x", nil},
	})
	ordered := Compile([]Card{
		{ID: "a-remove", Replaces: []string{"docker container remove -f *"}},
		{ID: "b-short", Replaces: []string{"docker rm -f *"}},
		{ID: "c-long", Replaces: []string{"docker container rm -f *"}},
		{ID: "d-any", Replaces: []string{"docker rm *"}},
	})
	checkMatchCommand(t, ordered, []struct {
		cmd  string
		want []string
	}{
		{"docker container rm -f web", []string{"c-long", "a-remove", "b-short", "d-any"}},
		{"docker rm -f web", []string{"b-short", "a-remove", "c-long", "d-any"}},
		{"docker container remove -f web", []string{"a-remove", "b-short", "c-long", "d-any"}},
	})
}

// TestMatchCommandComposeNames: Compose is "docker compose" and
// "docker-compose" (podman's alike), and a pattern of either matches a
// line of the other, its options read as Compose's; docker build is
// docker buildx build. Before, "docker compose up *" did not match
// "docker-compose up -d", nor "docker build *" "docker buildx build .".
func TestMatchCommandComposeNames(t *testing.T) {
	mt := Compile([]Card{
		{ID: "up", Replaces: []string{"docker compose up -d*"}},
		{ID: "down", Replaces: []string{"docker-compose down -v"}},
		{ID: "pup", Replaces: []string{"podman-compose up *"}},
		{ID: "build", Replaces: []string{"docker build *"}},
		{ID: "ctx", Replaces: []string{"docker --context prod compose stop"}},
		{ID: "pipe", Replaces: []string{"docker compose ps -q | xargs docker rm -f"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"docker compose up -d", []string{"up"}},
		{"docker-compose up --detach", []string{"up"}},
		{"docker-compose -f prod.yml up -d web", []string{"up"}},
		{"sudo docker-compose up -d", []string{"up"}},
		{"docker compose down --volumes", []string{"down"}},
		{"docker-compose down -v", []string{"down"}},
		{"podman compose up web", []string{"pup"}},
		{"podman-compose up web", []string{"pup"}},
		{"docker buildx build -t x .", []string{"build"}},
		{"docker container rm -f $(docker compose ps -q)", nil},
		{"docker-compose ps -q | xargs docker container rm -f", []string{"pipe"}},
		// Not Compose's other name: a word between docker and compose,
		// another tool's, another subcommand.
		{"docker --context prod compose stop", []string{"ctx"}},
		{"docker-compose --context prod stop", nil},
		{"podman-compose down -v", nil},
		{"docker compose up", nil},
		{"docker-compose build .", nil},
		{"docker buildx ls", nil},
	})
	// Only Compose's program is a name of Compose's: another command of
	// a docker pattern keeps its name, and a renamed docker command does
	// not lose its place among the writings (review 26: "rm" after "&&"
	// was written "container rm", and the writings ran out first).
	mt = Compile([]Card{
		{ID: "clean", Replaces: []string{"docker ps -aq | xargs docker rm -f && rm -rf data"}},
		{ID: "reset", Replaces: []string{"rm -rf ./data; docker compose down -v"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"docker container list -aq | xargs docker rm -f && rm -rf data", []string{"clean"}},
		{"docker ps -aq | xargs docker container remove -f && rm -rf data", []string{"clean"}},
		{"docker ps -aq | xargs docker rm -f && container rm -rf data", nil},
		{"container rm -rf ./data; docker compose down -v", nil},
		{"rm -rf ./data; docker-compose down -v", []string{"reset"}},
	})
}

// TestMatchCommandRegexpWildcardsByWords: a pattern read as a regular
// expression whose words hold ".*" (".+") is also read by words, with
// each as the glob "*" ("?*"), which is what the regexp means by it; so
// the command may have options the pattern does not name, as for a glob
// pattern. Before, "kubectl logs -f .*" did not match "kubectl -n prod
// logs -f api", as the regexp reads the words in the pattern's order only.
func TestMatchCommandRegexpWildcardsByWords(t *testing.T) {
	mt := Compile([]Card{
		{ID: "logs", Replaces: []string{"kubectl logs -f .*"}},
		{ID: "undo", Replaces: []string{"kubectl rollout undo deployment/.*"}},
		{ID: "helm", Replaces: []string{"helm upgrade --install .+"}},
		{ID: "scale", Replaces: []string{"kubectl scale deployment/.+"}},
		{ID: "rm", Replaces: []string{"rm -rf .*"}},
		{ID: "alt", Replaces: []string{"kubectl exec -it .* -- (bash|sh)"}},
		{ID: "quoted", Replaces: []string{`grep -r '.*' [a-z]+`}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"kubectl logs -f api", []string{"logs"}},
		{"kubectl -n prod logs -f api", []string{"logs"}},
		{"kubectl logs --namespace prod -f api", []string{"logs"}},
		{"kubectl -n prod rollout undo deployment/api", []string{"undo"}},
		{"helm --kube-context prod upgrade -n prod --install billing .", []string{"helm"}},
		{"rm -r -f /tmp/x", []string{"rm"}},
		{"rm --recursive --force x", []string{"rm"}},
		{"kubectl exec -it web -- sh", []string{"alt"}},
		{"kubectl -n prod scale deployment/api", []string{"scale"}},
		// Not the pattern's: a word the regexp wants missing, another
		// object, a word of other regexp syntax read by words.
		{"kubectl logs api", nil},
		{"kubectl -n prod rollout undo statefulset/db", nil},
		{"helm upgrade billing .", nil},
		{"kubectl -n prod scale deployment/", nil},
		{"kubectl -n prod exec -it web -- sh", nil},
		{"grep -r -i x src", nil},
	})
}
