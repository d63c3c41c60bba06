package api

import (
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"

	"github.com/capreg/capreg/render"
	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

// renderRequestKeys are the fields of a POST /render-hooks body.
var renderRequestKeys = []string{"config", "profile", "disabledCapabilities", "surface"}

// renderHooks is GET and POST /render-hooks/{point}: the orchestrator's
// loop.render-hooks. GET renders with defaults (every capability enabled,
// every key at its slice default); POST takes {config, profile,
// disabledCapabilities, surface}.
func (s *Server) renderHooks(w http.ResponseWriter, r *http.Request, v *views) {
	point := pathParam(r, "point")
	if validate.PointIndex(point) < 0 {
		writeError(w, http.StatusNotFound, CodeUnknownPoint, (&render.PointError{Point: point}).Error(),
			map[string]any{"point": point, "validPoints": validate.Points})
		return
	}
	format, ok := renderFormat(w, r)
	if !ok {
		return
	}
	activeCap, askActive := r.URL.Query()["activeCap"]
	if askActive && (len(activeCap) != 1 || activeCap[0] == "") {
		writeError(w, http.StatusBadRequest, CodeBadRequest, "activeCap needs one capability id", nil)
		return
	}
	req := render.Request{Point: point}
	if r.Method == http.MethodPost {
		if !decodeRenderBody(w, r, &req) {
			return
		}
	}
	env, err := v.resolver().Resolve(req)
	if err != nil {
		writeError(w, http.StatusInternalServerError, CodeInternal, err.Error(), nil)
		return
	}
	var b *body
	switch {
	case askActive:
		b = jsonBody(map[string]bool{"active": env.Active(activeCap[0])})
	case format == "markdown":
		b = &body{data: []byte(env.Rendered), contentType: "text/markdown; charset=utf-8", variant: "markdown"}
	default:
		b = &body{data: env.JSON(), contentType: "application/json", variant: "json"}
	}
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		v.serve(w, r, b) // a function of the snapshot and the URL: ETag applies
		return
	}
	w.Header()["X-Capreg-Generation"] = v.genHdr
	w.Header().Set("Content-Type", b.contentType)
	w.WriteHeader(http.StatusOK)
	w.Write(b.data)
}

// renderFormat picks markdown or JSON from ?format= or the Accept header.
func renderFormat(w http.ResponseWriter, r *http.Request) (string, bool) {
	switch f := r.URL.Query().Get("format"); f {
	case "markdown", "json":
		return f, true
	case "":
	default:
		writeError(w, http.StatusBadRequest, CodeBadRequest, fmt.Sprintf("unknown format %q", f), map[string]any{"allowed": []string{"markdown", "json"}})
		return "", false
	}
	if strings.Contains(r.Header.Get("Accept"), "text/markdown") {
		return "markdown", true
	}
	return "json", true
}

// decodeRenderBody reads {config, profile, disabledCapabilities, surface}.
// The body is parsed in order-keeping JSON, so configValues come back in the
// caller's key order. An empty body means defaults.
func decodeRenderBody(w http.ResponseWriter, r *http.Request, req *render.Request) bool {
	data, err := io.ReadAll(r.Body)
	switch {
	case err != nil:
		bodyError(w, err, "cannot read the body: ")
		return false
	case len(strings.TrimSpace(string(data))) == 0:
		return true
	}
	doc, errs := ojson.Parse(data)
	for _, e := range errs {
		line, col := ojson.Position(data, e.Off)
		writeError(w, http.StatusBadRequest, CodeBadRequest, fmt.Sprintf("invalid JSON body at %d:%d: %s", line, col, e.Msg), nil)
		return false
	}
	if doc.Kind != ojson.Object {
		writeError(w, http.StatusBadRequest, CodeBadRequest, "the body must be a JSON object {config, profile, disabledCapabilities, surface}", nil)
		return false
	}
	for _, m := range doc.Members {
		if !slices.Contains(renderRequestKeys, m.Key) {
			writeError(w, http.StatusBadRequest, CodeBadRequest, fmt.Sprintf("unknown field %q; the body takes %s", m.Key, strings.Join(renderRequestKeys, ", ")), nil)
			return false
		}
	}
	if c := doc.Get("config"); c != nil && c.Kind != ojson.Null {
		if c.Kind != ojson.Object {
			writeError(w, http.StatusBadRequest, CodeBadRequest, "config must be a JSON object", nil)
			return false
		}
		req.Config = *c
	}
	en, err := render.EnablementFromJSON(&doc)
	if err != nil {
		writeError(w, http.StatusBadRequest, CodeBadRequest, err.Error(), nil)
		return false
	}
	req.Enablement = en
	return true
}
