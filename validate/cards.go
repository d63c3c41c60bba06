package validate

import (
	"fmt"
	"path"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/capreg/capreg/internal/unicodeform"
	"github.com/capreg/capreg/search/cmdline"
	"github.com/capreg/capreg/validate/ojson"
)

// Card is one validated tool capability card. With a Cache, the cards of
// successive results share their slices (IntentPhrases, Replaces, Raw):
// read them, never change them in place, as no caller here does.
type Card struct {
	ID            string
	Command       string
	Summary       string
	IntentPhrases []string
	Replaces      []string
	Preconditions string
	Effects       string
	Risk          string
	Example       string
	HelpProbe     string
	Path          string // the card file, repository-relative
	ToolPath      string // the tool it describes (the card path without .card.json)
	ToolExists    bool
	Raw           ojson.Value // the card as written, for the index and GET /tools/{id}
}

// SameCardID reports whether a and b are one card id: equal, or equal once
// composed (NFC), as validation compares them (card-duplicate-id), so that
// a client on macOS, which may send "é" decomposed, finds the card written
// composed.
func SameCardID(a, b string) bool { return a == b || CardIDKey(a) == CardIDKey(b) }

// CardIDKey is the form card ids are compared in (NFC): two ids are one
// when their keys are equal. It is id itself for an id in ASCII.
func CardIDKey(id string) string { return unicodeform.NFC(id) }

// composedOtherwise says, for two ids that differ only in how their
// characters are composed, how each is written, in escapes: printed, the
// two look the same.
func composedOtherwise(here, there string) string {
	if here == there {
		return ""
	}
	return fmt.Sprintf(" (the two are the same characters composed otherwise: %s here, %s there)", strconv.QuoteToASCII(here), strconv.QuoteToASCII(there))
}

// checkCards validates every card against the card schema, rejects duplicate
// ids and warns about cards with no tool beside them, or whose command runs
// a file of the repository that is not there or has no execute bit
// (checkCardCommand). It returns the valid
// cards in path order. Each card's own checks (checkCard) are taken from
// cache when it holds them, and recorded in l; those between cards and of
// the tool beside each run here every time.
func checkCards(srcs []CardSource, cache *Cache, l *lookups, s *sink) []*Card {
	if l != nil {
		l.cards = slices.Grow(l.cards, len(srcs)) // a lookup for each card read
	}
	checkCardPathsFold(srcs, s)
	ids := cardIDs{seen: map[string]int{}, failedSeen: map[string]int{}}
	var orphans map[string]int // folder → its cards whose tool is missing, counted for the first that asks
	orphansIn := func(dir string) int {
		if orphans == nil {
			orphans = map[string]int{}
			for i := range srcs {
				if c := &srcs[i]; c.Err == nil && !c.ToolExists && !c.ToolLeaves {
					orphans[path.Dir(c.ToolPath)]++
				}
			}
		}
		return orphans[dir]
	}
	for i := range srcs {
		src := &srcs[i]
		if src.Err != nil {
			fileError(s, src.Path, src.Err)
			continue
		}
		before := len(s.diags)
		d, c := cache.card(l, src, s)
		if c == nil {
			if id, ok := failedCardID(d, s.diags[before:]); ok {
				ids.addFailed(d, &Card{ID: id, Path: src.Path, ToolPath: src.ToolPath}, s)
			}
			continue
		}
		checkCardCommand(d, c, src, s)
		if ids.repeated(d, c, s) || !checkCardTool(d, c, src, srcs, orphansIn, s) {
			continue
		}
		ids.add(d, c)
	}
	// The ids of cards failing the schema are looked at too: an id that
	// reads as another card's is so whatever else is wrong with either.
	all, allDocs := ids.out, ids.docs
	if len(ids.failed) > 0 {
		all, allDocs = append(slices.Clip(ids.out), ids.failed...), append(slices.Clip(ids.docs), ids.failedDocs...)
	}
	checkCardIDsVisible(all, allDocs, s)
	checkCardIDsConfusable(all, allDocs, s)
	return ids.out
}

