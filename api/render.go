package api

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/capreg/capreg/render"
	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

// renderRequestKeys are the fields of a POST /render-hooks body.
var renderRequestKeys = append([]string{"config"}, render.EnablementKeys...)

// renderRequest reads what GET and POST /render-hooks/{point} take alike,
// the orchestrator's loop.render-hooks: the point, the media type asked
// for and activeCap. It writes the error and returns false on a fault.
func renderRequest(w http.ResponseWriter, r *http.Request) (req render.Request, media string, askActive, ok bool) {
	point := pathParam(r, "point")
	if validate.PointIndex(point) < 0 {
		unknownPoint(w, render.UnknownPoint(point))
		return req, "", false, false
	}
	// The query is parsed once here for renderMedia and activeCap: GET
	// runs renderRequest twice (renderQuery, then the handler), and each
	// url.Values is a map and its slices.
	q := r.URL.Query()
	if media, ok = renderMedia(w, r, q); !ok {
		return req, "", false, false
	}
	activeCap, askActive := q["activeCap"] // one value: onlyParams refuses a repeated one
	if askActive && activeCap[0] == "" {
		writeError(w, http.StatusBadRequest, CodeBadRequest, "activeCap needs one capability id", map[string]any{"parameter": "activeCap"})
		return req, "", false, false
	}
	req = render.Request{Point: point}
	if askActive {
		req.ActiveCap = activeCap[0]
	}
	return req, media, askActive, true
}

// renderQuery refuses a render's URL that renderRequest refuses, before a
// snapshot is looked for.
func renderQuery(w http.ResponseWriter, r *http.Request) bool {
	_, _, _, ok := renderRequest(w, r)
	return ok
}

// getRenderHooks is GET /render-hooks/{point}: a render with defaults
// (every capability enabled, every key at its slice default).
func (s *server) getRenderHooks(w http.ResponseWriter, r *http.Request, v *views) {
	req, media, askActive, ok := renderRequest(w, r)
	if !ok {
		return
	}
	var b *body
	if !askActive {
		// With defaults, a function of the snapshot, the point and the
		// media type alone: rendered once per snapshot, as the other
		// routes' bodies are, rather than on every orchestrator's call.
		var tooLarge error
		func() {
			// A render too large (render.MaxEchoed: the repository's
			// defaults read through too many aliases) is answered as a
			// POST's is, and made again, bounded, by each request: the
			// cache keeps no body of a make that panicked.
			defer func() {
				if v := recover(); v != nil {
					if err, ok := v.(error); ok && errors.Is(err, render.ErrTooLarge) {
						tooLarge = err
						return
					}
					panic(v)
				}
			}()
			b = v.rendered(validate.PointIndex(req.Point), media, func() *body {
				b, err := renderBody(v.resolver(), req, media, false)
				if err != nil {
					panic(err) // too large, an unknown point (checked) or no registry (a served snapshot has one)
				}
				return b
			})
		}()
		if tooLarge != nil {
			renderError(w, tooLarge)
			return
		}
	} else {
		var err error
		if b, err = renderBody(v.resolver(), req, media, true); err != nil {
			renderError(w, err)
			return
		}
	}
	// No X-Capreg-Warnings: a GET renders no config, enablement or notes,
	// so its markdown has no warning to count; the one a GET can have, an
	// activeCap no capability has, is in the JSON {active, warnings}
	// (TestGetRenderHasNoWarningsHeader).
	v.serve(w, r, b) // a function of the snapshot and the URL: ETag applies
}

// postRenderHooks is POST /render-hooks/{point}: a render for the body's
// {config, profile, disabledCapabilities, surface}, under a render turn.
// The URL and the body are read before a snapshot is looked for, as
// neither depends on one: a malformed body is refused alike with or
// without a registry, rather than told to come back (503 not_ready) and
// then refused. The body is parsed under the turn, which bounds the
// memory parses take at once (1,000 bodies of 0.5 MB parsed together
// took 15 GB): with every turn taken, a malformed body is told busy
// (503, Retry-After) before it is found malformed.
func (s *server) postRenderHooks(w http.ResponseWriter, r *http.Request) {
	req, media, askActive, ok := renderRequest(w, r)
	if !ok {
		return
	}
	data, ok := s.readBody(w, r)
	if !ok {
		return
	}
	b, ok := s.parsedUnderRenderTurn(w, r, data, &req, func(v *views) (*body, error) {
		return renderBody(v.resolver(), req, media, askActive)
	})
	if !ok {
		return
	}
	if b.warnings != nil {
		w.Header()["X-Capreg-Warnings"] = b.warnings
	}
	writeUntagged(w, r, b)
}

