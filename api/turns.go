package api

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"
)

// turns bounds how many requests of one kind are evaluated at once. A
// request takes a turn when one is free; otherwise it waits for one, for at
// most wait or until it ends, unless maxWaiters already wait, in which case
// it is turned away at once rather than queued without limit.
type turns struct {
	slots      chan struct{}
	waiters    atomic.Int32
	maxWaiters int32
	wait       time.Duration
}

// newTurns returns n turns (at least 1).
func newTurns(n int, maxWaiters int32, wait time.Duration) *turns {
	return &turns{slots: make(chan struct{}, max(1, n)), maxWaiters: maxWaiters, wait: wait}
}

// size is how many requests may hold a turn at once.
func (t *turns) size() int { return cap(t.slots) }

// acquire takes a turn, or reports false when none came in time, the
// waiting places are all taken or the request ended. release gives the
// turn back.
func (t *turns) acquire(ctx context.Context) (release func(), ok bool) {
	select {
	case t.slots <- struct{}{}:
		return t.release, true
	default:
	}
	if t.waiters.Add(1) > t.maxWaiters {
		t.waiters.Add(-1)
		return nil, false
	}
	defer t.waiters.Add(-1)
	timer := time.NewTimer(t.wait)
	defer timer.Stop()
	select {
	case t.slots <- struct{}{}:
		return t.release, true
	case <-timer.C:
	case <-ctx.Done():
	}
	return nil, false
}

func (t *turns) release() { <-t.slots }

// occupancy is how many requests hold a turn and how many wait for one,
// for the metrics. A request turned away counts as waiting for the
// instant between its count and its refusal: waiting is clamped to the
// waiting places.
func (t *turns) occupancy() (inUse, waiting int) {
	return len(t.slots), int(min(max(t.waiters.Load(), 0), t.maxWaiters))
}

// refuse answers a request that got no turn: 503 busy, saying what the
// turns are taken by (others, "command lines are being matched"), how many
// the server takes at once (details.concurrent: the turns, not a count of
// the requests ahead, which may wait for them too) and when to retry
// (Retry-After, in whole seconds).
func (t *turns) refuse(w http.ResponseWriter, others string, retryAfter time.Duration) {
	w.Header().Set("Retry-After", strconv.Itoa(int(retryAfter/time.Second)))
	writeError(w, http.StatusServiceUnavailable, CodeBusy,
		fmt.Sprintf("the server is busy: %s, as many at once as it takes (%d); retry shortly", others, t.size()),
		map[string]any{"concurrent": t.size()})
}
