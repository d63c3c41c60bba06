package store_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
)

// TestScanReadsAtMost256FoldersDeep: a folder over 256 below the
// repository root is not read, and said so (file-unreadable, naming it):
// a warning where no input is expected (a deep tree of fixtures must not
// fail the gate: review of the bound), an error inside the capabilities
// folder; one at 256 is read (TestScanDeepTreeOpensFewFiles reads one at
// 200). Past 16 levels each folder is opened from the root, so a chain
// of 15,000 folders took 98 s and 2.2 GB (review).
func TestScanReadsAtMost256FoldersDeep(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	card, err := os.ReadFile(filepath.Join(repo, "scripts/ci/check-links.card.json"))
	if err != nil {
		t.Fatal(err)
	}
	chain := func(top string, depth int, at func(dir string, depth int)) {
		dir := filepath.Join(repo, top)
		for d := 1; d <= depth; d++ {
			if d > 1 {
				dir = filepath.Join(dir, "d")
			}
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			at(dir, d)
		}
	}
	chain("deep", 258, func(dir string, depth int) {
		if depth == 256 || depth == 257 {
			// A card and its tool, at each depth.
			writeTestFile(t, filepath.Join(dir, "check-links"), []byte("#!/bin/sh\n"))
			writeTestFile(t, filepath.Join(dir, "check-links.card.json"), card)
		}
	})
	chain("capabilities/research/d", 257, func(string, int) {})
	snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
	var found []string
	for _, d := range snap.Diagnostics {
		if d.Rule == "file-unreadable" {
			found = append(found, d.String())
		}
	}
	want := []string{
		"capabilities/research" + strings.Repeat("/d", 255) + ": error [file-unreadable] directory not read: it is over 256 folders below the repository root, past which capreg reads nothing; the inputs inside it cannot be checked: move them higher up",
		"deep" + strings.Repeat("/d", 256) + ": warning [file-unreadable] directory not read: it is over 256 folders below the repository root, past which capreg reads nothing",
	}
	if !slices.Equal(found, want) {
		t.Errorf("file-unreadable findings:\n%q\nwant\n%q", found, want)
	}
	var read bool
	for _, c := range snap.Result.Cards {
		read = read || strings.HasPrefix(c.Path, "deep/") && strings.Count(c.Path, "/") == 256
	}
	if !read {
		t.Error("the card 256 folders down is not read")
	}
}
