package cmdline

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
)

// optionSpellings are, for a command or one of git's subcommands ("git
// push"), the spellings of its options that mean what one short option
// means: the long option ("--force" is git push's -f) and, for rm and cp,
// another letter (-R is -r). The words of lines and patterns are marked
// with the short one (spellOptions), which a pattern word matches by as
// well as by its text (tokenMatcher.match), so "git push --force *"
// matches "git push -f origin main" and "rm -rf *" "rm --recursive
// --force build", which each matched only the spelling it was written
// in, while "git push --force*" still matches "git push --force". Only
// spellings with one meaning are here: "--force-with-lease" is not
// "--force", git branch's -D is two options, and pg_dump's --dbname is
// not -d (see pgDumpOptions).
var optionSpellings = withCommandSpellings(map[string]map[string]string{
	"rm":    {"--recursive": "-r", "-R": "-r", "--force": "-f", "--verbose": "-v", "--dir": "-d"},
	"cp":    {"--recursive": "-r", "-R": "-r", "--force": "-f", "--archive": "-a", "--verbose": "-v", "--interactive": "-i", "--no-clobber": "-n"},
	"mv":    {"--force": "-f", "--interactive": "-i", "--no-clobber": "-n", "--verbose": "-v"},
	"ln":    {"--symbolic": "-s", "--force": "-f"},
	"mkdir": {"--parents": "-p", "--verbose": "-v"},
	"chmod": {"--recursive": "-R", "--verbose": "-v"},
	"chown": {"--recursive": "-R", "--verbose": "-v"},
	"chgrp": {"--recursive": "-R", "--verbose": "-v"},
	"tail":  {"--follow": "-f", "--lines": "-n"},
	"head":  {"--lines": "-n", "--bytes": "-c"},
	"grep": {"--regexp": "-e", "--file": "-f", "--recursive": "-r", "--ignore-case": "-i", "--line-number": "-n", "--invert-match": "-v",
		"--files-with-matches": "-l", "--extended-regexp": "-E", "--fixed-strings": "-F", "--count": "-c", "--word-regexp": "-w"},
	"sed": {"--in-place": "-i", "--expression": "-e", "--quiet": "-n", "--regexp-extended": "-E", "-r": "-E"},
	"curl": {"--request": "-X", "--header": "-H", "--data": "-d", "--output": "-o", "--silent": "-s", "--location": "-L",
		"--insecure": "-k", "--fail": "-f", "--user": "-u", "--remote-name": "-O", "--include": "-i", "--verbose": "-v",
		"--form": "-F", "--show-error": "-S"},
	"wget":  {"--output-document": "-O", "--quiet": "-q", "--continue": "-c"},
	"rsync": {"--archive": "-a", "--verbose": "-v", "--compress": "-z", "--recursive": "-r", "--dry-run": "-n"},
	"pg_dump": {"--clean": "-c", "--create": "-C", "--format": "-F", "--file": "-f", "--data-only": "-a", "--schema-only": "-s", "--jobs": "-j",
		"--no-owner": "-O", "--table": "-t", "--schema": "-n", "--host": "-h", "--port": "-p", "--username": "-U"},
	"pg_restore": {"--clean": "-c", "--create": "-C", "--format": "-F", "--file": "-f", "--dbname": "-d", "--data-only": "-a", "--schema-only": "-s", "--jobs": "-j",
		"--no-owner": "-O", "--table": "-t", "--schema": "-n", "--host": "-h", "--port": "-p", "--username": "-U"},
	// pip's options with one meaning (pip 24's "pip help install" and
	// "pip help uninstall").
	"pip": {"--yes": "-y", "--requirement": "-r", "--upgrade": "-U", "--editable": "-e", "--quiet": "-q",
		"--verbose": "-v", "--target": "-t", "--constraint": "-c", "--index-url": "-i", "--find-links": "-f"},
	// kill's signals by name, with or without SIG, are their numbers
	// (bash's kill -l): "kill -KILL", "kill -SIGKILL" are "kill -9".
	"kill": {"-KILL": "-9", "-SIGKILL": "-9", "-TERM": "-15", "-SIGTERM": "-15", "-HUP": "-1", "-SIGHUP": "-1",
		"-INT": "-2", "-SIGINT": "-2", "-QUIT": "-3", "-SIGQUIT": "-3"},
	// apt-get(8)'s options with one meaning, as Dockerfiles write them
	// ("apt-get install -qqy curl", "--yes").
	"apt-get": aptSpellings, "apt": aptSpellings,
	// psql's every option but -1, -0, -? and --csv (no letter to spell):
	// "psql -Atc 'DROP …'" is a bundle of three.
	"psql": {"--command": "-c", "--file": "-f", "--dbname": "-d", "--host": "-h", "--port": "-p", "--username": "-U",
		"--list": "-l", "--set": "-v", "--variable": "-v", "--version": "-V", "--no-psqlrc": "-X", "--echo-all": "-a",
		"--echo-errors": "-b", "--echo-queries": "-e", "--echo-hidden": "-E", "--log-file": "-L", "--no-readline": "-n",
		"--output": "-o", "--quiet": "-q", "--single-step": "-s", "--single-line": "-S", "--no-align": "-A",
		"--field-separator": "-F", "--html": "-H", "--pset": "-P", "--record-separator": "-R", "--tuples-only": "-t",
		"--table-attr": "-T", "--expanded": "-x", "--field-separator-zero": "-z", "--no-password": "-w", "--password": "-W"},
	// -f is --filename for apply and delete, and --follow for logs. A
	// subcommand's spellings hold its command's (see withCommandSpellings).
	// -l is --selector, but --labels for run and expose.
	"kubectl": {"--namespace": "-n", "--all-namespaces": "-A", "--output": "-o",
		"--container": "-c", "--recursive": "-R"},
	"kubectl logs":     {"--follow": "-f", "--previous": "-p", "--selector": "-l"},
	"kubectl get":      {"--selector": "-l"},
	"kubectl describe": {"--selector": "-l"},
	"kubectl apply":    {"--filename": "-f", "--kustomize": "-k", "--selector": "-l"},
	"kubectl delete":   {"--filename": "-f", "--kustomize": "-k", "--selector": "-l"},
	"kubectl create":   {"--filename": "-f", "--kustomize": "-k"},
	"kubectl replace":  {"--filename": "-f"},
	"kubectl exec":     {"--stdin": "-i", "--tty": "-t", "--container": "-c"},
	"helm":             {"--namespace": "-n", "--values": "-f", "--install": "-i"}, // -i of helm upgrade
	"npm":              {"--global": "-g", "--save-dev": "-D", "--force": "-f"},

	"git push":     {"--push-option": "-o", "--force": "-f", "--delete": "-d", "--set-upstream": "-u", "--dry-run": "-n", "--verbose": "-v", "--quiet": "-q"},
	"git clean":    {"--force": "-f", "--dry-run": "-n", "--quiet": "-q", "--interactive": "-i"},
	"git branch":   {"--delete": "-d", "--force": "-f", "--all": "-a", "--move": "-m", "--remotes": "-r"},
	"git commit":   {"--message": "-m", "--all": "-a", "--no-verify": "-n", "--quiet": "-q", "--signoff": "-s"},
	"git checkout": {"--force": "-f", "--quiet": "-q"},
	"git add":      {"--all": "-A", "--force": "-f", "--patch": "-p", "--update": "-u"},
	"git rebase":   {"--interactive": "-i"},
	"git pull":     {"--rebase": "-r", "--force": "-f"},
	"git fetch":    {"--prune": "-p", "--force": "-f", "--tags": "-t"},
	"git tag":      {"--delete": "-d", "--force": "-f", "--annotate": "-a", "--message": "-m"},
	"git rm":       {"--force": "-f", "--quiet": "-q"},

	"docker run":             {"--detach": "-d", "--interactive": "-i", "--tty": "-t", "--volume": "-v", "--publish": "-p", "--env": "-e", "--user": "-u", "--workdir": "-w"},
	"docker exec":            {"--detach": "-d", "--interactive": "-i", "--tty": "-t", "--env": "-e", "--user": "-u", "--workdir": "-w"},
	"docker system prune":    {"--all": "-a", "--force": "-f"},
	"docker image prune":     {"--all": "-a", "--force": "-f"},
	"docker volume prune":    {"--all": "-a", "--force": "-f"},
	"docker container prune": {"--force": "-f"},
	"docker network prune":   {"--force": "-f"},
	"docker builder prune":   {"--all": "-a", "--force": "-f"},
	"docker rm":              dockerRm,
	"docker pod rm":          {"--force": "-f", "--all": "-a", "--ignore": "-i"}, // podman's
	"docker rmi":             {"--force": "-f"},
	"docker compose down":    {"--volumes": "-v"},
	"docker compose up":      {"--detach": "-d"},
	"docker compose rm":      {"--force": "-f", "--stop": "-s", "--volumes": "-v"},
	"docker-compose down":    {"--volumes": "-v"},
	"docker-compose up":      {"--detach": "-d"},
	"docker-compose rm":      {"--force": "-f", "--stop": "-s", "--volumes": "-v"},
})

