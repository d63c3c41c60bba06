package store_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// readBytes is the sum of the sizes of the files an unbounded scan of repo
// reads: the total ScanOptions.MaxInputBytes bounds.
func readBytes(t *testing.T, repo string) int64 {
	t.Helper()
	in, err := store.Scan(context.Background(), store.ScanOptions{Repo: repo, MaxInputBytes: -1})
	if err != nil {
		t.Fatal(err)
	}
	var n int64
	for _, p := range in.Read {
		data, err := os.ReadFile(p)
		if err != nil {
			continue // a folder
		}
		if strings.EqualFold(filepath.Ext(p), ".md") && !validate.MayHoldMarker(data) {
			continue // documentation, read and dropped: not counted
		}
		n += int64(len(data))
	}
	if n == 0 {
		t.Fatal("the scan read nothing")
	}
	return n
}

func overInputBound(d validate.Diagnostic) bool { return d.Rule == "input-too-large" }

// TestScanStopsAtMaxInputBytes: a repository whose input files come to
// exactly the bound builds; one byte less of bound and the build's only
// finding is input-too-large, placed at a file, naming the option; a
// negative bound is none, and 0 is the default, far above the repository.
func TestScanStopsAtMaxInputBytes(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	total := readBytes(t, repo)
	tests := []struct {
		name string
		max  int64
		over bool
	}{
		{"exactly the bound", total, false},
		{"one byte over", total - 1, true},
		{"a tenth of it", total / 10, true},
		{"no bound", -1, false},
		{"the default", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo, MaxInputBytes: tt.max}})
			if !tt.over {
				if !snap.OK() || slices.ContainsFunc(snap.Diagnostics, overInputBound) {
					t.Fatalf("not built under the bound:\n%s", formatDiagnostics(snap.Diagnostics))
				}
				return
			}
			if snap.OK() || len(snap.Diagnostics) != 1 || !overInputBound(snap.Diagnostics[0]) {
				t.Fatalf("want one input-too-large finding and no registry, got OK %v:\n%s", snap.OK(), formatDiagnostics(snap.Diagnostics))
			}
			d := snap.Diagnostics[0]
			if d.Severity != validate.Error || d.File == "" || d.Line != 1 || d.Column != 1 {
				t.Errorf("finding %+v: want an error at a file's 1:1", d)
			}
			if _, err := os.Stat(filepath.Join(repo, filepath.FromSlash(d.File))); err != nil {
				t.Errorf("finding names %q, no file of the repository: %v", d.File, err)
			}
			for _, want := range []string{"--max-input-bytes", "stopped reading"} {
				if !strings.Contains(d.Message, want) {
					t.Errorf("message %q lacks %q", d.Message, want)
				}
			}
		})
	}
}

// TestMaxInputBytesLeavesDocumentationOut: markdown that holds no marker
// is read and dropped, and does not count against the bound, so a
// repository of much documentation builds where its inputs do; markdown
// holding a marker is a workflow, and counts.
func TestMaxInputBytesLeavesDocumentationOut(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	bound := readBytes(t, repo)
	docs := "# Guide\n\n" + strings.Repeat("Prose about the project, with no marker in it.\n", 2000)
	writeTestFile(t, filepath.Join(repo, "docs", "guide.md"), []byte(docs))
	if n := readBytes(t, repo); n != bound {
		t.Fatalf("the repository's counted bytes went from %d to %d with documentation added", bound, n)
	}
	snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo, MaxInputBytes: bound}})
	if !snap.OK() || slices.ContainsFunc(snap.Diagnostics, overInputBound) {
		t.Fatalf("%d bytes of documentation took the repository over the bound:\n%s", len(docs), formatDiagnostics(snap.Diagnostics))
	}
	// The same file holding a marker (a misspelt one, which MayHoldMarker
	// keeps so that the slip is reported) is read as a workflow and counted.
	writeTestFile(t, filepath.Join(repo, "docs", "guide.md"), []byte("<!-- gsd:loop-hots\nstep: x\n-->\n"+docs))
	snap = scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo, MaxInputBytes: bound}})
	if len(snap.Diagnostics) != 1 || !overInputBound(snap.Diagnostics[0]) {
		t.Fatalf("a workflow of %d bytes over the bound: want one input-too-large finding, got:\n%s", len(docs), formatDiagnostics(snap.Diagnostics))
	}
}

// TestWatcherKeepsTheLastGoodOverMaxInputBytes: a change that takes the
// repository over the bound (a large tool card added) fails its build,
// and the watcher goes on serving the last good snapshot; the card
// removed, the repository is served again.
func TestWatcherKeepsTheLastGoodOverMaxInputBytes(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	bound := readBytes(t, repo) + 1000
	w, c := startWatcher(t, repo, store.WatchOptions{Options: store.Options{ScanOptions: store.ScanOptions{MaxInputBytes: bound}}})
	served := w.Current()
	if !served.OK() {
		t.Fatalf("first build failed:\n%s", formatDiagnostics(served.Diagnostics))
	}
	card := filepath.Join(repo, "bin", "huge.card.json")
	writeTestFile(t, card, []byte(`{"id": "huge", "command": "bin/huge", "summary": "`+strings.Repeat("x", 2000)+`"}`))
	waitFor(t, "the build over the bound to fail", func() bool {
		f := w.Status().Failure
		return f != nil && slices.ContainsFunc(f.Diagnostics, overInputBound) && c.failed.Load() > 0
	})
	if w.Current() != served {
		t.Error("the build over the bound replaced the served snapshot")
	}
	if err := os.Remove(card); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the repository under the bound to be served", func() bool { return w.Status().Failure == nil })
	if !w.Current().OK() {
		t.Error("the repository under the bound again is not served")
	}
}
