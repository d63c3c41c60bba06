package search

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kljensen/snowball/english"
	"golang.org/x/text/unicode/norm"

	"github.com/capreg/capreg/internal/casefold"
)

// rawTokens appends the lowercase alphanumeric words of s to dst.
//
// Rules, chosen for tldr-style help text:
//
//   - Any rune that is not a letter or digit separates words, so `backticks`,
//     punctuation, slashes in <path/to/file> and the -_. in ids all split.
//
//   - A bracket pair around letters/digits inside a word is unwrapped rather
//     than splitting: tldr marks flag letters that way, "[a]ction" means
//     "action" and "--[r]ecursive" means "recursive".
//
//   - An apostrophe between letters is dropped ("don't" -> "dont",
//     "file's" -> "files"), so possessives stem like plurals; so is the
//     Hebrew geresh ("צ׳אט", "צ'אט" is "צאט"), and the gershayim of a
//     Hebrew abbreviation, '"' or "״" between its last two letters
//     ("דו"ח", report, is "דוח", as it is also written): split there,
//     the abbreviation was a word and a lone letter, dropped. (nfkc
//     reads "׳" and "״" as the "'" and '"' they are typed as.)
//
//   - Text is read in Unicode normalization form NFKC, so an accent typed
//     as a combining mark, fullwidth letters and ligatures ("cafe\u0301",
//     "ｌｓ", "\ufb01le") are the precomposed, plain words of the cards.
//
//   - A mark (Unicode category M) after a letter or digit is part of the
//     word: the vowel signs and viramas of Indic scripts, Hebrew points and
//     the accents NFKC has no precomposed letter for are written that way,
//     and splitting at them cut "हिन्दी" into the one-letter words "ह" "न"
//     "द", which matched any card with a word that has one of them.
//
//   - Chinese, Japanese and Korean letters (Han, Hiragana, Katakana,
//     Hangul), and those of Thai, Lao, Khmer and Myanmar, are read as the
//     overlapping pairs of each run of them ("备份数据库" is "备份" "份数"
//     "数据" "据库"; a run of one letter is itself), a letter with the
//     marks after it, apart from the letters of other scripts beside them.
//     Those languages write no space between words, so a run was one word,
//     and a request that said less or more than a card's whole run
//     ("数据库", "如何备份数据库", "ติดตามพัสดุให้หน่อย") found nothing.
//     Pairs need no dictionary and are what search engines index such text
//     by.
//
//   - The invisible characters that join or break a word's letters for
//     its rendering, or mark where it may be hyphenated, are no part of
//     what it says, and are dropped (see nfkc): the soft hyphen, the
//     zero-width joiner, the word joiner and the zero-width no-break
//     space, the Arabic tatweel, which stretches a word ("تقريـــر" is
//     "تقرير"), and the zero-width non-joiner, but between two letters
//     of the Arabic script, where it stays a break (see splitsArabic).
//     Each split its word: "deploy\u00ADment" was "deploy" "ment", and a
//     Devanagari conjunct kept apart by a joiner two pieces of no word.
//
//   - A decimal digit of any script is read as the ASCII digit of its
//     value: "۳۰" (Persian), "٣٠" (Arabic), "३०" (Devanagari), "๓๐"
//     (Thai) are "30", which NFKC leaves as they are, so an order number
//     or a count typed on those keyboards met no card that writes it.
//
//   - A word ending in two capitals and an "s" is the acronym without
//     the "s" ("GPUs" is "gpu", see isAcronymPlural), and digits and an
//     "s" are the number ("429s" is "429", but "10s" stays, see
//     isNumberPlural).
//
// A word in camel case stays whole ("dbRollback" is "dbrollback"), so
// "PowerShell" matches "powershell"; a query records its parts as well
// (tokenizer.split), for a word the cards do not hold.
func rawTokens(dst []string, s string) []string {
	t := tokenizer{dst: dst}
	t.words(s)
	return t.dst
}

