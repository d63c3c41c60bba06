package store

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/capreg/capreg/internal/unicodeform"
	"github.com/capreg/capreg/validate"
)

// maxInvisibleLines bounds the lines an invisibles note names.
const maxInvisibleLines = 3

// invisibles collects, as artifactDiff makes its diff, the changed lines
// that differ from the line replacing them only in what a terminal does
// not show: white space at the line's end (spaces, tabs), the newline at
// the end of the file, or, inside the line, a character that prints as
// nothing (a zero width space, U+200B), a Unicode space for a plain one
// (a no-break space, U+00A0), or a tab for spaces, or bytes that are no
// UTF-8 (a Latin-1 0xE9 for "é", a stray 0xFF), which a terminal shows as
// the replacement character or not at all. Such a "-" and "+"
// line look the same, and the diff alone left a person to guess what to
// fix. Lines are named by their number in the committed file; the diff
// itself is left as it is, a patch that applies.
type invisibles struct {
	found []string
	more  int
}

// pairWindow bounds the added lines a removed line is compared with,
// from the one after the last paired: a block of thousands of lines
// replaced costs a few comparisons a line, not one for each pair.
const pairWindow = 8

// replaced is unifiedDiffShown's replaced, lines of diffLines compared
// without their carriage returns (CheckArtifacts). Each line removed is
// paired with the first added line that looks like it, in order, from
// the one after the last paired, where the i-th was compared with the
// i-th alone: a line added or removed beside a look-alike one in the
// same block ("z" added before a line ending in a space) left it
// unnamed.
func (u *invisibles) replaced(x int, removed, added []string) {
	next := 0 // the first added line not paired
	for i := 0; i < len(removed) && next < len(added); i++ {
		for k := next; k < min(len(added), next+pairWindow); k++ {
			if why := invisibleDiff(removed[i], added[k]); why != "" {
				u.name(x+i+1, why)
				next = k + 1
				break
			}
		}
	}
}

// name notes the committed file's line n, which differs from a generated
// one as why says, or counts it past the lines a note names.
func (u *invisibles) name(n int, why string) {
	if len(u.found) == maxInvisibleLines {
		u.more++
		return
	}
	u.found = append(u.found, fmt.Sprintf("line %d %s", n, why))
}

// note is what the diff does not show, "" for a diff with no such line.
func (u *invisibles) note() string {
	if len(u.found) == 0 {
		return ""
	}
	note := "lines that look alike in the diff differ in what a terminal does not show: " + strings.Join(u.found, "; ")
	if u.more > 0 {
		note += "; and " + validate.Plural(u.more, "more line")
	}
	return note
}

// trailingSpace is the white space a line may end in unseen.
const trailingSpace = " \t\v\f\r"

// invisibleDiff says how the committed line c differs from the generated
// line g, both lines of diffLines, when only by what a terminal does not
// show (invisibles), or "".
func invisibleDiff(c, g string) string {
	c, cFinal := lineBody(c)
	g, gFinal := lineBody(g)
	cBody, gBody := strings.TrimRight(c, trailingSpace), strings.TrimRight(g, trailingSpace)
	if c == g && cFinal == gFinal || !looksAlike(cBody, gBody) {
		return ""
	}
	var why []string
	if cBody != gBody {
		inside := insideDiff(cBody, gBody)
		if inside == "" {
			return ""
		}
		why = append(why, inside)
	}
	if cEnd, gEnd := c[len(cBody):], g[len(gBody):]; cEnd != gEnd {
		switch {
		case gEnd == "":
			why = append(why, "ends in "+spaces(cEnd)+", which the generated line has not (trailing white space: delete it)")
		case cEnd == "":
			why = append(why, "lacks "+spaces(gEnd)+" the generated line ends in")
		default:
			why = append(why, "ends in "+spaces(cEnd)+" where the generated line ends in "+spaces(gEnd))
		}
	}
	switch {
	case cFinal && !gFinal:
		why = append(why, "is the file's last and has no newline at its end, which the generated file has")
	case gFinal && !cFinal:
		why = append(why, "ends in a newline, which the generated file's last line has not")
	}
	return strings.Join(why, ", and ")
}