// underRenderTurn makes the answer to a POST that renders an enablement
// (POST /render-hooks, POST /capability-state) under a render turn, and
// gzips it there for a client that takes gzip; it writes the refusal or
// the error and returns false when there is no answer (answer returns
// nil, nil for one it refused, having written why). The turn is taken
// once the body is read, so that a client sending it slowly holds no
// turn, and before it is parsed, so that the requests waiting for one,
// or turned away, hold no parsed copy (as POST /validate's): a body of
// 249,000 values, 0.5 MB, parses into some 15 MB, and 1,000 of them
// parsed at once took 15 GB. It is given back once the answer is made,
// before it is sent: a client reading a large answer slowly held the turn
// until the write timeout.
func (s *server) underRenderTurn(w http.ResponseWriter, r *http.Request, answer func() (*body, error)) (*body, bool) {
	release, ok := s.renders.acquire(r.Context())
	if !ok {
		s.renders.refuse(w, "enablements are being rendered", time.Second)
		return nil, false
	}
	defer release() // a panic (answered 500 by recoverer) returns the turn too
	b, err := answer()
	if err != nil {
		renderError(w, err)
		return nil, false
	}
	if b == nil {
		return nil, false
	}
	if gzipFor(r, b) {
		b.gzipped() // compressing megabytes is the render's work too: under its turn
	}
	return b, true
}

// renderError answers a render that failed: one whose configValues would
// echo over render.MaxEchoed bytes is a 400 saying so (the config given,
// or the repository's defaults, read through too many aliases), any other
// error a 500.
func renderError(w http.ResponseWriter, err error) {
	if errors.Is(err, render.ErrTooLarge) {
		writeError(w, http.StatusBadRequest, CodeBadRequest, err.Error(), map[string]any{"limit": render.MaxEchoed})
		return
	}
	writeError(w, http.StatusInternalServerError, CodeInternal, err.Error(), nil)
}

// parsedUnderRenderTurn is underRenderTurn for a body of POST
// /render-hooks' shape, data: under the turn it is parsed into req, then
// the snapshot is pinned, and answer makes the body from its views. The
// parse is the memory the turn bounds; the snapshot is the one the answer
// names.
func (s *server) parsedUnderRenderTurn(w http.ResponseWriter, r *http.Request, data []byte, req *render.Request, answer func(v *views) (*body, error)) (*body, bool) {
	return s.underRenderTurn(w, r, func() (*body, error) {
		if !decodeRenderBody(w, r, data, req) {
			return nil, nil
		}
		v := s.pinSnapshot(w, "")
		if v == nil {
			return nil, nil
		}
		return answer(v)
	})
}

// writeUntagged writes b as the answer to a POST: no ETag (it is a function
// of the body, not of the URL; pinSnapshot named the snapshot), and
// gzipped for a client that takes it, as a GET's answer is: a render of
// thousands of capabilities is megabytes, most of it repeated text.
func writeUntagged(w http.ResponseWriter, r *http.Request, b *body) {
	h := w.Header()
	h["Content-Type"] = contentTypeHdr(b.contentType)
	h["Vary"] = varyHdr
	if b.byAccept {
		h["Vary"] = varyAcceptHdr // a render, in JSON or markdown by Accept
	}
	data := b.data
	if gzipFor(r, b) {
		data, _ = b.gzipped()
		h["Content-Encoding"] = gzipHdr
	}
	h["Content-Length"] = []string{strconv.Itoa(len(data))}
	w.WriteHeader(http.StatusOK)
	w.Write(data)
}

