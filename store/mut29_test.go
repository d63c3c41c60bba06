package store_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// TestLinkTextAtBoundMut29 pins the scanner's validate.MaxLinkText bound as
// inclusive, as validate's linkText reads it: a dotless file of the
// capabilities folder of exactly MaxLinkText bytes is read whole into
// Sources.LinkTexts (not cut short, not left out), and one byte more is
// not read. Otherwise a link's text at the bound loses its warning, or is
// warned of with a text it does not hold.
func TestLinkTextAtBoundMut29(t *testing.T) {
	for _, c := range []struct {
		size int
		want bool
	}{
		{validate.MaxLinkText, true},
		{validate.MaxLinkText + 1, false},
	} {
		repo, _ := scanRepoCopy(t)
		text := []byte("../" + strings.Repeat("a", c.size-len("../")))
		writeTestFile(t, filepath.Join(repo, "capabilities/mirror"), text)
		in := scanInput(t, store.ScanOptions{Repo: repo})
		var got []byte
		read := false
		for _, f := range in.Sources.LinkTexts {
			if f.Path == "capabilities/mirror" {
				got, read = f.Data, true
			}
		}
		if read != c.want || (read && !bytes.Equal(got, text)) {
			t.Errorf("%d-byte capabilities/mirror: in LinkTexts %v (%d bytes), want %v with all %d bytes", c.size, read, len(got), c.want, c.size)
		}
	}
}

// TestConfiguredPathBareDriveMut29 pins that a capreg.json path that is a
// drive and nothing else ("c:", or "./c:" cleaning to it) is refused as a
// drive letter: Windows reads it as drive C's current folder, outside the
// repository, where Linux reads a folder named "c:".
func TestConfiguredPathBareDriveMut29(t *testing.T) {
	for _, value := range []string{"c:", "Z:", "./c:"} {
		repo, _ := scanRepoCopy(t)
		writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"cards": ["`+value+`"]}`))
		in := scanInput(t, store.ScanOptions{Repo: repo})
		var found []validate.Diagnostic
		for _, d := range in.Sources.Diagnostics {
			if d.Rule == "path-escape" && d.File == "capreg.json" {
				found = append(found, d)
			}
		}
		if len(found) != 1 || !strings.Contains(found[0].Message, "drive letter") {
			t.Errorf("%q: want one path-escape naming a drive letter, got %v", value, found)
		}
	}
}
