package validate

import (
	"slices"
	"testing"
)

// TestRepoConfigParsedGoesStaleNever: validation reads capreg.json's keys
// from the scan's parse (RepoConfigParsed) only while that parse is of the
// text Sources.RepoConfig holds. A File changed in place (its Data swapped
// for an edit, or an error set) keeps its pointer, and was read as the
// text it no longer holds: "packages" listed the old folders, and a
// finding was placed at the line where the old text named its path.
func TestRepoConfigParsedGoesStaleNever(t *testing.T) {
	const old = "{\n  \"cards\": [\"tools\"],\n  \"packages\": [\"old\"]\n}\n"
	const edited = "{\n  \"packages\": [\"new\"],\n\n\n  \"cards\": [\"tools\"]\n}\n"
	packages := func(src *Sources) []string {
		var dirs []string
		if lp := listedPackagesOf(src); lp != nil {
			for _, e := range lp.entries {
				dirs = append(dirs, e.dir)
			}
		}
		return dirs
	}
	placed := func(src *Sources, p string) int {
		d := Diagnostic{File: RepoConfigFile}
		src.PathPlacer().Place(&d, p)
		return d.Line
	}

	f := &File{Path: RepoConfigFile, Data: []byte(old)}
	rc, _ := ReadRepoConfig(f)
	src := &Sources{RepoConfig: f, RepoConfigParsed: &rc}
	if got := packages(src); !slices.Equal(got, []string{"old"}) {
		t.Fatalf("packages of the parsed file %q, want [old]", got)
	}
	if got := placed(src, "tools"); got != 2 {
		t.Fatalf("cards' tools placed at line %d of the parsed file, want 2", got)
	}

	f.Data = []byte(edited) // the same File, edited in place
	if got := packages(src); !slices.Equal(got, []string{"new"}) {
		t.Errorf("packages of a capreg.json edited in place %q, want [new]: read from the parse of its old text", got)
	}
	if got := placed(src, "tools"); got != 5 {
		t.Errorf("cards' tools placed at line %d of a capreg.json edited in place, want 5", got)
	}

	f.Err = ErrNotRegular // the same File, now unreadable
	if got := packages(src); got != nil {
		t.Errorf("packages of an unreadable capreg.json %q, want none", got)
	}
	if got := placed(src, "tools"); got != 0 {
		t.Errorf("a finding placed at line %d of an unreadable capreg.json, want the whole file", got)
	}

	// Another File swapped in, naming the path elsewhere: placed where it
	// names it, not where the parsed one did.
	g := &File{Path: RepoConfigFile, Data: []byte(edited)}
	swapped := &Sources{RepoConfig: g, RepoConfigParsed: &rc}
	if got := placed(swapped, "tools"); got != 5 {
		t.Errorf("cards' tools placed at line %d of a capreg.json swapped in, want 5", got)
	}
}
