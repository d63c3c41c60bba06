package store

import (
	"testing"
	"testing/synctest"
	"time"
)

// TestSettledThenChangedOrderCr34 pins that a poll's settled change queued
// while a rebuild runs is rebuilt at once after it (Watcher.changedSettled,
// d406006) whatever else was queued with it. Run's select takes w.settled
// and w.changes in a random order: changes last re-arms the debounce
// (watcher.go, case <-w.changes: debounce.set(delay)) over the settled
// debounce.set(0), and the settled change waits a debounce (here an hour)
// or, with a stream, up to MaxDelay more. Each trial fails with chance
// about 1/4, so 40 trials FAIL on HEAD practically always (on purpose:
// order-dependent behaviour, not a lost rebuild).
func TestSettledThenChangedOrderCr34(t *testing.T) {
	late := 0
	for range 40 {
		synctest.Test(t, func(t *testing.T) {
			gate := make(chan struct{}) // rebuild 2, during which both signals come
			w, builds := startGatedWatcher(t, map[int64]chan struct{}{2: gate})
			w.Changed()
			time.Sleep(time.Hour) // the debounced rebuild 2 starts and blocks
			synctest.Wait()
			if builds.Load() != 2 {
				t.Fatalf("builds = %d, want 2 running", builds.Load())
			}
			w.changedSettled() // a poll's change, its quiet period over
			w.Changed()        // and an event
			close(gate)
			synctest.Wait() // no fake time passes
			if builds.Load() != 3 {
				late++
			}
		})
	}
	if late > 0 {
		t.Errorf("in %d of 40 trials the settled change was not rebuilt at once (a change signal queued beside it re-armed the debounce)", late)
	}
}
