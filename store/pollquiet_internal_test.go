package store

import (
	"context"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestPollWaitsForQuiet pins the debounce's quiet period under --poll:
// while a file is written every 5 ms for 1.2 s (a slow cp -r), with ticks
// every 300 ms and a debounce of 100 ms, no rebuild starts before the
// writes stop (one is allowed, should the writer stall for a debounce on a
// busy machine). Each tick that found a change signalled it once, and the
// rebuild a debounce later read the copy under way: four in the stream,
// each served for a whole interval (review r24: 47 of 212 capabilities).
func TestPollWaitsForQuiet(t *testing.T) {
	repo := t.TempDir()
	copyTree(t, "../testdata/repo", repo)
	w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: repo}}, Poll: 300 * time.Millisecond, Debounce: 100 * time.Millisecond})
	var (
		mu     sync.Mutex
		starts []time.Time
		builds atomic.Int64
	)
	load := w.build
	w.build = func(ctx context.Context, entering enterFunc) (*Snapshot, error) {
		mu.Lock()
		starts = append(starts, time.Now())
		mu.Unlock()
		defer builds.Add(1)
		return load(ctx, entering)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go w.Run(ctx)
	deadline := time.Now().Add(20 * time.Second)
	for builds.Load() < 1 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	begin := time.Now()
	for i := 0; time.Since(begin) < 1200*time.Millisecond; i++ {
		if err := os.WriteFile(repo+"/docs/copying.md", []byte(time.Now().String()), 0o644); err != nil {
			t.Fatal(err)
		}
		time.Sleep(5 * time.Millisecond)
	}
	end := time.Now()
	for builds.Load() < 2 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	mu.Lock()
	defer mu.Unlock()
	during := 0
	for _, s := range starts[1:] {
		if s.After(begin) && s.Before(end) {
			during++
		}
	}
	if during > 1 {
		t.Errorf("%d rebuilds started while the tree was being written, want none (at most one)", during)
	}
	if len(starts) < 2 {
		t.Errorf("no rebuild after the writes stopped")
	}
}
