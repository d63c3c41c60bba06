package store

import (
	"context"
	"os"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

// TestPollWaitsForQuiet pins the debounce's quiet period under --poll:
// while a file is written every 5 ms for 1.2 s (a slow cp -r), with ticks
// every 300 ms and a debounce of 100 ms, no rebuild starts before the
// writes stop, and one starts after. Each tick that found a change
// signalled it once, and the rebuild a debounce later read the copy under
// way: four in the stream, each served for a whole interval (review r24:
// 47 of 212 capabilities). In a bubble, time moves only when the watcher
// and the writer both wait, so a busy machine cannot stall the writer for
// a debounce (which real time had to allow once).
func TestPollWaitsForQuiet(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		repo := t.TempDir()
		copyTree(t, "../testdata/repo", repo)
		w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: repo}}, Poll: 300 * time.Millisecond, Debounce: 100 * time.Millisecond})
		var (
			mu     sync.Mutex
			starts []time.Time
		)
		load := w.build
		w.build = func(ctx context.Context, entering enterFunc) (*Snapshot, error) {
			mu.Lock()
			starts = append(starts, time.Now())
			mu.Unlock()
			return load(ctx, entering)
		}
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan struct{})
		go func() { defer close(done); _ = w.Run(ctx) }()
		defer func() { cancel(); <-done }()
		// The first build and the rescan its new directories bring
		// (poller.fingerprint) are over long before this.
		time.Sleep(2 * time.Second)
		synctest.Wait()
		begin := time.Now()
		var written []byte
		for time.Since(begin) < 1200*time.Millisecond {
			// One byte longer each time: the real time of the
			// modification may not move while the bubble's clock does.
			written = append(written, 'x')
			if err := os.WriteFile(repo+"/docs/copying.md", written, 0o644); err != nil {
				t.Fatal(err)
			}
			time.Sleep(5 * time.Millisecond)
		}
		end := time.Now()
		time.Sleep(2 * time.Second)
		synctest.Wait()
		mu.Lock()
		defer mu.Unlock()
		during, after := 0, 0
		for _, s := range starts {
			switch {
			case s.After(begin) && s.Before(end):
				during++
			case !s.Before(end):
				after++
			}
		}
		if during != 0 || after != 1 {
			t.Errorf("%d rebuilds started while the tree was being written and %d after, want none and one", during, after)
		}
	})
}