// renderBody resolves req and encodes the answer in media: the envelope in
// JSON or markdown, or, for askActive, the activeCap answer.
func renderBody(res *render.Resolver, req render.Request, media string, askActive bool) (*body, error) {
	env, err := res.Resolve(req)
	if err != nil {
		return nil, err
	}
	switch {
	case askActive:
		// The warnings come along, as capreg render --active-cap prints them
		// on stderr: a config value or an enablement name that was ignored
		// is not ignored silently.
		b := jsonBody(activeAnswer{Active: env.Active(req.ActiveCap), Warnings: env.Warnings})
		b.byAccept = true // an Accept refusing JSON gets the 406
		return b, nil
	case media == mediaMarkdown:
		b := &body{data: []byte(env.Rendered), contentType: "text/markdown; charset=utf-8", variant: "markdown", byAccept: true}
		if len(env.Warnings) > 0 {
			// The markdown has no room for them: an ignored enablement
			// name (a misspelt disabledCapabilities id) is not silent.
			b.warnings = []string{strconv.Itoa(env.WarningCount())}
		}
		return b, nil
	}
	return &body{data: env.JSON(), contentType: "application/json", byAccept: true}, nil
}

// activeAnswer is the activeCap answer: {active, warnings?}.
type activeAnswer struct {
	Active   bool     `json:"active"`
	Warnings []string `json:"warnings,omitempty"`
}

// renderMedia picks the media type of the answer: JSON for activeCap (a
// boolean has no markdown form, so asking for both is refused rather than
// one silently dropped, and an Accept refusing JSON is a 406), else
// ?format=, else Accept (see negotiateRender). q is r's query, parsed.
func renderMedia(w http.ResponseWriter, r *http.Request, q url.Values) (string, bool) {
	format := q.Get("format") // empty is absent, as for every optional parameter
	switch {
	case format != "" && format != "markdown" && format != "json":
		// Checked first: with activeCap too, an unknown format is refused
		// rather than ignored.
		unknownFilter(w, "format", format, []string{"markdown", "json"})
		return "", false
	case q.Has("activeCap") && format == "markdown":
		writeError(w, http.StatusBadRequest, CodeBadRequest, "activeCap answers {active} in JSON; it cannot be combined with format=markdown",
			map[string]any{"conflicting": []string{"activeCap", "format"}})
		return "", false
	case q.Has("activeCap") && format == "" && refusesJSON(r):
		// JSON is the only form of the answer: sent to a client that
		// refused it, it would contradict the request, as for the envelope.
		notAcceptable(w, r, []string{mediaJSON})
		return "", false
	case q.Has("activeCap") || format == "json":
		return mediaJSON, true
	case format == "markdown":
		return mediaMarkdown, true
	}
	media, ok := negotiateRender(r)
	if !ok {
		notAcceptable(w, r, []string{mediaJSON, mediaMarkdown})
		return "", false
	}
	return media, true
}

// notAcceptable writes the 406 for an Accept that refuses JSON and accepts
// none of the other media types available.
func notAcceptable(w http.ResponseWriter, r *http.Request, available []string) {
	w.Header()["Vary"] = varyAcceptHdr
	msg := fmt.Sprintf("Accept %q refuses JSON and accepts no other representation this route has; ?format=json or ?format=markdown chooses one explicitly",
		strings.Join(r.Header.Values("Accept"), ", "))
	if len(available) == 1 {
		msg = fmt.Sprintf("Accept %q refuses JSON, the only representation of the activeCap answer {active, warnings?}; ?format=json asks for it explicitly", strings.Join(r.Header.Values("Accept"), ", "))
	}
	writeError(w, http.StatusNotAcceptable, CodeNotAcceptable, msg, map[string]any{"available": available})
}

// decodeRenderBody parses {config, profile, disabledCapabilities,
// surface}, a body read by readBody, into req, writing the 400 when it
// cannot. An empty body means defaults. The config may nest as deep as a
// --config file may: the body one level more.
func decodeRenderBody(w http.ResponseWriter, r *http.Request, data []byte, req *render.Request) bool {
	d, f := parseRequestDoc(data, r.Header.Get("Content-Type"), 1)
	if f == nil && !d.empty {
		f = d.renderFields(req)
	}
	if f != nil {
		writeFault(w, f)
		return false
	}
	return true
}

