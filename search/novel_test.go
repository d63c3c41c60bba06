package search

import (
	"fmt"
	"math"
	"slices"
	"testing"
)

// TestRequestWords: a word that phrases of three cards bring beside a
// word the rest of their card says ("wipe" beside "shred") is a request
// word of another card that says "shred" but not "wipe", in its postings
// only, and of no card that does not say "shred".
func TestRequestWords(t *testing.T) {
	ix := shredderIndex(func(i int) []string { return []string{"Shred a file", fmt.Sprintf("Wipe the disk number%d", i)} })
	wipe, got := cardsOf(t, ix, "wipe")
	if want := []string{"eraser", "shredder0", "shredder1", "shredder2"}; !slices.Equal(got, want) { // in id order, as Build holds them
		t.Errorf("cards of wipe: %v, want %v", got, want)
	}
	eraser := cardAt(t, ix, "eraser")
	for ui := ix.cardUnits[eraser]; ui < ix.cardUnits[eraser+1]; ui++ {
		if containsTerm(ix.unitTermsOf(&ix.units[ui]), wipe) {
			t.Errorf("eraser's unit %d holds wipe: request words are postings only", ui)
		}
	}
	res := ix.Search(Query{Intent: "wipe"})
	if i := slices.IndexFunc(res, func(r Result) bool { return r.ID == "eraser" }); i < 0 {
		t.Errorf("wipe: %v, want eraser among them", res)
	} else if res[i].Coverage != 0 {
		t.Errorf("eraser for wipe: coverage %v, want 0: it does not say wipe", res[i].Coverage)
	}
}

// TestRequestWordsCapCountsOnlyLearnableWords: the cap on a card's novel
// words (maxNovelTerms) counts only words that could be learned, those in
// minRequestCards cards or more. Three cards that each bring "zap" and
// "sector" beside "scrub", after 128 novel words of their own that one
// other card holds (df 2), still teach them to a card that says "scrub";
// counting the words of df 2 filled the cap before "zap" was reached.
func TestRequestWordsCapCountsOnlyLearnableWords(t *testing.T) {
	var cards []Card
	for i := range 3 {
		words := numberedWords(fmt.Sprintf("k%dw", i), 0, maxNovelTerms)
		cards = append(cards,
			Card{ID: fmt.Sprintf("wiper%d", i), Summary: "Scrub drives", IntentPhrases: []string{words, "Zap sectors"}},
			Card{ID: fmt.Sprintf("lister%d", i), Summary: words})
	}
	cards = append(cards, Card{ID: "cleaner", Summary: "Scrub floppies", IntentPhrases: []string{"Scrub a floppy", "Scrub twice"}})
	for i := range 100 {
		cards = append(cards, Card{ID: fmt.Sprintf("other%d", i), Summary: fmt.Sprintf("Other tool word%d", i), IntentPhrases: []string{"Do other things", "Do more"}})
	}
	ix := Build(cards)
	for _, w := range []string{"zap", "sector"} {
		if _, got := cardsOf(t, ix, w); !slices.Contains(got, "cleaner") {
			t.Errorf("cards of %s: %v, want cleaner among them", w, got)
		}
	}
}

