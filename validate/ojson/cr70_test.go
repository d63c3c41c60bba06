package ojson

import (
	"slices"
	"testing"
)

// TestStringItems: StringItems yields each string element of an array
// with its index in the array, past elements that are no string; nothing
// for a nil value or one that is no array; and it stops when the loop
// body does (review cr70: a StringItems that went on after yield
// returned false survived every test, no caller breaking early; range
// over such a function panics).
func TestStringItems(t *testing.T) {
	v, errs := Parse([]byte(`{"a": [1, "x", null, "y", {"z": "w"}, "v"], "s": "str"}`))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	type item struct {
		i int
		s string
	}
	collect := func(v *Value, limit int) []item {
		var got []item
		for i, s := range v.StringItems() {
			got = append(got, item{i, s})
			if len(got) == limit {
				break
			}
		}
		return got
	}
	tests := []struct {
		name  string
		v     *Value
		limit int
		want  []item
	}{
		{"past non-strings", v.Get("a"), -1, []item{{1, "x"}, {3, "y"}, {5, "v"}}},
		{"stops with the loop", v.Get("a"), 2, []item{{1, "x"}, {3, "y"}}},
		{"no array", v.Get("s"), -1, nil},
		{"absent", v.Get("none"), -1, nil},
		{"nil", nil, -1, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := collect(tt.v, tt.limit); !slices.Equal(got, tt.want) {
				t.Errorf("StringItems = %v, want %v", got, tt.want)
			}
		})
	}
}
