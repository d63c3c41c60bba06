package validate

import (
	"testing"
	"unsafe"
)

// within reports whether s's text lies in b's memory.
func within(s string, b []byte) bool {
	if s == "" || len(b) == 0 {
		return false
	}
	p, lo := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(&b[0]))
	return p >= lo && p+uintptr(len(s)) <= lo+uintptr(len(b))
}

// TestCardTextSharesItsBytes: a valid card's text is its file's bytes,
// not a copy (parseSharedDoc), through a Cache too and on its hit: its
// fields and its tree's strings; a string written with an escape is
// decoded, as before. A card failing the card schema is kept by the cache
// as its id alone, which holds none of its bytes.
func TestCardTextSharesItsBytes(t *testing.T) {
	data := []byte(`{"id": "deploy", "command": "bin/deploy <env>", "summary": "Deploys the service.", "intent_phrases": ["ship it", "roll out \u00e9"],
"replaces": ["kubectl apply .*"], "effects": "Deploys it.", "risk": "reversible", "example": "bin/deploy prod"}`)
	src := &Sources{Cards: []CardSource{{File: File{Path: "bin/deploy.card.json", Data: data}, ToolPath: "bin/deploy", ToolExists: true}}}
	cache := NewCache()
	for run, res := range []*Result{Validate(src), cache.Validate(src), cache.Validate(src)} {
		if len(res.Cards) != 1 {
			t.Fatalf("run %d: %d cards: %v", run, len(res.Cards), res.Diagnostics)
		}
		c := res.Cards[0]
		for _, s := range []string{c.ID, c.Command, c.Summary, c.IntentPhrases[0], c.Replaces[0], c.Effects, c.Risk, c.Example, c.Raw.Members[0].Key, c.Raw.Get("id").Str} {
			if !within(s, data) {
				t.Errorf("run %d: %q is a copy of the card's bytes", run, s)
			}
		}
		if within(c.IntentPhrases[1], data) || c.IntentPhrases[1] != "roll out é" {
			t.Errorf("run %d: an escaped phrase is %q, in the bytes %v", run, c.IntentPhrases[1], within(c.IntentPhrases[1], data))
		}
	}
	if s := cache.Stats(); s.CardHits != 1 {
		t.Fatalf("card hits %d, want 1", s.CardHits)
	}

	failing := []byte(`{"id": "broken-card", "command": "bin/broken", "summary": 1}`)
	src = &Sources{Cards: []CardSource{{File: File{Path: "bin/broken.card.json", Data: failing}, ToolPath: "bin/broken", ToolExists: true}}}
	cache = NewCache()
	if res := cache.Validate(src); len(res.Cards) != 0 || !res.Diagnostics.HasErrors() {
		t.Fatalf("a failing card passed: %v", res.Diagnostics)
	}
	if len(cache.cards) != 1 {
		t.Fatalf("the cache holds %d cards, want 1", len(cache.cards))
	}
	for _, e := range cache.cards {
		if e.d == nil || e.d.Src != nil || len(e.d.Root.Members) != 1 {
			t.Fatalf("the failing card is kept as %+v, want its id alone", e.d)
		}
		if m := e.d.Root.Members[0]; m.Value.Str != "broken-card" || within(m.Value.Str, failing) || within(m.Key, failing) {
			t.Errorf("the failing card's id %q (key %q) holds its bytes", m.Value.Str, m.Key)
		}
	}
}
