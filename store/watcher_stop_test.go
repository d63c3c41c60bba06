package store_test

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/store"
)

// TestWatcherReloadAfterRun: once Run has returned, Reload says the
// watcher stopped rather than waiting for a rebuild no loop will make
// (before, it waited for its context, for ever with context.Background),
// and a second Run is refused rather than starting a second loop.
func TestWatcherReloadAfterRun(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	w := store.NewWatcher(store.WatchOptions{Options: store.Options{ScanOptions: store.ScanOptions{Repo: repo}}})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	if _, err := w.Reload(context.Background()); err != nil {
		t.Fatalf("Reload while running: %v", err)
	}
	if err := w.Run(context.Background()); !errors.Is(err, store.ErrWatcherRunning) {
		t.Errorf("second Run: %v, want ErrWatcherRunning", err)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Run: %v", err)
	}
	bounded, stop := context.WithTimeout(context.Background(), 10*time.Second)
	defer stop()
	if _, err := w.Reload(bounded); !errors.Is(err, store.ErrWatcherStopped) {
		t.Errorf("Reload after Run returned: %v, want ErrWatcherStopped", err)
	}
	if w.Current() == nil {
		t.Error("the last snapshot is gone once Run returned")
	}
}

// TestWatcherLogsMisplacedDeclarations: a daemon serving a monorepo from
// its root serves an empty registry, and its warning says how many
// declarations it holds where it does not read them, so the operator's
// log does not say "nothing" alone.
func TestWatcherLogsMisplacedDeclarations(t *testing.T) {
	repo := t.TempDir()
	writeTestFile(t, filepath.Join(repo, "packages", "a", "capabilities", "x", "capability.json"), []byte(`{"id": "x"}`))
	var log syncBuffer
	w, _ := startWatcher(t, repo, store.WatchOptions{Logger: slog.New(slog.NewTextHandler(&log, nil))})
	waitFor(t, "the empty registry", func() bool { return w.Current() != nil })
	waitFor(t, "the warning", func() bool { return strings.Contains(log.String(), "holds nothing capreg reads") })
	for l := range strings.SplitSeq(log.String(), "\n") {
		if strings.Contains(l, "holds nothing capreg reads") && !strings.Contains(l, "capabilityMisplacedWarnings=1") {
			t.Errorf("log line %q does not count the misplaced declaration", l)
		}
	}
}
