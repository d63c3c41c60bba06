package search

import (
	"cmp"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Query is one search request.
type Query struct {
	Intent string
	Limit  int    // <=0 means 10
	Risk   string // "" (any) | "reversible" | "destructive": filter
	// Commands are the cards (indexes, as Result.Card) whose replaces
	// patterns match the intent read as a command line, most specific
	// first: an agent may name the command it was about to type
	// ("kubectl apply -f k8s/"), and the card that says it replaces that
	// very command is the answer, whatever other cards share its words.
	// They rank first, in this order, with "replaces" first among what
	// they matched. Search does not read shell; the caller finds them
	// (cmdline.Matcher).
	Commands []int
}

// Result is one ranked card.
type Result struct {
	Card    int      // index into the cards slice given to Build
	ID      string   // the card's ID
	Score   float64  // higher is better, 7 significant digits; results sorted by Score desc, then ID asc
	Matched []string // matching intent phrases verbatim, or field names, by contribution
	// Coverage is the share of the intent's words the card holds, each
	// weighted by its idf (rare words weigh more), in any field, from 0
	// to 1, rounded to two decimals. Scores only rank the cards of one
	// search; coverage says how much of the request the card speaks to at
	// all, so a caller can tell "no tool fits" ("order pizza for the
	// team" finding only "team") from a good first hit. Words the cards
	// do not hold (or typos of them) count as not covered.
	Coverage float64
}

const defaultLimit = 10

// ErrEmptyIntent is what a caller answers for a blank intent, which Search
// matches nothing for: the HTTP API and the CLI refuse it in these words.
var ErrEmptyIntent = errors.New("intent is empty; describe what you need to do")

// qterm is one weighted query term: an analysed query word, a typo
// correction of one, or a co-occurrence expansion of one.
type qterm struct {
	term int32
	w    float32 // query-side weight: count of the word times any discount
	kind uint8   // kindOrig for an analysed query word, else its source
}

// Sources of query terms, in decreasing order of trust.
const (
	kindOrig   uint8 = iota // an analysed query word itself
	kindFuzzy               // a typo correction or prefix variant
	kindExpand              // a co-occurrence expansion
)

// scratch holds the per-query working memory, reused through a sync.Pool
// so that Search allocates no maps and no index-sized arrays.
type scratch struct {
	cardScore   []float32 // BM25F score per card
	cardTouched []int32   // cards with a non-zero score, for reset
	termSlot    []int32   // per vocabulary term: 1 + its index in terms, or 0

	raw     []string // raw query tokens
	aside   []bool   // per raw token: inside parentheses
	breaks  []bool   // per raw token: a clause ends before it (see endsClause)
	parts   []string // camel-case parts of raw tokens (see camelParts)
	partEnd []int32
	split   []string // the two words of a word run together (splitWord)
	seq     []int32  // analysed query terms in order; -1 for unknown words
	terms   []qterm  // distinct weighted query terms
	qmass   float32  // idf mass of the original query terms, or if more, of the heaviest repair (scoreCards)
	// orig are the original query words of terms, once origMade (origTerms).
	orig     []origTerm
	origMade bool
	// words are the query's words as coverage counts them, and reached
	// the slots of s.terms each reached (queryWord.from to .to), those an
	// earlier word took too.
	words   []queryWord
	reached []int32
	track   bool  // addTerm records in reached
	stemLen int32 // of the word addQueryWord last added
	// whole marks the slots of reached a word reached as a whole other
	// word (an abbreviation or its full form), which coverage takes for
	// the word however long; abbrev says addTerm is adding one.
	whole  []bool
	abbrev bool
	top    []hit   // the best cards (selectTop)
	cand   []hit   // every card scored, for selectTop
	best   float32 // the best first-stage score of any card (selectTop)
	ranked []roundedHit
	// bigrams are the query's pairs of terms (queryBigrams), made at the
	// first unit that needs them; bigramUnit counts the units matched.
	bigrams     []bigram
	bigramsMade bool
	bigramUnit  uint32
	buf         []byte    // candidate-key buffer for typo look-ups
	cands       []int32   // typo or prefix candidates
	acc         []float32 // per query term and field group: weighted tf
	style       uint64    // style attributes of the query (style.go)
	ngbuf       []int32   // hashed query n-grams (ngram.go)
	qng         []ngEntry // the query's n-gram vector
	qslot       []uint16  // per n-gram bucket: 1 + its index in qng, or 0
	qtf         []int32   // per query n-gram: its count in the current card
	// Per n-gram word met in a candidate (ngWordsMet), where s.ngHits
	// lists the query n-grams it holds, or -1 if none (0: not looked up
	// yet in this query); see countQueryNgrams.
	ngWordAt   []int32
	ngWordsMet []int32
	ngHits     []uint16
	// slots are the query terms (by slot) met in the unit being matched.
	slots termSet
	// named are the cards (Query.Commands) put first so far, so that a
	// card named twice is put first once; made at the first query that
	// names any.
	named termSet

	// The query words with vectors, and per row of the table met in a
	// card (simSlot: 1 + its index in simTouched, or 0) its cosines to
	// them, those computed so far (assoc.go).
	assocWords []assocWord
	assocMass  float32 // the weight of those no card holds (not in qmass)
	simSlot    []int32
	simTouched []int32
	simOwn     []int8 // per entry of simTouched: the query word whose row it is, or -1
	simVals    []float32
	assocSlots []int32 // the candidate's rows, by slot

	// The units of a result that matched (matched).
	contribs, widened []contrib
}

type hit struct {
	card  int32
	score float32
}

func newScratch(cards, terms int) *scratch {
	return &scratch{
		cardScore: make([]float32, cards),
		termSlot:  make([]int32, terms),
	}
}

// slotSet returns the set of query term slots, emptied, sized for the
// query's terms.
func (s *scratch) slotSet() *termSet {
	if len(s.slots.mark) < len(s.terms) {
		s.slots = newTermSet(max(len(s.terms), 2*len(s.slots.mark)))
	}
	s.slots.reset()
	return &s.slots
}

// namedSet returns the set of cards put first (putFirst), emptied, sized
// for an index of cards cards.
func (s *scratch) namedSet(cards int) *termSet {
	if len(s.named.mark) < cards {
		s.named = newTermSet(cards)
	}
	s.named.reset()
	return &s.named
}

// reset clears only what the last query touched, so a query costs time in
// proportion to its matches rather than to the index size.
func (s *scratch) reset() {
	if 8*len(s.cardTouched) > len(s.cardScore) {
		clear(s.cardScore) // faster than card by card: a query touches most cards
	} else {
		for _, c := range s.cardTouched {
			s.cardScore[c] = 0
		}
	}
	s.cardTouched = s.cardTouched[:0]
	for _, qt := range s.terms {
		s.termSlot[qt.term] = 0
	}
	s.raw = s.raw[:0]
	s.seq = s.seq[:0]
	s.terms = s.terms[:0]
	s.origMade = false
	s.top = s.top[:0]
	s.best = 0
	s.bigramsMade = false
	s.qmass = 0
	s.words = s.words[:0]
	s.reached = s.reached[:0]
	s.whole = s.whole[:0]
	s.resetAssoc()
}

// Search ranks the cards for q.Intent. It returns nil when nothing
// matches, and when the intent has no indexable words (empty or only stop
// words and lone letters) unless it spells, word for word, the id of a card
// that has none either ("am", "where"): that card has score 1 and matched
// ["id"]; the cards of q.Commands still come first then ("w -h" names w). An
// unrecognised q.Risk value matches no card. A zero or nil Index is one of
// no cards, and matches nothing.
//
// The results for a limit are the first of those for any larger limit up
// to 100: as many candidates are re-ranked for any limit up to that. The
// risk filter selects the candidates (the best first-stage cards of that
// risk), so it may list a card the unfiltered search re-ranks none of; it
// does not change the scores of the results it keeps, but for
// the cards q.Commands names: they are put first, in their order, each
// scored above the next and the last above the best result the filter
// kept, which may be one of them.
func (ix *Index) Search(q Query) []Result {
	if ix == nil || len(ix.cards) == 0 {
		return nil // a zero Index has no scratch pool either
	}
	limit := q.Limit
	if limit <= 0 {
		limit = defaultLimit
	}
	wantRisk := riskUnknown
	if q.Risk != "" {
		if wantRisk = parseRisk(q.Risk); wantRisk == riskUnknown {
			return nil
		}
	}
	s := ix.pool.Get().(*scratch)
	defer ix.pool.Put(s)
	s.reset()

	commands := ix.placesOf(q.Commands)
	if !ix.analyseQuery(q.Intent, s) {
		ix.putFirst(s, commands, wantRisk) // s.top was empty: the commands' cards alone
		return ix.asGiven(ix.commandsFirst(s.top, ix.searchBareID(s.raw, wantRisk, limit), limit))
	}
	ix.scoreCards(s)
	ix.selectTop(s, max(limit, ix.p.depth), wantRisk)
	ix.rerank(s, &ix.w)
	ix.putFirst(s, commands, wantRisk)
	ranked := ix.rankRounded(s, limit)
	if len(ranked) == 0 {
		return nil
	}
	out := make([]Result, len(ranked))
	for i, h := range ranked {
		out[i] = Result{
			Card:     int(h.card),
			ID:       ix.cards[h.card].ID,
			Score:    h.score,
			Matched:  ix.matched(s, h.card),
			Coverage: ix.coverage(s, h.card),
		}
		if slices.Contains(commands, int(h.card)) {
			out[i].Matched = append([]string{"replaces"}, slices.DeleteFunc(out[i].Matched, func(m string) bool { return m == "replaces" })...)
		}
	}
	return ix.asGiven(out)
}

// roundedHit is a candidate with its score as Result.Score gives it.
type roundedHit struct {
	card  int32
	score float64
}

// rankRounded returns the best limit candidates of s.top by their scores
// as results give them: the model's odds, rounded (roundScore). Scores
// the rounding made equal, or more than e^745 below the best (which all
// get the smallest score), are in id order, as any tie; rounded before
// the list is cut, so that a list is the start of any longer one (cut
// first, a card could make a short list and be passed over by a tied card
// of a smaller id in a longer one).
//
// Rounding keeps the order of the odds (it may only make them equal), so
// of the candidates by their odds, the first limit and those after them
// that round as the last of these are all that can make the list: only
// they are rounded, which was nine tenths of the rounding's time.
func (ix *Index) rankRounded(s *scratch, limit int) []roundedHit {
	if len(s.top) == 0 {
		return nil
	}
	shift := scoreShift(s.top[0].score)
	ranked := s.ranked[:0]
	ordered := true // by the odds, best first
	for i, h := range s.top {
		odds := max(math.Exp(float64(h.score)-shift), math.SmallestNonzeroFloat64)
		ranked = append(ranked, roundedHit{h.card, odds})
		if i > 0 && !(odds <= ranked[i-1].score) {
			ordered = false
		}
	}
	s.ranked = ranked
	if limit <= 0 {
		return ranked[:0]
	}
	if !ordered {
		slices.SortStableFunc(ranked, func(a, b roundedHit) int { return cmp.Compare(b.score, a.score) })
	}
	n := 0
	for ; n < len(ranked); n++ {
		r := roundScore(ranked[n].score)
		if n >= limit && cmp.Compare(r, ranked[limit-1].score) < 0 {
			break // below the last of the list, as is every one after it
		}
		ranked[n].score = r
	}
	ranked = ranked[:n]
	slices.SortStableFunc(ranked, func(a, b roundedHit) int {
		return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(a.card, b.card)) // id order (sortHits)
	})
	return ranked[:min(limit, n)]
}

