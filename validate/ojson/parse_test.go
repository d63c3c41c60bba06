package ojson

import (
	"fmt"
	"strings"
	"testing"
)

// openBrackets is n opening brackets, each the first item of the one before.
func openBrackets(n int) string { return strings.Repeat("[", n) }

// firstItemsPointer is the JSON pointer of n levels of first items.
func firstItemsPointer(n int) string { return strings.Repeat("/0", n) }

// A parse error names the JSON pointer of the value it is about: the
// member a duplicate key repeats, or the first bracket nested too deep (a
// caller that wraps a document, as an API body wraps a config, says where
// in the inner document it is). Array indexes count the items of their
// own array, objects' keys are escaped (~0 for "~", ~1 for "/").
func TestErrorPointers(t *testing.T) {
	deeper := func(n int) string { return fmt.Sprintf("JSON nested deeper than %d levels", n) }
	dup := `duplicate key "a" (JSON.parse would silently keep only the last value)`
	tests := []struct {
		name    string
		in      string
		nested  int // levels ParseNested allows past Parse's
		kind    ErrorKind
		off     int
		pointer string
		msg     string
	}{
		{"too deep in an escaped key's second item", `{"k~/":[1,` + openBrackets(31), 0, TooDeep, 40, "/k~0~1/1" + firstItemsPointer(30), deeper(32)},
		{"too deep in an object in an array", `{"a":[0,1,{"b":` + openBrackets(30), 0, TooDeep, 44, "/a/2/b" + firstItemsPointer(29), deeper(32)},
		{"too deep at the top", openBrackets(33), 0, TooDeep, 32, firstItemsPointer(32), deeper(32)},
		{"too deep after a BOM", "\xEF\xBB\xBF" + openBrackets(33), 0, TooDeep, 35, firstItemsPointer(32), deeper(32)},
		{"too deep in a wrapped config", `{"config":{"x":[` + openBrackets(31), 1, TooDeep, 46, "/config/x" + firstItemsPointer(31), deeper(33)},
		{"a duplicate in a later array", `[[1,2],[3,{"a":1,"a":2}]]`, 0, DuplicateKey, 17, "/1/1/a", dup},
		{"a duplicate after a sibling object", `{"x":{"a":1},"y":[{"a":1},{"a":1,"a":2}]}`, 0, DuplicateKey, 33, "/y/1/a", dup},
		{"a duplicate at the top", `{"a":1,"b":[1],"a":2}`, 0, DuplicateKey, 15, "/a", dup},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var errs []Error
			if tt.nested > 0 {
				_, errs = ParseNested([]byte(tt.in), tt.nested)
			} else {
				_, errs = Parse([]byte(tt.in))
			}
			if len(errs) != 1 {
				t.Fatalf("Parse(%.50q) = %v, want one error", tt.in, errs)
			}
			e := errs[0]
			if e.Kind != tt.kind || e.Off != tt.off || e.Pointer != tt.pointer || e.Msg != tt.msg {
				t.Errorf("Parse(%.50q) = kind %d at %d, pointer %q, %q; want kind %d at %d, pointer %q, %q",
					tt.in, e.Kind, e.Off, e.Pointer, e.Msg, tt.kind, tt.off, tt.pointer, tt.msg)
			}
		})
	}
}

