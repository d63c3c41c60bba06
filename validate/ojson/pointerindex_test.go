package ojson

import (
	"strings"
	"testing"
)

// TestErrorPointerIndexes: an item's index is written into an error's
// pointer only when the error is made, and must read as before, past 99
// and below a key that needs escaping too.
func TestErrorPointerIndexes(t *testing.T) {
	items := strings.Repeat("0, ", 150)
	for _, tt := range []struct{ src, want string }{
		{`[` + items + `tru]`, "/150"},
		{`{"a/b": [` + items + `{"c~": [1, 2, nul]}]}`, "/a~1b/150/c~0/2"},
		{`[[0, 1], [2, x]]`, "/1/1"},
	} {
		for _, parse := range []func([]byte) (Value, []Error){Parse, ParseTop} {
			_, errs := parse([]byte(tt.src))
			if len(errs) != 1 || errs[0].Pointer != tt.want {
				t.Errorf("%.40q: %v, want one error at %s", tt.src, errs, tt.want)
			}
		}
	}
}

// BenchmarkParseLongArray: a card of 24,000 intent phrases, the shape the
// memory review measured (an index string per item past 99 was made).
func BenchmarkParseLongArray(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`{"id": "x", "command": "bin/x", "intent_phrases": [`)
	for i := range 24000 {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(`"rotate the signing keys of the build farm"`)
	}
	sb.WriteString(`]}`)
	src := []byte(sb.String())
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(src)
	}
}
