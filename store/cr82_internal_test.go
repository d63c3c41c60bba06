package store

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"unsafe"

	"github.com/capreg/capreg/validate"
)

// cardBytesOf returns the Data of the card at path in src.
func cardBytesOf(src *validate.Sources, path string) []byte {
	for _, c := range src.Cards {
		if c.Path == path {
			return c.Data
		}
	}
	return nil
}

// inBytes reports whether s's text lies in b's memory.
func inBytes(s string, b []byte) bool {
	if s == "" || len(b) == 0 {
		return false
	}
	p, lo := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(&b[0]))
	return p >= lo && p+uintptr(len(s)) <= lo+uintptr(len(b))
}

// checkCardsHeldOnce: every valid card of snap has its text (its id,
// which the card files here write without escapes) in the bytes snap's
// Sources hold for it: the Cache's tree and the snapshot's Sources are one
// copy of the card, not two.
func checkCardsHeldOnce(t *testing.T, what string, snap *Snapshot) {
	t.Helper()
	if snap == nil || len(snap.Result.Cards) == 0 {
		t.Fatalf("%s: no cards", what)
	}
	for _, c := range snap.Result.Cards {
		if data := cardBytesOf(snap.Sources, c.Path); !inBytes(c.ID, data) {
			t.Errorf("%s: card %s: its tree is not the bytes the snapshot holds for it (two copies)", what, c.Path)
		}
	}
}

// TestRebuildHoldsCardsOnceAfterARejectedBuild: the watcher's cache keeps
// the trees of the last build, served or not, whose strings are the bytes
// of that build's scan (ojson.ParseShared); a later build sharing its
// Sources only with the snapshot served held every card twice once a build
// was rejected: all of them after a first build that failed (nothing
// served), and each card edited while the repository had errors.
func TestRebuildHoldsCardsOnceAfterARejectedBuild(t *testing.T) {
	repo := t.TempDir()
	copyTree(t, "../testdata/repo", repo)
	manifest := filepath.Join(repo, "capabilities/ui/capability.json")
	good, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	write := func(p string, data []byte) {
		t.Helper()
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: repo}}})
	ctx := context.Background()
	rebuild := func(wantServed bool) {
		t.Helper()
		before := w.Current()
		w.rebuild(ctx, nopNotifier{})
		if served := w.Current() != before; served != wantServed {
			t.Fatalf("rebuild served a new snapshot: %v, want %v (%v)", served, wantServed, w.Status().Failure)
		}
	}

	write(manifest, []byte(`{"broken`))
	rebuild(false) // nothing served: every card in the cache, on this scan's bytes
	write(manifest, good)
	rebuild(true)
	checkCardsHeldOnce(t, "after a first build that failed", w.Current())

	card := filepath.Join(repo, "bin/land.card.json")
	data, err := os.ReadFile(card)
	if err != nil {
		t.Fatal(err)
	}
	write(manifest, []byte(`{"broken`))
	write(card, append(data, '\n')) // parsed by the rejected build
	rebuild(false)
	write(manifest, good)
	rebuild(true)
	checkCardsHeldOnce(t, "after a card edited in a failing build", w.Current())
}
