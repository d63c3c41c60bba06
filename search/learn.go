package search

import (
	"math"
)

// The second stage is a linear model over the features of features.go. Its
// weights are learned at Build from the cards themselves: every intent
// phrase at an odd position (the 2nd, 4th, ...) of a card with at least two
// phrases is held out, the cards are indexed without them, and each
// held-out phrase is searched for as a query whose right answer is its own
// card. That is the same construction as a real query for a tool described
// by its other examples, so the weights fit whatever corpus is deployed.
//
// The model is a conditional logit (softmax over each query's candidates),
// fitted by Newton's method with an L2 pull towards defaultWeights, which
// were learned the same way on the development cards. With few
// pseudo-queries the pull keeps the defaults; with many the corpus decides.

// defaultWeights are the second-stage weights used when the cards yield too
// few pseudo-queries, and the prior the learned weights are pulled towards.
// They are what Build learned from the pseudo-queries of the 371
// development cards in testdata/intent-eval (the cards only: queries.jsonl
// was not used), rounded.
var defaultWeights = [numFeat]float32{
	featBM25F:      2.2,
	featRel:        4.6,
	featID:         0.56,
	featSummary:    0.91,
	featPhrases:    0.63,
	featBestPhrase: 0.62,
	featBigram:     0.17,
	featPrior:      1.11,
	featDup:        0, // off by default (params.go); learned -1.3 when on
	featStyle:      0.18,
	// The n-gram features: rounded from iterating Build's learning on the
	// development cards with the learned values as the prior.
	featNgID:   0.75,
	featNgCard: 2.5,
}

const (
	// minPseudo is the fewest pseudo-queries worth learning from.
	minPseudo = 50
	// maxPseudo bounds Build time: beyond it, pseudo-queries are taken
	// from an evenly spaced subset of the cards.
	maxPseudo = 500
	// trainDepth is how many first-stage candidates of each pseudo-query
	// the model is fitted on.
	trainDepth = 50
)

// trainSet holds the candidates' features of each pseudo-query.
type trainSet struct {
	feats [][numFeat]float32 // query q's candidates are feats[off[q]:off[q+1]]
	off   []int32
	pos   []int32 // index in feats of query q's right card
}

func (ts *trainSet) n() int { return len(ts.pos) }

// learnWeights fits ix.w on pseudo-queries held out from ix's cards.
func (ix *Index) learnWeights() {
	ix.w = defaultWeights
	for i := range ix.w {
		if ix.p.featOff[i] {
			ix.w[i] = 0
		}
	}
	if !ix.p.learn {
		return
	}
	ts := pseudoTrainSet(ix)
	if ts.n() < minPseudo {
		return
	}
	ix.w = fitLogit(ts, ix.w, ix.p.l2*float64(ts.n()), ix.p.featOff)
}

// pseudoTrainSet collects, for each fold, the features of the first-stage
// candidates of held-out phrases searched for in ix without them.
func pseudoTrainSet(ix *Index) *trainSet {
	ts := &trainSet{off: []int32{0}}
	for f := range ix.p.folds {
		pseudoFold(ts, ix, 1-f)
	}
	return ts
}

// pseudoFold adds to ts the pseudo-queries of one fold: of every card with
// at least two intent phrases, those at positions i with i%2 == held.
func pseudoFold(ts *trainSet, ix *Index, held int) {
	total := 0
	for i := range ix.cards {
		if n := len(ix.cards[i].IntentPhrases); n >= 2 {
			total += (n + 1 - held) / 2
		}
	}
	stride := 1
	if total > maxPseudo {
		stride = (total + maxPseudo - 1) / maxPseudo
	}
	heldOut := func(c, j int) bool { return len(ix.cards[c].IntentPhrases) >= 2 && j%2 == held }
	px := ix.without(heldOut)
	s := newScratch(len(px.cards), len(px.vocab))
	var f [numFeat]float32
	k := 0
	for c := range ix.cards {
		for j, intent := range ix.cards[c].IntentPhrases {
			if !heldOut(c, j) {
				continue
			}
			k++
			if k%stride != 0 {
				continue
			}
			s.reset()
			if !px.analyseQuery(intent, s) {
				continue
			}
			px.scoreCards(s)
			px.selectTop(s, trainDepth, riskUnknown)
			pos := -1
			for i, h := range s.top {
				if h.card == int32(c) {
					pos = i
				}
			}
			if pos < 0 || len(s.top) < 2 || s.qmass <= 0 {
				continue // nothing to learn from
			}
			start := len(ts.feats)
			top := s.top[0].score
			for _, h := range s.top {
				px.features(s, h.card, h.score, top, &f)
				ts.feats = append(ts.feats, f)
			}
			ts.pos = append(ts.pos, int32(start+pos))
			ts.off = append(ts.off, int32(len(ts.feats)))
		}
	}
}

