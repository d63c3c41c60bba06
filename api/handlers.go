package api

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/capreg/capreg/render"
	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

func (s *server) registry(w http.ResponseWriter, r *http.Request, v *views) {
	v.serve(w, r, v.get("registry", func() *body {
		return &body{data: v.snap.Artifacts[store.RegistryFile], contentType: "application/json", artifact: true}
	}))
}

func (s *server) contract(w http.ResponseWriter, r *http.Request, v *views) {
	v.serve(w, r, v.get("contract", func() *body {
		return &body{data: v.snap.Artifacts[store.ContractFile], contentType: "application/json", artifact: true}
	}))
}

// capabilitySummary is one row of GET /capabilities.
type capabilitySummary struct {
	ID          string   `json:"id"`
	Role        string   `json:"role"`
	Tier        string   `json:"tier"`
	Title       string   `json:"title"`
	Description string   `json:"description"`
	Version     string   `json:"version,omitempty"`
	Requires    []string `json:"requires"`
	File        string   `json:"file"`
	// Engines is engines.gsd, the host versions it runs on, when given.
	Engines string `json:"engines,omitempty"`
	// Points are the loop points its hooks sit at, in loop order, and
	// HookKinds the kinds of its hooks (step, contribution, gate): with
	// the fields above, the columns of gsd-core's capability matrix (ref
	// §7.9), so a catalogue is one request, not one a capability.
	Points    []string `json:"points"`
	HookKinds []string `json:"hookKinds"`
}

// summarize is c's row of GET /capabilities.
func summarize(c *validate.Capability) capabilitySummary {
	s := capabilitySummary{
		ID: c.ID, Role: c.Role, Tier: c.Tier, Title: c.Manifest.Get("title").StringOr(""),
		Description: c.Manifest.Get("description").StringOr(""), Version: c.Manifest.Get("version").StringOr(""),
		Requires: nonNil(c.Requires), File: c.File, Engines: c.Manifest.Get("engines").Get("gsd").StringOr(""),
		Points: []string{}, HookKinds: []string{},
	}
	at := make([]bool, len(validate.Points))
	for _, list := range []struct {
		kind  validate.HookKind
		hooks []*validate.Hook
	}{{validate.StepHook, c.Steps}, {validate.ContributionHook, c.Contributions}, {validate.GateHook, c.Gates}} {
		if len(list.hooks) > 0 {
			s.HookKinds = append(s.HookKinds, string(list.kind))
		}
		for _, h := range list.hooks {
			if i := validate.PointIndex(h.Point); i >= 0 {
				at[i] = true
			}
		}
	}
	for i, p := range validate.Points {
		if at[i] {
			s.Points = append(s.Points, p)
		}
	}
	return s
}

// roles are the values of GET /capabilities' ?role=; its ?tier= takes a
// tier, which is named as the install profile it starts in
// (store.ProfileNames).
var roles = []string{"feature", "runtime", "reviewer"}

// capabilityFilters refuses a ?role= or ?tier= that is none of the
// roles or tiers, before a snapshot is looked for.
func capabilityFilters(w http.ResponseWriter, r *http.Request) bool {
	role, tier := r.URL.Query().Get("role"), r.URL.Query().Get("tier")
	if role != "" && !slices.Contains(roles, role) {
		unknownFilter(w, "role", role, roles)
		return false
	}
	if tier != "" && !slices.Contains(store.ProfileNames, tier) {
		unknownFilter(w, "tier", tier, store.ProfileNames)
		return false
	}
	return true
}

// capabilities is GET /capabilities, its filters checked by
// capabilityFilters.
func (s *server) capabilities(w http.ResponseWriter, r *http.Request, v *views) {
	role, tier := r.URL.Query().Get("role"), r.URL.Query().Get("tier")
	v.serve(w, r, v.get("capabilities?"+role+"&"+tier, func() *body {
		list := []capabilitySummary{}
		for _, c := range sortedCaps(v.snap.Registry) {
			if (role == "" || c.Role == role) && (tier == "" || c.Tier == tier) {
				list = append(list, summarize(c))
			}
		}
		return jsonBody(map[string]any{"capabilities": list, "count": len(list)})
	}))
}

