package store_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
	"weak"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/store/storetest"
)

// keeper is a store.Observer that holds a weak pointer to every snapshot
// the watcher reports (served, failed or unchanged), and nothing else.
type keeper struct {
	counter
	mu    sync.Mutex
	snaps []weak.Pointer[store.Snapshot]
}

func (k *keeper) keep(snap *store.Snapshot) {
	if snap != nil {
		k.mu.Lock()
		k.snaps = append(k.snaps, weak.Make(snap))
		k.mu.Unlock()
	}
}

func (k *keeper) Rebuilt(ok bool, took time.Duration, snap *store.Snapshot) {
	k.keep(snap)
	k.counter.Rebuilt(ok, took, snap)
}

func (k *keeper) Unchanged(ok bool, took time.Duration, snap *store.Snapshot) {
	k.keep(snap)
	k.counter.Unchanged(ok, took, snap)
}

// TestReplacedSnapshotsAreCollected: a daemon runs for weeks, rebuilding on
// every change, so nothing of the watcher's (its state, the validation
// cache, the sources and search index a new snapshot shares with the one it
// replaces) may keep a snapshot alive once it is no longer served: only the
// served one survives a collection, whatever the builds were (served,
// failed, the same as served).
func TestReplacedSnapshotsAreCollected(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	k := &keeper{}
	w := store.NewWatcher(store.WatchOptions{Options: store.Options{ScanOptions: store.ScanOptions{Repo: repo}}, Debounce: 20 * time.Millisecond, Observer: k})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	waitFor(t, "the first snapshot", func() bool { return w.Current() != nil })
	ui := filepath.Join(repo, "capabilities/ui/capability.json")
	good, err := os.ReadFile(ui)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 6 {
		want := fmt.Sprintf("Edit %d", i)
		writeTestFile(t, ui, setTitle(t, ui, want))
		waitFor(t, want, func() bool { return title(w, "ui") == want })
		failed := k.failed.Load()
		writeTestFile(t, ui, []byte(`{"id": "ui",`)) // a failed build
		waitFor(t, "the failed build", func() bool { return k.failed.Load() > failed })
		unchanged := k.unchanged.Load()
		writeTestFile(t, ui, setTitleOf(t, good, want)) // back to what is served
		waitFor(t, "the build the same as served", func() bool { return k.unchanged.Load() > unchanged })
	}
	served := w.Current()
	k.mu.Lock()
	snaps := k.snaps
	k.mu.Unlock()
	if len(snaps) < 18 {
		t.Fatalf("%d snapshots reported, want at least 18", len(snaps))
	}
	var alive []int
	for range 3 { // a weak pointer is cleared by the collection after the object became unreachable
		runtime.GC()
		alive = alive[:0]
		for i, p := range snaps {
			if s := p.Value(); s != nil && s != served {
				alive = append(alive, i)
			}
		}
		if len(alive) == 0 {
			break
		}
	}
	if len(alive) > 0 {
		t.Errorf("%d of %d replaced or unserved snapshots are still reachable after collections (reports %v)", len(alive), len(snaps), alive)
	}
	runtime.KeepAlive(served)
}

