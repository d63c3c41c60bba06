package store_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
)

// TestOverlayRefusesConflicts: a change that contradicts itself or what the
// served scan saw is refused with a *ChangeError naming each path and why,
// whether or not the snapshot has a tree where the tree is not needed.
func TestOverlayRefusesConflicts(t *testing.T) {
	tests := []struct {
		name     string
		files    map[string]string
		deleted  []string
		path     string // the first conflict
		want     error
		treeless bool // refused by store.Overlay too, which knows no tree
		setup    func(t *testing.T, repo string)
	}{
		{name: "the config schema is deleted and written again", deleted: []string{servedSchema},
			files: map[string]string{servedSchema: "{}"}, path: servedSchema, want: store.ErrWrittenAndDeleted, treeless: true},
		{name: "a file and files under it", files: map[string]string{"notes": "x", "notes/a.md": "y"},
			path: "notes", want: store.ErrFileAndDirectory, treeless: true},
		{name: "a file over a directory", files: map[string]string{"capabilities/research": "x"},
			path: "capabilities/research", want: store.ErrDirectoryThere},
		{name: "a file under a file", files: map[string]string{"bin/ft/run": "x"}, path: "bin/ft/run", want: store.ErrFileThere},
		{name: "a delete of nothing", deleted: []string{"nonexistent.md"}, path: "nonexistent.md", want: store.ErrNothingToDelete},
		{name: "a delete under a file", deleted: []string{"bin/ft/x"}, path: "bin/ft/x", want: store.ErrNothingToDelete},

		// Inside capability folders, which the tree does not list, what the
		// scan read is known: declarations and fragments, and the folders
		// holding them.
		{name: "a file under a declaration", files: map[string]string{"capabilities/research/capability.json/x": "{}"},
			path: "capabilities/research/capability.json/x", want: store.ErrFileThere},
		{name: "a file under a fragment", files: map[string]string{"capabilities/research/loop/research-prompt.md/deeper.md": "x"},
			path: "capabilities/research/loop/research-prompt.md/deeper.md", want: store.ErrFileThere},
		{name: "a file over a folder of fragments", files: map[string]string{"capabilities/research/loop": "x"},
			path: "capabilities/research/loop", want: store.ErrDirectoryThere},
		{name: "a delete under a fragment", deleted: []string{"capabilities/research/loop/research-prompt.md/x"},
			path: "capabilities/research/loop/research-prompt.md/x", want: store.ErrNothingToDelete},
		{name: "a delete of a named fragment that is missing", setup: overlayWrite(map[string]string{
			"capabilities/newcap/capability.json": `{"id":"newcap","role":"feature","steps":[{"point":"plan:pre","fragment":{"path":"loop/none.md"}}]}`}),
			deleted: []string{"capabilities/newcap/loop/none.md"}, path: "capabilities/newcap/loop/none.md", want: store.ErrNothingToDelete},

		// A declaration that is a link to a folder, as one that is a folder.
		{name: "a file over a declaration linked to a folder", setup: func(t *testing.T, repo string) {
			if err := os.Remove(filepath.Join(repo, "capabilities/ui/capability.json")); err != nil {
				t.Fatal(err)
			}
			makeSymlink(t, "../../bin", filepath.Join(repo, "capabilities/ui/capability.json"))
		},
			files: map[string]string{"capabilities/ui/capability.json": "{}"}, path: "capabilities/ui/capability.json", want: store.ErrDirectoryThere},

		// The folder of an input named inside a skipped folder is listed.
		{name: "a file under the config schema in node_modules/", setup: schemaInPackage,
			files: map[string]string{"node_modules/@gsd/core/schema.json/x": "1"},
			path:  "node_modules/@gsd/core/schema.json/x", want: store.ErrFileThere},
		{name: "a delete of nothing beside the config schema in node_modules/", setup: schemaInPackage,
			deleted: []string{"node_modules/@gsd/core/nothere.txt"}, path: "node_modules/@gsd/core/nothere.txt", want: store.ErrNothingToDelete},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			if tt.setup != nil {
				tt.setup(t, repo)
			}
			served := servedLoad(t, repo)
			_, err := served.Overlay(overlayBytes(tt.files), tt.deleted)
			var ce *store.ChangeError
			if !errors.As(err, &ce) || !errors.Is(err, tt.want) || ce.Conflicts[0].Path != tt.path {
				t.Fatalf("Overlay error = %v, want a ChangeError for %s: %v", err, tt.path, tt.want)
			}
			_, err = store.Overlay(served.Sources, overlayBytes(tt.files), tt.deleted)
			if refused := errors.As(err, &ce); refused != tt.treeless {
				t.Errorf("without a tree: error %v, want refused=%v", err, tt.treeless)
			}
		})
	}
}

