package ojson

import (
	"strconv"
	"strings"
	"testing"
)

// The expected strings were produced by Node.js 20:
// JSON.stringify(JSON.parse(in)) and JSON.stringify(JSON.parse(in), null, 2).
func TestEncodeMatchesJSONStringify(t *testing.T) {
	tests := []struct{ in, compact, indented string }{
		{
			`{"b":1,"a":2,"10":3,"2":4,"02":5,"x":{"y":[1.0,1e3,1e21,1.5e-7,-0,0.1,123456789012345678901234,5e-324]}}`,
			`{"2":4,"10":3,"b":1,"a":2,"02":5,"x":{"y":[1,1000,1e+21,1.5e-7,0,0.1,1.2345678901234569e+23,5e-324]}}`,
			"{\n  \"2\": 4,\n  \"10\": 3,\n  \"b\": 1,\n  \"a\": 2,\n  \"02\": 5,\n  \"x\": {\n    \"y\": [\n      1,\n      1000,\n      1e+21,\n      1.5e-7,\n      0,\n      0.1,\n      1.2345678901234569e+23,\n      5e-324\n    ]\n  }\n}",
		},
		{
			`"<a & b> \u2028 \u0001 é \ud83d\ude00 \t"`,
			"\"<a & b> \u2028 \\u0001 é 😀 \\t\"",
			"\"<a & b> \u2028 \\u0001 é 😀 \\t\"",
		},
		{
			// Lone surrogates survive, escaped in lowercase; a pair is one character.
			`["a\ud800b\udc00\ud83d\ude00\udfff","\ud800\ud800","\uDBFF\n",{"\ud800":1}]`,
			`["a\ud800b\udc00😀\udfff","\ud800\ud800","\udbff\n",{"\ud800":1}]`,
			"[\n  \"a\\ud800b\\udc00😀\\udfff\",\n  \"\\ud800\\ud800\",\n  \"\\udbff\\n\",\n  {\n    \"\\ud800\": 1\n  }\n]",
		},
		{
			`[[],{},[{}],null,true,false]`,
			`[[],{},[{}],null,true,false]`,
			"[\n  [],\n  {},\n  [\n    {}\n  ],\n  null,\n  true,\n  false\n]",
		},
		{
			`{"4294967294":1,"4294967295":2,"1":0}`,
			`{"1":0,"4294967294":1,"4294967295":2}`,
			"{\n  \"1\": 0,\n  \"4294967294\": 1,\n  \"4294967295\": 2\n}",
		},
	}
	for _, tt := range tests {
		v, errs := Parse([]byte(tt.in))
		if len(errs) > 0 {
			t.Fatalf("Parse(%s): %v", tt.in, errs)
		}
		if got := string(Encode(&v, "")); got != tt.compact {
			t.Errorf("compact(%s)\n got %s\nwant %s", tt.in, got, tt.compact)
		}
		if got := string(Encode(&v, "  ")); got != tt.indented {
			t.Errorf("indented(%s)\n got %s\nwant %s", tt.in, got, tt.indented)
		}
	}
}

// TestAppendEncodeAtSplicesIntoTheWhole: the members of an array, each
// encoded at depth 1 and joined as the encoder joins them, give the
// encoding of the whole array, indented or compact: what lets a large
// document be written from pieces encoded earlier.
func TestAppendEncodeAtSplicesIntoTheWhole(t *testing.T) {
	doc := `[{"b":1,"a":[1,{"x":[]}],"2":{"3":4,"c":"\u0001"}},[[{}]],{},[],"s",null,{"k":{"l":{"m":[true]}}}]`
	v, errs := Parse([]byte(doc))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, indent := range []string{"", "  ", "\t"} {
		b := []byte{'['}
		for i := range v.Items {
			if i > 0 {
				b = append(b, ',')
			}
			if indent != "" {
				b = append(b, '\n')
				b = append(b, indent...)
			}
			b = AppendEncodeAt(b, &v.Items[i], indent, 1)
		}
		if indent != "" {
			b = append(b, '\n')
		}
		b = append(b, ']')
		if want := Encode(&v, indent); string(b) != string(want) {
			t.Errorf("indent %q: pieces give\n%s\nthe whole gives\n%s", indent, b, want)
		}
	}
}

