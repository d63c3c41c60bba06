package store

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestReloadBeforeRunIsServedByTheFirstRebuild: a Reload called before Run
// is served by Run's first rebuild, which starts after the call and so sees
// whatever the caller changed. It waited for that rebuild and then queued
// another, run only after the reload gap: an embedding program that starts
// Run and waits on Reload for its first snapshot waited a second more, and
// the repository was read twice.
func TestReloadBeforeRunIsServedByTheFirstRebuild(t *testing.T) {
	w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: "../testdata/repo"}}, ReloadInterval: time.Minute})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	type answer struct {
		st  Status
		err error
	}
	got := make(chan answer, 1)
	go func() { st, err := w.Reload(ctx); got <- answer{st, err} }()
	for !w.reloadQueued() {
		select {
		case <-ctx.Done():
			t.Fatal("Reload before Run queued nothing")
		case <-time.After(time.Millisecond):
		}
	}
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	a := <-got
	if a.err != nil || a.st.Generation != 1 || a.st.Rebuilds != 1 || a.st.Unchanged != 0 {
		t.Errorf("Reload before Run: %+v, %v; want the first rebuild's status (generation 1, 1 rebuild, none unchanged)", a.st, a.err)
	}
	cancel()
	<-done
}

// TestReloadBeforeRunStoppedIsNotAnswered: a Reload waiting for Run's
// first rebuild, which Run's ctx cuts short, is told the watcher stopped
// (ErrWatcherStopped), as Reload's doc says: it was answered nil with the
// status of no rebuild (generation 0), as though a rebuild had served it,
// so that an embedding program waiting on it for its first snapshot went on
// with none.
func TestReloadBeforeRunStoppedIsNotAnswered(t *testing.T) {
	w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: "../testdata/repo"}}, ReloadInterval: time.Minute})
	bounded, cancelBounded := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancelBounded()
	type answer struct {
		st  Status
		err error
	}
	got := make(chan answer, 1)
	go func() { st, err := w.Reload(bounded); got <- answer{st, err} }()
	for !w.reloadQueued() {
		select {
		case <-bounded.Done():
			t.Fatal("Reload before Run queued nothing")
		case <-time.After(time.Millisecond):
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // Run's first rebuild stops at once
	if err := w.Run(ctx); err != nil {
		t.Fatal(err)
	}
	if a := <-got; !errors.Is(a.err, ErrWatcherStopped) {
		t.Errorf("Reload whose rebuild Run cut short: %+v, %v; want ErrWatcherStopped", a.st, a.err)
	}
}