// words appends the words of s to t.dst (see rawTokens).
func (t *tokenizer) words(s string) { t.normalised(nfkc(s)) }

// tokens is the words of s (see rawTokens) in t's list, reused: what it
// held is dropped. ascii says s is known to be ASCII, so NFKC already.
func (t *tokenizer) tokens(s string, ascii bool) []string {
	t.dst = t.dst[:0]
	if ascii {
		t.normalised(s)
	} else {
		t.words(s)
	}
	return t.dst
}

// normalised is words of s in NFKC (nfkc(s) == s, as for ASCII text).
func (t *tokenizer) normalised(s string) {
	t.s = s
	for i := 0; i < len(s); {
		// ASCII, most of a card's text, skips the look-ups below when
		// camel-case parts are not recorded: no letter of a script
		// written without spaces (isUnspaced) and no mark is ASCII, and
		// any other byte but a bracket, an apostrophe or a double quote
		// (Hebrew gershayim) ends a word.
		if c := s[i]; c < utf8.RuneSelf && !t.split {
			switch {
			case isASCIIWordByte(c):
				t.addASCII(i, c)
				i++
				continue
			case c != '[' && c != '\'' && c != '"':
				if t.begun {
					t.flush()
				}
				i++
				continue
			}
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case isUnspaced(r):
			t.flush()
			i = t.pairs(i)
			continue
		case isWordRune(r), t.inWord() && isMark(r):
			t.add(i, r)
		case r == '[':
			if end := bracketWordEnd(s, i+size); end > 0 {
				// Unwrap "[xyz]": its contents continue the current word.
				for j, rr := range s[i+size : end] {
					t.add(i+size+j, rr)
				}
				t.edited = true // the word now skips the brackets in s
				t.bracket = true
				i = end + 1 // skip the closing ']'
				continue
			}
			t.flush()
		case r == '"' && t.inWord() && betweenHebrew(lastRune(t.buf), s[i+size:]):
			t.edited = true // gershayim: drop them, keep the word going
		case isApostrophe(r) && t.inWord() && i+size < len(s):
			if next, _ := utf8.DecodeRuneInString(s[i+size:]); !unicode.IsLetter(next) {
				t.flush()
			} else if isElision(t.buf) && elidedBefore(next) {
				t.begun = false // drop "l'", the word after it is a word
			} else {
				t.edited = true // drop the apostrophe, keep the word going
			}
		default:
			t.flush()
			if t.split && endsClause(r) {
				t.broke = true
			}
		}
		i += size
	}
	t.flush()
}

// endsClause reports whether r ends a clause or a sentence, which no
// word written apart runs across (see Index.addJoined): a full stop, a
// comma, a colon, a question mark, their forms in other scripts ("。",
// "،") and other terminal punctuation, or a line break.
func endsClause(r rune) bool {
	return r == '\n' || unicode.Is(unicode.Terminal_Punctuation, r)
}

// isElision reports whether w, the lowercase letters before an apostrophe,
// is a French or Italian article, pronoun or conjunction that drops its
// vowel before a word that starts with a vowel or an "h" (elidedBefore):
// "l'application", "qu'il", "dell'archivio", "un'altra". Such a word is no
// part of the one after it: read as one, "l'environnement" was
// "lenvironnement", so a card that said "supprimer l'environnement" was
// not found for "environnement", and "détruire environnement" put a card
// that creates one first. English contractions and possessives go on
// with a consonant ("Dell's", "don't", "we'll", "they're"), and stay one
// word.
func isElision(w []byte) bool {
	switch string(w) {
	case "c", "d", "j", "l", "m", "n", "s", "t", "qu", "jusqu", "lorsqu", "puisqu", "quoiqu",
		"un", "dell", "all", "dall", "nell", "sull", "coll", "quell", "quest":
		return true
	}
	return false
}

// elidedBefore reports whether r, the letter after an apostrophe, may
// start a word that an article elides before: a vowel or an "h".
func elidedBefore(r rune) bool {
	return strings.ContainsRune("aeiouyhàâäáéèêëíìîïóòôöúùûüœæ", unicode.ToLower(r))
}