// TestParseErrors: each syntax error's kind, offset, JSON pointer and
// message (with its fix advice), as a diagnostic shows them.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		in      string
		kind    ErrorKind
		off     int
		pointer string
		msg     string
	}{
		{`{"a":1,}`, SyntaxError, 6, "", "trailing comma after the last member: JSON allows none before '}'; remove this ','"},
		{"[1,\n  ]", SyntaxError, 2, "", "trailing comma after the last item: JSON allows none before ']'"},
		{`{"a":1,,}`, SyntaxError, 7, "", "expected a string key"},
		{`[1,,2]`, SyntaxError, 3, "/1", "expected a value"},
		// Two commas in a row: the second is the one to remove. Before,
		// only "unexpected ',', expected a value".
		{`{"a":1,, "b":2}`, SyntaxError, 7, "", "unexpected ',', expected a string key: two commas in a row; remove this one"},
		{`[1, ,2]`, SyntaxError, 4, "/1", "unexpected ',', expected a value: two commas in a row; remove this one"},
		// A double quote inside a string, not escaped, ends it: said
		// which quote to escape. Before, "unexpected 'n', expected ','
		// or '}' in object" only.
		{`{"d": "the "notes" file", "e": 1}`, SyntaxError, 12, "", `unexpected 'n', expected ',' or '}' in object: if the '"' at 1:12 is meant inside the string, write it \"`},
		{`["say "hi" now"]`, SyntaxError, 7, "", `unexpected 'h', expected ',' or ']' in array: if the '"' at 1:7 is meant inside the string, write it \"`},
		{`{"a" 1}`, SyntaxError, 5, "", "expected ':'"},
		{`[1 2]`, SyntaxError, 3, "", "missing ',' before this item: JSON separates items with commas; type one at 1:3, right after the previous value"},
		{`[1 x]`, SyntaxError, 3, "", "expected ',' or ']'"},
		{`{"a":1 x}`, SyntaxError, 7, "", "expected ',' or '}'"},
		// A missing comma is reported at the next member or item, and
		// names where to type it: after the previous value, maybe on an
		// earlier line.
		{"{\n  \"a\": 1\n  \"b\": 2\n}", SyntaxError, 13, "", "missing ',' before this member: JSON separates members with commas; type one at 2:9, right after the previous value"},
		{"{\"a\": {\"x\": [1]}\n\"b\": 2}", SyntaxError, 17, "", "type one at 1:17,"},
		{"[\n  \"x\"\n  {}\n]", SyntaxError, 10, "", "missing ',' before this item: JSON separates items with commas; type one at 2:6, right after the previous value"},
		{"[1\n  true]", SyntaxError, 5, "", "missing ',' before this item"},
		{"[1 -2]", SyntaxError, 3, "", "missing ',' before this item"},
		// No value starts there, so a ',' would not mend it.
		{"[1 nope]", SyntaxError, 3, "", "expected ',' or ']'"},
		{"[1 -]", SyntaxError, 3, "", "expected ',' or ']'"},
		// A comment, written as in JavaScript, anywhere a token may be.
		{"{\n  // the id\n  \"id\": \"x\"\n}", SyntaxError, 4, "", "a comment (//): JSON has no comments; remove it, or put the note in a field's text (a capability's \"description\", a tool card's \"summary\")"},
		{`{"id": "x" /* old */}`, SyntaxError, 11, "", "a comment (/*): JSON has no comments"},
		{`{"id": "x", /* old */ "y": 1}`, SyntaxError, 12, "", "a comment (/*): JSON has no comments"},
		{`{"id": /* x */ 1}`, SyntaxError, 7, "/id", "JSON has no comments"},
		{`{"id" /* x */: 1}`, SyntaxError, 6, "", "JSON has no comments"},
		{`[1, // one` + "\n" + `2]`, SyntaxError, 4, "/1", "JSON has no comments"},
		{`[1 // one` + "\n" + `]`, SyntaxError, 3, "", "JSON has no comments"},
		{`{} // end`, SyntaxError, 3, "", "JSON has no comments"},
		{`// head` + "\n{}", SyntaxError, 0, "", "JSON has no comments"},
		{`{"a": 1 / 2}`, SyntaxError, 8, "", "unexpected '/', expected ',' or '}'"},
		// A merge conflict left in the file, as git writes one: said so,
		// with where it ends, where it was "unexpected '<', expected a
		// string key". A marker only at a line's start, seven alike and
		// then a blank or the line's end.
		{"{\n<<<<<<< HEAD\n  \"v\": 1\n=======\n  \"v\": 2\n>>>>>>> topic\n}", SyntaxError, 2, "", "a merge conflict marker (<<<<<<<) that a merge left unresolved (the conflict ends at line 6): keep the lines meant from each side and delete the marker lines (<<<<<<<, ======= and >>>>>>>)"},
		{"{\r\n  \"v\": 1\r\n=======\r\n  \"v\": 2\r\n>>>>>>> topic\r\n}", SyntaxError, 13, "", "a merge conflict marker (=======) that a merge left unresolved (the conflict ends at line 5)"},
		{"[1,\n=======\n2,\n>>>>>>> b\n]", SyntaxError, 4, "/1", "a merge conflict marker (=======) that a merge left unresolved (the conflict ends at line 4)"},
		{"[1,\n>>>>>>>\n]", SyntaxError, 4, "/1", "a merge conflict marker (>>>>>>>) that a merge left unresolved: keep"},
		{"<<<<<<< HEAD\n{}\n=======\n[]\n>>>>>>> b\n", SyntaxError, 0, "", "a merge conflict marker (<<<<<<<)"},
		{"[1,\n<<<<<<<<\n]", SyntaxError, 4, "/1", "unexpected '<', expected a value"},
		{"[1, <<<<<<< x\n]", SyntaxError, 4, "/1", "unexpected '<', expected a value"},
		// A key or string written as JavaScript or YAML take it: the
		// message says what to type.
		{`{'tier': "core"}`, SyntaxError, 1, "", `unexpected '\'', expected a string key: JSON keys take double quotes, not single ones; write "tier"`},
		{`{tier: "core"}`, SyntaxError, 1, "", `unexpected 't', expected a string key: JSON keys take double quotes; write "tier"`},
		{`{"tier": 'core'}`, SyntaxError, 9, "/tier", `unexpected '\'', expected a value: JSON strings take double quotes, not single ones; write "core"`},
		{`{"tier": 'it''s}`, SyntaxError, 9, "/tier", `expected a value: JSON strings take double quotes, not single ones; write "it"`},
		{"{\"tier\": 'core\n}", SyntaxError, 9, "/tier", `expected a value: JSON strings take double quotes, not single ones`},
		{`{"tier": core}`, SyntaxError, 9, "/tier", `unexpected 'c', expected a value: JSON strings take double quotes; write "core"`},
		// A document that starts as YAML ("key: value", a config or a
		// card written so) is told so, not to quote its first word.
		{"workflow:\n  research: false\n", SyntaxError, 0, "", `unexpected 'w', expected a value: this reads as YAML (workflow: …), and the file is to be JSON; write {"workflow": …}`},
		{"\n  ml.sweep: 1", SyntaxError, 3, "", `this reads as YAML (ml.sweep: …), and the file is to be JSON; write {"ml.sweep": …}`},
		// Saved with a byte order mark, which the parse reads past (cr84:
		// the BOM left out of the blanks before the word survived).
		{"\ufeffml: 1", SyntaxError, 3, "", `this reads as YAML (ml: …), and the file is to be JSON; write {"ml": …}`},
		{`ml 1`, SyntaxError, 0, "", `unexpected 'm', expected a value: JSON strings take double quotes; write "ml"`},
		{`[ml: 1]`, SyntaxError, 1, "/0", `unexpected 'm', expected a value: JSON strings take double quotes; write "ml"`},
		{`{"on": True}`, SyntaxError, 7, "/on", `unexpected 'T', expected a value: JSON's true, false and null are lower case; write true`},
		{`[NaN]`, SyntaxError, 1, "/0", `unexpected 'N', expected a value`},
		{`{"a":"x`, SyntaxError, 5, "/a", `the file ends inside the string that opens at 1:6 (and 1 more around it): it was cut short, or its closing '"' is missing`},
		{`"x`, SyntaxError, 0, "", `the file ends inside the string that opens at 1:1: it was cut short, or its closing '"' is missing`},
		// A file cut short, or a close left out at its end: said which
		// container is still open, and where it opens. Before: only
		// "unexpected end of file, expected a string key".
		{"{\n  \"a\": 1,\n  \"steps\": [],\n", SyntaxError, 27, "", "unexpected end of file, expected a string key: the file ends inside the object that opens at 1:1: it was cut short, or its closing '}' is missing"},
		{"{\n  \"a\": [1, 2\n", SyntaxError, 15, "/a", "unexpected end of file, expected ',' or ']' in array: the file ends inside the array that opens at 2:8 (and 1 more around it): it was cut short, or its closing ']' is missing"},
		{`{"a": [`, SyntaxError, 7, "/a/0", "unexpected end of file, expected a value: the file ends inside the array that opens at 1:7 (and 1 more around it)"},
		{`{"a": 1`, SyntaxError, 7, "", "the file ends inside the object that opens at 1:1: it was cut short, or its closing '}' is missing"},
		// A closing quote left out: the string runs into its line's end,
		// which was told "control character 0x0a inside a string (write
		// it as an escape)", as if a line break were meant in it.
		{"{\n  \"title\": \"Notify,\n  \"tier\": \"core\"\n}", SyntaxError, 21, "/title", `the string that opens at 2:12 is not closed before its line ends: type its closing '"' here (a line break inside a string is written \n)`},
		{"[\"a\r\n]", SyntaxError, 3, "/0", `the string that opens at 1:2 is not closed before its line ends`},
		{"\"a\x01\"", SyntaxError, 2, "", `control character 0x01 inside a string: write it as the escape \u0001`},
		// A raw tab, typed with the Tab key: the escape is named, where
		// it said "control character 0x09 (write it as an escape)".
		{"{\"a\": \"x\ty\"}", SyntaxError, 8, "/a", `a tab inside a string: JSON strings hold no raw tab; write it as \t (or a space)`},
		{`01`, SyntaxError, 1, "", "after the JSON value"},
		{`-`, SyntaxError, 1, "", "expected a digit"},
		{`1.`, SyntaxError, 2, "", "after '.'"},
		{`"\x"`, SyntaxError, 1, "", "invalid escape: a backslash before 'x'; JSON escapes only"},
		// The character after the backslash is named whole, not its first
		// byte ("C:\Émile" named \Ã), and a newline as an escape.
		{`"C:\Émile"`, SyntaxError, 3, "", "a backslash before 'É';"},
		{"\"a\\\nb\"", SyntaxError, 2, "", `a backslash before '\n';`},
		{`{"\ud800":1,"\ud800":2}`, DuplicateKey, 12, "/\xed\xa0\x80", `duplicate key "\ud800"`},
		{``, SyntaxError, 0, "", "the file is empty"},
		{`tru`, SyntaxError, 0, "", "expected a value"},
		// A syntax error names the value it stopped in (the container
		// when it is between members or items), so that a reader of a
		// long file knows which member to look at.
		{`{"a": {"b": [1, {"c": tru}]}}`, SyntaxError, 22, "/a/b/1/c", "expected a value"},
		{`{"a": {"b": [1, {"c": 1,}]}}`, SyntaxError, 23, "/a/b/1", "trailing comma"},
		{`{"a": {"b": [1 2]}}`, SyntaxError, 15, "/a/b", "missing ','"},
		{`{"a": {"b\q": 1}}`, SyntaxError, 9, "/a", "invalid escape"},
		{`{"a":1,"b":{"c":1,"c":2}}`, DuplicateKey, 18, "/b/c", "duplicate key \"c\""},
		{`{"a/b~":1,"a/b~":2}`, DuplicateKey, 10, "/a~1b~0", "duplicate key"},
	}
	for _, tt := range tests {
		_, errs := Parse([]byte(tt.in))
		if len(errs) == 0 {
			t.Errorf("Parse(%q): no error", tt.in)
			continue
		}
		e := errs[0]
		if e.Kind != tt.kind || e.Off != tt.off || e.Pointer != tt.pointer || !strings.Contains(e.Msg, tt.msg) {
			t.Errorf("Parse(%q) = %+v, want kind %d off %d pointer %q msg ~%q", tt.in, e, tt.kind, tt.off, tt.pointer, tt.msg)
		}
	}
}

