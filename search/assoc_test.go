package search

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// The embedded vectors place words of one meaning near each other and
// unrelated words apart.
func TestAssocVectors(t *testing.T) {
	tab := assocVectors()
	cos := func(a, b string) float32 {
		t.Helper()
		i, ok1 := tab.id[stem(a)]
		j, ok2 := tab.id[stem(b)]
		if !ok1 || !ok2 {
			t.Fatalf("%q or %q not in the table", a, b)
		}
		var d float32
		for k := range tab.dim {
			d += tab.vec[int(i)*tab.dim+k] * tab.vec[int(j)*tab.dim+k]
		}
		return d
	}
	for _, c := range [][3]string{
		// word, a near word, an unrelated word
		{"reboot", "shutdown", "colour"},
		{"delete", "remove", "wallpaper"},
		{"download", "upload", "partition"},
		{"password", "passphrase", "thumbnail"},
		{"compress", "decompress", "battery"},
	} {
		near, far := cos(c[0], c[1]), cos(c[0], c[2])
		if near < far+0.2 {
			t.Errorf("cos(%s, %s) = %.2f, cos(%s, %s) = %.2f: want the first clearly larger",
				c[0], c[1], near, c[0], c[2], far)
		}
	}
}

// scoreQuery leaves in s what a search of q has when the features are
// computed: the query analysed and the cards scored, nothing of an
// earlier query.
func scoreQuery(t *testing.T, ix *Index, s *scratch, q string) {
	t.Helper()
	s.reset()
	if !ix.analyseQuery(q, s) {
		t.Fatalf("%q not analysed", q)
	}
	ix.scoreCards(s)
}

// A query word no card holds reaches the card that says it in other
// words: "reboot" the card that restarts and shuts down, not the one that
// has "host" in its id (which ranks first without the soft match).
func TestAssocSoftMatch(t *testing.T) {
	cards := []Card{
		{ID: "power-ctl", Summary: "Restart or shut down a host", IntentPhrases: []string{
			"Restart the host", "Power off the host", "Shut down the host at a given time"}},
		{ID: "host-name", Summary: "Show or set the host name", IntentPhrases: []string{
			"Show the host name", "Set the host name", "Show the domain of the host"}},
	}
	ix := Build(cards)
	if res := ix.Search(Query{Intent: "reboot the host"}); len(res) == 0 || res[0].ID != "power-ctl" {
		t.Errorf("Search(reboot the host) = %v, want power-ctl first", res)
	}
	s := newScratch(len(ix.cards), len(ix.vocab))
	scoreQuery(t, ix, s, "reboot the host")
	if a, b := ix.assocScore(s, cardAt(t, ix, "power-ctl")), ix.assocScore(s, cardAt(t, ix, "host-name")); !(a > b+0.05) {
		t.Errorf("soft match: power-ctl %.3f, host-name %.3f: want power-ctl clearly above", a, b)
	}
	// Words the card holds count through the other features, not this one.
	scoreQuery(t, ix, s, "restart the host")
	if v := ix.assocScore(s, cardAt(t, ix, "power-ctl")); v != 0 {
		t.Errorf("soft match of words the card holds = %.3f, want 0", v)
	}
}

// What a query leaves in its scratch for the soft match is bounded by the
// table, not by the cards: a card of 50,000 distinct words without
// vectors (and any vocabulary that large) made every pooled scratch keep
// an entry, and 16 cosines, per word of the card (35 MB a scratch at
// 400,000 words; BenchmarkBuildHugeCard's card), and one slot per
// vocabulary term.
func TestAssocScratchBoundedByTable(t *testing.T) {
	huge := hugeCard(50000, 0)
	huge.Summary = "Restart or shut down a host " + huge.Summary
	cards := []Card{huge,
		{ID: "host-name", Summary: "Show or set the host name", IntentPhrases: []string{"Show the host name"}}}
	ix := Build(cards)
	s := newScratch(len(ix.cards), len(ix.vocab))
	scoreQuery(t, ix, s, "reboot the host w7 w9 colour display print")
	if v := ix.assocScore(s, placeOf(ix, 0)); v <= 0 {
		t.Errorf("soft match of the huge card = %v, want > 0", v)
	}
	rows := len(ix.assoc.vec) / ix.assoc.dim
	if len(s.simSlot) > rows || len(s.simTouched) > rows || len(s.simVals) > rows*maxAssocWords {
		t.Errorf("scratch holds %d slots, %d rows touched, %d cosines: want at most %d, %d, %d (the table's rows)",
			len(s.simSlot), len(s.simTouched), len(s.simVals), rows, rows, rows*maxAssocWords)
	}
	if n := len(s.simTouched); n > 20 {
		t.Errorf("%d card words with cosines, want only those with vectors (a handful)", n)
	}
	// The cache is per query: the next one reads no cosine of this one.
	scoreQuery(t, ix, s, "restart the host")
	if v := ix.assocScore(s, placeOf(ix, 0)); v != 0 {
		t.Errorf("soft match of words the card holds, after another query = %v, want 0", v)
	}
}