// unknownFilter answers 400 to a value of the query parameter name that
// none of allowed is, naming the parameter in details.parameter and the
// one a typo away (in the message and as details.didYouMean), as a
// 404 names an id: "reviewr" is "reviewer", "Full" is "full".
func unknownFilter(w http.ResponseWriter, name, value string, allowed []string) {
	msg, details := fmt.Sprintf("unknown %s %q", name, value), map[string]any{"parameter": name, "allowed": allowed}
	meant := validate.NearestID(value, allowed)
	if meant == "" {
		meant = validate.Abbreviated(value, allowed)
	}
	if meant != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", meant)
		details["didYouMean"] = meant
	}
	writeError(w, http.StatusBadRequest, CodeBadRequest, msg, details)
}

// sortedCaps returns the capabilities by id (the registry keeps folder
// order, which differs only for ids outside ASCII).
func sortedCaps(reg *store.Registry) []*validate.Capability {
	out := slices.Clone(reg.Capabilities)
	slices.SortStableFunc(out, func(a, b *validate.Capability) int { return strings.Compare(a.ID, b.ID) })
	return out
}

func nonNil(ss []string) []string {
	if ss == nil {
		return []string{}
	}
	return ss
}

// capabilityOr404 finds {id} or writes the 404.
func capabilityOr404(w http.ResponseWriter, r *http.Request, v *views) *validate.Capability {
	id := pathParam(r, "id")
	c := v.snap.Registry.ByID[id]
	if c == nil {
		unknownID(w, "capability", id, v.snap.MeantCapability(id))
	}
	return c
}

// unknownID answers 404 to an id no capability or tool card has, naming
// the one a typo away (store's MeantCapability, MeantCard), if any, in the
// message and as details.didYouMean: an agent that asked for
// "reserch" or "git-pushforce" can ask again without listing them all.
func unknownID(w http.ResponseWriter, kind, id, meant string) {
	notFoundMeant(w, fmt.Sprintf("no %s %q", kind, id), map[string]any{"id": id}, meant)
}

// notFoundMeant answers 404 with msg and details, and names meant, the
// id or name a typo away, if any, in the message and as
// details.didYouMean.
func notFoundMeant(w http.ResponseWriter, msg string, details map[string]any, meant string) {
	if meant != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", meant)
		details["didYouMean"] = meant
	}
	writeError(w, http.StatusNotFound, CodeNotFound, msg, details)
}

func (s *server) capability(w http.ResponseWriter, r *http.Request, v *views) {
	c := capabilityOr404(w, r, v)
	if c == nil {
		return
	}
	v.serve(w, r, v.get("capability/"+c.ID, func() *body { return ojsonBody(c.Manifest) }))
}

func (s *server) closure(w http.ResponseWriter, r *http.Request, v *views) {
	c := capabilityOr404(w, r, v)
	if c == nil {
		return
	}
	v.serve(w, r, v.get("closure/"+c.ID, func() *body {
		return jsonBody(struct {
			ID      string   `json:"id"`
			Closure []string `json:"closure"`
		}{c.ID, nonNil(v.snap.Registry.Closure[c.ID])}) // in that order: a map put closure first
	}))
}

// pointSummary is one row of GET /loop-points.
type pointSummary struct {
	Point         string `json:"point"`
	Step          string `json:"step"`
	Wired         bool   `json:"wired"`
	Steps         int    `json:"steps"`
	Contributions int    `json:"contributions"`
	Gates         int    `json:"gates"`
}

