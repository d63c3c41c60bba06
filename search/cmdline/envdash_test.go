package cmdline

import "testing"

// TestMatchCommandEnvDash: env's lone "-" is -i (an empty environment,
// GNU env(1)), after which its assignments and command follow: "env -
// PATH=/usr/bin git push -f origin" pushes, and matched nothing, "-"
// read as the command env runs (review).
func TestMatchCommandEnvDash(t *testing.T) {
	mt := Compile([]Card{{ID: "push", Replaces: []string{"git push -f *"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"env - git push -f origin", []string{"push"}},
		{"env - PATH=/usr/bin git push -f origin", []string{"push"}},
		{"env -i git push -f origin", []string{"push"}},
		{"sudo - git push -f origin", nil}, // sudo runs no "-"
		{"env -- - git push -f origin", []string{"push"}},
		{"env - -- git push -f origin", nil}, // GNU env runs "--"
		{"env - - git push -f origin", nil},  // and here "-"
		{"env --", nil},
		{"env A=1 - git push -f origin", nil}, // GNU env runs "-"
	})
}
