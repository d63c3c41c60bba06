package store

import (
	"context"
	"os"
	"sync"
	"testing"
	"time"
)

// TestPollRebuildWithinDebounceAndMaxDelay pins, under --poll, the bounds the
// README and WatchOptions give for when a rebuild starts: one debounce after
// the last change (a single write), and never more than MaxDelay after the
// first of a stream, plus the poll interval the change may wait to be seen.
// The settle of 062bf16 already waits out the debounce's quiet period (or
// MaxDelay) before it signals, and Run's loop then waits a second debounce:
// a single write is served two debounces late, and a stream MaxDelay plus a
// debounce late (past "20 × the debounce"). Its first wait is a whole
// debounce even when MaxDelay is shorter. The lower bound of each miss is
// set by timers, so a failure here is no slow machine; the slack covers one
// fingerprint of the small test repository and a busy scheduler.
func TestPollRebuildWithinDebounceAndMaxDelay(t *testing.T) {
	for _, tc := range []struct {
		name                     string
		poll, debounce, maxDelay time.Duration
		stream                   time.Duration // writes every 5 ms for this long; 0: one write
		want                     time.Duration // the bound, from the first write
	}{
		// poll + debounce; the settled code starts at ≥ 2 × 600 ms.
		{"one write", 50 * time.Millisecond, 600 * time.Millisecond, 0, 0, 50*time.Millisecond + 600*time.Millisecond},
		// poll + MaxDelay; the settled code starts at ≥ 1,200 + 600 ms.
		{"stream", 50 * time.Millisecond, 600 * time.Millisecond, 1200 * time.Millisecond, 2 * time.Second, 50*time.Millisecond + 1200*time.Millisecond},
		// poll + MaxDelay (shorter than the debounce); settled: ≥ 1 s.
		{"MaxDelay under the debounce", 50 * time.Millisecond, time.Second, 100 * time.Millisecond, 0, 50*time.Millisecond + 100*time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Under the least miss (a debounce), for a busy machine
			// running the tests with -race.
			const slack = 400 * time.Millisecond
			got := firstRebuildAfterWrites(t, tc.poll, tc.debounce, tc.maxDelay, tc.stream)
			if got > tc.want+slack {
				t.Errorf("the rebuild started %v after the first write, want at most %v (+%v slack)", got.Round(time.Millisecond), tc.want, slack)
			}
		})
	}
}

// firstRebuildAfterWrites starts a polling watcher on a copy of the test
// repository, waits for its first build, writes a file read by the scan
// (once, or every 5 ms for stream), and returns how long after the first
// write the next rebuild started.
func firstRebuildAfterWrites(t *testing.T, poll, debounce, maxDelay, stream time.Duration) time.Duration {
	t.Helper()
	repo := t.TempDir()
	copyTree(t, "../testdata/repo", repo)
	w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: repo}}, Poll: poll, Debounce: debounce, MaxDelay: maxDelay})
	var (
		mu     sync.Mutex
		starts []time.Time
	)
	started := make(chan struct{}, 16)
	load := w.build
	w.build = func(ctx context.Context, entering enterFunc) (*Snapshot, error) {
		mu.Lock()
		starts = append(starts, time.Now())
		mu.Unlock()
		select {
		case started <- struct{}{}:
		default:
		}
		return load(ctx, entering)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = w.Run(ctx) }()
	defer func() { cancel(); <-done }()
	// The first build, served, before any write.
	if _, err := w.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	// A first scan's dirs, inputs and reads are new to the poller, whose
	// next tick differs and rescans once (see poller.fingerprint): wait
	// until no build has started for longer than any rebuild may wait.
	quiet := poll + 2*debounce + max(maxDelay, debounce) + 200*time.Millisecond
	for idle := false; !idle; {
		select {
		case <-started:
		case <-time.After(quiet):
			idle = true
		}
	}
	begin := time.Now()
	for {
		if err := os.WriteFile(repo+"/docs/copying.md", []byte(time.Now().String()), 0o644); err != nil {
			t.Fatal(err)
		}
		if time.Since(begin) >= stream {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	select {
	case <-started:
	case <-time.After(20 * time.Second):
		t.Fatal("no rebuild after the writes")
	}
	mu.Lock()
	defer mu.Unlock()
	for _, s := range starts {
		if s.After(begin) {
			return s.Sub(begin)
		}
	}
	t.Fatal("no rebuild start recorded after the first write")
	return 0
}
