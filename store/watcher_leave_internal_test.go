package store

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// blockingObserver holds the first WatchEvent call until release is closed.
type blockingObserver struct {
	entered, release chan struct{}
	once             sync.Once
}

func (o *blockingObserver) Rebuilt(bool, time.Duration, *Snapshot) {}
func (o *blockingObserver) WatchOverflow()                         {}
func (o *blockingObserver) WatchEvent() {
	o.once.Do(func() { close(o.entered); <-o.release })
}

// TestRunLeavesNoPollerBehind: Run returns once the goroutines that follow
// the repository have ended, as its doc says (it leaves no goroutine
// behind): it only told its poller to stop, which went on with the tick it
// was in, fingerprinting the tree and calling the Observer after Run had
// returned.
func TestRunLeavesNoPollerBehind(t *testing.T) {
	repo := t.TempDir()
	if err := os.CopyFS(repo, os.DirFS("../testdata/repo")); err != nil {
		t.Fatal(err)
	}
	obs := &blockingObserver{entered: make(chan struct{}), release: make(chan struct{})}
	w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: repo}}, Poll: 20 * time.Millisecond, Observer: obs})
	guard, stopGuard := context.WithTimeout(context.Background(), time.Minute) // a hang, not a measure
	defer stopGuard()
	ctx, cancel := context.WithCancel(guard)
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	if _, err := w.Reload(guard); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repo, "new-file.md"), []byte("new\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	select {
	case <-obs.entered: // the poller saw the change and tells the Observer
	case <-guard.Done():
		t.Fatal("the poller saw no change")
	}
	cancel()
	select {
	case <-done:
		t.Error("Run returned while its poller still ran (it was in Observer.WatchEvent)")
		close(obs.release)
		return
	case <-time.After(300 * time.Millisecond):
	}
	close(obs.release)
	select {
	case <-done:
	case <-guard.Done():
		t.Fatal("Run did not return")
	}
}
