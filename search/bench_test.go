package search

import (
	"fmt"
	"math/rand/v2"
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
	b.ReportAllocs()
	for b.Loop() {
		Build(cards)
	}
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

// BenchmarkMatchCommandWorst is GET /tools?command= at its limits: 1,000
// cards each with a regexp pattern that scans the rest of the line, and a
// line of 32 commands close to MaxCommandLine bytes.
func BenchmarkMatchCommandWorst(b *testing.B) {
	cards := make([]Card, 1000)
	for i := range cards {
		cards[i] = Card{ID: fmt.Sprintf("c%d", i), Replaces: []string{fmt.Sprintf("cmd%d .* --force", i), fmt.Sprintf("tool%d <arg>", i)}}
	}
	ix := Build(cards)
	cmd := strings.Repeat("git push origin "+strings.Repeat("x", 100)+" |", MaxCommands-1) + "git push"
	if _, err := parseCommandLine(cmd); err != nil {
		b.Fatalf("the line (%d bytes) is over the limits", len(cmd))
	}
	b.ReportAllocs()
	for b.Loop() {
		ix.MatchCommand(cmd)
	}
}