// urlFields refuses a field of a render body that the URL takes instead:
// a query parameter of the route (activeCap or format, or a near miss such
// as active_cap) or, on /render-hooks, the point, which its path holds.
// The 400 says where it goes (details.parameter, or details.path for the
// point, and the message the query that asks it), where it said only that the body takes config,
// profile, disabledCapabilities and surface: an orchestrator that sent
// {"activeCap": "tdd"} learnt nothing of ?activeCap=. point is the
// render's ("" for POST /capability-state).
func (d *requestDoc) urlFields(doc *ojson.Value, point string) *bodyFault {
	route := "POST /capability-state"
	if point != "" {
		route = "POST /render-hooks/{point}"
	}
	for i := range doc.Members {
		m := &doc.Members[i]
		if slices.Contains(renderRequestKeys, m.Key) {
			continue
		}
		ptr := "/" + ojson.EscapePointer(m.Key)
		extra := map[string]any{"allowed": renderRequestKeys}
		if point != "" && strings.EqualFold(m.Key, "point") {
			extra["path"] = "/render-hooks/" + point
			return d.memberFault(m, ptr, fmt.Sprintf("unknown field %q: the point is given in the path, /render-hooks/{point} (this request's is %q), not in the body; the body takes %s",
				m.Key, point, strings.Join(renderRequestKeys, ", ")), extra)
		}
		param := nearestParam(m.Key, queryParams[route])
		if param == "" {
			continue
		}
		extra["parameter"] = param
		example := param + "=…"
		if m.Value.Kind == ojson.String {
			example = param + "=" + url.QueryEscape(m.Value.Str)
		}
		return d.memberFault(m, ptr, fmt.Sprintf("unknown field %q: %s is a query parameter of %s, not a field of its body: ?%s; the body takes %s",
			m.Key, param, route, example, strings.Join(renderRequestKeys, ", ")), extra)
	}
	return nil
}

// bareConfig refuses a body that is a project config itself, none of its
// fields a render field nor a slip from one ({"workflow": {…}}, or the
// flat "workflow.research"), saying that a config goes under "config":
// an orchestrator posting the object capreg render --config takes was
// told only that the body takes config, profile, disabledCapabilities and
// surface (trial2). The registry is not looked at: the body is refused
// before one is.
func (d *requestDoc) bareConfig(doc *ojson.Value) *bodyFault {
	if len(doc.Members) == 0 {
		return nil
	}
	for i := range doc.Members {
		if k := doc.Members[i].Key; slices.Contains(renderRequestKeys, k) || validate.NearestID(k, renderRequestKeys) != "" {
			return nil
		}
	}
	m := &doc.Members[0]
	return d.memberFault(m, "/"+ojson.EscapePointer(m.Key), fmt.Sprintf("unknown field %q; the body takes %s, and none of its fields is one: a project config is sent as the value of \"config\", {\"config\": {%q: …}}",
		m.Key, strings.Join(renderRequestKeys, ", "), m.Key), map[string]any{"allowed": renderRequestKeys})
}

// renderFields reads the body's config and enablement into req. The body
// is parsed in order-keeping JSON, so configValues come back in the
// caller's key order.
func (d *requestDoc) renderFields(req *render.Request) *bodyFault {
	doc, f := d.object("{" + strings.Join(renderRequestKeys, ", ") + "}")
	if f == nil {
		f = d.urlFields(doc, req.Point)
	}
	if f == nil {
		f = d.bareConfig(doc)
	}
	if f == nil {
		f = d.onlyFields(doc, renderRequestKeys)
	}
	if f != nil {
		return f
	}
	if c := doc.Get("config"); c != nil && c.Kind != ojson.Null {
		if c.Kind != ojson.Object {
			return d.valueFault(c, "/config", "config must be a JSON object, not "+c.Kind.Phrase())
		}
		req.Config = *c
	}
	en, err := render.EnablementFromJSON(doc)
	if fe, ok := errors.AsType[*render.FieldError](err); ok {
		return d.faultAt("invalid request body", fe.Off, fe.Pointer, true, fe.Msg, nil)
	} else if err != nil {
		return &bodyFault{msg: err.Error()} // not an object: doc is one
	}
	req.Enablement = en
	return nil
}
