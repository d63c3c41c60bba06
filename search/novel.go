package search

import "math"

// What a new request for a card brings that the card does not say.
//
// A request for a tool is one more example of it, and the cards show how
// such an example relates to the rest of its card: leaving each intent
// phrase out in turn, its "novel" words are those no other unit of the
// card holds. From them Build estimates, at no cost to a search:
//
//   - how many new words a request for the card brings (its missing mass,
//     the idf-weighted share of its phrases' words that are novel, shrunk
//     towards the corpus's share): a card whose examples each say new
//     things (dtrace, one option per example) loses less by lacking a
//     query word than one whose examples repeat each other (choco-install).
//     The feature featNovel is the query's idf share the candidate lacks
//     times the log of its missing mass over the corpus's.
//   - which new words (a request vocabulary): over the cards, how often a
//     word novel in one phrase goes with each word of the rest of the same
//     card, P(q novel | d), and each card's first-stage postings gain, at
//     requestWeight times that probability, the words q it does not hold
//     that one of its words d predicts (document expansion, as doc2query,
//     learned from the cards alone).
//
// A pseudo-query index of learnWeights computes both from its own cards,
// without the phrases held out, so the weights learned do not see them.

const (
	// noveltyPrior is the weight, in words of the corpus's mean idf, of
	// the corpus's share of novel words in each card's estimate.
	noveltyPrior = 10
	// minRequestCards is how many cards must pair a novel word with a word
	// of the rest of the card before it expands other cards holding that
	// word: fewer is an anecdote ("accept the licence agreement" of two
	// installers).
	minRequestCards = 3
	// minRequestProb is the least P(q novel | d) that expands a card.
	minRequestProb = 0.2
	// maxRequestDF bounds, as a share of the cards, those holding a word d
	// that predicts: words in many cards predict nothing in particular.
	maxRequestDF = 0.05
	// maxNovelTerms and maxRequestSources bound, per card, the novel words
	// and the predicting words counted, so that Build stays linear in a
	// card of thousands of phrases or words.
	maxNovelTerms     = 128
	maxRequestSources = 128
	// maxRequestWords bounds the request words of one card, the most
	// probable kept: on the development cards a card has 4 (at most 14),
	// on 10,000 cards made of copies of them 36, which made the postings
	// and a search half as long again.
	maxRequestWords = 8
)

// novelTerm is a novel word of a card and its phrase unit, or a word of
// the card that may predict one and the phrase unit it is novel in (-1 if
// none).
type novelTerm struct{ term, unit int32 }

// buildNovelty sets ix.novelLog and, when p.requestWeight > 0, returns
// each card's request words (see above): card c's are
// exp[expOff[c]:expOff[c+1]], weights in tf units. df is the number of
// cards holding each term (computeIDF's).
func (ix *Index) buildNovelty(df []int32) (expOff []int32, exp []related) {
	nc := len(ix.cards)
	ix.novelLog = nil
	if nc == 0 {
		return nil, nil
	}
	ns := ix.newNoveltyScan(df)
	// The lists that grow (novel, src, touched) are this function's, not
	// ns's, and grow here or in a step the compiler inlines here
	// (countCardTerms, predictingWords): it starts an append to a local
	// slice on the stack, and in ns they took Build a dozen allocations
	// more. A card's novel words are gathered in cardNovel.
	var novel, src []novelTerm
	if ix.p.requestWeight > 0 {
		// At most maxRequestSources a card, and no more than its words:
		// grown instead, src was the largest allocation of Build's
		// statistics at 10,000 cards.
		most := 0
		for c := range nc {
			most += min(ix.cardWords(c, allFields), maxRequestSources)
		}
		src = make([]novelTerm, 0, most)
	}
	var touched []int32 // the terms of the card
	var cardNovel [maxNovelTerms]novelTerm
	for c := range nc {
		lo, hi := ix.cardUnits[c], ix.cardUnits[c+1]
		var phrases int
		touched, phrases = ix.countCardTerms(ns.cnt, touched[:0], lo, hi)
		learn := phrases >= 2 // as the pseudo-queries of learn.go
		ns.learns[c] = learn
		novel = append(novel, ix.findNovelWords(&ns, cardNovel[:0], c, lo, hi, learn)...)
		ns.gNov += ns.nov[c]
		ns.gTot += ns.tot[c]
		ns.novOff[c+1] = int32(len(novel))
		if ix.p.requestWeight > 0 {
			src = ns.predictingWords(src, touched)
		}
		ns.srcOff[c+1] = int32(len(src))
		for _, t := range touched {
			ns.cnt[t], ns.novelIn[t] = 0, -1
		}
	}
	ix.novelLog = ns.missingMassLog()
	if ix.p.requestWeight <= 0 {
		return nil, nil
	}
	return ix.requestWords(src, ns.srcOff, ns.learns, novel, ns.novOff)
}

