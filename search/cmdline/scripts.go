package cmdline

import (
	"path"
	"regexp"
	"slices"
	"strings"
)

// Some commands run a command line that is one of their words, or several
// joined: "bash -c 'git push --force'", "sudo su -c 'rm -rf /srv'", "eval
// git push --force", "watch kubectl get pods", "find . -name '*.tmp'
// -exec rm -rf {} +", "git rebase --exec 'npm test'"; and a shell runs
// what it reads from its input: "echo 'git push --force' | sh", "bash <<<
// 'rm -rf build'". An agent about to type one of those is about to run
// the command inside, so Match reads it as a line of its own (a
// script), as a shell would when it runs it.

// MaxScriptDepth bounds how deep scripts within scripts are read ("bash -c
// \"sudo sh -c 'git push --force'\"" is two deep, "ssh bastion ssh prod
// docker exec app sh -c 'rails db:migrate'" four); a line that runs one
// deeper is not matched at all, rather than some of its commands being
// left untried: Match says so with an error wrapping ErrOverLimit.
const MaxScriptDepth = 5

// shells are the commands that run their -c option's word as a script.
var shells = map[string]bool{"sh": true, "bash": true, "zsh": true, "dash": true,
	"ksh": true, "mksh": true, "ash": true}

// runs returns the scripts the commands of a line run: those scriptsAt
// finds at each command's start, and the command substitutions inside
// double quotes, which the shell runs wherever they are in a word.
func (cl commandLine) runs() []string {
	var out []string
	var typed map[string]string // what tmux send-keys typed in each pane, for a later Enter
	for _, s := range cl.starts {
		out = append(out, scriptsAt(cl.toks, s, &typed)...)
	}
	out = append(out, cl.stdin...)
	return append(out, quotedSubstitutions(cl.cmd)...)
}

// readsScript reports whether the last command of toks, the words of a
// line up to a here-document's <<, is a shell that reads its script from
// its input ("bash", "sudo -u app sh -s", "bash -x"): one given no script
// file nor -c, or -s, and not -n; or su, or sudo -i or -s, given no
// command, which run a user's shell ("su - app <<'EOF'", "sudo -i"); or a
// shell in a container, a pod or on another host that reads it (see
// remoteReadsScript: "ssh host bash", "docker exec -i app sh"). The
// here-document is then its script ("sudo bash <<'EOF'"); for any other
// command it is text.
func readsScript(toks []shellToken) bool {
	toks, starts := fedCommandStarts(toks) // "ssh -i $(pwd)/key host"
	if len(starts) == 0 {
		return false
	}
	words := dropRedirections(remoteWords(toks, lastOutside(toks, starts))) // "bash 2>&1 <<EOF"
	if len(words) == 0 {
		return false
	}
	switch name := path.Base(words[0].text); {
	case name == "su":
		return commandOptionAt(words, "gGsw") == 0 // the user's shell, not given -c
	case name == "sudo":
		return sudoShell(words)
	case name == "ssh" || containerRunners[name] || name == "kubectl" || name == "oc":
		return remoteReadsScript(words)
	case !shells[name]:
		return false
	}
	j := shellOperandAt(words)
	command, noexec, stdin := shellFlags(words[1:j])
	// With -s, the operands are the script's arguments.
	return !command && !noexec && (stdin || j == len(words))
}

// lastOutside is the last of starts that is not inside a command
// substitution given as an argument: the command that a here-document or
// a pipe at the end of the line feeds ("ssh -i $(pwd)/key host <<EOF"
// feeds ssh, not pwd).
func lastOutside(toks []shellToken, starts []int) int {
	subs := argumentSubstitutions(toks)
	for k := len(starts) - 1; k > 0; k-- {
		if subs == nil || !subs.inside(starts[k]) {
			return starts[k]
		}
	}
	return starts[0]
}

// sudoShell reports whether the words of a sudo that runs no command
// given (see readsScript) run a shell, with -s or -i (--shell, --login),
// which then reads its script from its input: "sudo -i <<'EOF'", "echo
// 'make deploy' | sudo -s". The letters after one of sudo's options that
// takes an argument are its value ("-usam").
func sudoShell(words []shellToken) bool {
	pc := precommands["sudo"]
	for _, w := range words[1:] {
		t := w.text
		switch {
		case w.glued || !isOption(t):
		case t == "--shell" || t == "--login":
			return true
		case !strings.HasPrefix(t, "--"):
			if k := strings.IndexAny(t[1:], "si"+pc.argOpts); k >= 0 && (t[1+k] == 's' || t[1+k] == 'i') {
				return true
			}
		}
	}
	return false
}

// withPrintedHereDocs is scripts, each followed by what it prints when it
// is nothing but a here-document cat prints in a command substitution,
// "$(cat <<'EOF' ... EOF\n)": the script of the shell given that output
// as its script, "bash -c \"$(cat <<'EOF' ... EOF\n)\"", "echo \"$(cat
// <<'EOF' ... EOF\n)\" | sh", which ran the here-document's text, and
// read as text; the script itself, which runs cat, is kept.
func withPrintedHereDocs(scripts []string) []string {
	var out []string
	for _, s := range scripts {
		out = append(out, s)
		if body, ok := printedHereDoc(s); ok {
			out = append(out, body)
		}
	}
	return out
}

