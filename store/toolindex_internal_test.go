package store

import (
	"bytes"
	"context"
	"testing"

	"github.com/capreg/capreg/store/storetest"
	"github.com/capreg/capreg/validate"
)

// TestToolIndexKeepsOnlyTheSameEntries: toolIndex gives the previous
// snapshot's bytes only for its very cards; a card of the same tree
// whose id or tool path differs (which a Cache keyed by path and text
// never gives, but nothing else holds toolIndex to), or a previous build
// that failed and wrote no tool index, is encoded afresh, to the bytes
// ToolIndexJSON gives.
func TestToolIndexKeepsOnlyTheSameEntries(t *testing.T) {
	dir := t.TempDir()
	if err := storetest.WriteRepo(dir, 40); err != nil {
		t.Fatal(err)
	}
	prev, err := Load(context.Background(), Options{ScanOptions: ScanOptions{Repo: dir}})
	if err != nil || !prev.OK() || len(prev.Result.Cards) < 2 {
		t.Fatalf("load: %v %v, %d cards", err, prev.Diagnostics, len(prev.Result.Cards))
	}
	cards := prev.Result.Cards
	fresh := func(cards []*validate.Card) []byte {
		tools := ToolIndexJSON(cards)
		return encodeFile(&tools, 0)
	}
	if got := toolIndex(prev.Sources, cards, prev); &got[0] != &prev.Artifacts[ToolIndexFile][0] {
		t.Error("the previous snapshot's very cards were encoded again")
	}
	for _, tc := range []struct {
		name   string
		change func(*validate.Card)
	}{
		{"tool path", func(c *validate.Card) { c.ToolPath = "elsewhere/tool" }},
		{"id", func(c *validate.Card) { c.ID = "zz-last" }}, // sorts it after the others
	} {
		next := append([]*validate.Card(nil), cards...)
		changed := *next[0]
		tc.change(&changed)
		next[0] = &changed
		got, want := toolIndex(prev.Sources, next, prev), fresh(next)
		if bytes.Equal(want, prev.Artifacts[ToolIndexFile]) {
			t.Fatalf("%s: the change makes the same index", tc.name)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("a card of another %s kept the previous tool-index.json:\n%.300s\nwant:\n%.300s", tc.name, got, want)
		}
	}
	failed := &Snapshot{Sources: prev.Sources, Result: prev.Result} // errors: no artifacts
	if got := toolIndex(prev.Sources, cards, failed); !bytes.Equal(got, fresh(cards)) {
		t.Errorf("after a build that failed, tool-index.json is\n%.300s\nwant:\n%.300s", got, fresh(cards))
	}
}
