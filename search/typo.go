package search

import (
	"cmp"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// minTypoLen is the shortest query word (in runes, after stemming) that is
// corrected when it is not in the vocabulary. Shorter words have too many
// neighbours one edit away for a correction to be trusted; only a swap of
// two neighbouring letters is corrected in a word of swapLen runes
// (addSwapTypos).
const minTypoLen = 5

// swapLen is the length, in runes, of the query words addSwapTypos
// corrects. A word of three letters is not: in a request it is mostly an
// acronym or a tool's name, and a swap changes two of its three letters
// into another ("lts" into "tls", "aks" into "ask", "cal" into "acl",
// "dsn" into "dns"), which put unrelated cards in the answer to intents
// no card answers.
const swapLen = minTypoLen - 1

// buildDeletes indexes every single-rune deletion of each vocabulary term
// long enough to be a correction target. A query word q and a term v are one
// edit apart (insertion, deletion, substitution or adjacent transposition)
// only if q == v minus a rune, v == q minus a rune, or both minus a rune
// agree, so candidates come from a few look-ups instead of a scan.
func (ix *Index) buildDeletes() {
	for _, v := range ix.vocab {
		ix.maxTermLen = max(ix.maxTermLen, len(v))
	}
	ix.deletes = newDeleteIndex(ix.vocab, func(v string) bool {
		return utf8.RuneCountInString(v) >= minTypoLen-1
	})
}

// addTypoTerms adds, at the typo discount, every vocabulary term one edit
// away from the out-of-vocabulary stem q (addTypoCands). It reports whether
// there was one.
func (ix *Index) addTypoTerms(s *scratch, q string) bool {
	if ix.p.typoWeight <= 0 || utf8.RuneCountInString(q) < minTypoLen || len(q) > ix.maxTermLen+utf8.UTFMax {
		return false // also bounds the work, quadratic in len(q), for a very long word
	}
	s.cands = s.cands[:0]
	add := func(t int32) {
		if !containsTerm(s.cands, t) && editDistanceOne(q, ix.vocab[t]) && !editsDigit(q, ix.vocab[t]) {
			s.cands = append(s.cands, t)
		}
	}
	// v == q minus a rune: q has an extra rune.
	// q minus a rune == v minus a rune: substitution or transposition.
	ix.deletes.h.deletions(q, func(i, size int, h uint64) {
		s.buf = append(append(s.buf[:0], q[:i]...), q[i+size:]...)
		if t, ok := ix.terms.getBytes(ix.vocab, s.buf); ok {
			add(t)
		}
		ix.deletes.candidates(h, func(t int32) {
			if isDeletionOf(ix.vocab[t], s.buf) {
				add(t)
			}
		})
	})
	// q == v minus a rune: q lacks a rune.
	ix.deletes.candidates(sum(ix.deletes.h, q), func(t int32) {
		if isDeletionOf(ix.vocab[t], q) {
			add(t)
		}
	})
	return ix.addTypoCands(s)
}

// addTypoCands adds the corrections in s.cands, sharing the typo discount
// so that an ambiguous correction does not outweigh a clear one, and
// reports whether there was one.
func (ix *Index) addTypoCands(s *scratch) bool {
	if len(s.cands) == 0 {
		return false
	}
	w := float32(ix.p.typoWeight) / float32(len(s.cands))
	for _, t := range s.cands {
		s.addTerm(t, w, kindFuzzy)
	}
	return true
}

// correctTypo adds the corrections of an unknown query word w of stem st:
// of the stem, else of the word as typed against the terms, else against
// the cards' words as written (see surfaceIndex). A typo may change what
// the stemmer cuts: "depoly" stems to "depoli", two edits from "deploy",
// which is one from the word. It reports whether there was one.
func (ix *Index) correctTypo(s *scratch, st, w string) bool {
	return ix.addTypoTerms(s, st) || w != st && ix.addTypoTerms(s, w) || ix.addSurfaceTypos(s, w) || ix.addSwapTypos(s, w)
}

// addSwapTypos adds, at the typo discount, the terms of the words that a
// swap of two neighbouring letters makes of w, a query word of swapLen
// runes ("paeg" for "page", "fiel" for "file"): any edit of so short a
// word reaches too many words, but a swap reaches few, and it is the
// commonest slip of a fast typist. It reports whether there was one.
func (ix *Index) addSwapTypos(s *scratch, w string) bool {
	r := []rune(w)
	if ix.p.typoWeight <= 0 || len(r) != swapLen {
		return false
	}
	s.cands = s.cands[:0]
	for i := 0; i+1 < len(r); i++ {
		if r[i] == r[i+1] || !unicode.IsLetter(r[i]) || !unicode.IsLetter(r[i+1]) {
			continue // digits swapped make another number, "8008" of "8080"
		}
		r[i], r[i+1] = r[i+1], r[i]
		if sw := string(r); keepToken(sw) {
			if t, ok := ix.indexedTerm(stem(sw)); ok && !containsTerm(s.cands, t) {
				s.cands = append(s.cands, t)
			}
		}
		r[i], r[i+1] = r[i+1], r[i]
	}
	return ix.addTypoCands(s)
}

// editDistanceOne reports whether a and b differ by exactly one insertion,
// deletion, substitution or transposition of adjacent runes.
func editDistanceOne(a, b string) bool {
	if a == b {
		return false
	}
	ra, rb := []rune(a), []rune(b)
	if len(ra) < len(rb) {
		ra, rb = rb, ra
	}
	switch len(ra) - len(rb) {
	case 0:
		i := 0
		for i < len(ra) && ra[i] == rb[i] {
			i++
		}
		if i == len(ra) {
			return false // different bytes, the same runes: "\xff" and "\xfe" are both U+FFFD
		}
		if equalRunes(ra[i+1:], rb[i+1:]) {
			return true // substitution
		}
		return i+1 < len(ra) && ra[i] == rb[i+1] && ra[i+1] == rb[i] &&
			equalRunes(ra[i+2:], rb[i+2:]) // transposition
	case 1:
		i := 0
		for i < len(rb) && ra[i] == rb[i] {
			i++
		}
		return equalRunes(ra[i+1:], rb[i:])
	}
	return false
}

// editsDigit reports whether a and b, words one edit apart
// (editDistanceOne), hold other numbers (runs of digits): the edit adds,
// drops or changes a digit, or swaps two. "http3" is not "http2"
// mistyped, nor "30000ms" "3000ms", nor the "07t03" of a timestamp the
// "07t09" of a card's example, but another number, as a swap of two
// digits makes another (see addSwapTypos). A digit swapped with a letter
// beside it leaves its number as it was: "pytho3n" is "python3"
// mistyped.
func editsDigit(a, b string) bool {
	for {
		var na, nb string
		na, a = nextNumber(a)
		nb, b = nextNumber(b)
		if na != nb {
			return true
		}
		if na == "" {
			return false
		}
	}
}

// nextNumber returns the first run of digits in s, and what follows it.
func nextNumber(s string) (num, rest string) {
	i := strings.IndexFunc(s, unicode.IsDigit)
	if i < 0 {
		return "", ""
	}
	j := digitsEnd(s, i)
	return s[i:j], s[j:]
}

func equalRunes(a, b []rune) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// buildSorted records the vocabulary in lexical order for prefix look-ups.
// It sorts the terms by their first eight bytes, which decide most
// comparisons without reading the stems (the vocabulary's stems are
// distinct, so the order is the same): comparing the stems of their ids
// was a tenth of Build's time for 1,000 cards of 8 KiB of distinct words,
// 0.85 s (BenchmarkBuildDistinctWords).
func (ix *Index) buildSorted() {
	keys := make([]sortKey, len(ix.vocab))
	for i, v := range ix.vocab {
		keys[i] = sortKey{head: headBytes(v), id: int32(i)}
	}
	slices.SortFunc(keys, func(a, b sortKey) int {
		return compareHeaded(a.head, ix.vocab[a.id], b.head, ix.vocab[b.id])
	})
	ix.sorted = make([]int32, len(keys))
	for i, k := range keys {
		ix.sorted[i] = k.id
	}
}

// sortKey is a term and its first bytes (headBytes).
type sortKey struct {
	head uint64
	id   int32
}

// compareHeaded orders strings a and b, whose headBytes are ah and bh, as
// strings.Compare does: by their heads, and only where those are equal by
// the whole strings (sorting by the heads alone reads no string).
func compareHeaded(ah uint64, a string, bh uint64, b string) int {
	if ah != bh {
		return cmp.Compare(ah, bh)
	}
	return strings.Compare(a, b)
}

// headBytes is the first eight bytes of s, big-endian, padded with zero
// bytes: of two strings whose heads differ, the lesser head is the lesser
// string.
func headBytes(s string) uint64 {
	var h uint64
	for i := range 8 {
		h <<= 8
		if i < len(s) {
			h |= uint64(s[i])
		}
	}
	return h
}

// addPrefixTerms adds vocabulary terms that extend the stem q or that q
// extends, both at least minTypoLen long: the stemmer leaves many related
// forms apart ("config"/"configur", "mount"/"mountpoint").
func (ix *Index) addPrefixTerms(s *scratch, q string) {
	if ix.p.prefixWeight <= 0 || len(q) < minTypoLen {
		return
	}
	s.cands = s.cands[:0]
	i := sort.Search(len(ix.sorted), func(i int) bool { return ix.vocab[ix.sorted[i]] >= q })
	for ; i < len(ix.sorted) && strings.HasPrefix(ix.vocab[ix.sorted[i]], q); i++ {
		if t := ix.sorted[i]; ix.vocab[t] != q {
			s.cands = append(s.cands, t)
		}
	}
	for l := minTypoLen; l < min(len(q), ix.maxTermLen+1); l++ { // no longer prefix is a term
		if t, ok := ix.terms.get(ix.vocab, q[:l]); ok {
			s.cands = append(s.cands, t)
		}
	}
	if len(s.cands) == 0 || len(s.cands) > 8 {
		return
	}
	w := float32(ix.p.prefixWeight)
	for _, t := range s.cands {
		s.addTerm(t, w, kindFuzzy)
	}
}

// maxSurfaceLen bounds, in bytes, the words surfaceIndex keeps: a typo
// of a longer word is rare, and each word costs its length in deletions.
const maxSurfaceLen = 32

// surfaceIndex holds the cards' words as written whose stem differs from
// them ("translation", stem "translat"), for typos that change what the
// stemmer cuts: "trnslation" stems to "trnslat", and "certficate" to
// "certfic", two edits from the term, though one from the word. A word
// that is its own stem is in the terms' own deletion index already.
type surfaceIndex struct {
	words []string // sorted
	term  []int32  // the term of each word
	del   deleteIndex
}

// buildSurfaces indexes the surface words of cache (analyseUnits' words
// and their terms) that stem to another term, at least minTypoLen runes
// and at most maxSurfaceLen bytes long.
func (ix *Index) buildSurfaces(cache map[string]seenWord) {
	// The words with their terms, sorted by their first eight bytes and
	// then the word (as buildSorted): sorting the words alone, then
	// looking each up again for its term, was a third of this time but
	// the deletions for 1,000 cards of 8 KiB of rare-looking words.
	type surface struct {
		head uint64
		w    string
		term int32
	}
	var list []surface
	for w, sw := range cache {
		if sw.term >= 0 && w != ix.vocab[sw.term] && len(w) <= maxSurfaceLen && utf8.RuneCountInString(w) >= minTypoLen {
			list = append(list, surface{headBytes(w), w, sw.term})
		}
	}
	// Map order is random; ids must not be.
	slices.SortFunc(list, func(a, b surface) int { return compareHeaded(a.head, a.w, b.head, b.w) })
	var sf surfaceIndex
	sf.words = make([]string, len(list))
	sf.term = make([]int32, len(list))
	for i, s := range list {
		sf.words[i], sf.term[i] = strings.Clone(s.w), s.term
	}
	sf.del = newDeleteIndexOf(sf.words, func(string) bool { return true }, true)
	ix.surface = sf
}

// addSurfaceTypos adds, at the typo discount, the terms of the cards'
// surface words one edit from w, a query word as typed that neither it nor
// its stem corrects (see surfaceIndex). It reports whether there was one.
func (ix *Index) addSurfaceTypos(s *scratch, w string) bool {
	sf := &ix.surface
	if ix.p.typoWeight <= 0 || len(sf.words) == 0 || len(w) > maxSurfaceLen+utf8.UTFMax || utf8.RuneCountInString(w) < minTypoLen {
		return false
	}
	s.cands = s.cands[:0]
	add := func(i int32) {
		if t := sf.term[i]; !containsTerm(s.cands, t) && editDistanceOne(w, sf.words[i]) && !editsDigit(w, sf.words[i]) {
			s.cands = append(s.cands, t)
		}
	}
	sf.del.candidates(sum(sf.del.h, w), add) // w lacks a rune of the word
	sf.del.h.deletions(w, func(_, _ int, h uint64) {
		sf.del.candidates(h, add) // w has one rune more, or another
	})
	return ix.addTypoCands(s)
}
