package validate

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/capreg/capreg/internal/casefold"
	"github.com/capreg/capreg/internal/osatest"
)

// EditDistance is the distance, or limit+1 as its doc says when that is
// over limit: on either side of its 64-letter stack rows, and where the last
// row's least is within limit but its end is not (it returned 15, the
// distance, for a limit of 13). Letters are code points, not bytes, as
// typed (case kept), and a byte that is not UTF-8 a letter of its own:
// "Koln" is one edit from "Köln" and "文档" from "文件", where EditDistance
// counted two and three bytes, "caf\xe9" (Latin-1) one from "café", and
// "\xe9" one from "\xfc", not the same U+FFFD.
func TestEditDistanceAgainstWholeTable(t *testing.T) {
	cases := [][2]string{{"0011", "00000000000000000"}, {"research", "reserch"}, {"", "abc"}, {"ab", "ba"},
		{"Koln", "Köln"}, {"文档", "文件"}, {"Resumé", "Résumé"}, {"éb", "bé"}, {"éb", "bç"}, {"xéb", "ébyz"},
		{"caf\xe9", "café"}, {"\xe9\xe9", "\xfc\xfc"}, {"\xc3", "é"}, {"Köln", "KÖLN"}, {"a", "文文文文"}, {"文", "abcdef"},
		// At the bound of the byte pre-check, a letter of four bytes: a
		// name of n such letters is 4n bytes and no fewer than n letters.
		{"😀", ""}, {"😀😀", "a"}, {"😀😀😀", "ab"}, {"😀😀😀😀", "abc"}, {"x😀", "x"}, {"😀", "\xf0\x9f\x98"}, {"é", ""}, {"文文", "a"}}
	for la := 60; la <= 68; la++ {
		for lb := 60; lb <= 68; lb++ {
			cases = append(cases, [2]string{strings.Repeat("ab", 40)[:la], strings.Repeat("ba", 40)[:lb]},
				[2]string{strings.Repeat("xy", 40)[:la], strings.Repeat("xz", 40)[:lb]},
				[2]string{string([]rune(strings.Repeat("éa", 40))[:la]), string([]rune(strings.Repeat("aé", 40))[:lb])},
				[2]string{string([]rune(strings.Repeat("😀a", 40))[:la]), string([]rune(strings.Repeat("a😀", 40))[:lb])})
		}
	}
	for _, c := range cases {
		for _, limit := range []int{0, 1, 2, 3, 13, 64, 65, 200} {
			want := min(osatest.Distance(oracleLetters(c[0]), oracleLetters(c[1])), limit+1)
			if got := EditDistance(c[0], c[1], limit); got != want {
				t.Errorf("EditDistance(%q, %q, %d) = %d, want %d", c[0], c[1], limit, got, want)
			}
		}
	}
	// The table's own reading, held to the figures expected.
	for _, c := range []struct {
		a, b string
		want int
	}{{"Koln", "Köln", 1}, {"文档", "文件", 1}, {"Köln", "KÖLN", 3}, {"caf\xe9", "café", 1}, {"\xe9\xe9", "\xfc\xfc", 2}, {"\xc3", "é", 1}} {
		if got := EditDistance(c.a, c.b, 3); got != c.want {
			t.Errorf("EditDistance(%q, %q, 3) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// oracleLetters is s's letters as the oracle reads them, written apart from
// letters: each code point, and each byte that is not UTF-8 a letter
// past every code point.
func oracleLetters(s string) []rune {
	var out []rune
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		if r == utf8.RuneError && n == 1 {
			r = unicode.MaxRune + 1 + rune(s[0])
		}
		out = append(out, r)
		s = s[n:]
	}
	return out
}

// FoldedEditDistance is the distance of the names' code points case
// folded (casefold.Rune), or limit+1, on either side of its 64-code-point
// stack rows, for ASCII names and others.
func TestFoldedEditDistanceAgainstWholeTable(t *testing.T) {
	cases := [][2]string{{"déploy", "deploy"}, {"数据库.备", "数据库.备份"}, {"éa", "aé"}, {"", "ß"}, {"ab", "ab"},
		// A swap only where both letters cross ("éb" is two edits from
		// "bç", not one), and a last row within limit whose end is not
		// ("xéb" is three from "ébyz", limit+1 for a limit of 1).
		{"éb", "bç"}, {"bé", "çb"}, {"xéb", "ébyz"},
		// Case aside, ASCII or not: a capital is its small letter, "ς"
		// and "Σ" are "σ", "ſ" is "s"; "ı" is no "i", "ß" no "ss".
		{"Securty", "security"}, {"SECURTY", "security"}, {"sEcUrItY", "SECURTIY"}, {"Zz", "zA"},
		{"ΛΟΓΟΣ", "λογος"}, {"ΛΟΓΟΣ-APP", "λογοσ.app"}, {"ſecurty", "SECURITY"}, {"Déploy", "DEPLOYÉ"},
		{"ılık", "ILIK"}, {"STRAßE", "strasse"}, {"İx", "ix"}}
	for _, n := range []int{63, 64, 65, 66} {
		cases = append(cases, [2]string{strings.Repeat("é", n), strings.Repeat("é", n-1) + "e"},
			[2]string{string([]rune(strings.Repeat("éa", 40))[:n]), string([]rune(strings.Repeat("aé", 40))[:n])},
			[2]string{strings.Repeat("aB", 40)[:n], strings.Repeat("Ab", 40)[:n]},
			[2]string{strings.Repeat("É", n), strings.Repeat("é", n-1) + "E"})
	}
	for _, c := range cases {
		for _, limit := range []int{0, 1, 2, 3, 64, 200} {
			want := min(osatest.Distance(foldedRunes(c[0]), foldedRunes(c[1])), limit+1)
			if got := FoldedEditDistance(c[0], c[1], limit); got != want {
				t.Errorf("FoldedEditDistance(%q, %q, %d) = %d, want %d", c[0], c[1], limit, got, want)
			}
		}
	}
	// The table's own folding, held to the figures expected.
	for _, c := range []struct {
		a, b string
		want int
	}{{"Securty", "security", 1}, {"SECURTY", "security", 1}, {"ΛΟΓΟΣ", "λογος", 0}, {"ılık", "ILIK", 2}, {"STRAßE", "strasse", 2}} {
		if got := FoldedEditDistance(c.a, c.b, 3); got != c.want {
			t.Errorf("FoldedEditDistance(%q, %q, 3) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// foldedRunes is s's code points case folded by casefold.String.
func foldedRunes(s string) []rune { return []rune(casefold.String(s)) }

// FuzzEditDistance holds EditDistance and FoldedEditDistance, for any
// bytes (names of files not UTF-8 among them) and any limit, to the
// whole table over their letters (oracleLetters; folded by casefold.Rune
// for FoldedEditDistance), or limit+1 when that is over limit: letters
// counted, not bytes, on either side of the 64-letter stack rows and of
// the ASCII path.
func FuzzEditDistance(f *testing.F) {
	for _, s := range [][2]string{{"Koln", "Köln"}, {"文档", "文件"}, {"caf\xe9", "café"}, {"\xe9\xe9", "\xfc\xfc"},
		{"\xc3", "é"}, {"Securty", "security"}, {"ΛΟΓΟΣ", "λογος"}, {"", "abc"}, {"éb", "bé"}} {
		f.Add(s[0], s[1], uint8(2))
	}
	f.Fuzz(func(t *testing.T, a, b string, limit uint8) {
		if len(a) > 200 || len(b) > 200 {
			return // the oracle's table is quadratic
		}
		lim := int(limit % 70)
		la, lb := oracleLetters(a), oracleLetters(b)
		if got, want := EditDistance(a, b, lim), min(osatest.Distance(la, lb), lim+1); got != want {
			t.Fatalf("EditDistance(%q, %q, %d) = %d, want %d", a, b, lim, got, want)
		}
		fold := func(rs []rune) []rune {
			out := make([]rune, len(rs))
			for i, r := range rs {
				out[i] = r
				if r <= unicode.MaxRune {
					out[i] = casefold.Rune(r)
				}
			}
			return out
		}
		if got, want := FoldedEditDistance(a, b, lim), min(osatest.Distance(fold(la), fold(lb)), lim+1); got != want {
			t.Fatalf("FoldedEditDistance(%q, %q, %d) = %d, want %d", a, b, lim, got, want)
		}
	})
}