// cardIDs are the cards checkCards has met, by id: out, the valid ones in
// path order, with their documents (docs), and failed, those failing the
// card schema whose id is readable (failedCardID), with theirs: compared
// with the others' ids, though not indexed. Ids are compared in Unicode's
// composed form (CardIDKey): "é" typed on one machine and "e" + U+0301 on
// another (macOS's file names) read the same and are one id to a person,
// yet an agent asking for one was given the card of whichever it spelt.
type cardIDs struct {
	out        []*Card
	docs       []*doc
	seen       map[string]int // the index in out of each id's card
	failed     []*Card
	failedDocs []*doc
	failedSeen map[string]int // the index in failed of each id's first
}

// addFailed notes f, a card failing the schema, in document d: reported
// as a duplicate of the card that came first with its id, else kept in
// failed.
func (ids *cardIDs) addFailed(d *doc, f *Card, s *sink) {
	key := CardIDKey(f.ID)
	if at, ok := ids.seen[key]; ok {
		reportDuplicateCardID(d, f, ids.docs[at], ids.out[at], s)
		return
	}
	if first, ok := ids.failedSeen[key]; ok {
		reportDuplicateCardID(d, f, ids.failedDocs[first], ids.failed[first], s)
		return
	}
	ids.failedSeen[key] = len(ids.failed)
	ids.failed, ids.failedDocs = append(ids.failed, f), append(ids.failedDocs, d)
}

// repeated reports c, a valid card in document d, as a duplicate of the
// card that came first with its id, and says whether that card was valid,
// which leaves c out of the index. After a card failing the schema, c is
// told and indexed all the same, as it was.
func (ids *cardIDs) repeated(d *doc, c *Card, s *sink) bool {
	key := CardIDKey(c.ID)
	if at, ok := ids.seen[key]; ok {
		reportDuplicateCardID(d, c, ids.docs[at], ids.out[at], s)
		return true
	}
	if first, ok := ids.failedSeen[key]; ok {
		reportDuplicateCardID(d, c, ids.failedDocs[first], ids.failed[first], s)
	}
	return false
}

// add indexes c, a valid card in document d whose id none before has.
func (ids *cardIDs) add(d *doc, c *Card) {
	ids.seen[CardIDKey(c.ID)] = len(ids.out)
	ids.out, ids.docs = append(ids.out, c), append(ids.docs, d)
}

// checkCardTool warns of card c, in document d, whose tool is not beside
// it, or is named as a Windows device, and says whether the card is
// indexed: one named .card.json alone names no tool and is not.
func checkCardTool(d *doc, c *Card, src *CardSource, srcs []CardSource, orphansIn func(dir string) int, s *sink) bool {
	switch {
	case src.ToolExists:
	case strings.HasSuffix(src.ToolPath, "/") || src.ToolPath == "":
		// ".card.json" alone: the name before .card.json is the
		// tool's. Indexed, its path was the folder ("bin/").
		s.warnAt(d, "", "card-orphan", "the file is named .card.json, which names no tool, and is left out of the index; "+
			"name it <tool>.card.json beside the tool it describes")
		return false
	case src.ToolLeaves:
		s.warnAt(d, "", "card-orphan", "the tool %q beside this card is a symlink leaving the repository, which is not followed, so the card describes no tool in it; make the tool a file in the repository, or a link to one", src.ToolPath)
	default:
		// A link to nothing, or a folder, shows in a listing under
		// the tool's name: say that neither is one, or the author
		// looks for a missing file that is there.
		// The tool most likely meant is named, from the files beside
		// the card the scan listed: made afresh each time, as the
		// finding is, so the cache keeps no hint of a folder since
		// changed.
		hint := toolHint(src, c.Command)
		if hint == "" {
			hint = elsewhereHint(src, c.Command, srcs)
		}
		if hint == "" && len(src.Loose) > 0 {
			hint = renamedHint(src, orphansIn(path.Dir(src.ToolPath)) == 1)
		}
		s.warnAt(d, "", "card-orphan", "no tool %q beside this card (a file, or a link to one; a link to nothing or a folder is none); a card is a sibling of the tool it describes%s", src.ToolPath, hint)
	}
	if !utf8.ValidString(src.ToolPath) {
		// Go's JSON writes each such byte as U+FFFD: the index named a
		// tool no file is at, and check said nothing.
		s.warnAt(d, "", "invalid-utf8", "the tool's path %q is not UTF-8, and the tool index and GET /tools give it as %q, each such byte as U+FFFD, a path no file is at; rename the tool, its card and their folders in UTF-8",
			src.ToolPath, strings.ToValidUTF8(src.ToolPath, "\uFFFD"))
	}
	if windowsDevice(path.Base(src.ToolPath)) {
		s.warnAt(d, "", "reserved-name", "the tool %q is a device name on Windows (%s), with any extension, which Git for Windows cannot check out, nor this card: the card is missing there; rename the tool", src.ToolPath, windowsDevices)
	}
	return true
}

