package cmdline

import (
	"strings"
)

// Agents start long-running commands (a dev server, a watcher) in a
// terminal multiplexer so that they outlive the agent's own shell:
// "tmux new-session -d -s dev 'npm run dev'", "tmux send-keys -t dev
// 'npm test' Enter", "screen -dmS api ./run.sh". The command inside is
// what runs, so Match reads it as a script (see scriptsAt).

// tmuxCommands are the tmux commands that run a shell command: by name,
// alias, the shortest prefix of the name that no other tmux command's
// starts with (tmux runs "tmux split" as split-window, "new-w" as
// new-window; read from tmux 3.3a's list-commands), and the letters of
// their options that take the next word (run-shell's -c is tmux 3.4's
// start directory; split-window's -p, a percentage, left out of its
// usage since tmux 3.1, is still read). Each runs its operands as a shell command, but
// send-keys, which types them (see typedLines), and if-shell, which runs
// its first, the others being tmux commands.
var tmuxCommands = []struct{ name, alias, prefix, argOpts string }{
	{"new-session", "new", "new-s", "cefFnstxy"},
	{"new-window", "neww", "new-w", "cenFt"},
	{"split-window", "splitw", "sp", "celtFp"}, // -p 30, as -l 30%
	{"respawn-pane", "respawnp", "respawn-p", "cet"},
	{"respawn-window", "respawnw", "respawn-w", "cet"},
	{"run-shell", "run", "ru", "cdt"},
	{"display-popup", "popup", "display-po", "bcdehsStTwxy"},
	{"pipe-pane", "pipep", "pi", "t"},
	{"if-shell", "if", "i", "t"},
	{"send-keys", "send", "send-k", "Nt"},
}

// tmuxCommand is the name and the options that take the next word of the
// tmux command of tmuxCommands that a command word names, or "".
func tmuxCommand(w string) (string, string) {
	for _, c := range tmuxCommands {
		if w == c.alias || strings.HasPrefix(c.name, w) && strings.HasPrefix(w, c.prefix) {
			return c.name, c.argOpts
		}
	}
	return "", ""
}

// tmuxScripts are the commands a tmux command line runs: that of its -c
// option, the shell command of each tmux command that takes one (see
// tmuxCommands; commands are separated by a ";" word, written "\;"
// or "';'"), and the lines send-keys types and ends with Enter, also in a
// later send-keys to the same pane ("send-keys -t dev -l 'npm test' \;
// send-keys -t dev Enter"), of this tmux or one after it on the line,
// "tmux send-keys -t dev 'npm test'; sleep 0.1; tmux send-keys -t dev
// Enter", which agents write so that the shell reads the text before the
// Enter. typed holds, by pane, the text typed and not yet run; it is made
// when first needed.
func tmuxScripts(words []shellToken, typed *map[string]string) []string {
	var out []string
	const globalArgs = "cfLST"
	j := operandAt(words, isOption, func(t string) bool { return takesNextOf(t, globalArgs) })
	if c := optionIn(words[:j], 'c', globalArgs); c >= 0 && c+1 < j && strings.HasSuffix(words[c].text, "c") {
		out = append(out, asWritten(words[c+1]))
	}
	if *typed == nil {
		*typed = map[string]string{}
	}
	cmds := tmuxSeparators(words[j:])
	for k := 0; k < len(cmds); {
		end := k
		for end < len(cmds) && cmds[end].text != ";" {
			end++
		}
		out = append(out, tmuxCommandScripts(cmds[k:end], *typed)...)
		k = end + 1
	}
	return out
}