// printedHereDoc is the text of the here-document that s prints when s
// is a command substitution of cat given it and nothing else, "$(cat
// <<'EOF'\n...\nEOF\n)", as the line's shell gives it (see
// expandHereDoc).
func printedHereDoc(s string) (string, bool) {
	t := strings.TrimSpace(s)
	if !strings.HasPrefix(t, "$(") || strings.HasPrefix(t, "$((") || substitutionEnd(t, 0, 0) != len(t)-1 {
		return "", false
	}
	inner := t[2 : len(t)-1]
	nl := strings.IndexByte(inner, '\n')
	at := strings.Index(inner[:max(nl, 0)], "<<")
	if at < 0 || strings.HasPrefix(inner[at:], "<<<") {
		return "", false
	}
	d, last := hereDocAt(inner, at)
	if d.word == "" || last >= nl { // a quote over lines
		return "", false
	}
	words := shellTokens(inner[:at] + " " + inner[last+1:nl])
	if cat := len(words) == 1 || len(words) == 2 && words[1].text == "-"; !cat || words[0].text != "cat" {
		return "", false
	}
	body, next := hereDocBody(inner, nl, d)
	if strings.TrimSpace(inner[next:]) != "" {
		return "", false // more than cat's output
	}
	if !d.quoted {
		body, _ = expandHereDoc(body) // its substitutions are the script's own
	}
	return body, true
}

// quotedSubstitutions lists the commands of the command substitutions
// inside double quotes in line ("$(git push --force)", "`date`"): part
// of a word, and run by the shell all the same. Outside quotes, $( and a
// backtick are operators of their own (shellTokens), so the commands
// inside are commands of the line.
func quotedSubstitutions(line string) []string {
	var out []string
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '\\':
			i++
		case '#':
			if commentAt(line, i) {
				i = commentEnd(line, i)
			}
		case '\'', '"':
			end := closingQuote(line, i)
			if end < 0 {
				end = len(line)
			}
			if line[i] == '"' {
				out = append(out, substitutionsIn(line[i+1:end])...)
			}
			i = end
		}
	}
	return out
}

// substitutionsIn lists the commands of the command substitutions in the
// text between double quotes, "$(...)" and "`...`", those inside an
// arithmetic "$((...))" included ("$(( $(git rev-list --count HEAD) + 1
// ))" runs git); one left open runs to the end.
func substitutionsIn(q string) []string {
	var out []string
	for i := 0; i < len(q); i++ {
		end := -1 // of an arithmetic expansion at q[i]
		if q[i] == '$' {
			end = arithmeticEnd(q, i)
		}
		switch {
		case q[i] == '\\':
			i++
		case end >= 0:
			out = append(out, substitutionsIn(q[i+3:end-1])...)
			i = end
		case q[i] == '`' || strings.HasPrefix(q[i:], "$("):
			cmd, last := substitutionAt(q, i)
			if cmd != "" {
				out = append(out, cmd)
			}
			i = last
		}
	}
	return out
}

// substitutionAt reads the command substitution that starts at s[i], a
// backtick or "$(": the command it runs, "" for an arithmetic "$((...))"
// (none of its own), and the index of its last byte; one left open runs
// to the end. "$((cd app) && ls)" is a substitution, as bash reads it.
func substitutionAt(s string, i int) (cmd string, last int) {
	if s[i] == '`' {
		end := strings.IndexByte(s[i+1:], '`')
		if end < 0 {
			end = len(s) - i - 1
		}
		return s[i+1 : i+1+end], i + end + 1
	}
	end := substitutionEnd(s, i, 0)
	if end < 0 {
		end = len(s)
	}
	if arithmeticEnd(s, i) >= 0 {
		return "", end
	}
	return s[i+2 : end], end
}

// scriptsAt returns the command lines the command starting at word s of
// toks runs as scripts, in order; none for any other command. typed is
// the text tmux send-keys typed in each pane and ran no Enter for yet,
// which a later tmux command of the line may (see tmuxScripts).
func scriptsAt(toks []shellToken, s int, typed *map[string]string) []string {
	words := commandWords(toks, s)
	if len(words) < 2 {
		return nil
	}
	switch name := path.Base(words[0].text); {
	case shells[name]:
		if script := optionScript(words, shellScriptAt); script != nil {
			return script
		}
		return hereStringScript(words)
	case name == "su" || name == "runuser":
		return optionScript(words, func(w []shellToken) int { return commandOptionAt(w, "gGsw") })
	case name == "flock": // flock FILE -c 'cmd'
		return flockScript(words)
	case name == "script":
		return optionScript(words, func(w []shellToken) int { return commandOptionAt(w, "BEIOTo") })
	case name == "echo" || name == "printf" || name == "cat":
		return pipedScript(toks, s, words)
	case name == "npx" || name == "npm" && (words[1].text == "exec" || words[1].text == "x"):
		return npxCall(words)
	case name == "git":
		return rebaseScripts(words)
	case name == "nix-shell": // nix-shell -p jq --run 'jq . x.json'
		return longOptionScript(words, "--run", "--command")
	case name == "nix": // nix develop -c make test, nix shell nixpkgs#jq --command jq
		return nixCommand(words)
	case name == "tmux":
		return tmuxScripts(words, typed)
	case name == "screen":
		return screenScript(words)
	case containerRunners[name]:
		return containerScript(withoutUnpassedInput(remoteWords(toks, s)))
	case name == "kubectl" || name == "oc":
		return podScript(withoutUnpassedInput(remoteWords(toks, s)))
	case name == "ssh":
		return hostScript(withoutUnpassedInput(remoteWords(toks, s)))
	case name == "heroku" || name == "vagrant" || name == "fly" || name == "flyctl" || name == "gcloud":
		return platformScript(remoteWords(toks, s))
	case name == "eval":
		return joinedScript(words[1:], false)
	case name == "watch":
		return watchScript(words)
	case name == "find":
		return findScripts(words)
	case name == "trap":
		return trapScript(words)
	case name == "env":
		return envSplitScript(words)
	}
	return nil
}

