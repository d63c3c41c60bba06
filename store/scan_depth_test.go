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

// TestTooDeepSeverityByLayout: a folder 257 deep is an error inside
// the capabilities folder and inside a configured card root (README:
// "an error inside the capabilities folder or a card or workflow root
// capreg.json names"), whatever the root's name: with "capabilities": "."
// (or a path that cleans to it) the whole repository is that folder, and
// it was a warning (review cr23); "cards": ["."] makes it an error too.
func TestTooDeepSeverityByLayout(t *testing.T) {
	for _, tc := range []struct{ name, config, want string }{
		{"capabilities dot", `{"capabilities": "."}`, "error"},
		{"cards dot", `{"cards": ["."]}`, "error"},
		{"capabilities dot, written otherwise", `{"capabilities": "ui/.."}`, "error"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			repo := t.TempDir()
			writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(tc.config))
			if got := deepFolderSeverities(t, repo, "ui"); got != tc.want {
				t.Errorf("file-unreadable severities %q, want %q", got, tc.want)
			}
		})
	}
}

// deepFolderSeverities makes a folder 257 below repo, at top/d/d/…, and
// returns the severities of the file-unreadable findings a scan of repo
// gives, joined by commas.
func deepFolderSeverities(t *testing.T, repo, top string) string {
	t.Helper()
	dir := filepath.Join(repo, top)
	for d := 1; d < 258; d++ {
		dir = filepath.Join(dir, "d")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
	var got []string
	for _, d := range snap.Diagnostics {
		if d.Rule == "file-unreadable" {
			got = append(got, string(d.Severity))
		}
	}
	return strings.Join(got, ",")
}

// TestTooDeepOutsideRoots pins that tooDeep's new under(sc.capDir),
// true anywhere for ".", did not make every deep folder an error: without
// capreg.json (capabilities/) and with roots capreg.json names, a folder
// 257 deep is still a warning outside them and an error inside (README:
// "an error inside the capabilities folder or a card or workflow root
// capreg.json names, a warning elsewhere").
func TestTooDeepOutsideRoots(t *testing.T) {
	for _, tc := range []struct{ name, config, top, want string }{
		{"default layout, outside", "", "fixtures", "warning"},
		{"default layout, inside", "", "capabilities", "error"},
		{"cards root, outside", `{"cards": ["ui"]}`, "fixtures", "warning"},
		{"cards root, inside", `{"cards": ["ui"]}`, "ui", "error"},
		{"workflows root, outside", `{"workflows": ["wf"]}`, "fixtures", "warning"},
		{"capabilities named, outside", `{"capabilities": "caps"}`, "capabilities", "warning"},
		{"capabilities ./", `{"capabilities": "./"}`, "fixtures", "error"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			repo := t.TempDir()
			if tc.config != "" {
				writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(tc.config))
			}
			for _, root := range []string{"ui", "wf", "caps"} { // configured roots exist
				if err := os.MkdirAll(filepath.Join(repo, root), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if got := deepFolderSeverities(t, repo, tc.top); got != tc.want {
				t.Errorf("file-unreadable severities %q, want %q", got, tc.want)
			}
		})
	}
}
