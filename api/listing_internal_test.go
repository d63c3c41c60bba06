package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

// listingByEncoder is how a page of the listing was made before
// listingBody: a map of the cards' entries as json.RawMessage, encoded
// by jsonBody.
func listingByEncoder(page []*validate.Card, total int, next string) []byte {
	tools := make([]json.RawMessage, len(page))
	for i, c := range page {
		v := store.ToolJSON(c)
		tools[i] = ojson.Encode(&v, "")
	}
	doc := map[string]any{"tools": tools, "count": len(page), "total": total}
	if next != "" {
		doc["nextCursor"] = next
	}
	return jsonBody(doc).data
}

// TestListingBodyIsTheEncoders: listingBody writes the bytes the encoder
// wrote, for pages of none, one and several cards, with a next cursor or
// not, of cards holding what an encoder may write otherwise: HTML
// characters, U+2028 and U+2029, other non-ASCII text and escapes, empty
// and nested arrays and objects, numbers as written, a "path" of their
// own (left out), unknown fields.
func TestListingBodyIsTheEncoders(t *testing.T) {
	texts := []string{
		`{"id": "a", "command": "bin/a <x> && y", "summary": "S\u2028 \u2029 é \"q\" \\ \t", "intent_phrases": ["x < y > z & w", "日本語"], "effects": "e", "risk": "reversible", "example": "bin/a"}`,
		`{"id": "b", "command": "bin/b", "summary": "s", "intent_phrases": ["p"], "replaces": [], "effects": "e", "risk": "destructive", "example": "bin/b", "x-extra": {"n": [1.50, -0, 1e400, {}], "o": {"k": []}}, "path": "elsewhere"}`,
		`{"id": "c\u0301", "command": "bin/c", "summary": "` + strings.Repeat("long ", 2000) + `", "intent_phrases": ["` + strings.Repeat(`p", "`, 3000) + `q"], "effects": "e", "risk": "reversible", "example": "bin/c", "help_probe": "--help"}`,
	}
	var cards []*validate.Card
	for i, text := range texts {
		raw, errs := ojson.Parse([]byte(text))
		if len(errs) != 0 {
			t.Fatalf("card %d: %v", i, errs)
		}
		cards = append(cards, &validate.Card{ID: raw.Get("id").Str, Raw: raw, ToolPath: fmt.Sprintf("bin/tool-%d", i)})
	}
	for _, tt := range []struct {
		page  []*validate.Card
		total int
		next  string
	}{
		{nil, 0, ""},
		{[]*validate.Card{}, 3, ""},
		{cards[:1], 3, encodeCursor(cards[0].ID)},
		{cards, 3, ""},
		{cards[1:], 40, encodeCursor(cards[2].ID)},
	} {
		want := listingByEncoder(tt.page, tt.total, tt.next)
		if got := listingBody(tt.page, tt.total, tt.next).data; !bytes.Equal(got, want) {
			t.Errorf("page of %d cards, next %q: listingBody wrote\n%.2000s\nthe encoder\n%.2000s", len(tt.page), tt.next, got, want)
		}
	}
}