// TestDuplicateKeyLastValueWinsInFirstPlace: a repeated key is one error, and
// the value kept is the last (as JSON.parse keeps it) at the key's first place.
func TestDuplicateKeyLastValueWinsInFirstPlace(t *testing.T) {
	v, errs := Parse([]byte(`{"a":1,"b":2,"a":3}`))
	if len(errs) != 1 {
		t.Fatalf("errs = %v", errs)
	}
	if got := string(Encode(&v, "")); got != `{"a":3,"b":2}` {
		t.Errorf("got %s", got)
	}
}

// TestDeepNestingIsAnErrorNotACrash: 100,000 open brackets are a "nested
// deeper" error, not a stack overflow.
func TestDeepNestingIsAnErrorNotACrash(t *testing.T) {
	in := strings.Repeat("[", 100000)
	if _, errs := Parse([]byte(in)); len(errs) == 0 || !strings.Contains(errs[0].Msg, "nested deeper") {
		t.Fatalf("errs = %v", errs)
	}
}

// TestValueCountLimit: a document of maxValues values parses; one more
// value is an error at that value, whatever its kind, rather than a tree
// that costs gigabytes downstream.
func TestValueCountLimit(t *testing.T) {
	for _, last := range []string{"0", `""`, "[]", "{}", "null"} {
		// The array itself is one value, so it holds maxValues-1 more.
		ok := "[" + strings.Repeat("0,", maxValues-2) + last + "]"
		if _, errs := Parse([]byte(ok)); errs != nil {
			t.Fatalf("%d values ending in %s: %v", maxValues, last, errs)
		}
		over := "[" + strings.Repeat("0,", maxValues-1) + last + "]"
		_, errs := Parse([]byte(over))
		if len(errs) != 1 || !strings.Contains(errs[0].Msg, "more than 250000 values") || errs[0].Off != len(over)-1-len(last) {
			t.Errorf("%d values ending in %s: %v, want one error at offset %d", maxValues+1, last, errs, len(over)-1-len(last))
		}
	}
}

