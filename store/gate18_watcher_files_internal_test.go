package store

import (
	"context"
	"os"
	"testing"
	"time"
)

// TestWatcherClosesItsFiles: a watcher stopped leaves no file open, the
// mount table's watch (/proc/self/mountinfo, its epoll and its pipe)
// among them, so that a process starting and stopping watchers (a
// reload, a test suite, an embedder) does not run out of descriptors.
func TestWatcherClosesItsFiles(t *testing.T) {
	open := func() int {
		fds, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Skipf("no /proc/self/fd: %v", err)
		}
		return len(fds)
	}
	repo := sampleRepoCopy(t)
	const cycles = 5
	before := open()
	for range cycles {
		w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: repo}}, Debounce: 10 * time.Millisecond})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { w.Run(ctx); close(done) }()
		deadline := time.Now().Add(10 * time.Second)
		for w.Current() == nil && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		cancel()
		<-done
		if w.Current() == nil {
			t.Fatal("no first snapshot")
		}
	}
	if after := open(); after-before >= cycles {
		t.Errorf("%d files open after %d watchers stopped, %d before", after, cycles, before)
	}
}
