package search

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"sync"
)

// Word associations of software descriptions (the featAssoc feature).
//
// A request often names what it wants in other words than the right
// card's ("reboot" for a card that says "restart", "wireless" for "wifi").
// The cards themselves are too few to learn such pairs from (see the
// co-occurrence expansion in expand.go), so assoc.bin.gz holds word
// vectors learned offline from a large corpus of descriptions of tools:
// the English descriptions of the packages in Debian's archive and the man
// pages of a Debian machine (internal/gen-assoc; assoc.NOTICE.md). Each
// term's vector is its PPMI co-occurrence row within five terms (stop
// words removed), reduced by truncated SVD to 64 dimensions, over the
// terms Analyze makes, so a query word and a card word meet in the same
// space as they meet in the index.

// assocData is the table internal/gen-assoc writes (a string, so that
// nothing can change it).
//
//go:embed assoc.bin.gz
var assocData string

// assocTable is the parsed table: the unit vector of term (stem) st is
// vec[id[st]*dim:][:dim].
type assocTable struct {
	id  map[string]int32
	dim int
	vec []float32
}

// assocVectors returns the embedded table, parsed at the first Build that
// uses it and shared, unchanged, by every index. A table that does not
// parse is a broken build, not bad input: it is compiled in, and
// TestAssocVectors fails on it first.
var assocVectors = sync.OnceValue(func() *assocTable {
	t, err := parseAssoc(assocData)
	if err != nil {
		panic("search: embedded assoc.bin.gz: " + err.Error())
	}
	return t
})