// lineBody is a line of diffLines without its end, and whether it is the
// file's last without a newline (diff's "\ No newline at end of file"
// follows it).
func lineBody(l string) (string, bool) {
	if body, ok := strings.CutSuffix(l, "\n"+noNewline); ok {
		return body, true
	}
	return strings.TrimSuffix(l, "\n"), false
}

// blank reports whether r prints as white space: a space, a tab, or a
// Unicode space (no-break space and its kin).
func blank(r rune) bool { return r == ' ' || r == '\t' || unicode.Is(unicode.Zs, r) }

// shownItem is one item of a line as a terminal shows it (shown): a
// character, or a run of white space, of its width in columns where it
// holds no tab (-1 where it does: a tab's width depends on the column it
// lands on, shifted in the diff by the "-" or "+" before the line), or a
// run of bytes that are no UTF-8 (r noUTF8, width their count).
type shownItem struct {
	r     rune
	width int
}

// noUTF8 is the shownItem.r of bytes that are no UTF-8.
const noUTF8 rune = -1

// shown is the line s as a terminal shows it: without the characters
// that print as nothing (unicodeform.PrintsAsNothing), each run of white space one item,
// each run of bytes that are no UTF-8 one, and none at its end.
func shown(s string) []shownItem {
	var out []shownItem
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case r == utf8.RuneError && n == 1 && len(out) > 0 && out[len(out)-1].r == noUTF8:
			out[len(out)-1].width++
		case r == utf8.RuneError && n == 1:
			out = append(out, shownItem{r: noUTF8, width: 1})
		case unicodeform.PrintsAsNothing(r):
		case !blank(r):
			out = append(out, shownItem{r: r})
		case len(out) == 0 || out[len(out)-1].r != ' ':
			out = append(out, shownItem{r: ' '})
			fallthrough
		default:
			if last := &out[len(out)-1]; r == '\t' || last.width < 0 {
				last.width = -1
			} else {
				last.width++
			}
		}
	}
	if len(out) > 0 && out[len(out)-1].r == ' ' {
		out = out[:len(out)-1]
	}
	return out
}

// looksAlike reports whether the lines c and g look the same on a
// terminal: the same characters, but those that print as nothing, with
// runs of white space as wide, or either holding a tab; and where one
// holds bytes that are no UTF-8, the other holds as many of them, or no
// more characters beyond ASCII (but blanks) than it holds bytes: what
// they may have meant in another encoding, a replacement character, or
// nothing, as a terminal may hide them.
func looksAlike(c, g string) bool {
	a, b := shown(c), shown(g)
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i].r == noUTF8 && b[j].r == noUTF8:
			i, j = i+1, j+1
		case a[i].r == noUTF8:
			j = foreignItems(b, j, a[i].width)
			i++
		case b[j].r == noUTF8:
			i = foreignItems(a, i, b[j].width)
			j++
		case a[i].r != b[j].r || a[i].width != b[j].width && a[i].width >= 0 && b[j].width >= 0:
			return false
		default:
			i, j = i+1, j+1
		}
	}
	rest := func(items []shownItem) bool {
		return !slices.ContainsFunc(items, func(it shownItem) bool { return it.r != noUTF8 })
	}
	return rest(a[i:]) && rest(b[j:])
}

// foreignItems is the index of items past at most n characters beyond
// ASCII from items[i] on (foreignRun).
func foreignItems(items []shownItem, i, n int) int {
	for ; n > 0 && i < len(items) && items[i].r >= utf8.RuneSelf; n-- {
		i++
	}
	return i
}

