package ojson

import (
	"strings"
	"testing"
)

// oj2Msg is the message of the first error parsing in, or "" when it parses.
func oj2Msg(t *testing.T, in string) string {
	t.Helper()
	_, errs := Parse([]byte(in))
	if len(errs) == 0 {
		return ""
	}
	return errs[0].Msg
}

// A single-quoted string or a bare word where a key or a value was expected
// gets a hint of what to type, whole: the hint is the same text in double
// quotes only when the text is what the author meant, so a quote that runs
// to the end of the line or the file, or past 200 bytes, or holds bytes
// that are not UTF-8, gets no "write …". A bare word is read as JavaScript
// and YAML write an identifier (letters, '_' and '$' first; then digits,
// '-' and '.' too), up to 200 bytes; a word that runs on into non-ASCII text
// gets no hint, as its end cannot be told.
func TestQuoteHintWholeMessages(t *testing.T) {
	const (
		val  = "expected a value"
		sq   = ": JSON strings take double quotes, not single ones"
		bare = ": JSON strings take double quotes; write "
		key  = ": JSON keys take double quotes; write "
	)
	a200 := strings.Repeat("a", 200)
	tests := []struct{ in, want string }{
		// Single quotes.
		{`['']`, `unexpected '\'', ` + val + sq + `; write ""`},
		{`{"a": 'abc`, `unexpected '\'', ` + val + sq},
		{"{\"a\": 'abc\n}", `unexpected '\'', ` + val + sq},
		{"{\"a\": 'abc\r\n}", `unexpected '\'', ` + val + sq},
		{"[\"x\", 'x\xffy']", `unexpected '\'', ` + val + sq},
		{"['" + a200 + "']", `unexpected '\'', ` + val + sq + `; write "` + a200 + `"`},
		{"['" + a200 + "a']", `unexpected '\'', ` + val + sq},
		{`['a"b']`, `unexpected '\'', ` + val + sq + `; write "a\"b"`},
		// Bare words: where they start and stop.
		{`[_a1-b.c]`, `unexpected '_', ` + val + bare + `"_a1-b.c"`},
		{`[$x]`, `unexpected '$', ` + val + bare + `"$x"`},
		{`[a09]`, `unexpected 'a', ` + val + bare + `"a09"`},
		{`[zZ]`, `unexpected 'z', ` + val + bare + `"zZ"`},
		{`[Aye]`, `unexpected 'A', ` + val + bare + `"Aye"`},
		{`[Za]`, `unexpected 'Z', ` + val + bare + `"Za"`},
		{`[ab]`, `unexpected 'a', ` + val + bare + `"ab"`},
		{`[ab`, `unexpected 'a', ` + val + bare + `"ab"`},
		{"[" + a200 + "a]", `unexpected 'a', ` + val + bare + `"` + a200 + `"`},
		{`{a-b.c: 1}`, `unexpected 'a', expected a string key` + key + `"a-b.c"`},
		// No word starts with a digit, '-' or '.'.
		{`[.5]`, `unexpected '.', ` + val},
		{`{9: 1}`, `unexpected '9', expected a string key`},
		{`{.a: 1}`, `unexpected '.', expected a string key`},
		{`{-a: 1}`, `unexpected '-', expected a string key`},
		{`[@]`, `unexpected '@', ` + val},
		// A word that runs on into non-ASCII text (or bytes that are no
		// UTF-8) has no end we can tell.
		{`[abé]`, `unexpected 'a', ` + val},
		{"[ab\x80]", `unexpected 'a', ` + val},
		{`[é]`, `unexpected 'é', ` + val},
		// Literals in the wrong case, and words no quote would mend.
		{`[tRUE]`, `unexpected 't', ` + val + `: JSON's true, false and null are lower case; write true`},
		{`[FALSE]`, `unexpected 'F', ` + val + `: JSON's true, false and null are lower case; write false`},
		{`[Null]`, `unexpected 'N', ` + val + `: JSON's true, false and null are lower case; write null`},
		{`[Nul]`, `unexpected 'N', ` + val},
		{`[fals]`, `unexpected 'f', ` + val},
		{`[t]`, `unexpected 't', ` + val},
		{`[nan]`, `unexpected 'n', ` + val},
		{`[Infinity]`, `unexpected 'I', ` + val},
		{`[undefined]`, `unexpected 'u', ` + val},
		{`[yes]`, `unexpected 'y', ` + val + bare + `"yes"`},
	}
	for _, tt := range tests {
		if got := oj2Msg(t, tt.in); got != tt.want {
			t.Errorf("Parse(%q): message\n  %q\nwant\n  %q", tt.in, got, tt.want)
		}
	}
}

