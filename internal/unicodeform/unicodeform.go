// Package unicodeform composes names and names the Unicode form they are
// written in, for the did-you-means of validate and render: "é" may be
// written composed (NFC, one code point, as most keyboards type it) or
// decomposed (NFD, an "e" then a combining acute accent, as macOS may
// save a file's name), and the two print alike though they differ in
// bytes, which gsd-core compares. Names are compared composed, and a
// suggestion that prints the same as the name written says how each is
// written. It also tells the characters that print as nothing
// (PrintsAsNothing), which a name, an intent or a line may hold unseen.
package unicodeform

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// NFC is s in Unicode's composed form; ASCII is its own, without a copy.
func NFC(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return norm.NFC.String(s)
		}
	}
	return s
}

// Name names the form s is written in: "composed (NFC)", "decomposed
// (NFD: …)", "partly decomposed" (some letters decomposed, as NFC would
// compose them, others not), or, for a name in neither form with no
// letter decomposed, "in neither form (…)": "\u0958", which both forms
// write as two code points, or accents out of their canonical order, is
// not partly decomposed.
func Name(s string) string {
	switch {
	case norm.NFC.IsNormalString(s):
		return "composed (NFC)"
	case norm.NFD.IsNormalString(s):
		return "decomposed (NFD: a letter, then its accent, as macOS may save it)"
	}
	for rest := s; rest != ""; {
		n := norm.NFC.NextBoundaryInString(rest, true)
		if n <= 0 {
			n = len(rest)
		}
		if seg := rest[:n]; norm.NFD.IsNormalString(seg) && !norm.NFC.IsNormalString(seg) {
			return "partly decomposed"
		}
		rest = rest[n:]
	}
	return "in neither form (NFC and NFD both write some of its letters otherwise)"
}

// AppendNFC appends s composed (NFC) to dst; ASCII as it is.
func AppendNFC(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return norm.NFC.AppendString(dst, s)
		}
	}
	return append(dst, s...)
}

// PrintsAsNothing reports whether r prints as nothing: a format character
// (a zero width space U+200B, a joiner, the word joiner U+2060, the byte
// order mark U+FEFF, a bidirectional control, a soft hyphen), another
// default-ignorable one (a Hangul filler, the combining grapheme joiner)
// or a variation selector; but not a prepended concatenation mark (U+0600,
// the Arabic number sign), a format character that prints.
func PrintsAsNothing(r rune) bool {
	return unicode.In(r, unicode.Cf, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector) &&
		!unicode.Is(unicode.Prepended_Concatenation_Mark, r)
}