// pairs appends the overlapping pairs of letters of the run of letters
// of scripts written without spaces (isUnspaced; each letter with the
// marks after it) that starts at offset i of t.s, or the run itself when
// it is one letter, and returns the offset past the run.
func (t *tokenizer) pairs(i int) int {
	s := t.s
	prev, cur := -1, i // starts of the previous letter and of this one
	for cur < len(s) {
		r, size := utf8.DecodeRuneInString(s[cur:])
		if !isUnspaced(r) {
			break
		}
		next := cur + size
		for next < len(s) {
			m, msize := utf8.DecodeRuneInString(s[next:])
			if !isMark(m) {
				break
			}
			next += msize
		}
		if prev >= 0 {
			t.dst = append(t.dst, s[prev:next])
			t.endParts()
		}
		prev, cur = cur, next
	}
	if prev == i { // one letter
		t.dst = append(t.dst, s[i:cur])
		t.endParts()
	}
	return cur
}

// isUnspaced reports whether r is a letter of a script written without
// spaces between words, which rawTokens reads as pairs of letters: Han,
// Hiragana, Katakana (with its long vowel mark "ー", of no script of its
// own), Hangul (Korean puts spaces between phrases, but writes a word's
// endings and particles onto it: "서버를" is "서버" and "를"), Thai, Lao,
// Khmer and Myanmar. Their symbols, numerals and marks ("⺀", "〇", the
// Hangul tone mark, the Thai vowel and tone marks) are no letters, as
// elsewhere; a mark goes with the letter before it.
func isUnspaced(r rune) bool {
	if r < 0x0e00 || !unicode.IsLetter(r) { // below Thai: Latin, Cyrillic, Greek, Arabic, Indic, ...
		return false
	}
	if r < 0x1100 { // Thai, Lao, Tibetan, Myanmar, Georgian
		return r < 0x0f00 || 0x1000 <= r && r < 0x10a0
	}
	return r == 0x30fc || unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Khmer)
}

const zwnj = '\u200c' // zero-width non-joiner

// isInvisible reports whether r is a character nfkc drops (see
// rawTokens): the soft hyphen, the zero-width non-joiner (but between two
// letters of the Arabic script, where unseen keeps it: splitsArabic) and
// joiner, the word joiner, the zero-width no-break space (the byte order
// mark) and the Arabic tatweel. The zero-width space, which marks where a
// word ends in Thai or Khmer text, is none: it separates words.
func isInvisible(r rune) bool {
	switch r {
	case '\u00ad', zwnj, '\u200d', '\u2060', '\ufeff', '\u0640':
		return true
	}
	return false
}

// splitsArabic reports whether a zero-width non-joiner after the rune
// before and before the rune after stands between two letters of the
// Arabic script (before may be a vowel mark of one), where Persian writes
// it to keep the parts of one word apart: "به‌روزرسانی" (update) is
// written so, and as "به روزرسانی" and "بروزرسانی" too, "کلید‌ها" (keys)
// also as "کلیدها". Read as a space, as a hyphen is ("follow-up"), the
// word with the non-joiner is the one with a space, and the one written
// joined is cut into the same two words (splitWord) where a card holds
// them side by side; read as nothing, it was the joined word, and the one
// with a space two words no card held. Between the letters of other
// scripts it only shapes them (a Devanagari conjunct, a Latin ligature),
// and is dropped.
func splitsArabic(before, after rune) bool {
	arabic := func(r rune) bool { return unicode.Is(unicode.Arabic, r) }
	return (arabic(before) || '\u064b' <= before && before <= '\u065f' || before == '\u0670') && arabic(after) && unicode.IsLetter(after)
}

// lastRune is the last rune of b, or utf8.RuneError.
func lastRune(b []byte) rune {
	r, _ := utf8.DecodeLastRune(b)
	return r
}

