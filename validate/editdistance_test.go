package validate

import (
	"strings"
	"testing"

	"github.com/capreg/capreg/internal/osatest"
)

// EditDistance is the distance, or limit+1 as its doc says when that is
// over limit: on either side of its 64-byte stack rows, and where the last
// row's least is within limit but its end is not (it returned 15, the
// distance, for a limit of 13).
func TestEditDistanceAgainstWholeTable(t *testing.T) {
	cases := [][2]string{{"0011", "00000000000000000"}, {"research", "reserch"}, {"", "abc"}, {"ab", "ba"}}
	for la := 60; la <= 68; la++ {
		for lb := 60; lb <= 68; lb++ {
			cases = append(cases, [2]string{strings.Repeat("ab", 40)[:la], strings.Repeat("ba", 40)[:lb]},
				[2]string{strings.Repeat("xy", 40)[:la], strings.Repeat("xz", 40)[:lb]})
		}
	}
	for _, c := range cases {
		for _, limit := range []int{0, 1, 2, 3, 13, 64, 65, 200} {
			want := min(osatest.Distance([]byte(c[0]), []byte(c[1])), limit+1)
			if got := EditDistance(c[0], c[1], limit); got != want {
				t.Errorf("EditDistance(%q, %q, %d) = %d, want %d", c[0], c[1], limit, got, want)
			}
		}
	}
}

// runeEditDistance is the distance of the names' code points, or limit+1,
// on either side of its 64-code-point stack rows.
func TestRuneEditDistanceAgainstWholeTable(t *testing.T) {
	cases := [][2]string{{"déploy", "deploy"}, {"数据库.备", "数据库.备份"}, {"éa", "aé"}, {"", "ß"}, {"ab", "ab"},
		// A swap only where both letters cross ("éb" is two edits from
		// "bç", not one), and a last row within limit whose end is not
		// ("xéb" is three from "ébyz", limit+1 for a limit of 1).
		{"éb", "bç"}, {"bé", "çb"}, {"xéb", "ébyz"}}
	for _, n := range []int{63, 64, 65, 66} {
		cases = append(cases, [2]string{strings.Repeat("é", n), strings.Repeat("é", n-1) + "e"},
			[2]string{string([]rune(strings.Repeat("éa", 40))[:n]), string([]rune(strings.Repeat("aé", 40))[:n])})
	}
	for _, c := range cases {
		for _, limit := range []int{0, 1, 2, 3, 64, 200} {
			want := min(osatest.Distance([]rune(c[0]), []rune(c[1])), limit+1)
			if got := runeEditDistance(c[0], c[1], limit); got != want {
				t.Errorf("runeEditDistance(%q, %q, %d) = %d, want %d", c[0], c[1], limit, got, want)
			}
		}
	}
}
