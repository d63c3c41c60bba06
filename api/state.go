package api

import (
	"net/http"

	"github.com/capreg/capreg/render"
)

// getCapabilityState is GET /capability-state: every capability's state
// with defaults (every capability enabled, every key at its slice
// default), a function of the snapshot alone, made once per snapshot.
func (s *server) getCapabilityState(w http.ResponseWriter, r *http.Request, v *views) {
	v.serve(w, r, v.get("capability-state", func() *body {
		b, err := stateBody(v.resolver(), render.Request{})
		if err != nil {
			panic(err) // States fails only without a registry, and a served snapshot has one
		}
		return b
	}))
}

// postCapabilityState is POST /capability-state: every capability's state
// for the body's {config, profile, disabledCapabilities, surface}, the
// body POST /render-hooks takes, under a render turn (see
// underRenderTurn): an orchestrator asks it why a render left a
// capability's hooks out.
func (s *server) postCapabilityState(w http.ResponseWriter, r *http.Request, v *views) {
	var req render.Request
	if !s.decodeRenderBody(w, r, &req) {
		return
	}
	b, ok := s.underRenderTurn(w, r, func() (*body, error) { return stateBody(v.resolver(), req) })
	if !ok {
		return
	}
	writeUntagged(w, r, v, b)
}

// stateBody is the JSON answer {capabilities, warnings?} for req.
func stateBody(res *render.Resolver, req render.Request) (*body, error) {
	st, err := res.States(req)
	if err != nil {
		return nil, err
	}
	return jsonBody(st), nil
}
