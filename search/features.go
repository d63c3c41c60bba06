package search

import (
	"math"
	"slices"
)

// Features describe one (query, candidate card) pair for the second stage.
// All but featPrior are in units of the query's idf mass, so that their
// scale does not depend on how long or how rare the query is.
const (
	featBM25F      = iota // the first-stage BM25F score
	featRel               // the first-stage score relative to the best candidate's
	featID                // BM25 of the query words in the id and id parts
	featSummary           // ... in the summary and effects
	featPhrases           // ... in the intent phrases, as one field
	featBestPhrase        // best single phrase (see bestPhraseScore)
	featBigram            // query bigrams adjacent and in order in one phrase
	featPrior             // log(1 + number of intent phrases)
	featDup               // (idf Jaccard of the query and the closest phrase)^4
	featStyle             // style log-likelihood ratio (style.go)
	featNgID              // n-gram cosine of the query and the id (ngram.go)
	featNgCard            // ... and the summary and phrases together
	featAssoc             // the query words the card lacks, by their nearest card word (assoc.go)
	featNovel             // the query share the card lacks times its log missing mass (novel.go)
	numFeat
)

var featNames = [numFeat]string{
	"bm25f", "rel", "id", "summary", "phrases", "bestphrase", "bigram",
	"prior", "dup", "style", "ngid", "ngcard", "assoc", "novel",
}

// fieldGroup maps fields onto the groups that get a BM25 feature each;
// the command and example (group 3) have none of their own.
var fieldGroup = [numFields]uint8{
	fieldID:       0,
	fieldIDPart:   0,
	fieldSummary:  1,
	fieldEffects:  1,
	fieldPhrase:   2,
	fieldCommand:  3,
	fieldExample:  3,
	fieldReplaces: 3,
}

const numGroups = 4

// features fills f for card c. score is c's first-stage score and top the
// best first-stage score among the candidates.
func (ix *Index) features(s *scratch, c int32, score, top float32, f *[numFeat]float32) {
	*f = [numFeat]float32{}
	qm := s.qmass
	if qm <= 0 {
		return
	}
	f[featBM25F] = score / qm
	if top > 0 {
		f[featRel] = score / top
	}
	f[featPrior] = phrasePrior(len(ix.cards[c].IntentPhrases))
	f[featStyle] = ix.styleScore(s.style, c)

	acc, fit := ix.readUnits(s, c, f)
	f[featBestPhrase] = fit.best / qm
	if ix.p.ngram {
		f[featNgCard] = ix.ngramCardCos(s, c)
	}
	f[featBigram] = fit.bigram / qm
	if ix.assoc != nil {
		f[featAssoc] = ix.assocScore(s, c)
	}
	dup := fit.dup * fit.dup
	f[featDup] = dup * dup

	ix.groupBM25(s, acc, f)
	f[featNovel] = ix.novelScore(s, acc, c)
}

// readUnits reads card c's units once, for every feature made of them:
// it returns acc, where acc[slot*numGroups+g] is the field-weighted,
// length-normalised frequency of query term slot in field group g (in
// s.acc, reused), and how the best phrase units fit the query; it sets
// featNgID and counts the query's n-grams for featNgCard. One pass, not
// one per feature: this runs for every candidate of every search.
func (ix *Index) readUnits(s *scratch, c int32, f *[numFeat]float32) ([]float32, phraseFit) {
	flen := ix.fieldLengths(c)
	acc := slices.Grow(s.acc[:0], len(s.terms)*numGroups)[:len(s.terms)*numGroups]
	clear(acc)
	s.acc = acc
	b := float32(ix.p.b)
	var fit phraseFit
	ng := ix.p.ngram
	if ng {
		clear(s.qtf) // counted below by countQueryNgrams
	}
	for ui := ix.cardUnits[c]; ui < ix.cardUnits[c+1]; ui++ {
		u := &ix.units[ui]
		ts := ix.unitTermsOf(u)
		norm := 1 - b + b*flen[u.field]/ix.avgLen[u.field]
		w := float32(ix.p.fieldWeight[u.field]) / norm
		g := int(fieldGroup[u.field])
		for _, t := range ts {
			if slot := s.termSlot[t] - 1; slot >= 0 {
				acc[int(slot)*numGroups+g] += w
			}
		}
		if ng {
			switch u.field {
			case fieldID:
				f[featNgID] = ix.ngramIDCos(s, u)
			case fieldSummary, fieldPhrase:
				ix.countQueryNgrams(s, u)
			}
		}
		if phraseUnit(u.field) {
			ix.fitPhrase(s, u, ts, &fit)
		}
	}
	return acc, fit
}