// TestLookupAndPosition: Lookup finds a JSON pointer's value (with escaped
// keys) and Position gives its line and column; a missing one falls back to
// its nearest parent and says it was not found.
func TestLookupAndPosition(t *testing.T) {
	src := []byte("{\n  \"steps\": [\n    { \"when\": \"x\" },\n    { \"é\": 1, \"a/b\": 2 }\n  ]\n}\n")
	v, errs := Parse(src)
	if errs != nil {
		t.Fatal(errs)
	}
	tests := []struct {
		ptr       string
		line, col int
		ok        bool
	}{
		{"", 1, 1, true},
		{"/steps", 2, 3, true},
		{"/steps/0", 3, 5, true},
		{"/steps/0/when", 3, 7, true},
		{"/steps/1/a~1b", 4, 15, true},
		{"/steps/1/missing", 4, 5, false},
		{"/steps/9", 2, 3, false},
	}
	for _, tt := range tests {
		_, off, ok := v.Lookup(tt.ptr)
		line, col := Position(src, off)
		if ok != tt.ok || line != tt.line || col != tt.col {
			t.Errorf("Lookup(%q) = %d:%d ok=%v, want %d:%d ok=%v", tt.ptr, line, col, ok, tt.line, tt.col, tt.ok)
		}
	}
}

