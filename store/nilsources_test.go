package store_test

import (
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// TestNilSources: nil sources are a repository of no files, for Build,
// Overlay, Snapshot.Check and validate.Validate alike; each was a nil
// dereference. Such a repository is valid, with the warning that it holds
// nothing (repository-empty).
func TestNilSources(t *testing.T) {
	if res := validate.Validate(nil); res == nil || len(res.Diagnostics) != 1 || res.Diagnostics[0].Rule != "repository-empty" {
		t.Errorf("Validate(nil) = %+v", res)
	}
	snap := store.Build(nil, false)
	if !snap.OK() || !snap.HoldsNothing() || snap.Sources == nil {
		t.Errorf("Build(nil): ok %v, holds nothing %v, sources %v", snap.OK(), snap.HoldsNothing(), snap.Sources)
	}
	if ds := snap.Check(nil); len(ds) != 1 || ds[0].Rule != "repository-empty" {
		t.Errorf("Check(nil) = %v", ds)
	}
	src, err := store.Overlay(nil, map[string][]byte{"bin/t.card.json": []byte(`{}`)}, nil)
	if err != nil || src == nil || len(src.Cards) != 1 {
		t.Errorf("Overlay(nil, a card) = %+v, %v", src, err)
	}
}