// tmuxCommandScripts are the commands one tmux command runs, of words
// starting with its name; typed is what send-keys typed in each pane
// and did not end with Enter yet.
func tmuxCommandScripts(words []shellToken, typed map[string]string) []string {
	if len(words) == 0 {
		return nil
	}
	name, argOpts := tmuxCommand(words[0].text)
	if name == "" {
		return nil
	}
	j := operandAt(words, isOption, func(t string) bool { return takesNextOf(t, argOpts) })
	switch {
	case name == "send-keys":
		for _, letter := range []byte("XH") {
			if optionIn(words[:j], letter, argOpts) >= 0 {
				return nil // copy mode commands, or keys given in hex
			}
		}
		pane := ""
		if t := optionIn(words[:j], 't', argOpts); t >= 0 {
			if w := words[t].text; !strings.HasSuffix(w, "t") {
				pane = w[strings.IndexByte(w, 't')+1:] // "-tdev"
			} else if t+1 < j {
				pane = words[t+1].text
			}
		}
		lines, rest := typedLines(typed[pane], words[j:], optionIn(words[:j], 'l', argOpts) >= 0)
		typed[pane] = rest
		return lines
	case name == "if-shell" && j < len(words) && optionIn(words[:j], 'F', argOpts) < 0:
		return []string{asWritten(words[j])} // with -F, a format tmux expands
	case name == "if-shell", name == "run-shell" && optionIn(words[:j], 'C', argOpts) >= 0:
		return nil // run -C runs a tmux command
	}
	return commandScript(words[j:])
}

// tmuxSeparators is words with each that ends in ";" split into the word
// and a ";" that ends the tmux command, as tmux reads its arguments: "tmux
// new -d 'sleep 1'\; neww 'npm run dev'" gives tmux "sleep 1;", and
// runs npm run dev; "\;" at its end is a ";" of the word's. It returns
// words itself when none does.
func tmuxSeparators(words []shellToken) []shellToken {
	var out []shellToken
	for i, w := range words {
		t := w.text
		if len(t) < 2 || !strings.HasSuffix(t, ";") {
			if out != nil {
				out = append(out, w)
			}
			continue
		}
		if out == nil {
			out = append(out, words[:i]...)
		}
		if strings.HasSuffix(t, `\;`) {
			w.text = t[:len(t)-2] + ";"
			out = append(out, w)
			continue
		}
		w.text = t[:len(t)-1]
		out = append(out, w, shellToken{text: ";", off: w.off + len(t) - 1})
	}
	if out == nil {
		return words
	}
	return out
}

// commandScript is the script of a program's operands that are a command
// to run: one word is a line the shell reads ("tmux new -d 'npm run
// dev'"), several are the command's own words, each one word of it.
func commandScript(words []shellToken) []string {
	if len(words) == 1 {
		return []string{asWritten(words[0])}
	}
	return joinedScript(words, true)
}

// typedLines are the lines that send-keys' keys run, typed after the text
// line already typed in the pane, and the text they leave typed and not
// run. A line runs at an Enter key (or C-m, C-j: "'npm run dev' Enter"
// runs npm run dev, "'npm run dev'" alone only types it) or at a new line
// in the text; C-c and C-u throw away what is typed so far. Space is a
// space; any other key name (Escape, Up) types no text. tmux reads key
// names in any case ("enter"), and with -l (literal) none: each word is
// text. Read as text, "'git push --force ' C-c 'ls' Enter" ran git push
// --force, and "enter", "C-j" or a new line ran nothing.
func typedLines(line string, keys []shellToken, literal bool) ([]string, string) {
	var out []string
	var b strings.Builder
	b.WriteString(line)
	enter := func() {
		if strings.TrimSpace(b.String()) != "" {
			out = append(out, b.String())
		}
		b.Reset()
	}
	for _, k := range keys {
		t := k.text
		if !literal {
			switch strings.ToLower(t) {
			case "enter", "kpenter", "c-m", "c-j", "^m", "^j":
				enter()
				continue
			case "c-c", "c-u", "^c", "^u":
				b.Reset()
				continue
			case "space":
				b.WriteByte(' ')
				continue
			}
			if tmuxKeyName(t) {
				continue
			}
		}
		for {
			nl := strings.IndexAny(t, "\n\r")
			if nl < 0 {
				break
			}
			b.WriteString(t[:nl])
			enter()
			t = t[nl+1:]
		}
		b.WriteString(t)
	}
	return out, b.String()
}

