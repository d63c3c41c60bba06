package api

import (
	"net/http"
	"testing"

	"github.com/go-chi/chi/v5"
)

// TestMistypedRouteNamesNoneOfTwoSlips: a path that two different one-word
// mendings each route, /alpha/betas/gammas on a router serving
// /alpha/beta/{y} and /alpha/{x}/gamma, names neither, as a suggestion of
// one of two would be a guess; one slip alone is named. capreg's own
// routes cannot meet two (the two routes would need a parameter each
// past the first word, where another has a word: only
// /capabilities/{id}/closure has one), so this holds the rule to a router
// of its own; with the two-slip check dropped every test passed.
func TestMistypedRouteNamesNoneOfTwoSlips(t *testing.T) {
	r := chi.NewRouter()
	ok := func(http.ResponseWriter, *http.Request) {}
	r.Get("/alpha/beta/{y}", ok)
	r.Get("/alpha/{x}/gamma", ok)
	s := &server{routes: r}
	for p, want := range map[string]string{
		"/alpha/betas/gammas": "",               // /alpha/beta/gammas and /alpha/betas/gamma
		"/alpha/betas":        "",               // /alpha/beta routes nothing
		"/alpha/x/gammas":     "/alpha/x/gamma", // one slip
		"/alphas/beta/z":      "/alpha/beta/z",  // one slip, in the first word
		"/alpha/betas/z":      "/alpha/beta/z",  // one slip; z no word
	} {
		if got := s.mistypedRoute(p); got != want {
			t.Errorf("mistypedRoute(%q) = %q, want %q", p, got, want)
		}
	}
}
