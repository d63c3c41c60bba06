package store

import (
	"slices"
	"testing"
	"unicode/utf16"

	"github.com/capreg/capreg/validate/ojson"
)

// The order is what Node.js gives for
// ["b", "a", "\u00e9", "\ue000", "\ud83d\ude00", "\ud800", "\ud7ff", "ab", "",
// "\ud800\udc00", "\ud800x", "\ud800\ue000", "\ud800\udc01", "\ud800\ud800"].sort():
// a lone surrogate is followed by what is compared with the second unit
// of a pair that begins with the same one.
func TestCompareUTF16MatchesJavaScriptSort(t *testing.T) {
	v, errs := ojson.Parse([]byte(`["b","a","\u00e9","\ue000","\ud83d\ude00","\ud800","\ud7ff","ab","",` +
		`"\ud800\udc00","\ud800x","\ud800\ue000","\ud800\udc01","\ud800\ud800"]`))
	if errs != nil {
		t.Fatal(errs)
	}
	ss := v.Strings()
	slices.SortFunc(ss, compareUTF16)
	var got []string
	for _, s := range ss {
		got = append(got, string(ojson.AppendString(nil, s)))
	}
	want := []string{`""`, `"a"`, `"ab"`, `"b"`, `"é"`, "\"\ud7ff\"", `"\ud800"`, `"\ud800x"`, `"\ud800\ud800"`,
		"\"\U00010000\"", "\"\U00010001\"", "\"\\ud800\ue000\"", `"😀"`, "\"\ue000\""}
	if !slices.Equal(got, want) {
		t.Errorf("sorted %v\nwant   %v", got, want)
	}
}

// TestCompareUTF16ASCIIShortcut: comparing ASCII bytes without decoding
// them orders every pair as comparing their UTF-16 code units does, around and
// inside non-ASCII text, lone surrogates and bytes that are no UTF-8.
func TestCompareUTF16ASCIIShortcut(t *testing.T) {
	units := func(s string) []uint16 { // each character's code units, a lone surrogate its own
		var u []uint16
		for s != "" {
			r, n := ojson.DecodeRune(s)
			if r < 0x10000 {
				u = append(u, uint16(r))
			} else {
				hi, lo := utf16.EncodeRune(r)
				u = append(u, uint16(hi), uint16(lo))
			}
			s = s[n:]
		}
		return u
	}
	decoded := func(a, b string) int { return slices.Compare(units(a), units(b)) }
	parts := []string{"", "a", "b", "z", "~", "\x7f", "é", "\ue000", "\U0001F600", "\U00010000", "\U00010001", "\xed\xa0\x80", "\xff", "\xc3", "ab"}
	var ss []string
	for _, x := range parts {
		for _, y := range parts {
			ss = append(ss, x+y, "a"+x+y, x+"a"+y)
		}
	}
	for _, a := range ss {
		for _, b := range ss {
			if got, want := compareUTF16(a, b), decoded(a, b); got != want {
				t.Fatalf("compareUTF16(%q, %q) = %d, comparing code units gives %d", a, b, got, want)
			}
		}
	}
}
