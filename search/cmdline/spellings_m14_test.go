package cmdline

import (
	"slices"
	"strings"
	"testing"
)

// TestDockerNameVariantsCapM14: the other writings of a docker pattern
// are at most maxNameVariants, never the pattern as written, each once,
// and together about MaxLine bytes at most: a pattern of MaxLine bytes
// still gets one, one longer none.
func TestDockerNameVariantsCapM14(t *testing.T) {
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