// parseAssoc reads a table in gen-assoc's format: "ASV1", the uvarint
// count of terms and of dimensions, each term as a uvarint length and its
// bytes, then each term's vector as one int8 a dimension (127 is 1).
func parseAssoc(data string) (*assocTable, error) {
	zr, err := gzip.NewReader(strings.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("gunzip: %w", err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("gunzip: %w", err)
	}
	if len(raw) < 4 || string(raw[:4]) != "ASV1" {
		return nil, errors.New("not an ASV1 table")
	}
	r := bytes.NewReader(raw[4:])
	n, err1 := binary.ReadUvarint(r)
	d, err2 := binary.ReadUvarint(r)
	if err := errors.Join(err1, err2); err != nil {
		return nil, fmt.Errorf("header: %w", err)
	}
	// n bounded by the data's length and d by 1024 keep n*d from overflowing.
	if d == 0 || d > 1024 || n > uint64(len(raw)) {
		return nil, fmt.Errorf("header: %d terms of %d dimensions", n, d)
	}
	t := &assocTable{id: make(map[string]int32, n), dim: int(d)}
	for i := range int(n) {
		l, err := binary.ReadUvarint(r)
		if err != nil {
			return nil, fmt.Errorf("term %d: %w", i, err)
		}
		if l > uint64(r.Len()) {
			return nil, fmt.Errorf("term %d: %d bytes, %d left", i, l, r.Len())
		}
		b := make([]byte, l)
		if _, err := io.ReadFull(r, b); err != nil {
			return nil, fmt.Errorf("term %d: %w", i, err)
		}
		t.id[string(b)] = int32(i)
	}
	if uint64(r.Len()) != n*d {
		return nil, fmt.Errorf("%d bytes of vectors, want %d terms × %d", r.Len(), n, d)
	}
	t.vec = make([]float32, n*d)
	for i := range t.vec {
		b, _ := r.ReadByte()
		t.vec[i] = float32(int8(b))
	}
	for i := range int(n) {
		v := t.vec[i*t.dim : (i+1)*t.dim]
		var s float32
		for _, x := range v {
			s += x * x
		}
		if s > 0 {
			s = float32(1 / math.Sqrt(float64(s)))
			for j := range v {
				v[j] *= s
			}
		}
	}
	return t, nil
}

// maxAssocWords bounds how many distinct query words the feature compares
// with the candidates' words: each costs a vector product per row of the
// table that the candidates' words reach. At most 32 (assocScore's mask).
const maxAssocWords = 16

// assocWord is a query word that has a vector.
type assocWord struct {
	row int32   // its row in the table
	w   float32 // its query weight times its idf
}

// buildAssocRows maps each vocabulary term to its row in the table, or -1.
func (ix *Index) buildAssocRows() {
	if ix.p.featOff[featAssoc] {
		return
	}
	ix.assoc = assocVectors()
	ix.assocRow = make([]int32, len(ix.vocab))
	for t, st := range ix.vocab {
		r, ok := ix.assoc.id[st]
		if !ok {
			r = -1
		}
		ix.assocRow[t] = r
	}
}

// buildCardRows lists, once per index, the distinct rows of the words of
// each card's id, summary and intent phrases, the words assocScore
// compares: a search then reads a short list per candidate rather than
// every word of its text. A card word without a vector is left out, as it
// can be no query word that has one, nor near one. (A pseudo-query index
// of learnWeights lists its own, without its held-out phrases.)
func (ix *Index) buildCardRows() {
	if ix.assoc == nil {
		return
	}
	ix.cardRowOff = make([]int32, len(ix.cards)+1)
	ix.cardRows = ix.cardRows[:0]
	last := make([]int32, len(ix.assoc.vec)/ix.assoc.dim) // card+1 that last listed a row
	for c := range ix.cards {
		for ui := ix.cardUnits[c]; ui < ix.cardUnits[c+1]; ui++ {
			u := &ix.units[ui]
			switch u.field {
			case fieldID, fieldIDPart, fieldSummary, fieldPhrase:
			default:
				continue
			}
			for _, t := range ix.unitTermsOf(u) {
				if r := ix.assocRow[t]; r >= 0 && last[r] != int32(c+1) {
					last[r] = int32(c + 1)
					ix.cardRows = append(ix.cardRows, r)
				}
			}
		}
		ix.cardRowOff[c+1] = int32(len(ix.cardRows))
	}
}

// addAssocWord records the query word of stem st, index term t (or -1)
// and weight qw for assocScore, if the table has it.
func (ix *Index) addAssocWord(s *scratch, st string, t int32, qw float32) {
	if ix.assoc == nil {
		return
	}
	var r int32
	var idf float32
	if t >= 0 {
		r, idf = ix.assocRow[t], ix.idf[t]
	} else {
		row, ok := ix.assoc.id[st]
		if !ok {
			return
		}
		// A word no card holds weighs the idf of a word of one card.
		r, idf = row, bm25IDF(float64(len(ix.cards)), 1)
	}
	if r < 0 {
		return
	}
	w := qw * idf
	switch i := slices.IndexFunc(s.assocWords, func(a assocWord) bool { return a.row == r }); {
	case i >= 0:
		s.assocWords[i].w += w
	case len(s.assocWords) < maxAssocWords:
		s.assocWords = append(s.assocWords, assocWord{row: r, w: w})
	default:
		return
	}
	if t < 0 {
		s.assocMass += w
	}
}

// assocScore is the soft match of the query words that card c does not
// hold in its id, summary or intent phrases: each counts its idf times its
// best cosine to a word of those fields.
//
// The sum is in units of the query's idf mass or, if more, of the words no
// card holds, which qmass leaves out: one such word beside words every
// card has made the feature thousands, alone deciding the ranking. So it
// is at most 2.
//
// Cosines are computed once per query for each pair of a row of the
// table the candidates' words reach and a query word, and only when a
// candidate that lacks the word holds the row: the best candidates hold
// most query words, so most pairs are never needed. s.simSlot maps a row
// to its cosines: the scratch keeps at most one entry per row, whatever
// the size of the cards or of the vocabulary (by vocabulary term, a card
// of 400,000 distinct words made it keep 35 MB).
func (ix *Index) assocScore(s *scratch, c int32) float32 {
	nw := len(s.assocWords)
	if nw == 0 || s.qmass <= 0 {
		return 0
	}
	a := ix.assoc
	d := a.dim
	if rows := len(a.vec) / d; len(s.simSlot) < rows {
		s.simSlot = make([]int32, rows)
	}
	// The card's rows by slot (1 + index in s.simTouched), and the query
	// words it holds, each as its own row (one stem, one row), as a mask.
	slots := s.assocSlots[:0]
	var held uint32
	for _, r := range ix.cardRows[ix.cardRowOff[c]:ix.cardRowOff[c+1]] {
		slot := s.simSlot[r]
		if slot == 0 {
			own := int8(-1)
			for k, qw := range s.assocWords {
				sim := simUnknown
				if qw.row == r {
					sim, own = simOwn, int8(k)
				}
				s.simVals = append(s.simVals, sim)
			}
			s.simTouched = append(s.simTouched, r)
			s.simOwn = append(s.simOwn, own)
			slot = int32(len(s.simTouched))
			s.simSlot[r] = slot
		}
		if k := s.simOwn[slot-1]; k >= 0 {
			held |= 1 << k
		}
		slots = append(slots, slot)
	}
	s.assocSlots = slots
	// The best cosine of each word the card lacks to a row of the card,
	// at least 0, a row at a time: a row's cosines are side by side.
	var lacking [maxAssocWords]uint8
	var best [maxAssocWords]float32
	nl := 0
	for k := range s.assocWords {
		if held&(1<<k) == 0 {
			lacking[nl] = uint8(k)
			nl++
		}
	}
	for _, slot := range slots {
		vals := s.simVals[int(slot-1)*nw : int(slot)*nw]
		for _, k := range lacking[:nl] {
			sim := vals[k]
			if sim == simUnknown {
				r, qr := s.simTouched[slot-1], s.assocWords[k].row
				sim = dotVec(a.vec[int(r)*d:int(r+1)*d], a.vec[int(qr)*d:int(qr+1)*d])
				vals[k] = sim
			}
			best[k] = max(best[k], sim) // no branch: cosines are not NaN
		}
	}
	var v float32
	for _, k := range lacking[:nl] {
		v += s.assocWords[k].w * best[k]
	}
	return v / max(s.qmass, s.assocMass)
}

// simOwn marks, among the cosines of a row, that of the query word whose
// row it is; simUnknown one not computed yet. Cosines of unit vectors
// are neither.
const (
	simOwn     float32 = 2
	simUnknown float32 = -2
)

// resetAssoc clears what assocScore cached for the last query.
func (s *scratch) resetAssoc() {
	for _, r := range s.simTouched {
		s.simSlot[r] = 0
	}
	s.simTouched = s.simTouched[:0]
	s.simOwn = s.simOwn[:0]
	s.simVals = s.simVals[:0]
	s.assocWords = s.assocWords[:0]
	s.assocMass = 0
}

// dotVec is the dot product of a and b, of equal length, with four
// accumulators: it is most of assocScore's time. Each sums every fourth
// product, in order, eight products a step: the bounds of a step are
// checked once, where a step of four checked each product's.
func dotVec(a, b []float32) float32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+8 <= len(a); i += 8 {
		x, y := (*[8]float32)(a[i:i+8]), (*[8]float32)(b[i:i+8])
		s0 += x[0] * y[0]
		s1 += x[1] * y[1]
		s2 += x[2] * y[2]
		s3 += x[3] * y[3]
		s0 += x[4] * y[4]
		s1 += x[5] * y[5]
		s2 += x[6] * y[6]
		s3 += x[7] * y[7]
	}
	if i+4 <= len(a) {
		x, y := (*[4]float32)(a[i:i+4]), (*[4]float32)(b[i:i+4])
		s0 += x[0] * y[0]
		s1 += x[1] * y[1]
		s2 += x[2] * y[2]
		s3 += x[3] * y[3]
		i += 4
	}
	for ; i < len(a); i++ {
		s0 += a[i] * b[i]
	}
	return s0 + s1 + s2 + s3
}
