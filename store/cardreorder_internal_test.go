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
// own Result.Cards. Twice: reordered, then reordered again from that.
func TestReorderedCardsSearchAsBuilt(t *testing.T) {
	repo := t.TempDir()
	copyTree(t, "../testdata/intent-eval", repo)
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
		served = snap
	}
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