// placesOf maps cards given to Build (Query.Commands) to their places in
// ix.cards; one out of range stays out of range (-1).
func (ix *Index) placesOf(given []int) []int {
	if len(given) == 0 {
		return nil
	}
	out := make([]int, len(given))
	for i, g := range given {
		out[i] = -1
		if g >= 0 && g < len(ix.place) {
			out[i] = ix.place[g]
		}
	}
	return out
}

// asGiven maps the results' Card from places in ix.cards to places in the
// slice given to Build.
func (ix *Index) asGiven(out []Result) []Result {
	for i := range out {
		out[i].Card = ix.given[out[i].Card]
	}
	return out
}

// queryWord is one word of the query as coverage counts it (a word
// written as parts, "rebasePizza", is one for each part): the slots of
// s.terms its own term, corrections, prefix variants and abbreviations
// reached (s.reached[from:to], taken by it or by an earlier word), and its
// weight, its query weight times the idf of its own term, or of its
// rarest variant, or of a word no card holds.
type queryWord struct {
	from, to int32
	stemLen  int32 // of the word: a variant much shorter is no form of it
	weight   float32
}

// addCoverageWord records the query word of term t (-1 for none) whose
// terms were reached from s.reached[from] on, of query weight qw (see
// queryWord).
func (ix *Index) addCoverageWord(s *scratch, t, from, stemLen int32, qw float32) {
	qwd := queryWord{from: from, to: int32(len(s.reached)), stemLen: stemLen}
	var idf float32
	if t >= 0 {
		idf = ix.idf[t]
	} else {
		for _, slot := range s.reached[qwd.from:qwd.to] {
			idf = max(idf, ix.idf[s.terms[slot].term])
		}
	}
	if qwd.from == qwd.to {
		idf = bm25IDF(float64(len(ix.cards)), 0) // the idf of a word in no card
	}
	qwd.weight = qw * idf
	s.words = append(s.words, qwd)
}

