package store_test

import (
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

// TestToolIndexSortsIDsAsJavaScript pins a nit of review cr25: every
// other sorted list of the generated artifacts is in JavaScript's default
// order, by UTF-16 code units (compareUTF16, "so they match what the
// reference generator (Node.js) writes", README, Generated artifacts), but
// ToolIndexJSON sorted card ids by bytes (strings.Compare), and a card id
// may be any one-line text. "\U0001F600" (a surrogate pair, 0xD83D...)
// sorts before "\uFF5A" in JavaScript, after it in bytes.
func TestToolIndexSortsIDsAsJavaScript(t *testing.T) {
	cards := []*validate.Card{
		{ID: "\uFF5A", ToolPath: "bin/z", Raw: ojson.NewObject()},
		{ID: "\U0001F600", ToolPath: "bin/e", Raw: ojson.NewObject()},
	}
	doc := store.ToolIndexJSON(cards)
	tools := doc.Get("tools")
	var got []string
	for _, it := range tools.Items {
		got = append(got, it.Get("path").Str)
	}
	if len(got) != 2 || got[0] != "bin/e" {
		t.Errorf("tools in the order %q; JavaScript's sort puts the U+1F600 card (bin/e) first", got)
	}
}
