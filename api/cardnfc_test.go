package api_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// TestToolIDFoundComposedOtherwise: GET /tools/{id} finds a card whose id
// is written composed ("caf\u00e9") when the client sends it decomposed
// ("cafe\u0301", as macOS may), and the other way round, with the card as
// written; an id that differs in more is still a 404.
func TestToolIDFoundComposedOtherwise(t *testing.T) {
	h, _ := cardsRouter(t, cardSource("a", "caf\u00e9"), cardSource("b", "nai\u0308ve"))
	for sent, want := range map[string]string{
		"caf\u00e9":   "caf\u00e9",
		"cafe\u0301":  "caf\u00e9",
		"na\u00efve":  "nai\u0308ve",
		"nai\u0308ve": "nai\u0308ve",
		"cafe":        "",
		"cafe\u0300":  "",
	} {
		e := do(t, h, "GET", "/tools/"+url.PathEscape(sent), nil)
		switch {
		case want == "" && e.status != 404:
			t.Errorf("%+q: %d, want 404", sent, e.status)
		case want != "" && (e.status != 200 || e.json(t)["id"] != want):
			t.Errorf("%+q: %d %s, want the card %+q", sent, e.status, e.body, want)
		}
	}
}

// TestToolIDComposedToASCII: NFC maps a few characters outside ASCII to
// ASCII (U+212A KELVIN SIGN is "K", U+037E GREEK QUESTION MARK ";"), so
// "\u212Aelvin" and "Kelvin" are one id, which check refuses twice and
// GET /tools/{id} finds by either spelling, whichever the card is written
// in (review cr27: an ASCII id not found as sent was a 404).
func TestToolIDComposedToASCII(t *testing.T) {
	for _, tc := range []struct{ card, sent string }{
		{"\u212Aelvin", "Kelvin"},
		{"Kelvin", "\u212Aelvin"},
		{"a\u037Eb", "a;b"},
		{"a;b", "a\u037Eb"},
	} {
		h, _ := cardsRouter(t, cardSource("a", tc.card))
		e := do(t, h, "GET", "/tools/"+url.PathEscape(tc.sent), nil)
		if e.status != 200 || e.json(t)["id"] != tc.card {
			t.Errorf("card %+q, GET %+q: %d %s; want the card", tc.card, tc.sent, e.status, e.body)
		}
	}
	dup := store.Build(&validate.Sources{Cards: []validate.CardSource{cardSource("a", "Kelvin"), cardSource("b", "\u212Aelvin")}}, false)
	if dup.OK() {
		t.Errorf("Kelvin and \\u212Aelvin passed as two cards")
	}
}

// TestToolIDInvalidUTF8IsNoCard: GET /tools/{id} with bytes that are not
// UTF-8 (a%FF) names no card, not the card "a\uFFFD" that the listing's
// order (JavaScript's, which reads such a byte as U+FFFD) puts level with
// it (review cr28); that card is found by its own spelling.
func TestToolIDInvalidUTF8IsNoCard(t *testing.T) {
	h, _ := cardsRouter(t, cardSource("a", "a\uFFFD"), cardSource("b", "b"))
	for _, sent := range []string{"a%FF", "a%ED%A0", "a%EF%BF"} {
		if e := do(t, h, "GET", "/tools/"+sent, nil); e.status != 404 {
			t.Errorf("GET /tools/%s: %d %s; want 404", sent, e.status, e.body)
		}
	}
	if e := do(t, h, "GET", "/tools/"+url.PathEscape("a\uFFFD"), nil); e.status != 200 {
		t.Errorf("GET /tools/a\\uFFFD: %d %s", e.status, e.body)
	}
}

// cardsRouter serves a snapshot of cards alone, which must pass the gate.
func cardsRouter(t *testing.T, cards ...validate.CardSource) (http.Handler, *store.Snapshot) {
	t.Helper()
	snap := store.Build(&validate.Sources{Cards: cards}, false)
	if !snap.OK() {
		t.Fatalf("cards do not validate: %v", snap.Diagnostics)
	}
	s := &source{}
	s.snap.Store(snap)
	return newRouter(s), snap
}
