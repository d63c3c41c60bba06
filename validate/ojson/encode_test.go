package ojson

import (
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// An object built in memory, with keys in any order, encodes in the order
// JavaScript enumerates it, as JSON.stringify(o) writes it (checked with
// Node.js 20): the array-index keys first, ascending ("0" and "9" are
// indices, "01" and "4294967295" are not), then the others in insertion
// order, "" among them. The Value itself keeps its order.
func TestEncodeBuiltObjectInJSOrder(t *testing.T) {
	o := NewObject()
	for i, k := range []string{"b", "9", "a", "0", "", "10", "01", "4294967295", "4294967294"} {
		o.Append(k, NewNumber(i))
	}
	want := `{"0":3,"9":1,"10":5,"4294967294":8,"b":0,"a":2,"":4,"01":6,"4294967295":7}`
	if got := string(Encode(&o, "")); got != want {
		t.Errorf("Encode = %s\nwant     %s", got, want)
	}
	if o.Members[0].Key != "b" || o.Members[3].Key != "0" {
		t.Errorf("Encode reordered the value's own members: %q first, %q fourth", o.Members[0].Key, o.Members[3].Key)
	}
	// One index key, at either end of the digits, is enough to reorder.
	for _, k := range []string{"0", "9"} {
		p := NewObject()
		p.Set("", NewNumber(1))
		p.Set("z", NewNumber(2))
		p.Set(k, NewNumber(3))
		if got, want := string(Encode(&p, "")), `{"`+k+`":3,"":1,"z":2}`; got != want {
			t.Errorf("Encode = %s, want %s", got, want)
		}
	}
}

// Bytes that are not UTF-8 become one U+FFFD per run (as
// strings.ToValidUTF8 does), and a lone surrogate right after such a run
// (held as its WTF-8 bytes) is still escaped as JSON.stringify escapes it,
// not swallowed into the run.
func TestAppendStringSurrogateAfterInvalidBytes(t *testing.T) {
	for in, want := range map[string]string{
		"\xff\xed\xa0\x80":         `"` + "\uFFFD" + `\ud800"`,
		"a\xff\xfe\xed\xbf\xbfb":   `"a` + "\uFFFD" + `\udfffb"`,
		"\xff\xed\xa0\x80\xed\xb0": `"` + "\uFFFD" + `\ud800` + "\uFFFD" + `"`,
	} {
		if got := string(AppendString(nil, in)); got != want {
			t.Errorf("AppendString(%q) = %s, want %s", in, got, want)
		}
	}
}

// Marshal writes what encoding/json writes, indented two spaces, with
// '<', '>' and '&' kept as they are and a final newline; a value
// encoding/json cannot write is an error and no output.
func TestMarshal(t *testing.T) {
	got, err := Marshal(map[string]any{"b": []int{1, 2}, "a": "<x & y>", "e": map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"a\": \"<x & y>\",\n  \"b\": [\n    1,\n    2\n  ],\n  \"e\": {}\n}\n"
	if string(got) != want {
		t.Errorf("Marshal = %q, want %q", got, want)
	}
	out, err := Marshal(math.Inf(1))
	var unsupported *json.UnsupportedValueError
	if !errors.As(err, &unsupported) || out != nil {
		t.Errorf("Marshal(+Inf) = %q, %v; want nil and an UnsupportedValueError", out, err)
	}
}

// Text before the first invalid byte is copied whole, whatever the widths
// of its characters, and a lone surrogate after such text is escaped:
// AppendString(s) is JSON.stringify's output for the string s means, and
// always valid UTF-8.
func TestAppendStringAfterCharactersOfSeveralWidths(t *testing.T) {
	for in, want := range map[string]string{
		"aé\xff":          `"aé` + "\uFFFD" + `"`,
		"😀é\xffz":         `"😀é` + "\uFFFD" + `z"`,
		"xé\xed\xa0\x80":  `"xé\ud800"`,
		"€a\xed\xbf\xbf!": `"€a\udfff!"`,
	} {
		got := AppendString(nil, in)
		if string(got) != want || !utf8.Valid(got) {
			t.Errorf("AppendString(%q) = %q, want %q", in, got, want)
		}
	}
}

// A literal that is no JSON number is written back as it is, however long:
// a literal past the length parseNumber rewrites is no more a number for
// being long (a garbled exponent, a missing integer part, a sign twice).
func TestAppendJSNumberKeepsWhatIsNoNumber(t *testing.T) {
	zeros := strings.Repeat("0", 800)
	for _, lit := range []string{
		"e5", "e" + strings.Repeat("5", 801),
		"1e+x1", "1" + zeros + "e+x1",
		"1ex", "1" + zeros + "ex",
		"1.5.3", "1.5" + zeros + ".3",
		"--1", "--1" + zeros,
		"1e", "1" + zeros + "e",
		"1x", "1" + zeros + "x",
	} {
		if got := string(AppendJSNumber(nil, lit)); got != lit {
			t.Errorf("AppendJSNumber(%.20s… %d bytes) = %.20s… %d bytes, want it unchanged", lit, len(lit), got, len(got))
		}
		if _, err := parseNumber(lit); !errors.Is(err, strconv.ErrSyntax) {
			t.Errorf("parseNumber(%.20s… %d bytes): %v, want a syntax error", lit, len(lit), err)
		}
	}
}