// foreignRun is the length in bytes of the at most n characters beyond
// ASCII, but blanks and those printing as nothing, s starts with: what a
// run of n bytes that are no UTF-8 may stand for (foreignItems).
func foreignRun(s string, n int) int {
	i := 0
	for ; n > 0 && i < len(s); n-- {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r < utf8.RuneSelf || r == utf8.RuneError && size == 1 || blank(r) || unicodeform.PrintsAsNothing(r) {
			break
		}
		i += size
	}
	return i
}

// noUTF8Run is the length of the bytes that are no UTF-8 s starts with.
func noUTF8Run(s string) int {
	i := 0
	for i < len(s) {
		if r, size := utf8.DecodeRuneInString(s[i:]); r != utf8.RuneError || size != 1 {
			break
		}
		i++
	}
	return i
}

// holding names what a line holds at a place insideDiff names: bytes that
// are no UTF-8 by their values ("the byte 0xE9 (no UTF-8)", "the bytes
// 0xE2 0x80 (no UTF-8)"),
// characters as runs does.
func holding(s string) string {
	if noUTF8Run(s) == 0 {
		return runs(s)
	}
	var b strings.Builder
	for i := range min(len(s), maxBytesNamed) {
		fmt.Fprintf(&b, " 0x%02X", s[i])
	}
	if len(s) > maxBytesNamed {
		b.WriteString(" …")
	}
	if len(s) == 1 {
		return "the byte" + b.String() + " (no UTF-8)"
	}
	return "the bytes" + b.String() + " (no UTF-8)"
}

// maxBytesNamed bounds the bytes holding names one by one.
const maxBytesNamed = 8

// insideDiff names where the committed line c first differs from the
// generated line g, which looks the same (looksAlike): the column, in
// characters from 1, and the characters, by code point; and how many
// more such places the line holds.
func insideDiff(c, g string) string {
	var first string
	more := 0
	put := func(what string) {
		if what == "" { // the same after all
			return
		}
		if first == "" {
			first = what
		} else {
			more++
		}
	}
	col := 1 // of c[i], in characters
	for i, j := 0, 0; i < len(c) || j < len(g); {
		rc, nc := utf8.DecodeRuneInString(c[i:])
		rg, ng := utf8.DecodeRuneInString(g[j:])
		same := i < len(c) && j < len(g) && rc == rg
		switch {
		case i < len(c) && rc == utf8.RuneError && nc == 1 || j < len(g) && rg == utf8.RuneError && ng == 1:
			// Bytes that are no UTF-8, in either line, and what the other
			// holds in their place (looksAlike).
			var cr, gr string
			switch nc, ng := noUTF8Run(c[i:]), noUTF8Run(g[j:]); {
			case nc > 0 && ng > 0:
				cr, gr = c[i:i+nc], g[j:j+ng]
			case nc > 0:
				cr, gr = c[i:i+nc], g[j:j+foreignRun(g[j:], nc)]
			default:
				cr, gr = c[i:i+foreignRun(c[i:], ng)], g[j:j+ng]
			}
			put(placeNote(cr, gr, col))
			i, j, col = i+len(cr), j+len(gr), col+utf8.RuneCountInString(cr)
		case i < len(c) && unicodeform.PrintsAsNothing(rc) && !same:
			put(placeNote(c[i:i+nc], "", col))
			i, col = i+nc, col+1
		case j < len(g) && unicodeform.PrintsAsNothing(rg) && !same:
			put(placeNote("", g[j:j+ng], col))
			j += ng
		case i < len(c) && blank(rc) || j < len(g) && blank(rg):
			ei, ej := i+blankRun(c[i:]), j+blankRun(g[j:])
			cr, gr, at := c[i:ei], g[j:ej], col
			col += utf8.RuneCountInString(cr)
			i, j = ei, ej
			// Named from the first character that differs to the last.
			for cr != "" && gr != "" && cr[0] == gr[0] && cr[0] < utf8.RuneSelf {
				cr, gr, at = cr[1:], gr[1:], at+1
			}
			for cr != "" && gr != "" && cr[len(cr)-1] == gr[len(gr)-1] && cr[len(cr)-1] < utf8.RuneSelf {
				cr, gr = cr[:len(cr)-1], gr[:len(gr)-1]
			}
			put(placeNote(cr, gr, at))
		case same:
			i, j, col = i+nc, j+ng, col+1
		default:
			return "" // not alike after all (looksAlike)
		}
	}
	if more > 0 {
		first += " (and " + validate.Plural(more, "more such place") + " in the line)"
	}
	return first
}