// betweenHebrew reports whether the rune before and the text rest after
// a character are Hebrew letters, as those of the gershayim of an
// abbreviation are. The rune before may be a point of its letter
// ("דוּ"ח"): read as a break there, the pointed abbreviation was a word
// and a lone letter, dropped, where the one without points was one word.
func betweenHebrew(before rune, rest string) bool {
	after, _ := utf8.DecodeRuneInString(rest)
	return unicode.Is(unicode.Hebrew, before) && (unicode.IsLetter(before) || isMark(before)) &&
		unicode.Is(unicode.Hebrew, after) && unicode.IsLetter(after)
}

// tokenizer accumulates one word at a time. A word that is a lowercase,
// unedited run of s is emitted as a substring of s, without allocating.
type tokenizer struct {
	s      string
	dst    []string
	buf    []byte
	begun  bool // inside a word
	start  int  // byte offset in s where the word began
	end    int  // byte offset in s just past the word's last rune
	edited bool // the word is not simply s[start:end]

	// Camel-case parts (see camelParts), recorded when split is set: the
	// parts of word i of dst are parts[partEnd[i-1]:partEnd[i]] (from 0
	// for the first), none for a word that is not in camel case.
	split   bool
	parts   []string
	partEnd []int32
	// breaks, recorded when split is set, says of each word of dst
	// whether a rune that ends a clause (endsClause) stands between it
	// and the word before; broke whether one was met since that word.
	breaks  []bool
	broke   bool
	bracket bool  // the word unwrapped a [flag] letter: not split
	cuts    []int // where in buf each part after the first starts
	last    letterCase
	prev    letterCase
	lastAt  int // where in buf the last rune starts
}

// letterCase is the case of a rune, for finding camel-case parts.
type letterCase uint8

const (
	caseNone letterCase = iota // a digit, or a letter without case
	caseLower
	caseUpper
)

func caseOf(r rune) letterCase {
	switch {
	case unicode.IsUpper(r):
		return caseUpper
	case unicode.IsLower(r):
		return caseLower
	}
	return caseNone
}

func (t *tokenizer) inWord() bool { return t.begun }

func (t *tokenizer) add(at int, r rune) {
	if !t.begun {
		t.begin(at)
	}
	if t.split && !isMark(r) { // a mark belongs to its letter, not a case
		t.markCut(caseOf(r))
	}
	lr := foldCase(r)
	if lr >= utf8.RuneSelf && unicode.IsDigit(lr) {
		lr = asciiDigit(lr)
	}
	if lr != r {
		t.edited = true
	}
	t.buf = utf8.AppendRune(t.buf, lr)
	t.end = at + utf8.RuneLen(r)
}

// foldCase is r case folded as the did-you-means fold names
// (casefold.Rune): Go lower-cases "Σ" to "σ" wherever it is in a word, so
// "ΟΔΟΣ", a word typed in capitals, was "οδοσ", no word of a card's
// "οδος", which ends in "ς"; folded, every word reads "σ", a card's and a
// request's, and a historic Cyrillic variant its letter ("ᲂ" is "о").
// "ß" is left to accent folding (foldAccents), and so is the one mark with
// a case, the Greek iota subscript (U+0345), as a composed "ᾳ" is, where
// casefold reads it as the letter "ι".
func foldCase(r rune) rune {
	if r == '\u0345' {
		return r
	}
	return casefold.Rune(r)
}

// begin starts a word at offset at.
func (t *tokenizer) begin(at int) {
	t.begun, t.start, t.edited, t.buf = true, at, false, t.buf[:0]
	t.bracket, t.cuts, t.last, t.prev = false, t.cuts[:0], caseNone, caseNone
}

// addASCII is add of the ASCII letter or digit c when camel-case parts
// are not recorded.
func (t *tokenizer) addASCII(at int, c byte) {
	if !t.begun {
		t.begin(at)
	}
	if 'A' <= c && c <= 'Z' {
		c += 'a' - 'A'
		t.edited = true
	}
	t.buf = append(t.buf, c)
	t.end = at + 1
}

