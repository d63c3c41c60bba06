package store

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/capreg/capreg/store/storetest"
)

// These tests drive the watcher through Reload only (no file-system
// events), so that what each rebuild sees is decided by the test.

// recorder is an Observer (with the optional parts) that lists what the
// watcher reported, in order.
type recorder struct {
	mu   sync.Mutex
	got  []string
	seen func(*Snapshot) // called on the Run goroutine at every report
}

func (r *recorder) add(s string, snap *Snapshot) {
	r.mu.Lock()
	r.got = append(r.got, s)
	r.mu.Unlock()
	if r.seen != nil {
		r.seen(snap)
	}
}

func (r *recorder) Rebuilt(ok bool, _ time.Duration, snap *Snapshot) {
	if ok {
		r.add(fmt.Sprintf("served %d", snap.Generation), snap)
	} else {
		r.add("failed", snap)
	}
}

func (r *recorder) Unchanged(ok bool, _ time.Duration, snap *Snapshot) {
	r.add(fmt.Sprintf("unchanged ok=%v", ok), snap)
}
func (r *recorder) Waiting(time.Duration) { r.add("waiting", nil) }
func (r *recorder) WatchEvent()           {}
func (r *recorder) WatchOverflow()        {}

func (r *recorder) list() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.got...)
}

// reloadWatcher runs a watcher on repo whose rebuilds happen only on
// Reload, until the test ends; wrap, when set, wraps its build. It returns
// once the first build is done. Its reloads wait out no more than the
// last rebuild took: these tests reload back to back in real time.
func reloadWatcher(t *testing.T, repo string, wrap func(load buildFunc) buildFunc) (*Watcher, *recorder) {
	t.Helper()
	rec := &recorder{}
	w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: repo}}, Debounce: time.Hour, ReloadInterval: time.Nanosecond, Observer: rec})
	w.newNotifier = func(*Watcher) notifier { return nopNotifier{} }
	if wrap != nil {
		w.build = wrap(w.build)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	<-w.started
	return w, rec
}

type buildFunc = func(ctx context.Context, entering enterFunc) (*Snapshot, error)

