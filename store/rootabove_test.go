package store_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/capreg/capreg/store"
)

// realTemp is a t.TempDir by its real path, as RootAbove and WorkTreeTop
// name folders.
func realTemp(t *testing.T) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// mkTree makes the folders (names ending in "/") and files (empty) under
// top, given slash-separated.
func mkTree(t *testing.T, top string, paths ...string) {
	t.Helper()
	for _, p := range paths {
		full := filepath.Join(top, filepath.FromSlash(p))
		if p[len(p)-1] == '/' {
			if err := os.MkdirAll(full, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte("{}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRootAboveNamesTheNearestRepositoryInTheWorkTree: RootAbove names the
// nearest folder above the one given that holds capreg.json (a file) or a
// capabilities folder (a folder), never the folder itself, and looks no
// higher than the top of the git work tree; EnclosingRoot names it only
// when the folder given is not a root itself and the root is in a work
// tree.
func TestRootAboveNamesTheNearestRepositoryInTheWorkTree(t *testing.T) {
	top := realTemp(t)
	mkTree(t, top,
		".git/",
		"capreg.json",           // top is a root
		"capabilities/a/b/",     // a root's capabilities
		"docs/deep/",            // a plain folder in a root
		"inner/capabilities/x/", // a nearer root below top
		"notroot/capreg.json/",  // capreg.json a folder: not a root
		"notroot/capabilities",  // capabilities a file: not a root
		"notroot/sub/",
		"sub/.git/", // a work tree of its own below top
		"sub/deep/",
		"sub/mod/capreg.json", // a root in it
		"sub/mod/bin/",
	)
	at := func(p string) string { return filepath.Join(top, filepath.FromSlash(p)) }
	for _, tc := range []struct{ dir, above, enclosing string }{
		{"capabilities", top, top},
		{"capabilities/a/b", top, top},
		{"docs/deep", top, top},
		{"inner/capabilities", at("inner"), at("inner")},
		{"inner/capabilities/x", at("inner"), at("inner")},
		{"inner", top, ""}, // inner is a root: EnclosingRoot says nothing
		{"notroot/sub", top, top},
		{"notroot", top, top},
		{"sub/mod/bin", at("sub/mod"), at("sub/mod")},
		{"sub/deep", "", ""}, // top is above sub's work tree
		{"sub", "", ""},
		{"", "", ""}, // top: nothing above it in its work tree
	} {
		if got := store.RootAbove(at(tc.dir)); got != tc.above {
			t.Errorf("RootAbove(%q) = %q, want %q", tc.dir, got, tc.above)
		}
		if got := store.EnclosingRoot(at(tc.dir)); got != tc.enclosing {
			t.Errorf("EnclosingRoot(%q) = %q, want %q", tc.dir, got, tc.enclosing)
		}
	}
}

// TestRootAboveALinkIsAboveWhereItLeads: a folder given through a link is
// placed where the link leads: the repository around its target, and none
// around the link itself.
func TestRootAboveALinkIsAboveWhereItLeads(t *testing.T) {
	top := realTemp(t)
	mkTree(t, top,
		"repo/.git/",
		"repo/capreg.json",
		"repo/capabilities/a/",
		"other/.git/",
		"other/capreg.json",
		"other/plain/",
	)
	// A link in other, a root, to repo's capabilities/a: above it is repo.
	link := filepath.Join(top, "other", "plain", "vendored")
	if err := os.Symlink(filepath.Join(top, "repo", "capabilities", "a"), link); err != nil {
		t.Fatal(err)
	}
	if got, want := store.RootAbove(link), filepath.Join(top, "repo"); got != want {
		t.Errorf("RootAbove(link to repo/capabilities/a) = %q, want %q", got, want)
	}
	// A link in repo's capabilities to a plain folder outside any root.
	mkTree(t, top, "lone/.git/", "lone/x/")
	out := filepath.Join(top, "repo", "capabilities", "out")
	if err := os.Symlink(filepath.Join(top, "lone", "x"), out); err != nil {
		t.Fatal(err)
	}
	if got := store.RootAbove(out); got != "" {
		t.Errorf("RootAbove(link to lone/x) = %q, want none: the link's own repository does not hold lone/x", got)
	}
	if got := store.EnclosingRoot(out); got != "" {
		t.Errorf("EnclosingRoot(link to lone/x) = %q, want none", got)
	}
}

// TestEnclosingRootOutsideAWorkTree: out of any git work tree RootAbove
// still names the folder above, and EnclosingRoot does not warn of it.
func TestEnclosingRootOutsideAWorkTree(t *testing.T) {
	top := realTemp(t)
	if store.WorkTreeTop(top) != "" {
		t.Skip("the temporary folder is inside a git work tree")
	}
	mkTree(t, top, "repo/capreg.json", "repo/bin/")
	bin := filepath.Join(top, "repo", "bin")
	if got, want := store.RootAbove(bin), filepath.Join(top, "repo"); got != want {
		t.Errorf("RootAbove(repo/bin) = %q, want %q", got, want)
	}
	if got := store.EnclosingRoot(bin); got != "" {
		t.Errorf("EnclosingRoot(repo/bin) out of a work tree = %q, want none", got)
	}
}