// checkCardPathsFold warns of a card whose path differs from an earlier
// card's only in case, or in Unicode form (bin/Foo.card.json beside
// bin/foo.card.json; café composed and decomposed): the file systems of
// Windows and macOS tell no such names apart, so a checkout there holds
// one of the two files, and the other card is missing, with no word from
// Git but a note at clone. The later in path order is told (reserved-name,
// a warning, as a name Git for Windows cannot check out is), naming the
// other.
func checkCardPathsFold(srcs []CardSource, s *sink) {
	if len(srcs) < 2 {
		return
	}
	first := make(map[string]string, len(srcs))
	for i := range srcs {
		p := srcs[i].Path
		key := foldedPath(p)
		other, ok := first[key]
		if !ok {
			first[key] = p
			continue
		}
		if other == p {
			continue
		}
		s.add(Diagnostic{File: p, Rule: "reserved-name", Severity: Warning, Message: fmt.Sprintf(
			"this card's path differs from %s's only in %s: a checkout there holds one of the two files, and the other card is missing; rename one of them (and its tool)", other, pathsFold(p, other))})
	}
}

// foldedPath is p as the file systems of Windows and macOS compare
// names, near enough: lower case and composed (NFC). Paths of one
// folded path are one file there (checkCardPathsFold, pathsFold).
func foldedPath(p string) string { return strings.ToLower(unicodeform.NFC(p)) }

// pathsFold says how two paths that differ differ only in case or in
// Unicode form, and which file systems hold one file for the two
// ("case, which the file systems of Windows and macOS do not tell
// apart"), or "" for paths that differ otherwise, or not at all.
func pathsFold(p, other string) string {
	if p == other || foldedPath(p) != foldedPath(other) {
		return ""
	}
	// Windows folds case only; macOS (APFS, HFS+) folds case and
	// Unicode form alike.
	how, which := "case", "the file systems of Windows and macOS do"
	switch {
	case unicodeform.NFC(p) == unicodeform.NFC(other):
		how, which = "Unicode form ("+CodePoints(p, other)+")", "macOS's file system does"
	case !strings.EqualFold(p, other):
		how, which = "case and Unicode form ("+CodePoints(p, other)+")", "macOS's file system does"
	}
	return how + ", which " + which + " not tell apart"
}

// reportDuplicateCardID reports two cards of one id: c, of document d,
// and first, of firstDoc, before it in path order. Both cards are told:
// which one is the copy, path order does not say, and an annotation only
// on the card already there misses a pull request that adds the other.
func reportDuplicateCardID(d *doc, c *Card, firstDoc *doc, first *Card, s *sink) {
	s.at(d, "/id", "card-duplicate-id", "tool card id %q is already used by %s; ids must be unique%s", c.ID, first.Path, composedOtherwise(c.ID, first.ID))
	s.at(firstDoc, "/id", "card-duplicate-id", "tool card id %q is also used by %s; ids must be unique%s", first.ID, c.Path, composedOtherwise(first.ID, c.ID))
}

