package render

import (
	"cmp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/capreg/capreg/internal/casefold"
	"github.com/capreg/capreg/internal/osatest"
	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
	"golang.org/x/text/unicode/norm"
)

// FuzzKeyNeighbours holds keyNeighbours.meant, the near-miss search of an
// undeclared config key, to a plain scan of the declared keys: with budget
// to spare it names the first in sorted order of the keys of the same
// words in the same order (sameWordsInOrder), else of those one edit away
// (osatest.Distance on letters; of key's length in letters first, then
// one shorter, then one longer), else of those of the same words
// (wordKey), and none when there are none, each rule comparing the keys
// composed (NFC) and case folded; oneEdit agrees with
// osatest.Distance on letters on every pair it sees.
//
//	go test ./render -run '^$' -fuzz FuzzKeyNeighbours -fuzztime 30s
func FuzzKeyNeighbours(f *testing.F) {
	seeds := [][2]string{
		{"beat.deep.flag", "beta.deep.flag\nalpha.b\nbeta_deep"},
		{"Beta_Deep.flag", "beta.deep.flag\nflag.deep.beta"},
		{"workflow.ui_phse", "workflow.ui_phase\nworkflow.research_depth"},
		{"ab", "ba\nabc\na\nb"},
		{"a--b", "a.b\nb.a\na_b_"},
		{"", ".\n-\na"},
		{"İ.k", "i̇.k\nı.k"},
		{"BEAT.deep.Flag", "beta.deep.flag\nBeta.Deep.Flag\nmode.Fast"},
		{"CAFE.Mode", "café.mode\ncafe.modes\ncafé.model"},
		{"größe.x", "grösse.x\ngrose.x\ngröße.y"},
		{"a\xffb", "a\xfeb\na\uFFFDb\nab"},
		{"cafe\u0301.mode", "caf\u00e9.mode\ncafe.mode\ncafe\u0301.mod"},
		{"\u1f82.x", "\u03b1\u0313\u0300\u0345.x\n\u03b1.x"},
	}
	for _, s := range seeds {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, key, declared string) {
		reg := &store.Registry{}
		for _, k := range strings.Split(declared, "\n") {
			if k == "" { // no key: the capability schema wants one character (meant's "" is none)
				continue
			}
			reg.ConfigKeys = append(reg.ConfigKeys, store.ConfigKey{ConfigEntry: validate.ConfigEntry{Key: k}})
		}
		idx := buildIndex(reg)
		if len(idx.keys) > maxNearComparisons { // meant compares each key once at most
			t.Skip()
		}
		budget := maxNearComparisons
		got, _ := idx.keyNeighbours().meant(key, &budget)

		// Case and form aside: each rule compares the keys composed and
		// case folded.
		fold := func(k string) string { return casefold.String(norm.NFC.String(k)) }
		folded := fold(key)
		var inOrder, oneAway, sameWords []string
		for k := range idx.keys {
			kf := fold(k)
			if one := osatest.Distance(letters(key), letters(k)) <= 1; oneEdit(key, k) != one {
				t.Fatalf("oneEdit(%q, %q) = %v; the distance in code points says %v", key, k, !one, one)
			}
			if wordKey(kf) == wordKey(folded) {
				sameWords = append(sameWords, k)
				if sameWordsInOrder(kf, folded) {
					inOrder = append(inOrder, k)
				}
			}
			if osatest.Distance(letters(folded), letters(kf)) <= 1 {
				oneAway = append(oneAway, k)
			}
		}
		// One edit away: of key's length in letters first (a letter
		// replaced, two swapped), then one shorter, then one longer,
		// composed.
		rank := func(k string) int {
			return map[int]int{0: 0, -1: 1, 1: 2}[utf8.RuneCountInString(fold(k))-utf8.RuneCountInString(folded)]
		}
		first := func(keys []string) string {
			return slices.MinFunc(keys, func(a, b string) int { return cmp.Or(cmp.Compare(rank(a), rank(b)), strings.Compare(a, b)) })
		}
		want := ""
		switch {
		case len(inOrder) > 0:
			want = slices.Min(inOrder)
		case len(oneAway) > 0:
			want = first(oneAway)
		case len(sameWords) > 0:
			want = slices.Min(sameWords)
		}
		if got != want {
			t.Fatalf("meant(%q) = %q; want %q (same words in order %q, one edit away %q, same words %q)", key, got, want, inOrder, oneAway, sameWords)
		}
	})
}

// letters is s split into the letters oneEdit counts: code points, and
// each byte that is not UTF-8 a letter of its own.
func letters(s string) []string {
	var l []string
	for s != "" {
		_, n := utf8.DecodeRuneInString(s)
		l, s = append(l, s[:n]), s[n:]
	}
	return l
}
