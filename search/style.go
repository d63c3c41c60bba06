package search

import (
	"math"
	"math/bits"
	"unicode"
	"unicode/utf8"
)

// Style: the examples of one tool are usually written by the same hands at
// the same time, so they share habits that the words alone do not show:
// tldr flag markup ("[r]ecursive"), `backticks`, parentheses, articles or
// none ("Display the help" / "Display help"), "specified" versus "given".
// Each card gets a Bernoulli model of these attributes over its intent
// phrases, smoothed towards the whole corpus, and a candidate's style
// feature is the log-likelihood ratio of the query's attributes under its
// card's model against the corpus model. It is learned from the cards and
// weighed by the second stage like any other feature.

// styleWords are function words whose use or omission is a habit of
// writing. They are looked up as lowercase raw tokens.
var styleWords = []string{
	"the", "a", "an", "of", "to", "for", "with", "in", "on", "from", "by",
	"into", "using", "and", "or", "its", "their", "this", "that", "all",
	"any", "each", "specific", "specified", "given", "particular", "current",
	"only", "as", "at", "without", "not",
}

// Punctuation and shape attributes, numbered after the style words.
const (
	styleMarkup   = iota + 32 // tldr flag markup: "[a]ction", "--[r]ecursive"
	styleBacktick             // `code`
	styleParen                // (a remark)
	styleDigit                // a digit anywhere
	styleQuote                // ' or " used as quotes (not an apostrophe)
	styleMidCap               // a capitalised word after the first
	styleAcronym              // a word of two or more capitals
	styleComma
	styleSlash
	styleDash  // a "-" or "--" starting a token: a flag spelled out
	styleLong  // more than eight words
	styleShort // three words or fewer
	numStyle
)

// styleWordBit is the bit of each style word in a style mask: its
// position in styleWords, below the punctuation and shape bits.
var styleWordBit = func() map[string]uint8 {
	if len(styleWords) > 32 {
		panic("search: too many style words")
	}
	m := make(map[string]uint8, len(styleWords))
	for i, w := range styleWords {
		m[w] = uint8(i)
	}
	return m
}()

// styleOf returns the set of style attributes of a text as a bit mask.
// It reads the text in NFKC, as rawTokens does: fullwidth parentheses
// and commas are punctuation of their kind, a fullwidth "ｔｈｅ" is a
// style word, and an accent typed as a combining mark is in its letter.
func styleOf(s string) uint64 {
	s = nfkc(s)
	var m uint64
	words := 0
	start := true // at the start of a word
	first := true // no word seen yet
	var prev rune
	wordStart := 0
	flush := func(end int) {
		if start {
			return
		}
		words++
		m |= styleWordMask(s[wordStart:end])
		start = true
	}
	caps := 0
	for i, r := range s {
		switch {
		case !start && 'a' <= r && r <= 'z':
			// Most of a text: a lowercase letter inside a word says nothing.
		case r == ' ':
			flush(i) // and a space has no punctuation style
		case !start && isMark(r):
			// A mark inside a word is part of it, as the tokenizer reads it:
			// Devanagari vowel signs and viramas, accents NFKC has no
			// precomposed letter for. Counted as ending the word,
			// "हिन्दी भाषा सीखें" was seven words, not short.
		case isApostrophe(r) && !start && letterAt(s, i+utf8.RuneLen(r)),
			r == '"' && !start && betweenHebrew(prev, s[i+1:]):
			// An apostrophe between letters is inside its word ("haven't",
			// "customer's"), as the tokenizer reads it: counted as two
			// words, "which migrations haven't been applied to prod yet"
			// was long and the same words with "havent" were not. So are a
			// Hebrew geresh and the gershayim of an abbreviation ("דו"ח").
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if start {
				start = false
				wordStart = i
				caps = 0
				if unicode.IsUpper(r) && !first {
					m |= 1 << styleMidCap
				}
				first = false
			}
			if unicode.IsUpper(r) {
				caps++
				if caps >= 2 {
					m |= 1 << styleAcronym
				}
			}
			if unicode.IsDigit(r) {
				m |= 1 << styleDigit
			}
		default:
			flush(i)
			m |= punctuationStyle(s, i, r, prev)
		}
		prev = r
	}
	flush(len(s))
	switch {
	case words > 8:
		m |= 1 << styleLong
	case words <= 3:
		m |= 1 << styleShort
	}
	return m
}

