package ojson

import (
	"strconv"
	"strings"
)

// parseNumber returns the double nearest to a number literal, as JSON.parse
// reads it, with strconv.ParseFloat's error (ErrRange with ±Inf past the
// largest double, ErrSyntax for what is not a number).
//
// strconv.ParseFloat alone is not exact for long literals: when its fast
// paths give up it counts at most 800 digits before the point, so
// "1" + 800 zeros + "e-800" is 0.1 to it and 1 to JavaScript, and it stops
// reading an exponent past 10,000, which a long run of zeros can make up
// for ("1" + 20,000 zeros + "e-20000" is 0 to it). A literal too short for
// either is read as it is; a longer one is first rewritten as
// 0.DIGITSeEXP, with only its significant digits and its exponent worked
// out exactly, which ParseFloat reads exactly.
func parseNumber(lit string) (float64, error) {
	if len(lit) > maxPlainLiteral {
		if n, ok := normalizeNumber(lit); ok {
			lit = n
		}
	}
	return strconv.ParseFloat(lit, 64)
}

// maxPlainLiteral is the longest literal parseNumber leaves as it is: it
// cannot hold more than 800 digits before its point, and an exponent
// ParseFloat stops reading (10,000 and more) leaves no more than 800
// digits far outside the doubles.
const maxPlainLiteral = 800

// normalizeNumber rewrites a JSON number literal as [-]0.DIGITSeEXP, where
// DIGITS starts and ends with a nonzero digit, or as [-]0 for a zero. It
// reports false for what is not a JSON number.
func normalizeNumber(lit string) (string, bool) {
	sign := ""
	if strings.HasPrefix(lit, "-") {
		sign, lit = "-", lit[1:]
	}
	mant, exp := lit, ""
	if i := strings.IndexAny(lit, "eE"); i >= 0 {
		mant, exp = lit[:i], lit[i+1:]
	}
	whole, frac, dot := strings.Cut(mant, ".")
	e, ok := exponent(exp, mant != lit)
	if !ok || !isDigits(whole) || (dot && !isDigits(frac)) {
		return "", false
	}
	digits := whole + frac
	significant := strings.TrimLeft(digits, "0")
	// The value is 0.significant × 10^point, and every leading zero moves
	// the point left by one.
	point := int64(len(whole)-(len(digits)-len(significant))) + e
	significant = strings.TrimRight(significant, "0")
	if significant == "" {
		return sign + "0", true
	}
	// Far past the doubles either way the digits no longer matter, and a
	// short exponent is one ParseFloat reads whole.
	point = min(max(point, -1000), 1000)
	return sign + "0." + significant + "e" + strconv.FormatInt(point, 10), true
}

// exponent reads the exponent of a number literal, if it has one (present),
// saturating far beyond any value that a literal of a few gigabytes could
// bring back among the doubles.
func exponent(s string, present bool) (int64, bool) {
	if !present {
		return 0, true
	}
	neg := false
	switch {
	case strings.HasPrefix(s, "-"):
		neg, s = true, s[1:]
	case strings.HasPrefix(s, "+"):
		s = s[1:]
	}
	if !isDigits(s) {
		return 0, false
	}
	const limit = 1 << 40
	var e int64
	for i := 0; i < len(s) && e < limit; i++ {
		e = e*10 + int64(s[i]-'0')
	}
	if neg {
		e = -e
	}
	return e, true
}

// isDigits reports whether s is one or more ASCII digits.
func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