func mustReload(t *testing.T, w *Watcher) Status {
	t.Helper()
	st, err := w.Reload(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	if err := os.CopyFS(to, os.DirFS(from)); err != nil {
		t.Fatal(err)
	}
}

func retitle(t testing.TB, manifest, title string) {
	t.Helper()
	data, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(data, []byte(`"title": "`)) + len(`"title": "`)
	j := i + bytes.IndexByte(data[i:], '"')
	data = append(append(append([]byte{}, data[:i]...), title...), data[j:]...)
	if err := os.WriteFile(manifest, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// twoRevisions lays out two git-sync worktrees of the sample repository in
// base, rev-1 and rev-2 (whose ui capability is titled "Revision two"), and
// the link current pointing at rev-1.
func twoRevisions(t *testing.T) (base, current string) {
	t.Helper()
	base = t.TempDir()
	copyTree(t, "../testdata/repo", filepath.Join(base, "rev-1"))
	copyTree(t, "../testdata/repo", filepath.Join(base, "rev-2"))
	retitle(t, filepath.Join(base, "rev-2/capabilities/ui/capability.json"), "Revision two")
	current = filepath.Join(base, "current")
	if err := os.Symlink("rev-1", current); err != nil {
		t.Fatal(err)
	}
	return base, current
}

func uiTitle(s *Snapshot) string {
	return s.Registry.ByID["ui"].Manifest.Get("title").StringOr("")
}

func mustLoad(t *testing.T, repo string) *Snapshot {
	t.Helper()
	snap, err := Load(context.Background(), Options{ScanOptions: ScanOptions{Repo: repo, Tree: true}})
	if err != nil || !snap.OK() {
		t.Fatalf("load %s: %v %v", repo, err, snap.Diagnostics)
	}
	return snap
}

// swapWhileScanning wraps a build: once armed, when the scan is about to
// enter the directory at names, swap runs (once), as git-sync would between
// two reads of a scan already under way.
func swapWhileScanning(armed *atomic.Bool, at func() string, swap func()) func(buildFunc) buildFunc {
	var once sync.Once
	return func(load buildFunc) buildFunc {
		return func(ctx context.Context, entering enterFunc) (*Snapshot, error) {
			return load(ctx, func(dir string, names ...string) {
				entering(dir, names...)
				if armed.Load() && dir == at() {
					once.Do(swap)
				}
			})
		}
	}
}

// TestWatcherDiscardsScansOfASwappedTree: a scan during which the
// repository was swapped (git-sync's link, or the ..data link of
// Kubernetes' atomic writer) and the old tree deleted is neither served nor
// counted as a failure; the new tree is scanned at once and served.
func TestWatcherDiscardsScansOfASwappedTree(t *testing.T) {
	type setup struct {
		repo string // what the watcher is given
		next string // the tree swapped in, as a plain directory to compare with
		at   string // the directory whose entry by the scan triggers the swap
		swap func()
	}
	gitSync := func(t *testing.T, base string) (string, string, string) {
		v1, v2 := filepath.Join(base, "rev-1"), filepath.Join(base, "rev-2")
		copyTree(t, "../testdata/repo", v1)
		copyTree(t, "../testdata/repo", v2)
		retitle(t, filepath.Join(v2, "capabilities/ui/capability.json"), "Revision two")
		current := filepath.Join(base, "current")
		if err := os.Symlink("rev-1", current); err != nil {
			t.Fatal(err)
		}
		return current, v1, v2
	}
	tests := []struct {
		name  string
		setup func(t *testing.T, base string) setup
	}{
		{"git-sync: the old worktree's tools deleted before the scan lists them (valid, with no tools)", func(t *testing.T, base string) setup {
			current, v1, v2 := gitSync(t, base)
			return setup{current, v2, filepath.Join(v1, "capabilities/ui"), func() {
				storetest.SwapLink(t, "rev-2", current)
				os.RemoveAll(filepath.Join(v1, "bin"))
				os.RemoveAll(filepath.Join(v1, "scripts"))
			}}
		}},
		{"git-sync: a capability deleted before the scan reads it (errors)", func(t *testing.T, base string) setup {
			current, v1, v2 := gitSync(t, base)
			return setup{current, v2, filepath.Join(v1, "capabilities/assumptions"), func() {
				storetest.SwapLink(t, "rev-2", current)
				os.RemoveAll(filepath.Join(v1, "capabilities/ui"))
			}}
		}},
		{"atomic writer: ..data swapped while the scan follows it (both trees mixed)", func(t *testing.T, repo string) setup {
			v1, v2 := filepath.Join(repo, "..2026_v1"), filepath.Join(repo, "..2026_v2")
			copyTree(t, "../testdata/repo", v1)
			copyTree(t, "../testdata/repo", v2)
			retitle(t, filepath.Join(v2, "capabilities/ui/capability.json"), "Revision two")
			if err := os.Symlink("..2026_v1", filepath.Join(repo, "..data")); err != nil {
				t.Fatal(err)
			}
			for _, name := range []string{"capabilities", "workflows", "bin", "scripts", "config", "capreg.json", "docs"} {
				if err := os.Symlink(filepath.Join("..data", name), filepath.Join(repo, name)); err != nil {
					t.Fatal(err)
				}
			}
			// The links were resolved when the root was listed; the deferred
			// bin link is walked last, when ..data already names v2 and
			// v1/bin is being emptied.
			return setup{repo, v2, filepath.Join(v1, "bin"), func() {
				storetest.SwapLink(t, "..2026_v2", filepath.Join(repo, "..data"))
				entries, _ := os.ReadDir(filepath.Join(v1, "bin"))
				for _, e := range entries {
					os.Remove(filepath.Join(v1, "bin", e.Name()))
				}
			}}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base, _ := filepath.EvalSymlinks(t.TempDir())
			s := tt.setup(t, base)
			var armed atomic.Bool
			var builds atomic.Int64
			w, rec := reloadWatcher(t, s.repo, func(load buildFunc) buildFunc {
				swapping := swapWhileScanning(&armed, func() string { return s.at }, s.swap)(load)
				return func(ctx context.Context, entering enterFunc) (*Snapshot, error) {
					builds.Add(1)
					return swapping(ctx, entering)
				}
			})
			armed.Store(true)
			st := mustReload(t, w)
			if st.Failures != 0 || st.Failure != nil || st.Generation != 2 {
				t.Errorf("status %+v; want generation 2, no failure", st)
			}
			if got := rec.list(); len(got) != 2 || got[0] != "served 1" || got[1] != "served 2" {
				t.Errorf("reported %q; want [served 1 served 2]", got)
			}
			if n := builds.Load(); n != 3 {
				t.Errorf("%d builds; want 3 (the first, the discarded one, its rescan)", n)
			}
			if cur, want := w.Current(), mustLoad(t, s.next); cur.Digest != want.Digest || uiTitle(cur) != "Revision two" {
				t.Errorf("served %s (ui %q, %d tools); the new tree is %s", cur.Digest, uiTitle(cur), len(cur.Result.Cards), want.Digest)
			}
		})
	}
}

// TestWatcherRescansOfASwappingTreeAreBounded: a repository swapped during
// every scan is rescanned a bounded number of times, then left to a
// debounced rebuild; nothing is served or counted meanwhile.
func TestWatcherRescansOfASwappingTreeAreBounded(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		_, current := twoRevisions(t)
		rec := &recorder{}
		w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: current}}, Debounce: time.Second, ReloadInterval: time.Nanosecond, Observer: rec})
		w.newNotifier = func(*Watcher) notifier { return nopNotifier{} }
		var swapping atomic.Bool
		var builds atomic.Int64
		load := w.build
		w.build = func(ctx context.Context, entering enterFunc) (*Snapshot, error) {
			builds.Add(1)
			snap, err := load(ctx, entering)
			if swapping.Load() { // git-sync keeps swapping, between any two scans' reads
				target, _ := os.Readlink(current)
				storetest.SwapLink(t, map[string]string{"rev-1": "rev-2", "rev-2": "rev-1"}[target], current)
			}
			return snap, err
		}
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		go w.Run(ctx)
		synctest.Wait()
		swapping.Store(true)
		st := mustReload(t, w)
		if n := builds.Load(); n != 1+maxSwapRescans+1 {
			t.Errorf("%d builds; want the first and %d discarded", n, maxSwapRescans+1)
		}
		if st.Generation != 1 || st.Failures != 0 || st.Unchanged != 0 || len(rec.list()) != 1 {
			t.Errorf("status %+v, reported %q: a discarded build was recorded", st, rec.list())
		}
		// Once the swaps stop, the rebuild scheduled after the debounce
		// serves the tree then linked (no event says so: no notifier).
		swapping.Store(false)
		storetest.SwapLink(t, "rev-2", current)
		time.Sleep(2 * time.Second)
		synctest.Wait()
		if cur := w.Current(); cur.Generation != 2 {
			t.Errorf("generation %d after the swaps stopped; want 2", cur.Generation)
		}
	})
}