// The expected strings are what Node.js 20 gives for
// JSON.parse(Buffer.from(bytes).toString("utf8")).
func TestBOMAndInvalidUTF8(t *testing.T) {
	for in, want := range map[string]string{
		"\xEF\xBB\xBF\"a\xffb\"":   "a\uFFFDb",
		"\"a\xff\xfe\\u0041\xed\"": "a\uFFFD\uFFFDA\uFFFD", // raw bytes next to escapes
		// Surrogate bytes in the file are invalid UTF-8: each byte is one
		// ill-formed unit, as in Node (Buffer.from([0xed,0xa0,0x80]).toString()).
		"\"\xed\xa0\x80\"": "\uFFFD\uFFFD\uFFFD",
		"\"\xe2\x82z\"":    "\uFFFDz",      // a truncated sequence is one unit
		"\"\xff\xfe\"":     "\uFFFD\uFFFD", // two invalid bytes, two units
		"\"\xf0\x9f\x98\"": "\uFFFD",       // truncated 4-byte sequence
		"\"\xc0\xaf\"":     "\uFFFD\uFFFD", // overlong: C0 is never a lead byte
	} {
		v, errs := Parse([]byte(in))
		if errs != nil {
			t.Fatal(errs)
		}
		if v.Str != want {
			t.Errorf("Parse(%q) = %q, want %q", in, v.Str, want)
		}
	}
}

