package api_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/store"
)

// TestWaitingEndsTheBreak: a first checkout that fails, then goes away
// (git-sync's link removed), has the watcher wait for the repository, with
// no failure in /status; capreg_registry_failing_since_timestamp_seconds
// reads 0 then, as the diagnostics gauges do, and a repository that
// reappears broken begins a break of its own. The gauge kept the time of
// the failure from before the repository went away, through the wait and
// into the next break (seen on a real daemon: /status "waiting", no
// failure, diagnostics 0, failing since the gone checkout's build).
func TestWaitingEndsTheBreak(t *testing.T) {
	repo := filepath.Join(t.TempDir(), "repo")
	// The broken checkout appears whole, as git-sync's link does: no
	// rebuild reads the copy before its ui is broken, which would serve it.
	breakRepo := func() {
		t.Helper()
		tmp := repo + ".tmp"
		if err := os.CopyFS(tmp, os.DirFS("../testdata/repo")); err != nil {
			t.Fatal(err)
		}
		ui := filepath.Join(tmp, "capabilities", "ui", "capability.json")
		if err := os.WriteFile(ui, []byte(`{ broken`), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(tmp, repo); err != nil {
			t.Fatal(err)
		}
	}
	breakRepo()
	m := api.NewMetrics()
	w := store.NewWatcher(store.WatchOptions{Options: store.Options{ScanOptions: store.ScanOptions{Repo: repo}},
		Poll: time.Hour, ReloadInterval: time.Nanosecond, Observer: m})
	h := api.NewRouter(w, api.Options{Metrics: m})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	defer func() { cancel(); <-done }()
	failingSince := func() float64 {
		t.Helper()
		return scraped(t, do(t, h, "GET", "/metrics", nil).body, "capreg_registry_failing_since_timestamp_seconds")
	}

	if st, err := w.Reload(ctx); err != nil || st.Failure == nil {
		t.Fatalf("broken first checkout: status %+v, %v; want a failure", st, err)
	}
	first := failingSince()
	if first == 0 {
		t.Fatal("broken first checkout: failing since 0, want when it failed")
	}

	if err := os.RemoveAll(repo); err != nil {
		t.Fatal(err)
	}
	if st, err := w.Reload(ctx); err != nil || st.Waiting == "" || st.Failure != nil {
		t.Fatalf("no repository: status waiting %q failure %v (%v); want waiting and no failure", st.Waiting, st.Failure, err)
	}
	if got := failingSince(); got != 0 {
		t.Errorf("waiting for the repository, no failure in /status: failing since %f, want 0", got)
	}

	// The new break's time is later than the first one's: the clock has
	// moved on (Unix seconds with their fraction) by the removal, the copy
	// and two scans in between.
	breakRepo()
	if st, err := w.Reload(ctx); err != nil || st.Failure == nil {
		t.Fatalf("broken again: status %+v, %v; want a failure", st, err)
	}
	if got := failingSince(); got <= first {
		t.Errorf("the repository back, broken: failing since %f, want the new break's time, after the first's %f", got, first)
	}
}
