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

// distinctWordCards is n cards, each of about 8 KiB of text (as much as
// tool search indexes of a card, validate.CardSearchText) in a summary and
// phrases of ten words, every word distinct from every other card's:
// made by word(rng), the same at every run. A repository of such cards
// makes the vocabulary as large as the text.
func distinctWordCards(n int, word func(*rand.Rand) string) []Card {
	rng := rand.New(rand.NewPCG(5, 6))
	seen := make(map[string]bool)
	next := func() string {
		for {
			if w := word(rng); !seen[w] {
				seen[w] = true
				return w
			}
		}
	}
	phrase := func(words int) string {
		var b strings.Builder
		for i := range words {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(next())
		}
		return b.String()
	}
	cards := make([]Card, n)
	for i := range cards {
		c := Card{ID: fmt.Sprintf("tool-%d", i), Command: fmt.Sprintf("bin/tool-%d", i), Summary: phrase(100), Effects: "e", Risk: "reversible"}
		size := len(c.ID) + len(c.Command) + len(c.Summary) + len(c.Effects)
		for size < 8<<10-100 {
			ph := phrase(10)
			c.IntentPhrases = append(c.IntentPhrases, ph)
			size += len(ph)
		}
		cards[i] = c
	}
	return cards
}

// randomLetterWord is a word of 4 to 11 letters drawn at random.
func randomLetterWord(rng *rand.Rand) string {
	b := make([]byte, 4+rng.IntN(8))
	for i := range b {
		b[i] = byte('a' + rng.IntN(26))
	}
	return string(b)
}

// rareWord is a word that reads like a rare English one: two to four
// syllables of a consonant cluster and a vowel, and often a suffix that
// the stemmer cuts ("strokantions", "plimerised"), so that its surface form
// and its stem both take a place.
func rareWord(rng *rand.Rand) string {
	onsets := []string{"b", "bl", "br", "c", "ch", "cl", "cr", "d", "dr", "f", "fl", "g", "gr", "h", "j", "k", "l", "m", "n", "p", "pl", "pr", "qu", "r", "s", "sh", "sk", "sl", "sp", "st", "str", "t", "th", "tr", "v", "w", "z"}
	vowels := []string{"a", "e", "i", "o", "u", "ai", "ea", "io", "ou"}
	suffixes := []string{"", "", "", "s", "ing", "ed", "ation", "ations", "er", "ers", "ise", "ised", "ness", "ment", "able", "ly"}
	var b strings.Builder
	for range 2 + rng.IntN(3) {
		b.WriteString(onsets[rng.IntN(len(onsets))])
		b.WriteString(vowels[rng.IntN(len(vowels))])
	}
	b.WriteString(suffixes[rng.IntN(len(suffixes))])
	return b.String()
}

// BenchmarkBuildDistinctWords indexes 1,000 cards of 8 KiB of words each,
// every word in one card only: of random letters, and of rare-looking
// words. Each card is bounded, the index is not: it grows with the
// vocabulary, which is as large as the text.
//
//	go test ./search -run XXX -bench BuildDistinctWords -benchmem
func BenchmarkBuildDistinctWords(b *testing.B) {
	for _, v := range []struct {
		name string
		word func(*rand.Rand) string
	}{{"letters", randomLetterWord}, {"rare", rareWord}} {
		cards := distinctWordCards(1000, v.word)
		b.Run(v.name, func(b *testing.B) {
			benchBuild(b, cards)
		})
	}
}

// BenchmarkRawTokensScripts splits prose in Russian, Greek, German,
// French and Turkish into words: most of its letters are not ASCII, so
// each goes through foldCase, which the benchmarks of English cards and
// requests hardly reach. On a shared machine, compare the CPU time of a
// fixed count rather than the time:
//
//	go test -c ./search && cd search && time ../search.test -test.run '^$' -test.bench RawTokensScripts -test.benchtime 2000x
func BenchmarkRawTokensScripts(b *testing.B) {
	text := strings.Repeat("Развернуть ветку на сервер и ПРОВЕРИТЬ журналы. Ανάπτυξη ΚΛΑΔΟΥ στον διακομιστή. "+
		"Größere Änderungen ÜBERPRÜFEN. Déployer la branche et vérifier les journaux. Dalı SUNUCUYA gönder. ", 20)
	var dst []string
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		dst = rawTokens(dst[:0], text)
	}
}
