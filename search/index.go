package search

import (
	"fmt"
	"math"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
)

// Card is the searchable view of one tool card.
type Card struct {
	ID            string
	Command       string
	Summary       string
	IntentPhrases []string
	Replaces      []string
	Effects       string
	Risk          string // "reversible" | "destructive"
	Example       string
}

// field identifies which part of a card a unit of text came from.
type field uint8

const (
	fieldID field = iota
	fieldSummary
	fieldPhrase
	fieldCommand
	fieldExample
	fieldEffects
	fieldIDPart // vocabulary words found inside id tokens
	fieldReplaces
	numFields
)

// fieldNames are the names reported in Result.Matched for non-phrase fields.
var fieldNames = [numFields]string{"id", "summary", "intent_phrases", "command", "example", "effects", "id", "replaces"}

// unit is one scored piece of text: a whole field, or a single intent phrase.
type unit struct {
	card   int32
	field  field
	phrase int32 // index into Card.IntentPhrases when field == fieldPhrase
	off    int32 // terms are ix.unitTerms[off : off+n]
	n      int32
	mass   float32 // sum of idf over the unit's distinct terms
	style  uint64  // style attributes of an intent phrase (style.go)
	// Character n-grams (ngram.go): word ids ix.ngWords[ngOff:ngOff+ngN]
	// of an id, summary or phrase unit, and its n-gram vector norm.
	ngOff, ngN int32
	ngNorm     float32
}

// Index is immutable after Build and safe for concurrent Search calls.
type Index struct {
	p     params
	cards []Card  // in id order (see Build)
	risk  []uint8 // riskReversible, riskDestructive or riskUnknown per card
	// given maps a card's place in cards to its place in the slice given
	// to Build, and place the reverse: Result.Card and Query.Commands are
	// in the caller's order, everything inside Search in cards' order.
	given, place []int

	terms termTable // stem -> term id
	vocab []string  // term id -> stem
	idf   []float32 // term id -> card-level inverse document frequency

	// Card-level BM25F postings in CSR form: the postings of term t are
	// cardPost[cardOff[t]:cardOff[t+1]].
	cardOff  []int32
	cardPost []cardPosting

	units     []unit
	unitTerms []int32 // concatenated analysed terms of all units, in order
	cardUnits []int32 // units of card c are cardUnits[c]..cardUnits[c+1]-1

	// Query expansion: related terms of t are expand[expandOff[t]:expandOff[t+1]].
	expandOff []int32
	expand    []related

	// Typo tolerance: every single-deletion variant of a vocabulary term of
	// at least minTypoLen-1 runes -> term ids (SymSpell style).
	deletes deleteIndex
	// surface finds the cards' words as written one edit from a typo
	// whose stem is not (see surfaceIndex).
	surface surfaceIndex
	// maxTermLen is the longest vocabulary term in bytes: a query word
	// longer by more than a rune is one edit from nothing.
	maxTermLen int
	sorted     []int32 // term ids in lexical order of their stems

	// Style models (style.go): per card, and per card and attribute.
	styleBase  []float32
	styleDelta []float32

	avgLen [numFields]float32 // average unit length per field, over cards
	w      [numFeat]float32   // second-stage weights (learn.go)

	// folded holds the terms written with accents by the stem of their
	// words without them (buildFolded): "deploi" finds "déploiement".
	folded map[string][]int32

	// bound is set when words were left out (VocabularyBound); Card is
	// in the caller's order.
	bound Bound

	// bareIDs are the cards whose id has no indexable word ("am",
	// "where", "m"), by their raw id words joined with spaces: an intent
	// of no indexable word finds them by spelling the id (see Search).
	bareIDs map[string][]int32

	// idents counts the identifiers (see identRun) of the cards' text, in
	// lower case, by the times the text holds each (counted as each text
	// is analysed): a query's words of one it does not hold weigh less.
	// identsOut, of an index without some phrases (see without), counts
	// those of the phrases left out.
	idents, identsOut map[string]int32

	// Character n-grams (ngram.go), when p.ngram: the word ids of the
	// units, the n-grams of each word, idf per n-gram bucket and the norm
	// of each card's whole n-gram vector.
	ngWords    []int32
	wordNgOff  []int32 // n-grams of word w are wordNg[wordNgOff[w]:wordNgOff[w+1]]
	wordNg     []int32
	ngIdf      []float32
	cardNgNorm []float32

	// pool holds *scratch; a pointer, shared by the indexes Reordered
	// makes of this one (a scratch is sized by the cards and vocabulary).
	pool *sync.Pool

	// Word vectors (assoc.go), unless featAssoc is off: the table and the
	// row of each vocabulary term in it (-1 if none).
	assoc    *assocTable
	assocRow []int32
	// The distinct rows of the words of card c's id, summary and intent
	// phrases are cardRows[cardRowOff[c]:cardRowOff[c+1]] (buildCardRows).
	cardRowOff, cardRows []int32

	// novelLog is, per card, the log of its missing mass over the
	// corpus's (featNovel, novel.go).
	novelLog []float32
}

