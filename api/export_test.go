package api

import (
	"net/http"
	"time"

	"github.com/capreg/capreg/store"
)

// Internals the tests of package api_test hold to openapi.yaml or call
// directly.
var (
	QueryParams = queryParams
	WriteJSON   = writeJSON
)

// ToolModeParams are the parameters of each mode of GET /tools, by the
// parameter selecting it ("" for the listing).
func ToolModeParams() map[string][]string {
	out := map[string][]string{}
	for _, m := range toolModes {
		out[m.selector] = m.params
	}
	return out
}

// NewRouterWithCommandTurnsTaken is NewRouter with every turn of command
// matching taken and none waited for: GET /tools?command= is turned away
// busy until release gives them back.
func NewRouterWithCommandTurnsTaken(src Source, opts Options) (h http.Handler, release func()) {
	s := newServer(src, opts)
	return s.router(), takeAll(s.commands)
}

// NewRouterWithRenderTurnsTaken is NewRouterWithCommandTurnsTaken for the
// turns of POST /render-hooks.
func NewRouterWithRenderTurnsTaken(src Source, opts Options) (h http.Handler, release func()) {
	s := newServer(src, opts)
	return s.router(), takeAll(s.renders)
}

// takeAll takes every turn of t and lets no request wait for one, and
// returns the function that gives them back.
func takeAll(t *turns) (release func()) {
	t.wait = 0
	return takeTurns(t)
}

// takeTurns takes every turn of t, for which requests wait as ever, and
// returns the function that gives them back.
func takeTurns(t *turns) (release func()) {
	for range t.size() {
		t.slots <- struct{}{}
	}
	return func() {
		for range t.size() {
			t.release()
		}
	}
}

// NewRouterWithBodyGrace is NewRouter with grace, not drainBodyGrace, for
// a request body still arriving once opts.Draining is closed.
func NewRouterWithBodyGrace(src Source, opts Options, grace time.Duration) http.Handler {
	s := newServer(src, opts)
	s.bodyGrace = grace
	return s.router()
}

// NewRouterDrainingAfterBody is NewRouterWithBodyGrace whose drain begins
// (drain is called) once a request body has been read in full, before its
// grace is stopped, and with every turn of validation taken (a request
// waits for one, as ever) until release gives them back.
func NewRouterDrainingAfterBody(src Source, opts Options, grace time.Duration, drain func()) (h http.Handler, release func()) {
	s := newServer(src, opts)
	s.bodyGrace = grace
	s.bodyRead = drain
	return s.router(), takeTurns(s.validations)
}

// StatusWarnings are the encoded warnings GET /status writes for snap
// (views.statusWarnings), or nil when snap is not served.
func StatusWarnings(snap *store.Snapshot) []byte {
	if v := viewsOf(snap); v != nil {
		return v.statusWarnings()
	}
	return nil
}

// NewRouterWithCommandTurnsHeld is NewRouter with every turn of command
// matching taken, for which GET /tools?command= requests wait (up to a
// minute) until release gives them back.
func NewRouterWithCommandTurnsHeld(src Source, opts Options) (h http.Handler, release func()) {
	s := newServer(src, opts)
	s.commands.wait = time.Minute
	return s.router(), takeTurns(s.commands)
}
