package api

import (
	"context"
	"testing"
	"time"
)

// TestTurnsOccupancyClampsWaiting: a request turned away when every
// waiting place is taken is counted among the waiters for the instant
// between its count and its refusal (acquire adds it, sees the bound
// passed, takes it off). A scrape in that instant reads the waiting places
// full, not one more than capreg_http_turns_waiting_max, which a board's
// "waiting / waiting_max" would show as past 100%.
func TestTurnsOccupancyClampsWaiting(t *testing.T) {
	tr := newTurns(2, 8, time.Hour)
	release, ok := tr.acquire(context.Background())
	if !ok {
		t.Fatal("the first request got no turn")
	}
	defer release()
	for _, tt := range []struct {
		counted, want int32
	}{
		{0, 0},
		{3, 3},
		{8, 8},
		{9, 8}, // the ninth, counted before its refusal
		{12, 8},
	} {
		tr.waiters.Store(tt.counted)
		inUse, waiting := tr.occupancy()
		if inUse != 1 || waiting != int(tt.want) {
			t.Errorf("%d counted as waiting: occupancy() = %d in use, %d waiting; want 1, %d", tt.counted, inUse, waiting, tt.want)
		}
	}
}
