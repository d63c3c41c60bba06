package cmdline

import (
	"path"
	"slices"
	"strings"
)

// Agents run a service's commands where the service runs: in a container
// ("docker compose exec web rails db:migrate", "docker run --rm app npm
// test"), in a pod ("kubectl exec deploy/web -- rails db:migrate") or on
// a host ("ssh prod 'cd app && rails db:migrate'"). The command run there
// is the one a wrapper replaces, so it is read as a script of its own
// (see scriptsAt).

// remoteWords are the words of the command at toks[s] as docker, kubectl
// or ssh receives them: the command's span (commandSpan) as
// argumentWords reads it, a command substitution given as an argument
// one word. Text and substitutions written touching
// each other are one word ("-v $(pwd):/app", "-i $(pwd)/key.pem",
// "$(id -u):$(id -g)", "ubuntu@$(terraform output -raw ip)",
// "$(a)$(b)"), of the text the line shows and unknownWord for each
// substitution's output, so that "ssh $(whoami)@h "echo "$(date)";
// rails db:migrate"" runs rails there. Without them the command ended at
// the substitution, and "docker run -v $(pwd):/app node npm test" ran
// nothing.
func remoteWords(toks []shellToken, s int) []shellToken {
	span := commandSpan(toks, s)
	words, _, _ := argumentWords(span, argumentSubstitutions(span))
	if words == nil { // no substitution given as an argument
		words = span
	}
	if end := slices.IndexFunc(words, func(t shellToken) bool { return t.op }); end >= 0 {
		return words[:end] // a substitution that is no argument
	}
	return words
}

// joinWords is the word w with text written touching it after it.
func joinWords(w shellToken, text string) shellToken {
	return shellToken{text: asWritten(w) + text, off: w.off, quoted: w.quoted, glued: w.glued}
}

// optionSet are the options of a command that take the next word as
// their argument, when written apart: the letters of short ones and the
// names of long ones ("-e X", "--env X"; "--env=X" is one word, see
// readWords). Any other option takes none.
type optionSet struct {
	short string
	long  []string
}

// takesNext reports whether the option word t takes the next word: a
// long option of the set, or short options whose first letter of the
// set is the last of the word ("-it" takes none, "-e" and "-ie" do, and
// "-eFOO" holds its argument).
func (o optionSet) takesNext(t string) bool {
	if strings.HasPrefix(t, "--") {
		return slices.Contains(o.long, t[2:])
	}
	return takesNextOf(t, o.short)
}

// holds reports whether the option word t is one of the set: a long
// option of it, or short options whose first letter is ("-oUser" is -o).
func (o optionSet) holds(t string) bool {
	if strings.HasPrefix(t, "--") {
		return slices.Contains(o.long, t[2:])
	}
	return len(t) > 1 && strings.IndexByte(o.short, t[1]) >= 0
}

// skip returns the index of the first word from j that is neither an
// option of a command with the options o nor an option's argument;
// "--" is skipped and ends the options.
func (o optionSet) skip(words []shellToken, j int) int {
	return operandFrom(words, j, isOption, o.takesNext)
}

