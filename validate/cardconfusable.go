package validate

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/capreg/capreg/internal/unicodeform"
	"golang.org/x/text/unicode/norm"
)

// lookAlikeLatin maps the Cyrillic and Greek letters that read as a Latin
// one to that letter: the entries of Unicode TR39's confusables.txt from a
// Cyrillic or Greek letter to one Latin letter, lower case (а е о р с у х
// і ј ѕ ԁ ԛ ԝ һ ӏ г ҽ ү ѵ ѡ; α ο ρ σ ι ν υ γ ϲ ϳ ϱ), and the capitals that
// look like Latin capitals (А В Е К М Н О Р С Т Х Ѕ Ј І Ү Ԛ Ԝ Ӏ; Α Β Ε Ζ Η
// Ι Κ Μ Ν Ο Ρ Τ Υ Χ). TR39 takes І, Ι and Ӏ for "l", as it takes Latin "I";
// here, where Latin letters are left as they are, they are "I". κ and к,
// which TR39 takes for "ĸ" (kra), are not in it. A letter composed of one
// of them and a mark (ё, ї, ά) reads as the Latin letter with that mark
// (lookAlikeOf).
var lookAlikeLatin = map[rune]rune{
	// Cyrillic, lower case.
	'а': 'a', 'с': 'c', 'ԁ': 'd', 'е': 'e', 'ҽ': 'e', 'һ': 'h', 'і': 'i', 'ј': 'j',
	'ӏ': 'l', 'о': 'o', 'р': 'p', 'ԛ': 'q', 'г': 'r', 'ѕ': 's', 'ѵ': 'v', 'ԝ': 'w',
	'ѡ': 'w', 'х': 'x', 'у': 'y', 'ү': 'y',
	// Greek, lower case.
	'α': 'a', 'ϲ': 'c', 'ι': 'i', 'ϳ': 'j', 'ο': 'o', 'σ': 'o', 'ρ': 'p', 'ϱ': 'p',
	'υ': 'u', 'ν': 'v', 'γ': 'y',
	// Cyrillic capitals.
	'А': 'A', 'В': 'B', 'С': 'C', 'Е': 'E', 'Н': 'H', 'І': 'I', 'Ӏ': 'I', 'Ј': 'J',
	'К': 'K', 'М': 'M', 'О': 'O', 'Р': 'P', 'Ԛ': 'Q', 'Ѕ': 'S', 'Т': 'T', 'Ԝ': 'W',
	'Х': 'X', 'Ү': 'Y',
	// Greek capitals.
	'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M', 'Ν': 'N',
	'Ο': 'O', 'Ρ': 'P', 'Τ': 'T', 'Υ': 'Y', 'Χ': 'X', 'Ζ': 'Z',
}

// lookAlikeOf is the Latin letter r reads as ("e" for the Cyrillic "е",
// "ë" for "ё"), or "" if r is no Cyrillic or Greek letter of
// lookAlikeLatin, composed or not.
func lookAlikeOf(r rune) string {
	if l, ok := lookAlikeLatin[r]; ok {
		return string(l)
	}
	if r < 0x370 || !unicode.In(r, unicode.Cyrillic, unicode.Greek) {
		return ""
	}
	// Composed of one and a mark, or its canonical equivalent alone
	// (U+1FBE, prosgegrammeni, is "ι" to NFC, as the skeleton reads it).
	d := norm.NFD.String(string(r))
	base, n := utf8.DecodeRuneInString(d)
	if l, ok := lookAlikeLatin[base]; ok {
		return norm.NFC.String(string(l) + d[n:])
	}
	return ""
}

// skeleton is id with each letter lookAlikeOf a Latin one written as that
// one, composed (NFC): two ids of one skeleton read alike (TR39's skeleton,
// for Cyrillic and Greek look-alikes of Latin letters alone).
func skeleton(id string) string {
	if isASCII(id) {
		return id
	}
	var b strings.Builder
	for _, r := range id {
		if l := lookAlikeOf(r); l != "" {
			b.WriteString(l)
		} else {
			b.WriteRune(r)
		}
	}
	return unicodeform.NFC(b.String())
}

// idScript is the script of a letter of an id, among those whose letters
// pass for one another.
type idScript uint8

const (
	scriptOther idScript = iota // not a letter, or of another script (Han, Arabic...)
	scriptLatin
	scriptCyrillic
	scriptGreek
)

func (s idScript) String() string {
	return [...]string{"", "Latin", "Cyrillic", "Greek"}[s]
}

func scriptOf(r rune) idScript {
	switch {
	case r < 0x80:
		if isASCIILetter(byte(r)) {
			return scriptLatin
		}
	case !unicode.IsLetter(r):
	case unicode.Is(unicode.Latin, r):
		return scriptLatin
	case unicode.Is(unicode.Cyrillic, r):
		return scriptCyrillic
	case unicode.Is(unicode.Greek, r):
		return scriptGreek
	}
	return scriptOther
}

