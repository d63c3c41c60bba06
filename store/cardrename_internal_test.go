package store

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/capreg/capreg/search"
	"github.com/capreg/capreg/validate"
)

// keelCard is a card whose own findings depend on its path: the index's
// "path" it sets (card-unknown-field names the tool beside the card),
// and an example running the tool by the name of its file, keel-old, not
// by its command's (card-example-command once the tool is renamed).
const keelCard = `{
  "id": "keel",
  "command": "bin/keel <target>",
  "summary": "Careen the hull for cleaning.",
  "intent_phrases": ["clean the hull", "careen the ship"],
  "replaces": ["scrape --hull .*"],
  "effects": "Tilts the ship on its side.",
  "risk": "reversible",
  "example": "keel-old prod",
  "path": "bin/elsewhere"
}
`

// TestRenamedCardSharesItsTreeNotItsFindings: a card renamed or moved,
// its bytes as they were, is given the tree of its old path's bytes (the
// Cache's, by the digest of its bytes), so that the search index served
// is kept when the cards' order is (its strings are the tree's), and
// reordered when it is not (search.Index.Reordered), never built again;
// the bytes are held once; its findings, which name its path and tool,
// are made afresh. Each rebuild answers as a build without a cache of
// the same tree: the same findings, artifacts, digest and search.
func TestRenamedCardSharesItsTreeNotItsFindings(t *testing.T) {
	for _, tc := range []struct {
		name  string
		moves [][2]string // from, to, under the repository
		// share is whether the rebuild keeps the served search index, not
		// a reordering of it;
		// want are the card's findings after it, each a rule and what
		// its message holds, in its file (the card's new path).
		share bool
		file  string
		want  [][2]string
	}{
		{name: "renamed beside its tool", moves: [][2]string{{"bin/keel-old", "bin/keel-new"}, {"bin/keel-old.card.json", "bin/keel-new.card.json"}},
			share: true, file: "bin/keel-new.card.json",
			want: [][2]string{{"card-unknown-field", `"bin/keel-new"`}, {"card-example-command", "keel-old"}}},
		{name: "moved to a folder in its place", moves: [][2]string{{"bin/keel-old", "bin/kit/keel-old"}, {"bin/keel-old.card.json", "bin/kit/keel-old.card.json"}},
			share: true, file: "bin/kit/keel-old.card.json",
			want: [][2]string{{"card-unknown-field", `"bin/kit/keel-old"`}}},
		{name: "moved after the other cards", moves: [][2]string{{"bin/keel-old", "zz/keel-old"}, {"bin/keel-old.card.json", "zz/keel-old.card.json"}},
			share: false, file: "zz/keel-old.card.json",
			want: [][2]string{{"card-unknown-field", `"zz/keel-old"`}}},
		{name: "renamed without its tool", moves: [][2]string{{"bin/keel-old.card.json", "bin/keel-new.card.json"}},
			share: true, file: "bin/keel-new.card.json",
			want: [][2]string{{"card-unknown-field", `"bin/keel-new"`}, {"card-example-command", "keel-old"}, {"card-orphan", `"bin/keel-new"`}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			repo := t.TempDir()
			copyTree(t, "../testdata/repo", repo)
			writeFile(t, filepath.Join(repo, "bin/keel-old"), []byte("#!/bin/sh\n"))
			writeFile(t, filepath.Join(repo, "bin/keel-old.card.json"), []byte(keelCard))
			w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: repo}}})
			w.rebuild(context.Background(), nopNotifier{})
			served := w.Current()
			if !served.OK() {
				t.Fatalf("not served: %v", w.Status().Failure)
			}
			for _, m := range tc.moves {
				if err := os.MkdirAll(filepath.Dir(filepath.Join(repo, m[1])), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.Rename(filepath.Join(repo, m[0]), filepath.Join(repo, m[1])); err != nil {
					t.Fatal(err)
				}
			}
			misses := w.opts.Cache.Stats().CardMisses
			w.rebuild(context.Background(), nopNotifier{})
			snap := w.Current()
			if snap == served || !snap.OK() {
				t.Fatalf("the change was not served: %v", w.Status().Failure)
			}
			if got := w.opts.Cache.Stats().CardMisses - misses; got != 1 {
				t.Errorf("%d cards checked afresh, want the one at a new path", got)
			}

			var got [][2]string
			for _, d := range snap.Diagnostics {
				if d.File == tc.file {
					got = append(got, [2]string{d.Rule, d.Message})
				}
			}
			for _, want := range tc.want {
				if !slices.ContainsFunc(got, func(g [2]string) bool { return g[0] == want[0] && strings.Contains(g[1], want[1]) }) {
					t.Errorf("no %s finding naming %s in %s; got %q", want[0], want[1], tc.file, got)
				}
			}
			fresh, err := Load(context.Background(), Options{ScanOptions: ScanOptions{Repo: repo}})
			if err != nil || !fresh.OK() {
				t.Fatalf("a build without a cache failed: %v", err)
			}
			if !slices.Equal(snap.Diagnostics, fresh.Diagnostics) {
				t.Errorf("findings:\n%v\nwant those of a build without a cache:\n%v", snap.Diagnostics, fresh.Diagnostics)
			}
			for _, name := range []string{RegistryFile, ContractFile, ToolIndexFile} {
				if string(snap.Artifact(name)) != string(fresh.Artifact(name)) {
					t.Errorf("%s differs from a build without a cache's", name)
				}
			}
			if snap.Digest != fresh.Digest {
				t.Errorf("digest %s, a build without a cache's %s", snap.Digest, fresh.Digest)
			}
			for _, intent := range []string{"careen the hull", "scrape --hull now", "land my branch"} {
				q := search.Query{Intent: intent}
				if got, want := snap.SearchTools(context.Background(), q), fresh.SearchTools(context.Background(), q); !slices.EqualFunc(got, want, func(a, b ToolHit) bool {
					return a.ID == b.ID && a.Score == b.Score && a.ReplacesPattern == b.ReplacesPattern && slices.Equal(a.Matched, b.Matched)
				}) {
					t.Errorf("search %q: %v, a build without a cache's %v", intent, got, want)
				}
			}

			if shared := snap.search == served.search; shared != tc.share || !sameAnalysis(snap.search, served.search) {
				t.Errorf("the search index served was kept: %v, want %v, or else reordered (not built again): %v",
					shared, tc.share, sameAnalysis(snap.search, served.search))
			}
			keel := func(s *Snapshot) *validate.Card {
				i := slices.IndexFunc(s.Result.Cards, func(c *validate.Card) bool { return c.Path == tc.file || c.ID == "keel" && s == served })
				if i < 0 {
					t.Fatalf("no card keel at %s", tc.file)
				}
				return s.Result.Cards[i]
			}
			if old, now := keel(served), keel(snap); !sameString(old.Summary, now.Summary) || !sameString(old.Replaces[0], now.Replaces[0]) {
				t.Error("the card's strings are not those it had at its old path: parsed again")
			}
			checkCardsHeldOnce(t, tc.name, snap)
		})
	}
}
