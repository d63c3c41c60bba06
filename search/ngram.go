package search

import "math"

// Character n-grams: the lowercase words of a text (stop words dropped,
// not stemmed), each marked at its boundaries ("^mount$"), cut into byte
// 3- and 4-grams and hashed into ngBuckets ids. A card's id is a TF-IDF
// vector of them, and so are its summary and phrases together (sublinear
// tf); the second stage compares the query's vector to these by cosine.
// They catch what whole stemmed words miss: compounds and morphology
// ("screenshot"/"screencap", "unmount"/"mount", "syslog"/"log").
//
// Each distinct word is cut once: a unit holds word ids (ix.ngWords), a
// word its n-gram ids. A query marks its n-grams in a dense slot array, so
// a cosine is one pass over the unit's n-grams with no sorting or maps.

const (
	ngBits    = 17
	ngBuckets = 1 << ngBits
	ngMinN    = 3
	ngMaxN    = 4
	// ngMaxQuery caps the distinct n-grams taken from one query, which
	// bounds the work per candidate (and keeps a slot, 1 + index in the
	// query vector, well inside the uint16 of s.qslot).
	ngMaxQuery = 1024
	// ngMaxWord is the longest word, in bytes, cut into n-grams (in cards
	// and queries alike): longer ones are not words, and would cost time.
	ngMaxWord = 64
)

// ngEntry is one n-gram of the query and its weight.
type ngEntry struct {
	id int32
	w  float32
}

// appendWordNgrams appends the hashed n-grams of one word, marked "^w$".
func appendWordNgrams(dst []int32, w string) []int32 {
	L := len(w) + 2
	at := func(i int) byte {
		switch i {
		case 0:
			return '^'
		case L - 1:
			return '$'
		}
		return w[i-1]
	}
	for n := ngMinN; n <= ngMaxN; n++ {
		for i := 0; i+n <= L; i++ {
			h := uint32(2166136261) ^ uint32(n)
			for j := i; j < i+n; j++ {
				h ^= uint32(at(j))
				h *= 16777619
			}
			h ^= h >> 15
			dst = append(dst, int32(h&(ngBuckets-1)))
		}
	}
	return dst
}

// ngramUnit reports whether a unit gets an n-gram vector.
func ngramUnit(f field) bool {
	return f == fieldID || f == fieldSummary || f == fieldPhrase
}

// cutWords cuts the surface words ws into n-grams, word id i being ws[i]
// (analyseUnits numbers them as units first hold them). It counts their
// n-grams first, so that wordNg is made once at its size: cut as each
// word came, it grew by appending, which for 1,000 cards of 8 KiB of
// distinct words allocated 300 MB and was a sixth of Build's time
// (BenchmarkBuildDistinctWords).
func (ix *Index) cutWords(ws []string) {
	if len(ws) == 0 {
		return
	}
	n := 0
	for _, w := range ws {
		n += wordNgramCount(len(w))
	}
	ix.wordNg = make([]int32, 0, n)
	ix.wordNgOff = make([]int32, 1, len(ws)+1)
	for _, w := range ws {
		if len(w) <= ngMaxWord {
			ix.wordNg = appendWordNgrams(ix.wordNg, w)
		}
		ix.wordNgOff = append(ix.wordNgOff, int32(len(ix.wordNg)))
	}
}

// wordNgramCount is how many n-grams appendWordNgrams cuts a word of size
// bytes into, or 0 if it is longer than ngMaxWord.
func wordNgramCount(size int) int {
	if size > ngMaxWord {
		return 0
	}
	n := 0
	for k := ngMinN; k <= ngMaxN; k++ {
		n += max(size+2-k+1, 0)
	}
	return n
}

func (ix *Index) unitNgWords(u *unit) []int32 { return ix.ngWords[u.ngOff : u.ngOff+u.ngN] }

func (ix *Index) wordNgrams(w int32) []int32 { return ix.wordNg[ix.wordNgOff[w]:ix.wordNgOff[w+1]] }

