package store_test

import (
	"context"
	"errors"
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