type cardPosting struct {
	card int32
	tf   float32 // field-weighted, length-normalised term frequency (BM25F)
}

type related struct {
	term int32
	w    float32
}

const (
	riskUnknown uint8 = iota
	riskReversible
	riskDestructive
)

// ValidRisk reports whether risk may filter a search (Query.Risk): ""
// for every risk, or a risk a card declares.
func ValidRisk(risk string) bool {
	return risk == "" || parseRisk(risk) != riskUnknown
}

func parseRisk(s string) uint8 {
	switch s {
	case "reversible":
		return riskReversible
	case "destructive":
		return riskDestructive
	}
	return riskUnknown
}

// Len reports the number of cards in the index; a nil Index has none.
func (ix *Index) Len() int {
	if ix == nil {
		return 0
	}
	return len(ix.cards)
}

// Build indexes cards. The cards are copied, so later changes by the caller
// do not affect the index; Result.Card indexes into the slice as given.
// Build never fails: text that yields no terms is simply not findable.
//
// The index does not depend on the order of cards (but for cards of one
// id): it holds them in id order, so that the vocabulary, the weights
// learnt from a sample of the cards' phrases, and every sum over the cards
// are the same whichever order they are given in. Moving a card's file
// changed the ranking of unrelated queries.
//
// The vocabulary is bounded (MaxTerms, DefaultMaxTerms by default): the
// index keeps about 165 bytes per distinct term and its analysis 100 more
// per distinct word while it runs, and the cards' text, each bounded,
// holds as many distinct words as it has room for. Once the bound is
// reached, a word whose term the index does not hold yet is not indexed,
// nor kept by the analysis; the cards are analysed in id order, so which
// words are left out does not depend on the order of cards either.
// VocabularyBound tells which card first had a word left out.
func Build(cards []Card, opts ...Option) *Index {
	p := defaultParams()
	for _, o := range opts {
		o(&p)
	}
	return buildWith(cards, p)
}

// Option changes how Build indexes the cards.
type Option func(*params)

// DefaultMaxTerms is the bound on the distinct terms of an index unless
// MaxTerms sets another. The development set's 371 cards hold 1,568
// terms, BenchmarkBuild10k's 10,000 cards 1,589, the team sets' 442 to
// 513 each: it is 150 times what they hold. 3,900 cards of 8 KiB of
// distinct words (30 MiB, under --max-input-bytes) hold 3.7 million;
// "capreg tools search" of them took 20 s and 1.80 GB resident unbounded,
// and takes 6.4 s and 517 MB at this bound (709 MB at 500,000), so that
// "capreg serve" in 1 GiB builds them (526 MB, and 848 to 871 MB over two
// rebuilds).
const DefaultMaxTerms = 250_000

// MaxTerms bounds the distinct terms of the index at n (n <= 0: no bound).
func MaxTerms(n int) Option {
	return func(p *params) { p.maxTerms = n }
}

// Bound is what VocabularyBound reports of an index whose vocabulary
// reached its bound.
type Bound struct {
	Card     int // the first card with a word left out, as Result.Card indexes them
	MaxTerms int // the bound
	// Left counts the words left out, each time a card writes one.
	Left int
}

// VocabularyBound reports whether words were left out of the index, the
// vocabulary having reached its bound (MaxTerms), and where.
func (ix *Index) VocabularyBound() (Bound, bool) {
	if ix == nil || ix.bound.Left == 0 {
		return Bound{}, false
	}
	return ix.bound, true
}

