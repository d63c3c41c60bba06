package validate

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// checkCardText warns of a card's fields that the schema passes but that
// do not do what the field is for (tool-capability-cards.md): a summary
// of more than one line (card-summary-lines). c is the card as the schema
// passed it; the findings are at the field's value.
func checkCardText(d *doc, c *Card, s *sink) {
	checkCardSummary(d, c, s)
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
