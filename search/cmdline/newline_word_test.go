package cmdline

import "testing"

// TestMatchCommandWordHoldingNewline: a quoted word may hold a line end
// (a commit message of several lines, as agents write them: "git commit
// -m 'feat: x⏎⏎body'"), which a star or a placeholder of the pattern
// matches as any other character, as a shell glob does: the token's
// regexp read "." as no newline, so no pattern with a star or a
// placeholder there matched such a message.
func TestMatchCommandWordHoldingNewline(t *testing.T) {
	mt := Compile([]Card{
		{ID: "commit", Replaces: []string{"git commit -m *"}},
		{ID: "msg", Replaces: []string{"git tag -a <tag> -m <msg>"}},
		{ID: "feat", Replaces: []string{"git commit -m feat*"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"git commit -m 'feat: x\n\nbody'", []string{"feat", "commit"}},
		{"git commit -m \"fix: y\nmore\"", []string{"commit"}},
		{"git tag -a v1 -m 'Release\n\nNotes'", []string{"msg"}},
		{"git commit -m x\necho feat", []string{"commit"}},
	})
}
