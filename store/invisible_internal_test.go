package store

import (
	"strings"
	"testing"
)

// TestInvisibleNote: a diff whose "-" and "+" lines look the same on a
// terminal, differing only in white space at the line's end, in the
// file's final newline, or inside the line by a character that prints as
// nothing, a Unicode space for a space or a tab for spaces, is told by
// line and kind, and column and code point (gen --check prints it under
// the diff); lines that differ to the eye, and a CRLF checkout's carriage
// returns, which are not compared, are not.
func TestInvisibleNote(t *testing.T) {
	const gen = "{\n  \"a\": 1,\n  \"b\": 2\n}\n"
	for _, tt := range []struct {
		name, committed string
		want            string // the note; "" for none
	}{
		{"trailing spaces", "{\n  \"a\": 1,  \n  \"b\": 2\n}\n",
			`lines that look alike in the diff differ in what a terminal does not show: line 2 ends in 2 spaces, which the generated line has not (trailing white space: delete it)`},
		{"a trailing tab and space", "{\n  \"a\": 1,\n  \"b\": 2\t \n}\n", `line 3 ends in a tab and a space, which the generated line has not`},
		{"no final newline", "{\n  \"a\": 1,\n  \"b\": 2\n}",
			`line 4 is the file's last and has no newline at its end, which the generated file has`},
		{"both at the last line", "{\n  \"a\": 1,\n  \"b\": 2\n} ",
			`line 4 ends in a space, which the generated line has not (trailing white space: delete it), and is the file's last and has no newline at its end`},
		{"crlf checkout, trailing space", "{\r\n  \"a\": 1, \r\n  \"b\": 2\r\n}\r\n", `line 2 ends in a space, which`},
		{"crlf checkout, no final newline", "{\r\n  \"a\": 1,\r\n  \"b\": 2\r\n}", `line 4 is the file's last and has no newline`},
		{"a visible change", "{\n  \"a\": 3,\n  \"b\": 2\n}\n", ""},
		{"a visible change and trailing space", "{\n  \"a\": 3, \n  \"b\": 2\n}\n", ""},
		{"an extra line of spaces", "{\n  \"a\": 1,\n   \n  \"b\": 2\n}\n", ""},
		// Inside a line: a character for another that prints alike, or one
		// that prints as nothing, named by column and code point.
		{"a no-break space", "{\n \u00a0\"a\": 1,\n  \"b\": 2\n}\n",
			`line 2 holds a no-break space (U+00A0) at column 2 where the generated line has a space (U+0020)`},
		{"a tab for spaces", "{\n\t\"a\": 1,\n  \"b\": 2\n}\n",
			`line 2 holds a tab (U+0009) at column 1 where the generated line has 2 spaces (U+0020)`},
		{"spaces for a tab, after a space", "{\n  \"a\": 1,\n  \"b\":\t2\n}\n",
			`line 3 holds a tab (U+0009) at column 7 where the generated line has a space (U+0020)`},
		{"a zero width space", "{\n  \"a\u200b\": 1,\n  \"b\": 2\n}\n",
			`line 2 holds a zero width space (U+200B) at column 5, which the generated line has not`},
		{"a byte order mark, and a no-break space at the end", "{\n  \"a\": 1,\ufeff\u00a0\n  \"b\": 2\n}\n",
			`line 2 holds a zero width no-break space (U+FEFF) at column 10, which the generated line has not (and 1 more such place in the line)`},
		{"a no-break space and trailing spaces", "{\n  \"a\":\u00a01,  \n  \"b\": 2\n}\n",
			`line 2 holds a no-break space (U+00A0) at column 7 where the generated line has a space (U+0020), and ends in 2 spaces, which the generated line has not`},
		{"a crlf checkout's no-break space", "{\r\n  \"a\":\u00a01,\r\n  \"b\": 2\r\n}\r\n", `line 2 holds a no-break space (U+00A0) at column 7 where`},
		{"another character of no name", "{\n  \"a\u2062\": 1,\n  \"b\": 2\n}\n", `line 2 holds a character (U+2062) at column 5`},
		// A format character that prints (the Arabic number sign, a
		// prepended concatenation mark) is a change to the eye.
		{"a format character that prints", "{\n  \"a\u0600\": 1,\n  \"b\": 2\n}\n", ""},
		{"a tab and a space for two spaces", "{\n\t \"a\": 1,\n  \"b\": 2\n}\n",
			`line 2 holds a tab (U+0009) at column 1 where the generated line has a space (U+0020)`},
		{"a no-break space before a space", "{\n\u00a0 \"a\": 1,\n  \"b\": 2\n}\n",
			`line 2 holds a no-break space (U+00A0) at column 1 where the generated line has a space (U+0020)`},
		{"four spaces for two", "{\n    \"a\": 1,\n  \"b\": 2\n}\n", ""},
		{"a visible change and a no-break space", "{\n  \"a\":\u00a03,\n  \"b\": 2\n}\n", ""},
		// Bytes that are no UTF-8, which a terminal shows as the
		// replacement character or hides, named by column and value.
		{"a stray byte", "{\n  \"a\": 1,\xff\n  \"b\": 2\n}\n",
			`line 2 holds the byte 0xFF (no UTF-8) at column 10, which the generated line has not`},
		{"a stray byte and trailing spaces", "{\n  \"a\":\xff 1,  \n  \"b\": 2\n}\n",
			`line 2 holds the byte 0xFF (no UTF-8) at column 7, which the generated line has not, and ends in 2 spaces, which the generated line has not`},
		{"a stray byte and a visible change", "{\n  \"a\":\xff 3,\n  \"b\": 2\n}\n", ""},
		{"a stray byte before a digit", "{\n  \"a\": \xff1,\n  \"b\": 2\n}\n",
			`line 2 holds the byte 0xFF (no UTF-8) at column 8, which the generated line has not`},
		// Named by the committed file's line, which a line deleted before
		// it shifts from the generated file's.
		{"a line deleted before", "{\n  \"z\": 0,\n  \"a\": 1,\n  \"b\": 2 \n}\n", `: line 4 ends in a space, which`},
		{"a line added before", "  \"a\": 1,\n  \"b\": 2 \n}\n", `: line 2 ends in a space, which`},
		// In one block, a line added or removed beside the look-alike one:
		// each removed line is paired with the first added one like it.
		{"a line added in the block before it", "{\n  \"b\": 2 \n}\n", `: line 2 ends in a space, which`},
		{"a line removed in the block before it", "{\n  \"z\": 0,\n  \"y\": 0,\n  \"a\": 1, \n  \"b\": 2\n}\n", `: line 4 ends in a space, which`},
		{"four lines, three named", "{ \n  \"a\": 1, \n  \"b\": 2 \n} \n", `line 3 ends in a space, which the generated line has not (trailing white space: delete it); and 1 more line`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := []byte(tt.committed)
			diff, got := artifactDiff("f", c, withoutCR(c), []byte(gen))
			if diff == "" {
				t.Fatal("no diff")
			}
			if tt.want == "" {
				if got != "" {
					t.Errorf("note %q, want none; diff:\n%s", got, diff)
				}
				return
			}
			if !strings.Contains(got, tt.want) {
				t.Errorf("note %q\nwant it to hold %q; diff:\n%q", got, tt.want, diff)
			}
			// The diff is still a patch that turns the committed lines into the generated.
			a := diffLines(tt.committed)
			if patched := strings.ReplaceAll(strings.Join(applyUnified(t, a, diff), ""), "\r", ""); patched != gen {
				t.Errorf("the diff applied gives %q, want %q", patched, gen)
			}
		})
	}
}