// dockerRm are docker rm's spellings, with podman's (--all, --ignore).
var dockerRm = map[string]string{"--force": "-f", "--volumes": "-v", "--link": "-l", "--all": "-a", "--ignore": "-i"}

// withCommandSpellings adds to the spellings of each subcommand those of
// its command it does not spell itself (kubectl's --namespace is -n for
// kubectl logs too), and returns them. It runs as optionSpellings is
// made, before the tables made from it (optionLetters): an init function
// runs after them, and kubectl apply's letters lacked kubectl's -R.
func withCommandSpellings(spellings map[string]map[string]string) map[string]map[string]string {
	for key, spell := range spellings {
		name, _, ok := strings.Cut(key, " ")
		if !ok {
			continue
		}
		for long, short := range spellings[name] {
			if _, own := spell[long]; !own {
				spell[long] = short
			}
		}
	}
	return spellings
}

// spellingNames are the commands whose options are spelled as another's:
// podman's and nerdctl's as docker's, OpenShift's oc as kubectl's.
var spellingNames = map[string]string{"podman": "docker", "podman-remote": "docker", "nerdctl": "docker",
	"podman-compose": "docker-compose", "oc": "kubectl"}

// spellingName is the command whose options the command name's are
// spelled as: itself, or its spellingNames entry.
func spellingName(name string) string {
	if s, ok := spellingNames[name]; ok {
		return s
	}
	if _, known := optionSpellings[name]; !known {
		if base := withoutVersion(name); optionSpellings[base] != nil {
			return base // "pip3" is pip, as namesVersioned reads it
		}
	}
	return name
}

