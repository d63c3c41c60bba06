package store

import (
	"cmp"
	"slices"
	"testing"

	"github.com/capreg/capreg/validate/ojson"
)

// The order is what Node.js gives for
// ["b", "a", "\u00e9", "\ue000", "\ud83d\ude00", "\ud800", "\ud7ff", "ab", ""].sort().
func TestCompareUTF16MatchesJavaScriptSort(t *testing.T) {
	v, errs := ojson.Parse([]byte(`["b","a","\u00e9","\ue000","\ud83d\ude00","\ud800","\ud7ff","ab",""]`))
	if errs != nil {
		t.Fatal(errs)
	}
	ss := v.Strings()
	slices.SortFunc(ss, compareUTF16)
	var got []string
	for _, s := range ss {
		got = append(got, string(ojson.AppendString(nil, s)))
	}
	want := []string{`""`, `"a"`, `"ab"`, `"b"`, `"é"`, "\"\ud7ff\"", `"\ud800"`, `"😀"`, "\"\ue000\""}
	if !slices.Equal(got, want) {
		t.Errorf("sorted %v\nwant   %v", got, want)
	}
}

// TestCompareUTF16ASCIIShortcut: comparing ASCII bytes without decoding
// them orders every pair as decoding each character does, around and
// inside non-ASCII text, lone surrogates and bytes that are no UTF-8.
func TestCompareUTF16ASCIIShortcut(t *testing.T) {
	decoded := func(a, b string) int { // compareUTF16 as it was
		for a != "" && b != "" {
			ra, na := ojson.DecodeRune(a)
			rb, nb := ojson.DecodeRune(b)
			if ra != rb {
				if utf16Key(ra) < utf16Key(rb) {
					return -1
				}
				return 1
			}
			a, b = a[na:], b[nb:]
		}
		return cmp.Compare(len(a), len(b))
	}
	parts := []string{"", "a", "b", "z", "~", "\x7f", "é", "\ue000", "\U0001F600", "\xed\xa0\x80", "\xff", "\xc3", "ab"}
	var ss []string
	for _, x := range parts {
		for _, y := range parts {
			ss = append(ss, x+y, "a"+x+y, x+"a"+y)
		}
	}
	for _, a := range ss {
		for _, b := range ss {
			if got, want := compareUTF16(a, b), decoded(a, b); got != want {
				t.Fatalf("compareUTF16(%q, %q) = %d, decoding each character gives %d", a, b, got, want)
			}
		}
	}
}
