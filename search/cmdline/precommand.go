package cmdline

import (
	"path"
	"slices"
	"strings"
)

// precommand is a command that runs the command after it: the letters of
// its options that take an argument, and the long options that do when
// written apart ("--user deploy"; "--user=deploy" is one word), the letters
// of options with which it runs nothing (command -v describes), and how
// many operands come before the command (timeout's duration).
type precommand struct {
	argOpts  string
	argLong  []string
	noRun    string
	operands int
	// sub is the word that must follow for it to run a command ("bundle
	// exec", "python -m"); "" for none. alias is another word that does
	// the same ("npm x", "pnpm dlx"), or "".
	sub, alias string
	// preOpts and preLong are the letters and the long options that take
	// the next word as their argument among the runner's own options,
	// which may come before sub ("npm --prefix web exec", "poetry -C api
	// run", "hatch -e test run", "python -X dev -m"); any other option
	// there takes none.
	preOpts string
	preLong []string
	// longOnly: its long options may be written with one dash ("gdb -nx
	// -ex CMD", as getopt_long_only reads them), and are looked up in
	// preLong so.
	longOnly bool
	// subOptional: the command may also follow without sub (dotenv-cli's
	// "dotenv -- cmd" and python-dotenv's "dotenv run cmd").
	subOptional bool
	// user is the letter of the option, long "--user", that must be
	// given for it to run a command; 0 for none. runuser without -u runs
	// the user's shell, as su does: "runuser node -c 'npm ci'" gives
	// the script to -c (see scriptsAt), and read as a command, "node -c
	// 'npm ci'" matched what "node *" says.
	user byte
	// dashAfter: its options, then a "--", may follow its operands, and
	// the command follows them ("aws-vault exec prod --no-session --
	// cmd", as kingpin reads flags among arguments).
	dashAfter bool
	// compound: a reserved word of the shell that may run a compound
	// command, a group or a "!" pipeline ("time { …; }", "time ! cmd",
	// "coproc NAME { …; }", "function f { …; }"); a command of that name
	// found by a path (/usr/bin/time) runs only a simple one.
	compound bool
	// assigns: it takes NAME=value words before the command, as its
	// environment, once the shell has taken their quotes off ("env
	// 'A=1' make all", "sudo A=1 make all"). After any other, bash 5.2
	// runs a program named A=1 ("nohup A=1 make all", "command A=1",
	// "exec A=1", "xargs A=1"), but after the reserved words time and
	// coproc, which run a simple command whose assignments the shell
	// reads, unquoted ("time A=1 make all" runs make, "time 'A=1' make
	// all" A=1).
	assigns bool
}

