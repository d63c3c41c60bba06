package search

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// foldAccents returns w, a lowercase word, without the accents of its
// Latin letters ("déployer" is "deployer", "caché" "cache"), and whether
// it had any. The marks of other scripts (Devanagari vowel signs, Hebrew
// points) are letters of their words, and stay.
func foldAccents(w string) (string, bool) {
	if isASCII(w) {
		return w, false
	}
	d := norm.NFD.String(w)
	out := make([]byte, 0, len(d))
	folded, latin := false, false
	for _, r := range d {
		if unicode.Is(unicode.Mn, r) {
			if latin {
				folded = true
				continue
			}
		} else {
			latin = unicode.Is(unicode.Latin, r)
		}
		out = utf8.AppendRune(out, r)
	}
	if !folded {
		return w, false
	}
	return norm.NFC.String(string(out)), true
}

// buildFolded indexes the terms written with accents by their stem
// without them (Index.folded, which addFoldedTerms reads).
func (ix *Index) buildFolded() {
	for t, v := range ix.vocab {
		f, ok := foldAccents(v)
		if !ok {
			continue
		}
		if ix.folded == nil {
			ix.folded = make(map[string][]int32)
		}
		k := stem(f)
		ix.folded[k] = append(ix.folded[k], int32(t))
	}
}

// addFoldedTerms adds the terms that w, a query word the index does not
// hold, is but for accents, at the word's own weight qw, and reports
// whether there was one: "déployer" typed in a French request is the
// cards' "deploy", and "deploiement" typed without accents is a French
// card's "déploiement". The stemmer is English and leaves a word with an
// accent as it is, so the accent made the word no term of the other.
func (ix *Index) addFoldedTerms(s *scratch, w string, qw float32) bool {
	f, _ := foldAccents(w)
	if f == w && ix.folded == nil {
		return false // most indexes: English cards, a word with no accent
	}
	st := stem(f)
	found := false
	s.abbrev = true // a whole word (see scratch.whole)
	defer func() { s.abbrev = false }()
	if f != w {
		if t, ok := ix.indexedTerm(st); ok {
			s.addTerm(t, qw, kindFuzzy)
			found = true
		}
	}
	for _, t := range ix.folded[st] {
		s.addTerm(t, qw, kindFuzzy)
		found = true
	}
	return found
}