// Bytes that are not UTF-8 read as U+FFFD, one for each maximal subpart
// (the longest start of a well-formed sequence), as Node's decoder reads
// them; the last byte a lead byte allows after it (0xBF, or 0x9F after
// 0xED, 0x8F after 0xF4) still belongs to the sequence.
func TestInvalidUTF8MaximalSubparts(t *testing.T) {
	for _, tt := range []struct{ raw, want string }{
		{"\xe2\xbfA", "\uFFFDA"},
		{"\xed\x9fA", "\uFFFDA"},
		{"\xf4\x8f\xbfA", "\uFFFDA"},
		{"\xf0\x90A", "\uFFFDA"},
		{"\xe0\xa0A", "\uFFFDA"},
		{"\xed\xa0\x80", "\uFFFD\uFFFD\uFFFD"}, // a surrogate's bytes are three subparts
		{"\xed\xa0A", "\uFFFD\uFFFDA"},
		{"\xff\xfe", "\uFFFD\uFFFD"},
		// Every lead byte of a three- or four-byte sequence starts one.
		{"\xe1\x80A", "\uFFFDA"},
		{"\xef\xbfA", "\uFFFDA"},
		{"\xf1\x80\x80A", "\uFFFDA"},
		{"\xf3\x80A", "\uFFFDA"},
	} {
		v, errs := Parse([]byte(`"` + tt.raw + `"`))
		if len(errs) != 0 || v.Str != tt.want {
			t.Errorf("Parse(%q) = %q, %v; want %q", `"`+tt.raw+`"`, v.Str, errs, tt.want)
		}
	}
}

// DecodeRune and AppendString read a lone surrogate as Parse holds it
// (the WTF-8 bytes ED A0..BF 80..BF) and nothing else: ED with a second
// byte out of A0..BF or a third that is no continuation byte, another lead
// byte, or a sequence cut short is invalid UTF-8 (U+FFFD, one byte).
func TestLoneSurrogateBytesOnly(t *testing.T) {
	for _, tt := range []struct {
		s      string
		r      rune
		n      int
		quoted string
	}{
		{"\xed\xa0\x80", 0xD800, 3, `"\ud800"`},
		{"\xed\xbf\xbfx", 0xDFFF, 3, `"\udfffx"`},
		{"\xed\xa0A", oj2RuneError, 1, "\"\uFFFDA\""},
		{"\xed\xa0", oj2RuneError, 1, "\"\uFFFD\""},
		{"\xc0\xa0\x80", oj2RuneError, 1, "\"\uFFFD\""},
		{"\xee\xa0\x80", 0xE800, 3, "\"\uE800\""},
	} {
		r, n := DecodeRune(tt.s)
		if r != tt.r || n != tt.n {
			t.Errorf("DecodeRune(%q) = %U, %d; want %U, %d", tt.s, r, n, tt.r, tt.n)
		}
		sr, ok := SurrogateAt(tt.s)
		if want := tt.r >= 0xD800 && tt.r <= 0xDFFF; ok != want || ok && sr != tt.r {
			t.Errorf("SurrogateAt(%q) = %U, %v; want %v", tt.s, sr, ok, want)
		}
		if got := string(AppendString(nil, tt.s)); got != tt.quoted {
			t.Errorf("AppendString(%q) = %q; want %q", tt.s, got, tt.quoted)
		}
	}
}

const oj2RuneError = '\uFFFD'