// TestInvisiblesNoteCountsTheLinesLeftOut: the lines past the three named
// are counted, "line" for one and "lines" for more.
func TestInvisiblesNoteCountsTheLinesLeftOut(t *testing.T) {
	var u invisibles
	removed := []string{"a \n", "b \n", "c \n", "d \n", "e \n"}
	added := []string{"a\n", "b\n", "c\n", "d\n", "e\n"}
	u.replaced(0, removed[:4], added[:4])
	if got := u.note(); !strings.HasSuffix(got, "line 3 ends in a space, which the generated line has not (trailing white space: delete it); and 1 more line") {
		t.Errorf("four lines: note %q", got)
	}
	u.replaced(10, removed[4:], added[4:])
	if got := u.note(); !strings.HasSuffix(got, "; and 2 more lines") {
		t.Errorf("five lines: note %q", got)
	}
}

// TestInvisibleDiffNamesBytesOfNoUTF8: bytes that are no UTF-8 in the
// committed line, a terminal's replacement character or nothing, are
// named by their values and column (in characters, each such byte one),
// and what the generated line has in their place: a character they are
// the Latin-1 code of, another beyond ASCII, the replacement character
// itself, other such bytes, or nothing; lines that differ to the eye
// besides are named by nothing.
func TestInvisibleDiffNamesBytesOfNoUTF8(t *testing.T) {
	for _, tt := range []struct{ c, g, want string }{
		{"caf\xe9 au lait\n", "café au lait\n", "holds the byte 0xE9 (no UTF-8) at column 4 where the generated line has a character (U+00E9), of which 0xE9 is the Latin-1 code (write the file as UTF-8)"},
		{"\xe9t\xe9\n", "été\n", "holds the byte 0xE9 (no UTF-8) at column 1 where the generated line has a character (U+00E9), of which 0xE9 is the Latin-1 code (write the file as UTF-8) (and 1 more such place in the line)"},
		{"args\x85]\n", "args…]\n", "holds the byte 0x85 (no UTF-8) at column 5 where the generated line has a character (U+2026)"},
		{"a\xffb\n", "a\ufffdb\n", "holds the byte 0xFF (no UTF-8) at column 2 where the generated line has a replacement character (U+FFFD)"},
		{"a\xe2\x80b\n", "a\u2026b\n", "holds the bytes 0xE2 0x80 (no UTF-8) at column 2 where the generated line has a character (U+2026)"},
		{"a\xffb\n", "a\xfeb\n", "holds the byte 0xFF (no UTF-8) at column 2 where the generated line has the byte 0xFE (no UTF-8)"},
		{"ab\xff\xfe\n", "ab\n", "holds the bytes 0xFF 0xFE (no UTF-8) at column 3, which the generated line has not"},
		{"\u00e9\xffb\n", "\u00e9b\n", "holds the byte 0xFF (no UTF-8) at column 2, which the generated line has not"},
		{"a\u00e9b\n", "a\xe9b\n", "holds a character (U+00E9) at column 2 where the generated line has the byte 0xE9 (no UTF-8)"},
		{"ab\n", "a\xffb\n", "lacks at column 2 the byte 0xFF (no UTF-8) the generated line has"},
		{"a\u200b\xffb\n", "a\u200bb\n", "holds the byte 0xFF (no UTF-8) at column 3, which the generated line has not"},
		{"\xff\xff\xff\xff\xff\xff\xff\xff\xff\n", "\n", "holds the bytes 0xFF 0xFF 0xFF 0xFF 0xFF 0xFF 0xFF 0xFF … (no UTF-8) at column 1, which the generated line has not"},
		{"a\xffb\n", "a\xffb  \n", "lacks 2 spaces the generated line ends in"},
		{"ab\n", "ab \n", "lacks a space the generated line ends in"},
		{"ab\n", "a\u200bb\n", "lacks at column 2 a zero width space (U+200B) the generated line has"},
		{"a\xe9b\n", "aéeb\n", ""}, // a character more than bytes
		{"a\xe9b\n", "axb\n", ""},  // ASCII, which is shown as it is
		{"a\xe9 b\n", "a\u00a0b\n", "holds the byte 0xE9 (no UTF-8) at column 2, which the generated line has not (and 1 more such place in the line)"}, // not for a blank: hidden
		{"caf\xe9 au lait\n", "café au lai\n", ""},
		{"\xff\xfex\n", "\xfd\u00e9x\n", ""}, // a run of two bytes is one place, matched by one byte there, not a byte and a character
		{"\xff\u00e9x\n", "\xfex\n", ""},     // a byte for a byte, and a character more
		{"a\xe9b\n", "a\u00e9\u00e9b\n", ""}, // a byte for two characters
	} {
		if got := invisibleDiff(tt.c, tt.g); got != tt.want {
			t.Errorf("invisibleDiff(%q, %q) = %q, want %q", tt.c, tt.g, got, tt.want)
		}
	}
}