// A document that fails to parse is null and has no place in the source
// (Off -1, as a value built in memory: Position gives 0:0), so nothing is
// placed on a value the parse never finished; its error is where the
// parse stopped. A byte order mark alone is an empty document: the error
// is where the document would start, after the mark, not the mark's first
// byte, nor the end of a file of blanks, and it says the file is empty.
func TestFailedParseValueAndBOMOnly(t *testing.T) {
	const empty = "the file is empty (it holds white space at most): write the JSON document, such as an object {…}"
	for _, tt := range []struct {
		in  string
		off int
		msg string
	}{
		{"\xEF\xBB\xBF", 3, empty},
		{"\xEF\xBB\xBF \n", 3, empty},
		{"", 0, empty},
		{" \r\n\t\n", 0, empty},
		{"\xEF\xBB", 0, "unexpected byte 0xef, expected a value"},
		{"[1,", 3, "unexpected end of file, expected a value: the file ends inside the array that opens at 1:1: it was cut short, or its closing ']' is missing"},
		{`{"a": [1, 2}`, 11, "unexpected '}', expected ',' or ']' in array"},
	} {
		v, errs := Parse([]byte(tt.in))
		if len(errs) != 1 {
			t.Fatalf("Parse(%q) = %v, want one error", tt.in, errs)
		}
		if errs[0].Off != tt.off || errs[0].Msg != tt.msg {
			t.Errorf("Parse(%q) error at %d: %q; want at %d: %q", tt.in, errs[0].Off, errs[0].Msg, tt.off, tt.msg)
		}
		if v.Kind != Null || v.Off != -1 {
			t.Errorf("Parse(%q) = kind %v at %d, want null at -1", tt.in, v.Kind, v.Off)
		}
		if line, col := Position([]byte(tt.in), v.Off); line != 0 || col != 0 {
			t.Errorf("Parse(%q): the value is at %d:%d, want 0:0 (nowhere)", tt.in, line, col)
		}
	}
}

// A syntax error is reported where the parse stopped, naming what stands
// there (the end of the file, a character, a byte that is no UTF-8) and
// what was expected. Where the next item or member starts whole, the
// message says a ',' is missing and where to type it, as an editor counts
// lines and columns: after a byte order mark, a CR or a CRLF, and
// characters of several bytes. A '-' starts a number only before a digit,
// and a lone '/' is no comment, even at the end of the input.
func TestSyntaxErrorsWhereTheyStop(t *testing.T) {
	missing := func(what string, at string) string {
		return fmt.Sprintf("missing ',' before this %s: JSON separates %ss with commas; type one at %s, right after the previous value", what, what, at)
	}
	for _, tt := range []struct {
		in  string
		off int
		msg string
	}{
		{"[1", 2, "unexpected end of file, expected ',' or ']' in array: the file ends inside the array that opens at 1:1: it was cut short, or its closing ']' is missing"},
		{"[1,2", 4, "unexpected end of file, expected ',' or ']' in array: the file ends inside the array that opens at 1:1: it was cut short, or its closing ']' is missing"},
		{`{"a":1`, 6, "unexpected end of file, expected ',' or '}' in object: the file ends inside the object that opens at 1:1: it was cut short, or its closing '}' is missing"},
		{`{"a" `, 5, `unexpected end of file, expected ':' after key "a": the file ends inside the object that opens at 1:1: it was cut short, or its closing '}' is missing`},
		{"{", 1, "unexpected end of file, expected a string key: the file ends inside the object that opens at 1:1: it was cut short, or its closing '}' is missing"},
		{"[1 -", 3, "unexpected '-', expected ',' or ']' in array"},
		{"[1 -a]", 3, "unexpected '-', expected ',' or ']' in array"},
		{"[1 -0]", 3, missing("item", "1:3")},
		{"[1 -9]", 3, missing("item", "1:3")},
		{"[1 /", 3, "unexpected '/', expected ',' or ']' in array"},
		{"1/", 1, "unexpected '/' after the JSON value"},
		{"1 /", 2, "unexpected '/' after the JSON value"},
		{"[1 \xff]", 3, "unexpected byte 0xff, expected ',' or ']' in array"},
		{"[1 é]", 3, "unexpected 'é', expected ',' or ']' in array"},
		{"[1 t]", 3, "unexpected 't', expected ',' or ']' in array"},
		{"[1 nul]", 3, "unexpected 'n', expected ',' or ']' in array"},
		{"[1 true]", 3, missing("item", "1:3")},
		{"[1 false]", 3, missing("item", "1:3")},
		{"[1 null]", 3, missing("item", "1:3")},
		{"[1 {}]", 3, missing("item", "1:3")},
		{"[1 []]", 3, missing("item", "1:3")},
		{`[1 "x"]`, 3, missing("item", "1:3")},
		// A member starts with its key's quote: anything else is no member.
		{`{"a":1 2}`, 7, "unexpected '2', expected ',' or '}' in object"},
		{`{"a":1 "b":2}`, 7, missing("member", "1:7")},
		{"\xEF\xBB\xBF{\r\n \"é\": \"ü\"\r\n \"b\": 1}", 20, missing("member", "2:10")},
		{"[\r\"😀\"\r\r{}]", 10, missing("item", "2:4")},
		{"\xEF\xBB\xBF[1 2]", 6, missing("item", "1:3")},
	} {
		_, errs := Parse([]byte(tt.in))
		if len(errs) != 1 || errs[0].Kind != SyntaxError || errs[0].Off != tt.off || errs[0].Msg != tt.msg {
			t.Errorf("Parse(%q) = %v, want one syntax error at %d: %q", tt.in, errs, tt.off, tt.msg)
			for _, e := range errs {
				t.Logf("  at %d: %q", e.Off, e.Msg)
			}
		}
	}
}

