package search

import (
	"math"
	"testing"
)

// TestStyleOfAttributesMut12 pins each attribute of a phrase's style at
// its edges (found by mutation testing: TestStyleOf checks a few): two
// capitals make an acronym, one does not; a "-" is a flag only at the
// start of a token; more than eight words is long and three or fewer
// short; style words are found in any case, and only as whole ASCII
// words.
func TestStyleOfAttributesMut12(t *testing.T) {
	has := func(s string, a int) bool { return styleOf(s)&(1<<a) != 0 }
	the := int(styleWordBit["the"])
	a := int(styleWordBit["a"])
	tests := []struct {
		s    string
		attr int
		want bool
	}{
		{"List VMs", styleAcronym, true},
		{"List Vms", styleAcronym, false},
		{"list vms", styleMidCap, false},
		{"list Vms", styleMidCap, true},
		{"Vms list", styleMidCap, false}, // the first word's capital is a sentence's
		{"Open port 8080", styleDigit, true},
		{"Open port", styleDigit, false},
		{"Copy a, b", styleComma, true},
		{"Copy a b", styleComma, false},
		{"Open src/main", styleSlash, true},
		{`Open src\main`, styleSlash, true},
		{"Open src", styleSlash, false},
		{"Remove -f", styleDash, true},
		{"-f removes", styleDash, true},
		{"Remove --force", styleDash, true},
		{"List pm-packages", styleDash, false},
		{`Say "hi"`, styleQuote, true},
		{"Delete x [a] y", styleMarkup, false}, // no letter touches the brackets
		{"Delete [a]b", styleMarkup, true},
		{"Delete b[a]", styleMarkup, true},
		{"Delete -[a]", styleMarkup, true},
		{"one two three four five six seven eight nine", styleLong, true},
		{"one two three four five six seven eight", styleLong, false},
		{"one two three", styleShort, true},
		{"one two three four", styleShort, false},
		{"Print THE file", the, true},
		{"Print The", the, true},
		{"Print théfile", the, false},
		{"Print a file", a, true},
		{"Print A file", a, true},
		{"Print ä file", a, false},
		{"Print theeeeeeeeeeeeeeeeeeeeee", the, false},
	}
	for _, tt := range tests {
		if got := has(tt.s, tt.attr); got != tt.want {
			t.Errorf("styleOf(%q) attribute %d = %v, want %v", tt.s, tt.attr, got, tt.want)
		}
	}
}

// TestStyleScoreIsLikelihoodRatioMut12: a card's style score for a query
// is the log-likelihood ratio of the query's attributes under the card's
// Bernoulli model (its phrases' rates, smoothed towards the corpus's with
// styleAlpha phrases) against the corpus's (rates over all phrases, kept
// off 0 and 1 by half a phrase), summed over every attribute, present or
// absent; computed here attribute by attribute from the phrases.
func TestStyleScoreIsLikelihoodRatioMut12(t *testing.T) {
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
			if got := float64(ix.styleScore(qm, int32(c))); math.Abs(got-want) > 1e-4 {
				t.Errorf("styleScore(%q, %s) = %.5f, want %.5f", q, cards[c].ID, got, want)
			}
		}
	}
}
