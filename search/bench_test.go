package search

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// syntheticCorpus deterministically grows the dev cards to n cards. Copy k
// of a card gets an id suffix and phrases whose words are shuffled, with
// one word swapped in from another card, so that the vocabulary, posting
// lengths and phrase lengths stay like real cards rather than exact repeats.
func syntheticCorpus(base []Card, n int) []Card {
	rng := rand.New(rand.NewPCG(1, 2))
	out := make([]Card, 0, n)
	out = append(out, base...)
	donor := func() string {
		c := base[rng.IntN(len(base))]
		if len(c.IntentPhrases) == 0 {
			return c.ID
		}
		ws := strings.Fields(c.IntentPhrases[rng.IntN(len(c.IntentPhrases))])
		return ws[rng.IntN(len(ws))]
	}
	for i := len(base); i < n; i++ {
		src := base[i%len(base)]
		k := i / len(base)
		c := src
		c.ID = fmt.Sprintf("%s-%c%c", src.ID, 'a'+k/26%26, 'a'+k%26)
		c.IntentPhrases = make([]string, len(src.IntentPhrases))
		for j, ph := range src.IntentPhrases {
			ws := strings.Fields(ph)
			rng.Shuffle(len(ws), func(a, b int) { ws[a], ws[b] = ws[b], ws[a] })
			ws[rng.IntN(len(ws))] = donor()
			c.IntentPhrases[j] = strings.Join(ws, " ")
		}
		out = append(out, c)
	}
	return out
}

func BenchmarkSearch(b *testing.B) {
	base, qs := loadDevSet(b)
	ix := Build(syntheticCorpus(base, 10000))
	// Warm up the pool and the caches, then time each query separately so
	// that the tail is visible, not just the mean.
	for _, q := range qs {
		ix.Search(Query{Intent: q.Intent})
	}
	durs := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		q := qs[i%len(qs)]
		start := time.Now()
		ix.Search(Query{Intent: q.Intent, Limit: 10})
		durs = append(durs, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(durs)
	if len(durs) > 0 {
		b.ReportMetric(float64(durs[len(durs)*99/100].Nanoseconds()), "p99-ns")
		b.ReportMetric(float64(durs[len(durs)/2].Nanoseconds()), "p50-ns")
	}
}

func BenchmarkBuild10k(b *testing.B) {
	base, _ := loadDevSet(b)
	cards := syntheticCorpus(base, 10000)
	benchBuild(b, cards)
}

// BenchmarkSearchLongWord is one 60,000-letter word (an intent fills at
// most a request line): the typo and prefix expansions stop at the longest
// vocabulary term, so it costs about as much as a short query.
func BenchmarkSearchLongWord(b *testing.B) {
	cards, _ := loadDevSet(b)
	ix := Build(cards)
	q := Query{Intent: strings.Repeat("a", 60000), Limit: 10}
	for b.Loop() {
		ix.Search(q)
	}
}

// BenchmarkSearchLongNonsense is a request line's worth (60 KB) of words
// no card holds, at 10,000 cards: each is stemmed, but only maxRepairs of
// them are corrected or cut (49 ms a query when all were).
func BenchmarkSearchLongNonsense(b *testing.B) {
	benchSearch10k(b, randomWords([]rune("abcdefghijklmnopqrstuvwxyz")))
}

// BenchmarkSearchLongAccented is a request line's worth (60 KB) of
// words with accents no card holds, at 10,000 cards: only maxRepairs of
// them are tried without their accents (all were: 49 ms a query, against
// 21 ms).
func BenchmarkSearchLongAccented(b *testing.B) {
	benchSearch10k(b, randomWords([]rune("abcdefghijklmnopéèàüöç")))
}

// BenchmarkSearchLongCJK is 60 KB of Chinese letters, 20,000 pairs of
// them (rawTokens) no card holds, at 10,000 cards: a pair is not put
// through the English stemmer (26 ms a query and 40,000 allocations when
// it was, 10 ms and a few allocations now).
func BenchmarkSearchLongCJK(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	var sb strings.Builder
	for sb.Len() < 60000 {
		sb.WriteRune(rune(0x4e00 + rng.IntN(2000)))
	}
	benchSearch10k(b, sb.String())
}

// BenchmarkSearchLongCamel is one 60 KB camel-case word of 10,000 parts
// no card holds, each searched for as a word of its own.
func BenchmarkSearchLongCamel(b *testing.B) {
	benchSearch10k(b, strings.Repeat("Qwxyzk", 10000))
}

// benchSearch10k times the search of intent, with allocations, at 10,000
// cards made from the development set.
func benchSearch10k(b *testing.B, intent string) {
	base, _ := loadDevSet(b)
	ix := Build(syntheticCorpus(base, 10000))
	q := Query{Intent: intent, Limit: 10}
	b.ReportAllocs()
	for b.Loop() {
		ix.Search(q)
	}
}

// randomWords is a request line's worth (60 KB) of words of 4 to 11 runes
// drawn from letters, the same at every run.
func randomWords(letters []rune) string {
	rng := rand.New(rand.NewPCG(3, 4))
	var sb strings.Builder
	for sb.Len() < 60000 {
		for range 4 + rng.IntN(8) {
			sb.WriteRune(letters[rng.IntN(len(letters))])
		}
		sb.WriteByte(' ')
	}
	return sb.String()
}

// hugeCard is one card of the size a card file may have (8 MiB), most of
// it one field: words distinct words (w1 w2 ...), then repeats of
// "zebra", in each of a phrase, the summary and replaces.
func hugeCard(words, repeats int) Card {
	var b strings.Builder
	for i := range words {
		fmt.Fprintf(&b, "w%d ", i)
	}
	b.WriteString(strings.Repeat("zebra ", repeats))
	text := b.String()
	return Card{ID: "huge", Command: "bin/huge", Summary: text, IntentPhrases: []string{text}, Replaces: []string{text}, Effects: "e", Risk: "reversible"}
}

// BenchmarkBuildHugeCard indexes the dev cards and one card with fields
// of 50,000 or 400,000 distinct words: Build must stay about linear in a
// field's words, as a card of one 8 MiB field is valid, and what it keeps
// must stay a small multiple of the text, as the daemon holds two indexes
// while it replaces one (retained-B: the index's live heap after a
// collection; peak is at most the index plus what one Build phase
// allocates and drops).
//
//	go test ./search -run XXX -bench BuildHugeCard -benchmem
func BenchmarkBuildHugeCard(b *testing.B) {
	base, _ := loadDevSet(b)
	for _, words := range []int{50000, 400000} {
		cards := append(slices.Clone(base), hugeCard(words, 0))
		b.Run(fmt.Sprintf("words=%d", words), func(b *testing.B) {
			benchBuild(b, cards)
		})
	}
}

// BenchmarkBuildDevSet indexes the 371 development cards.
func BenchmarkBuildDevSet(b *testing.B) {
	base, _ := loadDevSet(b)
	benchBuild(b, base)
}

// benchBuild times Build of cards and reports the live heap of the index
// it returns, retained-B.
func benchBuild(b *testing.B, cards []Card) {
	b.ReportAllocs()
	for b.Loop() {
		Build(cards)
	}
	b.StopTimer()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.HeapAlloc
	ix := Build(cards)
	runtime.GC()
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapAlloc)-float64(before), "retained-B")
	runtime.KeepAlive(ix)
}

