package ojson

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// topOf is v as ParseTop builds it: below the top level, each array or
// object empty and each string "".
func topOf(v Value, depth int) Value {
	switch v.Kind {
	case Array:
		if depth > 0 {
			v.Items = nil
			break
		}
		items := make([]Value, len(v.Items))
		for i := range v.Items {
			items[i] = topOf(v.Items[i], depth+1)
		}
		v.Items = items
		if len(items) == 0 {
			v.Items = nil
		}
	case Object:
		if depth > 0 {
			v.Members = nil
			break
		}
		ms := slices.Clone(v.Members)
		for i := range ms {
			ms[i].Value = topOf(ms[i].Value, depth+1)
		}
		v.Members = ms
	case String:
		if depth > 1 {
			v.Str = ""
		}
	}
	return v
}

func fatalOf(errs []Error) []Error {
	return slices.DeleteFunc(slices.Clone(errs), func(e Error) bool { return !e.Fatal() })
}

// checkParseTop: ParseTop of data fails where Parse does, with the same
// error, and otherwise builds Parse's tree cut to its top level, with
// Parse's findings there.
func checkParseTop(t *testing.T, data []byte) {
	t.Helper()
	want, wantErrs := Parse(data)
	got, gotErrs := ParseTop(data)
	if !reflect.DeepEqual(fatalOf(gotErrs), fatalOf(wantErrs)) {
		t.Fatalf("ParseTop(%q) fails with %v, Parse with %v", data, gotErrs, wantErrs)
	}
	if len(fatalOf(wantErrs)) > 0 {
		return
	}
	if top := topOf(want, 0); !reflect.DeepEqual(got, top) {
		t.Fatalf("ParseTop(%q) = %+v, want %+v", data, got, top)
	}
	for _, e := range gotErrs {
		if !slices.Contains(wantErrs, e) {
			t.Fatalf("ParseTop(%q) reports %v, which Parse does not", data, e)
		}
	}
}

func TestParseTop(t *testing.T) {
	for _, src := range []string{
		`{"command": "bin/x <a>", "intent_phrases": ["a", "b\u00e9", "c"], "n": 1.5, "t": true, "z": null}`,
		`{"command": "bin/x", "nested": {"a": {"b": ["deep", 1]}, "a": 2}, "command": "bin/y"}`,
		`["top", ["inner", {"k": "v"}], {"k": "v"}]`,
		`"just a string"`,
		`{"a": ["x", "y", ]}`,
		`{"a": ["x" "y"]}`,
		`{"a": {"b": "unterminated}}`,
		`{"a": [{"b": [1, 2, tru]}]}`,
		`{"a": [1, 2, 3], // a note
		}`,
		`{"a": ["ok", "ctrl` + "\x01" + `"]}`,
		`{"a": ["bad utf-8 ` + "\xff" + `"], "b": "\xfe"}`,
		strings.Repeat("[", maxDepth+1) + strings.Repeat("]", maxDepth+1),
		`{"a": [` + strings.Repeat(`"x", `, maxValues) + `"x"]}`,
		"\xEF\xBB\xBF" + `{"command": "bom"}`,
		``,
	} {
		checkParseTop(t, []byte(src))
	}
}

// FuzzParseTop: ParseTop agrees with Parse (checkParseTop) on any input.
func FuzzParseTop(f *testing.F) {
	f.Add([]byte(`{"command": "bin/x", "intent_phrases": ["a", "b"], "o": {"k": ["v"]}}`))
	f.Add([]byte(`{"a":[1,2,{"b":null}],"c":"\u00e9"}`))
	f.Add([]byte(`{"a/b~":[0,{"\u0063":[1,2,tru]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) { checkParseTop(t, data) })
}
