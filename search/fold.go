package search

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// foldAccents returns w, a lowercase word, without the accents of its
// Latin and Greek letters ("déployer" is "deployer", "caché" "cache",
// "οδός" "οδοσ"), and whether it had any. Greek capitals are written
// without the tonos ("ΟΔΟΣ"), and the breathings and accents of
// polytonic text are dropped by monotonic spelling, so the bare letters
// are the word as it is typed; the dialytika goes too ("προϊόν",
// "προιον"), as search engines fold Greek (Lucene's GreekLowerCaseFilter).
// Russian "ё" is "е" and a stressed Cyrillic vowel the vowel (see
// optionalCyrillicMark). The marks that Arabic, Persian, Hebrew and Hindi
// text leaves out as it is mostly written go too, and the Arabic letters
// typed for one another are one (see optionalMark and arabicLetter):
// "عَطِّلْ" is "عطل", "كمية" "كميه", Persian "کلید" "كليد", "עִדְכּוּן"
// "עדכון", "फ़ीचर" "फीचर", "जाँच" "जांच". The other marks of those
// scripts (Devanagari vowel signs and viramas) and of Cyrillic are
// letters of their words, and stay. The Latin letters NFD does not
// decompose into a letter and a mark are written as the ASCII letters
// they are typed as without them (see plainLetters): "kullanıcı" is
// "kullanici", "straße" "strasse", "nœud" "noeud".
func foldAccents(w string) (string, bool) { return foldMarks(w, false) }

// spellUmlauts is foldAccents but for the umlauts "ä", "ö", "ü" and the
// "ø" read as "ö", which it writes as their vowel and an "e" ("löschen"
// is "loeschen", "løn" "loen"), and the Danish and Norwegian "å", which
// it writes "aa" ("måned" is "maaned"), as those languages wrote it
// before they took "å" and still do in names (Aalborg, Aasen): how German
// and Danish words are spelled in ASCII, in ids and file names and on an
// English keyboard.
func spellUmlauts(w string) (string, bool) { return foldMarks(w, true) }

// hasUmlaut reports whether w, a word in NFKC (so its umlauts
// precomposed), holds "ä", "ö", "ü", "ø" or "å": the words spellUmlauts
// is asked of, so that the words that have none (most) skip its
// allocations. A diaeresis or ring under another mark (Pinyin "ǜ", "ȫ",
// "ǻ") is no umlaut of a word hasUmlaut passes, so "lǜ" is read as "lu",
// never "lue", another syllable; spellUmlauts alone would spell it.
func hasUmlaut(w string) bool { return strings.ContainsAny(w, "äöüøå") }

// foldMarks is foldAccents, or spellUmlauts when spell is set: the
// optional marks of Latin, Greek, Cyrillic, Arabic, Hebrew and Devanagari
// letters dropped, and the Arabic letters typed for one another made one.
func foldMarks(w string, spell bool) (string, bool) {
	if isASCII(w) {
		return w, false
	}
	d := norm.NFD.String(w)
	out := make([]byte, 0, len(d))
	folded, bare := false, false // bare: the marks of base fold away
	var base rune                // the letter the marks are of
	for _, r := range d {
		if unicode.Is(unicode.Mn, r) {
			if bare {
				folded = true
				if spell && r == '\u0308' && (base == 'a' || base == 'o' || base == 'u') {
					out = append(out, 'e')
				}
				if spell && r == '\u030a' && base == 'a' {
					out = append(out, 'a')
				}
				continue
			}
			if optionalMark(base, r) {
				folded = true
				continue
			}
			if r == '\u0901' { // Devanagari candrabindu
				out = utf8.AppendRune(out, '\u0902')
				folded = true
				continue
			}
		} else {
			bare = unicode.In(r, unicode.Latin, unicode.Greek, unicode.Hebrew)
			base = r
			if p := plainLetters(r, spell); p != "" {
				out = append(out, p...)
				folded = true
				continue
			}
			if a := arabicLetter(r); a != r {
				out = utf8.AppendRune(out, a)
				folded = true
				continue
			}
		}
		out = utf8.AppendRune(out, r)
	}
	if !folded {
		return w, false
	}
	return norm.NFC.String(string(out)), true
}

// optionalMark reports whether the mark m on the letter base (in NFD),
// of a script whose marks are letters of its words, is one that text
// mostly leaves out, and folds away: the Cyrillic marks of
// optionalCyrillicMark; the Arabic vowel marks (harakat: fatha, damma,
// kasra, their doubled forms, shadda, sukun, the superscript alef), which
// Arabic and Persian print only in teaching and holy text and for a word
// that would be misread ("عَطِّلْ" is "عطل"), and the hamza and madda on an
// alef ("أ", "إ", "آ"), which are typed as the bare alef ("الغاء" for
// "إلغاء"), as search engines fold Arabic (Lucene's ArabicNormalizer), and
// the hamza on a heh (Persian "ۀ", "هٔ"); and the Devanagari nukta, which
// Hindi writes under the consonants of Persian and English loanwords
// ("फ़ीचर", "ज़रूरी") and as often leaves out ("फीचर"), and under "ड़" and
// "ढ़", letters of their own that a word typed without is still meant
// as (Lucene's HindiNormalizer drops it too; a word is folded only when
// no card holds it as typed). The hamza of "ؤ" and "ئ", spelled so, stays.
// (Hebrew points go with all the marks of a Hebrew letter, as modern
// Hebrew is written without them, and the Devanagari candrabindu is read
// as the anusvara, "जाँच" as "जांच", which Hindi writes for it as often:
// see foldMarks.)
func optionalMark(base, m rune) bool {
	switch {
	case base < 0x400:
		return false // Latin, Greek (see foldMarks), or no letter
	case '\u064b' <= m && m <= '\u0652', m == '\u0670':
		return unicode.Is(unicode.Arabic, base)
	case '\u0653' <= m && m <= '\u0655':
		return base == 'ا' || base == 'ه' || base == 'ە'
	case m == '\u093c':
		return true // the nukta is of Devanagari letters only
	}
	return optionalCyrillicMark(base, m)
}

