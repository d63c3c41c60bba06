package validate

import (
	"strings"
	"testing"
)

// TestFragmentPathsTooDeepNamesNone pins FragmentPaths' contract that a
// declaration that does not parse names no fragment: a declaration nested
// past ojson.MaxDepth stops the parse as a syntax error does (its Kind is
// ojson.TooDeep since that kind was split from SyntaxError), so the scanner
// must not read the fragments the partial value it was left with names.
// It fails on purpose while FragmentPaths compares Kind with SyntaxError
// instead of asking Error.Fatal.
func TestFragmentPathsTooDeepNamesNone(t *testing.T) {
	deep := strings.Repeat("[", 200) + strings.Repeat("]", 200)
	cases := []struct{ name, manifest string }{
		{"syntax error", `{"steps": [{"fragment": {"path": "a.md"}}], "x": }`},
		{"nested too deep", `{"steps": [{"fragment": {"path": "a.md"}}], "x": ` + deep + `}`},
	}
	for _, c := range cases {
		if got := FragmentPaths([]byte(c.manifest)); got != nil {
			t.Errorf("%s: FragmentPaths = %q, want nil (the declaration does not parse)", c.name, got)
		}
	}
}
