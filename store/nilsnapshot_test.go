package store_test

import (
	"context"
	"os"
	"testing"

	"github.com/capreg/capreg/store"
)

// TestNilSnapshot: a nil snapshot, what Watcher.Current returns before the
// first valid build, is one that did not pass: OK is false and it means no
// id, and WriteArtifacts and CheckArtifacts refuse it with an error rather
// than a nil dereference that took an embedding program down.
func TestNilSnapshot(t *testing.T) {
	var snap *store.Snapshot
	if snap.OK() || snap.HoldsNothing() || snap.MeantCapability("reserch") != "" || snap.MeantCard("x") != "" {
		t.Error("a nil snapshot is OK, holds nothing, or means an id")
	}
	dir := t.TempDir()
	if w, err := store.WriteArtifacts(context.Background(), dir, nil); err == nil || len(w) != 0 {
		t.Errorf("WriteArtifacts(nil) = %v, %v; want an error", w, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("WriteArtifacts(nil) wrote %d files", len(entries))
	}
	if d, err := store.CheckArtifacts(context.Background(), dir, nil); err == nil || len(d) != 0 {
		t.Errorf("CheckArtifacts(nil) = %v, %v; want an error", d, err)
	}
}
