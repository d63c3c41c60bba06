package store

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/store/storetest"
)

// BenchmarkRebuildRenamed3k is the watcher's rebuild (scan, validate with
// its Cache, build, the search index and the command matcher made or
// shared) of a repository of 1,500 capabilities and 3,000 tool cards
// (storetest.WriteToolCards) after a change that leaves every card's
// content as it was, or a capability's edit; each iteration undoes the
// last one's change, and a case ends with its change undone. shared-index/op is 1 when the rebuild served the
// previous snapshot's search index, or that index reordered
// (search.Index.Reordered), not one built again.
//
//	touched: a card's mtime moved
//	renamed: a tool and its card renamed in their folder (the cards' order kept)
//	renamed-reordered: a tool and its card renamed to sort last in their folder (the order changed)
//	moved: the last card (in path order) and its tool moved to a new folder after it
//	moved-reordered: the first card and its tool moved into the last folder (the order changed)
//	capability-edit: a capability's title edited
//
//	go test ./store -run '^$' -bench RebuildRenamed3k -benchmem
func BenchmarkRebuildRenamed3k(b *testing.B) {
	repo := b.TempDir()
	if err := storetest.WriteRepo(repo, 1500); err != nil {
		b.Fatal(err)
	}
	if err := storetest.WriteToolCards(repo, 3000); err != nil {
		b.Fatal(err)
	}
	manifests, err := filepath.Glob(filepath.Join(repo, "capabilities/*/capability.json"))
	if err != nil || len(manifests) == 0 {
		b.Fatal("no capabilities", err)
	}
	// move renames the card at from, and the tool beside it, to to, and
	// back at the next call.
	move := func(from, to string) func(b *testing.B) {
		return func(b *testing.B) {
			if err := os.MkdirAll(filepath.Join(repo, filepath.Dir(to)), 0o755); err != nil {
				b.Fatal(err)
			}
			for _, suffix := range []string{"", ".card.json"} {
				if err := os.Rename(filepath.Join(repo, from+suffix), filepath.Join(repo, to+suffix)); err != nil {
					b.Fatal(err)
				}
			}
			from, to = to, from
		}
	}
	w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: repo}}})
	w.rebuild(context.Background(), nopNotifier{})
	first := w.Current()
	if !first.OK() {
		b.Fatalf("not served: %v", w.Status().Failure)
	}
	firstCard := strings.TrimSuffix(first.Result.Cards[0].Path, ".card.json")
	lastCard := strings.TrimSuffix(first.Result.Cards[len(first.Result.Cards)-1].Path, ".card.json")
	edits := 0 // of a file's time or a title, so that each differs from the last
	for _, bc := range []struct {
		name   string
		change func(b *testing.B)
	}{
		{"touched", func(b *testing.B) {
			edits++
			at := time.Unix(int64(1_000_000+edits), 0)
			if err := os.Chtimes(filepath.Join(repo, "tools/t00/deploy-0000.card.json"), at, at); err != nil {
				b.Fatal(err)
			}
		}},
		{"renamed", move("tools/t00/deploy-0000", "tools/t00/deploy-0000-v2")},
		{"renamed-reordered", move("tools/t00/deploy-0000", "tools/t00/zz-deploy-0000")},
		{"moved", move(lastCard, "tools/t99/"+filepath.Base(lastCard))},
		{"moved-reordered", move(firstCard, "tools/t29/"+filepath.Base(firstCard))},
		{"capability-edit", func(b *testing.B) {
			edits++
			retitle(b, manifests[0], "Retitled "+strings.Repeat("x", edits%2))
		}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			shared, i := 0, 0
			for b.Loop() {
				b.StopTimer()
				i++
				bc.change(b)
				before := w.Current()
				b.StartTimer()
				w.rebuild(context.Background(), nopNotifier{})
				b.StopTimer()
				snap := w.Current()
				if snap == before && bc.name != "touched" || !snap.OK() {
					b.Fatalf("the change was not served: %v", w.Status().Failure)
				}
				if sameAnalysis(snap.search, before.search) {
					shared++
				}
				b.StartTimer()
			}
			b.ReportMetric(float64(shared)/float64(i), "shared-index/op")
			if i%2 == 1 {
				// Undone, so that the next case finds the files as they
				// were: with -benchtime 1x, "renamed" left deploy-0000
				// renamed, and "renamed-reordered" found no file to move.
				bc.change(b)
				w.rebuild(context.Background(), nopNotifier{})
			}
		})
	}
}
