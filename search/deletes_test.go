package search

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestIsDeletionOf: k is v with exactly one rune removed, anywhere, repeated
// letters included; equal, reordered or shorter by more are not, since the
// typo index keys on single deletions.
func TestIsDeletionOf(t *testing.T) {
	tests := []struct {
		v, k string
		want bool
	}{
		{"abcde", "bcde", true},
		{"abcde", "abce", true},
		{"abcde", "abcd", true},
		{"aabb", "abb", true},
		{"aaaa", "aaa", true},
		{"abcde", "abcde", false},
		{"abcde", "abde", true},
		{"abcde", "abed", false},
		{"abcde", "abc", false},
		{"abcde", "xbcde", false},
		{"héllo", "hllo", true}, // a two-byte rune
		{"héllo", "hello", false},
		{"hello", "héllo", false},
		{"h\xc3llo", "hllo", true},          // an invalid byte is a rune of its own
		{"h\xc3\xa9llo", "h\xa9llo", false}, // a byte of a rune is not a rune
		{"日本語x", "日語x", true},
		{"", "", false},
		// A rune of utf8.UTFMax bytes is one rune to delete like any
		// other, at either end or inside; five bytes apart is more than
		// one rune (mutation testing).
		{"ab\U00010428cd", "abcd", true},
		{"\U00010428abcd", "abcd", true},
		{"abcd\U00010428", "abcd", true},
		{"ab\U00010428xcd", "abcd", false},
		{"ab\U00010428\U00010428cd", "ab\U00010428cd", true},
	}
	for _, tt := range tests {
		if got := isDeletionOf(tt.v, tt.k); got != tt.want {
			t.Errorf("isDeletionOf(%q, %q) = %v, want %v", tt.v, tt.k, got, tt.want)
		}
		if got := isDeletionOf(tt.v, []byte(tt.k)); got != tt.want {
			t.Errorf("isDeletionOf(%q, []byte(%q)) = %v, want %v", tt.v, tt.k, got, tt.want)
		}
	}
}

// TestDeleteIndexListsWhatAMapListed checks the buckets against the map of
// deletion strings they replaced: for every deletion, the terms of its
// bucket that it is a deletion of are the map's list, in its order.
func TestDeleteIndexListsWhatAMapListed(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	letters := []string{"a", "b", "é", "日", "\xff"}
	var vocab []string
	for len(vocab) < 3000 {
		var b strings.Builder
		for range 1 + r.IntN(8) {
			b.WriteString(letters[r.IntN(len(letters))])
		}
		if !slices.Contains(vocab, b.String()) {
			vocab = append(vocab, b.String())
		}
	}
	keep := func(v string) bool { return utf8.RuneCountInString(v) >= 3 }
	want := map[string][]int32{}
	for t, v := range vocab {
		if !keep(v) {
			continue
		}
		for i := range v {
			_, size := utf8.DecodeRuneInString(v[i:])
			k := v[:i] + v[i+size:]
			if l := want[k]; len(l) == 0 || l[len(l)-1] != int32(t) {
				want[k] = append(l, int32(t))
			}
		}
	}
	d := newDeleteIndex(vocab, keep)
	for k, terms := range want {
		var got []int32
		d.candidates(sum(d.h, k), func(t int32) {
			if isDeletionOf(vocab[t], k) {
				got = append(got, t)
			}
		})
		// addTypoTerms keeps the first of a term that comes twice.
		if got = slices.Compact(got); !slices.Equal(got, terms) {
			t.Fatalf("deletion %q: terms %v, want %v", k, got, terms)
		}
	}
	if len(d.terms) > 2*len(want)+len(vocab)*8 || len(d.off) > len(d.terms)/2+2 {
		t.Errorf("%d entries in %d buckets for %d deletions", len(d.terms), len(d.off)-1, len(want))
	}
}

// TestBuildLongWordKeepsLittle indexes one card holding a 20,000-letter
// word: every deletion of it, as a string, made Build keep 412 MB (and
// the square of the length for a longer one), where its typo correction
// needs a few hundred kilobytes. The word is still found one edit away.
func TestBuildLongWordKeepsLittle(t *testing.T) {
	word := strings.Repeat("ab", 10000)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	ix := Build([]Card{{ID: "long", Summary: word}, {ID: "other", Summary: "something else entirely"}})
	runtime.GC()
	runtime.ReadMemStats(&after)
	if kept := int64(after.HeapAlloc) - int64(before.HeapAlloc); kept > 16<<20 {
		t.Errorf("Build kept %d MB for a 20,000-letter word", kept>>20)
	}
	for _, q := range []string{word[1:], word[:5000] + "x" + word[5000:], word[:5000] + "b" + word[5001:]} {
		if rs := ix.Search(Query{Intent: q}); len(rs) != 1 || rs[0].ID != "long" {
			t.Errorf("a query one edit from the long word found %v, want the card long", rs)
		}
	}
	runtime.KeepAlive(ix)
}

// TestDeleteIndexFillsBucketsInPlace checks the buckets that
// newDeleteIndexOf fills a part at a time against each deletion appended
// to its bucket in turn, terms in order, with and without the words' own
// hashes, for indexes of one part and of many (partSpan), and deletionCount
// against the hashes deletions gives.
func TestDeleteIndexFillsBucketsInPlace(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	letters := []string{"a", "b", "c", "é", "日", "\xff", "\U00010428"}
	var vocab []string
	for len(vocab) < 40000 {
		var b strings.Builder
		for range 1 + r.IntN(9) {
			b.WriteString(letters[r.IntN(len(letters))])
		}
		vocab = append(vocab, b.String())
	}
	keep := func(v string) bool { return len(v) != 3 }
	for _, n := range []int{5, 300, 40000} {
		for _, self := range []bool{false, true} {
			d := newDeleteIndexOf(vocab[:n], keep, self)
			buckets := len(d.off) - 1
			lists := make([][]int32, buckets)
			fps := make([][]uint16, buckets)
			d.forEach(vocab[:n], keep, func(t int32, h uint64) {
				lists[h&d.mask] = append(lists[h&d.mask], t)
				fps[h&d.mask] = append(fps[h&d.mask], fingerprint(h))
			})
			if n > 1000 && buckets <= partSpan {
				t.Fatalf("n=%d: %d buckets, one part", n, buckets)
			}
			for b := range buckets {
				lo, hi := d.off[b], d.off[b+1]
				if !slices.Equal(d.terms[lo:hi], lists[b]) || !slices.Equal(d.fps[lo:hi], fps[b]) {
					t.Fatalf("n=%d self=%v: bucket %d holds %v %v, want %v %v", n, self, b, d.terms[lo:hi], d.fps[lo:hi], lists[b], fps[b])
				}
			}
		}
	}
	h := newPolyHash()
	for _, v := range vocab[:2000] {
		k := 0
		h.deletions(v, func(_, _ int, _ uint64) { k++ })
		if got := deletionCount(v, false); got != k {
			t.Errorf("deletionCount(%q) = %d, want %d", v, got, k)
		}
		if got := deletionCount(v, true); got != k+1 {
			t.Errorf("deletionCount(%q, self) = %d, want %d", v, got, k+1)
		}
	}
}
