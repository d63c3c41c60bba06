package cmdline

import "testing"

// TestDockerGroupAfterGluedOptionM17: a docker pattern that names a
// subcommand by its group ("container rm") after a global option given
// its value in the same word ("--context=prod", split into the option
// and a glued value) still gets the subcommand's other names, so that it
// matches "docker --context=prod rm -f web" as docker reads it: the word
// before the group being a glued value, not a plain word, must not stop
// the group's next word from being read as its subcommand. Checked with
// docker 28 on this machine: "docker container rm --help" lists the
// aliases "docker container rm, docker container remove, docker rm".
func TestDockerGroupAfterGluedOptionM17(t *testing.T) {
	mt := Compile([]Card{{ID: "rm", Replaces: []string{"docker --context=prod container rm -f *"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"docker --context=prod container rm -f web", []string{"rm"}},
		{"docker --context=prod rm -f web", []string{"rm"}},
		{"docker --context=prod container remove -f web", []string{"rm"}},
		{"docker --context=prod container stop web", nil},
	})
}

// TestSpellingM17: spelling gives the short option's word for a letter
// of shortOptions' range and the word as written for 0 or a byte past
// it, which has no word there (shortOptions holds 128): a byte of 128 or
// more must read as text, not index past the table.
func TestSpellingM17(t *testing.T) {
	for _, tt := range []struct {
		spelled byte
		text    string
		want    string
	}{
		{0, "--force", "--force"},
		{'f', "--force", "-f"},
		{'R', "--recursive", "-R"},
		{127, "x", "-\x7f"},
		{128, "--force", "--force"},
		{255, "--force", "--force"},
	} {
		if got := spelling(tt.spelled, tt.text); got != tt.want {
			t.Errorf("spelling(%d, %q) = %q, want %q", tt.spelled, tt.text, got, tt.want)
		}
	}
}