// arabicLetter is the letter of the Arabic script that r is typed as or
// for, or r: the Persian "ی" and "ک" and the dotless "ى" are the Arabic
// "ي" and "ك", as a Persian word typed on an Arabic keyboard (or an old
// system's) is written with them, and an Arabic word's final "ي" as "ى";
// the "ة" (teh marbuta) and the "ە" are "ه", as "كمية" is typed "كميه".
func arabicLetter(r rune) rune {
	switch r {
	case 'ی', 'ى':
		return 'ي'
	case 'ک':
		return 'ك'
	case 'ة', 'ە':
		return 'ه'
	}
	return r
}

// optionalCyrillicMark reports whether the mark m on the Cyrillic letter
// base (in NFD) is one Russian spelling leaves out: the diaeresis of "ё",
// which most Russian text writes "е" ("учётная", "учетная"; "Ё" is rarer
// still in capitals), and the acute of a stressed vowel, which
// dictionaries and teaching text add ("за́мок" is "замок"; no Cyrillic
// vowel with an acute is a letter of its own). The marks that make
// letters are kept, as their words are spelled with them: the breve of
// "й" (Russian "мой" and "мои" are two words) and of Belarusian "ў", the
// diaeresis of Ukrainian "ї" (no "і" written for it) and of Komi "ӧ",
// the acute of Macedonian "ѓ" and "ќ", which are consonants, and the
// grave of Bulgarian and Macedonian "ѝ" ("her"), which "и" ("and") is not.
func optionalCyrillicMark(base, m rune) bool {
	switch m {
	case '\u0308': // diaeresis
		return base == 'е'
	case '\u0301': // acute
		return strings.ContainsRune("аеиоуыэюяієъ", base) // "ї" is "і" and a mark in NFD
	}
	return false
}

// plainLetters is the ASCII letters a lowercase Latin letter that NFD
// leaves whole is written as without it, or "": Turkish "ı", Polish "ł",
// Danish and Norwegian "ø" ("oe" when spell is set), Croatian "đ",
// Maltese "ħ", Sami "ŧ", the ligatures "æ" and "œ", German "ß",
// Icelandic "ð" and "þ".
func plainLetters(r rune, spell bool) string {
	switch r {
	case 'ı':
		return "i"
	case 'ł':
		return "l"
	case 'ø':
		if spell {
			return "oe"
		}
		return "o"
	case 'đ', 'ð':
		return "d"
	case 'ħ':
		return "h"
	case 'ŧ':
		return "t"
	case 'æ':
		return "ae"
	case 'œ':
		return "oe"
	case 'ß':
		return "ss"
	case 'þ':
		return "th"
	}
	return ""
}

// buildFolded indexes the terms written with accents by their stem
// without them (Index.folded, which addFoldedTerms reads), and by their
// stem with the umlauts spelled out (spellUmlauts) when that differs.
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
		if hasUmlaut(v) {
			if g, _ := spellUmlauts(v); g != f {
				if kg := stem(g); kg != k {
					ix.folded[kg] = append(ix.folded[kg], int32(t))
				}
			}
		}
	}
}

// addFoldedTerms adds the terms that w, a query word the index does not
// hold, is but for accents, at the word's own weight qw, and reports
// whether there was one: "déployer" typed in a French request is the
// cards' "deploy", and "deploiement" typed without accents is a French
// card's "déploiement". The stemmer is English and leaves a word with an
// accent as it is, so the accent made the word no term of the other. An
// umlaut is read both as its bare vowel and spelled out (spellUmlauts):
// "löschen" is a card's "loeschen", and "loeschen" a card's "löschen".
func (ix *Index) addFoldedTerms(s *scratch, w string, qw float32) bool {
	f, _ := foldAccents(w)
	if f == w && ix.folded == nil {
		return false // most indexes: English cards, a word with no accent
	}
	s.abbrev = true // a whole word (see scratch.whole)
	defer func() { s.abbrev = false }()
	found := ix.addFoldedForm(s, w, f, qw)
	if hasUmlaut(w) {
		if g, _ := spellUmlauts(w); g != f {
			found = ix.addFoldedForm(s, w, g, qw) || found
		}
	}
	return found
}

// addFoldedForm adds the terms of f, a folded form of the query word w:
// the term it is, when it is not w, and those folded to it.
func (ix *Index) addFoldedForm(s *scratch, w, f string, qw float32) bool {
	st := stem(f)
	found := false
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
