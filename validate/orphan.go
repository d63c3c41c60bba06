package validate

import (
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/capreg/capreg/internal/casefold"
	"github.com/capreg/capreg/internal/unicodeform"
	"github.com/capreg/capreg/validate/ojson"
)

// MaxSiblings is how many names CardSource.Siblings holds at most, as
// MaxNearby bounds CapabilitySource.Nearby: a folder may hold thousands
// of files, and only a few of them are near the tool's name.
const MaxSiblings = MaxNearby

// SiblingList gathers CardSource.Siblings of one card whose tool is
// missing: the names of the files beside it (in its folder) that its
// card-orphan may name as the tool meant (Wants), the least MaxSiblings
// of them in byte order, whatever order they are added in. The scan and
// an overlay (POST /validate) both gather them so, from a listing of the
// folder, and so agree. It holds at most 2×MaxSiblings names at a time.
type SiblingList struct {
	base    string // the tool's name
	command string // the name of the file beside the card that its command names, or ""
	names   []string
	// loose are the names added by AddLoose, at most MaxLoose; tooLoose
	// is set once more were.
	loose    []string
	tooLoose bool
}

// MaxLoose is how many loose files beside a card (CardSource.Loose) may
// be named as its tool renamed: past it, a folder of tools without cards
// says nothing of which one was the card's.
const MaxLoose = 8

// NewSiblingList returns the list to gather for the card c, or nil when
// c needs none: a card not read, whose tool is there (or a link leaving
// the repository), or that names no tool (".card.json").
func NewSiblingList(c *CardSource) *SiblingList {
	if c.Err != nil || c.ToolExists || c.ToolLeaves || c.ToolPath == "" || strings.HasSuffix(c.ToolPath, "/") {
		return nil
	}
	l := &SiblingList{base: path.Base(c.ToolPath)}
	if v, errs := ojson.Parse(c.Data); !slices.ContainsFunc(errs, ojson.Error.Fatal) {
		if cmd := v.Get("command"); cmd != nil && cmd.Kind == ojson.String {
			l.command = commandSibling(cmd.Str, path.Dir(c.ToolPath))
		}
	}
	return l
}

// Wants reports whether name, a file beside the card, may be the tool
// the card meant (toolHint): the file its command names, the tool's
// name composed otherwise or otherwise cased, or a name as near it as
// toolHint names (nearEdits). A card (*.card.json) is no tool, nor is
// the tool's own name, which is there as no file. A name further off is
// left to WantsLoose: taken here, toolHint passed it over and the
// renamed tool was named by neither (bin/greeter for bin/greet).
func (l *SiblingList) Wants(name string) bool {
	switch {
	case name == l.base || name == "" || strings.HasSuffix(name, ".card.json"):
		return false
	case name == l.command || withScriptExt(name, l.base):
		return true
	}
	// Composed otherwise or otherwise cased is no edit (nameEdits, which
	// compares names composed and case folded; not strings.EqualFold,
	// which reads any two bytes that are not UTF-8 as one letter).
	limit := nearEdits(name, l.base)
	return nameEdits(name, l.base, limit) <= limit
}

// nameEdits is the edits between two files' names case aside (casefold)
// and in letters, code points composed (NFC), as toolHint and Wants count
// them and as every did-you-mean does (FoldedEditDistance, on its stack
// rows: Wants reads every name of the folder of a card whose tool is
// missing): "Greetr" is one edit from "greet", as "greetr" is, and
// "cafe" from "café", though UTF-8 spells its "é" with two bytes.
func nameEdits(a, b string, limit int) int {
	return FoldedEditDistance(unicodeform.NFC(a), unicodeform.NFC(b), limit)
}

// nearEdits is how many edits apart a file's name and a missing tool's
// may be for toolHint to take the one for the other: one, or two for
// names of ten letters or more (code points composed, as nameEdits
// counts them), where two slips are likelier than another tool so named.
func nearEdits(a, b string) int {
	if min(utf8.RuneCountInString(unicodeform.NFC(a)), utf8.RuneCountInString(unicodeform.NFC(b))) >= 10 {
		return 2
	}
	return 1
}

// Add adds name when Wants does.
func (l *SiblingList) Add(name string) {
	if !l.Wants(name) {
		return
	}
	l.names = append(l.names, name)
	if len(l.names) >= 2*MaxSiblings {
		l.trim()
	}
}

// trim keeps the least MaxSiblings names, each once.
func (l *SiblingList) trim() {
	slices.Sort(l.names)
	l.names = slices.Compact(l.names)
	l.names = l.names[:min(len(l.names), MaxSiblings)]
}

// Names are the names gathered, sorted, each once, at most MaxSiblings;
// nil for none.
func (l *SiblingList) Names() []string {
	if l == nil || len(l.names) == 0 {
		return nil
	}
	l.trim()
	return slices.Clip(l.names)
}