// isASCIIWordByte reports whether c is an ASCII letter or digit, the ASCII
// runes isWordRune accepts.
func isASCIIWordByte(c byte) bool {
	return 'a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9'
}

// markCut records that a camel-case part starts at the rune of case c
// about to be added: after a lowercase letter ("db|Rollback"), or, when c
// is lowercase after two capitals, at the second ("HTTP|Server").
func (t *tokenizer) markCut(c letterCase) {
	switch {
	case c == caseUpper && t.last == caseLower:
		t.cuts = append(t.cuts, len(t.buf))
	case c == caseLower && t.last == caseUpper && t.prev == caseUpper:
		t.cuts = append(t.cuts, t.lastAt)
	}
	t.prev, t.last, t.lastAt = t.last, c, len(t.buf)
}

func (t *tokenizer) flush() {
	if !t.begun {
		return
	}
	t.begun = false
	if !t.edited {
		w := t.s[t.start:t.end]
		if isNumberPlural(w) {
			w = w[:len(w)-1]
		}
		t.dst = append(t.dst, w)
		t.endParts()
		return
	}
	w := string(t.buf)
	if isNumberPlural(w) {
		w = w[:len(w)-1]
	}
	plural := !t.bracket && isAcronymPlural(t.s[t.start:t.end])
	if plural {
		w = w[:len(w)-1]
	}
	t.dst = append(t.dst, w)
	if t.split && !t.bracket && len(t.cuts) > 0 {
		cuts := t.cuts
		if plural { // the last cut is before the last capital ("gp|us")
			cuts = cuts[:len(cuts)-1]
		}
		from := 0
		for _, at := range cuts {
			t.parts = append(t.parts, w[from:at])
			from = at
		}
		t.parts = append(t.parts, w[from:])
	}
	t.endParts()
}

// isAcronymPlural reports whether word (as written) ends in two capitals
// and a lowercase "s", the plural of an acronym ("GPUs", "VMs", "PRs",
// "listPRs"). Such a word is read as the acronym: the stemmer keeps an
// "s" after a lone vowel or with none before it ("gpus", "vms"), so "GPUs"
// was never "GPU", and as a camel-case word its last part was the "s"
// after a capital ("gp" "us", "v" "ms"). So is an acronym's possessive,
// "VM's" or "VM’s" ("vms" once its apostrophe is dropped, where "VMs" was
// "vm", so "a VM's display" missed a card's "VMs"). In lower case the "s"
// stays, as "k8s", "dns", "aws" and "gcs" are words of their own.
func isAcronymPlural(word string) bool {
	acronym, ok := strings.CutSuffix(word, "s")
	if !ok {
		return false
	}
	if a, ok := strings.CutSuffix(acronym, "'"); ok {
		acronym = a
	} else {
		acronym = strings.TrimSuffix(acronym, "\u2019")
	}
	r1, n1 := utf8.DecodeLastRuneInString(acronym)
	r2, _ := utf8.DecodeLastRuneInString(acronym[:len(acronym)-n1])
	return unicode.IsUpper(r1) && unicode.IsUpper(r2)
}

