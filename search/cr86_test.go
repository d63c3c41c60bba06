package search

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

// TestCoverageCommonWordMissingIsNotAll: a card lacking one word of the
// request, however common that word (in every other of 300 cards, its
// weight a fraction of a percent of the request's), is not covered
// whole: 0.99, not the 1 its share rounds to (cr86 mutant: the cap at
// 0.99 dropped passed every test, TestCoverage's missing word being in
// no card and so the heaviest).
func TestCoverageCommonWordMissingIsNotAll(t *testing.T) {
	cards := []Card{{ID: "certs", Summary: "Rotate the certificate of the ingress gateway"}}
	for i := range 299 {
		cards = append(cards, Card{ID: fmt.Sprintf("w%03d", i), Summary: fmt.Sprintf("Paint the widget number%c%c", 'a'+i/26%26, 'a'+i%26)})
	}
	ix := Build(cards)
	for _, r := range ix.Search(Query{Intent: "rotate ingress gateway certificate widget"}) {
		if r.ID == "certs" {
			if r.Coverage != 0.99 {
				t.Errorf("coverage of certs = %v, want 0.99: the request's widget is not in it", r.Coverage)
			}
			return
		}
	}
	t.Fatal("certs not found")
}

// TestCommandsFirstWithoutWordsTiesTheRest: for an intent of no
// indexable word, the cards the commands name score each below the one
// before, and the cards whose id the intent spells, after them, tie, as
// they do (score 1) with no command named: "AM" and "am" both e^-1 after
// the command's card, in id order (cr86 mutant: every result scored
// e^-i, the second id card below the first, survived go test ./search).
func TestCommandsFirstWithoutWordsTiesTheRest(t *testing.T) {
	ix := Build([]Card{
		{ID: "users", Summary: "Who is logged in", Replaces: []string{"w *"}},
		{ID: "am", Summary: "An id of no indexable word"},
		{ID: "AM", Summary: "Another id of no indexable word"},
	})
	plain := ix.Search(Query{Intent: "am"})
	if len(plain) != 2 || plain[0].Score != 1 || plain[1].Score != 1 {
		t.Fatalf("without commands %+v, want both id cards at score 1", plain)
	}
	got := ix.Search(Query{Intent: "am", Commands: []int{0}})
	want := []float64{1, roundScore(math.Exp(-1)), roundScore(math.Exp(-1))}
	if len(got) != 3 || got[0].ID != "users" {
		t.Fatalf("with the command %+v, want users then the two id cards", got)
	}
	for i, r := range got {
		if r.Score != want[i] {
			t.Errorf("result %d (%s) scores %v, want %v", i, r.ID, r.Score, want[i])
		}
	}
}

// TestRankRoundedFarBelowZero: a best linear score far below zero
// (-800, whose e^ is no float64) is brought up to e^-700 (scoreShift),
// so that candidates an e apart keep their order rather than all
// flooring at the smallest float and tying in id order (cr86 mutant:
// scoreShift clamping the best at +700 only survived go test ./search).
func TestRankRoundedFarBelowZero(t *testing.T) {
	ix := Build([]Card{{ID: "a", Summary: "one"}, {ID: "b", Summary: "two"}})
	s := newScratch(len(ix.cards), len(ix.vocab))
	a, b := cardAt(t, ix, "a"), cardAt(t, ix, "b")
	s.top = append(s.top[:0], hit{card: b, score: -800}, hit{card: a, score: -801})
	got := ix.rankRounded(s, 2)
	if len(got) != 2 || got[0].card != b || got[1].card != a || !(got[0].score > got[1].score) {
		t.Errorf("%+v, want b (card %d) above a (card %d), its score e times a's", got, b, a)
	}
}

// TestSearchBareIDLimit: the cards whose id an intent of no indexable
// word spells are cut at the limit (cr86 mutant: a cut past limit+1
// survived go test ./search, no test giving more such cards than the
// limit).
func TestSearchBareIDLimit(t *testing.T) {
	ix := Build([]Card{{ID: "am", Summary: "one"}, {ID: "AM", Summary: "two"}, {ID: "Am", Summary: "three"}})
	for limit := 1; limit <= 4; limit++ {
		if got := ix.Search(Query{Intent: "am", Limit: limit}); len(got) != min(limit, 3) {
			t.Errorf("limit %d: %d results %+v, want %d", limit, len(got), got, min(limit, 3))
		}
	}
}

// TestValidRisk: a search may filter by either risk a card declares, or
// by none (""), what a query without ?risk= asks; any other value is no
// filter (cr86 mutant: "" refused survived go test ./search, which no
// test of the package asked).
func TestValidRisk(t *testing.T) {
	for risk, want := range map[string]bool{"": true, "reversible": true, "destructive": true, "Reversible": false, "unknown": false, " ": false} {
		if got := ValidRisk(risk); got != want {
			t.Errorf("ValidRisk(%q) = %v, want %v", risk, got, want)
		}
	}
}

// TestParseAssocZeroVector: a term whose vector is all zeros keeps it,
// where normalising it by its length (0) would make it NaN, which every
// product with it carries into a score; the others are of length 1
// (cr86 mutant: the normalisation without its s > 0 guard survived go
// test ./search, the embedded table holding no zero vector).
func TestParseAssocZeroVector(t *testing.T) {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte("ASV1\x02\x02\x01a\x01b\x00\x00\x03\x04"))
	zw.Close()
	tab, err := parseAssoc(b.String())
	if err != nil {
		t.Fatal(err)
	}
	if want := []float32{0, 0, 0.6, 0.8}; !slices.Equal(tab.vec, want) || tab.id["a"] != 0 || tab.id["b"] != 1 {
		t.Errorf("vectors %v of ids %v, want %v of a 0, b 1", tab.vec, tab.id, want)
	}
}

// TestWordNgramCountIsWhatIsCut: wordNgramCount, by which cutWords makes
// the n-grams' slice at its size, is how many appendWordNgrams cuts a
// word into, at every size up to ngMaxWord, and 0 past it, where
// cutWords cuts none (cr86 mutant: a count one short for each n
// survived go test ./search, append growing the slice unseen).
func TestWordNgramCountIsWhatIsCut(t *testing.T) {
	for size := range ngMaxWord + 3 {
		w := strings.Repeat("a", size)
		want := 0
		if size <= ngMaxWord {
			want = len(appendWordNgrams(nil, w))
		}
		if got := wordNgramCount(size); got != want {
			t.Errorf("wordNgramCount(%d) = %d, want %d", size, got, want)
		}
	}
}

// TestSolveSingular: solve reports a system whose matrix is singular,
// positive semi-definite only ([1 1; 1 1]), as not positive definite
// (nil), where a zero pivot divided into infinities; a positive definite
// one it solves (cr86 mutant: a zero pivot taken survived go test
// ./search).
func TestSolveSingular(t *testing.T) {
	if x := solve([]float64{1, 1, 1, 1}, []float64{1, 1}, 2); x != nil {
		t.Errorf("singular system solved: %v, want nil", x)
	}
	if x := solve([]float64{4, 2, 2, 3}, []float64{2, 5}, 2); len(x) != 2 || math.Abs(x[0]+0.5) > 1e-12 || math.Abs(x[1]-2) > 1e-12 {
		t.Errorf("[4 2; 2 3] x = [2 5]: x = %v, want [-0.5 2]", x)
	}
}
