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

// invisibleInID reports whether r, in a card id, prints as nothing or as
// a plain space while being another character: a format character (zero
// width space, joiners, the byte order mark, bidirectional controls, soft
// hyphen), a default-ignorable one (Hangul fillers, the combining
// grapheme joiner), a variation selector, or a space other than U+0020
// (no-break space and its kin). The schema keeps only Unicode spaces from
// an id's ends.
func invisibleInID(r rune) bool {
	return unicodeform.PrintsAsNothing(r) ||
		r != ' ' && unicode.Is(unicode.Zs, r) || r == '\u2800'
}

// invisibleName names r, a character invisibleInID, for a finding.
func invisibleName(r rune) string {
	switch r {
	case '\u200b':
		return "ZERO WIDTH SPACE"
	case '\u200c':
		return "ZERO WIDTH NON-JOINER"
	case '\u200d':
		return "ZERO WIDTH JOINER"
	case '\u2060':
		return "WORD JOINER"
	case '\ufeff':
		return "ZERO WIDTH NO-BREAK SPACE, the byte order mark"
	case '\u00ad':
		return "SOFT HYPHEN"
	case '\u00a0':
		return "NO-BREAK SPACE"
	case '\u202f':
		return "NARROW NO-BREAK SPACE"
	case '\u3000':
		return "IDEOGRAPHIC SPACE"
	}
	switch {
	case unicode.Is(unicode.Bidi_Control, r):
		return "a bidirectional control"
	case unicode.Is(unicode.Zs, r):
		return "a Unicode space"
	case unicode.Is(unicode.Variation_Selector, r):
		return "a variation selector"
	}
	return "an invisible character"
}