// coverage is Result.Coverage of card c for the query analysed in s: the
// weight of the query words the card's units hold (wordHeld) over that of
// all the query's words. It is 1 only when every word is held.
func (ix *Index) coverage(s *scratch, c int32) float64 {
	held := s.slotSet()
	for ui := ix.cardUnits[c]; ui < ix.cardUnits[c+1]; ui++ {
		for _, t := range ix.unitTermsOf(&ix.units[ui]) {
			if slot := s.termSlot[t] - 1; slot >= 0 && s.terms[slot].kind != kindExpand {
				held.add(slot)
			}
		}
	}
	var got, total float32
	missing := false
	for _, w := range s.words {
		total += w.weight
		if ix.wordHeld(s, held, w) {
			got += w.weight
		} else {
			missing = true
		}
	}
	if total <= 0 {
		return 0
	}
	share := math.Round(100*min(1, float64(got/total))) / 100
	if missing {
		share = min(share, 0.99) // not all of it, however rare the rest
	}
	return share
}

// wordHeld reports whether a term the query word w reached is in held
// and a form of the word: the word itself or another word of the query,
// its abbreviation or full form ("db" for "database"), or a correction or
// variant nearly as long as its stem, not a short prefix ("rebas" of
// "rebasepizza", a word no card holds).
func (ix *Index) wordHeld(s *scratch, held *termSet, w queryWord) bool {
	for k := w.from; k < w.to; k++ {
		slot := s.reached[k]
		if !held.has(slot) {
			continue
		}
		if qt := s.terms[slot]; qt.kind == kindOrig || s.whole[k] || 4*int32(len(ix.vocab[qt.term])) >= 3*w.stemLen {
			return true
		}
	}
	return false
}

// putFirst ranks the cards named (Query.Commands) above every other, in
// the order given, those of another risk than wanted left out and a card
// named again counted where it was first named: each scores e above the
// next, and the last e above the best candidate before they were put
// first, which may be one of them.
func (ix *Index) putFirst(s *scratch, cards []int, wantRisk uint8) {
	if len(cards) == 0 {
		return
	}
	var best float32
	if len(s.top) > 0 {
		best = s.top[0].score
	}
	s.top = slices.DeleteFunc(s.top, func(h hit) bool { return slices.Contains(cards, int(h.card)) })
	named := s.namedSet(len(ix.cards))
	front := make([]hit, 0, len(cards)+len(s.top))
	for _, c := range cards {
		if c >= 0 && c < len(ix.cards) && (wantRisk == riskUnknown || ix.risk[c] == wantRisk) && named.add(int32(c)) {
			front = append(front, hit{card: int32(c)})
		}
	}
	for i := range front {
		front[i].score = best + float32(len(front)-i)
	}
	s.top = append(front, s.top...)
}

// roundScore keeps 7 significant digits of a score: enough to order and
// compare results, short in JSON, and stable across platforms. Digits, not
// decimals, so that a small positive score never becomes 0.
func roundScore(v float64) float64 {
	r, err := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 7, 64), 64)
	if err != nil {
		return v
	}
	return r
}

// maxExp bounds the exponent of the best score: e^700 is finite, e^710
// is not, and JSON has no infinity.
const maxExp = 700

// scoreShift is what is taken off every linear score of one result list
// before exponentiating: 0 normally, so a score is the model's odds, and
// enough to bring the best into ±maxExp when a pathological intent (one
// known word among hundreds of misspelt ones) drives the linear score far
// out. Ratios between the scores of one list stay exact either way, but
// for scores so far below the best that they floor at the smallest float.
func scoreShift(best float32) float64 {
	b := float64(best)
	return b - min(max(b, -maxExp), maxExp)
}

// analyseQuery fills s.seq and s.terms. It reports false when the intent
// has no indexable word at all.
func (ix *Index) analyseQuery(intent string, s *scratch) bool {
	s.queryTokens(intent, ix.holdsIdent)
	s.style = styleOf(intent)
	if ix.p.ngram {
		ix.queryNgrams(s)
	}
	words, unknown := 0, 0
	s.track = true // the words' own terms and repairs, not the expansions below
	for i, w := range s.raw {
		if !keepToken(w) {
			continue
		}
		qw := float32(1)
		if s.aside[i] {
			qw = float32(ix.p.asideWeight)
		}
		words++
		from, at := int32(len(s.reached)), len(s.seq)
		repair := unknown < maxRepairs
		found := ix.addQueryWord(s, w, qw, repair)
		stemLen := s.stemLen
		if !found && repair {
			unknown++
			// "dbRollback" is no word of the cards, nor a typo of one
			// ("PowreShell" is): its parts may be, and so may two words
			// run together ("forcepush"), or it and the word beside it
			// one word of theirs written apart ("run book").
			if ix.addJoined(s, i, qw) {
				ix.addCoverageWord(s, s.seq[at], from, stemLen, qw)
				continue
			}
			parts := s.camelParts(i)
			if len(parts) > 2 && len(w) <= maxJoinWord {
				parts = ix.joinParts(parts, s.split[:0])
				s.split = parts
			} else if len(parts) == 0 {
				parts = ix.splitWord(w, s.split[:0])
				s.split = parts
			}
			counted := false
			for _, p := range parts {
				if !keepToken(p) {
					continue
				}
				pfrom, pat := int32(len(s.reached)), len(s.seq)
				if !ix.addQueryWord(s, p, qw, unknown < maxRepairs) {
					unknown++
				}
				// Each part is a word of the request: all must be held
				// for the word to be ("rebasePizza" is not "rebase").
				ix.addCoverageWord(s, s.seq[pat], pfrom, s.stemLen, qw)
				counted = true
			}
			if counted {
				continue
			}
		}
		ix.addCoverageWord(s, s.seq[at], from, stemLen, qw)
	}
	s.track = false
	if words == 0 {
		return false
	}
	if ix.p.expandWeight > 0 {
		n := len(s.terms)
		for i := 0; i < n; i++ {
			qt := s.terms[i]
			for _, r := range ix.expand[ix.expandOff[qt.term]:ix.expandOff[qt.term+1]] {
				s.addTerm(r.term, qt.w*r.w*float32(ix.p.expandWeight), kindExpand)
			}
		}
	}
	return true
}

