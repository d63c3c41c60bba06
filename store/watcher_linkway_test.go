package store_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// TestWatcherFollowsALinkOnTheWayOfAWalkedLink: a card the walk meets as
// a link, whose way goes through another link in a skipped folder
// (docs/x.card.json → ../node_modules/a/o.card.json, node_modules/a a
// link), is rebuilt when that other link is repointed: out of the
// repository and back. Only the card's folder and where it led were
// watched, so the daemon kept serving what check no longer gave.
func TestWatcherFollowsALinkOnTheWayOfAWalkedLink(t *testing.T) {
	for _, mode := range []string{"inotify", "poll"} {
		t.Run(mode, func(t *testing.T) {
			repo, outside := scanRepoCopy(t)
			card := overlayCard("o")
			writeTestFile(t, filepath.Join(repo, "lib", "o.card.json"), []byte(card))
			writeTestFile(t, filepath.Join(repo, "lib", "o"), []byte("#!/bin/sh\n"))
			writeTestFile(t, filepath.Join(outside, "o.card.json"), []byte(card))
			makeSymlink(t, "../lib", filepath.Join(repo, "node_modules", "a"))
			makeSymlink(t, "../node_modules/a/o.card.json", filepath.Join(repo, "docs", "x.card.json"))
			opts := store.WatchOptions{}
			if mode == "poll" {
				opts.Poll = 20 * time.Millisecond
			}
			w, _ := startWatcher(t, repo, opts)
			// The escape is an error: the rebuild fails, and the last good
			// registry stays served.
			escaped := func() bool {
				f := w.Status().Failure
				if f == nil {
					return false
				}
				_, ok := scanFind(f.Diagnostics, "path-escape", "docs/x.card.json")
				return ok
			}
			if escaped() {
				t.Fatalf("escaped before the change:\n%s", formatDiagnostics(w.Current().Diagnostics))
			}
			repoint := func(text string) {
				link := filepath.Join(repo, "node_modules", "a")
				if err := os.Remove(link); err != nil {
					t.Fatal(err)
				}
				makeSymlink(t, text, link)
			}
			repoint(outside)
			waitFor(t, "the link on the way repointed out", escaped)
			repoint("../lib")
			waitFor(t, "the link on the way repointed back", func() bool { return !escaped() })
		})
	}
}

// TestWatcherFollowsALinkOnTheWayOfAFolderLink: a folder the walk reads
// through a link whose way goes through another link in a skipped folder
// (pnpm's node_modules/a → .pnpm/v1) is read anew when that link is
// repointed, as a card linked so is.
func TestWatcherFollowsALinkOnTheWayOfAFolderLink(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	for _, v := range []string{"v1", "v2"} {
		dir := filepath.Join(repo, "node_modules", ".pnpm", v, "cards")
		writeTestFile(t, filepath.Join(dir, "t"+v+".card.json"), []byte(overlayCard("t"+v)))
		writeTestFile(t, filepath.Join(dir, "t"+v), []byte("#!/bin/sh\n"))
	}
	makeSymlink(t, ".pnpm/v1", filepath.Join(repo, "node_modules", "a"))
	makeSymlink(t, "../node_modules/a/cards", filepath.Join(repo, "docs", "cards"))
	w, _ := startWatcher(t, repo, store.WatchOptions{})
	served := func(id string) func() bool {
		return func() bool {
			return slices.ContainsFunc(w.Current().Result.Cards, func(c *validate.Card) bool { return c.ID == id })
		}
	}
	waitFor(t, "tv1 served", served("tv1"))
	link := filepath.Join(repo, "node_modules", "a")
	if err := os.Remove(link); err != nil {
		t.Fatal(err)
	}
	makeSymlink(t, ".pnpm/v2", link)
	waitFor(t, "tv2 served after node_modules/a was repointed", served("tv2"))
}

// TestWatcherIgnoresWritesWhereALinkLeadsOut: a link whose way leaves
// the root through another link on it is never followed, so writes out
// there rebuild nothing; each append to the file out there was a full
// rescan, and the server watched a folder of the repository's choosing.
func TestWatcherIgnoresWritesWhereALinkLeadsOut(t *testing.T) {
	repo, outside := scanRepoCopy(t)
	target := filepath.Join(outside, "notes.md")
	writeTestFile(t, target, []byte("notes\n"))
	makeSymlink(t, outside, filepath.Join(repo, "node_modules", "a"))
	makeSymlink(t, "../node_modules/a/notes.md", filepath.Join(repo, "docs", "notes.md"))
	w, _ := startWatcher(t, repo, store.WatchOptions{})
	if _, ok := scanFind(w.Current().Diagnostics, "path-escape", "docs/notes.md"); !ok {
		t.Fatalf("no path-escape warning at docs/notes.md:\n%s", formatDiagnostics(w.Current().Diagnostics))
	}
	time.Sleep(300 * time.Millisecond) // any rescan the start asks for
	count := func() uint64 { st := w.Status(); return st.Rebuilds + st.Unchanged + st.Failures }
	before := count()
	for i := range 5 {
		writeTestFile(t, target, []byte("notes\n"+strings.Repeat("more\n", i+1)))
		time.Sleep(100 * time.Millisecond)
	}
	time.Sleep(500 * time.Millisecond)
	if after := count(); after != before {
		t.Errorf("%d rebuilds after writes outside the repository", after-before)
	}
}