// fitLogit maximises sum over queries of log softmax(w·f)[right card]
// - lambda/2 |w - w0|^2 by Newton's method with backtracking. Features in
// off keep weight 0.
func fitLogit(ts *trainSet, w0 [numFeat]float32, lambda float64, off [numFeat]bool) [numFeat]float32 {
	var idx []int // the free features
	for i := range numFeat {
		if !off[i] {
			idx = append(idx, i)
		}
	}
	prior := make([]float64, len(idx))
	for k, i := range idx {
		prior[k] = float64(w0[i])
	}
	x := func(j, k int) float64 { return float64(ts.feats[j][idx[k]]) }
	w := newtonLogit(ts.off, ts.pos, x, prior, lambda)
	var out [numFeat]float32
	for k, i := range idx {
		out[i] = float32(w[k])
	}
	return out
}

// newtonLogit fits a conditional logit: query q's candidates are rows
// off[q]..off[q+1]-1, pos[q] is the right one, x(j, k) is feature k of row
// j, and the weights are pulled towards prior with strength lambda.
func newtonLogit(off, pos []int32, x func(j, k int) float64, prior []float64, lambda float64) []float64 {
	d := len(prior)
	nq := len(pos)
	w := append([]float64(nil), prior...)

	objective := func(w []float64) float64 {
		var obj float64
		for q := range nq {
			lo, hi := int(off[q]), int(off[q+1])
			mx := math.Inf(-1)
			for j := lo; j < hi; j++ {
				mx = math.Max(mx, score64(w, x, j))
			}
			var z float64
			for j := lo; j < hi; j++ {
				z += math.Exp(score64(w, x, j) - mx)
			}
			obj += score64(w, x, int(pos[q])) - mx - math.Log(z)
		}
		for k := range w {
			obj -= lambda / 2 * (w[k] - prior[k]) * (w[k] - prior[k])
		}
		return obj
	}

	grad := make([]float64, d)
	hess := make([]float64, d*d)
	mean := make([]float64, d)
	next := make([]float64, d)
	var p []float64
	cur := objective(w)
	for range 30 {
		for k := range grad {
			grad[k] = -lambda * (w[k] - prior[k])
		}
		clear(hess)
		for k := range d {
			hess[k*d+k] = lambda
		}
		for q := range nq {
			lo, hi := int(off[q]), int(off[q+1])
			p = p[:0]
			mx := math.Inf(-1)
			for j := lo; j < hi; j++ {
				sc := score64(w, x, j)
				p = append(p, sc)
				mx = math.Max(mx, sc)
			}
			var z float64
			for i := range p {
				p[i] = math.Exp(p[i] - mx)
				z += p[i]
			}
			clear(mean)
			for i := range p {
				p[i] /= z
				for k := range d {
					mean[k] += p[i] * x(lo+i, k)
				}
			}
			for k := range d {
				grad[k] += x(int(pos[q]), k) - mean[k]
			}
			for i := range p {
				for k := range d {
					dk := x(lo+i, k) - mean[k]
					if dk == 0 {
						continue
					}
					pk := p[i] * dk
					for l := k; l < d; l++ {
						hess[k*d+l] += pk * (x(lo+i, l) - mean[l])
					}
				}
			}
		}
		for k := range d {
			for l := 0; l < k; l++ {
				hess[k*d+l] = hess[l*d+k]
			}
		}
		step := solve(hess, grad, d)
		if step == nil {
			break
		}
		// Backtrack until the objective improves.
		t := 1.0
		improved := false
		for range 20 {
			for k := range d {
				next[k] = w[k] + t*step[k]
			}
			if v := objective(next); v >= cur {
				improved = v-cur > 1e-9*math.Max(1, math.Abs(cur))
				cur = v
				copy(w, next)
				break
			}
			t /= 2
		}
		if !improved {
			break
		}
	}
	return w
}

func score64(w []float64, x func(j, k int) float64, j int) float64 {
	var s float64
	for k := range w {
		s += w[k] * x(j, k)
	}
	return s
}

// solve returns the solution of the symmetric positive definite system
// a·x = b (a is d×d, row-major) by Cholesky decomposition, or nil if a is
// not positive definite. a and b are not modified.
func solve(a, b []float64, d int) []float64 {
	l := make([]float64, d*d)
	for i := range d {
		for j := 0; j <= i; j++ {
			s := a[i*d+j]
			for k := range j {
				s -= l[i*d+k] * l[j*d+k]
			}
			if i == j {
				if s <= 0 {
					return nil
				}
				l[i*d+i] = math.Sqrt(s)
			} else {
				l[i*d+j] = s / l[j*d+j]
			}
		}
	}
	y := make([]float64, d)
	for i := range d {
		s := b[i]
		for k := range i {
			s -= l[i*d+k] * y[k]
		}
		y[i] = s / l[i*d+i]
	}
	x := make([]float64, d)
	for i := d - 1; i >= 0; i-- {
		s := y[i]
		for k := i + 1; k < d; k++ {
			s -= l[k*d+i] * x[k]
		}
		x[i] = s / l[i*d+i]
	}
	return x
}