// noveltyScan is what buildNovelty gathers card by card: per term counts
// of the card scanned, cleared after it, and per card its novel and total
// idf mass.
type noveltyScan struct {
	df     []int32 // cards holding each term
	maxDF  int32   // the most cards a predicting word may be in
	cnt    []int32 // occurrences of a term in the card
	inUnit []int32 // in the phrase unit
	// novelIn is the phrase unit each term of the card is novel in, or -1.
	novelIn []int32
	// nov and tot are each card's idf mass of novel and of all phrase
	// words; gNov, gTot and gWords those of the corpus, and its count of
	// phrase words.
	nov, tot           []float64
	gNov, gTot, gWords float64
	// Card c's novel and predicting words are novel[novOff[c]:novOff[c+1]]
	// and src[srcOff[c]:srcOff[c+1]] (see buildNovelty); learns marks the
	// cards they are learned from.
	novOff, srcOff []int32
	learns         []bool
}

// newNoveltyScan makes the state of a scan of ix's cards, of card
// frequencies df.
func (ix *Index) newNoveltyScan(df []int32) noveltyScan {
	nc, nv := len(ix.cards), len(ix.vocab)
	ns := noveltyScan{
		df:     df,
		maxDF:  int32(maxRequestDF * float64(nc)),
		cnt:    make([]int32, nv),
		inUnit: make([]int32, nv),
	}
	ns.novelIn = make([]int32, nv)
	for t := range ns.novelIn {
		ns.novelIn[t] = -1
	}
	ns.nov = make([]float64, nc)
	ns.tot = make([]float64, nc)
	ns.novOff = make([]int32, nc+1)
	ns.srcOff = make([]int32, nc+1)
	ns.learns = make([]bool, nc)
	return ns
}

// countCardTerms counts the terms of the units lo..hi-1 of a card in cnt,
// appends each to touched once, and returns how many of the units are
// phrases.
func (ix *Index) countCardTerms(cnt, touched []int32, lo, hi int32) (_ []int32, phrases int) {
	for ui := lo; ui < hi; ui++ {
		u := &ix.units[ui]
		if u.field == fieldPhrase {
			phrases++
		}
		for _, t := range ix.unitTermsOf(u) {
			if cnt[t] == 0 {
				touched = append(touched, t)
			}
			cnt[t]++
		}
	}
	return touched, phrases
}

