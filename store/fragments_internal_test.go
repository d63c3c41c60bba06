package store

import (
	"bytes"
	"context"
	"crypto/sha256"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/capreg/capreg/store/storetest"
	"github.com/capreg/capreg/validate"
)

// TestFragmentMemoFollowsTheDeclarations walks a repository through changes
// to a declaration's fragment, each scanned with the previous snapshot: the
// scan reads the fragment the declaration names now, and takes the paths of
// the unchanged declarations from the previous scan.
func TestFragmentMemoFollowsTheDeclarations(t *testing.T) {
	dir := t.TempDir()
	if err := storetest.WriteRepo(dir, 45); err != nil {
		t.Fatal(err)
	}
	capDir := filepath.Join(dir, "capabilities", "cap-00003")
	write := func(name, text string) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(capDir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(capDir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	manifest, err := os.ReadFile(filepath.Join(capDir, "capability.json"))
	if err != nil {
		t.Fatal(err)
	}
	write("loop/other.md", "Other work.\n")
	opts := Options{ScanOptions: ScanOptions{Repo: dir}, Cache: validate.NewCache()}
	for _, st := range []struct {
		name     string
		manifest []byte
		want     []string // cap-00003's files read
	}{
		{"first scan", manifest, []string{"loop/prompt.md"}},
		{"another fragment", bytes.Replace(manifest, []byte("loop/prompt.md"), []byte("loop/other.md"), 1), []string{"loop/other.md"}},
		{"inline instead", bytes.Replace(manifest, []byte(`{ "path": "loop/prompt.md" }`), []byte(`{ "inline": "Inline." }`), 1), nil},
		{"back again", manifest, []string{"loop/prompt.md"}},
	} {
		write("capability.json", string(st.manifest))
		snap, err := Load(context.Background(), opts)
		if err != nil || !snap.OK() {
			t.Fatalf("%s: %v %v", st.name, err, snap.Diagnostics)
		}
		i := slices.IndexFunc(snap.Sources.Capabilities, func(c validate.CapabilitySource) bool { return c.Folder == "cap-00003" })
		if got := slices.Sorted(maps.Keys(snap.Sources.Capabilities[i].Files)); !slices.Equal(got, st.want) {
			t.Errorf("%s: read %v, want %v", st.name, got, st.want)
		}
		if opts.Previous != nil {
			// cap-00023 names loop/prompt.md throughout: its paths are the
			// previous scan's.
			c := snap.Sources.Capabilities[slices.IndexFunc(snap.Sources.Capabilities, func(c validate.CapabilitySource) bool { return c.Folder == "cap-00023" })]
			key := sha256.Sum256(c.Manifest.Data)
			if now, before := snap.fragments[key], opts.Previous.fragments[key]; len(now) != 1 || len(before) != 1 || &now[0] != &before[0] {
				t.Errorf("%s: cap-00023's fragment paths %v were found again, not taken from the previous scan's %v", st.name, now, before)
			}
		}
		opts.Previous = snap
	}
}

// TestFragmentMemoPaths: a memo, empty or carried over, gives what
// validate.FragmentPaths gives.
func TestFragmentMemoPaths(t *testing.T) {
	manifests := []string{
		`{"steps": []}`,
		`{"steps": [{"fragment": {"path": "a.md"}}]}`,
		`{"contributions": [{"fr\u0061gment": {"path": "b.md"}}]}`,
		`{"steps": [{"fragment": {"inline": "x"}}]}`,
		`{"steps": [{"fragment": {"path": "a.md"}}]`,
	}
	var nilMemo *fragmentMemo
	prev := &Snapshot{}
	for round := range 2 {
		m := newFragmentMemo(prev)
		for _, s := range manifests {
			want := validate.FragmentPaths([]byte(s))
			for _, memo := range []*fragmentMemo{m, nilMemo} {
				if got := memo.paths([]byte(s)); !slices.Equal(got, want) {
					t.Errorf("round %d, %s: paths %q, want %q", round, s, got, want)
				}
			}
		}
		prev = &Snapshot{fragments: m.seen}
	}
}

// TestMissingFragmentListsBoundedFolders gives a missing fragment a path
// of many segments, each of which resolves (a link to its own capability
// folder, "n" → "."): the scan lists at most maxNearbyDirs folders for it,
// as that bound says. Before, each of the path's first segments dropped
// was a folder listed too, past the bound, so a path of a thousand
// segments took seconds to resolve and list.
func TestMissingFragmentListsBoundedFolders(t *testing.T) {
	dir := t.TempDir()
	if err := storetest.WriteRepo(dir, 5); err != nil {
		t.Fatal(err)
	}
	capDir := filepath.Join(dir, "capabilities", "cap-00003")
	if err := os.Symlink(".", filepath.Join(capDir, "n")); err != nil {
		t.Skipf("no symlink here: %v", err)
	}
	manifest, err := os.ReadFile(filepath.Join(capDir, "capability.json"))
	if err != nil {
		t.Fatal(err)
	}
	deep := strings.Repeat("n/", 60) + "missing.md"
	if err := os.WriteFile(filepath.Join(capDir, "capability.json"), bytes.Replace(manifest, []byte("loop/prompt.md"), []byte(deep), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	snap, err := Load(context.Background(), Options{ScanOptions: ScanOptions{Repo: dir}, Cache: validate.NewCache()})
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(snap.Sources.Capabilities, func(c validate.CapabilitySource) bool { return c.Folder == "cap-00003" })
	folders := map[string]bool{}
	for _, name := range snap.Sources.Capabilities[i].Nearby {
		folders[path.Dir(name)] = true
	}
	if len(folders) > maxNearbyDirs {
		t.Errorf("the names listed for %q come from %d folders, want at most %d", deep, len(folders), maxNearbyDirs)
	}
}