// failedCardIDDoc is what the cache keeps of a card that fails the card
// schema (d, its findings own): a document of its id alone, without its
// bytes, where the id is readable (failedCardID), else nil.
func failedCardIDDoc(d *doc, own []Diagnostic) *doc {
	if _, ok := failedCardID(d, own); !ok {
		return nil
	}
	var id ojson.Member
	for _, m := range d.Root.Members {
		if m.Key == "id" {
			id = m
		}
	}
	// Its strings share the card's bytes (ojson.ParseShared), which are
	// not kept.
	id.Key, id.Value.Str = "id", strings.Clone(id.Value.Str)
	return &doc{File: d.File, Root: ojson.Value{Kind: ojson.Object, Off: d.Root.Off, Members: []ojson.Member{id}}}
}

// failedCardID is the id of a card that fails the card schema (d, its
// findings own) where it is readable: a string at /id that no finding
// of the card is at, as one of the schema's (an id of blanks, "..") or
// a key given twice is; ok is false when there is none.
func failedCardID(d *doc, own []Diagnostic) (id string, ok bool) {
	if d == nil || d.Root.Kind != ojson.Object {
		return "", false
	}
	v := d.Root.Get("id")
	if v == nil || !v.IsString() {
		return "", false
	}
	if slices.ContainsFunc(own, func(f Diagnostic) bool {
		return f.File == d.File && (f.Pointer == "/id" || strings.HasPrefix(f.Pointer, "/id/"))
	}) {
		return "", false
	}
	return v.Str, true
}

// cardInput is what checkCard reads of a card: all of it that its findings
// can depend on, and so what the cache keys them by (cardKey).
type cardInput struct {
	Path     string // the card file
	Data     []byte // its bytes, read (a card that could not be read is not checked)
	ToolPath string // the tool it describes, which a finding may name
}

// checkCard makes a card's own findings: its JSON, its fields, the shape
// of its replaces patterns, the card schema and their cost. It returns the
// card parsed (nil when it is no JSON; its mended text when read past its
// slips, see mendDoc) and the Card when it passed (nil when not, as for
// a card read mended), ToolExists unset. It is a pure function of in (and of the
// card schema and rules, which are the program's).
func checkCard(in cardInput, s *sink) (*doc, *Card) {
	return checkCardParsed(in, ojson.ParseShared, s)
}

// checkCardParsed is checkCard with parse for ojson.ParseShared: the Cache
// gives a card of bytes parsed before at another path (renamed or moved)
// the tree they were parsed to, parse returning it for in.Data.
func checkCardParsed(in cardInput, parse func([]byte) (ojson.Value, []ojson.Error), s *sink) (*doc, *Card) {
	// The card's strings are its bytes, which the cache and the snapshot
	// keep with it and nothing writes to (a scan reads each file into
	// its own buffer; POST /validate's files are copied from its body).
	// A text that does not parse is read past its slips (mendDoc).
	v, errs := parse(in.Data)
	v, errs, mended := mendParsed(in.Data, true, v, errs)
	d := placeDoc(in.Path, in.Data, v, errs, mended, s)
	if d == nil {
		return nil, nil
	}
	// Unknown fields and replaces' shapes first: a misspelt optional
	// field or a pattern that matches nothing meant is worth knowing
	// while the card's errors are being fixed, not only after.
	checkCardFields(d, in.ToolPath, s)
	patterns := checkReplacesShape(d, s)
	if !checkSchema("card", d, s) {
		checkFailedCardText(d, in.ToolPath, s)
		return d, nil
	}
	r := &d.Root
	c := &Card{
		ID: r.Get("id").Str, Command: r.Get("command").Str, Summary: r.Get("summary").Str,
		IntentPhrases: r.Get("intent_phrases").Strings(), Replaces: r.Get("replaces").Strings(),
		Preconditions: r.Get("preconditions").StringOr(""), Effects: r.Get("effects").Str,
		Risk: r.Get("risk").Str, Example: r.Get("example").Str, HelpProbe: r.Get("help_probe").StringOr(""),
		Path: in.Path, ToolPath: in.ToolPath, Raw: d.Root,
	}
	checkCardText(d, c, s)
	if !checkReplacesCost(d, patterns, s) {
		return d, nil
	}
	if _, cut, total := c.SearchText(); cut != "" {
		s.warnAt(d, cut, "card-text-long",
			"the card's text is %d bytes, and search indexes its first %d (id, command, summary, intent_phrases, replaces, effects and example, in that order): no search finds the card by its words from here on; keep a card to what an agent needs to pick it",
			total, CardSearchText)
	}
	if d.mended {
		// Its findings made, a card read past its syntax errors is
		// one that failed: nothing of it is indexed.
		return d, nil
	}
	return d, c
}

