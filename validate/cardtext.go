package validate

import (
	"context"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/capreg/capreg/search/cmdline"
	"github.com/capreg/capreg/validate/ojson"
)

// checkCardText warns of a card's fields that the schema passes but that
// do not do what the field is for (tool-capability-cards.md): an example
// that does not run the card's command (card-example-command), a
// help_probe that is no command line (card-help-probe), a summary of more
// than one line (card-summary-lines). c is the card as the schema passed
// it; the findings are at the field's value.
func checkCardText(d *doc, c *Card, s *sink) {
	names := commandNames(c.Command, c.ToolPath)
	checkCardExample(d, c, names, s)
	checkCardHelpProbe(d, c, names, s)
	checkCardSummary(d, c, s)
	checkCardPhrases(d, s)
}

// maxCommandNames bounds the names commandNames takes from one command.
const maxCommandNames = 32

// commandNames are the names a run of the card's tool may show as its
// command: the file name of each plain word of the command (not an
// option, a placeholder, a variable, an assignment, quoted or of
// regular-expression syntax), so the program, its subcommands and the
// command a precommand runs ("npx eslint" gives npx and eslint), and the
// file name of the card's tool. Being generous is the point: a name
// counts only where a text runs a command of that name.
func commandNames(command, toolPath string) []string {
	var names []string
	add := func(w string) {
		w = strings.TrimPrefix(w, "./")
		if w == "" || strings.HasSuffix(w, "/") {
			return
		}
		w = path.Base(w)
		if w == "." || w == ".." || strings.HasPrefix(w, "-") || len(names) >= maxCommandNames || slices.Contains(names, w) {
			return
		}
		for _, r := range w {
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("._-+@", r) {
				return
			}
		}
		if _, re := cmdline.PatternRegexp(w); re {
			return
		}
		names = append(names, w)
	}
	for _, w := range strings.Fields(command) {
		if !strings.HasPrefix(w, "-") && !strings.Contains(w, "=") {
			add(w)
		}
	}
	if namesFile(toolPath) {
		add(toolPath)
	}
	return names
}

// runsCommand reports whether the command line text runs a command of
// one of names, as a replaces pattern of that name would match it (a path
// to it, after a precommand, in a pipeline or a shell's -c script; in any
// case, for PowerShell's names), past a prompt ("$ ", "% ", "> ", "PS> ")
// on any of its lines. Where paths count too, it also reports whether
// text names a file of one of them by a path, which an interpreter may
// run ("python3 scripts/deploy.py", "bash bin/land", ".\bin\land.ps1").
// A text the matcher does not try (over its limits) is taken to run it:
// it is not judged.
func runsCommand(text string, names []string, paths bool) bool {
	text = withoutPrompts(text)
	lower := make([]string, len(names))
	for i, n := range names {
		lower[i] = strings.ToLower(n)
	}
	for k, try := range [][]string{names, lower} {
		line := text
		if k == 1 {
			if line = strings.ToLower(text); line == text && slices.Equal(lower, names) {
				break // the same again
			}
		}
		found, err := cmdline.Compile([]cmdline.Card{{Replaces: try}}).Match(context.Background(), line, cmdline.DefaultBudget)
		if err != nil || found.Truncated() || len(found.Cards) > 0 {
			return true
		}
	}
	if !paths {
		return false
	}
	for _, w := range strings.Fields(text) {
		w = strings.ReplaceAll(strings.Trim(w, "\"'`;,()"), "\\", "/")
		if !strings.ContainsAny(w, "/.") {
			continue
		}
		for _, n := range names {
			if strings.EqualFold(path.Base(w), n) && (strings.Contains(w, "/") || strings.Contains(n, ".")) {
				return true
			}
		}
	}
	return false
}

// prompts are the prompts a line of an example may start with, copied
// from a terminal: sh's, zsh's, a continuation's and PowerShell's.
var prompts = []string{"$ ", "% ", "> ", "PS> "}

// withoutPrompts is text without a prompt at the start of its lines.
func withoutPrompts(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		t := strings.TrimLeft(l, " \t")
		for _, p := range prompts {
			if rest, ok := strings.CutPrefix(t, p); ok {
				lines[i] = rest
				break
			}
		}
	}
	return strings.Join(lines, "\n")
}

