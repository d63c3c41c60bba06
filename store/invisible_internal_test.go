package store

import (
	"strings"
	"testing"
)

// TestInvisibleNote: a diff whose "-" and "+" lines look the same on a
// terminal, differing only in white space at the line's end or in the
// file's final newline, is told by line and kind (gen --check prints it
// under the diff); lines that differ to the eye, and a CRLF checkout's
// carriage returns, which are not compared, are not.
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
		{"four lines, three named", "{ \n  \"a\": 1, \n  \"b\": 2 \n} \n", `line 3 ends in a space, which the generated line has not (trailing white space: delete it); and 1 more line`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := []byte(tt.committed)
			diff := artifactDiff("f", c, withoutCR(c), []byte(gen))
			if diff == "" {
				t.Fatal("no diff")
			}
			got := invisibleNote(diff)
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
