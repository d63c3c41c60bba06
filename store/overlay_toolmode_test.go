package store_test

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
)

// TestOverlayCommandMode: POST /validate warns of a card whose command
// runs a file with no execute bit (tool-not-executable) as check does once
// the change is made, where the served scan read the file's mode: the
// card edited, its command kept, or the file rewritten (its content
// changed, its mode kept), is still warned of; a command moved to another
// file, or its file deleted, is not. A body carries no mode, so a file it
// adds is not judged (the check after it sees it executable, as a tool is
// committed: overlayFileMode).
func TestOverlayCommandMode(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no execute bit on Windows: the scan reads no mode there")
	}
	served := func(t *testing.T, repo string) {
		overlayWrite(map[string]string{"bin/dep.card.json": commandCard("dep", "./scripts/deploy.sh prod"), "bin/dep": "#!/bin/sh\n",
			"scripts/deploy.sh": "#!/bin/sh\n", "scripts/run.sh": "#!/bin/sh\n"})(t, repo)
		if err := os.Chmod(filepath.Join(repo, "scripts/deploy.sh"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		overlayCase
		warned []string // the files warned of
	}{
		{overlayCase{name: "nothing of it changed", setup: served, files: map[string]string{"docs/notes.md": "Notes.\n"}},
			[]string{"bin/dep.card.json"}},
		{overlayCase{name: "the card edited, its command kept", setup: served,
			files: map[string]string{"bin/dep.card.json": commandCard("dep", "./scripts/deploy.sh staging")}},
			[]string{"bin/dep.card.json"}},
		{overlayCase{name: "the file rewritten", setup: served,
			files: map[string]string{"scripts/deploy.sh": "#!/bin/sh\necho deploy\n"}},
			[]string{"bin/dep.card.json"}},
		{overlayCase{name: "the command moved to an executable file", setup: served,
			files: map[string]string{"bin/dep.card.json": commandCard("dep", "scripts/run.sh prod")}},
			nil},
		{overlayCase{name: "the command's file deleted", setup: served, deleted: []string{"scripts/deploy.sh"}},
			nil},
		{overlayCase{name: "the command's folder deleted and its file made anew", setup: served,
			deleted: []string{"scripts"}, files: map[string]string{"scripts/deploy.sh": "#!/bin/sh\n"}},
			nil},
		{overlayCase{name: "a new card running a file the body adds",
			files: map[string]string{"bin/new.card.json": commandCard("new", "scripts/new.sh"), "bin/new": "#!/bin/sh\n", "scripts/new.sh": "#!/bin/sh\n"}},
			nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, d := range overlayWantCheck(t, tt.overlayCase) {
				if d.Rule == "tool-not-executable" {
					got = append(got, d.File)
				}
			}
			if !slices.Equal(got, tt.warned) {
				t.Errorf("tool-not-executable on %q, want on %q", got, tt.warned)
			}
		})
	}
}
