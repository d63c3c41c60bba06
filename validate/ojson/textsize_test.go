package ojson

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestTextSizeIsWhatAppendStringWrites: the size the inlining budgets
// count a fragment at is the size of its text in the registry, as
// AppendString writes valid UTF-8, quotes aside.
func TestTextSizeIsWhatAppendStringWrites(t *testing.T) {
	for _, text := range []string{"", "plain", "a\"b\\c", "\x00\x01\x1f", "\b\f\n\r\t", "é ✓ \u2028 😀", "<tag> & \x7f"} {
		if got, want := TextSize([]byte(text)), len(AppendString(nil, text))-2; got != want {
			t.Errorf("TextSize(%q) = %d, want %d", text, got, want)
		}
	}
}

// TestEveryASCIIByteEscapedAsStringify: each ASCII byte alone, as
// AppendString writes it and TextSize counts it: the seven with a short
// escape (\" \\ \b \f \n \r \t), the other control characters as \u00xx,
// the rest as they are. encoding/json, HTML escaping off, writes ASCII as
// JSON.stringify does.
func TestEveryASCIIByteEscapedAsStringify(t *testing.T) {
	for c := range byte(0x80) {
		var want strings.Builder
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(string(c)); err != nil {
			t.Fatal(err)
		}
		got := AppendString(nil, string(c))
		if string(got) != strings.TrimSuffix(want.String(), "\n") {
			t.Errorf("AppendString(%q) = %s, want %s", c, got, want.String())
		}
		if n := TextSize([]byte{c}); n != len(got)-2 {
			t.Errorf("TextSize(%q) = %d, want %d", c, n, len(got)-2)
		}
	}
}
