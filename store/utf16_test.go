package store

import (
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