// mixedWord finds the first word of id (a run of letters, marks and
// digits: words are split at "-", "_", ".", "/", spaces...) holding letters
// of two or three of the Latin, Cyrillic and Greek scripts, one of which
// passes for a letter of the script most of the word is in (see
// passesInWord), as TR39's moderately restrictive level refuses such a mix
// in one identifier. It returns the word's bounds and that major script
// (Latin first, then Cyrillic, on a tie). A word mixing Latin with Han,
// Kana, Hangul or another script is not one, nor a word whose letters of
// another script look like none of its own: "timeout-μs", "Δt", "10kΩ"
// and "πcalc" are how units and formulas are written, and read as no
// other word.
func mixedWord(id string) (start, end int, major idScript, ok bool) {
	var count [4]int
	start = -1
	for i := 0; i < len(id); {
		r, n := utf8.DecodeRuneInString(id[i:])
		i += n
		inWord := unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsDigit(r)
		if inWord {
			if start < 0 {
				start, count = i-n, [4]int{}
			}
			count[scriptOf(r)]++
		}
		if start < 0 || inWord && i < len(id) {
			continue
		}
		end = i - n
		if inWord {
			end = i
		}
		if btoi(count[scriptLatin] > 0)+btoi(count[scriptCyrillic] > 0)+btoi(count[scriptGreek] > 0) > 1 {
			major = scriptLatin
			for s := scriptCyrillic; s <= scriptGreek; s++ {
				if count[s] > count[major] {
					major = s
				}
			}
			if passesInWord(id[start:end], major) {
				return start, end, major, true
			}
		}
		start = -1
	}
	return 0, 0, scriptOther, false
}

// passesInWord reports whether a letter of word of a script other than
// major (Latin, Cyrillic or Greek) looks like a letter of major: its
// Latin look-alike is itself for a Latin letter, lookAlikeOf's for a
// Cyrillic or Greek one, and it passes when a letter of major has the
// same look-alike ("е" in "dеploy", Latin "y" in a Cyrillic "деплоy",
// Greek "ο" in a Cyrillic "сοр").
func passesInWord(word string, major idScript) bool {
	for _, r := range word {
		sc := scriptOf(r)
		if sc == scriptOther || sc == major {
			continue
		}
		like := string(r)
		if sc != scriptLatin {
			like = lookAlikeOf(r)
		}
		if like == "" {
			continue
		}
		if major == scriptLatin || latinLookAlikes[major][baseLetter(like)] {
			return true
		}
	}
	return false
}

// latinLookAlikes are, per script, the Latin letters that letters of it
// read as (lookAlikeLatin's values), for passesInWord.
var latinLookAlikes = func() (by [4]map[rune]bool) {
	for r, l := range lookAlikeLatin {
		sc := scriptOf(r)
		if by[sc] == nil {
			by[sc] = make(map[rune]bool)
		}
		by[sc][l] = true
	}
	return by
}()

