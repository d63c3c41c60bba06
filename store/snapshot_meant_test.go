package store_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// TestSnapshotMeantIDsAtOnce: the first 404s of a fresh snapshot, many at
// once, each of capabilities and of cards, all name the id meant; run with
// -race, they sort the ids once without a race (the snapshot is shared by
// every reader), and the ids sorted are no slice of the snapshot's own.
func TestSnapshotMeantIDsAtOnce(t *testing.T) {
	snap := load(t, "../testdata/repo")
	if !snap.OK() {
		t.Fatalf("testdata/repo did not pass: %v", snap.Diagnostics)
	}
	firstCap, firstCard := snap.Registry.Capabilities[0].ID, snap.Result.Cards[0].ID
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for i := range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i%2 == 0 {
				if got := snap.MeantCapability("reserch"); got != "research" {
					errs <- fmt.Sprintf("MeantCapability(reserch) = %q", got)
				}
			} else if got := snap.MeantCard("lnad"); got != "land" {
				errs <- fmt.Sprintf("MeantCard(lnad) = %q", got)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	if snap.Registry.Capabilities[0].ID != firstCap || snap.Result.Cards[0].ID != firstCard {
		t.Error("a 404 reordered the snapshot's capabilities or cards")
	}
}

// TestSnapshotMeantCardTies: on a tie the id first in sorted order is
// named, whatever the order of the cards' paths ("hat" at bin/a and "bat"
// at bin/b are each one edit from "cat": "bat"); and a snapshot with errors,
// which has no registry, names no capability but still a card.
func TestSnapshotMeantCardTies(t *testing.T) {
	card := func(path, id string) validate.CardSource {
		data := fmt.Sprintf(`{"id": %q, "command": "bin/%s", "summary": "Do %s.", "intent_phrases": ["do %s"],
			"replaces": ["make %s"], "effects": "None.", "risk": "reversible", "example": "bin/%s"}`, id, id, id, id, id, id)
		return validate.CardSource{File: validate.File{Path: path, Data: []byte(data)}, ToolPath: path[:len(path)-len(".card.json")], ToolExists: true}
	}
	cards := []validate.CardSource{card("bin/a.card.json", "hat"), card("bin/b.card.json", "bat")}
	snap := store.Build(&validate.Sources{Cards: cards}, false)
	if len(snap.Result.Cards) != 2 || snap.Result.Cards[0].ID != "hat" {
		t.Fatalf("cards %v, want hat then bat (diagnostics %v)", snap.Result.Cards, snap.Diagnostics)
	}
	if got := snap.MeantCard("cat"); got != "bat" {
		t.Errorf("MeantCard(cat) among hat, bat = %q, want bat (the first sorted)", got)
	}
	broken := store.Build(&validate.Sources{Cards: cards, Capabilities: []validate.CapabilitySource{{Folder: "x",
		Manifest: validate.File{Path: "capabilities/x/capability.json", Data: []byte("{")}}}}, false)
	if broken.Registry != nil {
		t.Fatal("a broken capability left a registry")
	}
	if got := broken.MeantCapability("x"); got != "" {
		t.Errorf("MeantCapability without a registry = %q, want none", got)
	}
	if got := broken.MeantCard("cat"); got != "bat" {
		t.Errorf("MeantCard(cat) of a snapshot with errors = %q, want bat", got)
	}
}
