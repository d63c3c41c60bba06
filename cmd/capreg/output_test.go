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

// TestHelpReportsWriteFailure: help asked for and not written is no
// success either.
func TestHelpReportsWriteFailure(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"--help"}, {"tools", "--help"}, {"tools", "search", "--help"}, {"check", "--help"}, {"help", "render"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var stderr bytes.Buffer
			if code := run(context.Background(), args, brokenWriter{}, &stderr); code != exitUsage || !strings.Contains(stderr.String(), "cannot write the help: no space left on device") {
				t.Errorf("exit %d, stderr %q; want %d and the write failure", code, stderr.String(), exitUsage)
			}
		})
	}
}

// TestScoreText: a score is printed with at most four significant digits,
// in exponent form when very small or large, never rounded to zero.
func TestScoreText(t *testing.T) {
	for v, want := range map[float64]string{25380: "25380", 467.8: "467.8", 1: "1", 0.0123456: "0.01235", 5.5e-7: "5.5e-07", 1.2345e12: "1.234e+12", 4.94e-324: "4.941e-324"} {
		if got := scoreText(v); got != want {
			t.Errorf("scoreText(%g) = %q, want %q", v, got, want)
		}
	}
}

// TestClip: a text is clipped to 200 runes plus an ellipsis, rune-safe, and a
// short one is left as it is.
func TestClip(t *testing.T) {
	long := strings.Repeat("é", 300)
	if got := clip(long); got != strings.Repeat("é", 200)+"…" {
		t.Errorf("clip of 300 runes = %d runes", len([]rune(got)))
	}
	if got := clip("deploy"); got != "deploy" {
		t.Errorf("clip(deploy) = %q", got)
	}
}
