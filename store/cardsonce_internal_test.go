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