// addJoined adds, at weight qw, the term of the cards that raw query
// token i, a word the index does not hold, makes run together with the
// word before it or else the word after it ("run book" of a card's
// "runbook", "post mortem" of "postmortem", "global protect" of
// "GlobalProtect"), and reports whether there was one: the words a
// request writes apart that the cards write as one, as splitWord reads
// those it runs together. The word beside it must be one worth indexing
// (no stop word), an aside as it is or not, and in its clause ("run.
// Book a room" is no "runbook"; see endsClause); it keeps its own term,
// as a word the cards hold. Two words the cards each hold are not joined
// ("check out" is no "checkout").
func (ix *Index) addJoined(s *scratch, i int, qw float32) bool {
	for _, k := range [2]int{i - 1, i + 1} {
		if k < 0 || k >= len(s.raw) || s.aside[k] != s.aside[i] || !keepToken(s.raw[k]) || s.breaks[max(i, k)] {
			continue
		}
		joined := s.raw[k] + s.raw[i]
		if k > i {
			joined = s.raw[i] + s.raw[k]
		}
		if t, ok := ix.indexedTerm(stem(joined)); ok {
			s.addTerm(t, qw, kindOrig)
			return true
		}
	}
	return false
}

// maxJoinParts is the most camel-case parts joinParts reads as one word,
// and maxJoinWord the longest word, in bytes, whose parts it reads: a
// word of the cards is a few words written as one ("crashloopbackoff",
// "imagepullbackoff", four), a name a request pastes a few of those
// ("CheckoutHighErrorRate"), and each run tried is a join and a stem.
// Every run from each part, of any word, was quadratic in its parts, and
// each run as long as the word: a 60 KB word of 10,000 parts
// (BenchmarkSearchLongCamel) did not end in 250 s, 24 ms before
// joinParts; with runs of four parts alone it took 91-180 ms.
const (
	maxJoinParts = 4
	maxJoinWord  = 64
)

// joinParts appends to dst the camel-case parts of a word, each run of
// two to maxJoinParts that together make a term of the cards ("Crash"
// "Loop" of "CrashLoopBackOff", as a card's "crashlooping") read as one,
// the longest first. The whole word is no term (its parts are looked at
// only then), so it is not tried.
func (ix *Index) joinParts(parts, dst []string) []string {
	for a := 0; a < len(parts); {
		b := a + 1
		for e := min(len(parts), a+maxJoinParts); e > a+1; e-- {
			if a == 0 && e == len(parts) {
				continue
			}
			if _, ok := ix.indexedTerm(stem(strings.Join(parts[a:e], ""))); ok {
				b = e
				break
			}
		}
		dst = append(dst, strings.Join(parts[a:b], ""))
		a = b
	}
	return dst
}

// maxRepairs is how many words of one query that the index does not hold
// are corrected (addTypoTerms) or cut (splitWord); any more count as
// unknown words. An intent has a few such words; a request line of 60 KB
// of nonsense has thousands, and repairing each cost 48 ms a query at
// 10,000 cards (BenchmarkSearchLongNonsense) where 2 ms is typical of
// long input.
const maxRepairs = 32

// addQueryWord adds the query word w (a raw token worth indexing), of
// weight qw, to s.seq and s.terms, with its prefix variants, or, when it
// is not a term of the index and repair is set, its typo corrections; it
// reports whether it is a term or has one.
func (ix *Index) addQueryWord(s *scratch, w string, qw float32, repair bool) bool {
	st := stem(w)
	s.stemLen = int32(len(st))
	t, ok := ix.indexedTerm(st)
	ix.addPrefixTerms(s, st)
	if !ok {
		ix.addAssocWord(s, st, -1, qw)
		s.seq = append(s.seq, -1)
		if repair && ix.addFoldedTerms(s, w, qw) {
			return true
		}
		if repair && ix.addNamePlural(s, w, qw) {
			return true
		}
		abbrev := ix.addAbbrevTerms(s, st, qw)
		return repair && ix.correctTypo(s, st, w) || abbrev
	}
	ix.addAssocWord(s, st, t, qw)
	s.seq = append(s.seq, t)
	s.addTerm(t, qw, kindOrig)
	return true
}

// addNamePlural adds the term w is without its last "s", when w, a query
// word the index does not hold, is a name ending in a digit and an "s"
// ("P1s", "H100s", "EC2s": the plural of a priority, a GPU, an instance
// type) and the cards hold the name, at w's weight qw, and reports
// whether it did. The tokenizer cannot read it so, as "k8s" is a name of
// its own, in lower case or not ("K8s"); a word the cards do not hold
// is no such name, and one they do not hold without its "s" either is
// left as it is.
func (ix *Index) addNamePlural(s *scratch, w string, qw float32) bool {
	n := len(w)
	if n < 3 || w[n-1] != 's' || !isDigit(w[n-2]) || !strings.ContainsFunc(w[:n-1], unicode.IsLetter) {
		return false // "10s" is a duration, as the cards write it
	}
	t, ok := ix.indexedTerm(stem(w[:n-1]))
	if !ok {
		return false
	}
	s.abbrev = true // a whole word (see scratch.whole)
	s.addTerm(t, qw, kindFuzzy)
	s.abbrev = false
	return true
}

// maxSplitWord is the longest word, in bytes, splitWord tries to cut: each
// cut stems two words.
const maxSplitWord = 32