// subcommandGroups are, for a command of runsInside that takes a
// subcommand, its subcommands that take one of their own ("docker
// container rm", "docker compose exec"): a word after it is the
// subcommand, which names no command the runner runs (wordCommand.sub).
var subcommandGroups = map[string]map[string]bool{
	"docker": {"compose": true, "container": true, "image": true, "volume": true, "network": true, "system": true,
		"builder": true, "buildx": true, "context": true, "plugin": true, "swarm": true, "service": true, "stack": true,
		"node": true, "secret": true, "config": true, "trust": true, "manifest": true, "pod": true, "machine": true},
	"docker-compose": {},
	"kubectl":        {"config": true, "rollout": true, "auth": true, "set": true, "top": true, "certificate": true, "create": true},
}

// dockerNames are the names docker gives one subcommand, its own first
// and then those in its groups of subcommands: docker container rm is
// docker rm, docker image ls docker images. podman and nerdctl name
// theirs alike. Inspect, prune and df are not here: docker inspect reads
// any object, and docker container prune is no docker prune.
var dockerNames = [][]string{
	{"rm", "container rm", "container remove"}, {"ps", "container ls", "container list", "container ps"},
	{"rmi", "image rm", "image remove"}, {"images", "image ls", "image list"},
	{"build", "image build", "builder build", "buildx build"}, {"run", "container run"}, {"exec", "container exec"},
	{"start", "container start"}, {"stop", "container stop"}, {"restart", "container restart"},
	{"kill", "container kill"}, {"logs", "container logs"}, {"create", "container create"},
	{"attach", "container attach"}, {"commit", "container commit"}, {"cp", "container cp"},
	{"diff", "container diff"}, {"export", "container export"}, {"pause", "container pause"},
	{"unpause", "container unpause"}, {"port", "container port"}, {"rename", "container rename"},
	{"stats", "container stats"}, {"top", "container top"}, {"update", "container update"},
	{"wait", "container wait"}, {"history", "image history"}, {"import", "image import"},
	{"load", "image load"}, {"save", "image save"}, {"pull", "image pull"}, {"push", "image push"},
	{"tag", "image tag"}, {"events", "system events"}, {"info", "system info"},
}

// composeNames are the two names of Compose, a docker plugin that was a
// program of its own and still is on many machines (and podman's): a
// pattern of one matches a line of the other, "docker compose up *"
// "docker-compose up -d". The plugin's name counts only right after the
// command's ("docker compose", not "docker --context prod compose", which
// docker-compose cannot be given).
var composeNames = [][]string{{"docker compose", "docker-compose"}, {"podman compose", "podman-compose"}}

// composeCommand reports whether name is Compose's own program's
// (docker-compose, podman-compose), the one name of composeNames that is
// a command's.
func composeCommand(name string) bool {
	return slices.ContainsFunc(composeNames, func(names []string) bool { return names[1] == name })
}

// dockerNameVariants are the pattern raw, of docker commands (or
// podman's, nerdctl's), written with the other names docker gives the
// subcommands it names (dockerNames) and with Compose's other name
// (composeNames), each docker command's in turn and together: "docker container rm -f *" and "docker container remove -f
// *" for "docker rm -f *", and for "docker ps -q | xargs docker rm -f"
// also "docker container ls -q | xargs docker container rm -f"; at most
// maxNameVariants. A line is matched as written, so one card's "docker
// rm -f *" matches "docker container rm -f web" through the first, and
// "docker container *" still matches what it did. Only a subcommand
// written out counts, not a glob or a placeholder ("docker container
// r*"), nor a quoted or escaped word, nor one a runner runs ("ssh host
// docker ps"), nor a pattern read as a regexp ("docker rm -f web-[0-9]*"
// too), whose runs validation counts (PatternRuns). nil for a pattern of
// no such subcommand.
func dockerNameVariants(raw string) []string {
	return dockerNameVariantsOf(raw, readPattern(raw))
}

