package api

import (
	"context"
	"testing"
	"time"
)

// TestTurnsLastWaitingPlace: of one waiting place, the first request
// finding every turn taken waits in it and gets the turn given back, a
// second is turned away at once, and its refusal leaves the place free
// again once the first is done: a third waits in it too (cr86 mutants:
// the bound read as "at most maxWaiters-1 wait", and the refusal not
// giving back its count, each survived go test ./api).
func TestTurnsLastWaitingPlace(t *testing.T) {
	tr := newTurns(1, 1, time.Hour)
	release, ok := tr.acquire(context.Background())
	if !ok {
		t.Fatal("the first request got no turn")
	}
	waitInPlace := func(name string) {
		t.Helper()
		if _, waiting := tr.occupancy(); waiting != 0 {
			t.Fatalf("%s: %d waiting before any request waits", name, waiting)
		}
		got := make(chan bool, 1)
		go func() {
			r, ok := tr.acquire(context.Background())
			if ok {
				defer r()
			}
			got <- ok
		}()
		for {
			if _, waiting := tr.occupancy(); waiting == 1 {
				break
			}
			select {
			case ok := <-got:
				t.Fatalf("%s: answered %v at once, want it waiting in the free place", name, ok)
			case <-time.After(time.Millisecond):
			}
		}
		if _, ok := tr.acquire(context.Background()); ok {
			t.Fatalf("%s: a second request got a turn while one waits in the only place", name)
		}
		release()
		if !<-got {
			t.Fatalf("%s: the request waiting got no turn once it was given back", name)
		}
		release, ok = tr.acquire(context.Background())
		if !ok {
			t.Fatalf("%s: no turn after the waiter was done", name)
		}
	}
	waitInPlace("first waiter")
	waitInPlace("after a refusal")
	release()
	if inUse, waiting := tr.occupancy(); inUse != 0 || waiting != 0 {
		t.Errorf("occupancy %d in use, %d waiting, want none", inUse, waiting)
	}
}
