package store_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/store"
)

// TestZeroWatcherPanics: every method of the zero Watcher that reads what
// NewWatcher makes panics, saying to make one with NewWatcher. Reload of a
// zero Watcher waited for its ctx, forever with context.Background(), and
// Run panicked with "close of nil channel" after a nil dereference; the doc
// and the README said the zero one panics.
func TestZeroWatcherPanics(t *testing.T) {
	for name, call := range map[string]func(w *store.Watcher){
		"Run":     func(w *store.Watcher) { w.Run(context.Background()) },
		"Reload":  func(w *store.Watcher) { w.Reload(context.Background()) },
		"Current": func(w *store.Watcher) { w.Current() },
		"State":   func(w *store.Watcher) { w.State() },
		"Status":  func(w *store.Watcher) { w.Status() },
	} {
		got := make(chan any, 1)
		go func() {
			defer func() { got <- recover() }()
			call(new(store.Watcher))
		}()
		select {
		case v := <-got:
			if msg := fmt.Sprint(v); v == nil || !strings.Contains(msg, "NewWatcher") {
				t.Errorf("zero Watcher's %s: panic %v; want one naming NewWatcher", name, v)
			}
		case <-time.After(2 * time.Second):
			t.Errorf("zero Watcher's %s: no panic after 2 s", name)
		}
	}
}
