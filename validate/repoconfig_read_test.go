package validate

import (
	"slices"
	"testing"
)

// TestRepoConfigReadAsItIs: the "packages" list and the places of the
// paths capreg.json names are those of the text the File holds when
// validation reads it: an edit of the same File, an error set on it, a
// list slip mended, each read as it now is. (They were checks of a parse
// kept beside the File, since gone; what they hold of the file stays.)
func TestRepoConfigReadAsItIs(t *testing.T) {
	const old = "{\n  \"cards\": [\"tools\"],\n  \"packages\": [\"old\"]\n}\n"
	const edited = "{\n  \"packages\": [\"new\"],\n\n\n  \"cards\": [\"tools\"]\n}\n"
	packages := func(f *File) []string {
		var dirs []string
		if lp := listedPackagesOf(f); lp != nil {
			for _, e := range lp.entries {
				dirs = append(dirs, e.dir)
			}
		}
		return dirs
	}
	placed := func(f *File, p string) int {
		d := Diagnostic{File: RepoConfigFile}
		NewPathPlacer(f).Place(&d, p)
		return d.Line
	}

	f := &File{Path: RepoConfigFile, Data: []byte(old)}
	if got := packages(f); !slices.Equal(got, []string{"old"}) {
		t.Fatalf("packages %q, want [old]", got)
	}
	if got := placed(f, "tools"); got != 2 {
		t.Fatalf("cards' tools placed at line %d, want 2", got)
	}
	f.Data = []byte(edited) // the same File, edited in place
	if got := packages(f); !slices.Equal(got, []string{"new"}) {
		t.Errorf("packages of a capreg.json edited in place %q, want [new]", got)
	}
	if got := placed(f, "tools"); got != 5 {
		t.Errorf("cards' tools placed at line %d of a capreg.json edited in place, want 5", got)
	}
	f.Err = ErrNotRegular // the same File, now unreadable
	if got := packages(f); got != nil {
		t.Errorf("packages of an unreadable capreg.json %q, want none", got)
	}
	if got := placed(f, "tools"); got != 0 {
		t.Errorf("a finding placed at line %d of an unreadable capreg.json, want the whole file", got)
	}

	if got := packages(&File{Path: RepoConfigFile, Data: []byte(`{"packages": ["a/", "./b"]}`)}); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("packages %q, want [a b]", got)
	}
	if got := packages(&File{Path: RepoConfigFile, Data: []byte(`{"packages": ["a",]}`)}); got != nil {
		t.Errorf("packages of a capreg.json read mended: %q, want none", got)
	}
}