// isNumberPlural reports whether w (lowercase) is three digits or more
// and an "s", the plural of a number: "429s", "502s", "the 1990s". Such
// a word is read as the number, so "partner is hitting 429s" meets a card
// that says "get 429"; the stemmer leaves the "s" after a digit. A word
// of one or two digits and an "s" stays whole: it is a duration ("10s",
// "30s"), which the cards write so.
func isNumberPlural(w string) bool {
	if len(w) < 4 || w[len(w)-1] != 's' {
		return false
	}
	for i := 0; i < len(w)-1; i++ {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return true
}

func (t *tokenizer) endParts() {
	if t.split {
		t.partEnd = append(t.partEnd, int32(len(t.parts)))
		t.breaks = append(t.breaks, t.broke)
		t.broke = false
	}
}

// bracketWordEnd reports the byte offset of the ']' closing a run of one or
// more word runes (and the marks after them) starting at offset start of s,
// or -1 if the text at start is not such a run (so "[options]" unwraps but
// "[a b]" does not).
func bracketWordEnd(s string, start int) int {
	j := start
	for j < len(s) {
		r, size := utf8.DecodeRuneInString(s[j:])
		if r == ']' {
			if j == start {
				return -1
			}
			return j
		}
		if !isWordRune(r) && (j == start || !isMark(r)) {
			return -1
		}
		j += size
	}
	return -1
}

func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// isMark reports whether r is a combining mark; none is below U+0300, so
// ASCII separators skip the table look-up.
func isMark(r rune) bool {
	return r >= 0x300 && unicode.IsMark(r)
}

// isStopWord reports whether a lowercase token carries too little meaning to
// index. It is the Snowball English stop list minus the particles that
// change what a command does ("turn off", "scroll up", "all", "not").
func isStopWord(w string) bool {
	switch w {
	case "all", "no", "not", "nor", "off", "on", "up", "down", "out", "over",
		"under", "above", "below", "before", "after", "between", "against",
		"again", "once", "few", "more", "most", "same", "other", "own":
		return false
	}
	return english.IsStopWord(w)
}

// ReadsAsProse reports whether text reads as a sentence rather than a
// command line: a word of three letters or more, outside quotes and before
// a comment, is a stop word that is no shell keyword ("the", "how",
// "with", but not "for", "while" or "then"). "make a backup of the
// database" and "kill the process on port 3000" are requests, not the
// commands make and kill; "kubectl apply -f k8s/", "npm i lodash", "cp a
// b", "git log --author me" and "git commit -m 'fix the bug'" read as
// commands. Shorter stop words ("a", "i", "me", "it", "do") are common
// operands, and a word with other than letters in it ("./a") is none.
func ReadsAsProse(text string) bool {
	var quote rune
	start := -1
	for i, r := range text {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case start < 0 && (r == '\'' || r == '"' || r == '`'):
			quote = r // at a word's start; "won't" holds no quote
		case start < 0 && r == '#':
			return false // a comment, to the end: "git push # the release"
		case unicode.IsSpace(r):
			if start >= 0 && proseWord(text[start:i]) {
				return true
			}
			start = -1
		case start < 0:
			start = i
		}
	}
	return quote == 0 && start >= 0 && proseWord(text[start:])
}

// proseWord reports whether w, a word of a line, is one ReadsAsProse
// counts: a stop word of three letters or more, but for the shell's
// keywords, once the punctuation of a sentence is off its ends.
func proseWord(w string) bool {
	w = strings.ToLower(strings.TrimRight(strings.TrimLeft(w, "("), ",.;:!?)"))
	if len(w) < 3 || strings.IndexFunc(w, func(r rune) bool { return r < 'a' || r > 'z' }) >= 0 {
		return false
	}
	switch w {
	case "for", "while", "until", "then", "else", "elif", "case", "esac", "done", "select", "function", "time":
		return false
	}
	return isStopWord(w)
}

// keepToken reports whether a raw token is worth indexing at all: stop words
// and lone letters ("-r" flags, stray "s") are dropped, lone digits kept.
// A lone letter with an accent or of another alphabet is dropped as one
// of ASCII is: French "à", Spanish "ó", Polish "ż", Russian "в" are
// words as short, and kept, "à" matched every French card that used it
// ("déployer à la demande" put a card saying "à" twice before one that
// deploys). A lone letter of a script written without spaces is a word
// (see rawTokens) and stays.
func keepToken(w string) bool {
	if len(w) == 1 && !unicode.IsDigit(rune(w[0])) {
		return false
	}
	if len(w) <= utf8.UTFMax && w[0] >= utf8.RuneSelf {
		if r, size := utf8.DecodeRuneInString(w); size == len(w) && unicode.IsLetter(r) && !isUnspaced(r) {
			return false
		}
	}
	return !isStopWord(w)
}