func (s *server) loopPoints(w http.ResponseWriter, r *http.Request, v *views) {
	v.serve(w, r, v.get("loop-points", func() *body {
		list := make([]pointSummary, 0, len(validate.Points))
		for _, ph := range v.snap.Registry.ByLoopPoint {
			step, _, _ := strings.Cut(ph.Point, ":")
			list = append(list, pointSummary{Point: ph.Point, Step: step, Wired: wired(v.snap, ph.Point),
				Steps: len(ph.Steps), Contributions: len(ph.Contributions), Gates: len(ph.Gates)})
		}
		return jsonBody(map[string]any{"points": list})
	}))
}

// wired reports whether a point has a render-hooks call site (every point
// counts as wired when no workflow has call sites: the rule is then off).
func wired(snap *store.Snapshot, point string) bool {
	w := snap.Result.Contract.Wired
	return len(w) == 0 || w[point]
}

// knownPoint refuses a point that is none of the 12, before a snapshot
// is looked for.
func knownPoint(w http.ResponseWriter, r *http.Request) bool {
	if point := pathParam(r, "point"); validate.PointIndex(point) < 0 {
		unknownPoint(w, render.UnknownPoint(point))
		return false
	}
	return true
}

// pointOr404 resolves {point} or writes a 404 listing the valid points, in
// the words /render-hooks answers (the reference's), so that a client reads
// one message for one mistake.
func pointOr404(w http.ResponseWriter, r *http.Request, reg *store.Registry) *store.PointHooks {
	point := pathParam(r, "point")
	ph, ok := reg.Point(point)
	if !ok {
		unknownPoint(w, render.UnknownPoint(point))
		return nil
	}
	return ph
}

// unknownPoint answers 404 unknown_point with the error's message; details
// list the valid points and repeat the point a typo away as didYouMean, as
// for an unknown id, or the points of the step named as pointsOfStep.
func unknownPoint(w http.ResponseWriter, pe *render.PointError) {
	details := map[string]any{"point": pe.Point, "validPoints": validate.Points}
	if pe.Meant != "" {
		details["didYouMean"] = pe.Meant
	}
	if len(pe.PointsOfStep) > 0 {
		details["pointsOfStep"] = pe.PointsOfStep
	}
	writeError(w, http.StatusNotFound, CodeUnknownPoint, pe.Error(), details)
}

func (s *server) loopPoint(w http.ResponseWriter, r *http.Request, v *views) {
	ph := pointOr404(w, r, v.snap.Registry)
	if ph == nil {
		return
	}
	v.serve(w, r, v.point(validate.PointIndex(ph.Point), func() *body { return ojsonBody(pointDoc(v.snap, ph)) }))
}

// pointDoc is GET /loop-points/{point}: the registry's ordered hooks plus the
// step's agent roles and the contributions grouped by the role they target.
func pointDoc(snap *store.Snapshot, ph *store.PointHooks) ojson.Value {
	doc := ojson.NewObject()
	step, _, _ := strings.Cut(ph.Point, ":")
	doc.Append("point", ojson.NewString(ph.Point))
	doc.Append("step", ojson.NewString(step))
	var roles []string
	if e := snap.Result.Contract.ForPoint(ph.Point); e != nil {
		roles = e.AgentRoles
	}
	doc.Append("agentRoles", ojson.NewStrings(nonNil(roles)))
	doc.Append("wired", ojson.NewBool(wired(snap, ph.Point)))
	hooks := store.PointJSON(ph)
	doc.Members = append(doc.Members, hooks.Members...)
	byRole := ojson.NewObject()
	// The step's roles in declaration order, then any other role targeted;
	// each once, as a marker may repeat a role (ref §1.2 does not catch it).
	var order []string
	for _, role := range roles {
		if !slices.Contains(order, role) {
			order = append(order, role)
		}
	}
	for _, h := range ph.Contributions {
		if !slices.Contains(order, h.Into) {
			order = append(order, h.Into)
		}
	}
	for _, role := range order {
		var items []ojson.Value
		for _, h := range ph.Contributions {
			if h.Into == role {
				items = append(items, store.HookJSON(h))
			}
		}
		if len(items) > 0 {
			byRole.Append(role, ojson.NewArray(items...))
		}
	}
	doc.Append("contributionsByRole", byRole)
	return doc
}

