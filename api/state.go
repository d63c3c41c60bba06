package api

import (
	"net/http"

	"github.com/capreg/capreg/render"
)

// getCapabilityState is GET /capability-state: every capability's state
// with defaults (every capability enabled, every key at its slice
// default), or with ?id= one capability's, a function of the snapshot
// and the id alone, made once per snapshot.
func (s *server) getCapabilityState(w http.ResponseWriter, r *http.Request, v *views) {
	id, ok := stateID(w, r, v)
	if !ok {
		return
	}
	v.serve(w, r, v.get("capability-state?id="+id, func() *body {
		st := *v.defaultStates() // a copy: Only narrows it
		if id != "" {
			st.Only(id) // in the registry: stateID checked
		}
		return jsonBody(&st)
	}))
}

// stateQuery refuses an empty ?id=, before a snapshot is looked for.
func stateQuery(w http.ResponseWriter, r *http.Request) bool {
	if ids, given := r.URL.Query()["id"]; given && ids[0] == "" { // one value: onlyParams refuses a repeated one
		writeError(w, http.StatusBadRequest, CodeBadRequest, "id needs one capability id; leave it out for every capability's state", map[string]any{"parameter": "id"})
		return false
	}
	return true
}

// stateID reads ?id=, the one capability whose state is asked ("" for
// all; stateQuery refused an empty one); it writes the 404 for one the
// registry does not hold and returns false then.
func stateID(w http.ResponseWriter, r *http.Request, v *views) (string, bool) {
	id := r.URL.Query().Get("id")
	if id != "" && v.snap.Registry.ByID[id] == nil {
		unknownID(w, "capability", id, v.snap.MeantCapability(id))
		return "", false
	}
	return id, true
}

// postCapabilityState is POST /capability-state: every capability's state
// (or with ?id= one's) for the body's {config, profile, disabledCapabilities, surface}, the
// body POST /render-hooks takes, under a render turn (see
// underRenderTurn): an orchestrator asks it why a render left a
// capability's hooks out. As POST /render-hooks does, it reads the URL and
// the body before it looks for a snapshot; an id the registry does not
// hold is refused after them.
func (s *server) postCapabilityState(w http.ResponseWriter, r *http.Request) {
	var req render.Request
	if !stateQuery(w, r) {
		return
	}
	data, ok := s.readBody(w, r)
	if !ok {
		return
	}
	b, ok := s.parsedUnderRenderTurn(w, r, data, &req, func(v *views) (*body, error) {
		id, ok := stateID(w, r, v)
		if !ok {
			return nil, nil
		}
		return stateBody(v.resolver(), req, id)
	})
	if !ok {
		return
	}
	writeUntagged(w, r, b)
}

// stateBody is the JSON answer {capabilities, warnings?} for req, of
// capability id alone unless id is "".
func stateBody(res *render.Resolver, req render.Request, id string) (*body, error) {
	st, err := res.States(req)
	if err != nil {
		return nil, err
	}
	if id != "" {
		st.Only(id) // in the registry: stateID checked
	}
	return jsonBody(st), nil
}