// precommands are the common ones. An agent about to type "sudo git push
// --force" is about to run git push --force, so the wrapper that replaces
// it applies. Commands that take the command in other shapes, sh -c
// 'git push', eval, watch and find -exec, are read as scripts (scriptsAt).
var precommands = map[string]precommand{
	"sudo": {argOpts: "CDghprtTRUu", argLong: []string{"chdir", "close-from", "command-timeout", "group", "host",
		"other-user", "prompt", "role", "type", "user"}, noRun: "elLV", assigns: true},
	"doas": {argOpts: "Cu"},
	// polkit's and systemd's (256) sudo: "pkexec --user app cmd", "run0
	// -u app cmd".
	"pkexec": {argLong: []string{"user"}},
	"run0": {argOpts: "ugD", argLong: []string{"user", "group", "chdir", "machine", "unit", "property", "description",
		"slice", "nice", "setenv", "background", "shell-prompt-prefix", "lightweight"}},
	// busybox APPLET: "busybox rm -rf /x" is rm; bash's builtin NAME runs
	// the shell's own command ("builtin kill -9 -1").
	"busybox": {},
	"builtin": {},
	"env":     {argOpts: "CSu", argLong: []string{"chdir", "split-string", "unset"}, assigns: true},
	"nice":    {argOpts: "n", argLong: []string{"adjustment"}},
	"nohup":   {},
	"time":    {argOpts: "fo", argLong: []string{"format", "output"}, compound: true},
	"command": {noRun: "vV"},
	"exec":    {argOpts: "a"},
	"timeout": {argOpts: "ks", argLong: []string{"kill-after", "signal"}, operands: 1},
	// chroot NEWROOT cmd: coreutils' options that take an argument.
	"chroot": {argLong: []string{"groups", "userspec"}, operands: 1},
	// runuser -u app -- cmd; its su form, "runuser app -c 'cmd'", gives
	// the script as su does (see scriptsAt).
	"runuser": {argOpts: "cgGsuw", argLong: []string{"command", "group", "supp-group", "shell", "user",
		"whitelist-environment"}, user: 'u'},
	// xargs runs its command with operands read from its input (see
	// feedOperands); GNU's and BSD's options that take the next word.
	"xargs": {argOpts: "adEIJLnPRsS", argLong: []string{"arg-file", "delimiter", "max-args", "max-chars",
		"max-procs", "process-slot-var"}},
	// The runners of a language's project tools, which agents put before
	// the command a wrapper replaces ("bundle exec rails db:migrate",
	// "uv run pytest", "python -m pytest", "npx prettier --write .").
	"bundle": {sub: "exec"},
	"poetry": {sub: "run", preOpts: "CP", preLong: []string{"directory", "project"}},
	"pipenv": {sub: "run"},
	"pnpm":   {sub: "exec", alias: "dlx", preOpts: "CF", preLong: []string{"dir", "filter", "reporter", "loglevel"}},
	"yarn":   {sub: "exec", alias: "dlx", preLong: []string{"cwd"}},
	"uv": {sub: "run", argOpts: "p", argLong: []string{"with", "python", "directory", "project", "package", "env-file",
		"group", "extra", "with-requirements", "index", "default-index", "only-group"},
		preLong: []string{"directory", "project", "config-file", "cache-dir", "color", "python-preference"}},
	"uvx":  {argOpts: "p", argLong: []string{"from", "with", "python", "with-requirements", "index", "default-index"}},
	"npx":  {argOpts: "cp", argLong: []string{"call", "package"}},
	"bunx": {argOpts: "p", argLong: []string{"package"}},
	"npm": {sub: "exec", alias: "x", argOpts: "Ccpw", argLong: []string{"call", "package", "workspace", "prefix"},
		preOpts: "Cw", preLong: []string{"prefix", "workspace", "loglevel", "userconfig", "registry", "cache"}},
	"python":  {sub: "-m", preOpts: "WX", preLong: []string{"check-hash-based-pycs"}},
	"python3": {sub: "-m", preOpts: "WX", preLong: []string{"check-hash-based-pycs"}},
	"pipx":    {sub: "run", argLong: []string{"spec", "python", "index-url", "pip-args"}},
	"pdm":     {sub: "run", argOpts: "p", argLong: []string{"project", "venv"}, preOpts: "p", preLong: []string{"project"}},
	"hatch":   {sub: "run", preOpts: "ep", preLong: []string{"env", "project", "data-dir", "cache-dir", "config"}},
	"rye":     {sub: "run"},
	"conda":   {sub: "run", argOpts: "np", argLong: []string{"name", "prefix", "cwd"}},
	"rbenv":   {sub: "exec"},
	"pyenv":   {sub: "exec"},
	"asdf":    {sub: "exec"},
	"direnv":  {sub: "exec", operands: 1}, // direnv exec DIR cmd
	// aws-vault exec PROFILE [--] cmd, with aws-vault 7's options.
	// Its global options that take a value may come after exec too.
	"aws-vault": {sub: "exec", operands: 1, dashAfter: true, argOpts: "dt", argLong: append([]string{"duration", "mfa-token", "region"}, awsVaultGlobal...),
		preLong: awsVaultGlobal},
	"op": {sub: "run", argLong: []string{"env-file", "account", "environment"},
		preLong: []string{"account", "config", "session", "format", "encoding"}},
	// Those that change how a command runs: in a new session, with its
	// output unbuffered, at a lower I/O priority, on some CPUs, holding a
	// lock, keeping the machine awake, with a virtual display.
	"setsid":     {},
	"stdbuf":     {argOpts: "ioe", argLong: []string{"input", "output", "error"}},
	"unbuffer":   {},
	"ionice":     {argOpts: "cn", argLong: []string{"class", "classdata"}, noRun: "pPu"},
	"taskset":    {noRun: "p", operands: 1},                // taskset [-c] MASK cmd
	"chrt":       {argOpts: "T", noRun: "pm", operands: 1}, // chrt [-f] PRIORITY cmd
	"flock":      {argOpts: "wEc", argLong: []string{"timeout", "conflict-exit-code", "command"}, operands: 1},
	"caffeinate": {argOpts: "tw"},
	"xvfb-run": {argOpts: "efnpsw", argLong: []string{"error-file", "auth-file", "server-num", "xauth-protocol",
		"server-args", "wait"}},
	"gtimeout": {argOpts: "ks", argLong: []string{"kill-after", "signal"}, operands: 1},
	// Those that trace or debug a command, send its traffic through a
	// proxy, give it an environment file, or keep its output until it
	// fails.
	"strace": {argOpts: "abeEIoOpPsSuUX", argLong: []string{"output", "trace", "attach", "user", "env", "string-limit",
		"trace-path", "signal", "status", "columns", "summary-sort-by"}},
	"ltrace":   {argOpts: "aAeFlnopsuwxD"},
	"valgrind": {},
	// gdb reads its long options after one dash too ("-nx", "-ex CMD").
	"gdb": {sub: "--args", alias: "-args", longOnly: true, preLong: []string{"command", "x", "eval-command", "ex",
		"init-command", "ix", "init-eval-command", "iex", "pid", "p", "cd", "directory", "d", "tty", "interpreter", "i",
		"data-directory", "D", "core", "c", "symbols", "s", "exec", "e", "se", "b", "l"}},
	"torsocks":    {argOpts: "uaP", argLong: []string{"user", "pass", "port", "address"}},
	"proxychains": {argOpts: "f"}, "proxychains4": {argOpts: "f"},
	// dotenv-cli (dotenv -e .env.test -- cmd) and python-dotenv (dotenv
	// -f .env.test run cmd).
	"dotenv":  {argOpts: "ecv", sub: "run", subOptional: true, preOpts: "f", preLong: []string{"file"}},
	"chronic": {},
	"sshpass": {argOpts: "pfdP"}, // sshpass -p secret ssh host 'cmd'
	"coproc":  {compound: true},
	// function NAME { …; }: the body, read as that of NAME() { …; } is.
	"function": {operands: 1, compound: true},
}

