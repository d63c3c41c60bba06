package validate

import (
	"slices"
	"testing"
)

// TestRepoConfigParsedIsOfItsFile: validation reads capreg.json's keys
// from the scan's parse (RepoConfigParsed) only while that is of the file
// Sources holds: a Sources whose RepoConfig was swapped for another file
// (as POST /validate's change does) reads the file it holds, and one with
// no parse reads the same as one with it.
func TestRepoConfigParsedIsOfItsFile(t *testing.T) {
	listed := func(data string) []string {
		f := &File{Path: RepoConfigFile, Data: []byte(data)}
		rc, _ := ReadRepoConfig(f)
		var out []string
		for _, src := range []*Sources{
			{RepoConfig: f, RepoConfigParsed: &rc},
			{RepoConfig: f},
		} {
			var dirs []string
			if lp := listedPackagesOf(src); lp != nil {
				for _, e := range lp.entries {
					dirs = append(dirs, e.dir)
				}
			}
			if out != nil && !slices.Equal(out, dirs) {
				t.Errorf("%s: %q read from the parse, %q parsed again", data, out, dirs)
			}
			out = dirs
		}
		return out
	}
	if got := listed(`{"packages": ["a/", "./b"]}`); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("packages %q, want [a b]", got)
	}
	if got := listed(`{"packages": ["a",]}`); got != nil { // mended: no list read
		t.Errorf("packages of a capreg.json read mended: %q, want none", got)
	}

	old := &File{Path: RepoConfigFile, Data: []byte(`{"packages": ["old"]}`)}
	rc, _ := ReadRepoConfig(old)
	swapped := &Sources{RepoConfig: &File{Path: RepoConfigFile, Data: []byte(`{"packages": ["new"]}`)}, RepoConfigParsed: &rc}
	if lp := listedPackagesOf(swapped); lp == nil || len(lp.entries) != 1 || lp.entries[0].dir != "new" {
		t.Errorf("a swapped capreg.json read as the parse of the old one: %+v", lp)
	}
	var d Diagnostic
	swapped.PathPlacer().Place(&d, "x")
	if d.Line != 0 {
		t.Errorf("a path no capreg.json names placed at %d:%d", d.Line, d.Column)
	}
}