// envSplitScript is the command env's -S (--split-string) gives it: the
// option's value split into words as a shell would, then the words after
// it, "env -S 'rm -rf' x" running rm -rf x (a "#!/usr/bin/env -S deno
// run" line's way of giving a command its options). None without -S
// among env's options, which end at "--", an assignment or the command.
func envSplitScript(words []shellToken) []string {
	for i := 1; i < len(words); i++ {
		t := words[i].text
		value, next := "", false
		switch {
		case words[i].glued || t == "--" || !strings.HasPrefix(t, "-") || t == "-":
			return nil
		case t == "--split-string":
			next = true
		case strings.HasPrefix(t, "--split-string="):
			value = t[len("--split-string="):]
		case t == "--unset" || t == "--chdir":
			i++ // its argument
			continue
		case strings.HasPrefix(t, "--"):
			continue
		default: // a bundle of short options: -i, -0, -v, and -u, -C, -S with an argument
			k := 1 + strings.IndexAny(t[1:], "SuC")
			switch {
			case k == 0:
				continue
			case t[k] != 'S' && k == len(t)-1:
				i++ // -u's or -C's argument, the next word
				continue
			case t[k] != 'S':
				continue // its argument in the word
			}
			value, next = t[k+1:], k == len(t)-1
		}
		if next {
			if i+1 == len(words) {
				return nil
			}
			i++
			value = asWritten(words[i])
		}
		if rest := joinedScript(words[i+1:], true); rest != nil {
			value += " " + rest[0]
		}
		return []string{value}
	}
	return nil
}

// trapScript is the script trap sets for the signals named after it,
// which the shell runs when one comes or it exits: "trap 'rm -rf
// "$tmp"' EXIT" runs rm at the end of the script. None with an option
// (-l and -p list, -P prints), nor for "-" or a number (the signals
// reset), nor for "" (ignored), nor without a signal after it (bash
// prints its usage).
func trapScript(words []shellToken) []string {
	i := 1
	if words[i].text == "--" && !words[i].glued {
		i++
	}
	if i+1 >= len(words) || words[i].glued {
		return nil
	}
	switch t := words[i].text; {
	case t == "" || t == "-" || i == 1 && strings.HasPrefix(t, "-"), strings.Trim(t, "0123456789") == "":
		return nil
	}
	return []string{asWritten(words[i])}
}

// commandWords are the words of the command starting at word s, up to the
// next control operator.
func commandWords(toks []shellToken, s int) []shellToken {
	end := s
	for end < len(toks) && !toks[end].op {
		end++
	}
	return toks[s:end]
}

// optionScript returns the script of a command whose option gives it
// (sh -c, su -c), as at says where that is.
func optionScript(words []shellToken, at func([]shellToken) int) []string {
	if i := at(words); i > 0 && i < len(words) && words[i].text != "" {
		return []string{asWritten(words[i])}
	}
	return nil
}

// shellScriptAt is the index in the words of a shell's command of the
// script it runs: with -c among its options (alone or bundled, "-lc",
// "-ec"), its first operand; 0 without -c, and with -n, with which the
// shell reads the script and runs none of it ("bash -n -c" checks its
// syntax). The options -o and -O and the long --rcfile and --init-file
// take the next word.
func shellScriptAt(words []shellToken) int {
	j := shellOperandAt(words)
	if command, noexec, _ := shellFlags(words[1:j]); !command || noexec {
		return 0
	}
	return j
}

// shellFlags reads a shell's options, its words before its first operand:
// whether -c (a script given as a word), -n (no command run) or -s (the
// script read from its input) is among them, alone or bundled.
func shellFlags(opts []shellToken) (command, noexec, stdin bool) {
	for _, w := range opts {
		if t := w.text; !w.glued && len(t) > 1 && t[0] == '-' && t[1] != '-' {
			command = command || strings.IndexByte(t, 'c') > 0
			noexec = noexec || strings.IndexByte(t, 'n') > 0
			stdin = stdin || strings.IndexByte(t, 's') > 0
		}
	}
	return command, noexec, stdin
}

