package store

import (
	"testing"

	"github.com/capreg/capreg/validate"
)

// TestShareBytesByContentTakesTheFirstSource: a file at a path no source
// read (a card renamed) is given the bytes of one that read its content
// elsewhere, of the first source reading it, as a file at its own path is
// (TestShareBytesTakesTheFirstSourceReadingTheSame). (cr88 mutant: the
// content map filled from the first source to the last, the last's kept,
// survived.)
func TestShareBytesByContentTakesTheFirstSource(t *testing.T) {
	file := func(path, data string) *validate.Sources {
		return &validate.Sources{Workflows: []validate.File{{Path: path, Data: []byte(data)}}}
	}
	for _, tc := range []struct {
		name        string
		first, then *validate.Sources
		want        int // which source's bytes: 0 first, 1 then, -1 none
	}{
		{"both read it elsewhere", file("a.md", "x"), file("b.md", "x"), 0},
		{"the first read other content", file("a.md", "y"), file("b.md", "x"), 1},
		{"neither read it", file("a.md", "y"), file("b.md", "z"), -1},
	} {
		s := file("w.md", "x")
		shareBytes(s, tc.first, tc.then)
		got := s.Workflows[0].Data
		for i, from := range []*validate.Sources{tc.first, tc.then} {
			if shared := sameSlice(got, from.Workflows[0].Data); shared != (i == tc.want) {
				t.Errorf("%s: holds source %d's bytes: %v, want source %d's", tc.name, i, shared, tc.want)
			}
		}
	}
}
