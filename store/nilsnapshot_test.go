package store_test

import (
	"context"
	"errors"
	"os"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
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
	if w, err := store.WriteArtifacts(context.Background(), dir, nil); !errors.Is(err, store.ErrNotOK) || len(w) != 0 {
		t.Errorf("WriteArtifacts(nil) = %v, %v; want store.ErrNotOK", w, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("WriteArtifacts(nil) wrote %d files", len(entries))
	}
	if d, err := store.CheckArtifacts(context.Background(), dir, nil); !errors.Is(err, store.ErrNotOK) || len(d) != 0 {
		t.Errorf("CheckArtifacts(nil) = %v, %v; want store.ErrNotOK", d, err)
	}
}

// TestArtifactsOfABrokenRepository: WriteArtifacts and CheckArtifacts
// refuse a snapshot with errors with ErrNotOK, which a program embedding
// the store matches with errors.Is (it could match only the message).
func TestArtifactsOfABrokenRepository(t *testing.T) {
	snap := store.Build(&validate.Sources{Capabilities: []validate.CapabilitySource{{Folder: "x",
		Manifest: validate.File{Path: "capabilities/x/capability.json", Data: []byte("{")}}}}, false)
	if snap.OK() {
		t.Fatal("a broken capability.json passed")
	}
	dir := t.TempDir()
	if _, err := store.WriteArtifacts(context.Background(), dir, snap); !errors.Is(err, store.ErrNotOK) {
		t.Errorf("WriteArtifacts = %v; want store.ErrNotOK", err)
	}
	if _, err := store.CheckArtifacts(context.Background(), dir, snap); !errors.Is(err, store.ErrNotOK) {
		t.Errorf("CheckArtifacts = %v; want store.ErrNotOK", err)
	}
}