// tmuxKeyName reports whether a send-keys argument names a key rather
// than text to type: a modifier and a key ("C-c", "M-x", "C-S-Left"), or
// one of tmux's key names, in any case.
func tmuxKeyName(t string) bool {
	if len(t) > 2 && strings.IndexByte("CMScms", t[0]) >= 0 && t[1] == '-' {
		return true
	}
	switch strings.ToLower(t) {
	case "escape", "tab", "btab", "bspace", "up", "down", "left", "right", "home", "end",
		"pageup", "pagedown", "pgup", "pgdn", "npage", "ppage", "ic", "dc", "insert", "delete":
		return true
	}
	return false
}

// screenScript is the command screen starts in a new session: its
// operands past its options ("screen -dmS api ./run.sh"), or the text its
// -X stuff types and ends with a new line ("screen -S api -X stuff 'make
// test\n'"); none when screen only reattaches to, detaches or lists
// sessions (-r, -R, -x, -D, -ls, -list, -wipe, or -d without -m).
func screenScript(words []shellToken) []string {
	const argOpts = "cehpsSTt"
	j := operandAt(words, isOption, func(t string) bool {
		return takesNextOf(t, argOpts) && t != "-ls" && t != "-list"
	})
	opts := words[1:j] // not the name: "-d/screen" gives no -d
	if optionIn(opts, 'X', argOpts) >= 0 {
		if j+1 < len(words) && words[j].text == "stuff" {
			return stuffedLines(words[j+1].text)
		}
		return nil
	}
	for _, w := range opts {
		switch w.text {
		case "-ls", "-list", "-wipe", "-r", "-R", "-x", "-D", "-RR":
			return nil
		}
	}
	if optionIn(opts, 'd', argOpts) >= 0 && optionIn(opts, 'm', argOpts) < 0 {
		return nil
	}
	if j >= len(words) {
		return nil
	}
	return commandScript(words[j:])
}

// stuffedLines are the lines screen's stuff types and ends with a new
// line, "\n", "\r" or "^M" as screen reads them.
func stuffedLines(text string) []string {
	text = stuffedNewLines.Replace(text)
	end := strings.LastIndexByte(text, '\n')
	if end < 0 || strings.TrimSpace(text[:end]) == "" {
		return nil
	}
	return []string{text[:end]}
}

// stuffedNewLines are the ways stuff's text writes a new line.
var stuffedNewLines = strings.NewReplacer(`\n`, "\n", `\r`, "\n", "^M", "\n", "\r", "\n")

// takesNextOf reports whether the short option word t ("-s", "-dmS")
// ends in a letter of argOpts, so that it takes the next word; a letter
// of argOpts before the end takes the rest of the word ("-Sname").
func takesNextOf(t, argOpts string) bool {
	if strings.HasPrefix(t, "--") {
		return false
	}
	for k := 1; k < len(t); k++ {
		if strings.IndexByte(argOpts, t[k]) >= 0 {
			return k == len(t)-1
		}
	}
	return false
}

// optionIn is the index among opts, a command's option words, of the
// word that gives the short option letter, alone or bundled ("-dmS"), or
// -1. A letter of argOpts takes the rest of its word as its argument
// ("-Sdev" names the session "dev"; it gives no -d).
func optionIn(opts []shellToken, letter byte, argOpts string) int {
	for i, w := range opts {
		t := w.text
		if w.glued || len(t) < 2 || t[0] != '-' || t[1] == '-' {
			continue
		}
		for k := 1; k < len(t); k++ {
			if t[k] == letter {
				return i
			}
			if strings.IndexByte(argOpts, t[k]) >= 0 {
				break
			}
		}
	}
	return -1
}