// configKeyRow is one row of GET /config-keys.
type configKeyRow struct {
	Key         string          `json:"key"`
	Owner       string          `json:"owner"`
	Type        string          `json:"type"`
	Default     json.RawMessage `json:"default"`
	Description string          `json:"description"`
	Values      []string        `json:"values,omitempty"`
}

func (s *server) configKeys(w http.ResponseWriter, r *http.Request, v *views) {
	v.serve(w, r, v.get("config-keys", func() *body {
		rows := make([]configKeyRow, 0, len(v.snap.Registry.ConfigKeys))
		for _, k := range v.snap.Registry.ConfigKeys {
			def := k.Default
			rows = append(rows, configKeyRow{Key: k.Key, Owner: k.Owner, Type: k.Type,
				Default: ojson.Encode(&def, ""), Description: k.Description, Values: k.Values})
		}
		// As JavaScript sorts them (UTF-16 code units), as card ids are
		// listed: bytes put a key past U+FFFF after one of U+E000..U+FFFF.
		slices.SortFunc(rows, func(a, b configKeyRow) int { return store.CompareIDs(a.Key, b.Key) })
		return jsonBody(map[string]any{"configKeys": rows})
	}))
}

func (s *server) profiles(w http.ResponseWriter, r *http.Request, v *views) {
	v.serve(w, r, v.get("profiles", func() *body {
		doc := ojson.NewObject()
		profs := ojson.NewObject()
		for _, p := range store.ProfileNames {
			profs.Append(p, ojson.NewStrings(nonNil(v.snap.Registry.Profiles[p])))
		}
		doc.Append("profiles", profs)
		return ojsonBody(doc)
	}))
}

// knownProfile refuses a profile name that is none of the three, before
// a snapshot is looked for.
func knownProfile(w http.ResponseWriter, r *http.Request) bool {
	name := pathParam(r, "name")
	if !slices.Contains(store.ProfileNames, name) {
		msg := fmt.Sprintf("no profile %q", name)
		if strings.Contains(name, ",") {
			// A request body's profile may be a union; this route's is one.
			msg += "; a union of profiles is a request's profile (POST /capability-state, /render-hooks): this route lists one, GET /profiles every one"
		}
		// "Core", "ful" a typo away; "std" abbreviating standard, as
		// ?tier= names it.
		meant := cmp.Or(validate.NearestID(name, store.ProfileNames), validate.Abbreviated(name, store.ProfileNames))
		notFoundMeant(w, msg, map[string]any{"name": name, "validProfiles": store.ProfileNames}, meant)
		return false
	}
	return true
}

// profile is GET /profiles/{name}, the name checked by knownProfile.
func (s *server) profile(w http.ResponseWriter, r *http.Request, v *views) {
	name := pathParam(r, "name")
	v.serve(w, r, v.get("profile/"+name, func() *body {
		return jsonBody(struct {
			Name         string   `json:"name"`
			Capabilities []string `json:"capabilities"`
		}{name, nonNil(v.snap.Registry.Profiles[name])}) // in that order: a map put capabilities first
	}))
}

// validateRequest is the body of POST /validate: files to add or replace
// (path → content) and paths to delete, applied over the served repository.
type validateRequest struct {
	Files  map[string]string `json:"files"`
	Delete []string          `json:"delete"`
}

// validateRequestKeys are the fields of a POST /validate body.
var validateRequestKeys = []string{"files", "delete"}

func (s *server) validate(w http.ResponseWriter, r *http.Request, v *views) {
	// The body is read before the turn is taken, so that a client sending
	// it slowly holds no turn; it is parsed after, so that the requests
	// waiting hold no parsed copy.
	data, ok := s.readBody(w, r)
	if !ok {
		return
	}
	release, ok := s.validations.acquire(r.Context())
	if !ok {
		s.validations.refuse(w, "changes are being validated", 2*time.Second)
		return
	}
	// The answer is made under the turn and sent after it: a client
	// reading a large answer slowly held the turn until the write timeout,
	// and every other change waited or was turned away.
	answer := newHeldResponse()
	func() {
		defer release() // a panic (answered 500 by recoverer) returns the turn too
		s.validateChange(answer, r, v, data)
	}()
	answer.sendTo(w)
}