func buildWith(cards []Card, p params) *Index {
	if !p.ngram {
		p.featOff[featNgID], p.featOff[featNgCard] = true, true
	}
	ix := &Index{
		p:     p,
		cards: make([]Card, len(cards)),
		risk:  make([]uint8, len(cards)),
		terms: newTermTable(),
		given: make([]int, len(cards)),
		place: make([]int, len(cards)),
	}
	for i := range ix.given {
		ix.given[i] = i
	}
	slices.SortStableFunc(ix.given, func(a, b int) int { return strings.Compare(cards[a].ID, cards[b].ID) })
	for i, g := range ix.given {
		c := cards[g]
		c.IntentPhrases = slices.Clone(c.IntentPhrases)
		c.Replaces = slices.Clone(c.Replaces)
		ix.cards[i] = c
		ix.risk[i] = parseRisk(c.Risk)
		ix.place[g] = i
	}
	ix.analyseUnits()
	ix.indexBareIDs()
	ix.buildDeletes()
	ix.buildFolded()
	ix.buildSorted()
	ix.buildAssocRows()
	ix.w = p.initialWeights()
	// The pseudo-query indexes learnWeights searches share ix's vocabulary
	// and typo tables but none of the statistics buildStatistics computes,
	// so the two run side by side: with two cores, Build of 10,000 cards
	// takes about a quarter less time.
	folds := ix.pseudoFolds()
	wait := alongside(ix.buildStatistics)
	ix.learnWeights(folds)
	wait()
	return ix
}

// alongside runs f in a goroutine and returns a function that waits for
// it. A panic in f is raised again by that function, in the caller's
// goroutine: the daemon turns a panic in Build into a failed build
// (store's buildSafely), which it could not catch in another goroutine.
func alongside(f func()) (wait func()) {
	done := make(chan error, 1)
	go func() {
		defer func() {
			var err error
			if v := recover(); v != nil {
				err = fmt.Errorf("%v\n%s", v, debug.Stack())
			}
			done <- err
		}()
		f()
	}()
	return func() {
		if err := <-done; err != nil {
			panic(err)
		}
	}
}

// buildStatistics computes everything that depends on which units the
// index holds, given its units and vocabulary.
func (ix *Index) buildStatistics() {
	df := ix.computeIDF()
	ix.buildCardPostings(ix.buildNovelty(df))
	ix.buildExpansion()
	ix.buildStyle()
	if ix.p.ngram {
		ix.buildNgramStats()
	}
	ix.buildCardRows()
	n, v := len(ix.cards), len(ix.vocab)
	ix.pool = &sync.Pool{New: func() any { return newScratch(n, v) }}
}

// Reordered returns an index of ix's cards given to Build in another
// order: from[i] is the place, in the slice ix was built of, of the card
// now at i (from is a permutation). It answers as Build of the cards in
// the new order does, its Result.Card, Query.Commands and Bound.Card in
// that order, and shares all else with ix, which is unchanged: Build holds
// the cards in id order, so nothing it computed depends on the order
// given but for cards of one id, which it keeps in that order. Reordered
// returns nil when cards of one id are not in the order they were (Build
// would hold them otherwise) or from is no permutation of ix's cards.
func (ix *Index) Reordered(from []int) *Index {
	if ix == nil || len(from) != len(ix.given) {
		return nil
	}
	nx := *ix
	nx.given, nx.place = make([]int, len(from)), make([]int, len(from))
	for p := range nx.given {
		nx.given[p] = -1
	}
	for i, g := range from {
		if g < 0 || g >= len(ix.place) || nx.given[ix.place[g]] >= 0 {
			return nil // out of range, or twice
		}
		nx.place[i] = ix.place[g]
		nx.given[ix.place[g]] = i
	}
	for p := 1; p < len(nx.cards); p++ {
		if nx.cards[p].ID == nx.cards[p-1].ID && nx.given[p] < nx.given[p-1] {
			return nil
		}
	}
	if nx.bound.Left > 0 {
		nx.bound.Card = nx.given[ix.place[ix.bound.Card]]
	}
	return &nx
}

