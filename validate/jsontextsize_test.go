package validate

import (
	"testing"

	"github.com/capreg/capreg/validate/ojson"
)

// TestJSONTextSizeIsWhatTheEncoderWrites: the size the inlining budgets
// count a fragment at is the size of its text in the registry, as
// ojson.AppendString writes valid UTF-8, quotes aside.
func TestJSONTextSizeIsWhatTheEncoderWrites(t *testing.T) {
	for _, text := range []string{"", "plain", "a\"b\\c", "\x00\x01\x1f", "\b\f\n\r\t", "é ✓ \u2028 😀", "<tag> & \x7f"} {
		if got, want := jsonTextSize([]byte(text)), len(ojson.AppendString(nil, text))-2; got != want {
			t.Errorf("jsonTextSize(%q) = %d, want %d", text, got, want)
		}
	}
}