// dockerNameVariantsOf is dockerNameVariants of raw read as rd.
func dockerNameVariantsOf(raw string, rd patternReading) []string {
	if len(raw) > MaxLine || !mayNameDocker(raw) {
		return nil // most patterns: no second reading; nor one longer than any line Match reads
	}
	pat := rd.pat // as compilePattern reads it
	if rd.isRegexp() {
		return nil // its runs are what validation counts (PatternRuns)
	}
	toks := readWords(shellTokensUpTo(pat, maxLiteralTokens))
	var subs []dockerSub
	var names [][]string // each sub's names, its own first
	for _, sub := range dockerSubcommands(toks, commandStarts(toks)) {
		if strings.Join(strings.Fields(pat[sub.from:sub.to]), " ") != sub.name {
			continue // "r\m": not as written
		}
		if all := namesOf(sub.key, sub.name); all != nil {
			subs = append(subs, sub)
			own := slices.Index(all, sub.name)
			names = append(names, append([]string{sub.name}, slices.Delete(slices.Clone(all), own, own+1)...))
		}
	}
	var out []string
	// Their text together is at most about MaxLine bytes, so that a card
	// of many long docker patterns costs to compile about twice what it
	// did, not 16 times (a pipe of 340 docker commands took 120 ms).
	for _, pick := range namePicks(names, min(maxNameVariants, MaxLine/max(len(pat), 1))) {
		variant := pat
		for i := len(subs) - 1; i >= 0; i-- { // from the last, so offsets hold
			variant = variant[:subs[i].from] + names[i][pick[i]] + variant[subs[i].to:]
		}
		out = append(out, variant)
	}
	return out
}

// namePicks are up to limit choices of one name for each of a pattern's
// docker subcommands, names[i] being the i-th one's, its own first:
// every choice but all its own, those naming each command in one group
// first ("docker container ls | xargs docker container rm" for "docker
// ps | xargs docker rm"), then those of the n-th other name of each, as a
// pattern writes its commands alike.
func namePicks(names [][]string, limit int) [][]int {
	var out [][]int
	seen := map[string]bool{}
	add := func(pick []int) {
		key := fmt.Sprint(pick)
		if len(out) < limit && !seen[key] && slices.ContainsFunc(pick, func(k int) bool { return k > 0 }) {
			seen[key] = true
			out = append(out, slices.Clone(pick))
		}
	}
	pick := make([]int, len(names))
	for _, group := range groupsOf(names) { // each command in the group: "container ls", "container rm"
		for i, n := range names {
			pick[i] = max(0, slices.IndexFunc(n, func(name string) bool { return strings.HasPrefix(name, group+" ") }))
		}
		add(pick)
	}
	widest := 0
	for _, n := range names {
		widest = max(widest, len(n))
	}
	for d := 1; d < widest; d++ {
		for i, n := range names {
			pick[i] = min(d, len(n)-1)
		}
		add(pick)
	}
	clear(pick)
	for len(out) < limit { // every other choice, as an odometer counts
		i := len(pick) - 1
		for i >= 0 && pick[i] == len(names[i])-1 {
			pick[i] = 0
			i--
		}
		if i < 0 {
			break
		}
		pick[i]++
		add(pick)
	}
	return out
}

// groupsOf are the groups ("container", "image") of the names of names,
// sorted.
func groupsOf(names [][]string) []string {
	var groups []string
	for _, n := range names {
		for _, name := range n {
			if group, _, ok := strings.Cut(name, " "); ok && !slices.Contains(groups, group) {
				groups = append(groups, group)
			}
		}
	}
	slices.Sort(groups)
	return groups
}

// maxNameVariants is the most other writings dockerNameVariants gives a
// pattern: a pipe of two docker commands of four names each has 15, and
// one of three, of two to four names each, 23, of which those naming
// each command alike come first.
const maxNameVariants = 15

// helmNames are the names helm 3 gives one subcommand, its own first:
// "helm delete", Helm 2's, which agents still type, is helm uninstall.
var helmNames = [][]string{{"uninstall", "delete", "del", "un"}, {"list", "ls"}, {"history", "hist"},
	{"dependency", "dep", "dependencies"}}

