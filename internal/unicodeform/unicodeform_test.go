package unicodeform

import (
	"testing"

	"golang.org/x/text/unicode/norm"
)

// TestNFC: a name is composed as norm.NFC composes it, ASCII and a name
// already composed without a copy, and appended so too.
func TestNFC(t *testing.T) {
	for _, s := range []string{"", "a.b", "caf\u00e9", "cafe\u0301", "RE\u0301SUME\u0301", "\u0958", "a\xffe\u0301"} {
		want := norm.NFC.String(s)
		if got := NFC(s); got != want {
			t.Errorf("NFC(%+q) = %+q, want %+q", s, got, want)
		}
		if got := string(AppendNFC([]byte("x."), s)); got != "x."+want {
			t.Errorf("AppendNFC(%q, %+q) = %+q, want %+q", "x.", s, got, "x."+want)
		}
	}
	for _, s := range []string{"workflow.research", "caf\u00e9.mode"} {
		if a := testing.AllocsPerRun(10, func() { NFC(s) }); a != 0 {
			t.Errorf("NFC(%+q): %v allocations, want none", s, a)
		}
		// render's config walk appends each member's key so, into a
		// path it reuses: none for ASCII, nor for a key composed.
		buf := make([]byte, 0, 64)
		if a := testing.AllocsPerRun(10, func() { buf = AppendNFC(buf[:0], s) }); a != 0 {
			t.Errorf("AppendNFC(buf, %+q): %v allocations, want none", s, a)
		}
	}
	// A key written decomposed is composed into the buffer as it is
	// appended (norm's AppendString: its one allocation), not composed
	// apart and then copied in (three), as render's config walk joins
	// each member's key to its path.
	buf := make([]byte, 0, 64)
	if a := testing.AllocsPerRun(10, func() { buf = AppendNFC(buf[:0], "re\u0301sume\u0301") }); a > 1 {
		t.Errorf("AppendNFC(buf, %+q): %v allocations, want at most 1", "re\u0301sume\u0301", a)
	}
}

// TestName: each form is named, a name of letters composed and
// decomposed both "partly decomposed", and one in neither form with no
// letter decomposed not so.
func TestName(t *testing.T) {
	const neither = "in neither form (NFC and NFD both write some of its letters otherwise)"
	for s, want := range map[string]string{
		"ascii":             "composed (NFC)",
		"caf\u00e9":         "composed (NFC)",
		"cafe\u0301":        "decomposed (NFD: a letter, then its accent, as macOS may save it)",
		"r\u00e9sume\u0301": "partly decomposed",
		"e\u0301\u0958":     "partly decomposed",
		// Neither form, and nothing decomposed: a letter both forms
		// replace (excluded from composition, or a singleton), or
		// accents out of their canonical order.
		"\u0958.x":       neither,
		"e.\u0341x":      neither,
		"x.\u0301\u0323": neither,
		"\u00e9\u0958":   neither,
	} {
		if got := Name(s); got != want {
			t.Errorf("Name(%+q) = %q, want %q", s, got, want)
		}
	}
}

// TestPrintsAsNothing: the characters a terminal shows as nothing, which
// an id, an intent or a generated line may hold unseen, and not those
// that print, the format characters among them.
func TestPrintsAsNothing(t *testing.T) {
	for _, tt := range []struct {
		r    rune
		want bool
	}{
		{'\u200b', true},      // zero width space
		{'\u200d', true},      // zero width joiner
		{'\u2060', true},      // word joiner
		{'\ufeff', true},      // the byte order mark
		{'\u00ad', true},      // soft hyphen
		{'\u202e', true},      // a bidirectional control
		{'\u3164', true},      // Hangul filler
		{'\u034f', true},      // combining grapheme joiner
		{'\ufe0f', true},      // a variation selector
		{'\U000e0101', true},  // a supplementary variation selector
		{'\u0600', false},     // Arabic number sign: a format character that prints
		{'\U000110bd', false}, // Kaithi number sign, another that prints
		{' ', false},
		{'\u00a0', false}, // a no-break space prints as a space
		{'a', false},
		{'é', false},
	} {
		if got := PrintsAsNothing(tt.r); got != tt.want {
			t.Errorf("PrintsAsNothing(%U) = %v, want %v", tt.r, got, tt.want)
		}
	}
}