// The soft match stays in units of the query's idf mass when the query's
// only known words are in nearly every card: the words no card holds
// weigh an unseen word's idf, which qmass does not count, so "acme
// reboot" over cards that all say "Acme" made it 87 (the query's mass is
// 0.022), and "shutdown the acme box" over the development cards, each
// made to say "Acme", 5,474: the one feature decided the ranking, and the
// first two results' scores were 1e304 and 5e86.
func TestAssocBoundedWhenKnownWordsAreCommon(t *testing.T) {
	cards := []Card{
		{ID: "power-ctl", Summary: "Acme: restart or shut down a host"},
		{ID: "host-name", Summary: "Acme: show or set the host name"},
	}
	for i := range 20 {
		cards = append(cards, Card{ID: fmt.Sprintf("filler%02d", i), Summary: fmt.Sprintf("Acme word%02d thing%02d", i, i)})
	}
	ix := Build(cards)
	for _, q := range []string{"acme reboot", "reboot acme poweroff", "acme (reboot)"} {
		s := newScratch(len(ix.cards), len(ix.vocab))
		scoreQuery(t, ix, s, q)
		if v := ix.assocScore(s, 0); !(v > 0 && v <= 2) {
			t.Errorf("%q: soft match of power-ctl = %v (query mass %v), want in (0, 2]", q, v, s.qmass)
		}
	}
}

// The table's terms are stems as Analyze makes them when the table was
// generated; a change of the stemmer or of the analysis would leave them
// stale, silently: the feature would find no vector for most words. On
// the development cards, 0.915 of the term occurrences (by card
// frequency) have a vector.
func TestAssocTableMatchesAnalyze(t *testing.T) {
	cards, _ := loadDevSet(t)
	ix := Build(cards)
	var all, with int
	for term := range ix.vocab {
		n := int(ix.cardOff[term+1] - ix.cardOff[term])
		all += n
		if ix.assocRow[term] >= 0 {
			with += n
		}
	}
	if share := float64(with) / float64(all); share < 0.85 {
		t.Errorf("%.3f of the dev cards' term occurrences have a vector, want at least 0.85: regenerate assoc.bin.gz (assoc.NOTICE.md) after changing Analyze", share)
	}
}

// A damaged table is an error, never a panic nor a table: cut short
// anywhere, or with a header that claims more than the data holds.
func TestParseAssocRejectsDamage(t *testing.T) {
	if _, err := parseAssoc(assocData); err != nil {
		t.Fatalf("embedded table: %v", err)
	}
	for _, n := range []int{0, 10, len(assocData) / 2, len(assocData) - 9} {
		if _, err := parseAssoc(assocData[:n]); err == nil {
			t.Errorf("table cut to %d bytes parsed", n)
		}
	}
	for _, raw := range []string{
		"ASV2\x01\x01\x01a\x7f",
		"ASV1\x01\x00\x01a",                     // no dimensions
		"ASV1\x01\x01\xff\xff\xff\xff\x0fa\x7f", // a term longer than the data
		"ASV1\x02\x01\x01a\x7f",                 // a term missing
		"ASV1\x01\x02\x01a\x7f",                 // a dimension missing
		"ASV1\x01\x01\x01a\x7f\x7f",             // a byte past the vectors (cr86 mutant: taken survived)
		"ASV1\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01\x01\x01a\x7f",
	} {
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		zw.Write([]byte(raw))
		zw.Close()
		if _, err := parseAssoc(b.String()); err == nil {
			t.Errorf("%q parsed", raw)
		}
	}
}

// TestDotVecSumsInOrder pins dotVec's sums, to the bit, to those of four
// accumulators each summing every fourth product in order, the tail
// after the last four in the first, at every length: the scores depend
// on them.
func TestDotVecSumsInOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for n := range 140 {
		for range 50 {
			a, b := make([]float32, n), make([]float32, n)
			for i := range a {
				a[i], b[i] = float32(rng.NormFloat64()), float32(rng.NormFloat64())
			}
			var s [4]float32
			i := 0
			for ; i+4 <= n; i += 4 {
				for j := range 4 {
					s[j] += a[i+j] * b[i+j]
				}
			}
			for ; i < n; i++ {
				s[0] += a[i] * b[i]
			}
			if got, want := dotVec(a, b), s[0]+s[1]+s[2]+s[3]; math.Float32bits(got) != math.Float32bits(want) {
				t.Fatalf("length %d: %v, want %v", n, got, want)
			}
		}
	}
}
