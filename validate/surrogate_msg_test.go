package validate

import "testing"

// TestSurrogateEscapesInMessages: a lone surrogate of the repository's
// JSON, which a message quotes with %q as the bytes it is held in
// ("\xed\xa0\x80"), is written as the JSON wrote it ("\ud800"), as the
// finding's pointer already was (review r23); other \x escapes, and an
// escape that only looks like one, are left as they are.
func TestSurrogateEscapesInMessages(t *testing.T) {
	for in, want := range map[string]string{
		`unknown tool card field "\xed\xa0\x80k"`:         `unknown tool card field "\ud800k"`,
		`requires "\xed\xbf\xbfa" and "\xed\xb0\x81"`:     `requires "\udfffa" and "\udc01"`,
		`byte "\xff" of a file name`:                      `byte "\xff" of a file name`,
		`not a surrogate "\xed\x9f\xbf" (U+D7FF's bytes)`: `not a surrogate "\xed\x9f\xbf" (U+D7FF's bytes)`,
		`cut short "\xed\xa0`:                             `cut short "\xed\xa0`,
		`\xed\xa0\x80\xed\xa0\x80`:                        `\ud800\ud800`,
		`\xed\xA0\x80`:                                    `\ud800`,
		`\xed\xa0x80`:                                     `\xed\xa0x80`,
		// A quoted backslash before the bytes: the text \xed, then the
		// bytes A0 80, no surrogate (review cr28); after an even run, one.
		`"\\xed\xa0\x80"`:  `"\\xed\xa0\x80"`,
		`"\\\xed\xa0\x80"`: `"\\\ud800"`,
	} {
		if got := surrogateEscapes(in); got != want {
			t.Errorf("surrogateEscapes(%s) = %s, want %s", in, got, want)
		}
	}
}