// stem reduces a lowercase token to its Snowball English stem. Stop words
// never reach it, so stop-word stemming is irrelevant.
func stem(w string) string {
	if r, _ := utf8.DecodeRuneInString(w); isUnspaced(r) {
		return w // a pair of letters of a script without spaces (rawTokens), which has no English ending
	}
	return english.Stem(w, true)
}

// Analyze returns the index terms of s: lowercase words with stop words
// removed, each reduced by the Snowball English stemmer. It is the exact
// analysis applied to both cards and queries, exported so callers can show
// or test what a text is searched as.
func Analyze(s string) []string {
	raw := rawTokens(nil, s)
	out := raw[:0]
	for _, w := range raw {
		if keepToken(w) {
			out = append(out, stem(w))
		}
	}
	return out
}

// nfkc is s in normalization form NFKC, as rawTokens, the style model
// and a request's identifiers read it, without the invisible characters
// (see isInvisible and unseen); ASCII text, which is, is returned as it
// is without a look-up. norm's own quick check looks each byte up and
// costs a search at 10,000 cards about 6% more at p50 (a 60 kB word
// 25%).
//
// Invalid UTF-8 is first made U+FFFD, which separates words as the byte
// did: norm leaves a letter right after an invalid byte unnormalized at
// the end of a string, and not before "(", so "\xf7ǳ" kept "ǳ" in a
// query's parenthesised piece where a card's text read "dz" (FuzzAnalyze).
func nfkc(s string) string {
	if isASCII(s) {
		return s
	}
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	s = norm.NFKC.String(s)
	if strings.IndexFunc(s, unseenRune) >= 0 {
		// Again, as a mark after a dropped character may now compose with
		// the letter before it ("e\u00ad\u0301" is "é").
		s = norm.NFKC.String(unseen(s))
	}
	return s
}

// unseenRune reports whether unseen drops or rewrites r.
func unseenRune(r rune) bool { return isInvisible(r) || r == '\u05f3' || r == '\u05f4' }

// unseen is s, in NFKC, without its invisible characters but for the
// zero-width non-joiners that split Arabic-script words (splitsArabic),
// and with the Hebrew geresh "׳" and gershayim "״" as the "'" and '"'
// they are typed as. It drops them from the text, not only from the
// words, so that what reads a request's identifiers apart (identRun) sees
// the words the tokenizer does: "x\u00ADa_b" is "xa_b", one word and an
// identifier, not "x" beside "a_b".
func unseen(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	prev := rune(-1)
	for i, r := range s {
		switch {
		case r == '\u05f3':
			b.WriteByte('\'')
		case r == '\u05f4':
			b.WriteByte('"')
		case r == zwnj:
			if next, _ := utf8.DecodeRuneInString(s[i+utf8.RuneLen(r):]); splitsArabic(prev, next) {
				b.WriteRune(r)
			}
		case isInvisible(r):
		default:
			b.WriteRune(r)
		}
		prev = r
	}
	return b.String()
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// asciiDigit is the ASCII digit of the value of r, a decimal digit
// (unicode.Nd): each script's digits are ten in a row from its zero, and
// the rows that touch (the mathematical digits, which NFKC makes ASCII)
// are a range of unicode.Nd each, from a zero.
func asciiDigit(r rune) rune {
	for _, rg := range unicode.Nd.R16 {
		if rune(rg.Lo) <= r && r <= rune(rg.Hi) {
			return '0' + (r-rune(rg.Lo))%10
		}
	}
	for _, rg := range unicode.Nd.R32 {
		if rune(rg.Lo) <= r && r <= rune(rg.Hi) {
			return '0' + (r-rune(rg.Lo))%10
		}
	}
	return r
}

// isApostrophe reports whether r is an apostrophe, typed or typographic,
// which joins the words on its two sides only when a letter follows it
// (rawTokens; the style feature counts words so, and versionRun's bounds
// read it so): a quote closed after a version ("-m 'Release 2.4.0'") or
// opened before its digits ("'2.4.0'") ends a word there.
func isApostrophe(r rune) bool { return r == '\'' || r == '\u2019' }
