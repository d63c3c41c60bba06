package search

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

	cardOff, cardTerms, df := ix.descriptiveTerms()
	termOff, termCards := invertCardTerms(cardOff, cardTerms, df)

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
		// The strongest expandTop, kept in order as they come (by
		// moreProbable, Jaccard then term): sorting all of them was a
		// sixth of this time at 10,000 cards.
		cand = cand[:0]
		for _, u := range touched {
			if n := co[u]; int(u) != t && n >= minCooccur {
				j := float32(n) / float32(df[t]+df[u]-n) // Jaccard
				cand = insertTop(cand, related{term: u, w: j}, ix.p.expandTop)
			}
			co[u] = 0
		}
		touched = touched[:0]
		ix.expand = append(ix.expand, cand...)
		ix.expandOff[t+1] = int32(len(ix.expand))
	}
}

// insertTop adds r to top, the at most k strongest so far by
// moreProbable, strongest first, if it is one of the k strongest.
func insertTop(top []related, r related, k int) []related {
	if len(top) == k {
		if !moreProbable(r, top[k-1]) {
			return top
		}
		top = top[:k-1]
	}
	top = append(top, r)
	for i := len(top) - 1; i > 0 && moreProbable(top[i], top[i-1]); i-- {
		top[i], top[i-1] = top[i-1], top[i]
	}
	return top
}

// descriptiveTerms lists the distinct terms of each card's descriptive
// text (summary and intent phrases): card c's are
// cardTerms[cardOff[c]:cardOff[c+1]]. df[t] is the number of cards using t.
func (ix *Index) descriptiveTerms() (cardOff, cardTerms, df []int32) {
	cardOff = make([]int32, len(ix.cards)+1)
	df = make([]int32, len(ix.vocab))
	seen := newTermSet(len(ix.vocab))
	// At most a card's words, or the vocabulary: grown, 5 MB at 10,000
	// cards, twice the list.
	most := 0
	for c := range ix.cards {
		most += min(ix.cardWords(c, phraseUnit), len(ix.vocab))
	}
	cardTerms = make([]int32, 0, most)
	for c := range ix.cards {
		seen.reset()
		for ui := ix.cardUnits[c]; ui < ix.cardUnits[c+1]; ui++ {
			u := &ix.units[ui]
			if !phraseUnit(u.field) {
				continue
			}
			for _, t := range ix.unitTermsOf(u) {
				if seen.add(t) {
					cardTerms = append(cardTerms, t)
					df[t]++
				}
			}
		}
		cardOff[c+1] = int32(len(cardTerms))
	}
	return cardOff, cardTerms, df
}

// invertCardTerms turns descriptiveTerms' card → terms lists into term →
// cards lists: term t's cards, ascending, are termCards[termOff[t]:termOff[t+1]].
func invertCardTerms(cardOff, cardTerms, df []int32) (termOff, termCards []int32) {
	nv := len(df)
	termOff = make([]int32, nv+1)
	for t := range df {
		termOff[t+1] = termOff[t] + df[t]
	}
	termCards = make([]int32, len(cardTerms))
	next := append([]int32(nil), termOff[:nv]...)
	for c := 0; c+1 < len(cardOff); c++ {
		for _, t := range cardTerms[cardOff[c]:cardOff[c+1]] {
			termCards[next[t]] = int32(c)
			next[t]++
		}
	}
	return termOff, termCards
}
