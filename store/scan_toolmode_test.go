package store_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// TestScanCommandMode: the scan tells validation that the file a card's
// command runs by its path has no execute bit (validate.CardSource.
// CommandNotExecutable), following a link inside the repository, by its
// owner's bit, as Git reads it (0o655 is recorded 100644); a file with
// that bit, a link leaving the repository (not followed), a
// folder or nothing is not said to, nor is a bare word's program. check
// warns of those it says so of (tool-not-executable), at the command.
func TestScanCommandMode(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no execute bit on Windows: the scan reads no mode there")
	}
	repo, outside := scanRepoCopy(t)
	write := func(p string, mode os.FileMode) {
		writeTestFile(t, p, []byte("#!/bin/sh\n"))
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(repo, "scripts/plain.sh"), 0o644)
	write(filepath.Join(repo, "scripts/run.sh"), 0o755)
	write(filepath.Join(repo, "scripts/mine.sh"), 0o700)
	write(filepath.Join(repo, "scripts/others.sh"), 0o655)
	write(filepath.Join(outside, "tool"), 0o644)
	makeSymlink(t, "plain.sh", filepath.Join(repo, "scripts/linked.sh"))
	makeSymlink(t, filepath.Join(outside, "tool"), filepath.Join(repo, "scripts/out.sh"))
	if err := os.MkdirAll(filepath.Join(repo, "scripts/dir"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		id, command string
		tool        os.FileMode // the mode of bin/<id>, the card's own tool
		noExec      bool        // CommandNotExecutable
	}{
		{"a", "./scripts/plain.sh prod", 0o755, true},
		{"b", "scripts/run.sh", 0o755, false},
		{"c", "scripts/mine.sh", 0o755, false}, // the owner's bit, as Git reads it
		{"d", "scripts/linked.sh", 0o755, true},
		{"e", "scripts/out.sh", 0o755, false},
		{"f", "scripts/dir", 0o755, false},
		{"g", "scripts/gone.sh", 0o755, false},
		{"h", "sh scripts/plain.sh", 0o755, false}, // run by sh, which needs no bit
		{"i", "bin/i --all", 0o644, true},          // the card's own tool
		{"j", "bin/j", 0o755, false},
		{"k", "scripts/others.sh", 0o755, true}, // others' bits, not the owner's: Git records 100644, and the owner is refused
	}
	for _, tt := range tests {
		card := `{"id":"` + tt.id + `","command":"` + tt.command + `","summary":"s","intent_phrases":["p"],"effects":"e","risk":"reversible","example":"x"}`
		writeTestFile(t, filepath.Join(repo, "bin", tt.id+".card.json"), []byte(card))
		write(filepath.Join(repo, "bin", tt.id), tt.tool)
	}
	in := scanInput(t, store.ScanOptions{Repo: repo})
	var want []string
	for _, tt := range tests {
		i := slices.IndexFunc(in.Sources.Cards, func(c validate.CardSource) bool { return c.Path == "bin/"+tt.id+".card.json" })
		if i < 0 {
			t.Fatalf("no card bin/%s.card.json scanned", tt.id)
		}
		if c := in.Sources.Cards[i]; c.CommandNotExecutable != tt.noExec {
			t.Errorf("command %q: CommandNotExecutable %v, want %v", tt.command, c.CommandNotExecutable, tt.noExec)
		}
		if tt.noExec {
			want = append(want, fmt.Sprintf("bin/%s.card.json:1:%d", tt.id, len(`{"id":"`+tt.id+`","command":`)+1))
		}
	}
	var warned []string
	for _, d := range scanLoadRepo(t, repo).Diagnostics {
		if d.Rule == "tool-not-executable" {
			warned = append(warned, fmt.Sprintf("%s:%d:%d", d.File, d.Line, d.Column))
		}
	}
	if !slices.Equal(warned, want) {
		t.Errorf("tool-not-executable at %q, want %q", warned, want)
	}
}
