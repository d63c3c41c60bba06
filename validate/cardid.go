package validate

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// invisibleInID reports whether r, in a card id, prints as nothing or as
// a plain space while being another character: a format character (zero
// width space, joiners, the byte order mark, bidirectional controls, soft
// hyphen), a default-ignorable one (Hangul fillers, the combining
// grapheme joiner), a variation selector, or a space other than U+0020
// (no-break space and its kin). The schema keeps only Unicode spaces from
// an id's ends.
func invisibleInID(r rune) bool {
	return unicode.In(r, unicode.Cf, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector) &&
		!unicode.Is(unicode.Prepended_Concatenation_Mark, r) ||
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
func visibleID(id string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case !invisibleInID(r):
			return r
		case unicode.Is(unicode.Zs, r) || r == '\u2800':
			return ' '
		}
		return -1
	}, id)
}

// checkCardIDsVisible warns of each card id holding a character that
// prints as nothing or as a plain space (card-id-invisible): the id reads
// as another, a client typing what it reads does not find the card, and
// two cards may show one id. The finding is at the first such character
// and names the card whose id this one reads as, if there is one.
// cards are the valid cards, docs their documents.
func checkCardIDsVisible(cards []*Card, docs []*doc, s *sink) {
	var byVisible map[string][]int
	for i, c := range cards {
		at := strings.IndexFunc(c.ID, invisibleInID)
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
