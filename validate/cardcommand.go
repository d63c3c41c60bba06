package validate

import (
	"bytes"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/capreg/capreg/internal/unicodeform"
	"github.com/capreg/capreg/validate/ojson"
)

// CommandPath is the repository path that the first word of a card's
// command names, cleaned ("./scripts/deploy.sh" → "scripts/deploy.sh"), or
// "" when that word names no file of the repository: a bare word
// ("kubectl", "make deploy"), a program on PATH; an absolute path, one
// leaving the repository (../x), from home (~/bin/x), a folder (bin/); one
// holding a variable ($ROOT/bin/x), a placeholder (<path/to/x>), quotes,
// a glob, a backslash or an assignment (FOO=a/b bin/x), which only a shell
// resolves. A command is run from the repository's root, as the card's
// example shows: the path is taken from there, not from the card's folder.
func CommandPath(command string) string {
	words := strings.Fields(command)
	if len(words) == 0 {
		return ""
	}
	w := words[0]
	switch {
	case !strings.Contains(w, "/"),
		strings.ContainsAny(w, "$`\"'<>*?[]{}()=~\\|;&%"),
		strings.Contains(w, "://"),
		strings.HasPrefix(w, "/"),
		strings.HasSuffix(w, "/"):
		return ""
	}
	p := path.Clean(w)
	if p == "." || p == ".." || strings.HasPrefix(p, "../") {
		return ""
	}
	return p
}

