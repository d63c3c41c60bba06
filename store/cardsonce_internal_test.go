package store

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/internal/memtest"
	"github.com/capreg/capreg/store/storetest"
	"github.com/capreg/capreg/validate"
)

// TestRebuildsHoldCardFilesOnce: heap in use after GC, with the watcher
// serving, grows by less than half the cards' bytes over three rebuilds
// that parse every card again with its search text unchanged, where a
// search index shared with the previous snapshot held the old files'
// bytes (its strings point into them) beside the new ones the snapshot
// holds: every card file twice. The cards are padded with whitespace,
// 16 KiB each, which search does not read: the bytes held twice are the
// files'. A reformatted card (its file's bytes changed, its search text
// not) gets an index of its own; a card edited in a build that failed,
// then put back as served, is parsed over the served snapshot's bytes,
// whose index the rebuild shares (10 capabilities and 3,900 cards of 800
// words: 125.9 MB -> 95.4 MB in each case, as after an edit of a
// capability alone).
func TestRebuildsHoldCardFilesOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a repository of 200 cards four times")
	}
	const cards, pad = 200, 16 << 10
	for _, tc := range []struct {
		name string
		// edit changes the cards of repo before a rebuild, rebuilding
		// itself as it needs; share is whether the index is shared.
		edit  func(t *testing.T, w *Watcher, paths []string, manifest string)
		share bool
	}{
		{"reformatted", func(t *testing.T, w *Watcher, paths []string, _ string) {
			for _, p := range paths {
				writeFile(t, p, append(readFile(t, p), '\n'))
			}
		}, false},
		{"edited in a failing build, put back", func(t *testing.T, w *Watcher, paths []string, manifest string) {
			served := map[string][]byte{}
			for _, p := range paths {
				served[p] = readFile(t, p)
				writeFile(t, p, append(bytes.Clone(served[p]), '\n'))
			}
			good := readFile(t, manifest)
			writeFile(t, manifest, []byte(`{"broken`))
			before := w.Current()
			w.rebuild(context.Background(), nopNotifier{})
			if w.Current() != before {
				t.Fatal("a broken manifest was served")
			}
			writeFile(t, manifest, good)
			for p, data := range served {
				writeFile(t, p, data)
			}
		}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			repo := t.TempDir()
			if err := storetest.WriteRepo(repo, 10); err != nil {
				t.Fatal(err)
			}
			if err := storetest.WriteWideCards(repo, cards, 20, 1); err != nil {
				t.Fatal(err)
			}
			paths, err := filepath.Glob(filepath.Join(repo, "bin/wide-*.card.json"))
			if err != nil || len(paths) != cards {
				t.Fatalf("%d cards, %v", len(paths), err)
			}
			var cardBytes int
			for _, p := range paths {
				data := readFile(t, p)
				data = append(data[:len(data)-1:len(data)-1], strings.Repeat(" ", pad)+"}"...)
				writeFile(t, p, data)
				cardBytes += len(data)
			}
			manifests, err := filepath.Glob(filepath.Join(repo, "capabilities/*/capability.json"))
			if err != nil || len(manifests) < 2 {
				t.Fatalf("%d manifests, %v", len(manifests), err)
			}
			w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: repo}}})
			rebuild := func() {
				t.Helper()
				before := w.Current()
				w.rebuild(context.Background(), nopNotifier{})
				snap := w.Current()
				if snap == before || !snap.OK() || len(snap.Result.Cards) < cards {
					t.Fatalf("the rebuild was not served: %v", w.Status().Failure)
				}
				if before != nil && (snap.search == before.search) != tc.share {
					t.Fatalf("the index is shared: %v, want %v", snap.search == before.search, tc.share)
				}
			}
			rebuild()
			retitle(t, manifests[0], "Warmed up") // the cards the Cache kept: the index is shared
			w.rebuild(context.Background(), nopNotifier{})
			grew := memtest.LiveMB(func() any {
				for i := range 3 {
					tc.edit(t, w, paths, manifests[1])
					retitle(t, manifests[0], fmt.Sprintf("Retitled %d", i))
					rebuild()
				}
				return w // alive after as before: what grew is what it holds more
			})
			if limit := float64(cardBytes) / 2 / (1 << 20); grew > limit {
				t.Errorf("the heap grew by %.1f MiB over three rebuilds, over half the cards' %.1f MiB: held twice", grew, 2*limit)
			}
			t.Logf("heap grew by %.2f MiB; the cards are %.1f MiB", grew, float64(cardBytes)/(1<<20))
		})
	}
}

func readFile(t *testing.T, p string) []byte {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func writeFile(t *testing.T, p string, data []byte) {
	t.Helper()
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// stopAfterCommit is a context that ends once cache has committed a
// validation (its stats moved since it was made): a Load stopped while it
// builds the registry, after the Cache took that build's checks.
type stopAfterCommit struct {
	context.Context
	cache *validate.Cache
	from  validate.CacheStats
}

func (c stopAfterCommit) Err() error {
	if c.cache.Stats() != c.from {
		return context.Canceled
	}
	return nil
}

// TestRebuildAfterOneStoppedPastTheCommitHoldsCardsOnce: a build stopped
// after the Cache committed its checks (while it encoded the registry)
// left the Cache's trees on that build's bytes, which the watcher did not
// know of (Options.built is set only by a build that returned): the next
// rebuild, a cache hit for the card edited, held its tree on the stopped
// build's bytes and its Sources on its own.
func TestRebuildAfterOneStoppedPastTheCommitHoldsCardsOnce(t *testing.T) {
	repo := t.TempDir()
	copyTree(t, "../testdata/repo", repo)
	w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: repo}}})
	w.rebuild(context.Background(), nopNotifier{})
	served := w.Current()
	if !served.OK() {
		t.Fatalf("not served: %v", w.Status().Failure)
	}
	card := filepath.Join(repo, "bin/land.card.json")
	writeFile(t, card, append(readFile(t, card), '\n'))
	stop := stopAfterCommit{Context: context.Background(), cache: w.opts.Cache, from: w.opts.Cache.Stats()}
	w.rebuild(stop, nopNotifier{})
	if w.Current() != served || w.opts.Cache.Stats() == stop.from {
		t.Fatal("the stopped build was served, or committed nothing")
	}
	w.rebuild(context.Background(), nopNotifier{})
	if w.Current() == served {
		t.Fatalf("the edit was not served: %v", w.Status().Failure)
	}
	checkCardsHeldOnce(t, "after a build stopped past the commit", w.Current())
}
