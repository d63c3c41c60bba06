package store_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/store"
)

// TestZeroWatcherPanics: every method of the zero Watcher, or of a nil
// one, that reads what NewWatcher makes panics, saying to make one with
// NewWatcher. Reload of a
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
		for kind, w := range map[string]*store.Watcher{"zero": new(store.Watcher), "nil": nil} {
			got := make(chan any, 1)
			go func() {
				defer func() { got <- recover() }()
				call(w)
			}()
			select {
			case v := <-got:
				if msg := fmt.Sprint(v); v == nil || !strings.Contains(msg, "NewWatcher") {
					t.Errorf("%s Watcher's %s: panic %v; want one naming NewWatcher", kind, name, v)
				}
			case <-time.After(2 * time.Second):
				t.Errorf("%s Watcher's %s: no panic after 2 s", kind, name)
			}
		}
	}
}