// An editor hides a byte order mark, so positions on the first line must
// not count it.
func TestPositionIgnoresBOM(t *testing.T) {
	src := []byte("\xEF\xBB\xBF{\"id\": 5}\n")
	v, errs := Parse(src)
	if errs != nil {
		t.Fatal(errs)
	}
	for ptr, want := range map[string]int{"": 1, "/id": 2} {
		_, off, _ := v.Lookup(ptr)
		if line, col := Position(src, off); line != 1 || col != want {
			t.Errorf("Position of %q = %d:%d, want 1:%d", ptr, line, col, want)
		}
	}
}

// A lone CR ends a line, as editors show a file saved with CR line
// endings; the CR of CRLF does not end one of its own.
func TestPositionCountsLoneCR(t *testing.T) {
	for _, tt := range []struct {
		src       string
		ptr       string
		line, col int
	}{
		{"{\r\"x\":1,\r\"y\":2}", "/y", 3, 1},
		{"{\r\n\"x\":1,\r\n\"y\":2}", "/y", 3, 1},
		{"{\n\"x\":1,\r\r\"y\":2}", "/y", 4, 1},
		{"{\"x\":1,\"y\":2}\r", "/y", 1, 8},
	} {
		v, errs := Parse([]byte(tt.src))
		if errs != nil {
			t.Fatal(errs)
		}
		_, off, _ := v.Lookup(tt.ptr)
		if line, col := Position([]byte(tt.src), off); line != tt.line || col != tt.col {
			t.Errorf("Position of %s in %q = %d:%d, want %d:%d", tt.ptr, tt.src, line, col, tt.line, tt.col)
		}
		checkPositions(t, []byte(tt.src))
	}
}

// FuzzParse: what parses re-encodes to a document that parses and encodes to
// the same bytes, so an artifact written once is stable.
func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"a":[1,2,{"b":null}],"c":"\u00e9"}`))
	f.Add([]byte(`[1e999,-0.0,"\ud800"]`))
	f.Add([]byte(`{"a/b~":[0,{"\u0063":[1,2,tru]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		v, errs := Parse(data)
		for _, e := range errs {
			if e.Fatal() {
				if msg := checkErrorPointer(data, e); msg != "" {
					t.Fatalf("%q: %v (pointer %q at %d): %s", data, e, e.Pointer, e.Off, msg)
				}
			}
		}
		if len(errs) > 0 {
			return
		}
		// Whatever parsed must re-encode to something that parses to the same bytes.
		out := Encode(&v, "  ")
		v2, errs := Parse(out)
		if len(errs) > 0 {
			t.Fatalf("re-parse of %q: %v", out, errs)
		}
		if out2 := Encode(&v2, "  "); string(out2) != string(out) {
			t.Fatalf("not stable:\n%s\n%s", out, out2)
		}
	})
}

// checkErrorPointer returns what is wrong with the pointer of the fatal error
// e of Parse(src), or "": it must be empty or start with "/", escape "~"
// only as "~0" or "~1", and each of its tokens must name either a key whose
// string ends before e.Off or an index (canonical decimal) no larger than the
// commas before e.Off. One pass over src[:e.Off]: cheap enough to fuzz.
func checkErrorPointer(src []byte, e Error) string {
	ptr := e.Pointer
	if ptr == "" {
		return ""
	}
	if ptr[0] != '/' {
		return "does not start with /"
	}
	if e.Off < 0 || e.Off > len(src) {
		return "offset outside the input"
	}
	before := src[:e.Off]
	keys := map[string]bool{}
	commas := 0
	p := parser{src: before}
	for i := 0; i < len(before); {
		switch before[i] {
		case ',':
			commas++
		case '"':
			p.pos, p.fatal = i, nil
			s := p.string()
			if p.fatal != nil {
				i = len(before) // an unterminated string runs to e.Off
				continue
			}
			keys[s] = true
			i = p.pos
			continue
		}
		i++
	}
	for _, raw := range strings.Split(ptr[1:], "/") {
		for j := 0; j < len(raw); j++ {
			if raw[j] == '~' && (j+1 == len(raw) || raw[j+1] != '0' && raw[j+1] != '1') {
				return "token " + strconv.Quote(raw) + " has a bad ~ escape"
			}
		}
		tok := unescapePointer(raw)
		if keys[tok] {
			continue
		}
		if n, err := strconv.Atoi(tok); err == nil && n >= 0 && strconv.Itoa(n) == tok && n <= commas {
			continue
		}
		return "token " + strconv.Quote(tok) + " is neither a key nor an index before the error"
	}
	return ""
}

