package api

import "net/http"

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
	s.commands.wait = 0
	for range s.commands.size() {
		s.commands.slots <- struct{}{}
	}
	return s.router(), func() {
		for range s.commands.size() {
			s.commands.release()
		}
	}
}

// NewRouterWithRenderTurnsTaken is NewRouterWithCommandTurnsTaken for the
// turns of POST /render-hooks.
func NewRouterWithRenderTurnsTaken(src Source, opts Options) (h http.Handler, release func()) {
	s := newServer(src, opts)
	s.renders.wait = 0
	for range s.renders.size() {
		s.renders.slots <- struct{}{}
	}
	return s.router(), func() {
		for range s.renders.size() {
			s.renders.release()
		}
	}
}
