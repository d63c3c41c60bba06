package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// healthz is liveness: 200 while the process works, 503 once a rebuild has
// run longer than stuckAfter (a hung file system, a deadlock), which leaves
// the last snapshot served but no later change followed.
func (s *server) healthz(w http.ResponseWriter, r *http.Request) {
	if clock, ok := s.src.(RebuildClock); ok {
		if took := clock.RebuildingFor(); took > s.stuckAfter {
			msg := fmt.Sprintf("a rebuild has run for %v, over %v: changes are no longer followed", took.Round(time.Second), s.stuckAfter)
			// Logged at each failing probe: the kubelet that restarts the
			// pod for it keeps the status, not this body, so the log is
			// where an operator learns why (a hung file system, a
			// deadlock) after the restart.
			s.log.Error("liveness fails: "+msg, "rebuildingFor", took, "stuckAfter", s.stuckAfter)
			writeJSON(w, http.StatusServiceUnavailable, map[string]any{"status": "stuck", "message": msg})
			return
		}
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// readyz is 200 only while a valid snapshot is served and the process is
// not shutting down.
func (s *server) readyz(w http.ResponseWriter, r *http.Request) {
	if s.isDraining() {
		w.Header().Set("Retry-After", "1") // as every not_ready says: ask another replica
		writeError(w, http.StatusServiceUnavailable, CodeNotReady,
			"shutting down: this replica takes no new work; requests it is given are still answered", map[string]any{"draining": true})
		return
	}
	snap := served(s.src.Current())
	if snap == nil {
		s.notBuilt(w, "")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"status": "ready", "generation": snap.Generation})
}

// isDraining reports whether Options.Draining has been closed.
func (s *server) isDraining() bool {
	select {
	case <-s.draining: // a nil channel never is
		return true
	default:
		return false
	}
}

// notBuilt answers 503 before the first good build, saying that no registry
// exists (not that an old one is kept), what the request needed one for
// (purpose, optional), and why there is none, with the failure in details.
func (s *server) notBuilt(w http.ResponseWriter, purpose string) {
	_, st := s.src.State()
	msg := "no registry has been built successfully yet"
	if purpose != "" {
		msg += ", so " + purpose
	}
	if why := notBuiltReason(st); why != "" {
		msg += ": " + why
	}
	var details map[string]any
	if st.Waiting != "" && st.Failure == nil {
		// What it waits for, as /status says it: a client can tell a
		// repository not there yet (git-sync's first clone) from a build
		// still running without reading the message.
		details = map[string]any{"waiting": st.Waiting}
	}
	if f := st.Failure; f != nil {
		details = map[string]any{"failure": f}
		if n := len(f.Diagnostics); n > maxFailureDiagnostics {
			short := *f
			short.Diagnostics = f.Diagnostics[:maxFailureDiagnostics]
			// The findings not in details, those validation counted
			// without listing them (Omitted) too.
			allErrs, allWarns := f.Diagnostics.Count()
			shownErrs, shownWarns := short.Diagnostics.Count()
			details = map[string]any{"failure": &short, "diagnosticsOmitted": allErrs + allWarns - shownErrs - shownWarns}
		}
	}
	// A first build still running is done in about a second; a failed
	// one waits for a fix, a commit away: a client told to retry every
	// second would poll a broken repository for as long as it stays so.
	retry := "1"
	if st.Failure != nil {
		retry = notReadyFailedRetry
	}
	w.Header().Set("Retry-After", retry)
	writeError(w, http.StatusServiceUnavailable, CodeNotReady, msg, details)
}

// notReadyFailedRetry is the Retry-After, in seconds, of a 503 not_ready
// after a failed build.
const notReadyFailedRetry = "10"

// maxFailureDiagnostics is how many of the last build's diagnostics a 503
// not_ready carries (GET /status has them all): every probe of an unready
// pod and every retry of a client gets one, and 20,000 broken files made
// each a 3 MB body, encoded afresh.
const maxFailureDiagnostics = 20

// notBuiltReason says, from the watcher's status, why no registry has been
// built: the findings or the error of the last build, or that the first
// build is still running.
func notBuiltReason(st store.Status) string {
	switch f := st.Failure; {
	case f != nil && f.Unread():
		return "the last build failed: " + f.Error
	case f != nil && len(f.Diagnostics) > 0:
		if len(f.Diagnostics) > maxFailureDiagnostics {
			return fmt.Sprintf("the last build found %s (details.failure lists the first %d; GET /status lists them, counting rather than listing past %d of one rule in one file)",
				validate.Plural(f.Errors(), "error"), maxFailureDiagnostics, validate.MaxPerRule)
		}
		if f.Errors() > len(f.Diagnostics) {
			return fmt.Sprintf("the last build found %s (details.failure lists them, counting rather than listing past %d of one rule in one file)", validate.Plural(f.Errors(), "error"), validate.MaxPerRule)
		}
		return fmt.Sprintf("the last build found %s (details.failure lists them)", validate.Plural(f.Errors(), "error"))
	case f != nil:
		return "the last build failed: " + f.Error
	case st.Waiting != "":
		return st.Waiting
	case st.LastAttempt.IsZero():
		return "the first build has not finished"
	}
	return ""
}

// statusDoc is GET /status.
type statusDoc struct {
	Ready       bool           `json:"ready"`
	Generation  uint64         `json:"generation"`
	Revision    string         `json:"revision"`
	Digest      string         `json:"digest"`
	BuiltAt     *time.Time     `json:"builtAt"`
	LastAttempt *time.Time     `json:"lastAttempt"`
	Rebuilds    uint64         `json:"rebuilds"`
	Failures    uint64         `json:"failedRebuilds"`
	Unchanged   uint64         `json:"unchangedRebuilds"`
	Waiting     string         `json:"waiting,omitempty"`
	Draining    bool           `json:"draining,omitempty"`
	Counts      counts         `json:"counts"`
	Failure     *store.Failure `json:"failure,omitempty"`
	// ConfigSchema is null when the config keys were not compared with a
	// central config schema: which one was, and why, is what an operator
	// asks when a collision is (or is not) reported.
	ConfigSchema *configSchemaDoc `json:"configSchema"`
	// Warnings are the served snapshot's findings, encoded once for it
	// (views.statusWarnings). It stays the last field: status writes
	// the document up to it, then the shared bytes, so that a request
	// holds no copy of them.
	Warnings json.RawMessage `json:"warnings"`
}

// configSchemaDoc is the central config schema of GET /status.
type configSchemaDoc struct {
	Path string `json:"path"`
	From string `json:"from"` // validate.SchemaFromRepoConfig, SchemaFromFlag or SchemaFromDiscovery
}

type counts struct {
	Capabilities int            `json:"capabilities"`
	ByRole       map[string]int `json:"byRole"`
	Tools        int            `json:"tools"`
	HostSteps    int            `json:"hostSteps"`
	ConfigKeys   int            `json:"configKeys"`
	Errors       int            `json:"errors"`
	Warnings     int            `json:"warnings"`
}

// status is GET /status. The warnings, which a repository of 20,000
// linked files out of it makes 3.6 MB, are written from the bytes the
// snapshot's views hold: encoded into each answer, 600 clients that read
// none of theirs held 1 GB until the write timeout.
func (s *server) status(w http.ResponseWriter, r *http.Request) {
	doc, warnings := s.statusDoc()
	doc.Warnings = json.RawMessage(`[]`)
	if warnings == nil { // no snapshot served: no warnings to add
		writeJSON(w, http.StatusOK, doc)
		return
	}
	data, err := encodeJSON(doc)
	head, ok := bytes.CutSuffix(data, []byte("[]}\n"))
	if err != nil || !ok { // writeJSON says why it failed; or Warnings is no longer the last field
		doc.Warnings = warnings
		writeJSON(w, http.StatusOK, doc)
		return
	}
	w.Header()["Content-Type"] = jsonHdr
	w.Header().Set("Content-Length", strconv.Itoa(len(head)+len(warnings)+2))
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return
	}
	for _, part := range [][]byte{head, warnings, []byte("}\n")} {
		if _, err := w.Write(part); err != nil {
			return
		}
	}
}