// A \u escape takes exactly four hex digits, and a high surrogate pairs
// only with a low one escaped right after it ("\udc00" written as text is
// text, kept after the lone surrogate's WTF-8 bytes). Cut short by the end
// of the input, a string or escape is an error where it starts, never a
// read past the end.
func TestEscapesNearTheEnd(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want string
	}{
		{`"\ud83d\ude00"`, "😀"},
		{`"\ud800\u0041"`, "\xed\xa0\x80A"},
		{`"\ud800xxdc00"`, "\xed\xa0\x80xxdc00"},
		{`"\ud800udc00"`, "\xed\xa0\x80udc00"},
	} {
		v, errs := Parse([]byte(tt.in))
		if errs != nil || v.Str != tt.want {
			t.Errorf("Parse(%s) = %q, %v; want %q", tt.in, v.Str, errs, tt.want)
		}
	}
	for _, tt := range []struct {
		in  string
		off int
		msg string
	}{
		// A file that ends inside an escape ends inside its string, and
		// is told so: "unterminated escape" and "invalid \u escape" said
		// the escape was wrong, where the file was cut short.
		{`"\`, 0, `the file ends inside the string that opens at 1:1: it was cut short, or its closing '"' is missing`},
		{`"\ud800\`, 0, `the file ends inside the string that opens at 1:1: it was cut short, or its closing '"' is missing`},
		{`"\ud800`, 0, `the file ends inside the string that opens at 1:1: it was cut short, or its closing '"' is missing`},
		{`"\u0041`, 0, `the file ends inside the string that opens at 1:1: it was cut short, or its closing '"' is missing`},
		{`"\u00`, 0, `the file ends inside the string that opens at 1:1: it was cut short, or its closing '"' is missing`},
		{`{"a": "x\u`, 6, `the file ends inside the string that opens at 1:7 (and 1 more around it): it was cut short, or its closing '"' is missing`},
		{`"\u0x`, 1, `invalid \u escape`},
		{`"\u00"`, 1, `invalid \u escape`},
		{`"\ud800\u00"`, 7, `invalid \u escape`},
	} {
		src := []byte(tt.in)
		_, errs := Parse(src[:len(src):len(src)]) // nothing past the end to read by mistake
		if len(errs) != 1 || errs[0].Off != tt.off || errs[0].Msg != tt.msg {
			t.Errorf("Parse(%s) = %v, want one error at %d: %q", tt.in, errs, tt.off, tt.msg)
		}
	}
}