// checkFailedCardText checks the text of a card that fails the card
// schema as checkCardText checks a card's that passes, each check where
// the fields it reads are strings, not blank (an example or a help_probe
// with the command): a summary holding a line break, or an example
// running another program, is so whatever else is wrong, and is told in
// the run that reports the card's errors, not once they are fixed.
func checkFailedCardText(d *doc, toolPath string, s *sink) {
	if d.Root.Kind != ojson.Object {
		return
	}
	text := func(k string) (string, bool) {
		v := d.Root.Get(k)
		if v == nil || !v.IsString() || strings.TrimSpace(v.Str) == "" {
			return "", false
		}
		return v.Str, true
	}
	c := &Card{Path: d.File, ToolPath: toolPath}
	var hasCommand, has bool
	if c.Command, hasCommand = text("command"); hasCommand {
		names := commandNames(c.Command, toolPath)
		if c.Example, has = text("example"); has {
			checkCardExample(d, c, names, s)
		}
		if c.HelpProbe, has = text("help_probe"); has {
			checkCardHelpProbe(d, c, names, s)
		}
	}
	if c.Summary, has = text("summary"); has {
		checkCardSummary(d, c, s)
	}
	checkCardPhrases(d, s)
}

// CardSearchText is the most text of one card, in bytes, that tool search
// indexes. Every word of a card is a term of the index, with its typo
// variants: ten cards of 8 MB of distinct words each (76 MB) held a
// daemon building its index past 5 GB and 3 minutes, and a pod killed for
// its memory restarts without the registry it served. The cards of the
// test sets hold at most 1.1 KB.
const CardSearchText = 8 << 10

// SearchText returns the card as tool search indexes it: its id, command,
// summary, intent phrases, replaces patterns, effects and example, in that
// order, cut to CardSearchText bytes in all (at a character's start; the
// id is never cut, but counts), and where it was cut: the JSON pointer of
// the first field, or phrase or pattern, that lost text ("" when none
// did), and the bytes of those fields in all.
func (c *Card) SearchText() (cut Card, at string, total int) {
	cut = *c
	left := CardSearchText - len(c.ID)
	total = len(c.ID)
	take := func(v, pointer string) string {
		total += len(v)
		if len(v) <= left {
			left -= len(v)
			return v
		}
		n := max(left, 0)
		for n > 0 && !utf8.RuneStart(v[n]) {
			n--
		}
		if at == "" {
			at = pointer
		}
		left = 0
		return v[:n]
	}
	takeAll := func(vs []string, pointer string) []string {
		for i, v := range vs {
			if w := take(v, pointer+"/"+strconv.Itoa(i)); len(w) < len(v) {
				out := slices.Clone(vs[:i:i])
				if w != "" {
					out = append(out, w)
				}
				for _, rest := range vs[i+1:] {
					total += len(rest)
				}
				return out
			}
		}
		return vs
	}
	cut.Command = take(c.Command, "/command")
	cut.Summary = take(c.Summary, "/summary")
	cut.IntentPhrases = takeAll(c.IntentPhrases, "/intent_phrases")
	cut.Replaces = takeAll(c.Replaces, "/replaces")
	cut.Effects = take(c.Effects, "/effects")
	cut.Example = take(c.Example, "/example")
	return cut, at, total
}