// buildNgramStats computes the n-gram idf over cards, each unit's vector
// norm and each card's whole-vector norm, from the units the index holds.
//
// A card's units repeat its words (its phrases say the same things), so
// each pass goes over a card's distinct words, each with its count, in the
// order they first come: cutting every occurrence again was most of this
// time. The sums come out the same, term for term in the same order.
func (ix *Index) buildNgramStats() {
	n := len(ix.cards)
	df := make([]int32, ngBuckets)
	last := make([]int32, ngBuckets) // the card that last counted each
	for i := range last {
		last[i] = -1
	}
	words := ix.newWordCounts()
	for c := range n {
		for _, w := range words.card(ix, c, false) {
			for _, id := range ix.wordNgrams(w) {
				if last[id] != int32(c) {
					last[id] = int32(c)
					df[id]++
				}
			}
		}
	}
	ix.ngIdf = make([]float32, ngBuckets)
	for id, d := range df {
		if d > 0 {
			ix.ngIdf[id] = bm25IDF(float64(n), float64(d))
		}
	}
	// The norms of each id's vector and of each card's summary and phrases
	// together, with dense tf accumulators (df and last are reused).
	acc := df
	clear(acc)
	cacc := last
	clear(cacc)
	var touched, ctouched []int32
	ix.cardNgNorm = make([]float32, n)
	for c := range n {
		for ui := ix.cardUnits[c]; ui < ix.cardUnits[c+1]; ui++ {
			if u := &ix.units[ui]; u.field == fieldID {
				u.ngNorm = ix.unitNgNorm(u, acc, &touched)
			}
		}
		for i, w := range words.card(ix, c, true) {
			k := words.n[i]
			for _, id := range ix.wordNgrams(w) {
				if cacc[id] == 0 {
					ctouched = append(ctouched, id)
				}
				cacc[id] += k
			}
		}
		var ss float64
		for _, id := range ctouched {
			v := ngSublinear(cacc[id]) * ix.ngIdf[id]
			ss += float64(v * v)
			cacc[id] = 0
		}
		ctouched = ctouched[:0]
		ix.cardNgNorm[c] = float32(math.Sqrt(ss))
	}
}

// wordCounts lists the distinct n-gram words of one card at a time, with
// their counts: a sparse set, which needs no clearing between cards.
type wordCounts struct {
	list []int32 // the card's distinct words, in the order they first come
	n    []int32 // the occurrences of list[i] in the card
	pos  []int32 // per word, its place in list when listed
}

func (ix *Index) newWordCounts() wordCounts {
	nw := max(len(ix.wordNgOff)-1, 0)
	// The list holds at most a card's words, or all words: sized once, as
	// it would grow to a card of 400,000 distinct words several times over.
	most := 0
	for c := range ix.cards {
		k := 0
		for ui := ix.cardUnits[c]; ui < ix.cardUnits[c+1]; ui++ {
			k += int(ix.units[ui].ngN)
		}
		most = max(most, min(k, nw))
	}
	return wordCounts{list: make([]int32, 0, most), n: make([]int32, 0, most), pos: make([]int32, nw)}
}

// card lists the distinct words of card c's units that have n-grams, or
// only of its summary and phrases when noID is set, and counts them in
// wc.n (until the next call).
func (wc *wordCounts) card(ix *Index, c int, noID bool) []int32 {
	wc.list, wc.n = wc.list[:0], wc.n[:0]
	for ui := ix.cardUnits[c]; ui < ix.cardUnits[c+1]; ui++ {
		u := &ix.units[ui]
		if noID && u.field == fieldID {
			continue
		}
		for _, w := range ix.unitNgWords(u) {
			if p := wc.pos[w]; int(p) < len(wc.list) && wc.list[p] == w {
				wc.n[p]++
				continue
			}
			wc.pos[w] = int32(len(wc.list))
			wc.list = append(wc.list, w)
			wc.n = append(wc.n, 1)
		}
	}
	return wc.list
}

// unitNgNorm is the norm of unit u's TF-IDF n-gram vector, counted in acc
// (all zero, and left so) with touched as scratch.
func (ix *Index) unitNgNorm(u *unit, acc []int32, touched *[]int32) float32 {
	for _, w := range ix.unitNgWords(u) {
		for _, id := range ix.wordNgrams(w) {
			if acc[id] == 0 {
				*touched = append(*touched, id)
			}
			acc[id]++
		}
	}
	var ss float64
	for _, id := range *touched {
		v := float64(acc[id]) * float64(ix.ngIdf[id])
		ss += v * v
		acc[id] = 0
	}
	*touched = (*touched)[:0]
	return float32(math.Sqrt(ss))
}

// ngSublinear is 1 + ln tf, from a table for small counts.
func ngSublinear(tf int32) float32 {
	if tf < int32(len(ngLogTable)) {
		return ngLogTable[tf]
	}
	return 1 + float32(math.Log(float64(tf)))
}

var ngLogTable = func() (t [256]float32) {
	for i := 1; i < len(t); i++ {
		t[i] = 1 + float32(math.Log(float64(i)))
	}
	return t
}()