// firstErrorMsg is the message of the first error parsing in, or "" when it parses.
func firstErrorMsg(t *testing.T, in string) string {
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
		lit  = ": JSON's literals are true, false and null; write "
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
		// A literal a letter short (but for its first) or with two
		// letters swapped is that literal; one with a letter changed or
		// added, or its first left out, may be a word meant as a string.
		{`[tru]`, `unexpected 't', ` + val + lit + `true`},
		{`{"a": tru}`, `unexpected 't', ` + val + lit + `true`},
		{`[Nul]`, `unexpected 'N', ` + val + lit + `null`},
		{`[fals]`, `unexpected 'f', ` + val + lit + `false`},
		{`[flase]`, `unexpected 'f', ` + val + lit + `false`},
		{`[ture, 1]`, `unexpected 't', ` + val + lit + `true`},
		{`[fasle]`, `unexpected 'f', ` + val + lit + `false`},
		{`[trrue]`, `unexpected 't', ` + val + lit + `true, or "trrue" if a string is meant`},
		{`[tree]`, `unexpected 't', ` + val + lit + `true, or "tree" if a string is meant`},
		{`[full]`, `unexpected 'f', ` + val + lit + `null, or "full" if a string is meant`},
		{`[rue]`, `unexpected 'r', ` + val + lit + `true, or "rue" if a string is meant`},
		// A literal with letters after it is a word, not the literal
		// followed by a letter that is no ',': the word is told of.
		{`[truee]`, `unexpected 't', ` + val + lit + `true, or "truee" if a string is meant`},
		{`{"a": nulll}`, `unexpected 'n', ` + val + lit + `null, or "nulll" if a string is meant`},
		{`[true1]`, `unexpected 't', ` + val + lit + `true, or "true1" if a string is meant`},
		{`[falsee`, `unexpected 'f', ` + val + lit + `false, or "falsee" if a string is meant`},
		{`[nullable]`, `unexpected 'n', ` + val + bare + `"nullable"`},
		{`[true_x]`, `unexpected 't', ` + val + bare + `"true_x"`},
		{`[tr]`, `unexpected 't', ` + val},
		{`[tuer]`, `unexpected 't', ` + val + bare + `"tuer"`},
		// A literal's start at the end of the file was cut short there.
		{`[tru`, `unexpected 't', ` + val},
		{`[fals`, `unexpected 'f', ` + val},
		{`[t]`, `unexpected 't', ` + val},
		{`[nan]`, `unexpected 'n', ` + val},
		{`[Infinity]`, `unexpected 'I', ` + val},
		{`[undefined]`, `unexpected 'u', ` + val},
		{`[yes]`, `unexpected 'y', ` + val + bare + `"yes"`},
	}
	for _, tt := range tests {
		if got := firstErrorMsg(t, tt.in); got != tt.want {
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

// A duplicate key's description names where the key was before it, as
// line:column of the source: the key the value is kept from may be a
// screen away. A third occurrence names the second, the one it replaces;
// the other kinds are described by their message alone.
func TestDescribeDuplicateNamesPrevious(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"one line", `{"a":1,"a":2}`, []string{`duplicate key "a", already at 1:2 (JSON.parse would silently keep only the last value)`}},
		{"lines and a nested object", "{\n  \"o\": {\"k\": 1,\n    \"k\": 2},\n  \"o\": {}\n}",
			[]string{
				`duplicate key "k", already at 2:9 (JSON.parse would silently keep only the last value)`,
				`duplicate key "o", already at 2:3 (JSON.parse would silently keep only the last value)`}},
		{"three times", "{\"a\":1,\n\"a\":2,\n\"a\":3}", []string{
			`duplicate key "a", already at 1:2 (JSON.parse would silently keep only the last value)`,
			`duplicate key "a", already at 2:1 (JSON.parse would silently keep only the last value)`}},
		{"a syntax error", `{"a":}`, []string{`unexpected '}', expected a value`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, errs := Parse([]byte(tt.in))
			var got []string
			for _, e := range errs {
				got = append(got, e.Describe([]byte(tt.in)))
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("described\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}