// awsVaultGlobal are aws-vault's global options that take a value, which
// kingpin reads anywhere before "--".
var awsVaultGlobal = []string{"backend", "prompt", "keychain", "secret-service-collection", "pass-dir", "pass-cmd",
	"pass-prefix", "file-dir"}

// shortOptions reads a word of short options, which may be bundled as
// getopt reads them (-iu deploy, -uroot): whether one says nothing is run,
// and whether the word's last option takes the next word as its argument.
// An option of argOpts takes the rest of its word when anything follows it.
func (pc precommand) shortOptions(t string) (noRun, takesNext bool) {
	for k := 1; k < len(t); k++ {
		switch {
		case strings.IndexByte(pc.noRun, t[k]) >= 0:
			return true, false
		case strings.IndexByte(pc.argOpts, t[k]) >= 0:
			return false, k == len(t)-1
		}
	}
	return false, false
}

// pastOwnOptions returns the index of the first word from j that is not
// one of the runner's own options (or an argument of one) before its
// sub: an option that is sub itself ("python -m") ends them.
func (pc precommand) pastOwnOptions(toks []shellToken, j int) int {
	for j < len(toks) && !toks[j].op {
		t := toks[j].text
		switch {
		case toks[j].glued: // an option's value ("--prefix=web")
			j++
		case pc.isSub(t) || t == "--" || !isOption(t):
			return j
		case strings.HasPrefix(t, "--") && slices.Contains(pc.preLong, t[2:]),
			pc.longOnly && !strings.HasPrefix(t, "--") && slices.Contains(pc.preLong, t[1:]),
			!pc.longOnly && takesNextOf(t, pc.preOpts):
			j = argumentEnd(toks, j+1) // the option's argument, if the line gives one
		default:
			j++
		}
	}
	return j
}

