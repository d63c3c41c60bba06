package ojson

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestMend: each slip Mend mends is mended to the text meant, with every
// byte where it was (so the value's offsets, and the line:column of each,
// are the text's as written), and the errors it does not mend leave the
// text alone.
func TestMend(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      string // the mended text; "" for none
	}{
		{"missing comma between members", "{\n  \"a\": 1\n  \"b\": 2\n}", "{\n  \"a\": 1\n, \"b\": 2\n}"},
		{"missing comma on one line", `{"a": 1 "b": 2}`, `{"a": 1,"b": 2}`},
		{"missing comma between items", "[\"x\"\t\"y\"]", `["x","y"]`},
		{"missing comma after an object", `[{} {}]`, `[{},{}]`},
		{"missing comma over the CR of a CRLF", "{\"a\": 1\r\n\"b\": 2}", "{\"a\": 1,\n\"b\": 2}"},
		{"trailing comma in an object", "{\"a\": 1,\n}", "{\"a\": 1 \n}"},
		{"trailing comma in an array", `[1, 2, ]`, `[1, 2  ]`},
		{"file cut short", "{\"a\": [1, {\"b\": 2}", "{\"a\": [1, {\"b\": 2}]}"},
		{"file cut short after blanks", "{\"a\": 1\n\n", "{\"a\": 1\n\n}"},

		// Not mended: no blank to write a ',' over without moving a
		// line or column, or a slip one edit does not surely mend.
		{"missing comma with no blank", `{"a":1"b":2}`, ""},
		{"missing comma across a bare LF", "{\"a\": 1\n\"b\": 2}", ""},
		{"missing comma across a lone CR", "{\"a\": 1\r\"b\": 2}", ""},
		{"cut short after a comma", `{"a": 1,`, ""},
		{"cut short after a key", `{"a"`, ""},
		{"cut short in a string", `{"a": "b`, ""},
		{"comment", `{"a": 1 // one` + "\n}", ""},
		{"two commas", `[1,,2]`, ""},
		{"single quotes", `{'a': 1}`, ""},
		{"text after the value", `{} x`, ""},
		{"a word after a member", `{"a": 1 x}`, ""},
		{"a word after an item, then the end", `[1 x`, ""},
		{"empty file", "  ", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := []byte(c.src)
			_, errs := Parse(src)
			if len(errs) == 0 || !errs[0].Fatal() {
				t.Fatalf("Parse(%q) = %v, want a syntax error", c.src, errs)
			}
			text := bytes.Clone(src)
			got, ok := errs[0].Mend(text)
			if c.want == "" {
				if ok || !bytes.Equal(got, src) {
					t.Fatalf("Mend = %q, %v; want the text unchanged, false (%s)", got, ok, errs[0].Msg)
				}
				return
			}
			if !ok || string(got) != c.want {
				t.Fatalf("Mend = %q, %v; want %q, true (%s)", got, ok, c.want, errs[0].Msg)
			}
			v, errs := Parse(got)
			if len(errs) != 0 {
				t.Fatalf("the mended text does not parse: %v", errs)
			}
			// Each value is where it is in the text as written: its
			// offset starts the same token there, on the same line and
			// column (a byte written over is one character for one).
			var walk func(v *Value)
			walk = func(v *Value) {
				if src[v.Off] != got[v.Off] {
					t.Errorf("value at %d starts with %q, in the text as written %q", v.Off, got[v.Off], src[v.Off])
				}
				l1, c1 := Position(src, v.Off)
				if l2, c2 := Position(got, v.Off); l1 != l2 || c1 != c2 {
					t.Errorf("value at %d is at %d:%d mended, %d:%d as written", v.Off, l2, c2, l1, c1)
				}
				for i := range v.Members {
					if k := v.Members[i].KeyOff; src[k] != '"' {
						t.Errorf("key at %d is %q as written", k, src[k])
					}
					walk(&v.Members[i].Value)
				}
				for i := range v.Items {
					walk(&v.Items[i])
				}
			}
			walk(&v)
		})
	}
}

