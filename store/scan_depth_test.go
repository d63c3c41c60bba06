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
// repository root is not read, and said so (file-unreadable, naming it);
// one at 256 is read (TestScanDeepTreeOpensFewFiles reads one at 200).
// Past 16 levels each folder is opened from the root, so a chain of
// 15,000 folders took 98 s and 2.2 GB (review).
func TestScanReadsAtMost256FoldersDeep(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	card, err := os.ReadFile(filepath.Join(repo, "scripts/ci/check-links.card.json"))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(repo, "deep")
	for depth := 1; depth <= 258; depth++ {
		if depth > 1 {
			dir = filepath.Join(dir, "d")
		}
		if depth == 256 || depth == 257 {
			// A card and its tool, at each depth.
			writeTestFile(t, filepath.Join(dir, "check-links"), []byte("#!/bin/sh\n"))
			writeTestFile(t, filepath.Join(dir, "check-links.card.json"), card)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
	var deep []string
	for _, d := range snap.Diagnostics {
		if strings.HasPrefix(d.File, "deep/") {
			deep = append(deep, d.String())
		}
	}
	want := "deep" + strings.Repeat("/d", 256) + ": error [file-unreadable] directory not read: it is over 256 folders below the repository root"
	if !slices.ContainsFunc(deep, func(d string) bool { return strings.HasPrefix(d, want) }) {
		t.Errorf("findings under deep/: %q; want one starting %q", deep, want)
	}
	var read bool
	for _, c := range snap.Result.Cards {
		read = read || strings.HasPrefix(c.Path, "deep/") && strings.Count(c.Path, "/") == 256
	}
	if !read {
		t.Error("the card 256 folders down is not read")
	}
}
