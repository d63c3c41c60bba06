package search

// momentRun returns the bounds [i, j) of the first date or time of day in
// s, or -1, -1: a date ("2026-12-07"), a date and a time joined by a "T"
// or a space ("2026-12-07T03:14:22.481Z", "2026-12-07 03:14"), or a time
// alone ("03:12", "3:05", "03:02:11.123456"), its seconds with a
// fraction, and a "Z" or an offset after the time ("+02:00", "-0500"),
// or an "am" or "pm" ("3:05pm", "3:05 PM"), bounded by the ends of s,
// brackets or runes that end a word (see identEdge), but not a "." or
// ":" before it, nor one before a digit after it (see momentStarts,
// momentEnds): "nginx:12:30", "10.0.12:30" and "12:30:45:99" are none,
// nor numbers no clock or calendar shows ("25:99", "2026-13-45").
//
// A request pastes a log line, an alert or an error with the moment it
// happened, and names the moment it means ("rolled back at 03:12"), as it
// names a release (see versionRun): its numbers are not the need. Read as
// words, "2026", "12" and "03" met the dates and times of cards'
// examples ("--at 2026-12-24T22:00", "note that we rolled back at
// 03:12"). So a moment's words weigh as an aside whatever the cards
// hold, as a version's do; they are the words Analyze reads ("07t03" and
// "481z" of "2026-12-07T03:14:22.481Z", which no typo correction makes
// another number, see editsDigit).
func momentRun(s string) (int, int) {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) || !momentStarts(s, i) {
			continue
		}
		j := dateEnd(s, i)
		if j > i {
			if j+1 < len(s) && (s[j] == 'T' || s[j] == 't' || s[j] == ' ') {
				if k := timeEnd(s, j+1); k > j+1 {
					j = k
				}
			}
		} else if j = timeEnd(s, i); j < 0 {
			i = digitsEnd(s, i) - 1
			continue
		}
		if !momentEnds(s, j) {
			i = j - 1
			continue
		}
		return i, j
	}
	return -1, -1
}

// dateEnd returns the end of the date (four digits, "-", two, "-", two:
// a month 01 to 12 and a day 01 to 31) at s[i:], or -1.
func dateEnd(s string, i int) int {
	if !digitsAt(s, i, 4) || !byteAt(s, i+4, '-') || !digitsAt(s, i+5, 2) || !byteAt(s, i+7, '-') || !digitsAt(s, i+8, 2) {
		return -1
	}
	if m, d := twoDigits(s, i+5), twoDigits(s, i+8); m < 1 || m > 12 || d < 1 || d > 31 {
		return -1 // "2026-13-45" is no date
	}
	return i + 10
}

// timeEnd returns the end of the time of day at s[i:] (one or two digits
// of hours to 24, ":", two of minutes to 59, and optionally ":", two of
// seconds to 60, and a fraction after a "." or ","), with a "Z" or an
// offset after it, or "am" or "pm" after it or a space, or -1.
func timeEnd(s string, i int) int {
	h := 1
	if digitsAt(s, i, 2) {
		h = 2
	}
	if !digitsAt(s, i, h) || !byteAt(s, i+h, ':') || !digitsAt(s, i+h+1, 2) {
		return -1
	}
	if h == 2 && twoDigits(s, i) > 24 || twoDigits(s, i+h+1) > 59 {
		return -1 // "25:99" is no time of day
	}
	j := i + h + 3
	if byteAt(s, j, ':') && digitsAt(s, j+1, 2) && twoDigits(s, j+1) <= 60 {
		j += 3
		if (byteAt(s, j, '.') || byteAt(s, j, ',')) && digitsAt(s, j+1, 1) {
			j = asciiDigitsEnd(s, j+1)
		}
	}
	// "12:30pm", "3:05 PM": the "pm" is the time's, not a word of the
	// need (a card's "PM", a postmortem), when no letter runs on.
	k := j
	if byteAt(s, k, ' ') {
		k++
	}
	if k+1 < len(s) && (s[k]|0x20 == 'a' || s[k]|0x20 == 'p') && s[k+1]|0x20 == 'm' && momentEnds(s, k+2) {
		return k + 2
	}
	switch {
	case byteAt(s, j, 'Z') || byteAt(s, j, 'z'):
		j++
	case (byteAt(s, j, '+') || byteAt(s, j, '-')) && digitsAt(s, j+1, 2):
		switch {
		case byteAt(s, j+3, ':') && digitsAt(s, j+4, 2):
			j += 6
		case digitsAt(s, j+3, 2):
			j += 5
		default:
			j += 3
		}
	}
	return j
}

// momentStarts reports whether a date or time may start at s[i], a
// digit: where a version may (versionStarts) but after a ":", or after a
// "[", which a log line puts around its moment ("[03:14:22,481]"): no
// word runs across a moment's ":" or "-", so the bracket wraps no word
// (see bracketWordEnd) and the words are the same read apart.
func momentStarts(s string, i int) bool {
	if i > 0 && s[i-1] == '[' {
		return true
	}
	return versionStarts(s, i) && (i == 0 || s[i-1] != ':')
}

// momentEnds reports whether a date or time may end at s[j]: at the end
// of s, or before a rune that ends a word but a ":" or "." before a digit
// (a longer run of numbers, an address or a version); a "." before a
// letter ends it, as a file's name puts its date before its extension
// ("app-2026-12-07.log"), where a version's does not (see versionEnds).
func momentEnds(s string, j int) bool {
	if j == len(s) {
		return true
	}
	if (s[j] == ':' || s[j] == '.') && j+1 < len(s) && isDigit(s[j+1]) {
		return false
	}
	if s[j] == ']' || s[j] == '.' {
		return true
	}
	return versionEnds(s, j)
}

// twoDigits is the number s[i:i+2], two ASCII digits.
func twoDigits(s string, i int) int { return 10*int(s[i]-'0') + int(s[i+1]-'0') }

// digitsAt reports whether s[i:i+n] are n ASCII digits.
func digitsAt(s string, i, n int) bool {
	if i < 0 || i+n > len(s) {
		return false
	}
	for k := i; k < i+n; k++ {
		if !isDigit(s[k]) {
			return false
		}
	}
	return true
}

// asciiDigitsEnd returns the end of the run of ASCII digits at s[i:].
func asciiDigitsEnd(s string, i int) int {
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i
}

func byteAt(s string, i int, c byte) bool { return i < len(s) && s[i] == c }