// TestWatcherUnchangedRebuilds: a rebuild whose result is what is served
// (or the failure already reported) bumps no generation, swaps nothing and
// counts no failure; it is reported as unchanged.
func TestWatcherUnchangedRebuilds(t *testing.T) {
	repo := t.TempDir()
	copyTree(t, "../testdata/repo", repo)
	w, rec := reloadWatcher(t, repo, nil)
	first := w.Current()
	ui := filepath.Join(repo, "capabilities/ui/capability.json")
	good, err := os.ReadFile(ui)
	if err != nil {
		t.Fatal(err)
	}
	last := func() string { got := rec.list(); return got[len(got)-1] }

	t.Run("a reload with nothing changed", func(t *testing.T) {
		st := mustReload(t, w)
		if st.Generation != 1 || st.Rebuilds != 1 || st.Unchanged != 1 || w.Current() != first || last() != "unchanged ok=true" {
			t.Errorf("status %+v, reported %q; want generation 1 still served, one unchanged rebuild", st, last())
		}
	})
	var failedAt time.Time
	t.Run("a broken change seen twice is one failure", func(t *testing.T) {
		if err := os.WriteFile(ui, []byte(`{"id": "ui", `), 0o644); err != nil {
			t.Fatal(err)
		}
		st := mustReload(t, w)
		if st.Failures != 1 || st.Failure == nil || last() != "failed" {
			t.Fatalf("status %+v, reported %q", st, last())
		}
		failedAt = st.Failure.At
		st = mustReload(t, w)
		if st.Failures != 1 || st.Unchanged != 2 || st.Failure == nil || !st.Failure.At.Equal(failedAt) || last() != "unchanged ok=false" {
			t.Errorf("status %+v, reported %q; want the same single failure", st, last())
		}
	})
	t.Run("reverting the broken change clears the failure, same generation", func(t *testing.T) {
		if err := os.WriteFile(ui, good, 0o644); err != nil {
			t.Fatal(err)
		}
		st := mustReload(t, w)
		if st.Failure != nil || st.Generation != 1 || w.Current() != first || last() != "unchanged ok=true" {
			t.Errorf("status %+v, reported %q; want generation 1, no failure", st, last())
		}
	})
	t.Run("a change outside the digest is a new generation", func(t *testing.T) {
		// The artifacts are the same, but POST /validate must judge
		// changes against a tree holding the new file.
		if err := os.WriteFile(filepath.Join(repo, "docs/new.md"), []byte("new\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		st := mustReload(t, w)
		if st.Generation != 2 || w.Current().Digest != first.Digest || last() != "served 2" {
			t.Errorf("status %+v, reported %q; want generation 2 with the same digest", st, last())
		}
	})
}

// TestWatcherSwappedTreeNeedsNoSecondRebuild: a tree swapped in whole (a
// new git-sync worktree) is watched as the scan enters it, so the scan
// that serves it asks for no rescan of its "fresh" directories.
func TestWatcherSwappedTreeNeedsNoSecondRebuild(t *testing.T) {
	base, current := twoRevisions(t)
	var w *Watcher
	pending := map[uint64]int{} // generation → change signals queued when it was served
	rec := &recorder{seen: func(s *Snapshot) {
		// On the Run goroutine, the only reader of w.changes; without the
		// notifier's event loop, only the rebuild itself can signal.
		pending[s.Generation] = len(w.changes)
	}}
	w = NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: current}}, Debounce: time.Hour, ReloadInterval: time.Nanosecond, Observer: rec})
	var n *fsNotifier
	w.newNotifier = func(w *Watcher) notifier {
		fsn, err := openFSNotifier(w) // events are not read: no loop
		if err != nil {
			t.Errorf("no inotify: %v", err)
			return nopNotifier{}
		}
		n = fsn
		return n
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	<-w.started
	if n == nil {
		return
	}
	storetest.SwapLink(t, "rev-2", current)
	st := mustReload(t, w)
	if st.Generation != 2 || uiTitle(w.Current()) != "Revision two" {
		t.Fatalf("status %+v", st)
	}
	if pending[2] != 0 {
		t.Error("serving the swapped-in tree asked for another rebuild")
	}
	// And the new tree is watched.
	real, _ := filepath.EvalSymlinks(filepath.Join(base, "rev-2/capabilities/ui"))
	n.mu.Lock()
	defer n.mu.Unlock()
	if !n.watched.contains(real) {
		t.Errorf("%s is not watched", real)
	}
}

