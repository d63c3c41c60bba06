package api_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/capreg/capreg/api"
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