// windowsCommandPath is the first word of command and that word with its
// backslashes written as slashes, where it is a repository path so
// written (tools\deploy.sh, .\bin\land, as a Windows author types it)
// and holds no slash; "", "" otherwise. A shell reads tools\deploy.sh as
// toolsdeploy.sh, so the path CommandPath refuses (a backslash is the
// shell's) names no file wherever it is run. A drive's path (C:\x) and
// a backslash escaping a shell's character (a\$b) are left alone.
func windowsCommandPath(command string) (word, meant string) {
	words := strings.Fields(command)
	if len(words) == 0 {
		return "", ""
	}
	w := words[0]
	if !strings.Contains(w, `\`) || strings.Contains(w, "/") || strings.ContainsAny(w, ":$`\"'<>*?[]{}()=~|;&%") ||
		strings.HasSuffix(w, `\`) || strings.Contains(w, `\\`) {
		return "", ""
	}
	slashed := strings.ReplaceAll(w, `\`, "/")
	if CommandPath(slashed) == "" {
		return "", ""
	}
	return w, slashed
}

// CardCommandPath is CommandPath of the "command" of the card whose bytes
// are card: "" when the card does not parse or its command is no string.
// The scanner looks for the file it names (CardSource.CommandPath), as it
// does for a card's tool.
func CardCommandPath(card []byte) string {
	if !bytes.Contains(card, []byte(`"command"`)) && bytes.IndexByte(card, '\\') < 0 {
		return "" // no member spelt so (a key may be escaped): skip the parse
	}
	// Its top level is all the command needs: a card of many intent
	// phrases parsed whole made 4 MB of garbage per MB on every scan.
	root, errs := ojson.ParseTop(card)
	if slices.ContainsFunc(errs, ojson.Error.Fatal) {
		return ""
	}
	if cmd := root.Get("command"); cmd.IsString() {
		return CommandPath(cmd.Str)
	}
	return ""
}

// checkCardCommand warns of a card whose command runs a file of the
// repository by its path that is not there (card-command-missing), or is
// there with no execute bit (tool-not-executable, warnNotExecutable), at
// the command's value. What is there the scan says (CardSource.CommandPath,
// CommandFound, CommandNearby, CommandNotExecutable): sources that say
// nothing of the path the command names are not judged. A command naming
// the card's own tool is card-orphan's, where the tool is missing.
func checkCardCommand(d *doc, c *Card, src *CardSource, s *sink) {
	p := CommandPath(c.Command)
	judged := p != "" && p == src.CommandPath
	if judged && src.CommandFound && src.CommandNotExecutable {
		warnNotExecutable(d, c, p, s)
	}
	if w, meant := windowsCommandPath(c.Command); meant != "" {
		s.atOffset(d.File, d.Src, d.Root.Get("command").Off, "/command", "card-command-missing",
			"the command runs %q, a Windows path: the POSIX shell an agent runs it with reads each backslash as an escape, so it runs %q, no file of the repository; write %q (forward slashes, which Windows takes too)",
			w, strings.ReplaceAll(w, `\`, ""), meant)
		return
	}
	if !judged || src.CommandFound || p == src.ToolPath {
		return
	}
	// At the value, not its key (where s.at places a member): the path
	// to fix is there.
	// Something is listed at p itself where it is a link to nothing or
	// to a folder (a listing's entry of a link is no folder): say that it
	// is no file, as card-orphan does, rather than name p as what p meant.
	what := "a bare word, as kubectl, is a program on PATH and not looked for"
	if slices.Contains(src.CommandNearby, p) {
		what = "a link to nothing or to a folder is none; " + what
	}
	s.atOffset(d.File, d.Src, d.Root.Get("command").Off, "/command", "card-command-missing",
		"the command runs %q, a path from the repository's root, and no file %s is there (%s)%s",
		strings.Fields(c.Command)[0], p, what, commandHint(p, src))
}

// warnNotExecutable warns that the file p, which the card's command runs
// by its path, has no execute bit (tool-not-executable): a shell refuses
// to run it ("permission denied", exit 126), and a CI job as well, as Git
// checks a file out with the mode it records.
func warnNotExecutable(d *doc, c *Card, p string, s *sink) {
	q := ShellQuote(p)
	s.atOffset(d.File, d.Src, d.Root.Get("command").Off, "/command", "tool-not-executable",
		"the command runs %q by its path, and %s has no execute bit: a shell refuses to run it (\"permission denied\", exit 126), "+
			"in CI too, as Git checks a file out with the mode it records; give it the bit and commit it: chmod +x %s "+
			"(or git update-index --chmod=+x %s, where the file system keeps no execute bit)",
		strings.Fields(c.Command)[0], p, q, q)
}

// commandHint names the file that the missing command path p probably
// means: a file of its folder a typo away (CardSource.CommandNearby), or
// the card's own tool when its name is p's or a typo away from it, in
// whatever folder ("scripts/land" or "./land" for bin/land), or, named as
// renamed, whatever its name, when p is in the tool's folder; "" for none.
func commandHint(p string, src *CardSource) string {
	own := func(name string) string {
		if name == src.ToolPath {
			return ", the card's own tool"
		}
		return ""
	}
	// p itself is listed where it is a link to nothing or to a folder:
	// no name for what p meant (checkCardCommand says what it is).
	nearby := slices.DeleteFunc(slices.Clone(src.CommandNearby), func(n string) bool { return n == p })
	if hint := otherwiseNormalized(p, nearby); hint != "" {
		return hint // the two print alike: their code points say how they differ
	}
	if want := nearestName(p, nearby); want != "" {
		return fmt.Sprintf("; did you mean %q%s?", want, own(want))
	}
	if src.ToolExists && namesFile(src.ToolPath) {
		base, tool := path.Base(p), path.Base(src.ToolPath)
		if base == tool || nearestName(base, []string{tool}) != "" {
			return fmt.Sprintf("; did you mean %q, the card's own tool?", src.ToolPath)
		}
		if path.Dir(p) == path.Dir(src.ToolPath) {
			// The card beside its tool, its command naming another file
			// of that folder that is not there: the tool and its card
			// renamed (gen-notes.sh to release-notes.sh), the command
			// left with the old name, which no typo links to the new.
			return fmt.Sprintf("; the card describes %q, beside it: if the tool was renamed from %s, write %q in the command", src.ToolPath, path.Base(p), src.ToolPath)
		}
	}
	return ""
}

// namesFile reports whether p can be a file's path: not empty, nor a
// folder's ("bin/" for "bin/.card.json").
func namesFile(p string) bool { return p != "" && !strings.HasSuffix(p, "/") }

// MayMeanCommand reports whether name, a file of the folder of the
// missing command path p, is one a did-you-mean may name: within three
// edits of p's file name, case and word separators aside, composed (NFC),
// in letters (as far as nearestName reaches, plurals included, and
// otherwiseNormalized: a file macOS saved decomposed, each "é" an "e" and
// an accent, is named by a path typed composed). The scan and POST
// /validate list those alone (CardSource.CommandNearby), so the list
// does not depend on the order a folder is read in nor, but for its
// cap, on its size.
func MayMeanCommand(p, name string) bool {
	return MayMeanCommandWord(commandWord(p), commandWord(name))
}

// CommandWord is what MayMeanCommand compares of a path, for a caller
// comparing one name with many (MayMeanCommandWord): made once a name, not
// at each compare, where a body of thousands of cards made it millions of
// times.
func CommandWord(p string) string { return commandWord(p) }

// MayMeanCommandWord is MayMeanCommand of the CommandWords of the missing
// command path and of the name.
func MayMeanCommandWord(pathWord, nameWord string) bool {
	return FoldedEditDistance(pathWord, nameWord, 3) <= 3
}

// commandWord is the file name of p composed (NFC) without its word
// separators, as MayMeanCommand compares them (case aside).
func commandWord(p string) string {
	return unicodeform.NFC(wordSeparators.Replace(path.Base(p)))
}

// wordSeparators drops the separators commandWord ignores. Made once: a
// Replacer builds its tables on first use, and one made per call, for
// each name of the folder of each card whose command is missing, was 90%
// of what a rebuild of 3,000 such cards allocated (1.1 GB of 1.2 GB,
// BenchmarkRebuildCards3k). A Replacer is safe for concurrent use.
var wordSeparators = strings.NewReplacer("-", "", "_", "", ".", "")