// shellOperandAt is the index among a shell's words of its first
// operand (see operandAt). A "-" alone ends its options as "--" does, as
// bash, dash and zsh read it: "curl -fsSL <url> | sudo -E bash -" reads
// its script from its input, and "bash -c - 'git push --force'" runs the
// word after it; read as the first operand, the one was taken for a
// script file and the other for the script "-". A "-" after "--" is a
// file of that name.
func shellOperandAt(words []shellToken) int {
	j := operandAt(words, shellOption, shellOptionTakesNext)
	if j < len(words) && words[j].text == "-" && !words[j].glued && (j == 1 || words[j-1].text != "--") {
		j++
	}
	return j
}

// shellOption reports whether a word is an option to a shell, which may
// also start with + ("+o posix", "+x").
func shellOption(t string) bool { return len(t) > 1 && (t[0] == '-' || t[0] == '+') }

// shellOptionTakesNext reports whether a shell's option takes the next
// word: -o, -O (also bundled, "-euo pipefail"), --rcfile, --init-file.
func shellOptionTakesNext(t string) bool {
	if strings.HasPrefix(t, "--") {
		return t == "--rcfile" || t == "--init-file"
	}
	return strings.ContainsAny(t[1:], "oO")
}

// operandAt is the index among a command's words of its first operand:
// past its options (the words isOpt says are), each with the next word
// when takesNext says it takes one, values glued to them, and a "--"
// that ends them; len(words) when there is none.
func operandAt(words []shellToken, isOpt, takesNext func(string) bool) int {
	return operandFrom(words, 1, isOpt, takesNext)
}

// operandFrom is operandAt from the word at j on: the options of a
// subcommand, or those after an operand ("ssh host -p 2222 cmd").
func operandFrom(words []shellToken, j int, isOpt, takesNext func(string) bool) int {
	for ; j < len(words); j++ {
		t := words[j].text
		switch {
		case words[j].glued:
		case t == "--":
			return j + 1
		case !isOpt(t):
			return j
		case takesNext(t):
			j++ // the option's argument
		}
	}
	return min(j, len(words))
}

// commandOptionAt is the index in the words of su's, runuser's or
// script's command of the script its -c or --command option gives, which
// may come after an operand ("su - app -c 'make deploy'", "script -q -c
// 'make test' /dev/null"); 0 for none, and len(words) for an option
// that wants its argument at the end of the line, with which su refuses
// the line and reads no script ("su -c <<EOF": "option requires an
// argument"). The options of argOpts take the next word, or the rest of
// theirs, whose letters are no options: the "c" of su's "-Gdocker" or
// "-s/bin/csh" read as -c left the script unread.
func commandOptionAt(words []shellToken, argOpts string) int {
	for j := 1; j < len(words); j++ {
		t := words[j].text
		switch {
		case words[j].glued || !isOption(t):
		case t == "--command":
			return j + 1
		case strings.HasPrefix(t, "--"):
		default:
			for k := 1; k < len(t); k++ {
				if strings.IndexByte(argOpts, t[k]) >= 0 {
					if k == len(t)-1 {
						j++ // the option's argument
						if j == len(words) {
							return j // none: refused ("su -s")
						}
					}
					break // or the rest of the word is ("-Gdocker", "-s/bin/csh")
				}
				if t[k] == 'c' {
					if k < len(t)-1 {
						return 0 // "-cmake": an odd way to write it, not read
					}
					return j + 1
				}
			}
		}
	}
	return 0
}

// joinedScript is the script of words joined by spaces: as eval and watch
// read them, re-read by the shell ("eval git push" runs git push), or, for
// quote, as they are, each word one word of the command (find -exec). An
// option and its value split apart ("--replicas=0") join as two words,
// which read the same; a short option's ("-Fc") as the one word, and so
// do the options of a bundle ("-rf"), as a regexp pattern of the script
// reads the bundle as it was written.
func joinedScript(words []shellToken, quote bool) []string {
	if len(words) == 0 {
		return nil
	}
	var b strings.Builder
	for i, w := range words {
		text := asWritten(w)
		if w.bundled {
			text = text[1:] // "-f" of "-rf": its letter
		}
		if quote && (w.quoted || w.glued || !isRedirection(w.text)) {
			// A redirection the line wrote stays one ("docker exec db
			// pg_dump app > app.sql"): quoted, it read as text.
			text = shellQuote(text)
		}
		if i > 0 && !w.attached && !w.bundled { // "-Fc" was one word: apart, "c" read as an operand
			b.WriteByte(' ')
		}
		b.WriteString(text)
	}
	return []string{b.String()}
}

// asWritten is a word's text with the "./" readWords took off put back,
// so that the script reads as it was written.
func asWritten(w shellToken) string {
	switch {
	case w.fed:
		// A word whose text the line does not show (a substitution's
		// output): in a script, an unknown word, so that "ssh host
		// $(cmd) rails db:migrate" runs cmd's output, not rails.
		return unknownWord
	case w.dot:
		return "./" + w.text
	}
	return w.text
}

// unknownWord stands in a script for a word whose text is not known.
const unknownWord = "$SUBSTITUTION"

