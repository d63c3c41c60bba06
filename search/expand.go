package search

import "sort"

// minCooccur is how many cards must describe two terms together before one
// is used to expand the other: a single card is an anecdote, two are a
// pattern.
const minCooccur = 2

// maxExpandDF bounds, as a fraction of all cards, the card frequency of a
// term that is expanded. Very common terms ("file", "list") are matched
// everywhere already; expanding them only adds noise and build time.
const maxExpandDF = 0.05

// buildExpansion learns, for each term, the terms that co-occur with it in
// the descriptive text (summary and intent phrases) of the same card, and
// keeps the expandTop strongest by Jaccard similarity of their card sets.
// A query word missing from the right card can then still reach it through
// a term that the corpus shows is used alongside it.
func (ix *Index) buildExpansion() {
	nv := len(ix.vocab)
	ix.expandOff = make([]int32, nv+1)
	if ix.p.expandWeight <= 0 || ix.p.expandTop <= 0 || len(ix.cards) == 0 {
		return
	}

	// Card -> distinct descriptive terms, and term -> cards (CSR both ways).
	cardOff := make([]int32, len(ix.cards)+1)
	var cardTerms []int32
	df := make([]int32, nv)
	for c := range ix.cards {
		start := len(cardTerms)
		for ui := ix.cardUnits[c]; ui < ix.cardUnits[c+1]; ui++ {
			u := &ix.units[ui]
			if !phraseUnit(u.field) {
				continue
			}
			for _, t := range ix.unitTermsOf(u) {
				if !containsTerm(cardTerms[start:], t) {
					cardTerms = append(cardTerms, t)
					df[t]++
				}
			}
		}
		cardOff[c+1] = int32(len(cardTerms))
	}
	termOff := make([]int32, nv+1)
	for t := range df {
		termOff[t+1] = termOff[t] + df[t]
	}
	termCards := make([]int32, len(cardTerms))
	next := append([]int32(nil), termOff[:nv]...)
	for c := range ix.cards {
		for _, t := range cardTerms[cardOff[c]:cardOff[c+1]] {
			termCards[next[t]] = int32(c)
			next[t]++
		}
	}

	maxDF := int32(maxExpandDF * float64(len(ix.cards)))
	co := make([]int32, nv)
	var touched []int32
	var cand []related
	for t := 0; t < nv; t++ {
		ix.expandOff[t+1] = ix.expandOff[t]
		if df[t] < minCooccur || df[t] > maxDF {
			continue
		}
		for _, c := range termCards[termOff[t]:termOff[t+1]] {
			for _, u := range cardTerms[cardOff[c]:cardOff[c+1]] {
				if co[u] == 0 {
					touched = append(touched, u)
				}
				co[u]++
			}
		}
		cand = cand[:0]
		for _, u := range touched {
			if n := co[u]; int(u) != t && n >= minCooccur {
				j := float32(n) / float32(df[t]+df[u]-n) // Jaccard
				cand = append(cand, related{term: u, w: j})
			}
			co[u] = 0
		}
		touched = touched[:0]
		sort.Slice(cand, func(i, j int) bool {
			if cand[i].w != cand[j].w {
				return cand[i].w > cand[j].w
			}
			return cand[i].term < cand[j].term
		})
		if len(cand) > ix.p.expandTop {
			cand = cand[:ix.p.expandTop]
		}
		ix.expand = append(ix.expand, cand...)
		ix.expandOff[t+1] = int32(len(ix.expand))
	}
}
