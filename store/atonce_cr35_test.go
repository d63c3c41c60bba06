package store

import (
	"context"
	"strconv"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/capreg/capreg/validate"
)

// TestAtOnceLosesNoChangeCr35 pins that the change Run skips while the
// debounce is set to fire at once (watcher.go, case <-w.changes:
// debounce.atOnce) is neither lost nor delayed, and that the at-once fire
// leaves the debounce bookkeeping clean: a change signalled while that
// rebuild runs gets one debounced rebuild (not at once, not never), and
// nothing is rebuilt after it without a signal. 40 trials cover both
// orders in which Run's select takes the settled and the change signal.
func TestAtOnceLosesNoChangeCr35(t *testing.T) {
	for range 40 {
		synctest.Test(t, func(t *testing.T) {
			gate2, gate3 := make(chan struct{}), make(chan struct{})
			w, builds := startGatedWatcher(t, map[int64]chan struct{}{2: gate2, 3: gate3})
			w.Changed()
			time.Sleep(time.Hour) // rebuild 2 starts and blocks
			synctest.Wait()
			w.changedSettled()
			w.Changed()
			close(gate2)
			synctest.Wait() // rebuild 3, at once, blocks
			if got := builds.Load(); got != 3 {
				t.Fatalf("builds = %d after the settled change, want 3 (at once)", got)
			}
			w.Changed() // seen during rebuild 3: it may have missed it
			close(gate3)
			synctest.Wait()
			if got := builds.Load(); got != 3 {
				t.Fatalf("builds = %d at once after a plain change, want 3 (debounced)", got)
			}
			time.Sleep(time.Hour)
			synctest.Wait()
			if got := builds.Load(); got != 4 {
				t.Fatalf("builds = %d a debounce after the change, want 4", got)
			}
			time.Sleep(5 * time.Hour)
			synctest.Wait()
			if got := builds.Load(); got != 4 {
				t.Fatalf("builds = %d with no change signalled, want 4", got)
			}
		})
	}
}

// startGatedWatcher starts Run, in the calling synctest bubble, on a
// watcher with an hour's debounce whose n-th build blocks until gates[n]
// is closed, and waits until the first build is served. It returns the
// watcher and the count of builds begun: the synctest tests of Run's
// signals each need a rebuild held open while signals arrive.
func startGatedWatcher(t *testing.T, gates map[int64]chan struct{}) (*Watcher, *atomic.Int64) {
	t.Helper()
	w := NewWatcher(WatchOptions{Debounce: time.Hour, MaxDelay: 2 * time.Hour})
	builds := new(atomic.Int64)
	w.build = func(ctx context.Context, _ enterFunc) (*Snapshot, error) {
		n := builds.Add(1)
		if gate, ok := gates[n]; ok {
			<-gate
		}
		return &Snapshot{Registry: &Registry{}, Result: &validate.Result{}, Digest: strconv.FormatInt(n, 10)}, nil
	}
	w.notify = func(*Watcher) notifier { return nopNotifier{} }
	ctx, cancel := context.WithCancel(t.Context())
	t.Cleanup(cancel)
	go w.Run(ctx)
	synctest.Wait()
	return w, builds
}
