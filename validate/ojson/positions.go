package ojson

import (
	"sort"
	"unicode/utf8"
)

// Positions answers Position for many offsets of one source. Position scans
// the source from its start on every call, so placing d diagnostics in a file
// of n bytes costs O(d·n) with it; a Positions costs O(n) once and then
// O(log n) per offset. The source must not change while it is in use.
type Positions struct {
	src []byte
	bom bool
	nl  []int // offsets of the line ends: each '\n', and each '\r' not before one (see lineEnd)
	// marks are rune boundaries, as decoded from the start of their line,
	// about markEvery bytes apart, so a column is counted from the nearest
	// one instead of from the start of a long line.
	marks []mark
}

type mark struct {
	off   int
	runes int // code points from the start of off's line to off
}

const markEvery = 256

// NewPositions indexes src for Position.
func NewPositions(src []byte) *Positions {
	p := &Positions{src: src, bom: len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF}
	i := 0
	if p.bom {
		i = 3
	}
	runes, last := 0, i
	for i < len(src) {
		if lineEnd(src, i) {
			p.nl = append(p.nl, i)
			i++
			runes, last = 0, i
			continue
		}
		if i-last >= markEvery {
			p.marks = append(p.marks, mark{i, runes})
			last = i
		}
		// Decoding as chars does; no sequence spans a line end.
		n, _ := charLen(src[i:])
		i += n
		runes++
	}
	return p
}

// Position is Position(src, off) for the src p was built from.
func (p *Positions) Position(off int) (line, col int) {
	if off < 0 {
		return 0, 0
	}
	off = min(off, len(p.src))
	k := sort.SearchInts(p.nl, off) // the newlines before off
	lineStart := 0
	if k > 0 {
		lineStart = p.nl[k-1] + 1
	} else if p.bom && off >= 3 {
		lineStart = 3
	}
	from, runes := lineStart, 0
	if j := sort.Search(len(p.marks), func(j int) bool { return p.marks[j].off > off }); j > 0 {
		if m := p.marks[j-1]; m.off >= lineStart {
			from, runes = m.off, m.runes
		}
	}
	return k + 1, runes + chars(p.src[from:off]) + 1
}

// chars counts the characters of b as an editor decoding it shows them:
// each ill-formed sequence one U+FFFD per maximal subpart, as Parse reads
// it (see writeValid), where utf8.RuneCount counts one per byte, and a
// column after "\xe2\x80" was one past the editor's.
func chars(b []byte) int {
	if utf8.Valid(b) {
		return utf8.RuneCount(b)
	}
	count := 0
	for len(b) > 0 {
		n, _ := charLen(b)
		b = b[n:]
		count++
	}
	return count
}

// charLen is the length of the character b starts with, as chars counts
// and writeValid writes, and whether it is well-formed (else it is one
// maximal subpart of an ill-formed sequence, read as U+FFFD).
func charLen(b []byte) (n int, ok bool) {
	if r, n := utf8.DecodeRune(b); r != utf8.RuneError || n > 1 {
		return n, true
	}
	return maximalSubpart(b), false
}

// InvalidUTF8 is the offset of the first byte of src that is not UTF-8,
// or -1. Parse reads such a byte as U+FFFD, as Node does; JSON text is
// UTF-8 (RFC 8259 §8.1), so a caller that must refuse it asks here.
func InvalidUTF8(src []byte) int {
	for off := 0; off < len(src); {
		r, n := utf8.DecodeRune(src[off:])
		if r == utf8.RuneError && n == 1 {
			return off
		}
		off += n
	}
	return -1
}
