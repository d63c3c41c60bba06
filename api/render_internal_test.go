package api

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestUnderRenderTurnGivesTheTurnBack pins that underRenderTurn, shared by
// POST /render-hooks and POST /capability-state, holds a render turn while
// the answer is made and has given it back by the time it returns, on
// every path: an answer made (so the caller writes it, to a client that
// may read slowly, holding no turn), an answer that fails (500 written),
// one that panics (answered 500 by recoverer upstream) and a refusal (503
// busy with Retry-After, nothing held). A turn kept on any path would
// leave POST renders busy for good after MaxRenders such requests.
func TestUnderRenderTurnGivesTheTurnBack(t *testing.T) {
	boom := errors.New("boom")
	cases := []struct {
		name   string
		answer func() (*body, error)
		panics bool
		status int // of what underRenderTurn writes itself; 0: nothing
		ok     bool
	}{
		{"answer", func() (*body, error) { return &body{data: []byte("{}"), contentType: "application/json"}, nil }, false, 0, true},
		{"error", func() (*body, error) { return nil, boom }, false, http.StatusInternalServerError, false},
		{"panic", func() (*body, error) { panic(boom) }, true, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newServer(nil, Options{MaxRenders: 1})
			w := httptest.NewRecorder()
			r := httptest.NewRequest(http.MethodPost, "/capability-state", nil)
			held := -1 // turns taken while the answer is made
			answer := func() (*body, error) {
				held = len(s.renders.slots)
				return c.answer()
			}
			var b *body
			ok := false
			func() {
				defer func() {
					if p := recover(); (p != nil) != c.panics {
						t.Fatalf("recovered %v, want a panic: %v", p, c.panics)
					}
				}()
				b, ok = s.underRenderTurn(w, r, answer)
			}()
			if held != 1 {
				t.Errorf("turns taken while answering: %d, want 1", held)
			}
			if n := len(s.renders.slots); n != 0 {
				t.Errorf("turns still taken after underRenderTurn: %d, want 0", n)
			}
			if !c.panics {
				if ok != c.ok || (b != nil) != c.ok {
					t.Errorf("ok %v, body %v; want ok %v", ok, b != nil, c.ok)
				}
				if c.status != 0 && w.Code != c.status {
					t.Errorf("status %d, want %d", w.Code, c.status)
				}
				if c.ok && w.Body.Len() != 0 {
					t.Errorf("an answer made was written by underRenderTurn: %q", w.Body.String())
				}
			}
		})
	}
	t.Run("refused", func(t *testing.T) {
		s := newServer(nil, Options{MaxRenders: 1})
		release := takeAll(s.renders)
		defer release()
		w := httptest.NewRecorder()
		called := false
		b, ok := s.underRenderTurn(w, httptest.NewRequest(http.MethodPost, "/render-hooks/plan:pre", nil),
			func() (*body, error) { called = true; return nil, nil })
		if ok || b != nil || called {
			t.Fatalf("ok %v, body %v, answer called %v: want a refusal", ok, b != nil, called)
		}
		if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") != "1" || !strings.Contains(w.Body.String(), "enablements are being rendered") {
			t.Errorf("refusal %d Retry-After %q %s", w.Code, w.Header().Get("Retry-After"), w.Body.String())
		}
		if n := len(s.renders.slots); n != 1 {
			t.Errorf("a refusal changed the turns taken: %d, want 1 (all, taken by the test)", n)
		}
	})
	t.Run("gzip under the turn", func(t *testing.T) {
		// The compression of a large answer is the render's work: it is
		// done while the turn is held, so the caller's write only copies.
		s := newServer(nil, Options{MaxRenders: 1})
		r := httptest.NewRequest(http.MethodPost, "/capability-state", nil)
		r.Header.Set("Accept-Encoding", "gzip")
		big := &body{data: []byte(strings.Repeat(`{"capId":"x"},`, 4096)), contentType: "application/json"}
		b, ok := s.underRenderTurn(httptest.NewRecorder(), r, func() (*body, error) { return big, nil })
		if !ok || b != big {
			t.Fatalf("ok %v", ok)
		}
		if !gzipFor(r, b) {
			t.Fatal("a 56 KiB JSON body is not gzipped for a client taking gzip: the test's premise fails")
		}
		if b.gz == nil {
			t.Error("the gzipped form was not made under the turn")
		}
	})
}
