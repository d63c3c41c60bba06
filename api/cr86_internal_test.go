package api

import (
	"context"
	"net/http"
	"net/http/httptest"
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

// TestGzipForOverOneKiB: a body goes gzipped only over 1 KiB, as README
// and openapi say: 1,024 bytes go as they are, 1,025 gzipped, to a client
// taking gzip; none to one that does not (cr86 mutant: 1 KiB itself
// gzipped survived go test ./api).
func TestGzipForOverOneKiB(t *testing.T) {
	for _, tt := range []struct {
		size     int
		encoding string
		want     bool
	}{
		{1024, "gzip", false},
		{1025, "gzip", true},
		{1025, "identity", false},
	} {
		r := httptest.NewRequest(http.MethodGet, "/registry", nil)
		r.Header.Set("Accept-Encoding", tt.encoding)
		if got := gzipFor(r, &body{data: make([]byte, tt.size)}); got != tt.want {
			t.Errorf("%d bytes, Accept-Encoding %s: gzipped %v, want %v", tt.size, tt.encoding, got, tt.want)
		}
	}
}
