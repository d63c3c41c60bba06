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
			w := NewWatcher(WatchOptions{Debounce: time.Hour, MaxDelay: 2 * time.Hour})
			var builds atomic.Int64
			gate2, gate3 := make(chan struct{}), make(chan struct{})
			w.build = func(ctx context.Context, _ enterFunc) (*Snapshot, error) {
				n := builds.Add(1)
				switch n {
				case 2:
					<-gate2
				case 3:
					<-gate3
				}
				return &Snapshot{Registry: &Registry{}, Result: &validate.Result{}, Digest: strconv.FormatInt(n, 10)}, nil
			}
			w.notify = func(*Watcher) notifier { return nopNotifier{} }
			ctx, cancel := context.WithCancel(t.Context())
			defer cancel()
			go w.Run(ctx)
			synctest.Wait()
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
