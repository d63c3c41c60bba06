package search

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"unicode/utf8"
)

// deleteIndex finds the vocabulary terms that a string is a single-rune
// deletion of (typo.go). It keeps term ids in hash buckets, not the
// deletions themselves: a map from each deletion string to its terms cost
// the square of a term's length (one 20,000-letter word kept 412 MB live),
// and 73 MB for the 2.5 million deletions of a card of 400,000 distinct
// words, which these buckets hold in 19 MB. A bucket mixes deletions
// whose hashes share their low bits; a 16-bit fingerprint of the rest of
// the hash passes over nearly all the others, and a look-up checks each
// term that passes (isDeletionOf). The terms of a bucket are in id order,
// so the terms that pass are those the map listed, in its order.
type deleteIndex struct {
	// self: each word is indexed under its own hash too, not only its
	// deletions, so that a look-up of a word with one rune too many finds
	// it (see surfaceIndex).
	self  bool
	h     polyHash
	mask  uint64
	off   []int32 // the entries of bucket b are off[b] to off[b+1]-1
	terms []int32
	fps   []uint16 // fingerprint of the deletion of each entry
}

// fingerprint is the bits of a hash that no bucket index uses (the hash
// is under 2^61, the buckets far fewer than 2^45).
func fingerprint(h uint64) uint16 { return uint16(h >> 45) }

// candidates calls fn, in id order, for each term in the bucket of hash h
// whose deletion has h's fingerprint; the same term may come twice in a
// row, for two of its deletions.
func (d *deleteIndex) candidates(h uint64, fn func(t int32)) {
	if len(d.off) == 0 {
		return
	}
	b, fp := h&d.mask, fingerprint(h)
	for e := d.off[b]; e < d.off[b+1]; e++ {
		if d.fps[e] == fp {
			fn(d.terms[e])
		}
	}
}

// newDeleteIndex indexes the single-rune deletions of the terms of vocab
// for which keep is true. It hashes every deletion twice (to count those
// of each part of the buckets, and to fill them) rather than hold them
// all.
func newDeleteIndex(vocab []string, keep func(string) bool) deleteIndex {
	return newDeleteIndexOf(vocab, keep, false)
}

// newDeleteIndexOf is newDeleteIndex, with each word's own hash indexed too
// when self is set.
//
// It fills the buckets a part at a time (partSpan buckets): a first pass
// counts the entries of each part, a second writes them, in term order,
// to their part's place in terms and fps with the bucket of each, and
// each part is then sorted by bucket, stably, within a few hundred
// kilobytes. Writing each entry straight to its bucket, with a third pass
// to count the buckets, made three scattered writes an entry over the
// whole index: 1.3 s of Build for the 9 million deletions of 1,000 cards
// of 8 KiB of distinct words (BenchmarkBuildDistinctWords), a fifth of it.
// The entries come out in the same places; the bucket of each entry is
// held meanwhile, 2 bytes an entry.
func newDeleteIndexOf(vocab []string, keep func(string) bool, self bool) deleteIndex {
	d := deleteIndex{h: newPolyHash(), self: self}
	n := 0
	for _, v := range vocab {
		if keep(v) {
			n += deletionCount(v, self)
		}
	}
	if n == 0 {
		return d
	}
	// About four entries a bucket: the offsets cost a byte an entry.
	buckets := 1 << bits.Len(uint(max(n/4, 1)))
	d.mask = uint64(buckets - 1)
	span := min(buckets, partSpan)
	shift := bits.TrailingZeros(uint(span))
	parts := buckets / span
	start := make([]int32, parts+1) // part p's entries are start[p] to start[p+1]-1
	d.forEach(vocab, keep, func(_ int32, h uint64) { start[h&d.mask>>shift+1]++ })
	for p := 1; p < len(start); p++ {
		start[p] += start[p-1]
	}
	if int(start[parts]) != n {
		panic(fmt.Sprintf("search: %d deletions hashed, %d counted", start[parts], n))
	}
	next := slices.Clone(start[:parts])
	d.terms, d.fps = make([]int32, n), make([]uint16, n)
	at := make([]uint16, n) // each entry's bucket in its part
	d.forEach(vocab, keep, func(t int32, h uint64) {
		b := h & d.mask
		e := next[b>>shift]
		d.terms[e], d.fps[e], at[e] = t, fingerprint(h), uint16(b&uint64(span-1))
		next[b>>shift]++
	})
	d.off = make([]int32, buckets+1)
	most := 0
	for p := range parts {
		most = max(most, int(start[p+1]-start[p]))
	}
	terms, fps := make([]int32, most), make([]uint16, most)
	for p := range parts {
		lo, hi := start[p], start[p+1]
		off := d.off[p*span : (p+1)*span+1]
		off[0] = lo
		for _, b := range at[lo:hi] {
			off[int(b)+1]++
		}
		for b := 1; b < len(off); b++ {
			off[b] += off[b-1]
		}
		// off[b] is bucket b's next entry while they are placed, then
		// its end, the start of bucket b+1: off[b-1] is its start again.
		copy(terms, d.terms[lo:hi])
		copy(fps, d.fps[lo:hi])
		for i, b := range at[lo:hi] {
			e := off[b]
			d.terms[e], d.fps[e] = terms[i], fps[i]
			off[b]++
		}
		copy(off[1:], off[:span])
		off[0] = lo
	}
	return d
}

