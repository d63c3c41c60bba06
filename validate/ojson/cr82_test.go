package ojson

import (
	"bytes"
	"reflect"
	"testing"
)

// scribble overwrites every byte of b (its strings' text, were it kept).
func scribble(b []byte) {
	for i := range b {
		b[i] = 'z'
	}
}

// TestOnlyParseSharedShares: Parse, ParseTop and ParseNested give strings
// of their own, which a caller reusing its buffer afterwards (a request
// body, a file read into a scratch buffer) does not change; only
// ParseShared's are the buffer's bytes, and change with it, as its doc
// warns. Were sharing on for every parse (the share flag set by default),
// every other caller's tree would change under it.
func TestOnlyParseSharedShares(t *testing.T) {
	const doc = `{"id": "deploy", "command": "bin/deploy <env>", "list": ["one", "two"], "nested": {"key": "value"}}`
	for _, tc := range []struct {
		name   string
		parse  func([]byte) (Value, []Error)
		shared bool
	}{
		{"Parse", Parse, false},
		{"ParseTop", ParseTop, false},
		{"ParseNested", func(b []byte) (Value, []Error) { return ParseNested(b, 1) }, false},
		{"ParseShared", ParseShared, true},
	} {
		src := []byte(doc)
		v, errs := tc.parse(src)
		if len(errs) != 0 {
			t.Fatalf("%s: %v", tc.name, errs)
		}
		want, _ := Parse([]byte(doc))
		if tc.name == "ParseTop" {
			want, _ = ParseTop([]byte(doc))
		}
		scribble(src)
		if same := reflect.DeepEqual(v, want); same == tc.shared {
			t.Errorf("%s: after its source was overwritten, its value is unchanged: %v, want %v (%q)", tc.name, same, !tc.shared, v.Get("id").Str)
		}
	}
}

// TestParseSharedEmptyAndEdges: strings that are empty, at the very end
// of src, or a whole document of one string share (or need not) without
// reading past src, for sources whose capacity ends at their length.
func TestParseSharedEmptyAndEdges(t *testing.T) {
	for _, doc := range []string{`""`, `"x"`, `{"":""}`, `[""]`, `{"a":"b"}`, `"é"`, `"\u00e9"`} {
		src := bytes.Clone([]byte(doc))[:len(doc):len(doc)]
		checkParseShared(t, src)
	}
}