// phraseFit is how the phrase units of a card fit the query, each the
// best of its units, in idf units: the single-phrase score
// (bestPhraseScore), the bigram bonus, and the weighted Jaccard of the
// query and an intent phrase.
type phraseFit struct {
	best, bigram, dup float32
}

// fitPhrase adds the phrase unit u, of terms ts, to fit.
func (ix *Index) fitPhrase(s *scratch, u *unit, ts []int32, fit *phraseFit) {
	m, om, hits := ix.unitMatch(s, ts)
	if m == 0 {
		return
	}
	var bg float32
	if hits >= 2 {
		bg = ix.bigramBonus(s, ts)
	}
	fit.bigram = max(fit.bigram, bg)
	fit.best = max(fit.best, bestPhraseScore(m+bg, s.qmass, u.mass))
	if u.field == fieldPhrase && om > 0 {
		fit.dup = max(fit.dup, om/(s.qmass+u.mass-om)) // weighted Jaccard
	}
}

// phrasePrior is featPrior of a card of n intent phrases, log(1 + n),
// from a table, n counted up to maxPriorPhrases: past it a card's
// phrases are one author's paraphrases, not a sign that it is asked for
// more (a card of 200 of them, log 201 against log 3, took "push my
// branch", another card's phrase word for word, from that card).
func phrasePrior(n int) float32 {
	return phrasePriors[min(n, maxPriorPhrases)]
}

// maxPriorPhrases is the most intent phrases featPrior counts: twice the
// pseudo-queries a card gives a fold (maxPseudoPerCard), and more than
// any card of testdata holds (26).
const maxPriorPhrases = 2 * maxPseudoPerCard

var phrasePriors = func() (t [maxPriorPhrases + 1]float32) {
	for n := range t {
		t[n] = float32(math.Log1p(float64(n)))
	}
	return t
}()

// fieldLengths are the lengths, in words, of card c's fields, for BM25's
// length normalisation.
func (ix *Index) fieldLengths(c int32) [numFields]float32 {
	var flen [numFields]float32
	for ui := ix.cardUnits[c]; ui < ix.cardUnits[c+1]; ui++ {
		flen[ix.units[ui].field] += float32(ix.units[ui].n)
	}
	return flen
}

// groupBM25 sets featID, featSummary and featPhrases: BM25 of the original
// query words in each field group, from acc (see readUnits), in units of
// the query's idf mass. Typo, prefix and expansion terms count in the
// first-stage score only.
func (ix *Index) groupBM25(s *scratch, acc []float32, f *[numFeat]float32) {
	k1 := float32(ix.p.k1)
	for _, o := range ix.origTerms(s) {
		a := acc[o.slot*numGroups : (o.slot+1)*numGroups]
		for g, tf := range a[:3] {
			if tf > 0 {
				f[featID+g] += o.wt * tf / (k1 + tf)
			}
		}
	}
	for _, i := range [...]int{featID, featSummary, featPhrases} {
		f[i] /= s.qmass
	}
}

// origTerm is an original query word (kindOrig) among the query terms:
// its slot in s.terms, and its query weight times its idf.
type origTerm struct {
	slot int
	wt   float32
}

// origTerms lists the original query words of s.terms, in order, made
// once a query: groupBM25 and novelScore read them for every candidate,
// where reading every term (the expansions too, most of a long query's)
// and weighing each again was a twentieth of a search.
func (ix *Index) origTerms(s *scratch) []origTerm {
	if !s.origMade {
		s.orig = s.orig[:0]
		for i, qt := range s.terms {
			if qt.kind == kindOrig {
				s.orig = append(s.orig, origTerm{i, qt.w * ix.idf[qt.term]})
			}
		}
		s.origMade = true
	}
	return s.orig
}

// bestPhraseScore is the single-phrase match score: the matched idf mass m
// (bigram bonus included), scaled by the geometric mean of how much of the
// query it covers and how much of the phrase is query: a cosine-like
// overlap in idf units.
func bestPhraseScore(m, qmass, umass float32) float32 {
	overlap := math.Sqrt(float64(m/qmass) * float64(m/max(umass, m)))
	return m * float32(overlap)
}
