package render

import (
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// FuzzKeyNeighbours holds keyNeighbours.meant, the near-miss search of an
// undeclared config key, to a plain scan of the declared keys: with budget
// to spare it names a key exactly when one has the unknown key's words
// (wordKey) or is one edit from it (validate.EditDistance), the first in
// sorted order of the same words when there is one; oneEdit agrees with
// validate.EditDistance on every pair it sees.
//
//	go test ./render -run '^$' -fuzz FuzzKeyNeighbours -fuzztime 30s
func FuzzKeyNeighbours(f *testing.F) {
	seeds := [][2]string{
		{"beat.deep.flag", "beta.deep.flag\nalpha.b\nbeta_deep"},
		{"Beta_Deep.flag", "beta.deep.flag\nflag.deep.beta"},
		{"workflow.ui_phse", "workflow.ui_phase\nworkflow.research_depth"},
		{"ab", "ba\nabc\na\nb"},
		{"", ".\n-\na"},
		{"İ.k", "i̇.k\nı.k"},
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
		got := idx.keyNeighbours().meant(key, &budget)

		var sameWords string // the first declared key, sorted, of key's words
		near := false
		for k := range idx.keys {
			if wordKey(k) == wordKey(key) && (sameWords == "" || k < sameWords) {
				sameWords = k
			}
			one := validate.EditDistance(key, k, 1) <= 1
			if oneEdit(key, k) != one {
				t.Fatalf("oneEdit(%q, %q) = %v; EditDistance says %v", key, k, !one, one)
			}
			near = near || one
		}
		switch {
		case sameWords != "" && got != sameWords:
			t.Fatalf("meant(%q) = %q; want %q, of the same words", key, got, sameWords)
		case sameWords == "" && near != (got != ""):
			t.Fatalf("meant(%q) = %q; a key one edit away: %v", key, got, near)
		case got != "" && idx.keys[got] == nil:
			t.Fatalf("meant(%q) = %q, no declared key", key, got)
		case got != "" && sameWords == "" && validate.EditDistance(key, got, 1) > 1:
			t.Fatalf("meant(%q) = %q, more than one edit away", key, got)
		}
	})
}
