// Package casefold compares names without their case, as Unicode's simple
// case folding does: the did-you-means of validate and of the HTTP API
// read a name so, as search reads the words of a request.
//
// strings.ToLower, which they used, keeps the Greek final sigma "ς" apart
// from "σ", so "ΛΟΓΟΣ" (typed in capitals, lower-cased to "λογοσ") was
// not the id "λογος"; folding reads the two, and "Σ", as one letter, and
// "ſ" as "s", "µ" as "μ", as strings.EqualFold does. Only the simple
// folding: "ß" is not "ss". The Turkish dotless "ı" stays a letter of its
// own (its capital "I" is "i"'s); the dotted capital "İ" is read as "i",
// as strings.ToLower and search read it, though folding leaves it be.
package casefold

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Rune is r folded: one letter for all the letters of its case
// (unicode.SimpleFold's orbit), the lower case of their capital ("σ" for
// "ς", "σ" and "Σ"); "ı" itself, and "i" for "İ". That is r's lower case
// but for the few letters foldsAside names, whose capital's lower case is
// another letter: one table look-up a letter, as unicode.ToLower, so that
// search folds every letter of each card and request with it too (the
// lower case of r's capital, two look-ups, made it keep its own folding).
func Rune(r rune) rune {
	if r < utf8.RuneSelf {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}
	l := unicode.ToLower(r)
	if l == r && foldsAside(r) {
		return unicode.ToLower(unicode.ToUpper(r))
	}
	return l
}

// foldsAside reports whether r is its own lower case, but its capital's
// lower case is another letter: the Greek final sigma and symbol forms
// ("ς", "ϐ", "ϑ", "ϕ", "ϖ", "ϰ", "ϱ", "ϵ"), the iota subscript and
// prosgegrammeni, the micro sign, the long s, with a dot too, and the
// historic Cyrillic variants. These are the members of the case orbits of
// three letters or more (unicode.SimpleFold's) that no capital lower-cases
// to, but "ı", whose capital "I" is "i"'s, kept a letter of its own.
// TestRuneIsLowerOfCapital holds the list to Go's Unicode tables.
func foldsAside(r rune) bool {
	switch r {
	case 'µ', 'ſ', '\u0345', 'ς', 'ϐ', 'ϑ', 'ϕ', 'ϖ', 'ϰ', 'ϱ', 'ϵ', 'ẛ', '\u1fbe',
		'ᲀ', 'ᲁ', 'ᲂ', 'ᲃ', 'ᲄ', 'ᲅ', 'ᲆ', 'ᲇ', 'ᲈ':
		return true
	}
	return false
}

// String is s with each letter folded (Rune); s itself, not copied, when
// no letter changes. Bytes that are not UTF-8 are kept.
func String(s string) string {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				return fold(s, i)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if Rune(r) != r {
			return fold(s, i)
		}
		i += n
	}
	return s
}

// fold is s folded from the byte at i, the first that changes.
func fold(s string, i int) string {
	var b strings.Builder
	b.Grow(len(s) + utf8.UTFMax)
	b.WriteString(s[:i])
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteByte(s[i]) // kept, as where nothing changes
		} else {
			b.WriteRune(Rune(r))
		}
		i += n
	}
	return b.String()
}