// TestWatcherResourcesStayFlat: capability folders (with a subfolder)
// added, renamed, deleted and made again, moved away and deleted, moved out
// of the repository and kept there, and the whole checkout swapped through
// a link with the old release kept (Capistrano keeps a few), cycle after
// cycle, leave the watcher with the goroutines and inotify watches it had
// before: a watch is dropped with its directory, by whatever way the
// directory stopped being read, also when the directory still exists.
func TestWatcherResourcesStayFlat(t *testing.T) {
	root := t.TempDir()
	outside := filepath.Join(root, "outside")
	mustMkdirAll(t, outside)
	copyRepoTree(t, baseRepoDir, filepath.Join(root, "rel-0"))
	link := filepath.Join(root, "current")
	if err := os.Symlink("rel-0", link); err != nil {
		t.Fatal(err)
	}
	w, _ := startWatcher(t, link, store.WatchOptions{Debounce: 20 * time.Millisecond})
	caps := filepath.Join(link, "capabilities")
	add := func(id, title string) {
		writeTestFile(t, filepath.Join(caps, id, "capability.json"), fmt.Appendf(nil,
			`{"id": %q, "role": "feature", "title": %q, "description": "d", "version": "1.0.0", "tier": "full", "requires": [], "skills": [], "agents": [], "hooks": [], "config": {}, "steps": [], "contributions": [], "gates": []}`,
			id, title))
		writeTestFile(t, filepath.Join(caps, id, "notes", "readme.md"), []byte("a subfolder of its own\n"))
	}
	has := func(id string) bool { return w.Current().Registry.ByID[id] != nil }
	rm := func(p string) {
		if err := os.RemoveAll(p); err != nil {
			t.Fatal(err)
		}
	}
	cycle := func(i int) {
		a, b, c := fmt.Sprintf("soak-a%d", i), fmt.Sprintf("soak-b%d", i), fmt.Sprintf("soak-c%d", i)
		add(a, "added")
		waitFor(t, "the added "+a, func() bool { return has(a) })
		// mv a b, then the declaration follows its folder
		mustRename(t, filepath.Join(caps, a), filepath.Join(caps, b))
		add(b, "renamed")
		waitFor(t, "the renamed "+b, func() bool { return has(b) && !has(a) })
		// rm -rf b && cp -r x b
		rm(filepath.Join(caps, b))
		add(b, "made again")
		waitFor(t, "the re-created "+b, func() bool { return title(w, b) == "made again" })
		// mv b b.old; rm -rf b.old
		mustRename(t, filepath.Join(caps, b), filepath.Join(caps, b+".old"))
		rm(filepath.Join(caps, b+".old"))
		waitFor(t, "the removal of "+b, func() bool { return !has(b) })
		// moved out of the repository, where it stays until the next cycle
		add(c, "to move out")
		waitFor(t, "the added "+c, func() bool { return has(c) })
		rm(filepath.Join(outside, fmt.Sprintf("soak-c%d", i-1)))
		mustRename(t, filepath.Join(caps, c), filepath.Join(outside, c))
		waitFor(t, "the move out of "+c, func() bool { return !has(c) })
		// a new release behind the link; the one before the old is deleted
		rel := fmt.Sprintf("rel-%d", i+1)
		copyRepoTree(t, filepath.Join(root, fmt.Sprintf("rel-%d", i)), filepath.Join(root, rel))
		ui := filepath.Join(root, rel, "capabilities/ui/capability.json")
		writeTestFile(t, ui, setTitle(t, ui, rel))
		storetest.SwapLink(t, rel, link)
		rm(filepath.Join(root, fmt.Sprintf("rel-%d", i-1)))
		waitFor(t, "the swap to "+rel, func() bool { return title(w, "ui") == rel })
	}
	// Before any directory is left behind: one left watched is then counted.
	watches := inotifyWatches(t)
	cycle(0) // warm-up: the first of each kind of rebuild
	goroutines := settledGoroutines(t, 1<<30)
	const cycles = 10
	for i := 1; i <= cycles; i++ {
		cycle(i)
	}
	if got := inotifyWatches(t); got != watches {
		t.Errorf("%d inotify watches after %d cycles on a tree of the same shape, %d before", got, cycles, watches)
	}
	if got := settledGoroutines(t, goroutines+2); got > goroutines+2 {
		t.Errorf("%d goroutines after %d cycles, %d before", got, cycles, goroutines)
	}
}

// settledGoroutines returns the number of goroutines once it is at most
// want, or what it is after a while: goroutines of a rebuild that just
// ended may still be on their way out.
func settledGoroutines(t *testing.T, want int) int {
	t.Helper()
	n := runtime.NumGoroutine()
	for i := 0; i < 200 && n > want; i++ {
		time.Sleep(10 * time.Millisecond)
		n = runtime.NumGoroutine()
	}
	return n
}

// inotifyWatches counts the inotify watches the process holds, as the
// kernel counts them against fs.inotify.max_user_watches.
func inotifyWatches(t *testing.T) int {
	t.Helper()
	fds, err := os.ReadDir("/proc/self/fdinfo")
	if err != nil {
		t.Skipf("no /proc/self/fdinfo: %v", err)
	}
	n := 0
	for _, fd := range fds {
		info, err := os.ReadFile(filepath.Join("/proc/self/fdinfo", fd.Name()))
		if err == nil {
			n += strings.Count(string(info), "inotify wd:")
		}
	}
	return n
}

// setTitleOf is setTitle on bytes rather than a file.
func setTitleOf(t *testing.T, data []byte, title string) []byte {
	t.Helper()
	f := filepath.Join(t.TempDir(), "c.json")
	writeTestFile(t, f, data)
	return setTitle(t, f, title)
}
