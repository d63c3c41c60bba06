package api_test

import (
	"net/url"
	"slices"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// TestToolListingInIndexOrder: GET /tools lists the cards in the order
// tool-index.json lists them (JavaScript's sort, by UTF-16 code units),
// whole and page by page through nextCursor, and finds each by id: an id
// holding U+1F600 comes before one holding U+FF01, which bytes put the
// other way round (review r23).
func TestToolListingInIndexOrder(t *testing.T) {
	ids := []string{"b", "a\uff01", "a", "a\U0001F600"}
	var cards []validate.CardSource
	for i, id := range ids {
		cards = append(cards, cardSource(string(rune('p'+i)), id))
	}
	h, snap := cardsRouter(t, cards...)
	idx := store.ToolIndexJSON(snap.Result.Cards)
	var want []string
	for _, it := range idx.Get("tools").Items {
		want = append(want, it.Get("id").Str)
	}
	if !slices.Equal(want, []string{"a", "a\U0001F600", "a\uff01", "b"}) {
		t.Fatalf("tool-index order %q", want)
	}
	var whole []string
	for _, c := range do(t, h, "GET", "/tools", nil).json(t)["tools"].([]any) {
		whole = append(whole, c.(map[string]any)["id"].(string))
	}
	var paged []string
	for target := "/tools?limit=1"; ; {
		m := do(t, h, "GET", target, nil).json(t)
		for _, c := range m["tools"].([]any) {
			paged = append(paged, c.(map[string]any)["id"].(string))
		}
		next, ok := m["nextCursor"].(string)
		if !ok || len(paged) > len(ids) {
			break
		}
		target = "/tools?limit=1&cursor=" + url.QueryEscape(next)
	}
	if !slices.Equal(whole, want) || !slices.Equal(paged, want) {
		t.Errorf("listed %q, paged %q; want %q", whole, paged, want)
	}
	for _, id := range ids {
		if e := do(t, h, "GET", "/tools/"+url.PathEscape(id), nil); e.status != 200 {
			t.Errorf("GET /tools/%s: %d", id, e.status)
		}
	}
}