// TestNovelty: a card whose examples each say new things has a larger
// missing mass than one whose examples repeat each other, and featNovel
// is 0 for a card that holds every query word.
func TestNovelty(t *testing.T) {
	base, _ := loadDevSet(t)
	cards := append(slices.Clone(base),
		Card{ID: "varied", Summary: "Trace programs", IntentPhrases: []string{"Count syscalls by process", "Print elapsed time per call", "Follow forked children", "Attach to a running daemon"}},
		Card{ID: "samey", Summary: "Install packages", IntentPhrases: []string{"Install a package", "Install packages", "Install a package quietly", "Install the package"}},
	)
	ix := Build(cards)
	varied, samey := cardAt(t, ix, "varied"), cardAt(t, ix, "samey")
	if !(ix.novelLog[varied] > 0 && ix.novelLog[samey] < 0) {
		t.Errorf("log missing mass over the corpus's: varied %v, samey %v; want > 0 and < 0", ix.novelLog[varied], ix.novelLog[samey])
	}
	s := newScratch(len(ix.cards), len(ix.vocab))
	ix.analyseQuery("install package", s)
	ix.scoreCards(s)
	var f [numFeat]float32
	ix.features(s, samey, s.cardScore[samey], s.cardScore[samey], &f)
	if f[featNovel] != 0 {
		t.Errorf("featNovel of a card holding the whole query: %v, want 0", f[featNovel])
	}
	s.reset()
	ix.analyseQuery("install package quickly offline", s)
	ix.scoreCards(s)
	ix.features(s, samey, s.cardScore[samey], s.cardScore[samey], &f)
	if f[featNovel] >= 0 {
		t.Errorf("featNovel of a card of repetitive examples lacking query words: %v, want < 0", f[featNovel])
	}
}

// shredderIndex indexes three cards shredder0..2 of summary "Shred files"
// and phrases(i), a card eraser of two phrases that say "shred" and
// not "wipe", and 100 others, so that "shred" is in at most 5% of them.
func shredderIndex(phrases func(i int) []string) *Index {
	var cards []Card
	for i := range 3 {
		cards = append(cards, Card{ID: fmt.Sprintf("shredder%d", i), Summary: "Shred files", IntentPhrases: phrases(i)})
	}
	cards = append(cards, Card{ID: "eraser", Summary: "Shred documents", IntentPhrases: []string{"Shred a document", "Shred twice"}})
	for i := range 100 {
		cards = append(cards, Card{ID: fmt.Sprintf("other%d", i), Summary: fmt.Sprintf("Other tool word%d", i), IntentPhrases: []string{"Do other things", "Do more"}})
	}
	return Build(cards)
}

// cardsOf returns the term of word and the ids of the cards in its
// postings, in order.
func cardsOf(t *testing.T, ix *Index, word string) (int32, []string) {
	t.Helper()
	term, ok := ix.indexedTerm(stem(word))
	if !ok {
		t.Fatalf("%s is not indexed", word)
	}
	var ids []string
	for _, p := range ix.cardPost[ix.cardOff[term]:ix.cardOff[term+1]] {
		ids = append(ids, ix.cards[p.card].ID)
	}
	return term, ids
}

// TestNoveltyIndependentOfCardOrder: a card's missing mass is its
// own and the corpus's, whatever cards come before it: the dev set's cards
// built in reverse order each keep their novelLog (found by mutation testing: a
// count left over from the previous card moved the eval's MRR@10 from
// 0.7140 to 0.7127 and broke no test).
func TestNoveltyIndependentOfCardOrder(t *testing.T) {
	cards, _ := loadDevSet(t)
	rev := slices.Clone(cards)
	slices.Reverse(rev)
	a, b := Build(cards), Build(rev)
	for i, c := range cards {
		j := len(cards) - 1 - i
		if x, y := a.novelLog[placeOf(a, i)], b.novelLog[placeOf(b, j)]; math.Abs(float64(x-y)) > 1e-5 {
			t.Errorf("novelLog of %s: %v, built in reverse order %v", c.ID, x, y)
		}
	}
}

// TestRequestWordsNeedTwoPhrases: as pseudo-queries, a card's novel
// words are learned only from a card of two phrases or more: three cards
// each of one phrase that says "wipe" beside "shred" make "wipe" no
// request word of another card that says "shred" (TestRequestWords: with
// two phrases each, they do).
func TestRequestWordsNeedTwoPhrases(t *testing.T) {
	ix := shredderIndex(func(i int) []string { return []string{fmt.Sprintf("Wipe the disk number%d", i)} })
	_, got := cardsOf(t, ix, "wipe")
	if want := []string{"shredder0", "shredder1", "shredder2"}; !slices.Equal(got, want) {
		t.Errorf("cards of wipe: %v, want %v: no card of two phrases says wipe", got, want)
	}
}