// TestOverlayAcceptsWhatTheTreeDoesNotKnow: the boundary of the refusals
// above. What the tree does not know is accepted, and the answer is still
// what check says after the change.
func TestOverlayAcceptsWhatTheTreeDoesNotKnow(t *testing.T) {
	for _, tc := range []overlayCase{
		{name: "a new file in a new folder of a capability", files: map[string]string{"capabilities/research/assets/x.md": "x"}},
		{name: "a fragment and its folder deleted", deleted: []string{"capabilities/research/loop/research-prompt.md", "capabilities/research/loop"}},
		{name: "a declaration deleted and a folder written in its place", deleted: []string{"capabilities/research/capability.json"},
			files: map[string]string{"capabilities/research/capability.json/x": "{}"}},
		{name: "a file deleted and a directory written in its place", deleted: []string{"bin/ft"}, files: map[string]string{"bin/ft/run": "x"}},
		{name: "a directory deleted and a file written in it", deleted: []string{"capabilities/ui"},
			files: map[string]string{"capabilities/ui/capability.json": `{"id":"ui","role":"feature"}`}},
		{name: "a path deleted twice", deleted: []string{"docs/markers.md", "docs/markers.md"}},
	} {
		t.Run(tc.name, func(t *testing.T) { overlayWantCheck(t, tc) })
	}
}

// TestOverlayConflictsOfManyPaths: a change deleting many missing paths
// is refused with each in Conflicts, once each, and a message that names
// the first 20 and counts the others (it named all 50,000).
func TestOverlayConflictsOfManyPaths(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	served := servedLoad(t, repo)
	var deleted []string
	for i := range 300 {
		deleted = append(deleted, fmt.Sprintf("docs/nope%d.md", i))
	}
	deleted = append(deleted, "docs/nope0.md") // twice
	_, err := served.Overlay(nil, deleted)
	var ce *store.ChangeError
	if !errors.As(err, &ce) || len(ce.Conflicts) != 300 {
		t.Fatalf("Overlay error = %v, want a ChangeError of 300 conflicts", err)
	}
	msg := err.Error()
	if !strings.Contains(msg, "docs/nope19.md: ") || strings.Contains(msg, "docs/nope20.md") || !strings.HasSuffix(msg, "; and 280 other paths") {
		t.Errorf("message %q, want the first 20 paths named and 280 counted", msg)
	}
}

// TestOverlayNamesTheFirstBadPath: of several paths no file can have, the
// PathError names the first in order, the same every time (the files were
// read in map order, so which one a client was told of varied).
func TestOverlayNamesTheFirstBadPath(t *testing.T) {
	files := map[string][]byte{}
	for _, p := range []string{"/abs", "../up", "a/../../up", "/z", "../../y", "/m/n"} {
		files[p] = []byte("x")
	}
	for range 20 {
		_, err := store.Overlay(nil, files, nil)
		var pe *store.PathError
		if !errors.As(err, &pe) || !errors.Is(err, store.ErrBadPath) || pe.Path != "../../y" {
			t.Fatalf("Overlay = %v, want a PathError for ../../y, the first in order", err)
		}
	}
}