// findNovelWords adds the idf mass of the words of card c's phrase units
// (lo..hi-1), and of those novel in their unit (in no other unit of the
// card), to the card's and the corpus's, notes the unit each is novel in,
// and, when the card is learned from, appends its novel words, at most
// maxNovelTerms, to novel (of that capacity, so that it does not grow).
func (ix *Index) findNovelWords(ns *noveltyScan, novel []novelTerm, c int, lo, hi int32, learn bool) []novelTerm {
	cnt, inUnit, novelIn, df := ns.cnt, ns.inUnit, ns.novelIn, ns.df
	nNovel := 0
	for ui := lo; ui < hi; ui++ {
		u := &ix.units[ui]
		if u.field != fieldPhrase {
			continue
		}
		ts := ix.unitTermsOf(u)
		for _, t := range ts {
			inUnit[t]++
		}
		for _, t := range ts {
			if inUnit[t] == 0 {
				continue // counted
			}
			w := float64(ix.idf[t])
			ns.tot[c] += w
			ns.gWords++
			if inUnit[t] == cnt[t] {
				ns.nov[c] += w
				novelIn[t] = ui
				// A word in fewer than minRequestCards cards can
				// never be learned (co below), and must not take
				// a place in the cap.
				if learn && df[t] >= minRequestCards && nNovel < maxNovelTerms {
					novel = append(novel, novelTerm{t, ui})
					nNovel++
				}
			}
			inUnit[t] = 0
		}
	}
	return novel
}

// predictingWords appends to src the words of the card (touched) that may
// predict a request word: those in at most maxRequestDF of the cards, at
// most maxRequestSources of them, each with the unit it is novel in.
func (ns *noveltyScan) predictingWords(src []novelTerm, touched []int32) []novelTerm {
	n := 0
	for _, t := range touched {
		if ns.df[t] <= ns.maxDF && n < maxRequestSources {
			src = append(src, novelTerm{t, ns.novelIn[t]})
			n++
		}
	}
	return src
}

// missingMassLog is each card's log missing mass over the corpus's
// (featNovel's factor), its share of novel words shrunk towards the
// corpus's by noveltyPrior words of the mean idf.
func (ns *noveltyScan) missingMassLog() []float32 {
	out := make([]float32, len(ns.nov))
	if ns.gTot > 0 { // else no card has a phrase word of weight, and all are alike
		mu := (ns.gNov + 1) / (ns.gTot + 2)
		k := noveltyPrior * ns.gTot / ns.gWords // words of the mean idf
		for c := range out {
			out[c] = float32(math.Log((ns.nov[c] + k*mu) / (ns.tot[c] + k) / mu))
		}
	}
	return out
}

// requestWords learns P(q novel | d) from the predicting words src and
// novel words of the cards that learns marks (see buildNovelty), and
// returns each card's request words.
func (ix *Index) requestWords(src []novelTerm, srcOff []int32, learns []bool, novel []novelTerm, novOff []int32) (expOff []int32, exp []related) {
	dOff, holders := ix.predictorHolders(src, srcOff, learns)
	tabOff, tab, touched := ix.requestTable(dOff, holders, novel, novOff)
	return ix.expandCards(src, srcOff, tabOff, tab, touched)
}

// holder is a card holding a predicting word, and the phrase unit the
// word is novel in there (-1 if none).
type holder struct{ card, unit int32 }

// predictorHolders lists the cards learned from holding each predicting
// word d, by d: d's are holders[dOff[d]:dOff[d+1]].
func (ix *Index) predictorHolders(src []novelTerm, srcOff []int32, learns []bool) (dOff []int32, holders []holder) {
	nc, nv := len(ix.cards), len(ix.vocab)
	dOff = make([]int32, nv+1)
	for c := range nc {
		if learns[c] {
			for _, s := range src[srcOff[c]:srcOff[c+1]] {
				dOff[s.term+1]++
			}
		}
	}
	for t := range nv {
		dOff[t+1] += dOff[t]
	}
	holders = make([]holder, dOff[nv])
	next := append([]int32(nil), dOff[:nv]...)
	for c := range nc {
		if !learns[c] {
			continue
		}
		for _, s := range src[srcOff[c]:srcOff[c+1]] {
			holders[next[s.term]] = holder{int32(c), s.unit}
			next[s.term]++
		}
	}
	return dOff, holders
}

