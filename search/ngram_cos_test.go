package search

import (
	"math"
	"strings"
	"testing"
)

// TestNgramCosinesAgreeWithDefinition: the second stage's n-gram
// features are the cosines ngram.go's comment defines, computed here
// from that definition with maps: each word of the query and of the card
// marked "^w$" and cut into byte 3- and 4-grams, hashed to a bucket; the
// query's vector and the id's raw counts times idf, the summary and
// phrases' 1 + ln counts times idf. Mutation testing found the norms, the
// cut's bounds and the sublinear count changed with no test failing: the
// ranking moved, silently. The card's words are chosen to be kept whole
// (lower case, no stop word), so that the test knows them.
func TestNgramCosinesAgreeWithDefinition(t *testing.T) {
	long := strings.Repeat("ab", ngMaxWord/2)
	cards := []Card{
		{ID: "umount", Summary: "Unmount mounted disks", IntentPhrases: []string{"detach volume", "unmount disk safely"}},
		{ID: "mount", Summary: "Mount disks", IntentPhrases: []string{"attach volume"}},
		{ID: "screencap", Summary: "Capture screenshot", IntentPhrases: []string{"grab screen image"}},
		// "zzz" 256 times: just past the table of small counts.
		{ID: "echo", Summary: strings.Repeat("zzz ", 255), IntentPhrases: []string{"print zzz"}},
		{ID: "long", Summary: long},     // the longest word cut
		{ID: "mute", Summary: "It is."}, // no word kept: no vector
	}
	ix := Build(cards)
	words := [][]string{ // summary and phrases, as kept
		{"unmount", "mounted", "disks", "detach", "volume", "unmount", "disk", "safely"},
		{"mount", "disks", "attach", "volume"},
		{"capture", "screenshot", "grab", "screen", "image"},
		append(strings.Fields(strings.Repeat("zzz ", 255)), "print", "zzz"),
		{long},
		nil,
	}
	// An n-gram no card holds weighs nothing (it would only lengthen the
	// query's vector), and every one the cards hold is weighed: none is
	// in all of them.
	for id := range ngCounts([]string{"qxqxq"}) {
		if ix.ngIdf[id] != 0 {
			t.Errorf("an n-gram of qxqxq, in no card, has idf %v, want 0", ix.ngIdf[id])
		}
	}
	for c := range cards {
		for id := range ngCounts(append([]string{cards[c].ID}, words[c]...)) {
			if ix.ngIdf[id] <= 0 {
				t.Errorf("an n-gram of %s has idf %v, want > 0", cards[c].ID, ix.ngIdf[id])
			}
		}
	}
	for _, q := range []string{"unmount disks", "mount volume", "screenshot", "zzz", "umount umount mount", long} {
		s := ix.pool.Get().(*scratch)
		s.reset()
		if !ix.analyseQuery(q, s) {
			t.Fatalf("%q: no query", q)
		}
		ix.scoreCards(s)
		qv := ngVector(ix, strings.Fields(q), false)
		for c := range cards {
			var f [numFeat]float32
			ix.features(s, placeOf(ix, c), 1, 1, &f)
			wantID := cosine(qv, ngVector(ix, []string{cards[c].ID}, false))
			wantCard := cosine(qv, ngVector(ix, words[c], true))
			if !(math.Abs(float64(f[featNgID])-wantID) <= 1e-4 && math.Abs(float64(f[featNgCard])-wantCard) <= 1e-4) { // NaN too
				t.Errorf("%q against %s: ngid %.5f, ngcard %.5f; by the definition %.5f, %.5f", q, cards[c].ID, f[featNgID], f[featNgCard], wantID, wantCard)
			}
		}
		ix.pool.Put(s)
	}
}

// ngVector is the TF-IDF n-gram vector of words: counts, or 1 + ln of
// them (sublinear), times the index's idf.
func ngVector(ix *Index, words []string, sublinear bool) map[int32]float64 {
	v := map[int32]float64{}
	for id, n := range ngCounts(words) {
		if idf := float64(ix.ngIdf[id]); idf > 0 {
			if sublinear {
				n = 1 + math.Log(n)
			}
			v[id] = n * idf
		}
	}
	return v
}

// ngCounts counts the n-grams of words by bucket.
func ngCounts(words []string) map[int32]float64 {
	tf := map[int32]float64{}
	for _, w := range words {
		m := "^" + w + "$"
		for n := 3; n <= 4; n++ {
			for i := 0; i+n <= len(m); i++ {
				h := uint32(2166136261) ^ uint32(n)
				for j := i; j < i+n; j++ {
					h ^= uint32(m[j])
					h *= 16777619
				}
				h ^= h >> 15
				tf[int32(h&(1<<17-1))]++
			}
		}
	}
	return tf
}

func cosine(a, b map[int32]float64) float64 {
	var dot, na, nb float64
	for id, x := range a {
		dot += x * b[id]
		na += x * x
	}
	for _, y := range b {
		nb += y * y
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return dot / math.Sqrt(na*nb)
}