// baseLetter is s's first letter without its marks ('e' for "ë").
func baseLetter(s string) rune {
	r, _ := utf8.DecodeRuneInString(norm.NFD.String(s))
	return r
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// describeLetters names the letters of rs, of the scripts that pass for
// Latin, for a finding: `the Cyrillic "е" (U+0435, like Latin "e")`, the
// first six alone.
func describeLetters(rs []rune) string {
	var parts []string
	for i, r := range rs {
		if i == 6 {
			parts = append(parts, fmt.Sprintf("%d more", len(rs)-i))
			break
		}
		p := fmt.Sprintf("%s %q (U+%04X", scriptOf(r), string(r), r)
		if l := lookAlikeOf(r); l != "" {
			p += fmt.Sprintf(", like Latin %q", l)
		}
		parts = append(parts, p+")")
	}
	return "the " + AndList(parts)
}

// checkCardIDsConfusable warns of each card id that passes for another in
// the spirit of Unicode TR39 (card-id-confusable): one holding a word that
// mixes Latin, Cyrillic or Greek letters ("dеploy", its "е" Cyrillic),
// almost never meant; and one whose Cyrillic or Greek letters look like
// Latin ones so that it reads as another card's id (its skeleton is that
// id's), though it is not: an agent asking for /tools/deploy gets the card
// of that id, but a client choosing a card by the id it shows may run the
// other. The finding is at the first such letter and names the letters,
// their script and the card whose id this one reads as. An id wholly in
// one script that reads as no other card's (деплой, 部署) and a word
// mixing Latin with Han, Kana or Hangul are not warned of. Ids that differ only by a character that prints as
// nothing are card-id-invisible's. cards are the valid cards, docs their
// documents.
func checkCardIDsConfusable(cards []*Card, docs []*doc, s *sink) {
	ascii := true
	for _, c := range cards {
		ascii = ascii && isASCII(c.ID)
	}
	if ascii {
		return
	}
	ids := readIDs(cards)
	for i, c := range cards {
		m := ids.mixed[i]
		other := ids.readsAs(i)
		if !m.ok && other < 0 {
			continue
		}
		var at int
		var letters []rune
		if m.ok {
			at, letters = lettersOf(c.ID[m.start:m.end], func(r rune) bool { return scriptOf(r) != scriptOther && scriptOf(r) != m.major })
			at += m.start
		} else {
			at, letters = lettersOf(c.ID, func(r rune) bool { return lookAlikeOf(r) != "" })
		}
		reads := ids.readsAsClause(i, other, cards)
		var msg string
		if m.ok {
			msg = fmt.Sprintf("tool card id %s mixes scripts in the word %q: %s letters beside %s; a word in two scripts is almost never meant",
				strconv.QuoteToASCII(c.ID), c.ID[m.start:m.end], m.major, describeLetters(letters))
			if reads != "" {
				msg += ", and the id " + reads
			}
			msg += "; write the word in one script"
		} else {
			msg = fmt.Sprintf("tool card id %s %s: %s look like Latin letters; give one of the two cards an id that does not read as the other",
				strconv.QuoteToASCII(c.ID), reads, describeLetters(letters))
		}
		d := docs[i]
		s.atOffset(d.File, d.Src, stringSourceOffset(d.Src, d.Root.Get("id").Off, at), "/id", "card-id-confusable", "%s", msg)
	}
}

// cardIDReadings are the card ids as checkCardIDsConfusable compares
// them, per card: as it prints (visible: without what prints as nothing,
// as CardIDKey folds it), its skeleton, and its word mixing scripts, if
// any; with the cards of each skeleton.
type cardIDReadings struct {
	visible, skel []string
	mixed         []mixedSpan
	bySkeleton    map[string][]int
}

// mixedSpan is what mixedWord finds in an id: the word's bounds and
// major script, ok if there is such a word.
type mixedSpan struct {
	start, end int
	major      idScript
	ok         bool
}

func readIDs(cards []*Card) cardIDReadings {
	ids := cardIDReadings{
		visible:    make([]string, len(cards)),
		skel:       make([]string, len(cards)),
		mixed:      make([]mixedSpan, len(cards)),
		bySkeleton: make(map[string][]int, len(cards)),
	}
	for k, c := range cards {
		ids.visible[k] = CardIDKey(strings.TrimSpace(visibleID(c.ID)))
		ids.skel[k] = skeleton(ids.visible[k])
		ids.bySkeleton[ids.skel[k]] = append(ids.bySkeleton[ids.skel[k]], k)
		m := &ids.mixed[k]
		m.start, m.end, m.major, m.ok = mixedWord(c.ID)
	}
	return ids
}

// readsAs is the card whose id card i's reads as, or -1. An id of one
// script is told of another of one script alone (сор of cop): beside a
// word of mixed scripts it is the original, and the mixed one is told.
// Two ids that differ only in letters of one script are different words
// of it, though the skeleton maps those letters alike (Kazakh "су" and
// "сү", Greek "σοφ" and "οοφ").
func (ids cardIDReadings) readsAs(i int) int {
	if ids.skel[i] == ids.visible[i] {
		return -1
	}
	for _, k := range ids.bySkeleton[ids.skel[i]] {
		if ids.visible[k] != ids.visible[i] && (ids.mixed[i].ok || !ids.mixed[k].ok) && differAcrossScripts(ids.visible[i], ids.visible[k]) {
			return k
		}
	}
	return -1
}

// differAcrossScripts reports whether a and b, of one skeleton, differ
// somewhere by letters of two scripts (Cyrillic "е" where the other has
// Latin "e"), or cannot be compared letter by letter (their lengths in
// letters differ).
func differAcrossScripts(a, b string) bool {
	if utf8.RuneCountInString(a) != utf8.RuneCountInString(b) {
		return true
	}
	for len(a) > 0 {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb && scriptOf(ra) != scriptOf(rb) {
			return true
		}
		a, b = a[na:], b[nb:]
	}
	return false
}

// readsAsClause says what card i's id reads as: other's id (as it
// prints, or in escapes if it mixes scripts too), else its skeleton if
// that is plain Latin, else "".
func (ids cardIDReadings) readsAsClause(i, other int, cards []*Card) string {
	if other >= 0 {
		as := strconv.Quote(ids.visible[other])
		if ids.mixed[other].ok {
			as = strconv.QuoteToASCII(ids.visible[other])
		}
		return fmt.Sprintf("reads as %s, %s's id, so a client choosing a card by the id it shows may run this one", as, cards[other].Path)
	}
	if plainLatin(ids.skel[i]) {
		return fmt.Sprintf("reads as %q, and a client asking for that does not find this card", ids.skel[i])
	}
	return ""
}

// lettersOf is the offset in s of the first letter that tell reports,
// and those letters, each once, in order; 0 and none if none is.
func lettersOf(s string, tell func(rune) bool) (at int, letters []rune) {
	at = -1
	seen := map[rune]bool{}
	for j, r := range s {
		if !tell(r) {
			continue
		}
		if at < 0 {
			at = j
		}
		if !seen[r] {
			seen[r] = true
			letters = append(letters, r)
		}
	}
	return max(at, 0), letters
}

// plainLatin reports whether s holds no Cyrillic or Greek letter.
func plainLatin(s string) bool {
	for _, r := range s {
		if sc := scriptOf(r); sc == scriptCyrillic || sc == scriptGreek {
			return false
		}
	}
	return true
}
