package cmdline

import (
	"slices"
	"strings"
	"testing"
)

// TestDockerNameVariantsCap: the other writings of a docker pattern
// are at most maxNameVariants, never the pattern as written, each once,
// and together about MaxLine bytes at most: a pattern of MaxLine bytes
// still gets one, one longer none.
func TestDockerNameVariantsCap(t *testing.T) {
	pat := "docker ps -aq | xargs docker stop | xargs docker rm"
	got := dockerNameVariants(pat)
	if len(got) != maxNameVariants {
		t.Errorf("%q has %d variants, want the cap %d: %q", pat, len(got), maxNameVariants, got)
	}
	if slices.Contains(got, pat) {
		t.Errorf("%q is among its own variants", pat)
	}
	if s := slices.Clone(got); len(slices.Compact(slices.Sorted(slices.Values(s)))) != len(got) {
		t.Errorf("%q has a variant twice: %q", pat, got)
	}

	long := func(n int) string {
		p := "docker rm -f web"
		return p + strings.Repeat("x", n-len(p))
	}
	for _, tt := range []struct {
		n, want int
	}{
		{MaxLine/2 + 1, 1}, // two would pass MaxLine bytes
		{MaxLine, 1},
		{MaxLine + 1, 0},
	} {
		if got := dockerNameVariants(long(tt.n)); len(got) != tt.want {
			t.Errorf("a docker rm pattern of %d bytes has %d variants, want %d", tt.n, len(got), tt.want)
		}
	}
}

// TestDockerGroupAfterGluedOption: a docker pattern that names a
// subcommand by its group ("container rm") after a global option given
// its value in the same word ("--context=prod", split into the option
// and a glued value) still gets the subcommand's other names, so that it
// matches "docker --context=prod rm -f web" as docker reads it: the word
// before the group being a glued value, not a plain word, must not stop
// the group's next word from being read as its subcommand. Checked with
// docker 28 on this machine: "docker container rm --help" lists the
// aliases "docker container rm, docker container remove, docker rm".
func TestDockerGroupAfterGluedOption(t *testing.T) {
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

// TestSpellingOfEveryByte: spelling gives the short option's word for a letter
// of shortOptions' range and the word as written for 0 or a byte past
// it, which has no word there (shortOptions holds 128): a byte of 128 or
// more must read as text, not index past the table.
func TestSpellingOfEveryByte(t *testing.T) {
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

// TestMatchCommandVersionedPlainNames: a pattern's command word names its
// versioned spellings only when it is a plain name, a letter then
// letters (a to z, A to Z), digits, "_", "+" or "-"; a name holding any
// other character, or starting with no letter, names only itself. A
// versioned precommand of two letters (uv) still runs its command.
func TestMatchCommandVersionedPlainNames(t *testing.T) {
	mt := Compile([]Card{
		{ID: "az", Replaces: []string{"az deploy *"}},
		{ID: "AZ", Replaces: []string{"AZ deploy *"}},
		{ID: "g++", Replaces: []string{"g++ -c *"}},
		{ID: "my_tool", Replaces: []string{"my_tool build *"}},
		{ID: "x-y", Replaces: []string{"x-y build *"}},
		{ID: "x0y", Replaces: []string{"x0y build *"}},
		{ID: "x9y", Replaces: []string{"x9y build *"}},
		{ID: "a.b", Replaces: []string{"a.b build *"}},
		{ID: "_ab", Replaces: []string{"_ab build *"}},
		{ID: "9ab", Replaces: []string{"9ab build *"}},
		{ID: "pytest", Replaces: []string{"pytest -x *"}},
	})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		// Plain names, each with a character at an edge of its class.
		{"az2 deploy prod", []string{"az"}},
		{"AZ2 deploy prod", []string{"AZ"}},
		{"g++-12 -c main.cc", []string{"g++"}},
		{"my_tool2 build x", []string{"my_tool"}},
		{"x-y-2 build x", []string{"x-y"}},
		{"x0y2 build x", []string{"x0y"}},
		{"x9y2 build x", []string{"x9y"}},
		// Not plain: a dot inside, no letter first.
		{"a.b2 build x", nil},
		{"a.b build x", []string{"a.b"}},
		{"_ab2 build x", nil},
		{"9ab2 build x", nil},
		{"_ab build x", []string{"_ab"}},
		// A precommand of two letters, versioned.
		{"uv0.4 run pytest -x tests", []string{"pytest"}},
		{"uv run pytest -x tests", []string{"pytest"}},
	})
}
