package store_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/capreg/capreg/validate"
)

// TestScanDeepTreeOpensFewFiles: however deep the tree, the scan holds few
// directories open, so a card 200 folders down is read by a process that
// may open 32 files. Holding each directory it was inside, a scan failed
// with "too many open files" at the 29th level. The limit is set in a copy
// of this test binary (TestScanDeepTreeOpensFewFilesChild), where it binds
// nothing else.
func TestScanDeepTreeOpensFewFiles(t *testing.T) {
	repo := t.TempDir()
	deep := filepath.Join(repo, "tools", strings.Repeat("d/", 200))
	card := `{"id": "deep", "command": "deep", "summary": "A tool far down.", "intent_phrases": ["reach the bottom"],
		"effects": "None.", "risk": "reversible", "example": "deep"}`
	writeTestFile(t, filepath.Join(deep, "deep"), []byte("#!/bin/sh\n"))
	writeTestFile(t, filepath.Join(deep, "deep.card.json"), []byte(card))
	cmd := exec.Command(os.Args[0], "-test.run=^TestScanDeepTreeOpensFewFilesChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), "CAPREG_DEEP_REPO="+repo)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("scan with 32 open files: %v\n%s", err, out)
	}
	var diags validate.Diagnostics
	if err := json.NewDecoder(strings.NewReader(string(out))).Decode(&diags); err != nil {
		t.Fatalf("the scan printed no diagnostics: %v\n%s", err, out)
	}
	if len(diags) > 0 {
		t.Errorf("diagnostics, want none:\n%s", formatDiagnostics(diags))
	}
}

// TestScanDeepTreeOpensFewFilesChild is the scan of
// TestScanDeepTreeOpensFewFiles; it does nothing otherwise.
func TestScanDeepTreeOpensFewFilesChild(t *testing.T) {
	repo := os.Getenv("CAPREG_DEEP_REPO")
	if repo == "" {
		t.Skip("run by TestScanDeepTreeOpensFewFiles only")
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &syscall.Rlimit{Cur: 32, Max: 32}); err != nil {
		t.Fatal(err)
	}
	snap := scanLoadRepo(t, repo)
	if n := len(snap.Result.Cards); n != 1 {
		t.Errorf("%d cards, want the one", n)
	}
	json.NewEncoder(os.Stdout).Encode(snap.Diagnostics)
}
