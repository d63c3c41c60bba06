package api_test

import (
	"net/url"
	"testing"
)

// TestToolNotFoundMeantFoldsFinalSigma: GET /tools/{id} for an id asked
// with "σ" where the card's ends a word in the final sigma "ς" (typed in
// capitals, "ΛΟΓΟΣ" lower-cases to "λογοσ") is a 404 naming the card, in
// the message and in details.didYouMean: the did-you-mean folds case as
// search does, where strings.ToLower kept "ς" and "σ" apart.
func TestToolNotFoundMeantFoldsFinalSigma(t *testing.T) {
	h, _ := cardsRouter(t, cardSource("a", "λογος-app"), cardSource("b", "app.ελεγχος"))
	for asked, want := range map[string]string{
		"ΛΟΓΟΣ_APP":   "λογος-app",
		"λογοσ_app":   "λογος-app",
		"ελεγχοσ:app": "app.ελεγχος",
	} {
		code, msg, meant := errorAt(t, h, "GET", "/tools/"+url.PathEscape(asked))
		if code != 404 || meant != want {
			t.Errorf("GET /tools/%s: %d %q didYouMean %q, want 404 naming %q", asked, code, msg, meant, want)
		}
	}
}