// BenchmarkSearchHugeUnit searches for a word that one card's phrase
// repeats 25,000 times after 25,000 other words: matching a phrase must
// not cost the square of its length.
func BenchmarkSearchHugeUnit(b *testing.B) {
	base, _ := loadDevSet(b)
	ix := Build(append(slices.Clone(base), hugeCard(25000, 25000)))
	b.ReportAllocs()
	for b.Loop() {
		ix.Search(Query{Intent: "zebra", Limit: 10})
	}
}

// manyPhrasesCard is one card of n short intent phrases that all hold the
// same words, as a card file of up to 8 MiB may.
func manyPhrasesCard(n int) Card {
	c := Card{ID: "many", Command: "bin/many", Summary: "run a command as root", Effects: "e", Risk: "reversible"}
	for i := range n {
		c.IntentPhrases = append(c.IntentPhrases, fmt.Sprintf("run command number %d as root", i))
	}
	return c
}

// BenchmarkManyPhrases indexes the dev cards and one card of n intent
// phrases, then searches for words each phrase holds: the search lists the
// matched phrases of a card, and checking each against those listed so far
// was quadratic in them (40,000 phrases: 2.1 s a search). Compare n=10000
// with n=40000.
//
//	go test ./search -run XXX -bench ManyPhrases
func BenchmarkManyPhrases(b *testing.B) {
	base, _ := loadDevSet(b)
	for _, n := range []int{10000, 40000} {
		cards := append(slices.Clone(base), manyPhrasesCard(n))
		b.Run(fmt.Sprintf("build/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				Build(cards)
			}
		})
		ix := Build(cards)
		b.Run(fmt.Sprintf("search/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				ix.Search(Query{Intent: "run a command as root", Limit: 10})
			}
		})
	}
}