// WantsLoose reports whether name, a file beside the card that Wants
// does not take, is named as a tool may be, so that it may be the tool
// renamed, the card left with the old name: no card, nor hidden, nor a
// document, its extension none or a script's (scriptExts); none once more
// than MaxLoose were added, which name no tool. The caller adds it
// (AddLoose) when it is a file, or a link to one, and no card of the
// repository describes it.
func (l *SiblingList) WantsLoose(name string) bool {
	if l.tooLoose || l.Wants(name) || name == l.base || name == "" || name[0] == '.' || strings.HasSuffix(name, CardSuffix) ||
		strings.HasSuffix(name, "~") || slices.ContainsFunc(notTools, func(n string) bool { return strings.EqualFold(name, n) }) {
		return false
	}
	_, ext, dotted := strings.Cut(name[1:], ".")
	return !dotted || slices.Contains(scriptExts, strings.ToLower(ext))
}

// notTools are names without an extension that are no tool.
var notTools = []string{"README", "LICENSE", "LICENCE", "COPYING", "NOTICE", "CHANGELOG", "AUTHORS", "OWNERS", "CODEOWNERS",
	"Makefile", "GNUmakefile", "Dockerfile", "Containerfile", "Procfile", "Gemfile", "Rakefile", "Justfile", "Vagrantfile", "Jenkinsfile"}

// AddLoose adds name, which WantsLoose, as a loose file beside the card:
// one of at most MaxLoose, past which none is kept.
func (l *SiblingList) AddLoose(name string) {
	if l.tooLoose || slices.Contains(l.loose, name) {
		return
	}
	if len(l.loose) == MaxLoose {
		l.loose, l.tooLoose = nil, true
		return
	}
	l.loose = append(l.loose, name)
}

// LooseNames are the names AddLoose added, sorted; nil for none, or when
// more than MaxLoose were.
func (l *SiblingList) LooseNames() []string {
	if l == nil || len(l.loose) == 0 {
		return nil
	}
	slices.Sort(l.loose)
	return slices.Clip(l.loose)
}

// commandSibling is the name of the file in the folder dir that a card's
// command names by its first word ("bin/land <branch>" in bin, or a bare
// "land", "./land"), or "" when the word names no file of dir.
func commandSibling(command, dir string) string {
	words := strings.Fields(command)
	if len(words) == 0 {
		return ""
	}
	w := strings.Trim(words[0], `"'`)
	if w == "" || path.IsAbs(w) {
		return ""
	}
	w = path.Clean(w)
	switch {
	case w == "." || w == ".." || strings.HasPrefix(w, "../"):
		return ""
	case !strings.Contains(w, "/"), path.Dir(w) == dir:
		return path.Base(w)
	}
	return ""
}

// scriptExts are the extensions of the scripts a tool card may describe:
// a card named after the command (deploy.card.json) beside its script
// (deploy.sh) describes no file, and its tool is that script.
var scriptExts = []string{"sh", "bash", "zsh", "py", "js", "mjs", "cjs", "ts", "rb", "pl", "ps1", "cmd", "bat", "exe"}

// withScriptExt reports whether name is base with one of scriptExts
// ("deploy.sh" for "deploy").
func withScriptExt(name, base string) bool {
	ext, ok := strings.CutPrefix(name, base+".")
	return ok && slices.Contains(scriptExts, ext)
}

