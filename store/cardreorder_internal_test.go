package store

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/capreg/capreg/search"
	"github.com/capreg/capreg/validate"
)

// TestReorderedCardsSearchAsBuilt: a rebuild whose cards are the served
// snapshot's in another order (a card and its tool renamed or moved to
// sort elsewhere) serves the served search index reordered, not built
// again, and it answers every query of the development set (800, some
// with a risk filter or a longer list) as a build without a cache of the
// same repository does: the same hits, scores, ties' order, matched
// fields, coverage and replaces patterns, and Result.Card indexing its
// own Result.Cards; and the command matcher, reordered too, matches each
// card's replaces patterns as one compiled afresh. Twice: reordered, then
// reordered again from that.
func TestReorderedCardsSearchAsBuilt(t *testing.T) {
	repo := t.TempDir()
	copyTree(t, "../testdata/intent-eval", repo)
	addReplaces(t, repo)
	queries := devIntents(t, "../testdata/intent-eval/queries.jsonl")
	w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: repo}}})
	w.rebuild(context.Background(), nopNotifier{})
	served := w.Current()
	if !served.OK() {
		t.Fatalf("not served: %v", w.Status().Failure)
	}
	for _, moves := range [][][2]string{
		{{"bin/add-appxpackage", "bin/zz/add-appxpackage"}, {"bin/yabai", "bin/aa-yabai"}},
		{{"bin/zoneadm", "bin/a/zoneadm"}, {"bin/afinfo", "bin/x-afinfo"}},
	} {
		for _, m := range moves {
			for _, suffix := range []string{"", ".card.json"} {
				if err := os.MkdirAll(filepath.Join(repo, filepath.Dir(m[1])), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.Rename(filepath.Join(repo, m[0]+suffix), filepath.Join(repo, m[1]+suffix)); err != nil {
					t.Fatal(err)
				}
			}
		}
		w.rebuild(context.Background(), nopNotifier{})
		snap := w.Current()
		if snap == served || !snap.OK() {
			t.Fatalf("%v: the change was not served: %v", moves, w.Status().Failure)
		}
		if slices.EqualFunc(snap.Result.Cards, served.Result.Cards, func(a, b *validate.Card) bool { return a.ID == b.ID }) {
			t.Fatalf("%v: the cards' order is as it was: the test moves nothing", moves)
		}
		if snap.search == served.search || !sameAnalysis(snap.search, served.search) {
			t.Errorf("%v: the served index was built again, or shared as it was: want it reordered", moves)
		}
		fresh, err := Load(context.Background(), Options{ScanOptions: ScanOptions{Repo: repo}})
		if err != nil || !fresh.OK() {
			t.Fatalf("a build without a cache failed: %v", err)
		}
		ctx := context.Background()
		for k, intent := range queries {
			q := search.Query{Intent: intent}
			switch k % 3 {
			case 1:
				q.Limit = 100
			case 2:
				q.Risk = "reversible"
			}
			if got, want := snap.SearchTools(ctx, q), fresh.SearchTools(ctx, q); !reflect.DeepEqual(got, want) {
				t.Errorf("%v: %+v:\n reordered %+v\n built     %+v", moves, q, got, want)
			}
			if k%8 != 0 {
				continue // SearchTools's IDs tell a wrong Result.Card already
			}
			if got, want := snap.SearchIndex().Search(q), fresh.SearchIndex().Search(q); !reflect.DeepEqual(got, want) {
				t.Errorf("%v: the index's %+v:\n reordered %+v\n built     %+v", moves, q, got, want)
			}
		}
		if snap.commands == nil || snap.commands == served.commands {
			t.Errorf("%v: the served command matcher was not given reordered (compiled when asked, or shared as it was)", moves)
		}
		lines := 0
		for _, c := range fresh.Result.Cards {
			for _, line := range c.Replaces {
				lines++
				if got, want := cardIDs(snap, snap.Commands().Find(line)), cardIDs(fresh, fresh.Commands().Find(line)); !slices.Equal(got, want) {
					t.Errorf("%v: %q matches %v reordered, %v built", moves, line, got, want)
				}
			}
		}
		if lines == 0 {
			t.Fatal("no card has a replaces pattern: the matcher is not compared")
		}
		if got, want := cardIDs(snap, snap.Commands().Find("shared-tool --force x")), cardIDs(fresh, fresh.Commands().Find("shared-tool --force x")); len(want) < 10 || !slices.Equal(got, want) {
			t.Errorf("%v: a pattern many cards share matches %v reordered, %v built (want 10 or more)", moves, got, want)
		}
		served = snap
	}
}

// addReplaces gives every fifth card of the repository's bin folder
// replaces patterns, its id's and one they share, whose matches are
// ordered by card id: the dev set's cards have none.
func addReplaces(t *testing.T, repo string) {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(repo, "bin", "*.card.json"))
	if err != nil || len(paths) < 50 {
		t.Fatalf("cards of %s: %d, %v", repo, len(paths), err)
	}
	for i := 0; i < len(paths); i += 5 {
		data, err := os.ReadFile(paths[i])
		if err != nil {
			t.Fatal(err)
		}
		var card map[string]any
		if err := json.Unmarshal(data, &card); err != nil {
			t.Fatal(err)
		}
		card["replaces"] = []string{card["id"].(string) + " *", "shared-tool --force *"}
		if data, err = json.MarshalIndent(card, "", "  "); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(paths[i], data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// cardIDs are the ids of s's cards at the indexes found.
func cardIDs(s *Snapshot, found []int) []string {
	ids := make([]string, len(found))
	for i, k := range found {
		ids[i] = s.Result.Cards[k].ID
	}
	return ids
}

// sameAnalysis reports whether a and b hold one analysis of their cards,
// as an index and one Reordered from it do (search keeps it unexported:
// its units slice is the witness).
func sameAnalysis(a, b *search.Index) bool {
	units := func(ix *search.Index) uintptr { return reflect.ValueOf(ix).Elem().FieldByName("units").Pointer() }
	return a != nil && b != nil && units(a) == units(b)
}

// devIntents reads the intents of a development set's queries.
func devIntents(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var intents []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var q struct{ Intent string }
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			t.Fatal(err)
		}
		intents = append(intents, q.Intent)
	}
	if err := sc.Err(); err != nil || len(intents) == 0 {
		t.Fatalf("no queries in %s: %v", path, err)
	}
	return intents
}