// splitWord appends to dst the two words that w, a word the index does not
// hold, is made of, when there are such words: both terms of the index
// (not stop words), of two letters or more, that stand side by side in
// some text of the cards (see adjacent) unless the first has two letters
// and the second more (a prefix or an abbreviation before a word:
// "redeploy", "dbmigrate"; two of two letters are none: "ship" is not
// "sh" "ip"), the most even cut if there are several ("forcepush" is
// "force" "push", "cherrypick" "cherry" "pick"). Cards that say "publish
// one package" and "every service" do not make "everyone" their two
// words, nor "scale down" and "load" "download": cut so, everyday words
// put unrelated cards first. Two letters after a word are no prefix, and
// are the end of many a word: taken without reading the cards, "person"
// was "pers" "on" (a card's "per" and "on"), "lesson" "less" "on".
func (ix *Index) splitWord(w string, dst []string) []string {
	if len(w) > maxSplitWord {
		return dst
	}
	checks := 0
	for d := 0; d <= len(w)/2; d++ { // the most even cuts first
		for i, k := range [2]int{len(w)/2 - d, (len(w)+1)/2 + d} {
			if i == 1 && k == len(w)/2-d || !cutFits(w, k) || !utf8.RuneStart(w[k]) || !keepToken(w[:k]) || !keepToken(w[k:]) {
				continue
			}
			a, okA := ix.indexedTerm(stem(w[:k]))
			b, okB := ix.indexedTerm(stem(w[k:]))
			if !okA || !okB {
				continue
			}
			if k == 2 && len(w) > 4 { // "re" "deploy", "db" "migrate"
				return append(dst, w[:k], w[k:])
			}
			if checks++; checks > maxSplitChecks {
				return dst
			}
			if ix.adjacent(a, b) {
				return append(dst, w[:k], w[k:])
			}
		}
	}
	return dst
}

