package store_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestWatcherRepositoryReplacedByALinkLoop: the repository's folder
// replaced by a link to itself (rm -rf repo; ln -s repo repo) is a
// repository that cannot be read for now, as one gone is, and the
// watcher follows it back once it is put back with inotify still: it
// took inotify's ELOOP for a folder inotify can never watch, and polled
// every 5 s until restarted, capreg_watch_polling_fallback at 1 (review).
func TestWatcherRepositoryReplacedByALinkLoop(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	w, c := runSettledWatcher(t, repo, "inotify")
	aside := repo + ".aside"
	if err := os.Rename(repo, aside); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Base(repo), repo); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "a rebuild over the loop to fail or wait", func() bool { return c.failed.Load()+c.waiting.Load() > 0 })
	settle(w, c, 400*time.Millisecond)
	if err := os.Remove(repo); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(aside, repo); err != nil {
		t.Fatal(err)
	}
	// The registry built again is the one served: unchanged, or rebuilt.
	before := c.ok.Load() + c.unchanged.Load()
	waitFor(t, "a good rebuild once the folder is back", func() bool { return c.ok.Load()+c.unchanged.Load() > before })
	if got := c.fallbacks.Load(); got != 0 {
		t.Errorf("the observer heard of %d fallbacks to polling, want 0", got)
	}
}
