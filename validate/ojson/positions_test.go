package ojson

import (
	"strings"
	"testing"
)

func checkPositions(t *testing.T, src []byte) {
	t.Helper()
	p := NewPositions(src)
	for off := -2; off <= len(src)+2; off++ {
		wl, wc := Position(src, off)
		if l, c := p.Position(off); l != wl || c != wc {
			t.Fatalf("Positions(%.60q).Position(%d) = %d:%d, Position = %d:%d", src, off, l, c, wl, wc)
		}
		if l := LineOf(src, off); l != wl {
			t.Fatalf("LineOf(%.60q, %d) = %d, Position's line %d", src, off, l, wl)
		}
	}
}

// TestPositionsMatchesPosition: the indexed Positions gives the same line and
// column as the scanning Position at every offset, across BOMs, line ends and
// multi-byte or invalid sequences at each mark boundary.
func TestPositionsMatchesPosition(t *testing.T) {
	long := strings.Repeat("ab", 3*markEvery)
	for _, src := range []string{
		"",
		"\n",
		"\xEF\xBB\xBF",
		"\xEF\xBB",
		"\xEF\xBB\xBF\n{}",
		"{\n  \"a\": 1,\r\n  \"é\": \"x\"\n}\n",
		long,
		"\xEF\xBB\xBF" + long + "\n" + long,
		// multi-byte and invalid sequences across every mark boundary
		strings.Repeat("é😀a", markEvery),
		strings.Repeat("\xff\xe2\x82a\xf0\x9f\x98", markEvery),
		strings.Repeat("x", markEvery-1) + "😀" + strings.Repeat("y", markEvery) + "\xf0\x9f" + strings.Repeat("z", markEvery),
		strings.Repeat("a\n", markEvery) + long + "\n\n" + strings.Repeat("€", markEvery) + "\n",
		"\xf0\x9f\x98\n\xe2\n" + long + "\xed\xa0\x80" + long,
		"a\rb\r\nc\r\rd\r",
		strings.Repeat("ab\r", markEvery) + long + "\r",
	} {
		checkPositions(t, []byte(src))
	}
	// One long line, a mark falling on every byte of a rune.
	for shift := range 4 {
		checkPositions(t, []byte(strings.Repeat("a", shift)+strings.Repeat("😀", 3*markEvery)))
	}
}

// FuzzPositions: Positions and Position agree at every offset of any input.
func FuzzPositions(f *testing.F) {
	f.Add([]byte("{\n  \"a\": 1,\r\n  \"é\": \"x\"\n}\n"))
	f.Add([]byte("\xEF\xBB\xBF" + strings.Repeat("é😀\xff\n", 100)))
	f.Fuzz(func(t *testing.T, src []byte) {
		checkPositions(t, src)
	})
}

// Many diagnostics on one long line: Position scans up to each offset,
// Positions does not.
func BenchmarkPositions(b *testing.B) {
	src := manyKeys(40000, true)
	_, errs := Parse(src)
	b.Run("Position", func(b *testing.B) {
		for b.Loop() {
			for _, e := range errs {
				Position(src, e.Off)
			}
		}
	})
	b.Run("Positions", func(b *testing.B) {
		for b.Loop() {
			p := NewPositions(src)
			for _, e := range errs {
				p.Position(e.Off)
			}
		}
	})
}

// TestInvalidUTF8: the offset of the first invalid UTF-8 byte (a surrogate's
// encoding included), or -1 when there is none.
func TestInvalidUTF8(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want int
	}{
		{"", -1}, {`{"a":"café"}`, -1}, {"\xff", 0}, {`{"a":"` + "\xe9" + `"}`, 6}, {"ab\xc3", 2}, {"\xed\xa0\x80", 0},
	} {
		if got := InvalidUTF8([]byte(tt.src)); got != tt.want {
			t.Errorf("InvalidUTF8(%q) = %d, want %d", tt.src, got, tt.want)
		}
	}
}

// A column counts an ill-formed sequence as the editor decoding it shows
// it, and as Parse reads it: one U+FFFD per maximal subpart ("\xe2\x80"
// is one, "\xff\xfe" two), not one per byte.
func TestPositionCountsIllFormedAsDecoded(t *testing.T) {
	tests := []struct {
		src  string
		want int // the column of the "!"
	}{
		{"ab!", 3},
		{"\xe2\x80!", 2},     // a truncated three-byte sequence
		{"\xff\xfe!", 3},     // two bytes no sequence starts with
		{"\xf0\x9f\x98!", 2}, // a truncated four-byte sequence
		{"\xed\xa0\x80!", 4}, // a surrogate: three ill-formed bytes
		{"\xe0\x80!", 3},     // E0 then 80: no sequence starts so
		{"\"R\xff\xfe\xc3\", \"Phase \xe2\x80 research\", !", 29},
	}
	for _, tt := range tests {
		off := strings.IndexByte(tt.src, '!')
		if _, col := Position([]byte(tt.src), off); col != tt.want {
			t.Errorf("Position(%q) column %d, want %d", tt.src, col, tt.want)
		}
		if _, col := NewPositions([]byte(tt.src)).Position(off); col != tt.want {
			t.Errorf("Positions(%q) column %d, want %d", tt.src, col, tt.want)
		}
	}
}
