package search

import "unicode"

// BlankIntent reports whether intent holds nothing to search for: white
// space (Unicode's, as strings.TrimSpace reads it) and characters that
// print as nothing, alone: a format character (a zero width space U+200B,
// a joiner, the word joiner U+2060, the byte order mark U+FEFF, a
// bidirectional control, a soft hyphen), another default-ignorable one (a
// Hangul filler) or a variation selector. Such an intent, pasted from a
// web page or a chat, matches no card, and a caller refuses it as an empty
// one, with ErrEmptyIntent. A prepended concatenation mark (U+0600, the
// Arabic number sign) is a format character that prints, and is text.
func BlankIntent(intent string) bool {
	for _, r := range intent {
		if !unicode.IsSpace(r) && !printsAsNothing(r) {
			return false
		}
	}
	return true
}

// printsAsNothing reports whether r is a character BlankIntent passes over
// besides white space.
func printsAsNothing(r rune) bool {
	return unicode.In(r, unicode.Cf, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector) &&
		!unicode.Is(unicode.Prepended_Concatenation_Mark, r)
}
