package store_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/capreg/capreg/store"
)

// TestLinkedInputsFolderIsWatched: Input.Dirs, the folders a daemon
// watches, holds the folder a linked input lives in when the walk does not
// enter it (node_modules), so that an edit there is seen: a capability's
// declaration, a card, a workflow. A linked file that is
// no input adds no folder: a write there changes nothing read.
func TestLinkedInputsFolderIsWatched(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	real, err := filepath.EvalSymlinks(repo)
	if err != nil {
		t.Fatal(err)
	}
	copyTo := func(from, to string) {
		data, err := os.ReadFile(filepath.Join(repo, from))
		if err != nil {
			t.Fatal(err)
		}
		writeTestFile(t, filepath.Join(repo, to), data)
	}
	copyTo("capabilities/ui/capability.json", "node_modules/decl/capability.json")
	if err := os.Remove(filepath.Join(repo, "capabilities/ui/capability.json")); err != nil {
		t.Fatal(err)
	}
	makeSymlink(t, "../../node_modules/decl/capability.json", filepath.Join(repo, "capabilities/ui/capability.json"))
	copyTo("bin/ft.card.json", "node_modules/card/ft.card.json")
	if err := os.Remove(filepath.Join(repo, "bin/ft.card.json")); err != nil {
		t.Fatal(err)
	}
	makeSymlink(t, "../node_modules/card/ft.card.json", filepath.Join(repo, "bin/ft.card.json"))
	writeTestFile(t, filepath.Join(repo, "node_modules/flow/ship.md"), []byte("# Ship\n"))
	makeSymlink(t, "../node_modules/flow/ship.md", filepath.Join(repo, "docs/ship.md"))
	writeTestFile(t, filepath.Join(repo, "node_modules/notes/notes.txt"), []byte("notes\n"))
	makeSymlink(t, "../node_modules/notes/notes.txt", filepath.Join(repo, "docs/notes.txt"))
	makeSymlink(t, "../node_modules/notes/notes.txt", filepath.Join(repo, "capabilities/ui/notes.txt"))

	in := scanInput(t, store.ScanOptions{Repo: repo})
	for _, dir := range []string{"decl", "card", "flow"} {
		if p := filepath.Join(real, "node_modules", dir); !slices.Contains(in.Dirs, p) {
			t.Errorf("Dirs lacks %s, where a linked input lives", p)
		}
	}
	if p := filepath.Join(real, "node_modules", "notes"); slices.Contains(in.Dirs, p) {
		t.Errorf("Dirs holds %s, where only files no scan reads live", p)
	}
}
