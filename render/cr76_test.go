package render

import (
	"errors"
	"testing"
)

// TestUnknownPointEndsAtASegment: the point an unknown one is the end of is
// named only when the unknown point is whole segments of it (wave:pre of
// execute:wave:pre), not the tail of a segment ("ify:post" of
// verify:post, "ave:pre" of execute:wave:pre), which reads as no point.
func TestUnknownPointEndsAtASegment(t *testing.T) {
	reg := repoRegistry(t)
	for _, c := range []struct{ point, meant string }{
		{"wave:pre", "execute:wave:pre"},
		{"ify:post", ""},
		{"ave:pre", ""},
		{"ute:wave:post", ""},
	} {
		_, err := Resolve(reg, Request{Point: c.point})
		var pe *PointError
		if !errors.As(err, &pe) {
			t.Fatalf("point %q: err %v, want a *PointError", c.point, err)
		}
		if pe.Meant != c.meant {
			t.Errorf("point %q: Meant %q, want %q (%v)", c.point, pe.Meant, c.meant, err)
		}
	}
}
