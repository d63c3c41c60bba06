package main

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// brokenWriter fails every write, as a full disk does.
type brokenWriter struct{}

func (brokenWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestVerbsReportWriteFailure: output that cannot be written is an I/O
// failure (exit 2, said on stderr), never a silent exit 0 that a script
// would read as an empty answer.
func TestVerbsReportWriteFailure(t *testing.T) {
	repo := filepath.Join("..", "..", "testdata", "repo")
	for _, args := range [][]string{
		{"tools", "search", "run the tests", "--json"},
		{"tools", "search", "run the tests"},
		{"tools", "search", "zzzz qqqq"}, // "no tool matches"
		{"tools", "show", "ft"},
		{"closure", "pattern-mapper"}, // whose closure is not empty
		{"render", "plan:pre"},
		{"render", "plan:pre", "--format", "markdown"},
		{"render", "plan:pre", "--active-cap", "research"},
		{"gen", "--check", "--out", filepath.Join("..", "..", "testdata", "golden", "repo")},
		{"gen", "--write", "--out", t.TempDir()},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var stderr bytes.Buffer
			if code := run(context.Background(), append(args, "--repo", repo), brokenWriter{}, &stderr); code != exitUsage {
				t.Errorf("exit = %d, want %d (stderr %q)", code, exitUsage, stderr.String())
			}
			if !strings.Contains(stderr.String(), "cannot write the results: no space left on device") {
				t.Errorf("stderr = %q, want the write failure", stderr.String())
			}
		})
	}
}
