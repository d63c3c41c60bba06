package validate

import "testing"

// TestInlinedTotalBound: the capabilities' fragments may inline exactly
// maxInlinedTotal into the registry; the reference that takes the total
// past it is the one reported, in the order the capabilities come.
func TestInlinedTotalBound(t *testing.T) {
	const src = `{"steps": [{"fragment": {"path": "a.md"}}, {"fragment": {"path": "b.md"}}]}`
	cap := func(file string, sizes ...int) *Capability {
		var s sink
		c := &Capability{File: file, doc: parseDoc(file, []byte(src), &s)}
		for i, n := range sizes {
			c.inlined = append(c.inlined, inlinedFragment{ptr: []string{"/steps/0/fragment", "/steps/1/fragment"}[i], rel: "f.md", size: n})
		}
		return c
	}
	for _, tc := range []struct {
		name string
		caps []*Capability
		want string // "file pointer" of the finding, "" for none
	}{
		{"exactly the bound", []*Capability{cap("a.json", maxInlinedTotal/2, 1), cap("b.json", maxInlinedTotal/2-1)}, ""},
		{"one byte past", []*Capability{cap("a.json", maxInlinedTotal/2, 1), cap("b.json", maxInlinedTotal/2)}, "b.json /steps/0/fragment/path"},
		{"past in the first", []*Capability{cap("a.json", maxInlinedTotal, 1), cap("b.json", 5)}, "a.json /steps/1/fragment/path"},
	} {
		var s sink
		checkInlinedTotal(tc.caps, &s)
		got := ""
		if len(s.diags) > 0 {
			got = s.diags[0].File + " " + s.diags[0].Pointer
		}
		if got != tc.want || len(s.diags) > 1 {
			t.Errorf("%s: findings %v, want %q", tc.name, s.diags, tc.want)
		}
	}
}