// TestInvisibleDiffNamesWhatDiffers: what the lines both hold (a zero
// width character, a no-break space) is passed, and counted in the
// column; spaces for a tab the generated line has, a tab beside one, and
// one Unicode space for another are named by code point.
func TestInvisibleDiffNamesWhatDiffers(t *testing.T) {
	for _, tt := range []struct{ c, g, want string }{
		{"a\u200bb\u00a0c\n", "a\u200bb c\n", "holds a no-break space (U+00A0) at column 4 where the generated line has a space (U+0020)"},
		{"a\u00a0b\u00a0c\n", "a\u00a0b c\n", "holds a no-break space (U+00A0) at column 4 where the generated line has a space (U+0020)"},
		{"a  b\n", "a\tb\n", "holds 2 spaces (U+0020) at column 2 where the generated line has a tab (U+0009)"},
		{"a \tb\n", "a b\n", "holds a tab (U+0009) at column 3, which the generated line has not"},
		{"a\u00a0\t\u2009b\n", "a b\n", "holds a no-break space (U+00A0), a tab (U+0009) and a thin space (U+2009) at column 2 where the generated line has a space (U+0020)"},
		{"a\u2009b\n", "a\u202fb\n", "holds a thin space (U+2009) at column 2 where the generated line has a narrow no-break space (U+202F)"},
	} {
		if got := invisibleDiff(tt.c, tt.g); got != tt.want {
			t.Errorf("invisibleDiff(%q, %q) = %q, want %q", tt.c, tt.g, got, tt.want)
		}
	}
}