// The options of docker's and podman's commands that run one in a
// container, read from docker 28's help; podman's are the same where it
// matters.
var (
	dockerGlobal = optionSet{"Hcl", []string{"config", "context", "host", "log-level", "tlscacert", "tlscert", "tlskey"}}
	dockerExec   = optionSet{"euw", []string{"detach-keys", "env", "env-file", "user", "workdir"}}
	dockerRun    = optionSet{"acehlmpuvw", []string{"add-host", "annotation", "attach", "blkio-weight",
		"blkio-weight-device", "cap-add", "cap-drop", "cgroup-parent", "cgroupns", "cidfile", "cpu-count",
		"cpu-percent", "cpu-period", "cpu-quota", "cpu-rt-period", "cpu-rt-runtime", "cpu-shares", "cpus",
		"cpuset-cpus", "cpuset-mems", "detach-keys", "device", "device-cgroup-rule", "device-read-bps",
		"device-read-iops", "device-write-bps", "device-write-iops", "dns", "dns-option", "dns-search",
		"domainname", "entrypoint", "env", "env-file", "expose", "gpus", "group-add", "health-cmd",
		"health-interval", "health-retries", "health-start-interval", "health-start-period", "health-timeout",
		"hostname", "io-maxbandwidth", "io-maxiops", "ip", "ip6", "ipc", "isolation", "kernel-memory", "label",
		"label-file", "link", "link-local-ip", "log-driver", "log-opt", "mac-address", "memory",
		"memory-reservation", "memory-swap", "memory-swappiness", "mount", "name", "network", "network-alias",
		"oom-score-adj", "pid", "pids-limit", "platform", "publish", "pull", "restart", "runtime", "security-opt",
		"shm-size", "stop-signal", "stop-timeout", "storage-opt", "sysctl", "tmpfs", "ulimit", "user", "userns",
		"uts", "volume", "volume-driver", "volumes-from", "workdir",
		// docker's hidden aliases, and podman's own
		"net", "net-alias", "dns-opt", "pod", "secret", "arch", "os", "variant", "pidfile", "uidmap", "gidmap",
		"subuidname", "subgidname", "unsetenv", "tz", "umask", "timeout", "requires", "cgroups", "cgroup-conf",
		"chrootdirs", "hostuser", "passwd-entry", "group-entry", "image-volume", "sdnotify", "seccomp-policy",
		"preserve-fds", "personality", "decryption-key", "env-merge", "conmon-pidfile", "init-path", "rdt-class"}}
	composeGlobal = optionSet{"fp", []string{"file", "project-name", "project-directory", "env-file", "profile",
		"ansi", "parallel", "progress"}}
	composeExec = optionSet{"euw", []string{"env", "user", "workdir", "index"}}
	composeRun  = optionSet{"elpuvw", []string{"env", "env-from-file", "label", "publish", "user", "volume",
		"workdir", "name", "entrypoint", "cap-add", "cap-drop", "pull"}}
)

// containerRunners are the commands containerScript reads.
var containerRunners = map[string]bool{"docker": true, "podman": true, "podman-remote": true, "nerdctl": true,
	"docker-compose": true, "podman-compose": true}

// remoteReadsScript reports whether the command a container, a pod or a
// host runs reads its script from its input, as a here-document or a
// pipe gives it: a shell given no script ("ssh prod bash <<EOF",
// "docker exec -i app sh <<EOF", "kubectl exec -i web -- bash <<EOF"), or
// ssh given no command, whose login shell reads it ("echo '…' | ssh
// prod").
//
// docker and podman pass their input on only with -i (--interactive),
// kubectl with -i (--stdin); docker compose always does (-T, which agents
// give when they pipe a script in, turns off the terminal, not the input).
// ssh reads none with -n, -f or -N.
func remoteReadsScript(words []shellToken) bool {
	var script []string
	switch name := path.Base(words[0].text); {
	case name == "ssh":
		if ownFlag(words[1:sshOptions.skip(words, 1)], sshOptions, "nfN", "") {
			return false
		}
		if script = hostScript(words); script == nil {
			return true
		}
	case containerRunners[name]:
		compose := slices.ContainsFunc(words, func(w shellToken) bool { return w.text == "compose" }) ||
			strings.HasSuffix(name, "-compose")
		if !compose && !ownFlag(words[1:], dockerRun, "i", "interactive") {
			return false
		}
		script = containerScript(words)
	default:
		if !ownFlag(words[1:], kubectlGlobal, "i", "stdin") {
			return false
		}
		script = podScript(words)
	}
	return len(script) == 1 && readsScript(shellTokens(script[0]))
}