// firstCommandWord is the first word of a command line past a prompt
// and NAME=value assignments: the program it runs, as written.
func firstCommandWord(text string) string {
	words := strings.Fields(withoutPrompts(text))
	for _, w := range words {
		if eq := strings.IndexByte(w, '='); eq > 0 && !strings.ContainsAny(w[:eq], "-/<\"'$") {
			continue
		}
		return w
	}
	return ""
}

// checkCardExample warns of an example that runs no command of the
// card's (card-example-command): "make deploy" on a card of bin/deploy
// shows an agent another program than the one the card is for. An
// example whose program is a placeholder or a variable is not judged.
func checkCardExample(d *doc, c *Card, names []string, s *sink) {
	first := firstCommandWord(c.Example)
	// A Windows author's path (tools\deploy.sh staging), told as the
	// command's and the help_probe's are: the matcher takes it for the
	// card's program, but an agent's shell runs toolsdeploy.sh.
	if w, meant := windowsCommandPath(first); meant != "" {
		s.atOffset(d.File, d.Src, d.Root.Get("example").Off, "/example", "card-example-command",
			"the example runs %q, a Windows path: the POSIX shell an agent runs it with reads each backslash as an escape, so it runs %q, no file of the repository; write %q (forward slashes, which Windows takes too)",
			w, strings.ReplaceAll(w, `\`, ""), meant)
		return
	}
	if len(names) == 0 || runsCommand(c.Example, names, true) {
		return
	}
	if first == "" || strings.ContainsAny(first, "<>$`{") {
		return
	}
	want := firstCommandWord(c.Command)
	if first == want {
		// The program as the command writes it, which the matcher may
		// read otherwise (tools\deploy.sh, a shell's escapes, which
		// card-command-missing tells): no other program.
		return
	}
	if want == "" || strings.ContainsAny(want, "<>$`{") {
		want = names[0]
	}
	fix := fmt.Sprintf("write one run of the command itself, %q", c.Command)
	if strings.Contains(c.Command, "<") {
		fix += " with real-looking values in place of its <placeholders>"
	}
	tool := ""
	if namesFile(c.ToolPath) && path.Base(c.ToolPath) != path.Base(want) {
		tool = fmt.Sprintf(", nor the card's tool %s", c.ToolPath)
	}
	s.atOffset(d.File, d.Src, d.Root.Get("example").Off, "/example", "card-example-command",
		"the example runs %q, not %q, the program of the card's command%s: an agent that copies it runs another program than the card is for; %s",
		first, want, tool, fix)
}

// proseStarts are first words of a help_probe written as a sentence
// ("run it with --help", "see the README") or as a note that there is
// none ("n/a"): no program a probe runs.
var proseStarts = []string{"run", "see", "use", "call", "try", "execute", "refer", "consult",
	"it", "the", "a", "an", "this", "please", "simply", "prints", "shows", "displays",
	"none", "n/a", "na", "tbd", "todo"}

// proseWords are words of English that a command line seldom holds two
// of: a help_probe holding two is read as a sentence.
var proseWords = []string{"to", "the", "it", "its", "with", "for", "and", "of", "see", "this",
	"an", "or", "is", "how", "from", "that", "you", "your", "which", "options", "usage"}

// proseStart says why probe reads as prose from its first word alone, a
// word of proseStarts or a link, or "": that word is what sh would run. A
// first word that is one of names, the card's, is none.
func proseStart(probe string, names []string) string {
	words := strings.Fields(strings.ToLower(probe))
	first := strings.Trim(words[0], ".,;:!?()\"'")
	switch {
	case strings.Trim(probe, "-") == "":
		return "prose"
	case slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(n, words[0]) }):
		return ""
	case strings.Contains(first, "://"):
		return "a link"
	case slices.Contains(proseStarts, first):
		return "prose"
	}
	return ""
}

// quotedText matches a quoted argument of a command line.
var quotedText = regexp.MustCompile(`'[^']*'|"[^"]*"`)

// proseProbe says why probe, a help_probe running no command of its card,
// reads as prose rather than a command line, or "": two words of
// proseWords, or three words or more, the last ending a sentence, outside
// quotes (grep -i 'how to' README.md is a command line).
func proseProbe(probe string) string {
	words := strings.Fields(strings.ToLower(quotedText.ReplaceAllString(probe, "''")))
	if len(words) == 0 {
		return ""
	}
	seen := map[string]bool{}
	for _, w := range words {
		if w = strings.Trim(w, ".,;:!?()\"'"); slices.Contains(proseWords, w) {
			seen[w] = true
		}
	}
	if len(seen) >= 2 {
		return "prose"
	}
	last := []rune(words[len(words)-1])
	if n := len(last); len(words) >= 3 && n >= 2 && strings.ContainsRune(".!?", last[n-1]) && unicode.IsLetter(last[n-2]) {
		return "prose"
	}
	return ""
}

// checkCardHelpProbe warns of a help_probe that is no command line
// (card-help-probe), at it: see helpProbeProblem.
func checkCardHelpProbe(d *doc, c *Card, names []string, s *sink) {
	if msg := helpProbeProblem(c, names); msg != "" {
		s.atOffset(d.File, d.Src, d.Root.Get("help_probe").Off, "/help_probe", "card-help-probe", "%s", msg)
	}
}

// HelpProbeProblem is what card-help-probe says of c's help_probe, or ""
// when it warns of nothing: `capreg tools show --probe` refuses to run
// such a probe, in the same words.
func HelpProbeProblem(c *Card) string {
	return helpProbeProblem(c, commandNames(c.Command, c.ToolPath))
}

// helpProbeProblem says why c's help_probe is no command line, or "": the
// tool's options alone ("--help"), which sh takes for its own, or a
// sentence ("run it with --help to see options"), a link or a note
// ("n/a"), which sh runs as a command of its first word. `capreg tools
// show --probe` would run it so. A probe that runs a command of the
// card's (names) is never prose.
func helpProbeProblem(c *Card, names []string) string {
	probe := strings.TrimSpace(c.HelpProbe)
	if probe == "" {
		return ""
	}
	tool := path.Base(c.ToolPath)
	if !namesFile(c.ToolPath) {
		tool = firstCommandWord(c.Command)
	}
	if strings.HasPrefix(probe, "-") && strings.TrimLeft(probe, "-") != "" {
		return fmt.Sprintf("the help_probe %q starts with an option: it is a command line, run with sh, which takes the option for its own, so `capreg tools show --probe` does not run it; write %q",
			probe, tool+" "+probe)
	}
	// A Windows author's path (tools\deploy.sh --help): sh reads the
	// backslashes as escapes and runs toolsdeploy.sh, found nowhere.
	if w, meant := windowsCommandPath(probe); meant != "" {
		return fmt.Sprintf("the help_probe %q runs %q, a Windows path: sh reads each backslash as an escape and would run %q, so `capreg tools show --probe` does not run it; write %q (forward slashes, which Windows takes too)",
			clipText(probe), w, strings.ReplaceAll(w, `\`, ""), meant+strings.TrimPrefix(probe, w))
	}
	// A sentence's first word comes first: "see `land --help`" runs
	// land, but only after sh has failed to find "see".
	what := proseStart(probe, names)
	if what == "" {
		if runsCommand(probe, names, false) {
			return ""
		}
		what = proseProbe(probe)
	}
	if what == "" {
		return ""
	}
	return fmt.Sprintf("the help_probe %q is %s, not a command line: sh would run %q, its first word, so `capreg tools show --probe` does not run it; write the command that prints the tool's help, as %q, or leave help_probe out (blank means none)",
		clipText(probe), what, firstCommandWord(probe), tool+" --help")
}

// clipText is s cut to its first 80 characters, for a message quoting it.
func clipText(s string) string {
	if utf8.RuneCountInString(s) <= 80 {
		return s
	}
	return string([]rune(s)[:80]) + "…"
}

// lineBreak reports whether r ends a line of text: a line feed, carriage
// return, vertical tab or form feed, NEL, or U+2028/U+2029.
func lineBreak(r rune) bool {
	return strings.ContainsRune("\n\r\v\f\u0085\u2028\u2029", r)
}

// checkCardSummary warns of a summary holding a line break
// (card-summary-lines): a summary is "one line, what it does", listed
// one a line by GET /tools and capreg tools search, which print the break
// as an escape (\n) in the middle of the line. The finding is at the
// first break.
func checkCardSummary(d *doc, c *Card, s *sink) {
	i := strings.IndexFunc(c.Summary, lineBreak)
	if i < 0 {
		return
	}
	r, _ := utf8.DecodeRuneInString(c.Summary[i:])
	fix := "keep the summary to one line and move the rest to effects or preconditions"
	if strings.TrimRightFunc(c.Summary, func(r rune) bool { return unicode.IsSpace(r) || lineBreak(r) }) == strings.TrimRightFunc(c.Summary[:i], unicode.IsSpace) {
		fix = "remove the line break at its end"
	}
	s.atOffset(d.File, d.Src, stringSourceOffset(d.Src, d.Root.Get("summary").Off, i), "/summary", "card-summary-lines",
		"the summary holds a line break (%s): a summary is one line, shown one a line by clients of GET /tools and by capreg tools search, which prints the break as an escape (\\n) in the middle of it; %s",
		strconv.QuoteRune(r), fix)
}

// checkCardPhrases warns of each intent_phrases entry holding a line
// break (card-phrase-lines), at its first break: an entry is one phrase
// ("natural task phrasings", tool-capability-cards.md), which tool search
// scores as one (its best phrase) and names, whole, in a result's
// matched, printed by capreg tools search on one line with the break as
// an escape (\n). Two phrases on two lines of one entry are best two
// entries.
func checkCardPhrases(d *doc, s *sink) {
	phrases := d.Root.Get("intent_phrases")
	if phrases == nil || phrases.Kind != ojson.Array {
		return
	}
	for j := range phrases.Items {
		p := &phrases.Items[j]
		if p.Kind != ojson.String {
			continue
		}
		i := strings.IndexFunc(p.Str, lineBreak)
		if i < 0 {
			continue
		}
		r, _ := utf8.DecodeRuneInString(p.Str[i:])
		fix := "make each line an entry of its own"
		rest := strings.TrimFunc(p.Str[i:], func(r rune) bool { return unicode.IsSpace(r) || lineBreak(r) })
		if rest == "" {
			fix = "remove the line break at its end"
		}
		s.atOffset(d.File, d.Src, stringSourceOffset(d.Src, p.Off, i), "/intent_phrases/"+strconv.Itoa(j), "card-phrase-lines",
			"the intent phrase %q holds a line break (%s): an entry is one phrase, which tool search scores as one and names whole in a result's matched (capreg tools search prints the break as an escape, \\n, in its line); %s",
			clipText(p.Str), strconv.QuoteRune(r), fix)
	}
}

// stringSourceOffset is the offset in src of the byte at index i of the
// JSON string whose value starts at off (its opening quote), as parsed:
// where an escape or a character of the string is written. It is off
// when src holds no string there, or none that long.
func stringSourceOffset(src []byte, off, i int) int {
	if off < 0 || off >= len(src) || src[off] != '"' {
		return off
	}
	n := 0 // bytes of the value read so far
	for j := off + 1; j < len(src); {
		if n >= i {
			return j
		}
		switch c := src[j]; {
		case c == '"':
			return off
		case c == '\\' && j+1 < len(src) && src[j+1] == 'u':
			r, ok := hex4(src[j+2:])
			if !ok {
				return off
			}
			j += 6
			if utf16.IsSurrogate(r) {
				if r2, ok := hex4(src[min(j+2, len(src)):]); ok && j+1 < len(src) && src[j] == '\\' && src[j+1] == 'u' {
					if pair := utf16.DecodeRune(r, r2); pair != utf8.RuneError {
						n, j = n+4, j+6
						continue
					}
				}
				n += 3 // a lone surrogate, kept as its three bytes
				continue
			}
			n += utf8.RuneLen(r)
		case c == '\\':
			n, j = n+1, j+2
		default:
			r, size := utf8.DecodeRune(src[j:])
			if r == utf8.RuneError && size == 1 {
				size, n = 1, n+3 // read as U+FFFD
			} else {
				n += size
			}
			j += size
		}
	}
	return off
}

// hex4 reads the four hex digits at the start of b as a rune.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	v, err := strconv.ParseUint(string(b[:4]), 16, 16)
	return rune(v), err == nil
}