// isSub reports whether the word t is the runner's sub (or its alias),
// where the command follows: for python's "-m", also written in a bundle
// of flags that ends with it ("python -um pytest", "-Bm").
func (pc precommand) isSub(t string) bool {
	switch {
	case t == pc.sub || pc.alias != "" && t == pc.alias:
		return true
	case len(pc.sub) == 2 && pc.sub[0] == '-' && pc.sub[1] != '-':
		// Not after a letter that takes a value: -Wm is -W m, and
		// python's -cm is -c m, code to run.
		return len(t) > 2 && t[0] == '-' && t[1] != '-' && t[len(t)-1] == pc.sub[1] &&
			!strings.ContainsAny(t[1:len(t)-1], pc.preOpts+pc.sub[1:]+"c")
	}
	return false
}

// argumentEnd is the index after the option argument that may be at j:
// j+1 when the line has a word there, else j (the line ended, or an
// operator came, where the argument was due).
func argumentEnd(toks []shellToken, j int) int {
	if j < len(toks) && !toks[j].op {
		return j + 1
	}
	return j
}

// packageRunners are the precommands that run a package's command by the
// package's name, perhaps with its version (see packageSpec).
var packageRunners = map[string]bool{"uvx": true, "pipx": true, "uv": true, "npx": true, "bunx": true,
	"pnpm": true, "yarn": true, "npm": true}

// packageSpec reports whether the word t, which a shell would read as an
// assignment at a command's start, is a package runner's requirement
// ("uvx ruff==0.5.0 check", "pipx run black==24.1"), which no one means
// as an environment variable.
func packageSpec(t shellToken) bool { return strings.Contains(t.text, "==") }

// argOptionIs reports whether the first option of the word of short
// options t that takes an argument is the letter c: "-u", "-lu", "-uapp",
// not "-gu" (the group "u").
func (pc precommand) argOptionIs(t string, c byte) bool {
	k := strings.IndexAny(t[1:], pc.argOpts)
	return k >= 0 && t[1+k] == c
}

// runsCommandAt returns the index of the first word of the command that the
// word at i runs, when it is a precommand, past the precommand's options
// (an option letter of argOpts takes the next word, unless glued: -u root,
// -uroot, -iu root; so does a long option of argLong), "--", assignments and
// operands; otherwise, or when an option of noRun says nothing is run,
// len(toks). first says toks[i] is the first word of its command, where
// the shell reads time, coproc and function, unquoted, as its reserved
// words (precommand.compound); after sudo, time is a program.
func runsCommandAt(toks []shellToken, i int, first bool) int {
	name := path.Base(toks[i].text)
	pc, ok := precommands[name]
	if !ok {
		pc, ok = precommands[withoutVersion(name)] // python3.12 -m
	}
	if !ok {
		return len(toks)
	}
	j, mayRun := i+1, pc.user == 0 // runuser runs a command only with -u
	if pc.sub != "" {
		j = pc.pastOwnOptions(toks, j)
		switch {
		case j < len(toks) && !toks[j].op && pc.isSub(toks[j].text):
			j++
		case !pc.subOptional:
			return len(toks) // "bundle install", "python script.py"
		default:
			j = i + 1 // no sub: its options are read as any precommand's
		}
	}
	j, mayRun = pc.pastOptions(toks, j, name, mayRun)
	if !mayRun {
		return len(toks)
	}
	keyword := pc.compound && first && toks[i].text == name && !toks[i].quoted
	switch {
	case j >= len(toks) || packageRunners[name] && packageSpec(toks[j]):
	case pc.assigns || keyword:
		j = skipAssignments(toks, j)
	default:
		j = skipRedirections(toks, j) // "nohup >o make all"; "nohup A=1" runs A=1
	}
	for n := 0; n < pc.operands && j < len(toks) && !toks[j].op; n++ {
		j++
	}
	if pc.dashAfter {
		j = pc.pastOptionsAfterOperands(toks, j)
	}
	if keyword {
		j = compoundAt(toks, j, name == "coproc")
	}
	if j >= len(toks) || toks[j].op {
		return len(toks)
	}
	return j
}

