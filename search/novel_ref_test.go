package search

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

// TestNoveltyAgreesWithDefinition: each card's missing mass (novelLog)
// and request words are those novel.go's comment defines, computed here
// from that definition with maps over the index's units: on the
// development cards, and on cards made to reach every bound (the caps on
// a card's novel and predicting words, a predicting word in exactly
// maxRequestDF of the cards, exactly minRequestCards holders, a
// probability of exactly minRequestProb, more request words than
// maxRequestWords, tied and not). Mutation testing found the smoothing,
// the probability's denominator, the weights and those bounds changed with
// no test failing.
func TestNoveltyAgreesWithDefinition(t *testing.T) {
	dev, _ := loadDevSet(t)
	for _, tc := range []struct {
		name  string
		cards []Card
	}{{"development cards", dev}, {"bounds", noveltyBoundCards()}} {
		t.Run(tc.name, func(t *testing.T) {
			ix := Build(tc.cards)
			wantLog, wantReq := referenceNovelty(ix)
			for c := range ix.cards {
				if d := float64(ix.novelLog[c]) - wantLog[c]; !(d >= -1e-5 && d <= 1e-5) { // NaN too
					t.Errorf("novelLog of %s: %v, by the definition %v", ix.cards[c].ID, ix.novelLog[c], wantLog[c])
				}
			}
			expOff, exp := ix.buildNovelty(ix.cardFrequency(allFields, nil))
			n := 0
			for c := range ix.cards {
				got := exp[expOff[c]:expOff[c+1]]
				if !slices.Equal(got, wantReq[c]) {
					t.Errorf("request words of %s:\n got %v\nwant %v", ix.cards[c].ID, ix.relatedWords(got), ix.relatedWords(wantReq[c]))
				}
				n += len(got)
			}
			if n == 0 {
				t.Errorf("no card has a request word: the test compares nothing")
			}
		})
	}
}

// noveltyBoundCards returns 320 cards (maxRequestDF of them is 16) whose
// request words reach the bounds of buildNovelty and requestWords.
func noveltyBoundCards() []Card {
	var cards []Card
	add := func(id, summary string, phrases ...string) {
		cards = append(cards, Card{ID: id, Summary: summary, IntentPhrases: phrases})
	}
	// Three cards, the only holders (minRequestCards) of 130 predicting
	// words (an id word and s0..s128), each with 130 novel words
	// (v0..v129) before "wipe": each cap cuts. A card holding each of
	// s125..s129 learns from them or not; one holding s0 and v0..v127 has
	// no request word unless more than 128 novel words are counted.
	for i := range 3 {
		add(fmt.Sprintf("h%d", i), numberedWords("s", 0, 130), numberedWords("v", 0, 130), "wipe blocks", "zap sectors")
	}
	for j := 125; j < 130; j++ {
		add(fmt.Sprintf("t%d", j), fmt.Sprintf("s%d rest", j), "keep going")
	}
	add("vt", "s0 "+numberedWords("v", 0, 128))
	// "shred" in exactly 16 cards, 15 of them holders: "fragment" in
	// three, a probability of 3/16 (below minRequestProb); "pulp" in four,
	// 4/16; "scatter" beside "shred" in the same phrase, which teaches
	// nothing.
	for i := range 15 {
		ph := fmt.Sprintf("cut paper%d", i)
		switch {
		case i < 3:
			ph = "fragment pages"
		case i < 7:
			ph = "pulp pages"
		case i < 10:
			ph = "shred scatter"
		}
		add(fmt.Sprintf("p%d", i), "Shred paper", ph, fmt.Sprintf("run job%d", i))
	}
	add("shredder", "Shred cards")
	// "dice" in 15 cards, 14 holders: "cube" in three, 3/15, exactly
	// minRequestProb.
	for i := range 14 {
		ph := fmt.Sprintf("cut veg%d", i)
		if i < 3 {
			ph = "cube carrots"
		}
		add(fmt.Sprintf("d%d", i), "Dice food", ph, fmt.Sprintf("make meal%d", i))
	}
	add("cook", "Dice onions", "dice finely")
	// "glue", novel beside "gamma" in one card of three, and beside
	// "delta" in two of three: learned from neither.
	for i := range 3 {
		add(fmt.Sprintf("g%d", i), "Gamma", []string{"glue", "gx"}[min(i, 1)], fmt.Sprintf("gy%d", i))
		add(fmt.Sprintf("e%d", i), "Delta", []string{"glue", "glue", "ex"}[i], fmt.Sprintf("ey%d", i))
	}
	add("et", "Delta target")
	// Words brought beside "blend" (nine tied at 3/7, "puree" at 4/7) and
	// beside "mix": more than maxRequestWords for the last two cards,
	// which are not the first to have request words.
	for i := range 4 {
		ph := "whisk stir fold beat churn knead toss swirl combine"
		if i == 3 {
			ph = "plain words"
		}
		add(fmt.Sprintf("b%d", i), "Blend mix", ph, fmt.Sprintf("puree soup%d", i))
	}
	for i := range 3 {
		add(fmt.Sprintf("m%d", i), "Mix paint", "tint shade hue", fmt.Sprintf("coat wall%d", i))
	}
	add("mixer", "Blend and mix", "blend well", "mix well")
	add("blender", "Blend drinks", "blend fast", "blend slow")
	for i := len(cards); i < 320; i++ {
		add(fmt.Sprintf("other%d", i), fmt.Sprintf("Other tool word%d", i), "do other things", "do more")
	}
	return cards
}

