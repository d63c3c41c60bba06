package ojson

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestMend: each slip Mended mends is mended to the text meant, with
// every byte where it was (so the value's offsets, and the line:column of
// each, are the text's as written): written over in place, or, for a ','
// with no blank to write it over, read where it is missing; the errors it
// does not mend leave the text alone.
func TestMend(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      string // the mended text; "" for none
		read      int    // where a ',' is read though not written; -1 for none
	}{
		{"missing comma between members", "{\n  \"a\": 1\n  \"b\": 2\n}", "{\n  \"a\": 1\n, \"b\": 2\n}", -1},
		{"missing comma on one line", `{"a": 1 "b": 2}`, `{"a": 1,"b": 2}`, -1},
		{"missing comma between items", "[\"x\"\t\"y\"]", `["x","y"]`, -1},
		{"missing comma after an object", `[{} {}]`, `[{},{}]`, -1},
		{"missing comma over the CR of a CRLF", "{\"a\": 1\r\n\"b\": 2}", "{\"a\": 1,\n\"b\": 2}", -1},
		{"trailing comma in an object", "{\"a\": 1,\n}", "{\"a\": 1 \n}", -1},
		{"trailing comma in an array", `[1, 2, ]`, `[1, 2  ]`, -1},
		{"file cut short", "{\"a\": [1, {\"b\": 2}", "{\"a\": [1, {\"b\": 2}]}", -1},
		{"file cut short after blanks", "{\"a\": 1\n\n", "{\"a\": 1\n\n}", -1},
		{"two commas in an array", `[1,,2]`, `[1, 2]`, -1},
		{"two commas in an object", "{\"a\": 1,\n,\"b\": 2}", "{\"a\": 1,\n \"b\": 2}", -1},
		{"two commas, then a blank", `{"a": 1,, "b": 2}`, `{"a": 1,  "b": 2}`, -1},

		// A ',' with no blank to write it over, read where it is missing.
		{"missing comma with no blank", `{"a":1"b":2}`, `{"a":1"b":2}`, 6},
		{"missing comma between objects", `[{}{"a":1}]`, `[{}{"a":1}]`, 3},
		{"missing comma after an array", `[[1]"x"]`, `[[1]"x"]`, 4},
		{"missing comma across a bare LF", "{\"a\": 1\n\"b\": 2}", "{\"a\": 1\n\"b\": 2}", 7},
		{"missing comma across a lone CR", "{\"a\": 1\r\"b\": 2}", "{\"a\": 1\r\"b\": 2}", 7},

		// Not mended: a slip one edit does not surely mend.
		{"cut short after a comma", `{"a": 1,`, "", -1},
		{"cut short after a key", `{"a"`, "", -1},
		{"cut short in a string", `{"a": "b`, "", -1},
		{"comment", `{"a": 1 // one` + "\n}", "", -1},
		{"a leading comma", `[,1]`, "", -1},
		{"a leading comma twice", `[,,1]`, "", -1},
		{"single quotes", `{'a': 1}`, "", -1},
		{"text after the value", `{} x`, "", -1},
		{"a word after a member", `{"a": 1 x}`, "", -1},
		{"a word after an item, then the end", `[1 x`, "", -1},
		{"empty file", "  ", "", -1},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := []byte(c.src)
			_, errs := Parse(src)
			if len(errs) == 0 || !errs[0].Fatal() {
				t.Fatalf("Parse(%q) = %v, want a syntax error", c.src, errs)
			}
			m := Mended{Text: bytes.Clone(src)}
			ok := m.Mend(errs[0])
			if c.want == "" {
				if ok || !bytes.Equal(m.Text, src) || len(m.commas) != 0 {
					t.Fatalf("Mend = %v, text %q, ',' read at %v; want false, the text unchanged (%s)", ok, m.Text, m.commas, errs[0].Msg)
				}
				return
			}
			var wantRead []int
			if c.read >= 0 {
				wantRead = []int{c.read}
			}
			if !ok || string(m.Text) != c.want || !slices.Equal(m.commas, wantRead) {
				t.Fatalf("Mend = %v, text %q, ',' read at %v; want true, %q, %v (%s)", ok, m.Text, m.commas, c.want, wantRead, errs[0].Msg)
			}
			got := m.Text
			v, errs := m.Parse()
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

// TestMendedReadsTheCommaOnce: a ',' read where it is missing is read at
// that place alone: the slip it mends is mended once (a second Mend of it
// says false), a parse without it stops there as before, and a later
// slip of the same text is found and mended after it, the ','s read in
// the order of the text.
func TestMendedReadsTheCommaOnce(t *testing.T) {
	src := []byte("[1\n2\n3]")
	_, errs := Parse(src)
	m := Mended{Text: bytes.Clone(src)}
	if !m.Mend(errs[0]) || m.Mend(errs[0]) {
		t.Fatalf("the slip at 2 mends twice, or never: ',' read at %v", m.commas)
	}
	if _, again := Parse(m.Text); len(again) == 0 || again[0].Off != errs[0].Off {
		t.Errorf("Parse of the text read mended = %v, want the slip at %d: Mended wrote to it", again, errs[0].Off)
	}
	v, errs := m.Parse()
	if len(errs) != 1 || errs[0].Off != 5 || !m.Mend(errs[0]) {
		t.Fatalf("the second slip: %v", errs)
	}
	if v, errs = m.ParseShared(); len(errs) != 0 || len(v.Items) != 3 || v.Items[2].Off != 5 || !slices.Equal(m.commas, []int{2, 4}) {
		t.Errorf("ParseShared read mended = %v, %v (',' read at %v); want [1, 2, 3] with 3 at 5", v, errs, m.commas)
	}
	if got, ok := (Error{mendAt: 1, mendText: ",", commaRead: true}).Mend([]byte("[1]")); ok || string(got) != "[1]" {
		t.Errorf("Error.Mend of a ',' read, not written, mends to %q, %v", got, ok)
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
// taken out (alone, and with the blanks after it, so that no blank is left
// to write it over), each ',' doubled, each trailing ',' put in after a
// value before a close, and the file cut short after its last value, where
// Mended mends the slip, gives the document as it was: the mend is the one
// edit the slip undoes, and no other document.
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
	mended := map[string]int{}
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
		try := func(slip []byte, kind string, at int) {
			_, errs := Parse(slip)
			if len(errs) == 0 || !errs[0].Fatal() {
				return // a ',' inside a string
			}
			m := Mended{Text: bytes.Clone(slip)}
			if !m.Mend(errs[0]) {
				return
			}
			mended[kind]++
			got, errs := m.Parse()
			if len(errs) != 0 {
				t.Errorf("%s, %s at %d: the mended text does not parse: %v", file, kind, at, errs)
				return
			}
			if !bytes.Equal(Encode(&got, "  "), wantText) {
				t.Errorf("%s, %s at %d: mended to another document:\n%s (',' read at %v)", file, kind, at, m.Text, m.commas)
			}
		}
		for i, c := range src {
			if c != ',' {
				continue
			}
			try(slices.Concat(src[:i], src[i+1:]), "a ',' taken out", i)
			next := i + 1 + len(src[i+1:]) - len(bytes.TrimLeft(src[i+1:], " \t\r\n"))
			try(slices.Concat(src[:i], src[next:]), "a ',' and the blanks after it taken out", i)
			try(slices.Concat(src[:i], []byte(","), src[i:]), "a ',' doubled", i)
		}
		for i, c := range src {
			if c == ']' || c == '}' {
				try(slices.Concat(src[:i], []byte(","), src[i:]), "a ',' put in", i)
			}
		}
		end := bytes.LastIndexAny(src, "]}")
		try(src[:end], "cut short before its last close", end)
	}
	for _, kind := range []string{"a ',' taken out", "a ',' and the blanks after it taken out", "a ',' doubled", "a ',' put in"} {
		if mended[kind] < 100 {
			t.Errorf("%d slips of %s mended in %d files: the test reads too little", mended[kind], kind, len(files))
		}
	}
	t.Logf("slips mended in %d files: %v", len(files), mended)
}

// FuzzMend: on any text, Mended never panics, writes only its edit (a ','
// over a blank, a blank over a ',', closes appended, each byte it keeps
// where it was), reads a ',' only right after a value that a value
// follows past blanks alone, and a text mended again in turn, as
// validate's mendDoc does, ends: no byte is written over twice and no
// ',' read twice, so no edit is undone by another.
func FuzzMend(f *testing.F) {
	for _, s := range []string{"[1 2]", "{\"a\": 1,\n}", "{\"a\": [1, {\"b\": 2}", "{\"a\": 1\r\n\"b\": 2}", "[1 2 3 4,]", "{\"a\":{\"b\":[1 2",
		"[1,,2]", "{\"a\":1\"b\":2}", "[{}{}]", "[[1]\n\"x\"]", "[1,,]", "[true,,false\nnull]"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		m := Mended{Text: bytes.Clone(src)}
		edited := map[int]bool{}
		for range 2*len(src) + 8 {
			_, errs := m.Parse()
			i := slices.IndexFunc(errs, Error.Fatal)
			if i < 0 {
				return
			}
			before, reads := bytes.Clone(m.Text), len(m.commas)
			if !m.Mend(errs[i]) {
				if !bytes.Equal(m.Text, before) || len(m.commas) != reads {
					t.Fatalf("Mend of %q changed it to %q (',' read at %v) and said false", before, m.Text, m.commas)
				}
				return
			}
			got := m.Text
			if len(got) < len(before) {
				t.Fatalf("Mend of %q shortened it to %q", before, got)
			}
			for j := range before {
				if b, g := before[j], got[j]; b != g {
					if !(g == ',' && (b == ' ' || b == '\t' || b == '\r') || g == ' ' && b == ',') {
						t.Fatalf("Mend of %q wrote %q over %q at %d: %q", before, g, b, j, got)
					}
					if edited[j] {
						t.Fatalf("Mend of %q wrote over %d again: %q", before, j, got)
					}
					edited[j] = true
				}
			}
			for _, c := range got[len(before):] {
				if c != ']' && c != '}' {
					t.Fatalf("Mend of %q appended %q: %q", before, c, got)
				}
			}
			if len(m.commas) > reads {
				o := errs[i].mendAt
				if len(m.commas) != reads+1 || !bytes.Equal(got, before) || !slices.Contains(m.commas, o) {
					t.Fatalf("Mend of %q read a ',' at %v, and wrote %q", before, m.commas, got)
				}
				if o == 0 {
					t.Fatalf("Mend of %q read a ',' at 0", got)
				}
				if c := got[o-1]; c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',' || !startsValue(bytes.TrimLeft(got[o:], " \t\r\n")) {
					t.Fatalf("Mend of %q read a ',' at %d, not between two values", got, o)
				}
			}
		}
		t.Fatalf("%q still mends after %d mends: %q (',' read at %v)", src, 2*len(src)+8, m.Text, m.commas)
	})
}