// pastOptions returns the index of the first word after the options
// of the precommand name from toks[j], and its assignments and operands
// read with them (see runsCommandAt), and whether it may run a command
// (mayRun, or an option that gives the user to run it as); len(toks) and
// false when an option of noRun says nothing is run.
func (pc precommand) pastOptions(toks []shellToken, j int, name string, mayRun bool) (int, bool) {
	operand := false // an operand was read: env's "-" is -i only as its first
	for j < len(toks) && !toks[j].op {
		t := toks[j].text
		if toks[j].glued { // an option's value ("--preserve-env=PATH")
			j++
			continue
		}
		if t == "--" {
			j++
			if name == "env" && j < len(toks) && toks[j].text == "-" && !toks[j].glued {
				j++ // "env -- - cmd": "-" is still its first operand
			}
			break
		}
		// env's and sudo's substitution may print assignments ("env $(cat
		// .env | xargs) cmd"), and the command follows them.
		if pc.assigns && (assignmentText(toks[j]) || toks[j].fed) {
			j, operand = j+1, true
			continue
		}
		if t == "-" && name == "env" && !operand {
			// env's first operand "-" is -i (GNU env): "env - PATH=/usr/bin
			// cmd"; its options end there ("env - -- cmd" runs "--").
			j++
			break
		}
		if !isOption(t) {
			break
		}
		if noRun, _ := pc.shortOptions(t); noRun && !strings.HasPrefix(t, "--") {
			return len(toks), false // sudo -l, command -v: nothing is run
		}
		j++
		if pc.takesNext(t) || strings.HasPrefix(t, "--") && strings.HasSuffix(t, "=") { // "--user=$(whoami)"
			j++ // the option's argument
		}
		mayRun = mayRun || t == "--user" || !strings.HasPrefix(t, "--") && pc.user != 0 && pc.argOptionIs(t, pc.user)
	}
	return j, mayRun
}

// takesNext reports whether the option word t of the runner takes the
// next word as its argument: a long option of argLong, or short options
// whose last letter is of argOpts (shortOptions).
func (pc precommand) takesNext(t string) bool {
	if strings.HasPrefix(t, "--") {
		return slices.Contains(pc.argLong, t[2:])
	}
	_, takesNext := pc.shortOptions(t)
	return takesNext
}

// pastOptionsAfterOperands returns the index of the first word from j
// past the options (each with its argument, argOpts' and argLong's) and
// the "--" a dashAfter runner reads after its operands.
func (pc precommand) pastOptionsAfterOperands(toks []shellToken, j int) int {
	for j < len(toks) && !toks[j].op && !toks[j].glued && (isOption(toks[j].text) || toks[j].text == "--") {
		t := toks[j].text
		j++
		if t == "--" {
			return j
		}
		if pc.takesNext(t) {
			j = argumentEnd(toks, j)
		}
		for j < len(toks) && toks[j].glued { // "--duration=1h": its value
			j++
		}
	}
	return j
}

// compoundAt is the first word of the command that a reserved word of
// the shell (precommand.compound) runs from toks[j]: past the reserved
// words that open a compound command ("{", "!", "if"), and, for
// coproc (named), past the NAME it gives a group ("coproc PUSH { …; }").
func compoundAt(toks []shellToken, j int, named bool) int {
	if named && j+1 < len(toks) && !toks[j].op && toks[j+1].text == "{" && isReservedWord(toks[j+1]) {
		j++
	}
	for j < len(toks) && isReservedWord(toks[j]) {
		j++
	}
	return j
}
