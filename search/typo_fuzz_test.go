package search

import (
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/capreg/capreg/internal/osatest"
)

// FuzzTypoTermsAgreeWithScan holds the typo look-up, which finds the terms
// one edit from an unknown query word through hashed single-rune deletions
// (deleteIndex), to what it stands for: a scan of the whole vocabulary
// with an edit-distance check, which costs a comparison per term. Card
// text and query word are arbitrary, so runes of several bytes, repeated
// runes and words of every length meet the hashing.
func FuzzTypoTermsAgreeWithScan(f *testing.F) {
	for _, seed := range [][2]string{
		{"install packages and remove the package cache", "pakcage"},
		{"été hiver élever", "ételé"},
		{"aaaaa aaaab baaaa", "aaaaaa"},
		{"日本語のテキスト 日本語テキスト", "日本語テキス"},
		{"worktree worktrees", "wroktree"},
		{"x", "\xff\xfe\xfd\xfc\xfb"},
		{"serve http2 with a 3000ms timeout", "http3"},
		{"serve http2 with a 3000ms timeout", "30000ms"},
	} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, text, q string) {
		ix := Build([]Card{{ID: "c", Summary: text, Risk: "reversible"}})
		s := newScratch(ix.Len(), len(ix.vocab))
		found := ix.addTypoTerms(s, q)
		got := slices.Clone(s.cands)
		if !found {
			got = nil
		}
		var want []int32
		if utf8.RuneCountInString(q) >= minTypoLen && len(q) <= ix.maxTermLen+utf8.UTFMax {
			for id, v := range ix.vocab {
				if editDistanceOne(q, v) && !editsDigit(q, v) {
					want = append(want, int32(id))
				}
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("typo terms of %q: %v, a scan finds %v (vocabulary %q)", q, terms(ix, got), terms(ix, want), ix.vocab)
		}
	})
}

// FuzzSurfaceTyposAgreeWithScan holds the look-up of the cards' words as
// written (surfaceIndex), hashed with each word's own hash beside its
// deletions, to a scan of those words with an edit-distance check: the
// terms found are those of the words one edit from the query word.
func FuzzSurfaceTyposAgreeWithScan(f *testing.F) {
	for _, seed := range [][2]string{
		{"add translations for german", "trnslations"},
		{"renew the certificate", "certficate"},
		{"installing packages", "instaling"},
		{"été hivernales élevées", "élevés"},
		{"x", "\xff\xfe\xfd\xfc\xfb"},
		{"the ipv4addresses", "ipv6addresses"},
	} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, text, q string) {
		ix := Build([]Card{{ID: "c", Summary: text, Risk: "reversible"}})
		s := newScratch(ix.Len(), len(ix.vocab))
		found := ix.addSurfaceTypos(s, q)
		got := slices.Clone(s.cands)
		if !found {
			got = nil
		}
		var want []int32
		if utf8.RuneCountInString(q) >= minTypoLen && len(q) <= maxSurfaceLen+utf8.UTFMax {
			for i, w := range ix.surface.words {
				if t := ix.surface.term[i]; editDistanceOne(q, w) && !editsDigit(q, w) && !slices.Contains(want, t) {
					want = append(want, t)
				}
			}
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("surface typo terms of %q: %v, a scan finds %v (words %q)", q, terms(ix, got), terms(ix, want), ix.surface.words)
		}
	})
}

func terms(ix *Index, ts []int32) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = ix.vocab[t]
	}
	return out
}

// FuzzEditDistanceOne holds editDistanceOne to the optimal-string-alignment
// distance over runes, computed in full: one edit is distance 1.
func FuzzEditDistanceOne(f *testing.F) {
	for _, seed := range [][2]string{{"packag", "pakcag"}, {"été", "eté"}, {"ab", "ba"}, {"abc", "ca"}, {"\xff", "\xfe"}, {"a\xffb", "a\xc3b"}} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if got, want := editDistanceOne(a, b), osatest.Distance([]rune(a), []rune(b)) == 1; got != want {
			t.Fatalf("editDistanceOne(%q, %q) = %v, want %v", a, b, got, want)
		}
	})
}
