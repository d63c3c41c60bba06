package search

import (
	"unicode"
	"unicode/utf8"
)

// versionRun returns the bounds [i, j) of the first version string in s,
// or -1, -1: a "v" and two or three groups of digits of any script (see
// digitAt) joined by dots ("v2.4", "v2.4.0"), or three groups without it
// ("2.4.0"), with or without a pre-release or build suffix ("2.4.0-rc.1",
// "2.4.0-beta"), or two with a suffix that holds a digit ("2.4-rc1",
// "1.2+build.5"), bounded by the ends of s or runes that end a word (see
// identEdge): no dot before it, nor after it a dot before a letter or
// digit, and an apostrophe where it joins no word ("'Release 2.4.0'";
// see versionStarts, versionEnds). Two groups alone ("19.90", "3.12")
// are a price or a decimal as often as a release, and so are two with a
// word ("2.5-second", "3.5-inch": read as a version, "second" weighed as
// an aside); four or more ("10.40.3.17") are an address.
//
// A request names which release it means so, an argument of the tool as
// its own table is (see identRun), and the card of what it asks for need
// not hold that number: read as words, "2", "4", "0", "rc" and "1" of
// "make a draft prerelease for v2.4.0-rc.1" met a version-bump card's
// "go from rc.1 to rc.2" and "set the version to 3.0.0" and put it above
// the release card. A card that holds the same string holds it as its
// example's argument ("shipit tag v2.4.0"), so, unlike an identifier's,
// the words of a version weigh as an aside whatever the cards hold.
func versionRun(s string) (int, int) {
	for i := 0; i < len(s); i++ {
		d := i
		if s[i] == 'v' || s[i] == 'V' {
			d++
		}
		if digitAt(s, d) == 0 {
			continue
		}
		if !versionStarts(s, i) {
			continue
		}
		j := digitsEnd(s, d)
		groups := 1
		for j < len(s) && s[j] == '.' && digitAt(s, j+1) > 0 {
			j = digitsEnd(s, j+1)
			groups++
		}
		if groups < 2 || groups > 3 {
			i = j - 1
			continue
		}
		suffixDigit := false // a digit in the pre-release or build suffix
		for _, sep := range []byte{'-', '+'} {
			if j+1 < len(s) && s[j] == sep && isASCIIWordByte(s[j+1]) {
				j++
				for j < len(s) && (isASCIIWordByte(s[j]) || (s[j] == '.' || s[j] == '-') && j+1 < len(s) && isASCIIWordByte(s[j+1])) {
					suffixDigit = suffixDigit || isDigit(s[j])
					j++
				}
			}
		}
		if !versionEnds(s, j) {
			i = j - 1
			continue
		}
		if groups == 2 && d == i && !suffixDigit {
			i = j - 1
			continue
		}
		return i, j
	}
	return -1, -1
}

// versionStarts reports whether a version may start at s[i], a digit or
// a "v": at the start of s, or after a rune that ends a word but a dot, or
// after an apostrophe, which joins no word to a digit nor to anything
// when no word runs up to it ("'v2.4.0'", where "x'v2" is one word).
func versionStarts(s string, i int) bool {
	if i == 0 {
		return true
	}
	r, size := utf8.DecodeLastRuneInString(s[:i])
	if !isApostrophe(r) {
		return r != '.' && identEdge(r, size)
	}
	if digitAt(s, i) > 0 || i == size {
		return true
	}
	return identEdge(utf8.DecodeLastRuneInString(s[:i-size]))
}

// versionEnds reports whether a version may end at s[j]: at the end of
// s, or before a rune that ends a word (but a dot before a letter or a
// digit), or before an apostrophe no letter follows.
func versionEnds(s string, j int) bool {
	if j == len(s) {
		return true
	}
	r, size := utf8.DecodeRuneInString(s[j:])
	if isApostrophe(r) {
		return !letterAt(s, j+size)
	}
	return identEdge(r, size) && !(r == '.' && (letterAt(s, j+1) || digitAt(s, j+1) > 0))
}

// digitsEnd returns the end of the run of decimal digits at s[i:].
func digitsEnd(s string, i int) int {
	for n := digitAt(s, i); n > 0; n = digitAt(s, i) {
		i += n
	}
	return i
}

// digitAt returns the size of the decimal digit at s[i:], of any script
// (unicode.Nd, as the tokenizer reads them: "۲.۴.۰" is "2" "4" "0"), or
// 0 if none is there.
func digitAt(s string, i int) int {
	if i >= len(s) {
		return 0
	}
	if c := s[i]; c < utf8.RuneSelf {
		if isDigit(c) {
			return 1
		}
		return 0
	}
	if r, size := utf8.DecodeRuneInString(s[i:]); unicode.IsDigit(r) {
		return size
	}
	return 0
}
