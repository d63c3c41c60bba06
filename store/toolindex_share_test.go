package store_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/store/storetest"
	"github.com/capreg/capreg/validate"
)

// TestRebuildSharesAnUnchangedToolIndex: a rebuild with a Cache after an
// edit that left every card as it was holds the previous snapshot's
// tool-index.json, not a second copy encoded again; one after a card's
// edit encodes its own. Either way the bytes are those a build of the
// same sources without a cache writes.
func TestRebuildSharesAnUnchangedToolIndex(t *testing.T) {
	dir := t.TempDir()
	if err := storetest.WriteRepo(dir, 40); err != nil {
		t.Fatal(err)
	}
	opts := store.Options{ScanOptions: store.ScanOptions{Repo: dir}, Cache: validate.NewCache()}
	load := func() *store.Snapshot {
		t.Helper()
		snap, err := store.Load(context.Background(), opts)
		if err != nil || !snap.OK() {
			t.Fatalf("load: %v %v", err, snap.Diagnostics)
		}
		if want := store.Build(snap.Sources, false).Artifacts[store.ToolIndexFile]; !bytes.Equal(snap.Artifacts[store.ToolIndexFile], want) {
			t.Fatalf("tool-index.json differs from a build without a cache:\n%s\nwant:\n%s", snap.Artifacts[store.ToolIndexFile], want)
		}
		opts.Previous = snap
		return snap
	}
	edit := func(rel, old, new string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(rel))
		data, err := os.ReadFile(p)
		if err != nil || !bytes.Contains(data, []byte(old)) {
			t.Fatalf("%s: %v, or no %q", rel, err, old)
		}
		if err := os.WriteFile(p, bytes.Replace(data, []byte(old), []byte(new), 1), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	storage := func(s *store.Snapshot) *byte { return &s.Artifacts[store.ToolIndexFile][0] }
	first := load()
	edit("capabilities/cap-00001/capability.json", `"description": "`, `"description": "edited `)
	second := load()
	if second.Digest == first.Digest {
		t.Fatal("the capability's edit changed no digest")
	}
	if storage(second) != storage(first) {
		t.Error("a rebuild after a capability's edit encoded tool-index.json again, with the same cards")
	}
	edit("bin/tool-00002.card.json", `"summary": "`, `"summary": "Edited: `)
	third := load()
	if storage(third) == storage(second) || !bytes.Contains(third.Artifacts[store.ToolIndexFile], []byte("Edited: ")) {
		t.Error("a rebuild after a card's edit kept the previous tool-index.json")
	}
}