// letterAt reports whether a letter starts at byte i of s.
func letterAt(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsLetter(r)
}

// styleWordMask is the style bit of w when it is one of styleWords, in
// any case: an ASCII look-up in styleWordTable that allocates nothing
// (style words are short and ASCII; hashing each word for a map took a
// third of styleOf's time).
func styleWordMask(w string) uint64 {
	if len(w) == 0 || len(w) > maxStyleWordLen {
		return 0
	}
	for i := styleWordSlot(w); styleWordTable[i].word != ""; i = (i + 1) % uint32(len(styleWordTable)) {
		if e := &styleWordTable[i]; len(e.word) == len(w) && equalLowerASCII(e.word, w) {
			return 1 << e.bit
		}
	}
	return 0
}

// maxStyleWordLen is the length of the longest style word.
const maxStyleWordLen = len("particular")

// styleWordTable holds the style words and their bits by open addressing
// from styleWordSlot.
var styleWordTable = func() (t [256]struct {
	word string
	bit  uint8
}) {
	for w, b := range styleWordBit {
		if len(w) > maxStyleWordLen {
			panic("search: style word " + w + " longer than maxStyleWordLen")
		}
		i := styleWordSlot(w)
		for t[i].word != "" {
			i = (i + 1) % uint32(len(t))
		}
		t[i].word, t[i].bit = w, b
	}
	return t
}()

