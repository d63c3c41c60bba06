package search

import (
	"math"
	"slices"
	"strings"
	"testing"
)

// TestStyleScoreIsLikelihoodRatio: a card's style score for a query
// is the log-likelihood ratio of the query's attributes under the card's
// Bernoulli model (its phrases' rates, smoothed towards the corpus's with
// styleAlpha phrases) against the corpus's (rates over all phrases, kept
// off 0 and 1 by half a phrase), summed over every attribute, present or
// absent; computed here attribute by attribute from the phrases.
func TestStyleScoreIsLikelihoodRatio(t *testing.T) {
	cards := []Card{
		{ID: "rm", IntentPhrases: []string{"Delete the [f]ile", "Remove `x` (forcefully)", "Delete all the files in a directory"}},
		{ID: "ls", IntentPhrases: []string{"list files", "List VMs, 2 per line"}},
		{ID: "cp", IntentPhrases: []string{"Copy a/b to c"}, Summary: "Not a phrase: [n]ot counted."},
	}
	ix := Build(cards)
	var phrases [][]uint64
	var all []uint64
	for _, c := range cards {
		var ms []uint64
		for _, p := range c.IntentPhrases {
			ms = append(ms, styleOf(p))
		}
		phrases = append(phrases, ms)
		all = append(all, ms...)
	}
	rate := func(ms []uint64, a int) float64 {
		n := 0.0
		for _, m := range ms {
			if m&(1<<a) != 0 {
				n++
			}
		}
		return n
	}
	for _, q := range []string{"Delete the [f]ile", "list files", "Copy it", "Show the VMs, all 3 (slowly)"} {
		qm := styleOf(q)
		for c := range cards {
			var want float64
			for a := range numStyle {
				base := (rate(all, a) + 0.5) / (float64(len(all)) + 1)
				p := (rate(phrases[c], a) + styleAlpha*base) / (float64(len(phrases[c])) + styleAlpha)
				if qm&(1<<a) != 0 {
					want += math.Log(p / base)
				} else {
					want += math.Log((1 - p) / (1 - base))
				}
			}
			if got := float64(ix.styleScore(qm, placeOf(ix, c))); math.Abs(got-want) > 1e-4 {
				t.Errorf("styleScore(%q, %s) = %.5f, want %.5f", q, cards[c].ID, got, want)
			}
		}
	}
}

// TestStyleWordMaskFindsEachWordOnly: the table look-up finds every style
// word in any case at its bit, and no other word, however like one it is
// (same length, first and last letters; an accent; a letter more).
func TestStyleWordMaskFindsEachWordOnly(t *testing.T) {
	for i, w := range styleWords {
		for _, v := range []string{w, strings.ToUpper(w), strings.ToUpper(w[:1]) + w[1:]} {
			if got := styleWordMask(v); got != 1<<i {
				t.Errorf("styleWordMask(%q) = %b, want bit %d", v, got, i)
			}
		}
		if len(w) < 2 {
			continue
		}
		for _, v := range []string{w + "s", "x" + w, w[:len(w)-1], w[:1] + "\u00e9" + w[1:], w[:1] + strings.Repeat("q", len(w)-2) + w[len(w)-1:]} {
			if styleWordMask(v) != 0 && !slices.Contains(styleWords, v) {
				t.Errorf("styleWordMask(%q) = %b, want 0", v, styleWordMask(v))
			}
		}
	}
	for _, v := range []string{"", "tie", "THEE", "thé", "particulars", "ａ"} {
		if got := styleWordMask(v); got != 0 {
			t.Errorf("styleWordMask(%q) = %b, want 0", v, got)
		}
	}
}

// TestStyleOfReadsNFKC: the style of a text is that of its NFKC form, as
// its words are (see rawTokens): fullwidth parentheses are parentheses,
// a fullwidth "ｔｈｅ" is "the" and a fullwidth comma a comma, so a
// request typed on a CJK keyboard has the style of the same request
// typed in ASCII.
func TestStyleOfReadsNFKC(t *testing.T) {
	for _, tt := range []struct{ plain, wide string }{
		{"back up (db) the table, now", "ｂａｃｋ ｕｐ （ｄｂ） ｔｈｅ ｔａｂｌｅ， ｎｏｗ"},
		{"restore the database", "restore\u3000the\u3000database"},
		{"déployer le service", "de\u0301ployer le service"},
	} {
		if p, w := styleOf(tt.plain), styleOf(tt.wide); p != w {
			t.Errorf("styleOf(%q) = %b, styleOf(%q) = %b, want equal", tt.plain, p, tt.wide, w)
		}
	}
}

// TestStyleOfCountsMarkedWordsWhole: a mark inside a word is part of it,
// as the tokenizer reads it: the vowel signs and viramas of Devanagari
// ended a word, so "हिन्दी भाषा सीखें", three words, counted seven and
// was not short, and Latin letters with marks NFKC has no precomposed
// letter for ("x\u0323\u0301") cut their words in two.
func TestStyleOfCountsMarkedWordsWhole(t *testing.T) {
	for _, tt := range []struct {
		in    string
		short bool
	}{
		{"हिन्दी भाषा सीखें", true},
		{"x\u0323\u0301yz a\u0331b c\u0331d", true},
		{"one two three", true},
		{"one two three four", false},
		{"deploy\u00adment to staging", true}, // a soft hyphen is no break
		{"تقريـــر المبيعـات الشهري", true},   // nor a tatweel
		{"क्\u200dष a b", true},               // nor a joiner
		{"به\u200cروزرسانی نرخ ارز", false},   // a Persian non-joiner is (see splitsArabic)
		{"הפק דו\"ח מכירות", true},            // gershayim are inside a word
		{"הפק דוּ\"ח מכירות", true},           // after a pointed letter too
	} {
		if got := styleOf(tt.in)&(1<<styleShort) != 0; got != tt.short {
			t.Errorf("styleOf(%q) short = %v, want %v", tt.in, got, tt.short)
		}
	}
}
