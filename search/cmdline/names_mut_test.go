package cmdline

import "testing"

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