// styleWordSlot is the first slot of styleWordTable to look for w in,
// from its length and its first and last letters in lower case.
func styleWordSlot(w string) uint32 {
	return (uint32(lowerASCII(w[0]))*31 + uint32(lowerASCII(w[len(w)-1]))*7 + uint32(len(w))) % 256
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// equalLowerASCII reports whether w in lower case is lower, which is in
// lower case and ASCII, as are the style words.
func equalLowerASCII(lower, w string) bool {
	for i := 0; i < len(w); i++ {
		if lowerASCII(w[i]) != lower[i] {
			return false
		}
	}
	return true
}

// punctuationStyle is the style bit of the punctuation r at byte i of s,
// after the rune prev.
func punctuationStyle(s string, i int, r, prev rune) uint64 {
	switch r {
	case '[':
		if end := bracketWordEnd(s, i+1); end > 0 {
			// Markup only if letters touch the brackets.
			next, _ := utf8.DecodeRuneInString(s[end+1:])
			if isWordRune(prev) || isWordRune(next) || prev == '-' {
				return 1 << styleMarkup
			}
		}
	case '`':
		return 1 << styleBacktick
	case '(':
		return 1 << styleParen
	case '"':
		return 1 << styleQuote
	case '\'':
		if !isWordRune(prev) {
			return 1 << styleQuote
		}
	case ',':
		return 1 << styleComma
	case '/', '\\':
		return 1 << styleSlash
	case '-':
		if prev == ' ' || prev == 0 || prev == '-' {
			return 1 << styleDash
		}
	}
	return 0
}

// styleAlpha is the weight, in phrases, of the corpus rate a card's own
// attribute rates are smoothed towards.
const styleAlpha = 2

// buildStyle fits the per-card attribute models. For card c the style
// score of a query with attribute set Q is
//
//	styleBase[c] + sum over a in Q of styleDelta[c*numStyle+a]
//
// where styleBase sums log((1-p_ca)/(1-p_a)) over all attributes and
// styleDelta is log(p_ca/p_a) - log((1-p_ca)/(1-p_a)).
//
// A card's terms depend only on its number of phrases k and its count of
// each attribute, so those of the cards of at most maxStyleMemo phrases
// are computed once per k (styleTerms): a log each per card and attribute
// was a tenth of Build's time at 10,000 cards.
func (ix *Index) buildStyle() {
	n := len(ix.cards)
	ix.styleBase = make([]float32, n)
	ix.styleDelta = make([]float32, n*numStyle)
	// A card of more than maxPriorPhrases phrases weighs as one of
	// maxPriorPhrases, in the corpus rates and in its own model: 5,000
	// phrases of one template ("merge branch 17 into main after the tests
	// pass") made the corpus rate of a digit 0.99, so every other card's
	// model gained from a query without one what that card's lost, and it
	// lost "merge my branch" to cards holding a fifth of its words. The
	// counts are taken again below rather than kept: kept, they were 3.5
	// MiB of Build's allocation at 10,000 cards.
	var total [numStyle]float64
	var phrases float64
	for c := range ix.cards {
		k, cnt := ix.styleCounts(c)
		w := styleWeight(k)
		for a := range numStyle {
			total[a] += float64(cnt[a]) * w
		}
		phrases += float64(k) * w
	}
	if phrases == 0 {
		return
	}
	var base [numStyle]float64
	for a := range numStyle {
		// Keep rates off 0 and 1 so that every log is finite.
		base[a] = (total[a] + 0.5) / (phrases + 1)
	}
	var memo [maxStyleMemo + 1][]styleTerm
	for c := range ix.cards {
		k, cnt := ix.styleCounts(c)
		var terms []styleTerm // of k phrases, by attribute and count
		if k <= maxStyleMemo {
			if memo[k] == nil {
				memo[k] = styleTerms(&base, k)
			}
			terms = memo[k]
		}
		w := styleWeight(k)
		var sum float64
		for a := range numStyle {
			var st styleTerm
			switch {
			case w < 1:
				st = newStyleTerm(&base, a, float64(k)*w, float64(cnt[a])*w)
			case terms != nil:
				st = terms[a*(k+1)+int(cnt[a])]
			default:
				st = newStyleTerm(&base, a, float64(k), float64(cnt[a]))
			}
			sum += st.not
			ix.styleDelta[c*numStyle+a] = st.delta
		}
		ix.styleBase[c] = float32(sum)
	}
}

// styleCounts is the number of card c's intent phrases and, by style
// attribute, how many of them have it.
func (ix *Index) styleCounts(c int) (k int, cnt [numStyle]int32) {
	// A card's units are cardUnits[c] to cardUnits[c+1]-1.
	for ui := ix.cardUnits[c]; ui < ix.cardUnits[c+1]; ui++ {
		u := &ix.units[ui]
		if u.field != fieldPhrase {
			continue
		}
		k++
		for m := u.style; m != 0; m &= m - 1 {
			cnt[bits.TrailingZeros64(m)]++
		}
	}
	return k, cnt
}

// styleWeight is the weight of each phrase of a card of k phrases in the
// style models: 1, or maxPriorPhrases/k past maxPriorPhrases, so that
// the card weighs as one of maxPriorPhrases (see buildStyle).
func styleWeight(k int) float64 {
	if k <= maxPriorPhrases {
		return 1
	}
	return float64(maxPriorPhrases) / float64(k)
}

// maxStyleMemo is the most phrases of a card whose style terms buildStyle
// takes from a table.
const maxStyleMemo = 64

// styleTerm is what attribute a adds to a card's style model: to
// styleBase, log((1-p_ca)/(1-p_a)), and its styleDelta.
type styleTerm struct {
	not   float64
	delta float32
}

// newStyleTerm is the style term of attribute a in cnt of a card's k
// phrases, given the corpus rates base.
func newStyleTerm(base *[numStyle]float64, a int, k, cnt float64) styleTerm {
	p := (cnt + styleAlpha*base[a]) / (k + styleAlpha)
	has := math.Log(p / base[a])
	not := math.Log((1 - p) / (1 - base[a]))
	return styleTerm{not: not, delta: float32(has - not)}
}

// styleTerms is the style term of each attribute a and count n of a card
// of k phrases, at a*(k+1)+n.
func styleTerms(base *[numStyle]float64, k int) []styleTerm {
	out := make([]styleTerm, numStyle*(k+1))
	for a := range numStyle {
		for n := 0; n <= k; n++ {
			out[a*(k+1)+n] = newStyleTerm(base, a, float64(k), float64(n))
		}
	}
	return out
}

// styleScore is the style log-likelihood ratio of a query with attribute
// set q for card c.
func (ix *Index) styleScore(q uint64, c int32) float32 {
	if len(ix.styleBase) == 0 {
		return 0
	}
	v := ix.styleBase[c]
	d := ix.styleDelta[int(c)*numStyle : int(c+1)*numStyle]
	for q != 0 {
		v += d[bits.TrailingZeros64(q)]
		q &= q - 1
	}
	return v
}