// namesOf are the names of the subcommand name of the command key,
// docker (with Compose's) or helm, or nil.
func namesOf(key, name string) []string {
	tables := [][][]string{dockerNames, composeNames}
	if key == "helm" {
		tables = [][][]string{helmNames}
	}
	for _, table := range tables {
		for _, names := range table {
			if slices.Contains(names, name) {
				return names
			}
		}
	}
	return nil
}

// mayNameDocker reports whether pat holds the name of docker, of a
// command whose options are spelled as docker's (spellingNames), or of
// helm: a command whose subcommands have other names (namesOf).
func mayNameDocker(pat string) bool {
	if strings.Contains(pat, "docker") || strings.Contains(pat, "helm") {
		return true
	}
	for name, as := range spellingNames {
		if as == "docker" && strings.Contains(pat, name) {
			return true
		}
	}
	return false
}

// dockerSub is a subcommand of a docker command, as pat[from:to] of the
// pattern its words were read from: one word ("rm"), a group's and its
// own ("container rm"), or Compose's name with the command's ("docker
// compose", "docker-compose"), name.
type dockerSub struct {
	from, to int
	name     string
	key      string // the command: docker (podman's and nerdctl's too) or helm
}

// dockerSubcommands finds the subcommand of each docker command of toks
// ("sudo docker rm", "xargs docker rm" too), past docker's own options,
// each written as a plain word, and the name of each Compose command, in
// order.
func dockerSubcommands(toks []shellToken, starts []int) []dockerSub {
	var out []dockerSub
	var k optionKey
	plain := func(t shellToken) bool {
		return !t.op && !t.quoted && !t.glued && !t.dot && !strings.ContainsAny(t.text, globChars+"<")
	}
	afterName := false // the word before was the command's name, as written
	for j, t := range toks {
		key, named := k.key, afterName
		word := k.read(toks, j, starts)
		afterName = word == commandWord && plain(t)
		if afterName && composeCommand(t.text) {
			out = append(out, dockerSub{t.off, t.off + len(t.text), t.text, "docker"}) // docker-compose
			continue
		}
		if word != subcommandWord || key != "docker" && key != "helm" || subcommandArguments[key][toks[j-1].text] || !plain(t) {
			continue // not docker's subcommand as written: "docker --context prod", "docker 'rm'"
		}
		if key == "helm" {
			out = append(out, dockerSub{t.off, t.off + len(t.text), t.text, key})
			continue
		}
		if named && t.text == "compose" {
			if name := toks[j-1].text + " compose"; namesOf("docker", name) != nil {
				out = append(out, dockerSub{toks[j-1].off, t.off + len(t.text), name, "docker"})
				continue
			}
		}
		sub := dockerSub{t.off, t.off + len(t.text), t.text, "docker"}
		if j+1 < len(toks) && plain(toks[j+1]) && subcommandGroups["docker"][t.text] {
			sub.to, sub.name = toks[j+1].off+len(toks[j+1].text), t.text+" "+toks[j+1].text
		}
		out = append(out, sub)
	}
	return out
}

// subcommandArguments are, for a command whose options optionSpellings
// spells per subcommand, and for a subcommand with subcommands of its
// own, the options before the (next) subcommand that take the word after
// them as their argument: "git -C repo push", "docker --context prod
// system prune", "docker compose -f prod.yml down".
var subcommandArguments = map[string]map[string]bool{
	"git": {"-C": true, "-c": true, "--git-dir": true, "--work-tree": true, "--namespace": true, "--config-env": true, "--exec-path": true},
	"docker": {"-H": true, "--host": true, "-c": true, "--context": true, "--config": true, "-l": true, "--log-level": true,
		"--tlscacert": true, "--tlscert": true, "--tlskey": true,
		// podman's
		"--connection": true, "--url": true, "--root": true, "--runroot": true, "--storage-driver": true,
		"--storage-opt": true, "--runtime": true, "--runtime-flag": true, "--cgroup-manager": true, "--conmon": true,
		"--events-backend": true, "--hooks-dir": true, "--identity": true, "--imagestore": true, "--module": true,
		"--network-cmd-path": true, "--network-config-dir": true, "--tmpdir": true, "--volumepath": true,
		"--db-backend": true, "--ssh": true,
		// nerdctl's
		"--namespace": true, "-n": true, "--address": true, "-a": true, "--snapshotter": true, "--cni-path": true,
		"--cni-netconfpath": true, "--data-root": true, "--host-gateway-ip": true, "--hosts-dir": true},
	"docker compose": composeArguments, "docker-compose": composeArguments,
	"kubectl": {"-n": true, "--namespace": true, "--context": true, "--kubeconfig": true, "-s": true, "--server": true,
		"--cluster": true, "--user": true, "--as": true, "--token": true, "-v": true, "--v": true, "--request-timeout": true},
	"docker pod": nil, "docker system": nil, "docker image": nil, "docker volume": nil, "docker container": nil, "docker network": nil, "docker builder": nil,
	"docker buildx": nil,
	// helm's global options that take an argument, before its subcommand
	// ("helm -n prod uninstall web"); its subcommands' other names are
	// helmNames.
	"helm": {"-n": true, "--namespace": true, "--kube-context": true, "--kubeconfig": true, "--kube-apiserver": true,
		"--kube-as-user": true, "--kube-as-group": true, "--kube-token": true, "--kube-ca-file": true,
		"--registry-config": true, "--repository-cache": true, "--repository-config": true, "--burst-limit": true},
}

