package store

import (
	"unicode/utf8"

	"github.com/capreg/capreg/validate/ojson"
)

// compareUTF16 orders strings the way JavaScript's default sort does: by
// UTF-16 code units. It equals byte order except that characters above U+FFFF
// (surrogate pairs, 0xD800…) sort before U+E000…U+FFFF. A lone surrogate
// kept from a JSON escape (in WTF-8, see ojson.Parse) is its own code unit.
//
// ASCII, which ids and names nearly always are, is compared byte by byte
// without decoding: sorting 10,000 ids decoded every character.
func compareUTF16(a, b string) int {
	for a != "" && b != "" {
		if a[0] < utf8.RuneSelf && b[0] < utf8.RuneSelf {
			switch {
			case a[0] < b[0]:
				return -1
			case a[0] > b[0]:
				return 1
			}
			a, b = a[1:], b[1:]
			continue
		}
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