// checkReplacesShape warns of each replaces pattern, a string in the
// card's replaces list whatever else the card holds, that cannot do what
// it says (card-replaces-shape, cmdline.PatternFault). It returns each
// item's check, by its index (the zero PatternCheck for one that is no
// string), for checkReplacesCost: a pattern is read, parsed and compiled
// once for both.
func checkReplacesShape(d *doc, s *sink) []cmdline.PatternCheck {
	reps := d.Root.Get("replaces")
	if reps == nil || reps.Kind != ojson.Array {
		return nil
	}
	checks := make([]cmdline.PatternCheck, len(reps.Items))
	for i := range reps.Items {
		if pat := &reps.Items[i]; pat.Kind == ojson.String {
			checks[i] = cmdline.CheckPattern(pat.Str)
			if fault := checks[i].Fault; fault != "" {
				s.warnAt(d, "/replaces/"+strconv.Itoa(i), "card-replaces-shape", "this pattern cannot do what it says: %s", fault)
			}
		}
	}
	return checks
}

// ToolPathField is the field the tool index adds to each card: the path of
// the tool the card describes. A card does not set it (check warns).
const ToolPathField = "path"

// cardFields are the fields of a tool card (tool-capability-cards.md), plus
// the editors' "$schema" hint.
var cardFields = []string{"$schema", "id", "command", "summary", "intent_phrases", "replaces",
	"preconditions", "effects", "risk", "example", "help_probe"}

// checkCardFields warns about fields a card does not define. They are kept
// in the index as written, but nothing reads them, and the likeliest cause
// is a misspelt optional field (a misspelt required one is also missing).
func checkCardFields(d *doc, toolPath string, s *sink) {
	for _, m := range d.Root.Members {
		if slices.Contains(cardFields, m.Key) {
			continue
		}
		ptr := "/" + ojson.EscapePointer(m.Key)
		if m.Key == ToolPathField {
			s.warnAt(d, ptr, "card-unknown-field",
				"a card does not set \"path\": the index sets it to the tool beside the card, %q, and leaves this one out; remove it (a card describes its sibling tool)", toolPath)
			continue
		}
		want := nearestName(m.Key, cardFields)
		if want == "" {
			want = synonymField(m.Key, cardFields)
		}
		if want != "" && !d.Root.Has(want) {
			s.warnAt(d, ptr, "card-unknown-field",
				"unknown tool card field %q (did you mean %q?); it is kept in the index but nothing reads it", m.Key, want)
			continue
		}
		s.warnAt(d, ptr, "card-unknown-field",
			"unknown tool card field %q (known: %s); it is kept in the index but nothing reads it", m.Key, quoteList(cardFields[1:]))
	}
}

// Bounds of the regular expressions a card's replaces patterns compile to,
// in instructions of Go's regexp program. GET /tools?command= tries every
// pattern read as a regexp on each command of every line a client sends
// (up to 4 KiB), in time proportional to the program's size times the
// text's length, and it cannot be stopped half way: a pattern of counted
// repetitions ("(a*)*.{0,999}.{0,999}…") compiles to thousands of
// instructions and took over a second a line. A command shape written as
// a regexp ("git push .* --force", "curl .* | sh") takes 15 to 50, a long
// one about 125; a literal shape, or one with <placeholders> only, is
// matched by its shell tokens and costs nothing here. At the limits one
// card holds a 4 KiB line of one command about 70 ms, and of 32 commands
// 0.8 s (BenchmarkMatchCommandCardsAtLimit); what bounds a request over
// many cards is its work budget (cmdline.DefaultBudget), which these
// limits keep from being spent by ordinary cards.
const (
	MaxReplacesPatternCost = 500
	MaxReplacesCardCost    = 2500
)

