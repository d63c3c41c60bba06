package ojson

import (
	"reflect"
	"strings"
	"testing"
	"unsafe"
)

// checkParseShared: ParseShared gives what Parse gives, value and errors,
// for src; each string and key it gives lies in src's memory where it is
// src's bytes as they are (no escape, valid UTF-8), and in memory of its
// own where it was decoded; and nothing it gives changes when a copy of
// src is parsed beside it.
func checkParseShared(t *testing.T, src []byte) {
	t.Helper()
	want, wantErrs := Parse(src)
	got, gotErrs := ParseShared(src)
	if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gotErrs, wantErrs) {
		t.Fatalf("%q: ParseShared gave\n%+v %v\nParse\n%+v %v", src, got, gotErrs, want, wantErrs)
	}
	inSrc := func(s string) bool {
		if s == "" || len(src) == 0 {
			return false
		}
		p, lo := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(&src[0]))
		return p >= lo && p+uintptr(len(s)) <= lo+uintptr(len(src))
	}
	var walk func(v *Value)
	check := func(s string, off int, key bool) {
		// A string's or key's text starts after its quote, at off+1.
		plain := off >= 0 && off+1+len(s) < len(src) && string(src[off+1:off+1+len(s)]) == s && src[off+1+len(s)] == '"' &&
			!strings.ContainsRune(s, '\\')
		if plain && s != "" && !inSrc(s) {
			t.Errorf("%q: %q (key %v) written as it is, yet copied", src, s, key)
		}
		if !plain && inSrc(s) {
			t.Errorf("%q: %q (key %v) decoded, yet in src", src, s, key)
		}
	}
	walk = func(v *Value) {
		if v.Kind == String {
			check(v.Str, v.Off, false)
		}
		for i := range v.Items {
			walk(&v.Items[i])
		}
		for i := range v.Members {
			check(v.Members[i].Key, v.Members[i].KeyOff, true)
			walk(&v.Members[i].Value)
		}
	}
	walk(&got)
}

// TestParseSharedIsParse: ParseShared agrees with Parse (checkParseShared)
// on a card, escapes of every kind, invalid UTF-8 (decoded to U+FFFD),
// empty strings and keys, a BOM, duplicate keys, an object past
// indexAfter members, and documents Parse fails on.
func TestParseSharedIsParse(t *testing.T) {
	many := `{`
	for i := range 40 {
		if i > 0 {
			many += ","
		}
		many += `"key` + strings.Repeat("x", i) + `": "v"`
	}
	many += `}`
	for _, src := range []string{
		`{"id": "deploy", "command": "bin/deploy <env>", "summary": "Deploys.", "intent_phrases": ["ship it", "roll out"], "risk": "reversible"}`,
		`{"a": "\u00e9\n\t\"\\\/x", "\u0062": "\ud800", "c": "😀 é"}`,
		"{\"a\": \"\xff\xfe ok\", \"\xe2\x82\": 1}",
		`{"": "", "e": [], "o": {}, "n": -1.5e3, "t": true, "z": null}`,
		"\xef\xbb\xbf{\"bom\": \"after\"}",
		`{"a": "first", "a": "second"}`,
		many,
		`["x", ["y", {"z": "w"}]]`,
		`"just a string"`,
		`{"a": "unterminated`,
		`{"a": 'single'}`,
		`{"a": "line` + "\n" + `break"}`,
		``,
	} {
		checkParseShared(t, []byte(src))
	}
}

// FuzzParseShared: ParseShared agrees with Parse on any input
// (checkParseShared).
func FuzzParseShared(f *testing.F) {
	f.Add([]byte(`{"command": "bin/x", "intent_phrases": ["a", "b"], "o": {"k": ["v"]}}`))
	f.Add([]byte(`{"a":[1,2,{"b":null}],"c":"\u00e9"}`))
	f.Add([]byte("{\"a\": \"\xff\"}"))
	f.Fuzz(func(t *testing.T, data []byte) { checkParseShared(t, data) })
}
