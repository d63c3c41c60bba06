package api_test

import (
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
	snap := store.Build(&validate.Sources{Cards: []validate.CardSource{cardSource("a", "caf\u00e9"), cardSource("b", "nai\u0308ve")}}, false)
	if !snap.OK() {
		t.Fatalf("cards do not validate: %v", snap.Diagnostics)
	}
	s := &source{}
	s.snap.Store(snap)
	h := newRouter(s)
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