// validateChange answers POST /validate for its body, data. A request
// that ends before its change is validated (its client gone) stops the
// validation, so that the turn is given back at once.
func (s *server) validateChange(w http.ResponseWriter, r *http.Request, v *views, data []byte) {
	req, ok := decodeValidateBody(w, data, r.Header.Get("Content-Type"))
	if !ok {
		return
	}
	if len(req.Files) == 0 && len(req.Delete) == 0 {
		// A change of nothing would only repeat what is served; say where
		// that is rather than asking for fields the body may well hold.
		writeError(w, http.StatusBadRequest, CodeBadRequest,
			`the change is empty: give "files" (path → content) or "delete" (paths) naming at least one path; the served repository's own findings are in GET /status`, nil)
		return
	}
	if backslashPath(w, req) {
		return
	}
	snap := v.snap
	files := make(map[string][]byte, len(req.Files))
	for p, c := range req.Files {
		files[p] = []byte(c)
	}
	src, err := snap.Overlay(files, req.Delete)
	if err != nil {
		writeError(w, http.StatusBadRequest, CodeBadRequest, err.Error(), overlayDetails(err))
		return
	}
	diags, err := snap.CheckContext(r.Context(), src)
	if err != nil { // the client went away: nobody reads this
		writeError(w, http.StatusServiceUnavailable, CodeBusy, "validation stopped: the request ended before it finished", nil)
		return
	}
	if diags == nil {
		diags = validate.Diagnostics{}
	}
	errs, warns := diags.Count()
	// Which registry the change was judged over, on any replica: the
	// commit here, the digest in the headers withSnapshotFor set.
	writeJSON(w, http.StatusOK, map[string]any{
		"ok": errs == 0, "errors": errs, "warnings": warns, "diagnostics": diags,
		"baseGeneration": snap.Generation, "baseRevision": snap.Revision,
	})
}

// heldResponse is an answer kept in memory, to be sent later (sendTo).
type heldResponse struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func newHeldResponse() *heldResponse {
	return &heldResponse{header: http.Header{}, status: http.StatusOK}
}

func (h *heldResponse) Header() http.Header { return h.header }

func (h *heldResponse) WriteHeader(status int) { h.status = status }

func (h *heldResponse) Write(p []byte) (int, error) { return h.body.Write(p) }

// sendTo sends the answer held to w.
func (h *heldResponse) sendTo(w http.ResponseWriter) {
	maps.Copy(w.Header(), h.header)
	w.WriteHeader(h.status)
	w.Write(h.body.Bytes())
}

