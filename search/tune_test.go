package search

import (
	"hash/fnv"
	"os"
	"testing"
)

// TestAblation is the overfitting check behind the constants in params.go
// and the features of the learned second stage. It is skipped unless
// SEARCH_ABLATION is set:
//
//	SEARCH_ABLATION=1 go test -run TestAblation -v ./search/
//
// For the defaults and for each technique switched off it logs the dev-set
// metrics, the same metrics on two halves of the queries split by card (so
// no card has queries in both), and on pseudo-queries made from the cards
// alone: every other intent phrase of each card is held out, the rest
// indexed (and so also learned from, at Build), and the held-out phrase
// searched for. The pseudo-queries never look at queries.jsonl, so a change
// that helps all three is not fitted to the dev queries.
//
// "-f:NAME" removes one feature from the second stage (its weight is fixed
// at 0 and the others are learned without it); "-learning" keeps
// defaultWeights instead of fitting weights at Build; "stage 1 only" ranks
// by the first-stage BM25F score. SEARCH_ABLATION=sweep instead varies the
// first-stage constants one at a time.
func TestAblation(t *testing.T) {
	mode := os.Getenv("SEARCH_ABLATION")
	if mode == "" {
		t.Skip("set SEARCH_ABLATION=1 to run")
	}
	cards, qs := loadDevSet(t)
	qa, qb := splitByCard(qs)
	pseudoCards, pseudoQs := pseudoQueries(cards)
	run := func(name string, p params) {
		ix := buildWith(cards, p)
		m, ma, mb := evaluate(ix, qs), evaluate(ix, qa), evaluate(ix, qb)
		var pr5, pmrr float64
		var pn int
		for f := range pseudoCards {
			pm := evaluate(buildWith(pseudoCards[f], p), pseudoQs[f])
			pr5 += pm.recall5 * float64(pm.n)
			pmrr += pm.mrr10 * float64(pm.n)
			pn += pm.n
		}
		t.Logf("%-16s r@1=%.3f r@5=%.3f mrr=%.3f zero=%.3f | half A r@5=%.3f mrr=%.3f | half B r@5=%.3f mrr=%.3f | pseudo(%d) r@5=%.3f mrr=%.3f",
			name, m.recall1, m.recall5, m.mrr10, m.zeroHit, ma.recall5, ma.mrr10, mb.recall5, mb.mrr10,
			pn, pr5/float64(pn), pmrr/float64(pn))
	}
	d := defaultParams()
	run("defaults", d)
	off := func(name string, f func(p *params)) {
		p := d
		f(&p)
		run(name, p)
	}
	if mode == "sweep" {
		off("depth=100", func(p *params) { p.depth = 100 })
		off("depth=200", func(p *params) { p.depth = 200 })
		off("folds=2", func(p *params) { p.folds = 2 })
		off("l2=0.01", func(p *params) { p.l2 = 0.01 })
		off("l2=0.1", func(p *params) { p.l2 = 0.1 })
		off("k1=0.9", func(p *params) { p.k1 = 0.9 })
		off("k1=1.6", func(p *params) { p.k1 = 1.6 })
		off("b=0.5", func(p *params) { p.b = 0.5 })
		off("b=0.9", func(p *params) { p.b = 0.9 })
		off("burst=1", func(p *params) { p.burst = 1 })
		off("phrase=2", func(p *params) { p.fieldWeight[fieldPhrase] = 2 })
		off("summary=2", func(p *params) { p.fieldWeight[fieldSummary] = 2 })
		return
	}
	off("-learning", func(p *params) { p.learn = false })
	for i := range numFeat {
		off("-f:"+featNames[i], func(p *params) { p.featOff[i] = true })
	}
	off("-ngram", func(p *params) { p.ngram = false })
	off("-expansion", func(p *params) { p.expandWeight = 0 })
	off("-requests", func(p *params) { p.requestWeight = 0 })
	off("-typo", func(p *params) { p.typoWeight = 0 })
	off("-prefix", func(p *params) { p.prefixWeight = 0 })
	off("-aside", func(p *params) { p.asideWeight = 1 })
	off("-burstiness", func(p *params) { p.burst = 0 })
	off("-idparts", func(p *params) { p.fieldWeight[fieldIDPart] = 0 })
	stage1 := func(p *params) {
		p.learn = false
		for i := range p.featOff {
			p.featOff[i] = i != featBM25F
		}
	}
	off("stage 1 only", stage1)
	off("plain BM25F", func(p *params) {
		stage1(p)
		p.burst, p.bigramWeight, p.typoWeight, p.prefixWeight, p.expandWeight = 0, 0, 0, 0, 0
		p.fieldWeight[fieldIDPart] = 0
	})
}

// splitByCard splits queries into two halves by a hash of the expected card.
func splitByCard(qs []devQuery) (a, b []devQuery) {
	for _, q := range qs {
		h := fnv.New32a()
		h.Write([]byte(q.Expect))
		if h.Sum32()%2 == 0 {
			a = append(a, q)
		} else {
			b = append(b, q)
		}
	}
	return a, b
}

// pseudoQueries builds two folds: in fold f, phrase i of every card with at
// least two phrases is held out as a query when i%2 == f.
func pseudoQueries(cards []Card) ([2][]Card, [2][]devQuery) {
	var folds [2][]Card
	var qs [2][]devQuery
	for f := range folds {
		for _, c := range cards {
			kept := c
			kept.IntentPhrases = nil
			for i, ph := range c.IntentPhrases {
				if len(c.IntentPhrases) >= 2 && i%2 == f {
					qs[f] = append(qs[f], devQuery{Intent: ph, Expect: c.ID})
				} else {
					kept.IntentPhrases = append(kept.IntentPhrases, ph)
				}
			}
			folds[f] = append(folds[f], kept)
		}
	}
	return folds, qs
}
