package cmdline

import "testing"

// TestMatchCommandRunnerGluedOptionM17: a runner's own option given its
// value in the same word ("npm --color=always exec cmd") is split into the
// option and a glued value, and the value is passed as one word, whether
// or not the runner's option is one it knows (preLong): the command after
// the sub is still found. Reading back from the value to the option
// before it, an option outside preLong (npm's --color) came back to the
// value again and never ended. Without the sub the runner runs nothing.
// Checked with npm 10 on this machine: "npm --color=always exec echo hi"
// and "npm --color=always exec -- echo hi" print hi, "npm --color=always
// echo hi" is an unknown command.
func TestMatchCommandRunnerGluedOptionM17(t *testing.T) {
	mt := Compile([]Card{{ID: "force", Replaces: []string{"git push --force"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"npm --color=always exec git push --force", []string{"force"}},
		{"npm --color=always exec -- git push --force", []string{"force"}},
		{"npm --prefix=web --color=always x git push --force", []string{"force"}},
		{"uv --color=never run git push --force", []string{"force"}},
		{"npm --color=always git push --force", nil},
	})
}
