package ojson

import "testing"

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
