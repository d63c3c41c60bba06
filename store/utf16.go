package store

import (
	"unicode/utf16"
	"unicode/utf8"

	"github.com/capreg/capreg/validate/ojson"
)

// compareUTF16 orders strings the way JavaScript's default sort does: by
// UTF-16 code units. It equals byte order except that characters above U+FFFF
// (surrogate pairs, 0xD800…) sort before U+E000…U+FFFF. A lone surrogate
// kept from a JSON escape (in WTF-8, see ojson.Parse) is its own code unit,
// and what follows it is compared with the second unit of a pair that
// begins with the same one ("\ud800x" before U+10000, "\ud800\ue000" after).
//
// ASCII, which ids and names nearly always are, is compared byte by byte
// without decoding: sorting 10,000 ids decoded every character.
func compareUTF16(a, b string) int {
	var pa, pb uint16 // the second unit of a pair decoded, still to compare
	for {
		if pa == 0 && pb == 0 && a != "" && b != "" && a[0] < utf8.RuneSelf && b[0] < utf8.RuneSelf {
			switch {
			case a[0] < b[0]:
				return -1
			case a[0] > b[0]:
				return 1
			}
			a, b = a[1:], b[1:]
			continue
		}
		ua, oka := nextUnit(&a, &pa)
		ub, okb := nextUnit(&b, &pb)
		switch {
		case !oka && !okb:
			return 0
		case !oka:
			return -1
		case !okb:
			return 1
		case ua < ub:
			return -1
		case ua > ub:
			return 1
		}
	}
}

// nextUnit takes the next UTF-16 code unit of *s: pending, the second
// unit of the pair last taken, if any, else the first of the next
// character, setting pending when it has two; false at the end.
func nextUnit(s *string, pending *uint16) (uint16, bool) {
	if u := *pending; u != 0 {
		*pending = 0
		return u, true
	}
	if *s == "" {
		return 0, false
	}
	r, n := ojson.DecodeRune(*s)
	*s = (*s)[n:]
	if r < 0x10000 {
		return uint16(r), true
	}
	hi, lo := utf16.EncodeRune(r)
	*pending = uint16(lo)
	return uint16(hi), true
}

// CompareIDs orders ids as every generated artifact lists them, as
// JavaScript's default sort does (by UTF-16 code units), so that a listing
// served in pages (GET /tools) comes in the order of tool-index.json; GET
// /config-keys sorts its keys by it too.
func CompareIDs(a, b string) int { return compareUTF16(a, b) }