// without returns an index of the same cards without the intent phrases
// for which drop(card, phrase) is true. It shares the vocabulary, the
// analysed text and the typo tables with ix, so it is much cheaper than a
// new Build. It does not learn weights, and its statistics are not built
// until its caller calls buildStatistics.
func (ix *Index) without(drop func(card, phrase int) bool) *Index {
	px := &Index{
		p:          ix.p,
		cards:      make([]Card, len(ix.cards)),
		risk:       ix.risk,
		given:      ix.given,
		place:      ix.place,
		terms:      ix.terms,
		vocab:      ix.vocab,
		deletes:    ix.deletes,
		maxTermLen: ix.maxTermLen,
		sorted:     ix.sorted,
		folded:     ix.folded,
		w:          ix.w,
		assoc:      ix.assoc,
		assocRow:   ix.assocRow,
		idents:     ix.idents,
	}
	px.unitTerms = ix.unitTerms
	px.ngWords, px.wordNgOff, px.wordNg = ix.ngWords, ix.wordNgOff, ix.wordNg
	px.units = make([]unit, 0, len(ix.units))
	px.cardUnits = make([]int32, 0, len(ix.cardUnits))
	// The phrases kept, of all cards in one array: a slice grown per card
	// made 15,000 of Build's 200,000 allocations at 10,000 cards.
	kept := 0
	for c := range ix.cards {
		for j, phrase := range ix.cards[c].IntentPhrases {
			if !drop(c, j) {
				kept++
				continue
			}
			// Searched for as a request, a phrase left out may name an
			// identifier no text kept holds.
			px.identsOut = countIdents(px.identsOut, phrase, ix.idents, 0)
		}
	}
	phrases := make([]string, 0, kept)
	for c := range ix.cards {
		card := ix.cards[c]
		from := len(phrases)
		px.cardUnits = append(px.cardUnits, int32(len(px.units)))
		for ui := ix.cardUnits[c]; ui < ix.cardUnits[c+1]; ui++ {
			u := ix.units[ui]
			if u.field == fieldPhrase {
				orig := u.phrase
				if drop(c, int(orig)) {
					continue
				}
				u.phrase = int32(len(phrases) - from)
				phrases = append(phrases, ix.cards[c].IntentPhrases[orig])
			}
			px.units = append(px.units, u)
		}
		card.IntentPhrases = nil
		if len(phrases) > from {
			card.IntentPhrases = phrases[from:len(phrases):len(phrases)]
		}
		px.cards[c] = card
	}
	px.cardUnits = append(px.cardUnits, int32(len(px.units)))
	return px
}

// termID returns the id of stem s, adding it to the vocabulary if new.
func (ix *Index) termID(s string) int32 {
	if id, ok := ix.terms.get(ix.vocab, s); ok {
		return id
	}
	id := int32(len(ix.vocab))
	ix.vocab = append(ix.vocab, s)
	ix.terms.add(ix.vocab, id)
	return id
}

// seenWord is what analysis keeps of a surface word: its term id, or -1
// for a word that is not indexed, and its n-gram word id (ngram.go), or -1
// until a unit that has n-grams holds it.
type seenWord struct{ term, ng int32 }

// analyseUnits splits every card into units and records their terms.
//
// The first pass analyses all text and so fixes the vocabulary; the second
// (layOutUnits) lays the units out card by card and adds to each card the
// vocabulary words hidden inside its id tokens ("powermetrics" holds
// "power" and "metric", "dtrace" holds "trace"): command names are very
// often such compounds.
func (ix *Index) analyseUnits() {
	// Each distinct surface word is stemmed once (stemming dominates
	// analysis time) and cut into n-grams at most once.
	a := analyser{ix: ix, cache: make(map[string]seenWord)}
	// Its units, counted (the six fields analysed below and the
	// phrases): growing the list allocated it about twice over.
	n := 0
	for i := range ix.cards {
		n += 6 + len(ix.cards[i].IntentPhrases)
	}
	a.units = make([]unit, 0, n)
	for i := range ix.cards {
		c := &ix.cards[i]
		a.analyse(i, fieldID, -1, c.ID, true)
		a.analyse(i, fieldSummary, -1, c.Summary, true)
		for j, ph := range c.IntentPhrases {
			a.analyse(i, fieldPhrase, j, ph, true)
		}
		a.analyse(i, fieldCommand, -1, c.Command, true)
		a.analyse(i, fieldExample, -1, c.Example, true)
		a.analyse(i, fieldEffects, -1, c.Effects, true)
		// The raw commands a tool supersedes: an agent may describe its
		// need by the command it was about to type ("rm -rf build").
		// Joined, more than one is a new string.
		a.analyse(i, fieldReplaces, -1, strings.Join(c.Replaces, "\n"), len(c.Replaces) <= 1)
	}
	ix.cutWords(a.ngWords)
	ix.layOutUnits(a.units, a.terms, &a.tok)
	ix.buildSurfaces(a.cache)
	// Appending left up to a fifth of these unused (3 MB for a card of
	// 400,000 distinct words), which the index would keep for its life.
	ix.vocab = slices.Clone(ix.vocab)
	ix.ngWords = slices.Clone(ix.ngWords)
}

