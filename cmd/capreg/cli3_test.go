package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/capreg/capreg/store"
)

// TestWatchDebounceHonoursZero: --debounce 0 asks for no quiet period, but
// store.NewWatcher takes a Debounce of 0 for its default, 100ms (measured
// before: an edit served 128 ms after it with --debounce 0, 31 ms with
// 1ms). serve gives the store a positive duration for 0 and any other
// value as it is.
func TestWatchDebounceHonoursZero(t *testing.T) {
	for _, c := range []struct {
		flag, want time.Duration
	}{
		{0, time.Nanosecond},
		{time.Millisecond, time.Millisecond},
		{100 * time.Millisecond, 100 * time.Millisecond},
		{maxDebounce, time.Minute},
	} {
		got := watchDebounce(c.flag)
		if got != c.want {
			t.Errorf("watchDebounce(%v) = %v, want %v", c.flag, got, c.want)
		}
		if got <= 0 {
			t.Errorf("watchDebounce(%v) = %v: store.NewWatcher would take it for its default", c.flag, got)
		}
	}
}

// TestOutputToAPipeWithoutReader: a verb whose standard output is a pipe
// whose reader has gone (`capreg check --format sarif | head -1` once head
// has exited) ends as any writer to that pipe does, by SIGPIPE (141 in a
// shell), with nothing on stderr, not with an exit 2 "cannot write" a
// script under pipefail would take for capreg's failure; gen --write
// names the files it wrote only once all are written, so every one is. The
// child is this test binary, running capreg's run on its real stdout.
func TestOutputToAPipeWithoutReader(t *testing.T) {
	if args := os.Getenv("CAPREG_TEST_PIPE_CHILD"); args != "" {
		os.Exit(run(context.Background(), strings.Split(args, "\x1f"), os.Stdout, os.Stderr))
	}
	repo := filepath.Join("..", "..", "testdata", "repo")
	for _, args := range [][]string{
		{"help"},
		{"check", "--repo", repo, "--format", "sarif"},
		{"state", "--repo", repo, "--format", "text"},
		{"tools", "search", "push my branch", "--repo", repo},
		{"gen", "--write", "--repo", repo, "--out", "OUT"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			out := t.TempDir()
			for i, a := range args {
				if a == "OUT" {
					args[i] = out
				}
			}
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			r.Close() // the reader is gone before capreg writes
			var stderr bytes.Buffer
			cmd := exec.Command(os.Args[0], "-test.run=^TestOutputToAPipeWithoutReader$", "-test.count=1")
			cmd.Env = append(os.Environ(), "CAPREG_TEST_PIPE_CHILD="+strings.Join(args, "\x1f"))
			cmd.Stdout, cmd.Stderr = w, &stderr
			err = cmd.Run()
			w.Close()
			if cmd.ProcessState == nil {
				t.Fatal(err)
			}
			ws, _ := cmd.ProcessState.Sys().(syscall.WaitStatus)
			if !ws.Signaled() || ws.Signal() != syscall.SIGPIPE {
				t.Errorf("capreg %s: %v (want the end SIGPIPE gives a writer); stderr %q", args[0], err, stderr.String())
			}
			if args[0] == "gen" {
				for _, name := range store.ArtifactNames {
					if _, err := os.Stat(filepath.Join(out, name)); err != nil {
						t.Errorf("gen --write ended by SIGPIPE left %s unwritten: %v", name, err)
					}
				}
				return // its warnings go to stderr before it writes
			}
			if stderr.Len() != 0 {
				t.Errorf("stderr = %q, want nothing", stderr.String())
			}
		})
	}
}