// cutFits reports whether splitWord may cut w at byte k: each part has two
// bytes or more, or is one digit beside a letter of any script, as a
// program or a version is run together with its number ("7zip" of a
// card's "7-Zip", "python3" of its "Python 3", "виндовс7" of "Виндовс
// 7"); the digit is a word of the cards (keepToken keeps a lone digit),
// where a lone letter is none. A digit beside a digit is not cut from it:
// "730" is no "7" "30".
func cutFits(w string, k int) bool {
	switch {
	case k >= 2 && k <= len(w)-2:
		return true
	case k == 1 && len(w) > 2:
		r, _ := utf8.DecodeRuneInString(w[1:])
		return isDigit(w[0]) && unicode.IsLetter(r)
	case k == len(w)-1 && k > 1:
		r, _ := utf8.DecodeLastRuneInString(w[:k])
		return isDigit(w[k]) && unicode.IsLetter(r)
	}
	return false
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// maxSplitChecks is how many cuts of one word splitWord looks for side by
// side in the cards (see adjacent), each reading up to maxAdjacentCards
// cards.
const maxSplitChecks = 4

// maxAdjacentCards is how many cards, of the rarer term's, adjacent reads.
const maxAdjacentCards = 256

// adjacent reports whether terms a and b stand next to each other, in
// either order, in one unit of a card (stop words aside, as the units hold
// none): "Force push a branch" has "force" and "push", "git push --force"
// "push" and "force".
func (ix *Index) adjacent(a, b int32) bool {
	posts := ix.cardPost[ix.cardOff[a]:ix.cardOff[a+1]]
	if other := ix.cardPost[ix.cardOff[b]:ix.cardOff[b+1]]; len(other) < len(posts) {
		posts = other
	}
	for _, p := range posts[:min(len(posts), maxAdjacentCards)] {
		for u := ix.cardUnits[p.card]; u < ix.cardUnits[p.card+1]; u++ {
			ts := ix.unitTerms[ix.units[u].off : ix.units[u].off+ix.units[u].n]
			for i := 1; i < len(ts); i++ {
				if ts[i-1] == a && ts[i] == b || ts[i-1] == b && ts[i] == a {
					return true
				}
			}
		}
	}
	return false
}

// indexedTerm returns the term of stem st, and whether it is one of the
// indexed text: a word of text the index left out (see without) is in the
// vocabulary but on no card.
func (ix *Index) indexedTerm(st string) (int32, bool) {
	t, ok := ix.terms.get(ix.vocab, st)
	return t, ok && ix.cardOff[t] < ix.cardOff[t+1]
}

// camelParts returns the camel-case parts of raw query token i ("db",
// "rollback" of "dbRollback"), or nil.
func (s *scratch) camelParts(i int) []string {
	from := int32(0)
	if i > 0 {
		from = s.partEnd[i-1]
	}
	return s.parts[from:s.partEnd[i]]
}

// queryTokens fills s.raw with the raw tokens of intent, in order, s.aside
// with whether each lies inside parentheses, is a word of an identifier
// the cards do not hold (see identRun; held, if not nil, says which they
// hold) or, when held is not nil, of a version string (see versionRun)
// or a date or time of day (see momentRun), s.breaks with whether a
// clause ends before each (see endsClause), and the camel-case parts of
// each (see camelParts). An unclosed parenthesis runs to the end of the
// intent. The intent is read in NFKC, as its words are (see rawTokens):
// fullwidth parentheses ("（", "﹙") mark an aside and a fullwidth low
// line ("＿") joins an identifier as the ASCII ones do.
func (s *scratch) queryTokens(intent string, held func(string) bool) {
	intent = nfkc(intent)
	t := tokenizer{dst: s.raw[:0], split: true, parts: s.parts[:0], partEnd: s.partEnd[:0], breaks: s.breaks[:0]}
	s.aside = s.aside[:0]
	depth, start := 0, 0
	words := func(text string, aside bool) {
		n := len(t.dst)
		t.words(text)
		for range len(t.dst) - n {
			s.aside = append(s.aside, aside)
		}
	}
	flush := func(end int) {
		seg := intent[start:end]
		if held == nil {
			words(seg, depth > 0)
			return
		}
		// The next version and the next date or time of seg, each found
		// once (each search runs to the run it finds, so the text is read
		// once however many runs it holds) and again only once the text
		// read holds it; an identifier is looked for before them, as none
		// runs across one: all are bounded by separators.
		vi, vj := versionRun(seg)
		mi, mj := momentRun(seg)
		for {
			ri, rj := vi, vj
			if mi >= 0 && (ri < 0 || mi < ri) {
				ri, rj = mi, mj
			}
			lim := len(seg)
			if ri >= 0 {
				lim = ri
			}
			i, j := identRun(seg[:lim])
			aside := i < 0 && ri >= 0 // a version or a moment
			if aside {
				i, j = ri, rj
			} else if i < 0 {
				break
			}
			// The run is bounded by separators, so its words are the
			// same read apart from the text around it.
			words(seg[:i], depth > 0)
			words(seg[i:j], depth > 0 || aside || !held(strings.ToLower(seg[i:j])))
			seg = seg[j:]
			if vi >= 0 && vi < j {
				vi, vj = versionRun(seg)
			} else if vi >= 0 {
				vi, vj = vi-j, vj-j
			}
			if mi >= 0 && mi < j {
				mi, mj = momentRun(seg)
			} else if mi >= 0 {
				mi, mj = mi-j, mj-j
			}
		}
		words(seg, depth > 0)
	}
	for i := 0; i < len(intent); i++ {
		switch intent[i] {
		case '(':
			flush(i)
			depth++
			start = i + 1
		case ')':
			if depth > 0 {
				flush(i)
				depth--
				start = i + 1
			}
		}
	}
	flush(len(intent))
	s.raw, s.parts, s.partEnd, s.breaks = t.dst, t.parts, t.partEnd, t.breaks
}

// identRun returns the bounds [i, j) of the first identifier in s: a run
// of ASCII letters, digits and underscores with an underscore between two
// letters or digits ("churn_labels", "DATABASE_URL", "pkg_add"), bounded
// by the ends of s or runes that end a word (see identEdge), or -1, -1.
// An intent names its arguments so: a table, a dataset, a variable of
// its own. Their words are not what it asks for ("pull dataset
// churn_labels@7" put a card that exports labels first); one the cards
// hold names something of theirs, as a tool or a variable they set.
func identRun(s string) (int, int) {
	for i := 0; i < len(s); {
		if !isIdentByte(s[i]) {
			i++
			continue
		}
		j := i
		joined := false
		for j < len(s) && isIdentByte(s[j]) {
			if s[j] == '_' && j > i && isASCIIWordByte(s[j-1]) && j+1 < len(s) && isASCIIWordByte(s[j+1]) {
				joined = true
			}
			j++
		}
		if joined && (i == 0 || identEdge(utf8.DecodeLastRuneInString(s[:i]))) && (j == len(s) || identEdge(utf8.DecodeRuneInString(s[j:]))) {
			return i, j
		}
		i = j
	}
	return -1, -1
}

func isIdentByte(c byte) bool { return c == '_' || isASCIIWordByte(c) }

// identEdge reports whether r, of size bytes, beside a run of identifier
// bytes, ends a word there whatever comes after it, and the words of the
// run are the same read apart from it: not a bracket nor an apostrophe,
// which may join the run to more (see rawTokens), nor a letter, digit or
// mark, nor a rune that is one of these in NFKC ("ａ", "＿", "²"), nor an
// invalid byte. Quotes, dashes and spaces of other scripts end it as
// ASCII ones do: "pull “churn_labels”" names an identifier as "pull
// \"churn_labels\"" does.
func identEdge(r rune, size int) bool {
	if r < utf8.RuneSelf {
		return !isIdentByte(byte(r)) && r != '[' && r != ']' && r != '\''
	}
	if r == utf8.RuneError && size <= 1 || r == '\u2019' || isWordRune(r) || isMark(r) {
		return false
	}
	var b [utf8.UTFMax]byte
	p := norm.NFKC.Properties(b[:utf8.EncodeRune(b[:], r)])
	if !p.BoundaryBefore() {
		return false // it may compose with the run's last letter
	}
	for _, c := range string(p.Decomposition()) { // what NFKC makes of it, if not itself
		if c < utf8.RuneSelf && !identEdge(c, 1) || c == '\u2019' || isWordRune(c) || isMark(c) {
			return false
		}
	}
	return true
}

// holdsIdent reports whether some text of the cards holds the identifier
// id, in lower case (see identRun).
func (ix *Index) holdsIdent(id string) bool {
	return ix.idents[id] > ix.identsOut[id]
}

// addTerm merges t into the query terms: repeated words add up; a term
// reached several ways keeps its most trusted source and its largest weight.
func (s *scratch) addTerm(t int32, w float32, kind uint8) {
	if slot := s.termSlot[t]; slot > 0 {
		qt := &s.terms[slot-1]
		switch {
		case kind == kindOrig && qt.kind == kindOrig:
			qt.w += w
		case kind == kindOrig:
			*qt = qterm{term: t, w: w, kind: kind}
		case qt.kind != kindOrig && w > qt.w:
			qt.w = w
			qt.kind = min(qt.kind, kind)
		}
	} else {
		s.terms = append(s.terms, qterm{term: t, w: w, kind: kind})
		s.termSlot[t] = int32(len(s.terms))
	}
	if s.track {
		s.reached = append(s.reached, s.termSlot[t]-1)
		s.whole = append(s.whole, s.abbrev)
	}
}

// scoreCards accumulates BM25F over the card postings of every query term.
// The postings already hold the field-weighted, length-normalised term
// frequency, so this is one multiply-add per posting.
func (ix *Index) scoreCards(s *scratch) {
	k1 := float32(ix.p.k1)
	var heaviest float32 // the weight of the heaviest typo, prefix or abbreviation term
	score := s.cardScore
	// Each posting writes its card after the touched ones, and counts it
	// only if its score was 0: no branch to mispredict, where cards met
	// first and again alternate. There is room for every card, and for the
	// posting of a card met again; a card whose score stayed 0 is counted
	// again, and the list then grows.
	touched, n := slices.Grow(s.cardTouched[:0], len(score)+1), 0
	touched = touched[:cap(touched)]
	for _, qt := range s.terms {
		wt := qt.w * ix.idf[qt.term]
		switch qt.kind {
		case kindOrig:
			s.qmass += wt
		case kindExpand:
		default:
			heaviest = max(heaviest, wt)
		}
		for _, p := range ix.cardPost[ix.cardOff[qt.term]:ix.cardOff[qt.term+1]] {
			if n == len(touched) {
				touched = append(touched, 0)
				touched = touched[:cap(touched)]
			}
			old := score[p.card]
			touched[n] = p.card
			if math.Float32bits(old) == 0 { // old == 0, as no score is -0
				n++
			}
			score[p.card] = old + wt*p.tf/(k1+p.tf)
		}
	}
	s.cardTouched = touched[:n]
	// The features are in units of qmass, and a variant of a word no card
	// holds can outweigh every word the cards hold ("acme poweroff" with
	// "acme" in every card, "poweroff" reaching "power"): the features
	// were then thousands and the scores 1e+304 apart.
	if s.qmass > 0 {
		s.qmass = max(s.qmass, heaviest)
	}
}

// rerank replaces the first-stage score of each candidate in s.top by the
// linear model w over its features, and re-sorts.
func (ix *Index) rerank(s *scratch, w *[numFeat]float32) {
	if len(s.top) == 0 || s.qmass <= 0 {
		return
	}
	var f [numFeat]float32
	for i := range s.top {
		// Relative to the best card of all, not of those the risk filter
		// kept: a filter selects results, it does not change their scores.
		ix.features(s, s.top[i].card, s.top[i].score, s.best, &f)
		s.top[i].score = dot(w, &f)
	}
	sortHits(s.top)
}

func dot(w, f *[numFeat]float32) float32 {
	var v float32
	for i := range w {
		v += w[i] * f[i]
	}
	return v
}

// unitMatch returns the weighted idf mass of the distinct query terms among
// the unit terms ts, the part of it due to original query words, and how
// many original query words there are among ts.
func (ix *Index) unitMatch(s *scratch, ts []int32) (mass, origMass float32, hits int) {
	seen := s.slotSet()
	for _, t := range ts {
		slot := s.termSlot[t] - 1
		if slot < 0 || !seen.add(slot) {
			continue
		}
		qt := &s.terms[slot]
		v := qt.w * ix.idf[t]
		mass += v
		if qt.kind == kindOrig {
			origMass += v
			hits++
		}
	}
	return mass, origMass, hits
}

// holdsQueryWord reports whether the unit terms ts hold a query word, or a
// typo or prefix variant of one, rather than only co-occurrence expansions.
func (s *scratch) holdsQueryWord(ts []int32) bool {
	for _, t := range ts {
		if slot := s.termSlot[t] - 1; slot >= 0 && s.terms[slot].kind != kindExpand {
			return true
		}
	}
	return false
}

// bigramBonus rewards each pair of consecutive query terms that also appear
// consecutively, in the same order, in the unit: once per time the query
// holds the pair. One pass over the unit, each pair looked up among the
// query's (queryBigrams): scanning the unit once per query pair cost a
// 60 KB intent against a 2.7 MB summary a second.
func (ix *Index) bigramBonus(s *scratch, ts []int32) float32 {
	if ix.p.bigramWeight <= 0 {
		return 0
	}
	s.queryBigrams()
	if len(s.bigrams) == 0 {
		return 0
	}
	s.bigramUnit++ // a new unit: no pair credited in it yet
	var bonus float32
	for j := 0; j+1 < len(ts); j++ {
		a, b := ts[j], ts[j+1]
		if s.termSlot[a] == 0 || s.termSlot[b] == 0 {
			continue // not both query terms: the common case, no search
		}
		k, ok := slices.BinarySearchFunc(s.bigrams, pairKey(a, b), func(g bigram, key uint64) int { return cmp.Compare(g.key, key) })
		if !ok || s.bigrams[k].unit == s.bigramUnit {
			continue
		}
		s.bigrams[k].unit = s.bigramUnit
		bonus += float32(s.bigrams[k].n) * float32(ix.p.bigramWeight) * (ix.idf[a] + ix.idf[b])
	}
	return bonus
}

// bigram is a pair of consecutive known, different terms of the query
// (s.seq): its key (pairKey), how many times the query holds it, and the
// unit that last credited it (scratch.bigramUnit).
type bigram struct {
	key  uint64
	n    int32
	unit uint32
}

func pairKey(a, b int32) uint64 { return uint64(uint32(a))<<32 | uint64(uint32(b)) }

// queryBigrams makes s.bigrams from s.seq, sorted by key, once a query.
func (s *scratch) queryBigrams() {
	if s.bigramsMade {
		return
	}
	s.bigramsMade, s.bigramUnit = true, 0
	s.bigrams = s.bigrams[:0]
	for i := 0; i+1 < len(s.seq); i++ {
		if a, b := s.seq[i], s.seq[i+1]; a >= 0 && b >= 0 && a != b {
			s.bigrams = append(s.bigrams, bigram{key: pairKey(a, b), n: 1})
		}
	}
	slices.SortFunc(s.bigrams, func(x, y bigram) int { return cmp.Compare(x.key, y.key) })
	merged := s.bigrams[:0]
	for _, g := range s.bigrams {
		if n := len(merged); n > 0 && merged[n-1].key == g.key {
			merged[n-1].n++
			continue
		}
		merged = append(merged, g)
	}
	s.bigrams = merged
}

// selectTop keeps the limit best cards passing the risk filter in s.top,
// sorted best first, and records in s.best the best first-stage score of
// any card, filtered out or not.
//
// The candidates are counted by their score's share of the best, in
// scoreBuckets steps, and only those of the buckets that hold the limit
// best are sorted: a heap of the best so far took an eighth of a search
// at 10,000 cards, where a query touches 6,000 of them, replacing its
// root hundreds of times.
func (ix *Index) selectTop(s *scratch, limit int, wantRisk uint8) {
	touched := s.cardTouched
	if cap(s.cand) < len(touched) {
		s.cand = make([]hit, len(touched))
	}
	cand := s.cand[:len(touched)]
	score, risk, best := s.cardScore, ix.risk, s.best
	n := 0
	for _, c := range touched {
		sc := score[c]
		if sc > best || sc != sc { // max(best, sc), which the compiler makes longer
			best = sc
		}
		if sc <= 0 || (wantRisk != riskUnknown && risk[c] != wantRisk) {
			continue
		}
		cand[n] = hit{card: c, score: sc}
		n++
	}
	s.best = best
	cand = cand[:n]
	if len(cand) > limit {
		cand = cand[:bestFirst(cand, limit, best)]
	}
	s.top = append(s.top[:0], cand...)
	sortHits(s.top)
	s.top = s.top[:min(limit, len(s.top))]
}

// scoreBuckets is how many buckets bestFirst counts scores in.
const scoreBuckets = 256

// bestFirst moves to the front of h, of scores in (0, best], some n hits
// (n at least k, at most len(h)) among which are the k best, and returns
// n: those of the highest buckets of the share of best that together
// hold k hits. A hit outside them is in a lower bucket than k hits, so
// scores below them, as the bucket grows with the score.
func bestFirst(h []hit, k int, best float32) int {
	scale := float32(scoreBuckets-1) / best
	if !(scale > 0 && scale <= math.MaxFloat32) {
		return len(h) // best is subnormal, infinite or NaN: all kept
	}
	var count [scoreBuckets]int32
	for _, x := range h {
		count[scoreBucket(x.score, scale)]++
	}
	from, n := scoreBuckets-1, 0 // the lowest bucket kept, and the hits kept
	for ; from > 0; from-- {
		if n += int(count[from]); n >= k {
			break
		}
	}
	if from == 0 {
		return len(h)
	}
	// In the buckets from "from" on is a score whose bucket, the integer
	// part of sc*scale (or the last bucket), is at least from: as
	// sc*scale is.
	n = 0
	least := float32(from)
	for i, x := range h {
		if x.score*scale >= least {
			h[n], h[i] = x, h[n]
			n++
		}
	}
	return n
}

// scoreBucket is the bucket of score sc of at most best, scale being
// (scoreBuckets-1) / best.
func scoreBucket(sc, scale float32) uint8 {
	return uint8(min(int(sc*scale), scoreBuckets-1))
}

// sortHits sorts best first: score descending, then card ID ascending.
func sortHits(h []hit) {
	slices.SortFunc(h, func(a, b hit) int {
		// As the comparison below, in fewer steps when the scores differ.
		if a.score > b.score {
			return -1
		}
		if a.score < b.score {
			return 1
		}
		return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(a.card, b.card))
	})
}