// placeNote says how cr, what the stale line holds at column at, differs
// from gr, what the generated line holds in its place, each named by
// holding; "" when they are the same.
func placeNote(cr, gr string, at int) string {
	switch {
	case cr == gr:
		return ""
	case gr == "":
		return fmt.Sprintf("holds %s at column %d, which the generated line has not", holding(cr), at)
	case cr == "":
		return fmt.Sprintf("lacks at column %d %s the generated line has", at, holding(gr))
	}
	return fmt.Sprintf("holds %s at column %d where the generated line has %s%s", holding(cr), at, holding(gr), latin1(cr, gr))
}

// latin1 says that the byte c, which is no UTF-8, is the Latin-1 code of
// the character g ("é" written as 0xE9), "" when it is not.
func latin1(c, g string) string {
	if r, size := utf8.DecodeRuneInString(g); len(c) == 1 && size == len(g) && r == rune(c[0]) {
		return fmt.Sprintf(", of which 0x%02X is the Latin-1 code (write the file as UTF-8)", c[0])
	}
	return ""
}

// blankRun is the length in bytes of the white space (blank) s starts with.
func blankRun(s string) int {
	for i, r := range s {
		if !blank(r) {
			return i
		}
	}
	return len(s)
}

// runeNames name the characters runs names most often.
var runeNames = map[rune]string{' ': "space", '\t': "tab", '\u00a0': "no-break space", '\u202f': "narrow no-break space",
	'\u2007': "figure space", '\u2009': "thin space", '\u200a': "hair space", '\u3000': "ideographic space",
	'\u200b': "zero width space", '\u200c': "zero width non-joiner", '\u200d': "zero width joiner",
	'\u2060': "word joiner", '\ufeff': "zero width no-break space", '\u00ad': "soft hyphen",
	'\ufffd': "replacement character"}

// runs names the characters of s, each run of one by its count, name and
// code point: "a tab (U+0009)", "2 spaces (U+0020)", "a no-break space
// (U+00A0) and a space (U+0020)".
func runs(s string) string {
	var parts []string
	for s != "" {
		r, _ := utf8.DecodeRuneInString(s)
		n := 0
		for s != "" {
			q, size := utf8.DecodeRuneInString(s)
			if q != r {
				break
			}
			n, s = n+1, s[size:]
		}
		name, ok := runeNames[r]
		if !ok {
			name = "character"
		}
		switch {
		case n > 1:
			parts = append(parts, fmt.Sprintf("%d %ss (U+%04X)", n, name, r))
		case strings.ContainsRune("aeiou", rune(name[0])):
			parts = append(parts, fmt.Sprintf("an %s (U+%04X)", name, r))
		default:
			parts = append(parts, fmt.Sprintf("a %s (U+%04X)", name, r))
		}
	}
	return validate.AndList(parts)
}

// spaces names a run of white space: "2 spaces", "a tab", "a space and a
// tab", "a carriage return".
func spaces(s string) string {
	names := map[byte][2]string{' ': {"space", "spaces"}, '\t': {"tab", "tabs"}, '\v': {"vertical tab", "vertical tabs"},
		'\f': {"form feed", "form feeds"}, '\r': {"carriage return", "carriage returns"}}
	var parts []string
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] == s[i] {
			j++
		}
		name := names[s[i]]
		if j-i == 1 {
			parts = append(parts, "a "+name[0])
		} else {
			parts = append(parts, fmt.Sprintf("%d %s", j-i, name[1]))
		}
		i = j
	}
	return validate.AndList(parts)
}