// shellQuote is w as one word of a shell command line: as it is when it
// holds nothing a shell splits or reads, else in single quotes.
func shellQuote(w string) string {
	if w != "" && !strings.ContainsAny(w, " \t\n'\"\\|&;()<>$`*?[]#~=%{}") {
		return w
	}
	if w == "{}" {
		return w // find's file name, read as an operand
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}

// watchScript is the command watch runs: its words after its options,
// joined as sh -c reads them. The options -n and -q take the next word,
// also last in a bundle ("watch -tn 5 cmd"), not when their value is
// glued ("-n5", "-dn1").
func watchScript(words []shellToken) []string {
	j := operandAt(words, isOption, func(t string) bool {
		return t == "--interval" || t == "--equexit" || t[1] != '-' && strings.IndexByte("nq", t[len(t)-1]) >= 0
	})
	if j >= len(words) {
		return nil
	}
	return joinedScript(words[j:], false)
}

// findScripts are the commands of find's -exec, -execdir, -ok and -okdir
// actions: the words after one up to a ";" word or a "+" after "{}"
// (findActionEnd), each a word of the command, "{}" standing for the
// files found.
func findScripts(words []shellToken) []string {
	var out []string
	for j := 1; j < len(words); j++ {
		if !findActions[words[j].text] {
			continue
		}
		end := j + 1
		for end < len(words) && !findActionEnd(words, end) {
			end++
		}
		out = append(out, joinedScript(words[j+1:end], true)...)
		j = end
	}
	return out
}

// findActionEnd reports whether words[i] ends the command of a find
// -exec: a ";" (written "\;" or quoted), or a "+" right after "{}", as
// GNU find reads them; "echo a + b {} ;" runs echo with "+".
func findActionEnd(words []shellToken, i int) bool {
	return words[i].text == ";" && !words[i].op || words[i].text == "+" && i > 0 && words[i-1].text == "{}"
}

// fedCommandStarts is toks with the fed words of feedOperands, and the
// command starts of that.
func fedCommandStarts(toks []shellToken) ([]shellToken, []int) {
	toks, starts := splitArgumentsAt(toks, true)
	if fed := feedOperands(toks, starts); len(fed) > len(toks) {
		return fed, commandStarts(fed)
	}
	return toks, starts
}

// feedOperands returns toks with a fed word (shellToken.fed) where a
// command is given operands the line does not write out: after the words
// of each command xargs runs without a replace string (-I, -i, -J,
// --replace), which is given the operands xargs reads ("git branch
// --merged | xargs git branch -d" deletes branches, as "git branch -d *"
// says, though no branch is written after -d), and before each command
// substitution that is an argument of a command ("git branch -D $(git
// branch --merged)", "kill -9 $(lsof -t -i:3000)"), whose output is. It
// returns toks itself when there is none.
func feedOperands(toks []shellToken, starts []int) []shellToken {
	var at []int // the fed words go before toks[at[i]]
	for _, s := range starts {
		if path.Base(toks[s].text) != "xargs" || runsCommandAt(toks, s, false) == len(toks) || xargsReplaces(toks, s) {
			continue
		}
		at = append(at, s+len(commandWords(toks, s))) // after the command's words
	}
	subs := argumentSubstitutions(toks)
	backticks := 0
	for i, t := range toks {
		if t.text == "`" && t.op {
			backticks++
		}
		opens := t.op && (t.text == "$(" || t.text == "`" && backticks%2 == 1)
		if opens && i > 0 && !toks[i-1].op && !toks[i-1].fed && // once
			(!isAssignment(toks[i-1]) || subs.end[i] > i) { // "-e FOO=$(cmd)", but not "FOO=$(cmd) cmd"
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return toks
	}
	slices.Sort(at)
	at = slices.Compact(at)
	out := make([]shellToken, 0, len(toks)+len(at))
	last := 0
	for _, i := range at {
		out = append(out, toks[last:i]...)
		off := toks[i-1].off + len(toks[i-1].text)
		out = append(out, shellToken{off: off, fed: true})
		last = i
	}
	return append(out, toks[last:]...)
}

// lookedUpCommands returns toks with each command substitution that only
// looks a command up, "$(which git)", "$(command -v git)", "`type -P
// git`", unquoted or double-quoted as a whole word, read as the command's
// name, which is what it prints but for the directory: "$(which git) push
// --force" runs git push --force, and "sudo \"$(command -v npm)\" exec
// prettier" npx's prettier. It returns toks itself when there is none.
// A lookup right after a word that ends in "=" is that word's value, an
// assignment's ("GIT_SSH=$(which ssh) git push --force"), which
// shellTokens splits from it at the "$(": read as the command, it took
// the place of the command after it, "ssh git push --force".
func lookedUpCommands(toks []shellToken) []shellToken {
	var out []shellToken
	last := 0 // toks[last:] are not yet in out
	for i := 0; i < len(toks); i++ {
		name, n := lookedUpAt(toks, i)
		if n == 0 {
			continue
		}
		out = append(out, toks[last:i]...)
		out = append(out, shellToken{text: name, off: toks[i].off})
		last = i + n
		i = last - 1
	}
	if out == nil {
		return toks
	}
	return append(out, toks[last:]...)
}

// lookedUpAt reads a command lookup at toks[i] (see lookedUpCommands):
// the name looked up and how many tokens the substitution spans; 0 for
// none.
func lookedUpAt(toks []shellToken, i int) (string, int) {
	t := toks[i]
	if !t.op {
		if m := quotedLookup.FindStringSubmatch(t.text); m != nil && !t.glued {
			return m[1], 1
		}
		return "", 0
	}
	if i > 0 && !toks[i-1].op && strings.HasSuffix(toks[i-1].text, "=") {
		return "", 0 // an assignment's value
	}
	closer := ")"
	switch t.text {
	case "$(":
	case "`":
		closer = "`"
	default:
		return "", 0
	}
	j := i + 1
	if j >= len(toks) {
		return "", 0
	}
	// The options that print where a command is: command's -v, type's
	// -p and -P. "command -p git" runs git, with a default PATH, and
	// its output, git's usage, is no command name.
	flag := ""
	if j+1 < len(toks) {
		flag = toks[j+1].text
	}
	switch name := toks[j].text; {
	case name == "which":
		j++
	case name == "command" && flag == "-v", name == "type" && (flag == "-p" || flag == "-P"):
		j += 2
	default:
		return "", 0
	}
	if j >= len(toks) || toks[j].op {
		return "", 0
	}
	name := j
	// Past redirections of its errors or output, which print no name:
	// "$(which python3 2>/dev/null)".
	for j++; j < len(toks) && !toks[j].op && isRedirection(toks[j].text); j++ {
		if t := toks[j].text; strings.HasSuffix(t, ">") || strings.HasSuffix(t, "<") {
			j++ // "2> /dev/null": its target is the next word
		}
	}
	if j >= len(toks) || toks[j].text != closer || !toks[j].op {
		return "", 0
	}
	return toks[name].text, j + 1 - i
}

// quotedLookup matches a word that is a command lookup in double quotes,
// read into one word: "$(which git)".
var quotedLookup = regexp.MustCompile(`^(?:\$\(|` + "`" + `)\s*(?:which|command\s+-v|type\s+-[pP])\s+([\w.+-]+)\s*(?:\)|` + "`" + `)$`)

// xargsReplaces reports whether the options of the xargs at word s give a
// replace string, with which xargs puts its operands where the string is
// in the command's words rather than after them.
func xargsReplaces(toks []shellToken, s int) bool {
	pc := precommands["xargs"]
	for j := s + 1; j < len(toks) && !toks[j].op; j++ {
		t := toks[j].text
		switch {
		case toks[j].glued:
		case !isOption(t):
			return false // "--" or the command: xargs's options are behind
		case t == "--replace":
			return true
		case strings.HasPrefix(t, "--"):
			if slices.Contains(pc.argLong, t[2:]) {
				j++ // the option's argument
			}
		default:
			for k := 1; k < len(t); k++ {
				if strings.IndexByte("IiJ", t[k]) >= 0 {
					return true
				}
				if strings.IndexByte(pc.argOpts, t[k]) >= 0 {
					if k == len(t)-1 {
						j++ // the option's argument
					}
					break
				}
			}
		}
	}
	return false
}

// hereStringScript is the script a shell reads from a here-string, when
// it reads its script from its input ("bash <<< 'git push --force'",
// "sudo sh <<<\"$cmd\""); none for a shell given a script file or -c.
func hereStringScript(words []shellToken) []string {
	for j, w := range words {
		if !strings.HasPrefix(w.text, "<<<") {
			continue
		}
		script, next := hereString(words, j)
		if script == "" || !readsScript(slices.Concat(words[:j], words[next:])) {
			return nil
		}
		return []string{script}
	}
	return nil
}

// hereString is the text of the here-string at words[j] ("<<<'text'", or
// "<<<" and the next word), and the index of the word after it.
func hereString(words []shellToken, j int) (string, int) {
	text, next := words[j].text[len("<<<"):], j+1
	if text == "" && next < len(words) {
		text, next = words[next].text, next+1
	}
	return text, next
}

// pipedScript is the script that the echo, printf or cat starting at
// word s of toks, of the given words, prints into a shell that reads its
// script from its input: "echo 'git push --force' | sh", "printf 'cd
// app\nmake deploy\n' | sudo bash", "cat <<< \"$cmd\" | bash". None when the command's output goes elsewhere.
func pipedScript(toks []shellToken, s int, words []shellToken) []string {
	end := s + len(words)
	if end < len(toks) && toks[end].groupPipe > 0 {
		end = int(toks[end].groupPipe) - 1 // "(echo 'git push') | sh"
	}
	if !pipesToShell(toks, end) {
		return nil
	}
	if outputElsewhere(words[1:]) {
		return nil // "echo 'rm -rf x' > f | sh": the text goes to f, the shell reads nothing
	}
	args := slices.DeleteFunc(dropRedirections(words[1:]), func(w shellToken) bool { return w.fed })
	var text string
	var ok bool
	switch path.Base(words[0].text) {
	case "echo":
		text, ok = echoed(args)
	case "printf":
		text, ok = printed(args)
	default:
		text, ok = catted(words)
	}
	if !ok || strings.TrimSpace(text) == "" {
		return nil
	}
	return []string{text}
}

// outputElsewhere reports whether a command's words after its first
// redirect its output away from the pipe after it, which then carries
// none of it: ">f", "&>f", ">&2", but not "2>&1", "2>/dev/null" nor
// ">/dev/stdout" (see streams).
func outputElsewhere(args []shellToken) bool {
	s := commandStreams(args)
	return !s.outReaches()
}

// catted is what cat prints of its words when it is given a here-string
// and no file: the here-string ("cat <<< 'git push --force' | sh", as
// "cat <<'EOF' | sh" prints its here-document, see catPipesToShell); not
// ok with a file, an option or another input.
func catted(words []shellToken) (string, bool) {
	text, found := "", false
	for j := 1; j < len(words); j++ {
		switch t := words[j].text; {
		case strings.HasPrefix(t, "<<<"):
			var next int
			text, next = hereString(words, j)
			found, j = true, next-1
		case t == "-" || isRedirection(t) && !redirectionAlone(t): // its target glued, "2>&1"
		case redirectionAlone(t) && !strings.Contains(t, "<") && j+1 < len(words):
			j++ // "2> /dev/null" (or "2>/dev/null", split): its target
		default:
			return "", false
		}
	}
	return text, found
}

// echoed is what echo prints of its words: its operands joined by
// spaces, with backslash escapes read unless -E is its last say. The
// echo of zsh and of dash reads them, bash's only under -e; an agent that
// writes "\n" into a script means a new line. Its options are the leading
// words of n, e and E alone.
func echoed(words []shellToken) (string, bool) {
	escapes := true
	j := 0
	for ; j < len(words) && echoOptions(words[j].text); j++ {
		if i := strings.LastIndexAny(words[j].text, "eE"); i > 0 {
			escapes = words[j].text[i] == 'e'
		}
	}
	joined := joinedScript(words[j:], false)
	if len(joined) == 0 {
		return "", false
	}
	if escapes {
		return unescapePrintf(joined[0]), true
	}
	return joined[0], true
}

// echoOptions reports whether w is a word of echo's options, "-n",
// "-e", "-E" or a bundle of them; any other word is printed.
func echoOptions(w string) bool {
	return len(w) > 1 && w[0] == '-' && strings.Trim(w[1:], "neE") == ""
}

// printed is what printf prints of its words: the format, its escapes
// read, with each conversion ("%s", "%b", "%q", "%d", "%-10s") given the
// next operand (quoted for %q), and again while operands are left, as printf reads them; not
// ok with -v, which prints nothing, or without a format.
func printed(words []shellToken) (string, bool) {
	if len(words) > 0 && words[0].text == "--" {
		words = words[1:]
	}
	if len(words) == 0 || strings.HasPrefix(words[0].text, "-v") {
		return "", false
	}
	format, args := unescapePrintf(words[0].text), words[1:]
	var b strings.Builder
	for {
		used := 0
		for i := 0; i < len(format); i++ {
			if format[i] != '%' {
				b.WriteByte(format[i])
				continue
			}
			if i+1 == len(format) {
				// bash prints what came before and stops: "`%':
				// missing format character".
				return b.String(), true
			}
			if format[i+1] == '%' {
				b.WriteByte('%')
				i++
				continue
			}
			k := strings.IndexFunc(format[i+1:], func(r rune) bool { return !strings.ContainsRune("-+ #0123456789.", r) })
			if k < 0 {
				return b.String(), true // no conversion after the flags ("%-5"): as a lone "%"
			}
			i += 1 + k
			for i < len(format) && strings.IndexByte("hlLjzt", format[i]) >= 0 {
				i++ // a length modifier ("%ld"), which bash reads and ignores
			}
			if i == len(format) || strings.IndexByte("diouxXeEfFgGaAcsbqQ(", format[i]) < 0 {
				return b.String(), true // "`y': invalid format character": as a lone "%"
			}
			if used < len(args) {
				arg := asWritten(args[used])
				switch format[i] {
				case 'b':
					arg = unescapePrintf(arg)
				case 'q':
					// Quoted so that a shell reads it back as one
					// word: "printf 'echo %q' 'a; rm -rf b' | sh"
					// runs echo, and matched rm -rf <dir>.
					arg = shellQuote(arg)
				}
				b.WriteString(arg)
			}
			used++
		}
		if used == 0 || used >= len(args) {
			return b.String(), true
		}
		if b.Len() > maxPrinted {
			return "", false
		}
		args = args[used:]
	}
}

// maxPrinted bounds what printed writes: a format repeated for each of
// thousands of operands ("printf '%s long text\n' a b c ...") would
// print megabytes from a line of MaxLine bytes. No script a
// person pipes into a shell is that long; one longer is not read.
const maxPrinted = 16 * MaxLine

// printfEscapes are the backslash escapes echo -e and printf read that
// can change how a shell reads the text.
var printfEscapes = strings.NewReplacer(`\\`, `\`, `\n`, "\n", `\t`, "\t", `\r`, "\r")

// unescapePrintf is s with the backslash escapes of printfEscapes read.
func unescapePrintf(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	return printfEscapes.Replace(s)
}

// rebaseScripts are the commands "git rebase" runs after each commit it
// makes, those of its -x and --exec options ("git rebase -i --exec 'npm
// test' main"), -x also in a bundle, its script after it in the word or
// the next ("-iqx 'npm test'", "-ix'npm test'").
func rebaseScripts(words []shellToken) []string {
	j := operandAt(words, isOption, func(t string) bool { return t == "-C" || t == "-c" })
	if j >= len(words) || words[j].text != "rebase" {
		return nil
	}
	var out []string
	for j++; j < len(words); j++ {
		w := words[j]
		if w.glued || w.op || !isOption(w.text) {
			continue // a branch named "hotfix" is no -x
		}
		script, next := rebaseExec(w)
		switch {
		case script != "":
			out = append(out, script)
		case next && j+1 < len(words):
			out = append(out, asWritten(words[j+1]))
			j++
		}
	}
	return out
}

// rebaseExec reads the option word w of git rebase: the script of its -x
// when the word holds it ("-x'make test'", "-ix'make test'"), or next
// when it is the next word's ("--exec", "-x", "-iqx"). A letter of
// rebase's that takes an argument before an x (-s, -X) takes the rest.
func rebaseExec(w shellToken) (script string, next bool) {
	letters := spelledArgumentLetters["git rebase"]
	if k := argumentLetter(w, letters); k >= 0 {
		if w.text[k] == 'x' {
			return w.text[k+1:], false
		}
		return "", false
	}
	return "", w.text == "--exec" || strings.HasSuffix(w.text, "x") && takesNextOf(w.text, letters)
}

// catPipesToShell reports whether line, the command a here-document is
// given to and the rest of its line with the here-document's << and word
// taken out, is cat piped to a shell that reads its script from its
// input: "cat <<'EOF' | sudo bash". cat prints the here-document into
// the shell, which runs it.
func catPipesToShell(line string) bool {
	if !strings.Contains(line, "|") {
		return false
	}
	toks := shellTokens(continueLines(line))
	start := skipAssignments(toks, 0)
	words := commandWords(toks, start)
	end := start + len(words)
	if outputElsewhere(words[min(1, len(words)):]) {
		return false // "cat <<EOF > f | bash": the text goes to f, the shell reads nothing
	}
	words = dropRedirections(words)
	cat := len(words) == 1 || len(words) == 2 && words[1].text == "-"
	return len(words) > 0 && cat && path.Base(words[0].text) == "cat" &&
		pipesToShell(toks, end)
}

// pipesToShell reports whether toks[end] is a pipe ("|" or "|&") into a
// shell that reads its script from its input (see readsScript): first
// after it, or first in a group there past commands that read no input
// (fedCommand).
func pipesToShell(toks []shellToken, end int) bool {
	return end < len(toks) && toks[end].text == "|" && readsScript(commandSpan(toks, fedCommand(toks, afterPipe(toks, end))))
}

// npxCall is the command line that npx's or npm exec's -c (--call) runs
// in a shell, with the packages' commands on its PATH: "npx -c 'eslint .
// && prettier --check .'". It is one of their own options, before the
// package's command: after it, a -c is that command's ("npx eslint -c
// .eslintrc.json src").
func npxCall(words []shellToken) []string {
	from := 1
	if words[1].text == "exec" || words[1].text == "x" {
		from = 2
	}
	for j := from; j < len(words)-1; j++ {
		switch t := words[j].text; {
		case words[j].glued:
		case t == "-c" || t == "--call":
			return []string{asWritten(words[j+1])}
		case t == "--" || !isOption(t):
			return nil
		case t == "-p" || t == "--package" || t == "-w" || t == "--workspace":
			j++ // the option's argument
		}
	}
	return nil
}

// flockScript is the script flock runs with -c (--command), which must
// come right after the file it locks: "flock -n /tmp/deploy.lock -c 'make
// deploy'". Anywhere else a -c is the command's own, "flock /tmp/l git -c
// user.name=x commit", "flock /tmp/l gcc -c main.c", and read as flock's,
// its value was read as a script.
func flockScript(words []shellToken) []string {
	file := operandAt(words, isOption, func(t string) bool {
		return t == "--timeout" || t == "--wait" || t == "--conflict-exit-code" || takesNextOf(t, "wE")
	})
	if c := file + 1; c+1 < len(words) && !words[c].glued && (words[c].text == "-c" || words[c].text == "--command") {
		return []string{asWritten(words[c+1])}
	}
	return nil
}

// longOptionScript is the script the first of a command's long options
// named gives as its value ("--run 'make test'", "--run='make test'").
func longOptionScript(words []shellToken, names ...string) []string {
	for j := 1; j < len(words)-1; j++ {
		if words[j].text == "--" {
			return nil
		}
		if !words[j].glued && slices.Contains(names, words[j].text) {
			return []string{asWritten(words[j+1])}
		}
	}
	return nil
}

// nixCommand is the command "nix develop" or "nix shell" runs: the words
// after its -c or --command, each one word of it. nix's own options may
// take one or two words ("--option name value"), so the subcommand is the
// first word that is "develop" or "shell" rather than the first operand.
func nixCommand(words []shellToken) []string {
	j := slices.IndexFunc(words, func(w shellToken) bool {
		return !w.glued && (w.text == "develop" || w.text == "shell")
	})
	if j < 0 {
		return nil
	}
	for k := j + 1; k < len(words)-1; k++ {
		if t := words[k].text; !words[k].glued && (t == "-c" || t == "--command") {
			return commandScript(words[k+1:])
		}
	}
	return nil
}
