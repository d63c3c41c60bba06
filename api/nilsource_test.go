package api_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/capreg/capreg/api"
	"github.com/capreg/capreg/store"
)

// TestNewRouterNilSource: a nil Source, which NewRouter's doc rules out,
// is refused when the router is made, as http.Handle refuses a nil
// handler. The router made over one answered /healthz 200 and every route
// that reads the source a bare 500 internal, the recovered panic logged
// only where Options.Logger was set: an embedding program whose watcher
// was never assigned passed its liveness probe and served nothing.
func TestNewRouterNilSource(t *testing.T) {
	defer func() {
		v := recover()
		if v == nil {
			t.Fatal("NewRouter(nil, …) made a router")
		}
		if msg := fmt.Sprint(v); !strings.Contains(msg, "nil Source") {
			t.Errorf("NewRouter(nil, …) panicked with %q; want it to name the nil Source", msg)
		}
	}()
	api.NewRouter(nil, api.Options{})
}

// TestNewRouterNilWatcher: a nil *store.Watcher is the nil Source of a
// program whose watcher was never assigned ("var w *store.Watcher"), and
// is refused so too; as an interface it is not nil, and the router made
// over it answered /healthz 200 and every other route 500.
func TestNewRouterNilWatcher(t *testing.T) {
	defer func() {
		if msg := fmt.Sprint(recover()); !strings.Contains(msg, "nil Source") {
			t.Errorf("NewRouter((*store.Watcher)(nil), …) panicked with %q; want it to name the nil Source", msg)
		}
	}()
	var w *store.Watcher
	api.NewRouter(w, api.Options{})
}
