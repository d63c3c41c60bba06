package ojson

import (
	"fmt"
	"strings"
	"testing"
)

// mo11Deep is n opening brackets, each the first item of the one before.
func mo11Deep(n int) string { return strings.Repeat("[", n) }

// mo11Zeros is the JSON pointer of n levels of first items.
func mo11Zeros(n int) string { return strings.Repeat("/0", n) }

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
		{"too deep in an escaped key's second item", `{"k~/":[1,` + mo11Deep(31), 0, TooDeep, 40, "/k~0~1/1" + mo11Zeros(30), deeper(32)},
		{"too deep in an object in an array", `{"a":[0,1,{"b":` + mo11Deep(30), 0, TooDeep, 44, "/a/2/b" + mo11Zeros(29), deeper(32)},
		{"too deep at the top", mo11Deep(33), 0, TooDeep, 32, mo11Zeros(32), deeper(32)},
		{"too deep after a BOM", "\xEF\xBB\xBF" + mo11Deep(33), 0, TooDeep, 35, mo11Zeros(32), deeper(32)},
		{"too deep in a wrapped config", `{"config":{"x":[` + mo11Deep(31), 1, TooDeep, 46, "/config/x" + mo11Zeros(31), deeper(33)},
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
// is the end of the file, after the mark, not the mark's first byte.
func TestFailedParseValueAndBOMOnly(t *testing.T) {
	for _, tt := range []struct {
		in  string
		off int
		msg string
	}{
		{"\xEF\xBB\xBF", 3, "unexpected end of file, expected a value"},
		{"\xEF\xBB\xBF ", 4, "unexpected end of file, expected a value"},
		{"\xEF\xBB", 0, "unexpected byte 0xef, expected a value"},
		{"[1,", 3, "unexpected end of file, expected a value"},
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
		{"[1", 2, "unexpected end of file, expected ',' or ']' in array"},
		{"[1,2", 4, "unexpected end of file, expected ',' or ']' in array"},
		{`{"a":1`, 6, "unexpected end of file, expected ',' or '}' in object"},
		{`{"a" `, 5, `unexpected end of file, expected ':' after key "a"`},
		{"{", 1, "unexpected end of file, expected a string key"},
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
		{`"\`, 1, "unterminated escape"},
		{`"\ud800\`, 7, "unterminated escape"},
		{`"\ud800`, 0, "unterminated string"},
		{`"\u0041`, 0, "unterminated string"},
		{`"\u00`, 1, `invalid \u escape`},
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