// partSpan is the buckets of a deletion index filled at a time: a part's
// entries, about four a bucket of 6 bytes each, and its offsets take
// about 500 KB. A bucket's place in its part is held in 16 bits.
const partSpan = 1 << 14

// deletionCount is the number of hashes forEach gives word v: one a
// rune, but for a rune equal to the one before it (see deletions), and
// one more when self is set.
func deletionCount(v string, self bool) int {
	n := 0
	if self {
		n++
	}
	prev := ""
	for i := 0; i < len(v); {
		_, size := utf8.DecodeRuneInString(v[i:])
		if r := v[i : i+size]; r != prev {
			prev = r
			n++
		}
		i += size
	}
	return n
}

// forEach calls fn with the hash of each distinct single-rune deletion of
// each kept term of vocab, in term order.
func (d *deleteIndex) forEach(vocab []string, keep func(string) bool, fn func(t int32, h uint64)) {
	for t, v := range vocab {
		if keep(v) {
			if d.self {
				fn(int32(t), sum(d.h, v))
			}
			d.h.deletions(v, func(_, _ int, h uint64) { fn(int32(t), h) })
		}
	}
}

// isDeletionOf reports whether k is v with one rune removed.
func isDeletionOf[S ~string | ~[]byte](v string, k S) bool {
	d := len(v) - len(k)
	if d < 1 || d > utf8.UTFMax {
		return false
	}
	pre := 0 // v and k agree on their first pre bytes
	for pre < len(k) && v[pre] == k[pre] {
		pre++
	}
	suf := 0 // and on their last suf bytes
	for suf < len(k) && v[len(v)-1-suf] == k[len(k)-1-suf] {
		suf++
	}
	// Removing the rune of v at j leaves k when v[:j] == k[:j] and
	// v[j+d:] == k[j:], that is j <= pre and j >= len(k)-suf.
	for j := 0; j <= pre; {
		_, size := utf8.DecodeRuneInString(v[j:])
		if j >= len(k)-suf && size == d {
			return true
		}
		j += size
	}
	return false
}

// polyHash is a polynomial hash of byte strings modulo the prime 2^61-1,
// with a random base: the hash of a string less one of its runes follows
// from the hash of its prefixes in constant time, so all the deletions of
// a word cost time linear in its length, and no card can be written to
// make its deletions collide.
type polyHash struct {
	base, inv uint64 // inv*base = 1
}

const mersenne61 = 1<<61 - 1

func newPolyHash() polyHash {
	b := 256 + rand.Uint64N(mersenne61-512)
	return polyHash{base: b, inv: powMod(b, mersenne61-2)}
}

// mulMod is a*b modulo 2^61-1, for a, b below it.
func mulMod(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	r := (hi<<3 | lo>>61) + lo&mersenne61
	if r >= mersenne61 {
		r -= mersenne61
	}
	return r
}

func addMod(a, b uint64) uint64 {
	r := a + b
	if r >= mersenne61 {
		r -= mersenne61
	}
	return r
}

func subMod(a, b uint64) uint64 { return addMod(a, mersenne61-b) }

// powMod is b^e modulo 2^61-1.
func powMod(b, e uint64) uint64 {
	r := uint64(1)
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = mulMod(r, b)
		}
		b = mulMod(b, b)
	}
	return r
}

// sum is the hash of s.
func sum[S ~string | ~[]byte](p polyHash, s S) uint64 {
	var h uint64
	for i := 0; i < len(s); i++ {
		h = addMod(mulMod(h, p.base), uint64(s[i]))
	}
	return h
}

// deletions calls fn with the byte offset and size of each rune of s and
// the hash of s without it, skipping a rune equal to the one before it,
// whose removal leaves the same string.
func (p polyHash) deletions(s string, fn func(i, size int, h uint64)) {
	whole := sum(p, s)
	// At offset i: pre is the hash of s[:i], pow is base^(len(s)-i), and
	// whole = pre*pow + hash(s[i:]).
	pre, pow := uint64(0), powMod(p.base, uint64(len(s)))
	prev := ""
	for i := 0; i < len(s); {
		_, size := utf8.DecodeRuneInString(s[i:])
		next, npow := pre, pow
		for j := i; j < i+size; j++ {
			next = addMod(mulMod(next, p.base), uint64(s[j]))
			npow = mulMod(npow, p.inv)
		}
		if r := s[i : i+size]; r != prev {
			prev = r
			// The hash without s[i:i+size] is pre*npow + hash(s[i+size:])
			// = whole - (next - pre)*npow.
			fn(i, size, subMod(whole, mulMod(subMod(next, pre), npow)))
		}
		pre, pow = next, npow
		i += size
	}
}