// TestConcurrentReloadsShareARebuild: reloads asked for while one is
// queued share its rebuild; those asked for while one runs share the next.
func TestConcurrentReloadsShareARebuild(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		w, builds := fakeWatcher(time.Hour, 10*time.Hour)
		gate := make(chan struct{})
		fake := w.build
		w.build = func(ctx context.Context, entering enterFunc) (*Snapshot, error) {
			if builds.Load() > 0 {
				<-gate // every rebuild after the first waits for the test
			}
			return fake(ctx, entering)
		}
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		go w.Run(ctx)
		synctest.Wait()
		time.Sleep(time.Second) // past the reload interval: the first reload starts at once
		results := make(chan Status, 20)
		ask := func() {
			st, err := w.Reload(ctx)
			if err != nil {
				t.Error(err)
			}
			results <- st
		}
		go ask()
		synctest.Wait() // its rebuild is running, held at the gate
		for range 19 {
			go ask()
		}
		synctest.Wait() // all queued behind it
		close(gate)
		gens := map[uint64]int{}
		for range 20 {
			gens[(<-results).Generation]++
		}
		if builds.Load() != 3 || gens[2] != 1 || gens[3] != 19 {
			t.Errorf("builds %d, callers by generation %v; want 3 builds: the first, one for the first reload, one shared by the other 19", builds.Load(), gens)
		}
	})
}