// matched lists the units of card c that contain query terms, ordered by
// their contribution (field weight times matched idf), as phrase text for
// intent phrases and field names otherwise. A unit that holds only terms
// the query was widened with by co-occurrence says why the card was found
// but not what of the query it holds, so such units are listed only when no
// unit holds a query word (or its typo or prefix variant).
func (ix *Index) matched(s *scratch, c int32) []string {
	cs, widened := s.contribs[:0], s.widened[:0]
	for ui := ix.cardUnits[c]; ui < ix.cardUnits[c+1]; ui++ {
		u := &ix.units[ui]
		ts := ix.unitTermsOf(u)
		m, _, _ := ix.unitMatch(s, ts)
		if m == 0 {
			continue
		}
		name := fieldNames[u.field]
		if u.field == fieldPhrase {
			name = ix.cards[c].IntentPhrases[u.phrase]
		}
		x := contrib{name, m * float32(ix.p.fieldWeight[u.field]), m}
		if s.holdsQueryWord(ts) {
			cs = append(cs, x)
		} else {
			widened = append(widened, x)
		}
	}
	s.contribs, s.widened = cs, widened
	if len(cs) == 0 {
		cs = widened
	}
	slices.SortStableFunc(cs, func(a, b contrib) int { // weight, then mass, descending
		return cmp.Or(cmp.Compare(b.weight, a.weight), cmp.Compare(b.mass, a.mass))
	})
	// "id" comes from id and id parts, and two phrases may be alike; the
	// first of each is kept, by a set when there are many, where searching
	// those listed so far was quadratic in the phrases of a card
	// (BenchmarkManyPhrases).
	out := make([]string, 0, len(cs))
	if len(cs) <= maxListedSearch {
		for _, x := range cs {
			if !slices.Contains(out, x.name) {
				out = append(out, x.name)
			}
		}
		return out
	}
	seen := make(map[string]bool, len(cs))
	for _, x := range cs {
		if !seen[x.name] {
			seen[x.name] = true
			out = append(out, x.name)
		}
	}
	return out
}

