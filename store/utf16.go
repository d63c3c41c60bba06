package store

import "github.com/capreg/capreg/validate/ojson"

// compareUTF16 orders strings the way JavaScript's default sort does: by
// UTF-16 code units. It equals byte order except that characters above U+FFFF
// (surrogate pairs, 0xD800…) sort before U+E000…U+FFFF. A lone surrogate
// kept from a JSON escape (in WTF-8, see ojson.Parse) is its own code unit.
func compareUTF16(a, b string) int {
	for a != "" && b != "" {
		ra, na := ojson.DecodeRune(a)
		rb, nb := ojson.DecodeRune(b)
		if ra != rb {
			ka, kb := utf16Key(ra), utf16Key(rb)
			if ka < kb {
				return -1
			}
			return 1
		}
		a, b = a[na:], b[nb:]
	}
	switch {
	case a == "" && b == "":
		return 0
	case a == "":
		return -1
	}
	return 1
}

// utf16Key maps a rune to its first UTF-16 code unit, with the rest of the
// rune as a tie-breaker.
func utf16Key(r rune) int64 {
	if r < 0x10000 {
		return int64(r) << 20
	}
	r -= 0x10000
	hi := 0xD800 + (r >> 10)
	return int64(hi)<<20 | int64(r&0x3FF)
}
