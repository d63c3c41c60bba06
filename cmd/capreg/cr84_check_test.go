package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckTellsUnreadDeclarationsUnlessTheRepositoryAboveIsMeant: the
// notes telling a declaration out of place to move are left out only for
// a folder that reads nothing inside one that looks like the repository
// (its capabilities/): a folder with no repository above, or one that
// reads a tool card, still tells each (cr84 mutants: either condition
// dropped passed every test).
func TestCheckTellsUnreadDeclarationsUnlessTheRepositoryAboveIsMeant(t *testing.T) {
	card := `{"id":"x","command":"bin/x","summary":"Does x.","intent_phrases":["do x"],"effects":"None.","risk":"reversible","example":"bin/x"}`
	for _, c := range []struct {
		name      string
		nested    bool // the folder is the capabilities/ of a repository
		withCard  bool // it reads a tool card
		wantNotes bool
	}{
		{"inside a repository, reading nothing", true, false, false},
		{"inside a repository, reading a card", true, true, true},
		{"no repository above", false, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			dir := root
			if c.nested {
				dir = filepath.Join(root, "capabilities")
			}
			if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "repo", "capabilities"))); err != nil {
				t.Fatal(err)
			}
			if c.withCard {
				if err := os.MkdirAll(filepath.Join(dir, "bin"), 0o755); err != nil {
					t.Fatal(err)
				}
				for name, data := range map[string]string{"x": "#!/bin/sh\n", "x.card.json": card} {
					if err := os.WriteFile(filepath.Join(dir, "bin", name), []byte(data), 0o755); err != nil {
						t.Fatal(err)
					}
				}
			}
			var stdout, stderr bytes.Buffer
			run(context.Background(), []string{"check", "--repo", dir}, &stdout, &stderr)
			if got := strings.Contains(stderr.String(), "move it there"); got != c.wantNotes {
				t.Errorf("declarations told to move: %v, want %v\n%s", got, c.wantNotes, stderr.String())
			}
		})
	}
}
