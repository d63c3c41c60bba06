package main

import (
	"testing"
	"time"
)

// TestWatchDebounceHonoursZero: --debounce 0 asks for no quiet period, but
// store.NewWatcher takes a Debounce of 0 for its default, 100ms (measured
// before: an edit served 128 ms after it with --debounce 0, 31 ms with
// 1ms). serve gives the store a positive duration for 0 and any other
// value as it is.
func TestWatchDebounceHonoursZero(t *testing.T) {
	for _, c := range []struct {
		flag, want time.Duration
	}{
		{0, time.Nanosecond},
		{time.Millisecond, time.Millisecond},
		{100 * time.Millisecond, 100 * time.Millisecond},
		{maxDebounce, time.Minute},
	} {
		got := watchDebounce(c.flag)
		if got != c.want {
			t.Errorf("watchDebounce(%v) = %v, want %v", c.flag, got, c.want)
		}
		if got <= 0 {
			t.Errorf("watchDebounce(%v) = %v: store.NewWatcher would take it for its default", c.flag, got)
		}
	}
}