// queryNgrams fills s.qng with the query's unit-length n-gram vector and
// marks its n-grams in s.qslot.
func (ix *Index) queryNgrams(s *scratch) {
	if s.qslot == nil {
		s.qslot = make([]uint16, ngBuckets)
	}
	for _, e := range s.qng {
		s.qslot[e.id] = 0
	}
	s.qng = s.qng[:0]
	if words := len(ix.wordNgOff) - 1; len(s.ngWordAt) < words {
		s.ngWordAt = make([]int32, words)
	}
	for _, w := range s.ngWordsMet {
		s.ngWordAt[w] = 0
	}
	// ngHits from 1 on: s.ngWordAt[w] is 0 for a word not looked up yet.
	s.ngWordsMet, s.ngHits = s.ngWordsMet[:0], append(s.ngHits[:0], 0)
	for _, w := range s.raw {
		if len(w) > ngMaxWord || !keepToken(w) {
			continue
		}
		// One word at a time, so that a huge query leaves no huge buffer
		// in the pooled scratch.
		s.ngbuf = appendWordNgrams(s.ngbuf[:0], w)
		for _, id := range s.ngbuf {
			if k := s.qslot[id]; k > 0 {
				s.qng[k-1].w++
			} else if len(s.qng) < ngMaxQuery && ix.ngIdf[id] > 0 {
				s.qng = append(s.qng, ngEntry{id, 1})
				s.qslot[id] = uint16(len(s.qng))
			}
		}
	}
	var ss float32
	for k := range s.qng {
		s.qng[k].w *= ix.ngIdf[s.qng[k].id]
		ss += s.qng[k].w * s.qng[k].w
	}
	if ss > 0 {
		inv := 1 / float32(math.Sqrt(float64(ss)))
		for k := range s.qng {
			s.qng[k].w *= inv
		}
	}
	s.qtf = s.qtf[:0]
	for range s.qng {
		s.qtf = append(s.qtf, 0)
	}
}

// ngramIDCos is the cosine of the query's n-gram vector and that of the
// id unit u.
func (ix *Index) ngramIDCos(s *scratch, u *unit) float32 {
	if u.ngNorm == 0 || len(s.qng) == 0 {
		return 0
	}
	var dot float32
	for _, w := range ix.unitNgWords(u) {
		for _, id := range ix.wordNgrams(w) {
			if k := s.qslot[id]; k > 0 {
				dot += s.qng[k-1].w * ix.ngIdf[id]
			}
		}
	}
	return dot / u.ngNorm
}

// countQueryNgrams adds unit u's occurrences of each query n-gram to s.qtf,
// for ngramCardCos. Which query n-grams a word holds is looked up once a
// query (queryNgramsOf): the candidates share most of their words, and
// looking up each of their n-grams was 15% of a search's time.
func (ix *Index) countQueryNgrams(s *scratch, u *unit) {
	for _, w := range ix.unitNgWords(u) {
		at := s.ngWordAt[w]
		if at == 0 {
			at = ix.queryNgramsOf(s, w)
		}
		if at < 0 {
			continue
		}
		hits := s.ngHits[at:]
		for _, k := range hits[1 : 1+int(hits[0])] {
			s.qtf[k]++
		}
	}
}

// queryNgramsOf records in s.ngHits, as their count and then their
// indexes in s.qng, the query n-grams among those of word w (with
// repeats), and returns where (never 0), or -1 for none, as s.ngWordAt[w]
// does from then on in the query.
func (ix *Index) queryNgramsOf(s *scratch, w int32) int32 {
	at := int32(len(s.ngHits))
	s.ngHits = append(s.ngHits, 0)
	for _, id := range ix.wordNgrams(w) {
		if k := s.qslot[id]; k > 0 {
			s.ngHits = append(s.ngHits, k-1)
		}
	}
	if n := len(s.ngHits) - int(at) - 1; n > 0 {
		s.ngHits[at] = uint16(n)
	} else {
		s.ngHits = s.ngHits[:at]
		at = -1
	}
	s.ngWordAt[w] = at
	s.ngWordsMet = append(s.ngWordsMet, w)
	return at
}

// ngramCardCos is the cosine of the query's n-gram vector and card c's
// summary and phrases together, from the counts of s.qtf: features clears
// them, then counts every summary and phrase unit of c. The id is left
// out: it has its own feature, and in the whole vector it would favour
// cards with short ids.
func (ix *Index) ngramCardCos(s *scratch, c int32) float32 {
	var dot float32
	for k, tf := range s.qtf {
		if tf > 0 {
			dot += s.qng[k].w * ngSublinear(tf) * ix.ngIdf[s.qng[k].id]
		}
	}
	if n := ix.cardNgNorm[c]; n > 0 {
		return dot / n
	}
	return 0
}