// withoutUnpassedInput is words, the words of a docker, kubectl or ssh
// line, without the redirections of input the line writes, when that
// runner passes none of its input on to the command it runs: docker and
// kubectl without -i (compose's exec and run pass it), ssh with -n, -f or
// -N. The line's redirections are read as the command's (its output goes
// where the line sends the runner's, see README), but "docker exec db psql
// app < seed.sql" gives psql no input, and read so it matched "psql * <
// *.sql". A redirection quoted into the command's script stays.
func withoutUnpassedInput(words []shellToken) []shellToken {
	if len(words) < 2 || passesInput(words) {
		return words
	}
	out := make([]shellToken, 0, len(words))
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w.quoted || w.op || !isRedirection(w.text) || !strings.HasPrefix(strings.TrimLeft(w.text, "0"), "<") || startsWithPlaceholder(w.text) {
			out = append(out, w)
			continue
		}
		if redirectionAlone(w.text) && i+1 < len(words) && !words[i+1].op {
			i++ // its target
		}
	}
	return out
}

// passesInput reports whether the runner of words (docker and the other
// containerRunners, kubectl and oc, ssh) passes its input on to the
// command it runs, as remoteReadsScript reads it.
func passesInput(words []shellToken) bool {
	switch name := path.Base(words[0].text); {
	case name == "ssh":
		return !ownFlag(words[1:sshOptions.skip(words, 1)], sshOptions, "nfN", "")
	case containerRunners[name]:
		compose := slices.ContainsFunc(words, func(w shellToken) bool { return w.text == "compose" }) ||
			strings.HasSuffix(name, "-compose")
		return compose || ownFlag(words[1:], dockerRun, "i", "interactive")
	default:
		return ownFlag(words[1:], kubectlGlobal, "i", "stdin")
	}
}

// ownFlag reports whether words, a command's options (and more), give one
// of the flag letters (alone or bundled: "-it") or the long flag, before
// the first "--"; opts says which options take the next word, which is
// passed over.
func ownFlag(words []shellToken, opts optionSet, letters, long string) bool {
	for j := 0; j < len(words); j++ {
		t := words[j].text
		switch {
		case words[j].glued || !isOption(t):
		case t == "--":
			return false
		case strings.HasPrefix(t, "--"):
			if long != "" && t == "--"+long {
				return true
			}
			if opts.takesNext(t) {
				j++
			}
		default:
			if k := strings.IndexAny(t[1:], opts.short); k >= 0 {
				t = t[:k+2] // the letters up to the first that takes a value
			}
			if strings.ContainsAny(t[1:], letters) {
				return true
			}
			if opts.takesNext(words[j].text) {
				j++
			}
		}
	}
	return false
}

// containerScript is the command docker or podman runs in a container:
// "docker exec [OPTIONS] CONTAINER cmd...", "docker run [OPTIONS] IMAGE
// [cmd...]" (also as "docker container exec|run"), and "docker compose
// [OPTIONS] exec|run [OPTIONS] SERVICE cmd..." (also docker-compose and
// podman-compose); nil when it runs none, or the image's own.
func containerScript(words []shellToken) []string {
	j, entry := containerCommandAt(words)
	if j < 0 || j > len(words) || j == len(words) && entry == nil {
		return nil
	}
	return commandScript(slices.Concat(entry, words[j:]))
}