// numberedWords is the words prefix+from … prefix+(to-1), joined by
// blanks.
func numberedWords(prefix string, from, to int) string {
	ws := make([]string, 0, max(to-from, 0))
	for j := from; j < to; j++ {
		ws = append(ws, fmt.Sprintf("%s%d", prefix, j))
	}
	return strings.Join(ws, " ")
}

// referenceNovelty computes, from the definition in novel.go with maps,
// each card's novelLog and its request words, most probable first.
func referenceNovelty(ix *Index) ([]float64, [][]related) {
	nc := len(ix.cards)
	type novel struct{ term, unit int32 }
	df := map[int32]int{}
	cardWords := make([][]int32, nc)  // distinct, in order
	novelWords := make([][]novel, nc) // the first maxNovelTerms learnable
	novelIn := make([]map[int32]int32, nc)
	learns := make([]bool, nc)
	nov, tot := make([]float64, nc), make([]float64, nc)
	var gNov, gTot, gWords float64
	for c := range nc {
		count := map[int32]int{}
		phrases := 0
		for ui := ix.cardUnits[c]; ui < ix.cardUnits[c+1]; ui++ {
			if ix.units[ui].field == fieldPhrase {
				phrases++
			}
			for _, t := range ix.unitTermsOf(&ix.units[ui]) {
				if count[t] == 0 {
					cardWords[c] = append(cardWords[c], t)
					df[t]++
				}
				count[t]++
			}
		}
		learns[c] = phrases >= 2
		novelIn[c] = map[int32]int32{}
		for ui := ix.cardUnits[c]; ui < ix.cardUnits[c+1]; ui++ {
			if ix.units[ui].field != fieldPhrase {
				continue
			}
			inUnit := map[int32]int{}
			var distinct []int32
			for _, t := range ix.unitTermsOf(&ix.units[ui]) {
				if inUnit[t] == 0 {
					distinct = append(distinct, t)
				}
				inUnit[t]++
			}
			for _, t := range distinct {
				w := float64(ix.idf[t])
				tot[c] += w
				gWords++
				if inUnit[t] == count[t] { // no other unit of the card holds it
					nov[c] += w
					novelIn[c][t] = ui
				}
			}
		}
		gNov += nov[c]
		gTot += tot[c]
	}
	for c := range nc { // df is known now
		if !learns[c] {
			continue
		}
		for ui := ix.cardUnits[c]; ui < ix.cardUnits[c+1]; ui++ {
			seen := map[int32]bool{}
			for _, t := range ix.unitTermsOf(&ix.units[ui]) {
				if !seen[t] && novelIn[c][t] == ui && df[t] >= minRequestCards && len(novelWords[c]) < maxNovelTerms {
					novelWords[c] = append(novelWords[c], novel{t, ui})
				}
				seen[t] = true
			}
		}
	}
	logs := make([]float64, nc)
	mu := (gNov + 1) / (gTot + 2)
	k := noveltyPrior * gTot / gWords
	for c := range nc {
		logs[c] = math.Log((nov[c] + k*mu) / (tot[c] + k) / mu)
	}
	// A card's predicting words: its first maxRequestSources words in at
	// most maxRequestDF of the cards, each with the unit it is novel in.
	maxDF := int(maxRequestDF * float64(nc))
	sources := make([][]novel, nc)
	holders := map[int32][]novel{} // by predicting word: card and unit
	for c := range nc {
		for _, t := range cardWords[c] {
			if df[t] <= maxDF && len(sources[c]) < maxRequestSources {
				u, ok := novelIn[c][t]
				if !ok {
					u = -1
				}
				sources[c] = append(sources[c], novel{t, u})
				if learns[c] {
					holders[t] = append(holders[t], novel{int32(c), u})
				}
			}
		}
	}
	prob := map[int32]map[int32]float32{} // P(q novel | d) by d, q
	for d, hs := range holders {
		if len(hs) < minRequestCards {
			continue
		}
		co := map[int32]int{}
		for _, h := range hs {
			for _, q := range novelWords[h.term] {
				if q.unit != h.unit && q.term != d {
					co[q.term]++
				}
			}
		}
		for q, n := range co {
			if p := float32(n) / float32(len(hs)+1); n >= minRequestCards && p >= minRequestProb {
				if prob[d] == nil {
					prob[d] = map[int32]float32{}
				}
				prob[d][q] = p
			}
		}
	}
	req := make([][]related, nc)
	for c := range nc {
		held := map[int32]bool{}
		for _, t := range cardWords[c] {
			held[t] = true
		}
		best := map[int32]float32{}
		for _, s := range sources[c] {
			for q, p := range prob[s.term] {
				if !held[q] {
					best[q] = max(best[q], p)
				}
			}
		}
		for q, p := range best {
			req[c] = append(req[c], related{term: q, w: float32(ix.p.requestWeight) * p})
		}
		slices.SortFunc(req[c], func(a, b related) int {
			if a.w != b.w {
				return cmp.Compare(b.w, a.w)
			}
			return cmp.Compare(a.term, b.term)
		})
		req[c] = req[c][:min(len(req[c]), maxRequestWords)]
	}
	return logs, req
}