var composeArguments = map[string]bool{"-f": true, "--file": true, "-p": true, "--project-name": true,
	"--env-file": true, "--profile": true, "--project-directory": true, "--ansi": true, "--progress": true, "--parallel": true}

// spellOptions marks, in place, each word of toks read as an option of a
// command whose options optionSpellings spells (shellToken.spellable), and
// those it spells otherwise with their short option (shellToken.spelled):
// an option's argument, an option turned off and a word past docker run's
// image are not marked. Whose option a word is, is what optionKey reads.
// A value glued to an option ("--request=POST", split by
// splitOptionValues) is not marked; a quoted word is, as the command
// reads no quotes ("'--force'").
func spellOptions(toks []shellToken, starts []int) {
	var k optionKey
	for j, t := range toks {
		if k.read(toks, j, starts) != optionWord || k.spell == nil {
			continue
		}
		switch {
		case j+1 < len(toks) && toks[j+1].glued && turnedOff(toks[j+1].text):
			// "--follow=false" turns the option off.
		case takesArgument(k.key, toks[j-1]):
			// The argument of the option before: "git tag -m --force".
		default:
			// An option of the command, which a pattern word of
			// another spelling may match (tokenMatcher.match).
			toks[j].spellable = true
			if s, ok := k.spell[t.text]; ok {
				toks[j].spelled = s[1]
			}
		}
	}
}

// spellGlobs marks, in place, each word of a pattern's toks that is a
// glob of a long option ("--force*") of a command whose options
// optionSpellings spells, and matches the long spelling of one short
// option there and of no other, with that option (shellToken.spelled), so
// that it matches the short spelling too: "git push --force*" matches "git
// push -f origin", as "docker compose down -v*" matches "--volumes". A
// line's words are not globs, and are not marked.
func spellGlobs(toks []shellToken, starts []int) {
	var k optionKey
	for j, t := range toks {
		if k.read(toks, j, starts) != optionWord || k.spell == nil || !strings.HasPrefix(t.text, "--") ||
			!strings.ContainsAny(t.text, globChars) || takesArgument(k.key, toks[j-1]) {
			continue
		}
		var letter byte
		for long, short := range k.spell {
			if ok, _ := path.Match(t.text, long); !ok || letter == short[1] {
				continue
			}
			if letter != 0 {
				letter = 0 // "--f*" of curl: --fail and --form
				break
			}
			letter = short[1]
		}
		toks[j].spelled = letter
	}
}

// optionKey follows, word by word, whose options the words of a line or
// a pattern are, as optionSpellings keys them: the command wordCommand
// reads, until a "--" of its own, and for one of subcommandArguments its
// subcommands ("git push", "docker compose down"), each being its next
// word that is neither an option nor the argument of one of those it
// lists.
type optionKey struct {
	c     wordCommand
	key   string            // the command, and its subcommands so far ("docker compose")
	spell map[string]string // key's spellings, or its command's; nil past docker run's image
	sub   bool              // the next word that is no option names a subcommand
	buf   []byte            // key and the next word, looked up without a new string
}

// What a word is to optionKey.read.
const (
	otherWord      = iota // an operand, an operator, a glued value, a word past "--"
	commandWord           // the command's name
	subcommandWord        // a subcommand, or the argument of an option before one
	optionWord            // a word of one dash or two: an option of key, or perhaps the argument of the one before
)

// read moves k to toks[j], the words being read in order from the first,
// and says what that word is.
func (k *optionKey) read(toks []shellToken, j int, starts []int) int {
	t := toks[j]
	if k.c.read(toks, j, starts) {
		k.key = spellingName(k.c.name)
		k.spell = optionSpellings[k.key]
		_, k.sub = subcommandArguments[k.key]
		return commandWord
	}
	switch {
	case k.c.operands || t.op || t.glued:
	case isOption(t.text):
		return optionWord
	case k.sub:
		if subcommandArguments[k.key][toks[j-1].text] {
			return subcommandWord // "git -C repo", "docker compose -f prod.yml"
		}
		k.buf = append(append(append(k.buf[:0], k.key...), ' '), t.text...)
		next, known := spellingKeys[string(k.buf)]
		if !known {
			k.sub = false // its command's spellings still hold ("kubectl get")
			return subcommandWord
		}
		k.key = next
		if own, ok := optionSpellings[k.key]; ok {
			k.spell = own
		}
		_, k.sub = subcommandArguments[k.key]
		return subcommandWord
	case k.spell != nil && optionsEndAtOperand[k.key] && !takesArgument(k.key, toks[j-1]):
		// docker run's image, docker exec's container: the words
		// after it are the program's (docker exec web mysql --user).
		k.spell = nil
	}
	return otherWord
}