// containerCommandAt is the index in words, those of a command of
// containerRunners, of the first word of the command it runs in a
// container (or of the arguments of the entrypoint --entrypoint gives,
// which it returns too), as containerScript reads it: past the
// container, image or service, which ends docker's options (docker
// reads no "--" after it: "docker exec db ls -- -la" gives ls the "--");
// len(words) or more where the words end before one, and -1 for a
// subcommand that runs none (docker ps, docker compose up).
func containerCommandAt(words []shellToken) (int, []shellToken) {
	j := 1
	compose := strings.HasSuffix(path.Base(words[0].text), "-compose")
	if !compose {
		j = dockerGlobal.skip(words, j)
		if j < len(words) && words[j].text == "container" {
			j++
		}
		compose = j < len(words) && words[j].text == "compose"
		if compose {
			j++
		}
	}
	if compose {
		j = composeGlobal.skip(words, j)
	}
	if j >= len(words) || words[j].op {
		return -1, nil
	}
	var opts optionSet
	switch sub := words[j].text; {
	case sub == "exec" && compose:
		opts = composeExec
	case sub == "run" && compose:
		opts = composeRun
	case sub == "exec":
		opts = dockerExec
	case sub == "run":
		opts = dockerRun
	default:
		return -1, nil // docker ps, docker compose up
	}
	from := j + 1
	j = opts.skip(words, from)
	own := words[from:j] // the subcommand's options
	if sub := words[from-1].text; compose || sub != "exec" || !slices.ContainsFunc(own, func(w shellToken) bool { return !w.glued && (w.text == "-l" || w.text == "--latest") }) {
		j++ // past the container, image or service; podman exec -l names none (run's -l is --label, with its value)
	}
	// --entrypoint replaces the image's; the words after the image are
	// its arguments ("docker run --entrypoint rails img db:migrate").
	var entry []shellToken
	if k := slices.IndexFunc(own, func(w shellToken) bool { return !w.glued && w.text == "--entrypoint" }); k >= 0 && k+1 < len(own) && own[k+1].text != "" {
		entry = own[k+1 : k+2] // --entrypoint "" keeps the words as the command
	}
	return j, entry
}

// kubectlGlobal are kubectl's (and oc's) own options that take an
// argument.
var kubectlGlobal = optionSet{"nsv", []string{"namespace", "context", "kubeconfig", "server", "cluster", "user",
	"as", "as-group", "as-uid", "token", "request-timeout", "cache-dir", "certificate-authority",
	"client-certificate", "client-key", "tls-server-name", "username", "password", "profile", "profile-output",
	"log-flush-frequency", "vmodule"}}

// ocRsh are the options of oc rsh that take an argument: its own and
// kubectl's global ones, which oc reads after the subcommand too ("oc
// rsh -n bar foo", oc's own example). Read as taking none, "oc rsh -n
// bar web make all" ran "web make all" in the pod bar.
var ocRsh = optionSet{"c" + kubectlGlobal.short, slices.Concat([]string{"container", "shell", "timeout", "filename",
	"pod-running-timeout"}, kubectlGlobal.long)}

// podScript is the command "kubectl exec [OPTIONS] POD -- cmd..." (or oc
// exec) runs in a pod: what follows its "--", which kubectl requires
// before the command (kubectl 1.32 refuses "kubectl exec web make all":
// "exec [POD] [COMMAND] is not supported anymore", and runs nothing);
// also that of kubectl run and kubectl debug, which start a pod or
// container to run it, and of "oc rsh [OPTIONS] POD cmd...", whose
// options end at the pod (oc reads "oc rsh web -c app ls" as the command
// "-c app ls", and "oc rsh web -- ls" as "-- ls"). nil for another
// subcommand, and for oc rsh given no command, which runs a shell.
func podScript(words []shellToken) []string {
	j := kubectlGlobal.skip(words, 1)
	if j >= len(words) {
		return nil
	}
	switch words[j].text {
	case "exec", "run", "debug":
	case "rsh":
		if k := rshCommandAt(words, j); k < len(words) {
			return commandScript(words[k:])
		}
		return nil
	default:
		return nil
	}
	for k := j + 1; k < len(words)-1; k++ {
		if words[k].text == "--" && !words[k].glued {
			return commandScript(words[k+1:])
		}
	}
	return nil
}

// rshCommandAt is the index in words, those of a kubectl or oc command
// whose subcommand at j is "rsh", of the first word of the command oc rsh
// runs: past its options and the pod; len(words) where it runs its
// shell (--shell, /bin/sh by default), more where the words end before the pod, and for kubectl, which
// has no rsh.
func rshCommandAt(words []shellToken, j int) int {
	if path.Base(words[0].text) != "oc" {
		return len(words) + 1
	}
	return ocRsh.skip(words, j+1) + 1
}