// State pairs the served snapshot with the status of the rebuild that
// served it, whatever rebuilds run meanwhile: a reader of Status and then
// Current could see a new generation beside the failure it cleared.
func TestWatcherStateIsConsistent(t *testing.T) {
	repo := t.TempDir()
	copyTree(t, "../testdata/repo", repo)
	w, _ := reloadWatcher(t, repo, nil)
	ui := filepath.Join(repo, "capabilities/ui/capability.json")
	good, err := os.ReadFile(ui)
	if err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	bad := make(chan string, 1)
	var readers sync.WaitGroup
	for range 2 {
		readers.Add(1)
		go func() {
			defer readers.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				snap, st := w.State()
				if snap.Generation != st.Generation || snap.Digest != st.Digest {
					select {
					case bad <- fmt.Sprintf("snapshot generation %d (%.8s) beside status generation %d (%.8s), failure %v",
						snap.Generation, snap.Digest, st.Generation, st.Digest, st.Failure):
					default:
					}
				}
			}
		}()
	}
	for i := range 30 {
		data := []byte(`{"id": "ui", `)
		if i%2 == 0 {
			data = good
		}
		if err := os.WriteFile(ui, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if i%2 == 0 {
			retitle(t, ui, fmt.Sprintf("UI %d", i))
		}
		mustReload(t, w)
	}
	close(stop)
	readers.Wait()
	select {
	case msg := <-bad:
		t.Error(msg)
	default:
	}
	if snap, st := w.State(); st.Generation != 16 || snap.Generation != 16 {
		t.Errorf("generation %d / %d after 15 good changes, want 16", st.Generation, snap.Generation)
	}
}

// TestPanickingBuildKeepsServing: a build that panics (a bug some content
// trips) is a failed build: the watcher keeps serving the last good
// snapshot, reports the failure, and serves the next good build.
func TestPanickingBuildKeepsServing(t *testing.T) {
	repo := t.TempDir()
	copyTree(t, "../testdata/repo", repo)
	var panics atomic.Bool
	w, rec := reloadWatcher(t, repo, func(load buildFunc) buildFunc {
		return func(ctx context.Context, entering enterFunc) (*Snapshot, error) {
			if panics.Load() {
				var s []int
				_ = s[3] // index out of range, as a parser bug would
			}
			return load(ctx, entering)
		}
	})
	first := w.Current()
	manifest := filepath.Join(repo, "capabilities/ui/capability.json")
	retitle(t, manifest, "Never served")
	panics.Store(true)
	st := mustReload(t, w)
	if w.Current() != first || st.Failure == nil || !strings.Contains(st.Failure.Error, "the build panicked") {
		t.Fatalf("after a panicking build: served %p (first %p), failure %+v", w.Current(), first, st.Failure)
	}
	panics.Store(false)
	retitle(t, manifest, "Served again")
	mustReload(t, w)
	if got := uiTitle(w.Current()); got != "Served again" {
		t.Errorf("after the panics stopped: ui title %q", got)
	}
	if got := rec.list(); len(got) != 3 || got[1] != "failed" {
		t.Errorf("reports %q, want served, failed, served", got)
	}
}

// TestServedSnapshotsHaveTheirCardIndexes: a snapshot is served with its
// search index and command matcher already built, by buildSafely, where a
// panic in either is a failed build rather than a panic in a request
// handler, the first to ask. The card is edited so that neither is shared
// with the previous snapshot (shareSearch).
func TestServedSnapshotsHaveTheirCardIndexes(t *testing.T) {
	repo := t.TempDir()
	copyTree(t, "../testdata/repo", repo)
	w, _ := reloadWatcher(t, repo, nil)
	card := filepath.Join(repo, "bin/land.card.json")
	data, err := os.ReadFile(card)
	if err != nil {
		t.Fatal(err)
	}
	edited := bytes.Replace(data, []byte(`"git merge .*"`), []byte(`"git merge .*", "git rebase main"`), 1)
	if bytes.Equal(edited, data) {
		t.Fatal("the card's replaces were not found")
	}
	if err := os.WriteFile(card, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	first := w.Current()
	mustReload(t, w)
	snap := w.Current()
	if snap == first {
		t.Fatal("the edit was not served")
	}
	if snap.search == nil || snap.commands == nil {
		t.Errorf("served with search index %v, command matcher %v: built on first use, outside buildSafely", snap.search != nil, snap.commands != nil)
	}
	if snap.commands == first.commands {
		t.Error("the command matcher was shared though a card's replaces changed")
	}
}