// contrib is a unit of a card that matched, for matched: its name, its
// field weight times its matched idf mass, and that mass.
type contrib struct {
	name   string
	weight float32
	mass   float32
}

// maxListedSearch is how many units matched, at most, matched looks for
// a name among those listed so far rather than in a set.
const maxListedSearch = 32

// commandsFirst puts the cards of commands, as putFirst chose them (the
// risk asked for, each once), before the results of an intent with no
// indexable words ("w -h", "[ -f a ]"), as the search of one with words
// does: the card that replaces the command the intent names was dropped
// with the words. Each scores below the one before it; they cover the
// intent, which is their command.
func (ix *Index) commandsFirst(commands []hit, rest []Result, limit int) []Result {
	if len(commands) == 0 {
		return rest
	}
	out := make([]Result, 0, len(commands)+len(rest))
	for _, h := range commands {
		out = append(out, Result{Card: int(h.card), ID: ix.cards[h.card].ID, Matched: []string{"replaces"}, Coverage: 1})
	}
	rest = slices.DeleteFunc(rest, func(r Result) bool {
		return slices.ContainsFunc(commands, func(h hit) bool { return int(h.card) == r.Card })
	})
	out = append(out, rest...)
	for i := range out {
		out[i].Score = roundScore(math.Exp(-float64(min(i, len(commands)))))
	}
	return out[:min(len(out), limit)]
}

// searchBareID answers an intent of no indexable word, whose raw words are
// raw: the cards whose id is those words (ix.bareIDs), in id order.
func (ix *Index) searchBareID(raw []string, wantRisk uint8, limit int) []Result {
	if len(raw) == 0 || len(ix.bareIDs) == 0 {
		return nil
	}
	var out []Result
	for _, c := range ix.bareIDs[strings.Join(raw, " ")] {
		if wantRisk == riskUnknown || ix.risk[c] == wantRisk {
			out = append(out, Result{Card: int(c), ID: ix.cards[c].ID, Score: 1, Matched: []string{fieldNames[fieldID]}, Coverage: 1}) // the id, word for word
		}
	}
	slices.SortStableFunc(out, func(a, b Result) int { return strings.Compare(a.ID, b.ID) })
	if len(out) > limit {
		out = out[:limit]
	}
	return out
}