// bundlesOptionsOf reports whether the letters of the bundle w are each a
// short option capreg knows of (sub)command key (optionLetters), of which
// only the last may take an argument: "docker system prune -af" is -a -f
// and "git commit -am fix" -a -m fix, but "git commit -amend" no bundle,
// and "kubectl get pods -owide" -o wide, not four options. Commands with
// subcommands (docker, kubectl, git) read a bundle as the single letters
// it holds, but a word of one dash may also be a long option or a short
// one's argument, which a bundle of letters known to be options is not.
func bundlesOptionsOf(key, w string) bool {
	letters, args := optionLetters[key], spelledArguments(key)
	for i := 1; i < len(w); i++ {
		switch {
		case strings.IndexByte(args, w[i]) >= 0:
			if i < len(w)-1 {
				return false // its argument glued: "-owide"
			}
		case strings.IndexByte(letters, w[i]) < 0:
			return false
		}
	}
	return true
}

// optionLetters are, for each (sub)command of optionSpellings, the
// letters of the short options capreg knows it has: those the table
// spells, and bundledLetters.
var optionLetters = func() map[string]string {
	letters := map[string]string{}
	for key, spell := range optionSpellings {
		set := bundledLetters[key]
		for long, short := range spell {
			for _, w := range [...]string{long, short} {
				if isShortOption(w) && !strings.Contains(set, w[1:]) {
					set += w[1:]
				}
			}
		}
		letters[key] = set
	}
	return letters
}()

// bundledLetters are short options of a (sub)command of optionSpellings
// with no other spelling, often bundled: "git clean -fdx", "git rm -rf",
// "docker run -itP".
var bundledLetters = map[string]string{"git clean": "dxX", "git rm": "r", "docker run": "P"}

// optionsEndAtOperand are the (sub)commands whose options end at their
// first operand, where the words of the program they run start.
var optionsEndAtOperand = map[string]bool{"docker run": true, "docker exec": true}

// longArguments are, for a (sub)command of optionsEndAtOperand, its long
// options that take an argument in the next word; an unknown one ends
// spelling early, which costs a match by another spelling and never makes
// a wrong one.
var longArguments = map[string]map[string]bool{"docker run": dockerArguments, "docker exec": dockerArguments,
	"docker system prune": pruneArguments, "docker image prune": pruneArguments, "docker container prune": pruneArguments,
	"docker volume prune": pruneArguments, "docker network prune": pruneArguments, "docker builder prune": pruneArguments,
	"git clean": {"--exclude": true}, "git rebase": {"--exec": true, "--onto": true, "--strategy": true, "--strategy-option": true}}

// pruneArguments are the long options of docker's prunes that take an
// argument in the next word ("--filter until=24h").
var pruneArguments = map[string]bool{"--filter": true, "--keep-storage": true, "--reserved-space": true, "--max-used-space": true, "--min-free-space": true}

// dockerArguments are docker run's and exec's long options that take an
// argument in the next word.
var dockerArguments = map[string]bool{"--name": true, "--network": true, "--net": true, "--entrypoint": true, "--mount": true,
	"--platform": true, "--env-file": true, "--label": true, "--hostname": true, "--memory": true, "--cpus": true,
	"--restart": true, "--pull": true, "--user": true, "--workdir": true, "--volume": true, "--publish": true, "--env": true,
	"--add-host": true, "--device": true, "--dns": true, "--log-driver": true, "--log-opt": true, "--cap-add": true,
	"--cap-drop": true, "--security-opt": true, "--ulimit": true, "--tmpfs": true, "--gpus": true, "--ipc": true,
	"--pid": true, "--runtime": true, "--shm-size": true, "--stop-signal": true, "--stop-timeout": true, "--expose": true,
	"--link": true, "--volumes-from": true, "--cidfile": true, "--detach-keys": true, "--label-file": true, "--group-add": true}