// analyser is the first pass of analyseUnits.
type analyser struct {
	ix    *Index
	cache map[string]seenWord
	tok   tokenizer // reused, with its buffer, for every text
	terms []int32   // the terms of all units, in order
	units []unit    // off indexes terms
	// ngWords are the words given an n-gram word id, by id: they are cut
	// once all are known (cutWords).
	ngWords []string
}

// analyse appends the unit of one field (or phrase) of card. held says
// that the card holds text, so that the index may keep parts of it.
func (a *analyser) analyse(card int, f field, phrase int, text string, held bool) {
	ix := a.ix
	// rawTokens' words are parts of an ASCII text; of others, parts of a
	// normalised copy.
	ascii := isASCII(text)
	held = held && ascii
	raw := a.tok.tokens(text, ascii) // NFKC already if ASCII: not scanned again
	ix.idents = countIdents(ix.idents, text, nil, ix.p.maxTerms)
	u := unit{card: int32(card), field: f, phrase: int32(phrase), off: int32(len(a.terms))}
	if f == fieldPhrase {
		u.style = styleOf(text)
	}
	ng := ix.p.ngram && ngramUnit(f)
	u.ngOff = int32(len(ix.ngWords))
	for _, w := range raw {
		sw, known := a.cache[w]
		if !known {
			sw = seenWord{term: -1, ng: -1}
			if keepToken(w) {
				var ok bool
				if sw.term, ok = a.termOf(w, held); !ok {
					a.leaveOut(card)
					continue
				}
			}
		}
		if ng && sw.term >= 0 && sw.ng < 0 {
			sw.ng, known = int32(len(a.ngWords)), false
			a.ngWords = append(a.ngWords, w)
		}
		if !known {
			a.cache[w] = sw
		}
		if sw.term < 0 {
			continue
		}
		a.terms = append(a.terms, sw.term)
		if ng {
			ix.ngWords = append(ix.ngWords, sw.ng)
		}
	}
	u.n = int32(len(a.terms)) - u.off
	u.ngN = int32(len(ix.ngWords)) - u.ngOff
	a.units = append(a.units, u)
}

// termOf is the term id of word w, new in the vocabulary if need be,
// and true; or false when w's term is new and the vocabulary has reached
// its bound (params.maxTerms).
func (a *analyser) termOf(w string, held bool) (int32, bool) {
	ix := a.ix
	s := ownStem(w, held)
	if max := ix.p.maxTerms; max > 0 && len(ix.vocab) >= max {
		id, ok := ix.terms.get(ix.vocab, s)
		return id, ok
	}
	return ix.termID(s), true
}

// leaveOut counts a word of card left out (termOf), the first card so
// being the one VocabularyBound reports.
func (a *analyser) leaveOut(card int) {
	b := &a.ix.bound
	if b.Left == 0 {
		b.Card, b.MaxTerms = a.ix.given[card], a.ix.p.maxTerms
	}
	b.Left++
}

// ownStem is stem(w), or w itself when they are equal and w may be kept:
// the stemmer returns a copy, which for a card of 400,000 distinct words,
// most of them their own stems, made 6 MB of vocabulary.
//
// A word the stemmer leaves as it is, by its last letter (stemKeeps), is
// not put through it: stemming was a third of Build's time for 1,000
// cards of 8 KiB of distinct words (BenchmarkBuildDistinctWords).
func ownStem(w string, keep bool) string {
	if stemKeeps(w) {
		if keep {
			return w
		}
		return strings.Clone(w)
	}
	if s := stem(w); s != w || !keep {
		return s
	}
	return w
}