// backslashPath refuses, naming the slash-separated path meant, a change
// with a path holding a backslash, as a Windows client writes
// capabilities\ui\capability.json: read as one file name at the
// repository root it is no input, so the change was answered ok without
// anything in it being checked.
func backslashPath(w http.ResponseWriter, req validateRequest) bool {
	paths := slices.Sorted(maps.Keys(req.Files))
	for _, p := range append(paths, req.Delete...) {
		if strings.Contains(p, `\`) {
			meant := strings.ReplaceAll(p, `\`, "/")
			writeError(w, http.StatusBadRequest, CodeBadRequest,
				fmt.Sprintf("%q holds a backslash: paths are repository-relative with / between folders (did you mean %q?)", p, meant),
				map[string]any{"path": p, "didYouMean": meant})
			return true
		}
	}
	return false
}

// validationWait is how long a POST /validate waits for its turn before it
// is answered 503 busy: a few evaluations of a large repository.
const validationWait = 10 * time.Second

// maxValidationWaiters bounds the requests waiting for a turn; more are
// turned away at once rather than queued without limit.
const maxValidationWaiters = 8

// overlayDetails are the details of a change POST /validate refuses: for
// one that cannot be applied, each path and why (details.conflicts); for one
// that cannot be evaluated without a rescan, why (details.reasons) and the
// findings about the proposed capreg.json itself, which check would report
// whatever else the repository holds.
func overlayDetails(err error) map[string]any {
	var ce *store.ChangeError
	if errors.As(err, &ce) {
		conflicts := make([]map[string]string, len(ce.Conflicts))
		for i, c := range ce.Conflicts {
			conflicts[i] = map[string]string{"path": c.Path, "reason": c.Err.Error()}
		}
		return map[string]any{"conflicts": conflicts}
	}
	if pe := (*store.PathError)(nil); errors.As(err, &pe) {
		return map[string]any{"path": pe.Path}
	}
	var re *store.RescanError
	if !errors.As(err, &re) {
		return nil
	}
	diags := re.Diagnostics
	if diags == nil {
		diags = validate.Diagnostics{}
	}
	return map[string]any{"reasons": re.Reasons, "diagnostics": diags}
}

// bodyError answers a request whose body could not be read or decoded: 413
// when it went over the limit, 408 when the client was too slow sending it
// (the server's read timeout cut it off: the request was fine, so a retry
// may succeed, which a 400 would deny), else 400 with the reason after
// prefix.
func bodyError(w http.ResponseWriter, err error, prefix string) {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		writeError(w, http.StatusRequestEntityTooLarge, CodeBodyTooLarge,
			fmt.Sprintf("request body exceeds %d bytes", tooLarge.Limit), map[string]any{"limit": tooLarge.Limit})
		return
	}
	if ne, ok := errors.AsType[net.Error](err); ok && ne.Timeout() {
		writeError(w, http.StatusRequestTimeout, CodeRequestTimeout,
			"the request body did not arrive within the server's read timeout; send it faster or in full, then retry", nil)
		return
	}
	writeError(w, http.StatusBadRequest, CodeBadRequest, prefix+err.Error(), nil)
}

// decodeValidateBody reads {files, delete} as decodeRenderBody reads its
// body (see requestDoc), writing the 400 when it cannot.
func decodeValidateBody(w http.ResponseWriter, data []byte, contentType string) (validateRequest, bool) {
	d, f := parseRequestDoc(data, contentType, 0)
	if f != nil {
		writeFault(w, f)
		return validateRequest{}, false
	}
	if d.empty {
		writeError(w, http.StatusBadRequest, CodeBadRequest, `the body is empty; it takes {"files": {path: content}, "delete": [paths]}`, nil)
		return validateRequest{}, false
	}
	req, f := d.validateRequest()
	if f != nil {
		writeFault(w, f)
		return validateRequest{}, false
	}
	return req, true
}

// validateRequest reads the body's {files, delete}; null stands for an
// absent field, as a client encoding an empty map or list may write it.
func (d *requestDoc) validateRequest() (validateRequest, *bodyFault) {
	var req validateRequest
	doc, f := d.object(`{"files": {path: content}, "delete": [paths]}`)
	if f == nil {
		f = d.onlyFields(doc, validateRequestKeys)
	}
	if f == nil {
		req.Files, f = d.stringMap(doc.Get("files"), "/files", "path → file content")
	}
	if f == nil {
		req.Delete, f = d.stringList(doc.Get("delete"), "/delete", "paths")
	}
	return req, f
}

// pathParam is a path parameter decoded once. chi matches on the escaped
// path when the request's escaping differs from the default one, so
// /loop-points/plan%3Apre (encodeURIComponent's plan:pre) would otherwise
// look up "plan%3Apre", and a card id holding "/" could never be fetched;
// otherwise it matches on the decoded path, which must not be decoded again.
func pathParam(r *http.Request, name string) string {
	raw := chi.URLParam(r, name)
	if r.URL.RawPath == "" {
		return raw // chi matched the decoded path: decoding again would turn %2541 into A
	}
	if v, err := url.PathUnescape(raw); err == nil {
		return v
	}
	return raw
}