// relatedWords shows request words as word:weight.
func (ix *Index) relatedWords(rs []related) []string {
	var out []string
	for _, r := range rs {
		out = append(out, fmt.Sprintf("%s:%.3f", ix.vocab[r.term], r.w))
	}
	return out
}

// TestNovelScoreIsMissingShareTimesNovelLog: featNovel is the share of
// the query's mass (qmass) in the analysed query words a card's text does
// not hold, times the card's novelLog, computed here from the card's units
// for every development card and the first 40 development queries.
// Mutation testing found the share's idf weighting and its division by
// the query's mass changed with no test failing.
func TestNovelScoreIsMissingShareTimesNovelLog(t *testing.T) {
	cards, queries := loadDevSet(t)
	ix := Build(cards)
	held := make([]map[int32]bool, len(cards)) // each card's words
	for c := range cards {
		held[c] = map[int32]bool{}
		for ui := ix.cardUnits[c]; ui < ix.cardUnits[c+1]; ui++ {
			for _, t := range ix.unitTermsOf(&ix.units[ui]) {
				held[c][t] = true
			}
		}
	}
	partial := 0 // cards lacking some query words and holding others
	for _, q := range queries[:40] {
		s := ix.pool.Get().(*scratch)
		s.reset()
		if !ix.analyseQuery(q.Intent, s) {
			t.Fatalf("%q: no query", q.Intent)
		}
		ix.scoreCards(s)
		for c := range ix.cards {
			var miss, all float64
			for _, qt := range s.terms {
				if qt.kind == kindOrig {
					all += float64(qt.w * ix.idf[qt.term])
					if !held[c][qt.term] {
						miss += float64(qt.w * ix.idf[qt.term])
					}
				}
			}
			if miss > 0 && miss < all {
				partial++
			}
			want := miss / float64(s.qmass) * float64(ix.novelLog[c])
			var f [numFeat]float32
			ix.features(s, int32(c), 1, 1, &f)
			if d := float64(f[featNovel]) - want; !(d >= -1e-5 && d <= 1e-5) {
				t.Errorf("%q against %s: featNovel %v, by the definition %v", q.Intent, cards[c].ID, f[featNovel], want)
			}
		}
		ix.pool.Put(s)
	}
	if partial == 0 {
		t.Errorf("no card holds part of a query: the test compares only 0 and the whole")
	}
}
