package search

import (
	"strings"
)

// Agents start long-running commands (a dev server, a watcher) in a
// terminal multiplexer so that they outlive the agent's own shell:
// "tmux new-session -d -s dev 'npm run dev'", "tmux send-keys -t dev
// 'npm test' Enter", "screen -dmS api ./run.sh". The command inside is
// what runs, so MatchCommand reads it as a script (see scriptsAt).

// tmuxScriptCommands are the tmux commands that run a shell command given
// as their last words, by name and alias, with the options of each that
// take the next word.
var tmuxScriptCommands = map[string]string{
	"new-session": "cefFnstxy", "new": "cefFnstxy",
	"new-window": "cenFt", "neww": "cenFt",
	"split-window": "celtF", "splitw": "celtF",
	"respawn-pane": "cet", "respawnp": "cet",
	"respawn-window": "cet", "respawnw": "cet",
	"run-shell": "dt", "run": "dt",
	"display-popup": "bcdehsStTwxy", "popup": "bcdehsStTwxy",
}

// tmuxScripts are the commands a tmux command line runs: that of its -c
// option, the shell command of each tmux command that takes one (see
// tmuxScriptCommands; commands are separated by a ";" word, written "\;"
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
	for j < len(words) {
		end := j
		for end < len(words) && words[end].text != ";" {
			end++
		}
		out = append(out, tmuxCommandScripts(words[j:end], *typed)...)
		j = end + 1
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
	name := words[0].text
	if name == "send-keys" || name == "send" {
		const argOpts = "Nt"
		j := operandAt(words, isOption, func(t string) bool { return takesNextOf(t, argOpts) })
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
	}
	argOpts, ok := tmuxScriptCommands[name]
	if !ok {
		return nil
	}
	j := operandAt(words, isOption, func(t string) bool { return takesNextOf(t, argOpts) })
	return commandScript(words[j:])
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
	opts := words[:j]
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
	text = strings.NewReplacer(`\n`, "\n", `\r`, "\n", "^M", "\n", "\r", "\n").Replace(text)
	end := strings.LastIndexByte(text, '\n')
	if end < 0 || strings.TrimSpace(text[:end]) == "" {
		return nil
	}
	return []string{text[:end]}
}

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
