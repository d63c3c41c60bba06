package api

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// The status a request is counted under is the one sent: the first
// WriteHeader's, as net/http sends only that one (a later call is
// "superfluous"), not the last one asked for.
func TestStatusWriterCountsTheFirstStatus(t *testing.T) {
	rec := httptest.NewRecorder()
	sw := &statusWriter{ResponseWriter: rec, code: http.StatusOK}
	sw.WriteHeader(http.StatusNotFound)
	sw.WriteHeader(http.StatusInternalServerError)
	if sw.code != http.StatusNotFound || rec.Code != http.StatusNotFound {
		t.Errorf("counted %d, sent %d; want 404 both", sw.code, rec.Code)
	}
}

// unwrapper wraps a ResponseWriter as a middleware's writer does.
type unwrapper struct{ http.ResponseWriter }

func (u unwrapper) Unwrap() http.ResponseWriter { return u.ResponseWriter }

// setMode finds observe's writer below writers that wrap it (Unwrap), so
// a handler behind such a middleware is counted under its mode.
func TestSetModeThroughWrappers(t *testing.T) {
	sw := &statusWriter{ResponseWriter: httptest.NewRecorder(), code: http.StatusOK}
	setMode(unwrapper{unwrapper{sw}}, toolsModeCommand)
	if sw.mode != toolsModeCommand {
		t.Errorf("mode %q; want %q", sw.mode, toolsModeCommand)
	}
	setMode(httptest.NewRecorder(), toolsModeList) // no statusWriter: nothing to set, no panic
}
