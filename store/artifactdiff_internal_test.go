package store

import "testing"

// TestArtifactDiffPrintsCommittedLinesAsHeld: the lines of a committed
// artifact are compared without carriage returns but printed with them,
// so patch finds them in a CRLF checkout; added lines end as most of the
// committed file's lines do; a file whose carriage returns are not all
// within lines is printed as compared.
func TestArtifactDiffPrintsCommittedLinesAsHeld(t *testing.T) {
	const head = "--- f (committed)\n+++ f (generated)\n"
	for _, tt := range []struct {
		name, committed, want, diff string
	}{
		{"lf", "a\nb\nc\n", "a\nB\nc\n", head + "@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"},
		{"crlf", "a\r\nb\r\nc\r\n", "a\nB\nc\n", head + "@@ -1,3 +1,3 @@\n a\r\n-b\r\n+B\r\n c\r\n"},
		{"crlf without a last line end", "a\r\nb\r\nc", "a\nb\nc\n", head + "@@ -1,3 +1,3 @@\n a\r\n b\r\n-c\n\\ No newline at end of file\n+c\r\n"},
		{"mostly lf", "a\r\nb\nc\n", "a\nB\nc\n", head + "@@ -1,3 +1,3 @@\n a\r\n-b\n+B\n c\n"},
		{"a lone carriage return in a line", "a\rx\nb\n", "ax\nB\n", head + "@@ -1,2 +1,2 @@\n a\rx\n-b\n+B\n"},
		// As many lines end in CRLF as in LF: no most, added lines as generated.
		{"as many crlf as lf", "a\r\nb\n", "a\nB\n", head + "@@ -1,2 +1,2 @@\n a\r\n-b\n+B\n"},
		// The marker of an added last line without a newline is diff's, not the file's.
		{"crlf, generated without a last line end", "a\r\nb\r\n", "a\nB", head + "@@ -1,2 +1,2 @@\n a\r\n-b\r\n+B\n\\ No newline at end of file\n"},
		// Context lines are the committed file's, an LF one among CRLF ones too.
		{"an lf line in the context of a crlf file", "a\nc\r\nd\r\nb\r\n", "a\nc\nd\nB\n", head + "@@ -1,4 +1,4 @@\n a\n c\r\n d\r\n-b\r\n+B\r\n"},
		{"a carriage return after the last line end", "a\r\nb\r\n\r", "a\nB\n", head + "@@ -1,2 +1,2 @@\n a\n-b\n+B\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, _ := artifactDiff("f", []byte(tt.committed), withoutCR([]byte(tt.committed)), []byte(tt.want))
			if got != tt.diff {
				t.Errorf("artifactDiff:\n%q\nwant\n%q", got, tt.diff)
			}
		})
	}
}