// replacesCost is the size of the program a replaces pattern compiles to
// as the matcher reads it (cmdline.PatternRegexp); 0 when it reads it as no
// regexp (it is then matched by its shell tokens only).
func replacesCost(pat string) int {
	cost, _ := replacesCostBound(pat)
	return cost
}

// replacesCostBound is replacesCost, and whether that is only a lower
// bound of the size (over the limit, the exact size is not computed).
func replacesCostBound(pat string) (cost int, atLeast bool) {
	c := cmdline.CheckPatternCost(pat)
	return patternCost(&c)
}

// patternCost is replacesCostBound of a pattern checked (CheckPattern).
func patternCost(c *cmdline.PatternCheck) (cost int, atLeast bool) {
	if c.Regexp == nil {
		return 0, false
	}
	if lb := instLowerBound(c.Regexp); lb > MaxReplacesPatternCost {
		// Over the limit whatever the exact size: expanding and
		// compiling a pattern of counted repetitions (a.{0,999}
		// 100 times, 900 bytes) took 60 ms and 70 MB.
		return lb, true
	}
	return c.Insts(), false
}

// instLowerBound is a lower bound of the instructions re compiles to,
// from its parse tree, without expanding its counted repetitions: a
// literal's runes and a class or any character one each, a repetition its
// operand as many times as its larger count, at most 1<<30.
func instLowerBound(re *syntax.Regexp) int {
	n := 0
	switch re.Op {
	case syntax.OpLiteral:
		n = len(re.Rune)
	case syntax.OpCharClass, syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		n = 1
	case syntax.OpRepeat:
		if re.Max != 0 { // x{0,0} compiles to nothing
			n = instLowerBound(re.Sub[0]) * max(re.Min, re.Max, 1)
		}
	default:
		for _, sub := range re.Sub {
			n += instLowerBound(sub)
		}
	}
	return min(n, 1<<30)
}

// checkReplacesCost refuses a card whose replaces patterns would make
// command matching slow for every client: one pattern over
// MaxReplacesPatternCost, or all of them over MaxReplacesCardCost.
// patterns are checkReplacesShape's checks of a card the schema passed:
// one of each replaces pattern, a string.
func checkReplacesCost(d *doc, patterns []cmdline.PatternCheck, s *sink) bool {
	total, once := 0, 0 // counting a pattern that may run twice twice, and once
	for i := range patterns {
		pat := &patterns[i]
		cost, atLeast := patternCost(pat)
		once += cost
		ptr := "/replaces/" + strconv.Itoa(i)
		if cost > MaxReplacesPatternCost {
			size := strconv.Itoa(cost)
			if atLeast {
				size = "at least " + size
			}
			s.at(d, ptr, "card-replaces-cost",
				"this pattern, read as a regular expression, compiles to %s instructions, over the limit of %d: every command line a client matches would run it (counted repetitions such as .{0,999} are the usual cause; name the command's shape instead)",
				size, MaxReplacesPatternCost)
			return false
		}
		// A pattern that may run twice on a command counts twice.
		if total += cost * pat.Runs; total > MaxReplacesCardCost {
			s.at(d, ptr, "card-replaces-cost",
				"the card's replaces patterns, read as regular expressions, compile to over %d instructions in all (%d up to this one, %d counted once: a pattern whose first word is a path of regular-expression syntax counts twice, as it may run twice; write such a path literally, bin/rails, or split the card): every command line a client matches would run them",
				MaxReplacesCardCost, total, once)
			return false
		}
	}
	return true
}