// TestErrorPointersAreWellFormed: the checks FuzzParse makes of a fatal
// error's pointer hold for a few errors deep in objects and arrays.
func TestErrorPointersAreWellFormed(t *testing.T) {
	for _, in := range []string{
		`{"a/b~":[0,{"\u0063":[1,2,tru]}]}`,
		`[[],[{"x":1,"y":{"z":[1,2,3,`,
		`{"a":{"b":"\x"}}`,
		`{"k":` + strings.Repeat("[", 2000),
	} {
		_, errs := Parse([]byte(in))
		if len(errs) == 0 || !errs[0].Fatal() {
			t.Fatalf("%q: no fatal error", in)
		}
		if msg := checkErrorPointer([]byte(in), errs[0]); msg != "" {
			t.Errorf("%q: pointer %q: %s", in, errs[0].Pointer, msg)
		}
	}
	if msg := checkErrorPointer([]byte(`{"a":tru}`), Error{Off: 5, Pointer: "/b"}); msg == "" {
		t.Error("a key not in the input passes the check")
	}
	if msg := checkErrorPointer([]byte(`[1,tru]`), Error{Off: 3, Pointer: "/2"}); msg == "" {
		t.Error("an index past the commas passes the check")
	}
}

// TestAppendStringRepairsInvalidUTF8: invalid bytes in a string are written
// as U+FFFD and the rest escaped, so the output is always valid JSON.
func TestAppendStringRepairsInvalidUTF8(t *testing.T) {
	for in, want := range map[string]string{
		"\xff\"":     "\"\uFFFD\\\"\"",
		"\xff\n\xfe": "\"\uFFFD\\n\uFFFD\"",
		"ok":         "\"ok\"",
	} {
		if got := string(AppendString(nil, in)); got != want {
			t.Errorf("AppendString(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSyntaxHintsNameTheirSlip pins each hint of a syntax error to the
// slip it names, where the tests of the hints left it loose: a second
// comma on the next line is still the one to remove; a file cut short
// after a closed object or array ends inside the one around it, not the
// closed one; and a word after a space that follows a string is not taken
// for the rest of a string ended by an unescaped quote.
func TestSyntaxHintsNameTheirSlip(t *testing.T) {
	for _, tt := range []struct{ in, want, not string }{
		{"[1,\n  ,2]", "unexpected ',', expected a value: two commas in a row; remove this one", ""},
		{"{\"a\": 1,\r\n,\"b\": 2}", "unexpected ',', expected a string key: two commas in a row; remove this one", ""},
		{`{"a": {"x": 1}, "b": 1`, "the file ends inside the object that opens at 1:1: it was cut short", ""},
		{`[{"x": [1]}, 2`, "the file ends inside the array that opens at 1:1: it was cut short", ""},
		{`{"a": "b" c}`, "unexpected 'c', expected ',' or '}' in object", "meant inside the string"},
		{`["b" c]`, "unexpected 'c', expected ',' or ']' in array", "meant inside the string"},
	} {
		_, errs := Parse([]byte(tt.in))
		if len(errs) == 0 {
			t.Errorf("Parse(%q): no error", tt.in)
			continue
		}
		if msg := errs[0].Msg; !strings.Contains(msg, tt.want) || tt.not != "" && strings.Contains(msg, tt.not) {
			t.Errorf("Parse(%q): %q, want ~%q without %q", tt.in, msg, tt.want, tt.not)
		}
	}
}
