package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeTree writes files (path → content) under a new folder and returns it.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, c := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestCheckCountsTheUnreadPastTheScansList: of more files not read for
// their place than the scan lists (Sources.Unread holds 100), the last
// note counts those past the five named and those the scan only counted
// (UnreadMore): 104 misplaced cards are 5 named and "99 more files".
func TestCheckCountsTheUnreadPastTheScansList(t *testing.T) {
	files := map[string]string{"capreg.json": `{"cards": ["bin"]}`}
	for i := range 104 {
		files[fmt.Sprintf("docs/t%03d.card.json", i)] = "{}"
	}
	var stdout, stderr bytes.Buffer
	run(context.Background(), []string{"check", "--repo", writeTree(t, files)}, &stdout, &stderr)
	if got := strings.Count(stderr.String(), "not read: tool cards are read under bin only"); got != 5 {
		t.Errorf("%d cards named, want 5:\n%s", got, stderr.String())
	}
	if !strings.Contains(stderr.String(), "capreg: 99 more files not read for their place") {
		t.Errorf("stderr lacks \"99 more files\":\n%s", stderr.String())
	}
}

// TestGenCheckNamesNoFolderWhoseRegistryIsAFolder: a folder beside a
// missing --out is named as the one meant only when it holds the registry
// as a file.
func TestGenCheckNamesNoFolderWhoseRegistryIsAFolder(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "gen", "capability-registry.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"gen", "--check", "--repo", "../../testdata/first", "--out", filepath.Join(dir, "gen2")}, &stdout, &stderr)
	if code != exitFindings || !strings.Contains(stderr.String(), "gen2 does not exist, so the 3 artifacts are missing") {
		t.Fatalf("exit %d, want %d with the artifacts missing\n%s", code, exitFindings, stderr.String())
	}
	if strings.Contains(stderr.String(), "did you mean") {
		t.Errorf("stderr names a folder holding no registry file:\n%s", stderr.String())
	}
}

// TestStateOfAnEmptyID: state given an empty capability ID is a usage
// error (exit 2), as an empty operand is for every verb, not an unknown
// capability "" (exit 1): the check was dropped without a test failing.
func TestStateOfAnEmptyID(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"state", "--repo", "../../testdata/first", ""}, &stdout, &stderr)
	if code != exitUsage || strings.Contains(stderr.String(), "no capability") {
		t.Errorf("state \"\": exit %d, stderr %q; want %d, a usage error", code, stderr.String(), exitUsage)
	}
}