// toolHint says which file beside the card src, whose tool is missing,
// was probably meant, from the names the scan listed (src.Siblings), and
// asks for the card to be renamed after it; "" for none. command is the
// card's. In order: the tool's name composed otherwise (a tool made on
// macOS, which stores "é" decomposed, named by a card typed composed; both
// are given as code points, as they print alike), the file the card's
// command names, the tool's name with a script's extension (deploy.sh
// for deploy: one alone), or the one name nearest the tool's: otherwise
// cased, or one edit away in letters (two for names of ten letters or
// more: nameEdits, nearEdits). Two names equally near are no hint: which
// one is meant, nothing says.
func toolHint(src *CardSource, command string) string {
	if len(src.Siblings) == 0 {
		return ""
	}
	dir, base := path.Dir(src.ToolPath), path.Base(src.ToolPath)
	rename := func(name string) string {
		return strconv.Quote(path.Join(dir, name) + ".card.json")
	}
	if !isASCII(base) || slices.ContainsFunc(src.Siblings, func(n string) bool { return !isASCII(n) }) {
		var same []string
		for _, n := range src.Siblings {
			if n != base && unicodeform.NFC(n) == unicodeform.NFC(base) {
				same = append(same, n)
			}
		}
		if len(same) == 1 {
			meant := path.Join(dir, same[0])
			return fmt.Sprintf("; did you mean %q? (as code points: %s here, %s there; names that look alike may differ in Unicode normalization) If so, rename the card to %s",
				meant, strconv.QuoteToASCII(src.ToolPath), strconv.QuoteToASCII(meant), strconv.QuoteToASCII(path.Join(dir, same[0])+".card.json"))
		}
	}
	if name := commandSibling(command, dir); name != "" && name != base && slices.Contains(src.Siblings, name) {
		return fmt.Sprintf("; did you mean %q, which its command names? If so, rename the card to %s", path.Join(dir, name), rename(name))
	}
	if scripts := slices.DeleteFunc(slices.Clone(src.Siblings), func(n string) bool { return !withScriptExt(n, base) }); len(scripts) == 1 {
		return fmt.Sprintf("; did you mean %q? If so, rename the card to %s", path.Join(dir, scripts[0]), rename(scripts[0]))
	}
	best, bestDist, ties := "", 3, 0
	for _, n := range src.Siblings {
		if n == base {
			continue // there as no file (a folder, a link to nothing)
		}
		// Otherwise cased is no edit (nameEdits; not strings.EqualFold,
		// which reads any two bytes that are not UTF-8 as one letter).
		limit := nearEdits(n, base)
		dist := nameEdits(n, base, limit)
		if dist > limit {
			continue
		}
		switch {
		case dist < bestDist:
			best, bestDist, ties = n, dist, 1
		case dist == bestDist:
			ties++
		}
	}
	if ties != 1 {
		return ""
	}
	return fmt.Sprintf("; did you mean %q? If so, rename the card to %s", path.Join(dir, best), rename(best))
}

// renamedHint names the file beside the card src, whose tool is missing,
// that is probably its tool renamed, the card left with the old name,
// from the loose files the scan listed (src.Loose: named as a tool may
// be, and described by no card): the one there is, when the card is the
// only one of its folder whose tool is missing (alone), or else the one
// whose name holds the tool's words or letters in order (bin/fast-test
// for bin/ft, bin/deploy-staging for bin/deploy.sh), or its words the
// tool's; "" for none, or for two alike.
func renamedHint(src *CardSource, alone bool) string {
	dir, base := path.Dir(src.ToolPath), path.Base(src.ToolPath)
	meant := ""
	switch alike := slices.DeleteFunc(slices.Clone(src.Loose), func(n string) bool { return !namesAlike(n, base) }); {
	case len(src.Loose) == 1 && alone:
		meant = src.Loose[0]
	case len(alike) == 1:
		meant = alike[0]
	default:
		return ""
	}
	which := fmt.Sprintf("%q is the one file beside the card with no card of its own", path.Join(dir, meant))
	if len(src.Loose) > 1 {
		which = fmt.Sprintf("of the files beside the card with no card of their own, %q is the one named like it", path.Join(dir, meant))
	}
	return fmt.Sprintf("; was the tool renamed? %s: if it is the tool, rename the card to %s", which, strconv.Quote(path.Join(dir, meant)+CardSuffix))
}

// namesAlike reports whether a file's name and a tool's share a word, or
// either holds the other's letters in order, compared without case and
// without a script's extension ("fast-test" and "ft", "ship.sh" and
// "ship-it").
func namesAlike(a, b string) bool {
	a, b = casefold.String(withoutScriptExt(a)), casefold.String(withoutScriptExt(b))
	if a == "" || b == "" {
		return false
	}
	wa := strings.FieldsFunc(a, isWordBreak)
	for _, w := range strings.FieldsFunc(b, isWordBreak) {
		if len(w) > 1 && slices.Contains(wa, w) {
			return true
		}
	}
	return inOrder(a, b) || inOrder(b, a)
}

// withoutScriptExt is name without one of scriptExts.
func withoutScriptExt(name string) string {
	if i := strings.LastIndexByte(name, '.'); i > 0 && slices.Contains(scriptExts, strings.ToLower(name[i+1:])) {
		return name[:i]
	}
	return name
}

func isWordBreak(r rune) bool { return r == '-' || r == '_' || r == '.' || r == ' ' }

// elsewhereHint names the tool of a card kept apart from it, in a folder
// of cards (cards/land.card.json for bin/land), as an author used to
// manifests in one place writes it: the file its command runs, which the
// scan found in another folder (CardSource.CommandPath, CommandFound),
// and where the card goes. "" when the command names no such file, or
// names one that has a card of its own (srcs), which this one may copy.
func elsewhereHint(src *CardSource, command string, srcs []CardSource) string {
	p := CommandPath(command)
	if p == "" || p != src.CommandPath || !src.CommandFound || path.Dir(p) == path.Dir(src.ToolPath) {
		return ""
	}
	card := p + CardSuffix
	if slices.ContainsFunc(srcs, func(c CardSource) bool { return c.Path == card }) {
		return ""
	}
	return fmt.Sprintf("; its command runs %q, which is there: move the card beside it, as %s", p, strconv.Quote(card))
}
