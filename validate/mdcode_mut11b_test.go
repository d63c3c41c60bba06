package validate

import "testing"

// mo11Quoted is a paragraph that quotes a loop point after pre, a run of
// backslashes, and a backtick; the marker proper follows it.
func mo11Quoted(pre string) string {
	return "Write " + pre + "`<loop-point id=\"x:quoted\"/>` to add one.\n\n" + mc11Tags
}

// A backslash escapes the next character, a backslash too: after an odd
// number of them a backtick is literal and the tag after it is read, after
// an even number it opens a code span that quotes the tag. Each case is
// what commonmark.js renders.
func TestBackslashesBeforeABacktick(t *testing.T) {
	quoted := []string{"x:quoted", "plan:pre"}
	mc11Run(t, []mc11Case{
		{"no backslash", mo11Quoted(""), mc11Plan, nil},
		{"one: the backtick is literal", mo11Quoted(`\`), quoted, nil},
		{"two: a literal backslash, then code", mo11Quoted(`\\`), mc11Plan, nil},
		{"three: literal backslash and backtick", mo11Quoted(`\\\`), quoted, nil},
		{"four: two literal backslashes, then code", mo11Quoted(`\\\\`), mc11Plan, nil},
		{"two at the paragraph's start", "\\\\`<loop-point id=\"x:quoted\"/>`\n\n" + mc11Tags, mc11Plan, nil},
		// Inside a code span a backslash is literal: the span ends at the
		// first backtick after it, and the tag after that is read.
		{"a backslash ends a span's text", "`a\\`<loop-point id=\"x:quoted\"/>`\n\n" + mc11Tags, quoted, nil},
	})
}