// requestTable is, for each predicting word d, the words q novel in the
// rest of the cards holding it with P(q novel | d) over those cards,
// smoothed by one card, of at least minRequestProb: d's are
// tab[tabOff[d]:tabOff[d+1]]. It returns the list it used for the words
// counted, emptied, for expandCards to use again.
func (ix *Index) requestTable(dOff []int32, holders []holder, novel []novelTerm, novOff []int32) (tabOff []int32, tab []related, touched []int32) {
	nv := len(ix.vocab)
	co := make([]int32, nv)
	tabOff = make([]int32, nv+1)
	for d := range nv {
		hs := holders[dOff[d]:dOff[d+1]]
		if len(hs) >= minRequestCards {
			for _, h := range hs {
				for _, q := range novel[novOff[h.card]:novOff[h.card+1]] {
					if q.unit == h.unit || q.term == int32(d) {
						continue // the same phrase says both: no rest of the card
					}
					if co[q.term] == 0 {
						touched = append(touched, q.term)
					}
					co[q.term]++
				}
			}
			for _, q := range touched {
				p := float32(co[q]) / float32(len(hs)+1)
				if co[q] >= minRequestCards && p >= minRequestProb {
					tab = append(tab, related{term: q, w: p})
				}
				co[q] = 0
			}
			touched = touched[:0]
		}
		tabOff[d+1] = int32(len(tab))
	}
	return tabOff, tab, touched
}

// expandCards is each card's request words: the words its predicting
// words src predict (in tab, see requestTable) that it does not hold, at
// the best probability, times requestWeight. touched is an empty list to
// reuse.
func (ix *Index) expandCards(src []novelTerm, srcOff []int32, tabOff []int32, tab []related, touched []int32) (expOff []int32, exp []related) {
	nc, nv := len(ix.cards), len(ix.vocab)
	held := newTermSet(nv)
	best := make([]float32, nv)
	expOff = make([]int32, nc+1)
	exp = make([]related, 0, nc*maxRequestWords) // at most; grown, 5 MB
	w := float32(ix.p.requestWeight)
	for c := range nc {
		held.reset()
		for ui := ix.cardUnits[c]; ui < ix.cardUnits[c+1]; ui++ {
			for _, t := range ix.unitTermsOf(&ix.units[ui]) {
				held.add(t)
			}
		}
		for _, s := range src[srcOff[c]:srcOff[c+1]] {
			for _, r := range tab[tabOff[s.term]:tabOff[s.term+1]] {
				if held.has(r.term) {
					continue
				}
				if best[r.term] == 0 {
					touched = append(touched, r.term)
				}
				best[r.term] = max(best[r.term], r.w)
			}
		}
		// The most probable maxRequestWords, kept in order as they come:
		// sorting all of them was most of the time at 10,000 cards.
		from := len(exp)
		for _, q := range touched {
			r := related{term: q, w: w * best[q]}
			best[q] = 0
			if len(exp)-from == maxRequestWords {
				if !moreProbable(r, exp[len(exp)-1]) {
					continue
				}
				exp = exp[:len(exp)-1]
			}
			exp = append(exp, r)
			for i := len(exp) - 1; i > from && moreProbable(exp[i], exp[i-1]); i-- {
				exp[i], exp[i-1] = exp[i-1], exp[i]
			}
		}
		touched = touched[:0]
		expOff[c+1] = int32(len(exp))
	}
	return expOff, exp
}

// moreProbable orders request words by weight, then term.
func moreProbable(a, b related) bool {
	return a.w > b.w || a.w == b.w && a.term < b.term
}

// novelScore is featNovel for card c: the idf share of the query's words
// the card lacks (acc, as readUnits fills it, is zero in every field
// group) times the log of its missing mass over the corpus's.
func (ix *Index) novelScore(s *scratch, acc []float32, c int32) float32 {
	if len(ix.novelLog) == 0 {
		return 0
	}
	var miss float32
	for _, o := range ix.origTerms(s) {
		if a := acc[o.slot*numGroups : (o.slot+1)*numGroups]; a[0] == 0 && a[1] == 0 && a[2] == 0 && a[3] == 0 {
			miss += o.wt
		}
	}
	return miss / s.qmass * ix.novelLog[c]
}
