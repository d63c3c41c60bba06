package main

import "testing"

// TestInsideCr85: inside holds p to dir itself or a path below it, at a
// separator, and to anything below the root "/" (cr85 mutants: the equal
// path and the root's own case dropped each passed every test).
func TestInsideCr85(t *testing.T) {
	for _, c := range []struct {
		dir, p string
		want   bool
	}{
		{"/r", "/r", true},
		{"/r", "/r/x", true},
		{"/r", "/rx", false},
		{"/r", "/", false},
		{"/", "/x", true},
		{"/", "/", true},
	} {
		if got := inside(c.dir, c.p); got != c.want {
			t.Errorf("inside(%q, %q) = %v; want %v", c.dir, c.p, got, c.want)
		}
	}
}