// statusDoc is GET /status but for its warnings, which it returns apart:
// the served snapshot's encoded, or nil when none is served.
func (s *server) statusDoc() (statusDoc, json.RawMessage) {
	snap, st := s.src.State()
	snap = served(snap)
	doc := statusDoc{Generation: st.Generation, Rebuilds: st.Rebuilds, Failures: st.Failures, Unchanged: st.Unchanged, Waiting: st.Waiting, Failure: st.Failure,
		Counts: counts{ByRole: map[string]int{"feature": 0, "runtime": 0, "reviewer": 0}}}
	if !st.LastAttempt.IsZero() {
		doc.LastAttempt = &st.LastAttempt
	}
	doc.Draining = s.isDraining()
	if snap == nil {
		return doc, nil
	}
	doc.Ready = true
	doc.Generation, doc.Revision, doc.Digest = snap.Generation, snap.Revision, snap.Digest
	built := snap.BuiltAt
	doc.BuiltAt = &built
	reg := snap.Registry
	doc.Counts.Capabilities = len(reg.Capabilities)
	for _, c := range reg.Capabilities {
		doc.Counts.ByRole[c.Role]++
	}
	doc.Counts.Tools = len(snap.Result.Cards)
	doc.Counts.HostSteps = len(snap.Result.Contract.Entries)
	doc.Counts.ConfigKeys = len(reg.ConfigKeys)
	doc.Counts.Errors, doc.Counts.Warnings = snap.Diagnostics.Count()
	if src := snap.Sources; src != nil && src.ConfigSchema != nil {
		doc.ConfigSchema = &configSchemaDoc{Path: src.ConfigSchema.Path, From: src.ConfigSchemaFrom}
	}
	return doc, viewsOf(snap).statusWarnings()
}

// reload rebuilds now (POST /-/reload) and reports the outcome. It waits
// for the rebuild, which on a large repository may outlast the server's
// write timeout, so the deadline for this answer is moved past the time
// after which a rebuild counts as stuck (see Options.StuckAfter). The
// watcher may first wait out a gap after the last rebuild (a second, or
// as long as that one took: see store.Watcher.Reload), so that a client
// reloading in a loop cannot keep it rescanning back to back.
func (s *server) reload(w http.ResponseWriter, r *http.Request) {
	// An error only says the writer has no deadline to move (a test's
	// recorder), and then there is none to outlast.
	_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(s.stuckAfter + time.Minute))
	st, err := s.src.Reload(r.Context())
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, CodeNotReady, "reload did not complete: "+err.Error(), nil)
		return
	}
	body := map[string]any{"ok": st.Failure == nil && st.Waiting == "", "generation": st.Generation, "failure": st.Failure}
	if st.Waiting != "" {
		body["waiting"] = st.Waiting
	}
	writeJSON(w, http.StatusOK, body)
}