// sshOptions are ssh's options that take an argument (OpenSSH 9).
var sshOptions = optionSet{short: "BbcDEeFIiJLlmOoPpQRSWw"}

// hostScript is the command line ssh runs on the host it logs in to:
// the words after the destination, joined by spaces as ssh joins them,
// which the remote shell reads ("ssh prod 'cd app && rails db:migrate'",
// "ssh -t prod sudo systemctl restart app"); nil for a login. ssh reads
// options right after the destination too ("ssh prod -p 2222 uptime"),
// unless a "--" came before it.
func hostScript(words []shellToken) []string {
	j := hostCommandAt(words)
	if j >= len(words) {
		return nil
	}
	return joinedScript(words[j:], false)
}

// hostCommandAt is the index in words, those of ssh, of the first word of
// the command line it runs on the host, as hostScript reads it: past the
// destination and the options after it, and a "--" that ends them ("ssh
// prod -- ls -la"); len(words) or more for a login.
func hostCommandAt(words []shellToken) int {
	j := sshOptions.skip(words, 1)
	dashed := j > 1 && words[j-1].text == "--" && !words[j-1].glued
	j++ // past the destination
	if !dashed {
		j = sshOptions.skip(words, j)
	}
	return j
}

// runnerCommandAt is the index in words, those of a command of runsInside
// up to the operator after them or a word in them, of the first word of
// the command it runs where the runner's own words before it are known
// (-1 where words end before it): docker's and
// the other containerRunners' (containerCommandAt), and ssh's
// (hostCommandAt); -1 for none, for kubectl and oc, whose first "--"
// always ends their own options (kubectl exec wants it before the
// command), and where a word is a substitution's or xargs' (fed), which
// may be more words or none.
func runnerCommandAt(words []shellToken) int {
	if slices.ContainsFunc(words, func(w shellToken) bool { return w.op || w.fed }) {
		return -1
	}
	j := -1
	switch name := path.Base(words[0].text); {
	case containerRunners[name]:
		j, _ = containerCommandAt(words)
	case name == "ssh":
		j = hostCommandAt(words)
	}
	if j >= len(words) {
		return -1
	}
	return j
}

// herokuRun are the options of heroku run that take an argument.
var herokuRun = optionSet{"aers", []string{"app", "env", "remote", "size", "type"}}

// gcloudGlobal are gcloud's own options that take an argument.
var gcloudGlobal = optionSet{long: []string{"project", "account", "configuration", "verbosity",
	"impersonate-service-account", "billing-project", "format", "flags-file", "trace-token"}}

// platformScript is the command a hosting platform's CLI runs on one of
// its machines: "heroku run [OPTIONS] cmd..." (one word as written,
// several each one word, as heroku quotes those holding spaces),
// "vagrant ssh -c 'cmd'", "fly ssh console -C 'cmd'" (flyctl too) and
// "gcloud [alpha|beta] compute ssh VM --command 'cmd'".
func platformScript(words []shellToken) []string {
	sub := func(at int, names ...string) bool {
		return len(words) > at+len(names)-1 && slices.EqualFunc(words[at:at+len(names)], names,
			func(w shellToken, name string) bool { return !w.glued && w.text == name })
	}
	switch name := path.Base(words[0].text); {
	case name == "heroku" && (sub(1, "run") || sub(1, "run:detached")):
		if j := herokuRun.skip(words, 2); j < len(words) {
			return commandScript(words[j:])
		}
	case name == "vagrant" && sub(1, "ssh"):
		return longOptionScript(words, "-c", "--command")
	case (name == "fly" || name == "flyctl") && sub(1, "ssh", "console"):
		return longOptionScript(words, "-C", "--command")
	case name == "gcloud":
		j := gcloudGlobal.skip(words, 1)
		if sub(j, "alpha") || sub(j, "beta") {
			j++
		}
		if sub(j, "compute", "ssh") {
			return longOptionScript(words, "--command")
		}
	}
	return nil
}