// takesArgument reports whether the word t, of (sub)command key, is an
// option known to take the next word as its argument: a long option of
// longArguments, or one spelled as a short option that takes one
// ("--message" of git commit), or short options ending with one ("-m",
// "-am"; not sed's -i, whose argument is optional: optionalArguments).
func takesArgument(key string, t shellToken) bool {
	if !isOption(t.text) || t.glued {
		return false
	}
	letters := spelledArguments(key)
	if !strings.HasPrefix(t.text, "--") {
		return takesNextArgument(t.text, letters, key)
	}
	short := optionSpellings[key][t.text]
	if t.spelled != 0 {
		short = shortOptions[t.spelled]
	}
	return longArguments[key][t.text] || short != "" && takesNextArgument(short, letters, key)
}

// spellingKeys are the (sub)commands of optionSpellings,
// subcommandArguments, spelledArgumentLetters and optionsEndAtOperand,
// each its own value, and each other name docker gives one of them
// (dockerNames), that one: what capreg knows of docker exec's options
// holds for docker container exec's. spellOptions looks a key up by its
// bytes and keeps this string, which costs a line no allocation.
var spellingKeys = func() map[string]string {
	keys := map[string]string{}
	addKeys(keys, optionSpellings)
	addKeys(keys, subcommandArguments)
	addKeys(keys, spelledArgumentLetters)
	addKeys(keys, optionsEndAtOperand)
	for _, names := range dockerNames {
		own := "docker " + names[0]
		if _, known := keys[own]; !known {
			continue
		}
		for _, other := range names[1:] {
			keys["docker "+other] = own
		}
	}
	return keys
}()

// addKeys adds each key of m to keys, as its own value.
func addKeys[V any](keys map[string]string, m map[string]V) {
	for k := range m {
		keys[k] = k
	}
}

// turnedOff reports whether the value v given to an option says false
// in words, as Go's flag packages read them ("false", "f", "False",
// "FALSE"); not "0", which is also a count ("--lines=0").
func turnedOff(v string) bool {
	b, err := strconv.ParseBool(v)
	return err == nil && !b && v != "0"
}

// aptSpellings are apt-get's and apt's (optionSpellings).
var aptSpellings = map[string]string{"--yes": "-y", "--assume-yes": "-y", "--quiet": "-q", "--simulate": "-s",
	"--dry-run": "-s", "--just-print": "-s", "--no-act": "-s", "--recon": "-s", "--download-only": "-d",
	"--fix-broken": "-f", "--fix-missing": "-m", "--ignore-missing": "-m", "--show-upgraded": "-u",
	"--verbose-versions": "-V", "--compile": "-b", "--build": "-b", "--option": "-o", "--config-file": "-c",
	"--target-release": "-t", "--default-release": "-t", "--host-architecture": "-a"}

// spelledArgumentLetters are, for the commands and subcommands of
// optionSpellings that bundleArguments does not know, the letters of
// their short options that take an argument, which spellOptions reads
// as no option ("git commit -m --all" is a message).
var spelledArgumentLetters = map[string]string{
	"git commit": "mCcF", "git tag": "mFu", "git push": "o", "kubectl": "nloc",
	"kubectl logs": "nlc", "kubectl get": "nlo", "kubectl describe": "nl", "kubectl apply": "nlofk", "kubectl delete": "nlofk", "kubectl create": "nlofk", "kubectl replace": "nlof", "kubectl exec": "nc",
	"docker rm": "t", "docker pod rm": "t", // podman's --time
	"helm": "nf", "psql": "cfdhpUvLoFPRT", "docker run": "evpuw", "docker exec": "euw",
	"git clean": "e", "git checkout": "bB", "git rebase": "xsX",
}

// spelledArguments are the letters of the short options of key (a
// command, or a command and its subcommands) that take an argument.
func spelledArguments(key string) string {
	return cmp.Or(shortArguments(key), spelledArgumentLetters[key])
}

// shortOptions are the words of the one-letter options, "-a" at 'a', for
// spelling to name without building a string.
var shortOptions = func() (words [128]string) {
	for c := range words {
		words[c] = "-" + string(rune(c))
	}
	return words
}()

// spelling is the word of the short option of letter spelled, or text
// when spelled is 0 (see shellToken.spelled).
func spelling(spelled byte, text string) string {
	if spelled == 0 || spelled >= 128 {
		return text
	}
	return shortOptions[spelled]
}

// spelledLong are the long options of optionSpellings, of any command.
var spelledLong = func() map[string]bool {
	long := map[string]bool{}
	for _, spell := range optionSpellings {
		for w := range spell {
			if strings.HasPrefix(w, "--") {
				long[w] = true
			}
		}
	}
	return long
}()

// spelledAnywhere is w, or a word of a short option's length when w is a
// long option some command spells otherwise (spelledLong): for counting
// the characters of a regexp pattern, which knows no command.
func spelledAnywhere(w string) string {
	if spelledLong[w] {
		return "-x" // the length of any short option
	}
	return w
}
