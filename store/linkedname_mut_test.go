package store_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestLinkedFolderIsListedWhereItLeads: a link to a folder is walked where it
// leads, even when the folder holding the link has a folder of the same
// name as the one it leads to (bin/more -> ../vendor/tools beside
// bin/tools): its cards are the ones there, and the folder of the same
// name is not read in its place.
func TestLinkedFolderIsListedWhereItLeads(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"configSchema": "config/config-schema.manifest.json", "cards": ["bin"]}`))
	ft, err := os.ReadFile(filepath.Join(repo, "bin/ft.card.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"bin/tools", "vendor/tools"} {
		name := strings.ReplaceAll(dir, "/", "-")
		card := strings.Replace(string(ft), `"id": "ft"`, `"id": "`+name+`"`, 1)
		if card == string(ft) {
			t.Fatal("bin/ft.card.json changed; update this test")
		}
		writeTestFile(t, filepath.Join(repo, dir, name), []byte("#!/bin/sh\n"))
		writeTestFile(t, filepath.Join(repo, dir, name+".card.json"), []byte(card))
	}
	makeSymlink(t, "../vendor/tools", filepath.Join(repo, "bin/more"))
	snap := scanLoadRepo(t, repo)
	scanWantClean(t, snap)
	var got []string
	for _, c := range snap.Sources.Cards {
		got = append(got, c.Path)
	}
	want := []string{"bin/deck-sudo.card.json", "bin/ft.card.json", "bin/land.card.json", "bin/more/vendor-tools.card.json", "bin/od-worktree.card.json", "bin/tools/bin-tools.card.json"}
	if !slices.Equal(got, want) {
		t.Errorf("cards %q, want %q", got, want)
	}
}
