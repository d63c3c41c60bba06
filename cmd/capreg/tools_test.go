package main

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
)

// brokenWriter fails every write, as a closed pipe does.
type brokenWriter struct{}

func (brokenWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

// TestToolsSearchReportsWriteFailure: results that cannot be written are
// an I/O failure (exit 2, said on stderr), never a silent exit 0 that a
// script would read as "no tool matches".
func TestToolsSearchReportsWriteFailure(t *testing.T) {
	repo := filepath.Join("..", "..", "testdata", "repo")
	snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
	if err != nil || !snap.OK() {
		t.Fatalf("%s: %v", repo, err)
	}
	verbs := map[string]func(stderr *bytes.Buffer) int{
		"search --json": func(stderr *bytes.Buffer) int {
			return toolsSearch(snap, "run the tests", 5, "", true, brokenWriter{}, stderr)
		},
		"search": func(stderr *bytes.Buffer) int {
			return toolsSearch(snap, "run the tests", 5, "", false, brokenWriter{}, stderr)
		},
		"search, no match": func(stderr *bytes.Buffer) int {
			return toolsSearch(snap, "zzzz qqqq", 5, "", false, brokenWriter{}, stderr)
		},
		"show": func(stderr *bytes.Buffer) int {
			return toolsShow(context.Background(), snap, repo, "ft", false, brokenWriter{}, stderr)
		},
	}
	for name, run := range verbs {
		t.Run(name, func(t *testing.T) {
			var stderr bytes.Buffer
			if code := run(&stderr); code != exitUsage {
				t.Errorf("exit = %d, want %d", code, exitUsage)
			}
			if !strings.Contains(stderr.String(), "cannot write the results: broken pipe") {
				t.Errorf("stderr = %q, want the write failure", stderr.String())
			}
		})
	}
}