// visibleID is id as it prints: without the characters invisibleInID
// that print as nothing, and with a plain space for each Unicode space.
// A joiner a script needs where it stands (joinerAllowed) is kept: it
// changes how the letters beside it print.
func visibleID(id string) string {
	var b strings.Builder
	for i, r := range id {
		switch {
		case !invisibleInID(r) || joinerAllowed(id, i):
			b.WriteRune(r)
		case unicode.Is(unicode.Zs, r) || r == '\u2800':
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// firstInvisible is the offset in id of its first character invisibleInID
// that no script needs where it stands (joinerAllowed), or -1.
func firstInvisible(id string) int {
	for i, r := range id {
		if invisibleInID(r) && !joinerAllowed(id, i) {
			return i
		}
	}
	return -1
}

// joinerAllowed reports whether id[i:] starts with a zero width joiner or
// non-joiner standing where IDNA2008 allows one (RFC 5892, Appendix A.1
// and A.2, the CONTEXTJ rules): either joiner right after a virama (a
// character of canonical combining class 9, as x/text's normalization
// tables have it: Devanagari U+094D, Bengali U+09CD, Malayalam U+0D4D,
// Sinhala U+0DCA...), where Hindi, Malayalam, Sinhala... choose a
// conjunct's form with it; or a non-joiner between two letters that join,
// the one before to the one after, with only transparent characters
// (nonspacing and enclosing marks) between, as Persian writes "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645" (I want).
// Joining types (ArabicShaping.txt) are approximated: every letter of the
// Arabic script joins on both sides (type D) but those arabicRightJoining
// (alef, dal, reh, waw...), which join only to the letter before, and
// those arabicNonJoining (hamza, tatweel); letters of Syriac, N'Ko,
// Mongolian and the other joining scripts are taken as not joining, so a
// non-joiner among them is still warned of.
func joinerAllowed(id string, i int) bool {
	r, n := utf8.DecodeRuneInString(id[i:])
	if r != '\u200c' && r != '\u200d' || i == 0 {
		return false
	}
	if before, _ := utf8.DecodeLastRuneInString(id[:i]); norm.NFC.PropertiesString(string(before)).CCC() == 9 {
		return true
	}
	if r != '\u200c' {
		return false
	}
	j := i
	for j > 0 {
		b, size := utf8.DecodeLastRuneInString(id[:j])
		if !joiningTransparent(b) {
			break
		}
		j -= size
	}
	k := i + n
	for k < len(id) {
		a, size := utf8.DecodeRuneInString(id[k:])
		if !joiningTransparent(a) {
			break
		}
		k += size
	}
	if j == 0 || k == len(id) {
		return false
	}
	before, _ := utf8.DecodeLastRuneInString(id[:j])
	after, _ := utf8.DecodeRuneInString(id[k:])
	return arabicJoining(before) && !unicode.Is(arabicRightJoining, before) && arabicJoining(after)
}

// joiningTransparent approximates Joining_Type T: a nonspacing or
// enclosing mark (an Arabic vowel sign), which a join passes over.
func joiningTransparent(r rune) bool { return unicode.In(r, unicode.Mn, unicode.Me) }

// arabicJoining approximates Joining_Type D or R: a letter of the Arabic
// script that joins to the letter before it.
func arabicJoining(r rune) bool {
	return unicode.Is(unicode.Arabic, r) && unicode.IsLetter(r) && !unicode.Is(arabicNonJoining, r)
}

// arabicRightJoining are the Arabic letters of Joining_Type R in
// ArabicShaping.txt (Unicode 15) of the Arabic block and its supplement:
// they join to the letter before them, never to the one after.
var arabicRightJoining = &unicode.RangeTable{R16: []unicode.Range16{
	{0x0622, 0x0625, 1}, {0x0627, 0x0627, 1}, {0x0629, 0x0629, 1}, {0x062f, 0x0632, 1},
	{0x0648, 0x0648, 1}, {0x0671, 0x0673, 1}, {0x0675, 0x0677, 1}, {0x0688, 0x0699, 1},
	{0x06c0, 0x06c0, 1}, {0x06c3, 0x06cb, 1}, {0x06cd, 0x06cd, 1}, {0x06cf, 0x06cf, 1},
	{0x06d2, 0x06d3, 1}, {0x06d5, 0x06d5, 1}, {0x06ee, 0x06ef, 1}, {0x0759, 0x075b, 1},
	{0x076b, 0x076c, 1}, {0x0771, 0x0771, 1}, {0x0773, 0x0774, 1}, {0x0778, 0x0779, 1},
}}

// arabicNonJoining are the Arabic letters that join to neither side
// (hamza, high hamza: Joining_Type U) or only cause joins (tatweel, C),
// which RFC 5892's rule does not take.
var arabicNonJoining = &unicode.RangeTable{R16: []unicode.Range16{
	{0x0621, 0x0621, 1}, {0x0640, 0x0640, 1}, {0x0674, 0x0674, 1},
}}

// checkCardIDsVisible warns of each card id holding a character that
// prints as nothing or as a plain space (card-id-invisible), but for a
// joiner its script needs where it stands (joinerAllowed): the id reads
// as another, a client typing what it reads does not find the card, and
// two cards may show one id. The finding is at the first such character
// and names the card whose id this one reads as, if there is one.
// cards are the valid cards, docs their documents.
func checkCardIDsVisible(cards []*Card, docs []*doc, s *sink) {
	var byVisible map[string][]int
	for i, c := range cards {
		at := firstInvisible(c.ID)
		if at < 0 {
			continue
		}
		if byVisible == nil {
			byVisible = make(map[string][]int, len(cards))
			for k, o := range cards {
				key := CardIDKey(strings.TrimSpace(visibleID(o.ID)))
				byVisible[key] = append(byVisible[key], k)
			}
		}
		visible := strings.TrimSpace(visibleID(c.ID))
		also := ""
		for _, k := range byVisible[CardIDKey(visible)] {
			if k != i {
				also = fmt.Sprintf(", which %s's id reads as too", cards[k].Path)
				break
			}
		}
		r, _ := utf8.DecodeRuneInString(c.ID[at:])
		fix := fmt.Sprintf("write it in plain characters, %q", visible)
		if visible == "" {
			fix = "give the card an id of visible characters"
		}
		d := docs[i]
		s.atOffset(d.File, d.Src, stringSourceOffset(d.Src, d.Root.Get("id").Off, at), "/id", "card-id-invisible",
			"tool card id %s holds U+%04X (%s), which prints as nothing or as a plain space: the id reads as %q%s, and a client asking for that does not find this card; %s",
			strconv.QuoteToASCII(c.ID), r, invisibleName(r), visible, also, fix)
	}
}
