package api

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// Evaluations are bounded: a request waits for a turn, and is turned away
// (503 busy) when none comes in time, it is cancelled, or every waiting
// place is taken.
func TestTurns(t *testing.T) {
	tr := newTurns(1, maxValidationWaiters, 20*time.Millisecond)
	release, ok := tr.acquire(context.Background())
	if !ok {
		t.Fatal("the first request got no turn")
	}
	if _, ok := tr.acquire(context.Background()); ok {
		t.Fatal("a second request got a turn while the only one was taken")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, ok := tr.acquire(ctx); ok {
		t.Fatal("a cancelled request got a turn")
	}
	// Waiters beyond the bound are turned away at once.
	tr.waiters.Store(maxValidationWaiters)
	tr.wait = time.Hour
	if _, ok := tr.acquire(context.Background()); ok {
		t.Fatal("a request got a turn while every waiting place was taken")
	}
	tr.waiters.Store(0)
	release()
	release2, ok := tr.acquire(context.Background())
	if !ok {
		t.Fatal("no turn after the first was released")
	}
	release2()
}

// A method no route has, on a path no route has, is a 404, not a 405 with
// nothing allowed.
func TestUnknownMethodOnUnknownPath(t *testing.T) {
	h := newServer(nil, Options{}).router() // no route here reads the source
	for _, tt := range []struct {
		method, path string
		want         int
	}{
		{"FOO", "/nope/1", http.StatusNotFound},
		{"FOO", "/tools", http.StatusMethodNotAllowed},
		{"PUT", "/nope", http.StatusNotFound},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(tt.method, tt.path, nil))
		if rec.Code != tt.want || !strings.Contains(rec.Header().Get("Content-Type"), "json") {
			t.Errorf("%s %s = %d %s, want %d JSON", tt.method, tt.path, rec.Code, rec.Header().Get("Content-Type"), tt.want)
		}
	}
}
