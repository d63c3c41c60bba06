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
	sets := ablationSets(t)
	run := func(name string, p params) {
		m := sets.measure(p)
		t.Logf("%-16s r@1=%.3f r@5=%.3f mrr=%.3f zero=%.3f | half A r@5=%.3f mrr=%.3f | half B r@5=%.3f mrr=%.3f | pseudo(%d) r@5=%.3f mrr=%.3f",
			name, m.dev.recall1, m.dev.recall5, m.dev.mrr10, m.dev.zeroHit, m.halfA.recall5, m.halfA.mrr10,
			m.halfB.recall5, m.halfB.mrr10, m.pseudo.n, m.pseudo.recall5, m.pseudo.mrr10)
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
	off("stage 1 only", stageOneOnly)
	off("plain BM25F", plainBM25F)
}

// TestPipelineBeatsPlainBM25F is the ablation's claim kept by every test
// run: the techniques on top of BM25F, together, rank the expected card
// higher (MRR@10) than plain BM25F does, on the development queries, on
// each half of them split by card, and on the pseudo-queries made from the
// cards alone, which no constant was fitted to. A change that helps the
// development queries only by fitting them shows here as a loss on the
// pseudo-queries.
func TestPipelineBeatsPlainBM25F(t *testing.T) {
	sets := ablationSets(t)
	d := defaultParams()
	plain := d
	plainBM25F(&plain)
	got, base := sets.measure(d), sets.measure(plain)
	for _, c := range []struct {
		name      string
		got, base evalMetrics
	}{
		{"development queries", got.dev, base.dev},
		{"half A", got.halfA, base.halfA},
		{"half B", got.halfB, base.halfB},
		{"pseudo-queries", got.pseudo, base.pseudo},
	} {
		if c.got.mrr10 <= c.base.mrr10 {
			t.Errorf("%s: MRR@10 %.3f with every technique, %.3f with plain BM25F", c.name, c.got.mrr10, c.base.mrr10)
		}
	}
}

// stageOneOnly ranks by the first-stage BM25F score alone.
func stageOneOnly(p *params) {
	p.learn = false
	for i := range p.featOff {
		p.featOff[i] = i != featBM25F
	}
}

// plainBM25F is stageOneOnly without the first stage's own additions
// (burstiness, bigrams, typo and prefix matches, expansion, id parts).
func plainBM25F(p *params) {
	stageOneOnly(p)
	p.burst, p.bigramWeight, p.typoWeight, p.prefixWeight, p.expandWeight = 0, 0, 0, 0, 0
	p.fieldWeight[fieldIDPart] = 0
}

// ablationSet is the development set as the ablation reads it: all the
// queries, their two halves split by card, and the two folds of
// pseudo-queries with the cards each is searched against.
type ablationSet struct {
	cards       []Card
	qs, qa, qb  []devQuery
	pseudoCards [2][]Card
	pseudoQs    [2][]devQuery
}

func ablationSets(tb testing.TB) ablationSet {
	cards, qs := loadDevSet(tb)
	s := ablationSet{cards: cards, qs: qs}
	s.qa, s.qb = splitByCard(qs)
	s.pseudoCards, s.pseudoQs = pseudoQueries(cards)
	return s
}

// ablationMetrics are one configuration's metrics on each set; pseudo's
// are the two folds' pooled, weighted by their queries.
type ablationMetrics struct {
	dev, halfA, halfB, pseudo evalMetrics
}

func (s ablationSet) measure(p params) ablationMetrics {
	ix := buildWith(s.cards, p)
	m := ablationMetrics{dev: evaluate(ix, s.qs), halfA: evaluate(ix, s.qa), halfB: evaluate(ix, s.qb)}
	for f := range s.pseudoCards {
		pm := evaluate(buildWith(s.pseudoCards[f], p), s.pseudoQs[f])
		m.pseudo.recall5 += pm.recall5 * float64(pm.n)
		m.pseudo.mrr10 += pm.mrr10 * float64(pm.n)
		m.pseudo.n += pm.n
	}
	m.pseudo.recall5 /= float64(m.pseudo.n)
	m.pseudo.mrr10 /= float64(m.pseudo.n)
	return m
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