// stemKeeps reports whether the English stemmer (stem) returns w as it
// is, known from w alone: w is lower-case ASCII letters and digits, so
// that the stemmer's lower-casing, apostrophes and marked "y"s leave it
// as it is, and ends in none of the letters that end a suffix any step
// removes or replaces, or a word of its exceptions ("skis", "news"):
// "s", "d", "g", "y", "e", "l", "i", "r", "n", "m", "c" and "t". No step
// then applies, each removing or replacing an ending it finds.
func stemKeeps(w string) bool {
	if w == "" || !stemKeepsLast[w[len(w)-1]] {
		return false
	}
	for i := 0; i < len(w); i++ {
		if c := w[i]; (c < 'a' || c > 'z') && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// stemKeepsLast marks the bytes a word that stemKeeps may end in.
var stemKeepsLast = func() (t [256]bool) {
	for _, c := range "abfhjkopquvwxz0123456789" {
		t[c] = true
	}
	return t
}()

// layOutUnits copies the first pass's units and terms into the index, card
// by card, each card's id parts after its own units, reading the ids with
// tk.
func (ix *Index) layOutUnits(units []unit, terms []int32, tk *tokenizer) {
	ix.units = make([]unit, 0, len(units)+len(ix.cards))
	ix.unitTerms = make([]int32, 0, len(terms)+4*len(ix.cards))
	ix.cardUnits = make([]int32, 0, len(ix.cards)+1)
	seen := newTermSet(len(ix.vocab))
	for _, u := range units {
		if u.field == fieldID {
			// Units are in card order and each card starts with its id.
			if u.card > 0 {
				ix.addIDParts(u.card-1, &seen, tk)
			}
			ix.cardUnits = append(ix.cardUnits, int32(len(ix.units)))
		}
		src := terms[u.off : u.off+u.n]
		u.off = int32(len(ix.unitTerms))
		ix.unitTerms = append(ix.unitTerms, src...)
		ix.units = append(ix.units, u)
	}
	if len(ix.cards) > 0 {
		ix.addIDParts(int32(len(ix.cards)-1), &seen, tk)
	}
	ix.cardUnits = append(ix.cardUnits, int32(len(ix.units)))
}

// indexBareIDs fills ix.bareIDs.
func (ix *Index) indexBareIDs() {
	var tk tokenizer // reused: most ids have a word and are passed over
	for i, c := range ix.cards {
		raw := tk.tokens(c.ID, false)
		if len(raw) == 0 || slices.ContainsFunc(raw, keepToken) {
			continue
		}
		if ix.bareIDs == nil {
			ix.bareIDs = make(map[string][]int32)
		}
		k := strings.Join(raw, " ")
		ix.bareIDs[k] = append(ix.bareIDs[k], int32(i))
	}
}

// countIdents adds to m, made if nil, the identifiers of text in lower
// case, and returns it. With only, it counts only those only holds (a
// held-out phrase's: holdsIdent says no of one no text of the cards
// holds, whatever its count). With max > 0, a new identifier once m
// holds max is not counted, as the vocabulary's new terms are not
// (params.maxTerms): one made of words the index holds brings no term,
// so cards of "alpha_bravo", "bravo_alpha", ... grew m without bound.
// The text is read in NFKC, as a request is (see queryTokens): a card's
// "ＤＡＴＡＢＡＳＥ＿ＵＲＬ" holds "database_url".
func countIdents(m map[string]int32, text string, only map[string]int32, max int) map[string]int32 {
	text = nfkc(text)
	for {
		i, j := identRun(text)
		if i < 0 {
			return m
		}
		id := strings.ToLower(text[i:j])
		text = text[j:]
		if m == nil {
			m = make(map[string]int32)
		}
		if n, held := m[id]; held {
			m[id] = n + 1
		} else if (only == nil || only[id] > 0) && (max <= 0 || len(m) < max) {
			m[id] = 1
		}
	}
}

// minIDPart is the shortest vocabulary word looked for inside an id token;
// shorter substrings match by accident too often.
const minIDPart = 4

// addIDParts appends to card a unit holding the vocabulary terms found as
// proper substrings of its raw id tokens, which tk reads (reused: a new
// tokenizer per card allocated its buffer and list anew).
func (ix *Index) addIDParts(card int32, seen *termSet, tk *tokenizer) {
	u := unit{card: card, field: fieldIDPart, phrase: -1, off: int32(len(ix.unitTerms))}
	seen.reset()
	for _, tok := range tk.tokens(ix.cards[card].ID, false) {
		for i := 0; i+minIDPart <= len(tok); i++ {
			for j := i + minIDPart; j <= len(tok); j++ {
				if i == 0 && j == len(tok) {
					continue
				}
				t, ok := ix.terms.get(ix.vocab, tok[i:j])
				if ok && seen.add(t) {
					ix.unitTerms = append(ix.unitTerms, t)
				}
			}
		}
	}
	u.n = int32(len(ix.unitTerms)) - u.off
	ix.units = append(ix.units, u)
}

func (ix *Index) unitTermsOf(u *unit) []int32 {
	return ix.unitTerms[u.off : u.off+u.n]
}

// bm25IDF is the BM25 idf of a term in df of n cards: ln(1 + (n - df +
// 0.5) / (df + 0.5)), positive however common the term.
func bm25IDF(n, df float64) float32 {
	return float32(math.Log(1 + (n-df+0.5)/(df+0.5)))
}

// computeIDF sets the BM25 idf of each term from its card frequency,
// raised by the term's burstiness, and each unit's idf mass (used to
// normalise per-phrase scores), and returns the card frequencies.
func (ix *Index) computeIDF() (cardDF []int32) {
	n := float64(len(ix.cards))
	// Scratch per term, of every step: 12 bytes a term of a card of
	// 400,000 distinct words, allocated again by each.
	last := make([]int32, len(ix.vocab))
	seen := newTermSet(len(ix.vocab))
	cardDF = ix.cardFrequency(allFields, last)
	ix.idf = make([]float32, len(ix.vocab))
	for t, d := range cardDF {
		ix.idf[t] = bm25IDF(n, float64(d))
	}
	if ix.p.burst > 0 {
		ix.applyBurstiness(last, &seen)
	}
	for ui := range ix.units {
		u := &ix.units[ui]
		seen.reset()
		var m float32
		for _, t := range ix.unitTermsOf(u) {
			if seen.add(t) {
				m += ix.idf[t]
			}
		}
		u.mass = m
	}
	return cardDF
}

func allFields(field) bool { return true }

// cardWords is how many words (with repeats) card c's units hold in the
// fields keep accepts: a bound to size per-card lists by.
func (ix *Index) cardWords(c int, keep func(field) bool) int {
	n := 0
	for _, u := range ix.units[ix.cardUnits[c]:ix.cardUnits[c+1]] {
		if keep(u.field) {
			n += int(u.n)
		}
	}
	return n
}

// cardFrequency counts, per term, the cards having it in a field that keep
// accepts. Units are stored card by card, which makes this one pass. last
// is scratch of a place per term (nil to allocate it).
func (ix *Index) cardFrequency(keep func(field) bool, last []int32) []int32 {
	df := make([]int32, len(ix.vocab))
	if last == nil {
		last = make([]int32, len(ix.vocab))
	}
	for i := range last {
		last[i] = -1
	}
	for ui := range ix.units {
		u := &ix.units[ui]
		if !keep(u.field) {
			continue
		}
		for _, t := range ix.unitTermsOf(u) {
			if last[t] != u.card {
				last[t] = u.card
				df[t]++
			}
		}
	}
	return df
}

// applyBurstiness multiplies each idf by (descriptive units containing the
// term / cards containing it)^burst. Words a tool's examples keep repeating
// ("package" across a package manager's examples) name what the tool is
// about, and a new example of the same tool likely repeats them; words
// spread thinly over many tools ("specific", "file") are instruction noise.
// scratch and seen are scratch of a place per term.
func (ix *Index) applyBurstiness(scratch []int32, seen *termSet) {
	cards := ix.cardFrequency(phraseUnit, scratch)
	units := scratch
	clear(units)
	ix.forEachPhraseTerm(seen, func(t, _ int32) { units[t]++ })
	for t := range ix.idf {
		if cards[t] > 0 {
			ix.idf[t] *= float32(math.Pow(float64(units[t])/float64(cards[t]), ix.p.burst))
		}
	}
}

func containsTerm(ts []int32, t int32) bool {
	for _, x := range ts {
		if x == t {
			return true
		}
	}
	return false
}

// termSet is a set of vocabulary terms (or of other small indexes, such as
// a query's term slots) emptied in constant time: a term is in it while its
// mark is the current stamp. It keeps the distinct terms of a unit or card
// linear in their number; a search of the terms listed so
// far (containsTerm) is quadratic, and a card may hold an 8 MiB field
// (50,000 distinct words took Build 12 s).
type termSet struct {
	mark  []uint32
	stamp uint32
}

func newTermSet(vocab int) termSet { return termSet{mark: make([]uint32, vocab), stamp: 1} }

// reset empties the set.
func (s *termSet) reset() {
	if s.stamp++; s.stamp == 0 {
		clear(s.mark)
		s.stamp = 1
	}
}

// has reports whether t is in the set.
func (s *termSet) has(t int32) bool { return s.mark[t] == s.stamp }

// add puts t in the set and reports whether it was not there yet.
func (s *termSet) add(t int32) bool {
	if s.mark[t] == s.stamp {
		return false
	}
	s.mark[t] = s.stamp
	return true
}

// buildCardPostings computes, per (term, card), the BM25F pseudo term
// frequency: the sum over fields of weight * tf / length normalisation.
// Intent phrases form one field for length normalisation. Card c also
// holds its request words exp[expOff[c]:expOff[c+1]] (novel.go), at their
// weight.
//
// It counts each term's postings, then accumulates every card a second
// time to fill them in place: holding all postings with their terms to
// sort them out took 12 bytes a posting, twice over while appending,
// which was most of Build's peak for a card of many distinct words. Cards
// are visited in order, so every posting list comes sorted by card.
func (ix *Index) buildCardPostings(expOff []int32, exp []related) {
	avg := ix.averageLengths()
	acc := make([]float32, len(ix.vocab))
	var touched []int32
	ix.cardOff = make([]int32, len(ix.vocab)+1)
	// accumulate fills acc with card c's weights, its request words'
	// too, and returns the terms touched; each pass below calls it.
	accumulate := func(c int, touched []int32) []int32 {
		touched = ix.accumulateCard(c, &avg, acc, touched)
		if expOff != nil {
			for _, r := range exp[expOff[c]:expOff[c+1]] {
				touched = append(touched, r.term) // the card holds none of them
				acc[r.term] = r.w
			}
		}
		return touched
	}
	for c := range ix.cards {
		touched = accumulate(c, touched[:0])
		for _, t := range touched {
			if acc[t] > 0 {
				ix.cardOff[t+1]++
			}
			acc[t] = 0
		}
	}
	for t := 1; t < len(ix.cardOff); t++ {
		ix.cardOff[t] += ix.cardOff[t-1]
	}
	ix.cardPost = make([]cardPosting, ix.cardOff[len(ix.vocab)])
	next := slices.Clone(ix.cardOff[:len(ix.vocab)])
	for c := range ix.cards {
		touched = accumulate(c, touched[:0])
		for _, t := range touched {
			if acc[t] > 0 {
				ix.cardPost[next[t]] = cardPosting{card: int32(c), tf: acc[t]}
				next[t]++
			}
			acc[t] = 0
		}
	}
}

// averageLengths sets ix.avgLen, the average unit length per field over
// cards, and returns it at full precision.
func (ix *Index) averageLengths() [numFields]float64 {
	var avg [numFields]float64
	for ui := range ix.units {
		u := &ix.units[ui]
		avg[u.field] += float64(u.n)
	}
	for f := range avg {
		avg[f] = math.Max(avg[f]/math.Max(float64(len(ix.cards)), 1), 1)
		ix.avgLen[f] = float32(avg[f])
	}
	return avg
}

// accumulateCard adds to acc the BM25F pseudo term frequency of each term
// of card c, and appends to touched the terms it added to while they were
// zero. The caller zeroes acc again.
func (ix *Index) accumulateCard(c int, avg *[numFields]float64, acc []float32, touched []int32) []int32 {
	var flen [numFields]float64
	for ui := ix.cardUnits[c]; ui < ix.cardUnits[c+1]; ui++ {
		flen[ix.units[ui].field] += float64(ix.units[ui].n)
	}
	for ui := ix.cardUnits[c]; ui < ix.cardUnits[c+1]; ui++ {
		u := &ix.units[ui]
		norm := 1 - ix.p.b + ix.p.b*flen[u.field]/avg[u.field]
		w := float32(ix.p.fieldWeight[u.field] / norm)
		for _, t := range ix.unitTermsOf(u) {
			if acc[t] == 0 {
				touched = append(touched, t)
			}
			acc[t] += w
		}
	}
	return touched
}

// phraseUnit reports whether unit u takes part in per-phrase scoring: the
// intent phrases, and the summary, which is a description of the same kind.
func phraseUnit(f field) bool {
	return f == fieldPhrase || f == fieldSummary
}

// forEachPhraseTerm calls fn once per distinct term of each phrase unit,
// with seen as scratch.
func (ix *Index) forEachPhraseTerm(seen *termSet, fn func(term, unit int32)) {
	for ui := range ix.units {
		u := &ix.units[ui]
		if !phraseUnit(u.field) {
			continue
		}
		seen.reset()
		for _, t := range ix.unitTermsOf(u) {
			if seen.add(t) {
				fn(t, int32(ui))
			}
		}
	}
}