// TestMendWritesOnlyItsEdit: Mend writes its edit alone, to the text it
// is given (a caller mends a copy), and an error of another kind mends
// nothing.
func TestMendWritesOnlyItsEdit(t *testing.T) {
	src := []byte("[1 2]")
	_, errs := Parse(src)
	text := []byte("[1 2]")
	if got, ok := errs[0].Mend(text); !ok || &got[0] != &text[0] || string(text) != "[1,2]" || string(src) != "[1 2]" {
		t.Errorf("Mend = %q, %v (text %q, src %q); want [1,2] written over text alone", got, ok, text, src)
	}
	_, errs = Parse([]byte(`{"a": 1, "a": 2}`))
	if got, ok := errs[0].Mend([]byte("xx")); ok || string(got) != "xx" {
		t.Errorf("a duplicate key mends to %q, %v", got, ok)
	}
	if got, ok := (Error{mendAt: 5, mendText: ","}).Mend([]byte("[1]")); ok || string(got) != "[1]" {
		t.Errorf("an edit past the text's end mends to %q, %v", got, ok)
	}
}

// TestMendGivesTheTextMeant: in every JSON file under testdata, each ','
// taken out, each trailing ',' put in after a value before a close, and the
// file cut short after its last value, where Mend mends the slip, gives
// the document as it was: the mend is the one edit the slip undoes, and
// no other document.
func TestMendGivesTheTextMeant(t *testing.T) {
	var files []string
	err := filepath.WalkDir("../../testdata", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".json") {
			files = append(files, path)
		}
		return err
	})
	if err != nil || len(files) == 0 {
		t.Fatalf("no JSON files under testdata (%v)", err)
	}
	mended := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		want, errs := Parse(src)
		if len(errs) != 0 || len(src) > 8<<10 {
			continue // a file broken on purpose, or one too large to edit at each comma
		}
		wantText := Encode(&want, "  ")
		try := func(slip []byte, what string) {
			_, errs := Parse(slip)
			if len(errs) == 0 || !errs[0].Fatal() {
				return // a ',' inside a string
			}
			text, ok := errs[0].Mend(bytes.Clone(slip))
			if !ok {
				return
			}
			mended++
			got, errs := Parse(text)
			if len(errs) != 0 {
				t.Errorf("%s, %s: the mended text does not parse: %v", file, what, errs)
				return
			}
			if !bytes.Equal(Encode(&got, "  "), wantText) {
				t.Errorf("%s, %s: mended to another document:\n%s", file, what, text)
			}
		}
		for i, c := range src {
			if c != ',' {
				continue
			}
			try(slices.Concat(src[:i], src[i+1:]), fmt.Sprintf("the ',' at %d taken out", i))
		}
		for i, c := range src {
			if c == ']' || c == '}' {
				try(slices.Concat(src[:i], []byte(","), src[i:]), fmt.Sprintf("a ',' put in at %d", i))
			}
		}
		end := bytes.LastIndexAny(src, "]}")
		try(src[:end], "cut short before its last close")
	}
	if mended < 100 {
		t.Errorf("%d slips mended in %d files: the test reads too little", mended, len(files))
	}
	t.Logf("%d slips mended in %d files", mended, len(files))
}

// FuzzMend: on any text, Mend never panics, writes only its edit (a ','
// over a blank, a blank over a ',', closes appended, each byte it keeps
// where it was), and a mended text mended again in turn, as validate's
// mendDoc does, ends: each mend is of an error whose offset is past the
// last edit's, or at it, so no slip is mended twice in place.
func FuzzMend(f *testing.F) {
	for _, s := range []string{"[1 2]", "{\"a\": 1,\n}", "{\"a\": [1, {\"b\": 2}", "{\"a\": 1\r\n\"b\": 2}", "[1 2 3 4,]", "{\"a\":{\"b\":[1 2"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		text := bytes.Clone(src)
		for range 64 {
			_, errs := Parse(text)
			i := slices.IndexFunc(errs, Error.Fatal)
			if i < 0 {
				return
			}
			before := bytes.Clone(text)
			got, ok := errs[i].Mend(text)
			if !ok {
				if !bytes.Equal(got, before) {
					t.Fatalf("Mend of %q changed the text to %q and said false", before, got)
				}
				return
			}
			if len(got) < len(before) {
				t.Fatalf("Mend of %q shortened it to %q", before, got)
			}
			for j := range before {
				if b, g := before[j], got[j]; b != g && !(g == ',' && (b == ' ' || b == '\t' || b == '\r') || g == ' ' && b == ',') {
					t.Fatalf("Mend of %q wrote %q over %q at %d: %q", before, g, b, j, got)
				}
			}
			for _, c := range got[len(before):] {
				if c != ']' && c != '}' {
					t.Fatalf("Mend of %q appended %q: %q", before, c, got)
				}
			}
			text = got
		}
		t.Fatalf("%q still mends after 64 mends: %q", src, text)
	})
}
