package store

import (
	"bytes"
	"context"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/capreg/capreg/store/storetest"
	"github.com/capreg/capreg/validate"
)

// nopNotifier stands in for inotify: the tests call Changed themselves.
type nopNotifier struct{}

func (nopNotifier) prepare()                                  {}
func (nopNotifier) entering(string, ...string)                {}
func (nopNotifier) sync(string, []string, []string, []string) {}
func (nopNotifier) close()                                    {}

// fakeWatcher returns a watcher whose builds are counted and instant, each
// with content of its own (a digest no other build has).
func fakeWatcher(debounce, maxDelay time.Duration) (*Watcher, *atomic.Int64) {
	w := NewWatcher(WatchOptions{Debounce: debounce, MaxDelay: maxDelay})
	var builds atomic.Int64
	w.build = func(ctx context.Context, _ enterFunc) (*Snapshot, error) {
		n := builds.Add(1)
		return &Snapshot{Registry: &Registry{}, Result: &validate.Result{}, Digest: strconv.FormatInt(n, 10)}, nil
	}
	w.newNotifier = func(*Watcher) notifier { return nopNotifier{} }
	return w, &builds
}

// TestDebounce: changes are rebuilt once after a quiet period: none before
// it, one for a burst or a checkout storm, two for two bursts.
func TestDebounce(t *testing.T) {
	tests := []struct {
		name   string
		events []time.Duration // delay before each change signal
		wait   time.Duration   // then wait this long
		builds int64           // rebuilds after the initial build
	}{
		{"no change, no rebuild", nil, time.Second, 0},
		{"one change", []time.Duration{0}, 150 * time.Millisecond, 1},
		{"not before the quiet period", []time.Duration{0}, 99 * time.Millisecond, 0},
		{"a burst is one rebuild", []time.Duration{0, 10 * time.Millisecond, 10 * time.Millisecond, 50 * time.Millisecond}, 150 * time.Millisecond, 1},
		{"two bursts, two rebuilds", []time.Duration{0, 10 * time.Millisecond, 300 * time.Millisecond, 10 * time.Millisecond}, 150 * time.Millisecond, 2},
		{"a checkout storm: 200 changes 5 ms apart", repeat(200, 5*time.Millisecond), 150 * time.Millisecond, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				w, builds := fakeWatcher(100*time.Millisecond, 2*time.Second)
				ctx, cancel := context.WithCancel(t.Context())
				defer cancel()
				go w.Run(ctx)
				synctest.Wait()
				if builds.Load() != 1 {
					t.Fatalf("initial builds = %d", builds.Load())
				}
				for _, d := range tt.events {
					time.Sleep(d)
					w.Changed()
				}
				time.Sleep(tt.wait)
				synctest.Wait()
				if got := builds.Load() - 1; got != tt.builds {
					t.Errorf("rebuilds = %d, want %d", got, tt.builds)
				}
			})
		})
	}
}

func repeat(n int, d time.Duration) []time.Duration {
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = d
	}
	return out
}

// TestDebounceMaxDelay: changes that never stop still get a rebuild once the
// first of them is MaxDelay old.
func TestDebounceMaxDelay(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		w, builds := fakeWatcher(100*time.Millisecond, 1*time.Second)
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		go w.Run(ctx)
		synctest.Wait()
		start := time.Now()
		for time.Since(start) < 1050*time.Millisecond {
			w.Changed()
			time.Sleep(50 * time.Millisecond)
		}
		synctest.Wait()
		if got := builds.Load() - 1; got != 1 {
			t.Errorf("rebuilds during a 1.05 s stream = %d, want 1 (at MaxDelay)", got)
		}
	})
}

// TestReloadBypassesDebounce: Reload rebuilds at once and returns the status.
func TestReloadBypassesDebounce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		w, builds := fakeWatcher(time.Hour, 10*time.Hour)
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		go w.Run(ctx)
		synctest.Wait() // the first build is done: a Reload before it is served by it
		w.Changed()
		st, err := w.Reload(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if builds.Load() != 2 || st.Generation != 2 || w.Current().Generation != 2 {
			t.Errorf("builds %d, status generation %d, current %d", builds.Load(), st.Generation, w.Current().Generation)
		}
		// The pending change was absorbed by the reload.
		time.Sleep(2 * time.Hour)
		synctest.Wait()
		if builds.Load() != 2 {
			t.Errorf("builds after the reload = %d, want 2", builds.Load())
		}
	})
}

// throttledWatcher is fakeWatcher (debounce 100 ms, reload interval 1 s)
// whose builds each take took, and record when they started (by the
// generation they serve, the first build's being 1).
func throttledWatcher(took time.Duration) (*Watcher, *atomic.Int64, *sync.Map) {
	w, builds := fakeWatcher(100*time.Millisecond, 0)
	starts := &sync.Map{}
	fake := w.build
	w.build = func(ctx context.Context, entering enterFunc) (*Snapshot, error) {
		starts.Store(uint64(builds.Load()+1), time.Now())
		time.Sleep(took)
		return fake(ctx, entering)
	}
	return w, builds, starts
}

// TestReloadThrottle: a reload asked for within the reload interval (or
// the last rebuild's duration, if longer) of the end of the last rebuild
// waits until then, shared by every reload asked meanwhile, or is served
// by a debounced rebuild that starts sooner; one asked later starts at
// once. Nothing is rebuilt twice for it. (synctest: the clock is the
// bubble's.)
func TestReloadThrottle(t *testing.T) {
	tests := []struct {
		name    string
		took    time.Duration // how long each build takes
		idle    time.Duration // from the first build's end to the reloads
		callers int           // reloads asked at once
		change  bool          // a change signalled with them
		wait    time.Duration // until they are answered
	}{
		{"long after the last rebuild: at once", 0, 5 * time.Second, 1, false, 0},
		{"right after it: when the interval is over", 0, 0, 1, false, time.Second},
		{"half way through it: the other half", 0, 500 * time.Millisecond, 1, false, 500 * time.Millisecond},
		{"ten reloads waiting share one rebuild", 0, 0, 10, false, time.Second},
		{"after a rebuild of 3 s: 3 s, then the rebuild", 3 * time.Second, 0, 1, false, 6 * time.Second},
		{"a debounced rebuild serves it sooner", 0, 0, 1, true, 100 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				w, builds, starts := throttledWatcher(tt.took)
				ctx, cancel := context.WithCancel(t.Context())
				defer cancel()
				go w.Run(ctx)
				<-w.started
				time.Sleep(tt.idle)
				asked := time.Now()
				if tt.change {
					w.Changed()
				}
				gens := make(chan uint64, tt.callers)
				for range tt.callers {
					go func() {
						st, err := w.Reload(ctx)
						if err != nil {
							t.Error(err)
						}
						gens <- st.Generation
					}()
				}
				for range tt.callers {
					if g := <-gens; g != 2 {
						t.Errorf("a reload was answered with generation %d, want 2", g)
					}
				}
				if got := time.Since(asked); got != tt.wait {
					t.Errorf("answered after %v, want %v", got, tt.wait)
				}
				if start, _ := starts.Load(uint64(2)); start.(time.Time).Before(asked) {
					t.Errorf("the rebuild that answered started %v before the reloads", asked.Sub(start.(time.Time)))
				}
				time.Sleep(time.Hour)
				synctest.Wait()
				if got := builds.Load(); got != 2 {
					t.Errorf("%d builds, want 2: the first and one for the reloads", got)
				}
			})
		})
	}
}

// TestReloadLoopIsThrottled: a client that asks again as soon as it is
// answered gets a rebuild a reload interval after the last, each started
// after it asked, so none misses a change made before it asked.
func TestReloadLoopIsThrottled(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		w, builds, starts := throttledWatcher(0)
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		go w.Run(ctx)
		<-w.started
		begin := time.Now()
		for i := range 5 {
			asked := time.Now()
			st, err := w.Reload(ctx)
			if err != nil {
				t.Fatal(err)
			}
			start, ok := starts.Load(st.Generation)
			if want := uint64(i + 2); st.Generation != want || !ok || start.(time.Time).Before(asked) {
				t.Fatalf("reload %d: generation %d from a build started at %v, want %d from one started after %v", i, st.Generation, start, want, asked)
			}
		}
		if got := time.Since(begin); got != 5*time.Second || builds.Load() != 6 {
			t.Errorf("5 reloads in a loop took %v and %d builds, want 5s and 6", got, builds.Load())
		}
	})
}

type overflowCounter struct{ rebuilds, overflows atomic.Int64 }

func (c *overflowCounter) Rebuilt(bool, time.Duration, *Snapshot)   { c.rebuilds.Add(1) }
func (c *overflowCounter) Unchanged(bool, time.Duration, *Snapshot) { c.rebuilds.Add(1) }
func (c *overflowCounter) WatchEvent()                              {}
func (c *overflowCounter) WatchOverflow()                           { c.overflows.Add(1) }

// startInotifyWatcher runs an inotify watcher on a copy of testdata/repo
// until the test ends, and returns it once it serves, with its notifier.
func startInotifyWatcher(t *testing.T) (string, *Watcher, *overflowCounter, *fsNotifier) {
	t.Helper()
	repo := t.TempDir()
	copyTree(t, "../testdata/repo", repo)
	c := &overflowCounter{}
	w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: repo}}, Debounce: 10 * time.Millisecond, Observer: c})
	var fsn atomic.Pointer[fsNotifier]
	orig := w.newNotifier
	w.newNotifier = func(w *Watcher) notifier {
		n := orig(w)
		fsn.Store(n.(*fsNotifier))
		return n
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	deadline := time.Now().Add(10 * time.Second)
	for (w.Current() == nil || fsn.Load() == nil) && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if w.Current() == nil {
		t.Fatal("no first snapshot")
	}
	return repo, w, c, fsn.Load()
}

// TestOverflowRescans: when the kernel's event queue overflows, changes were
// lost, so the watcher rescans everything (here finding nothing new: the
// generation stays).
func TestOverflowRescans(t *testing.T) {
	_, w, c, n := startInotifyWatcher(t)
	deadline := time.Now().Add(10 * time.Second)
	n.fw.Errors <- fsnotify.ErrEventOverflow
	for c.rebuilds.Load() < 2 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if c.overflows.Load() != 1 || c.rebuilds.Load() != 2 || w.Current().Generation != 1 {
		t.Errorf("overflows %d, rebuilds %d, generation %d; want 1, 2, 1", c.overflows.Load(), c.rebuilds.Load(), w.Current().Generation)
	}
}

// TestOverflowRewatches: the events an overflow loses may include the end
// of a watch (a directory deleted and re-created); after the overflow every
// walked directory is watched again, so later edits there are seen.
func TestOverflowRewatches(t *testing.T) {
	repo, w, c, n := startInotifyWatcher(t)
	deadline := time.Now().Add(10 * time.Second)
	// The kernel drops the watch of capabilities/ui and the event saying so
	// is lost: the notifier still counts the directory as watched.
	ui, _ := filepath.EvalSymlinks(filepath.Join(repo, "capabilities/ui"))
	if err := n.fw.Remove(ui); err != nil {
		t.Fatal(err)
	}
	n.mu.Lock()
	n.watched.add(ui)
	n.mu.Unlock()
	n.fw.Errors <- fsnotify.ErrEventOverflow
	for c.rebuilds.Load() < 2 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	manifest := filepath.Join(repo, "capabilities/ui/capability.json")
	data, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(manifest, bytes.Replace(data, []byte(`"title": "`), []byte(`"title": "Seen `), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	for time.Now().Before(deadline) {
		if c := w.Current().Registry.ByID["ui"]; c != nil && strings.HasPrefix(c.Manifest.Get("title").StringOr(""), "Seen ") {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("an edit in a directory whose watch was lost in an overflow was not served")
}

// TestPollerSeesChangesDuringAScan: a change made while a scan runs is not
// absorbed into the poller's baseline; it causes another rebuild.
func TestPollerSeesChangesDuringAScan(t *testing.T) {
	repo := t.TempDir()
	copyTree(t, "../testdata/repo", repo)
	w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: repo}}, Poll: 20 * time.Millisecond, Debounce: 5 * time.Millisecond})
	var builds atomic.Int64
	load := w.build
	w.build = func(ctx context.Context, entering enterFunc) (*Snapshot, error) {
		snap, err := load(ctx, entering)
		if builds.Add(1) == 2 {
			// Edited after the scan read the tree, before the build ends.
			time.Sleep(30 * time.Millisecond)
			os.WriteFile(repo+"/docs/late.md", []byte("late\n"), 0o644)
		}
		return snap, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go w.Run(ctx)
	deadline := time.Now().Add(10 * time.Second)
	for builds.Load() < 1 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	os.WriteFile(repo+"/docs/early.md", []byte("early\n"), 0o644)
	for builds.Load() < 3 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if builds.Load() < 3 {
		t.Errorf("builds = %d: the change made during the second build was never picked up", builds.Load())
	}
}

// BenchmarkPollFingerprint10k is one poll tick over a 10,000-capability
// repository: the walk plus the directories the last scan read.
func BenchmarkPollFingerprint10k(b *testing.B) {
	dir, snap := loadSynthetic(b, 10000)
	read := newReadSet(snap.Read) // once per scan, not per tick
	b.ResetTimer()
	for b.Loop() {
		fingerprint(dir, snap.Dirs, snap.Named, read)
	}
}

// A poll tick sees what the scan reads and the revision, not the churn of
// skipped folders: `git status` rewriting .git/index and npm adding a
// package to node_modules/ are no change.
func TestPollFingerprintIgnoresGitBookkeeping(t *testing.T) {
	repo := t.TempDir()
	copyTree(t, "../testdata/repo", repo)
	write := func(p, data string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(repo, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(repo, p), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".git/HEAD", "ref: refs/heads/main\n")
	write(".git/refs/heads/main", "1111111111111111111111111111111111111111\n")
	write("node_modules/.package-lock.json", "{}")
	write(".worktrees/x/.git", "gitdir: ../../.git/worktrees/x\n")
	// A link into .git leads no scan and no poll there.
	if err := os.Symlink("../.git", filepath.Join(repo, "docs/g")); err != nil {
		t.Fatal(err)
	}
	snap, err := Load(context.Background(), Options{ScanOptions: ScanOptions{Repo: repo}})
	if err != nil {
		t.Fatal(err)
	}
	before := fingerprint(repo, snap.Dirs, snap.Named, newReadSet(snap.Read))
	write(".git/index.lock", "x")
	if err := os.Rename(filepath.Join(repo, ".git/index.lock"), filepath.Join(repo, ".git/index")); err != nil {
		t.Fatal(err)
	}
	if fingerprint(repo, snap.Dirs, snap.Named, newReadSet(snap.Read)) != before {
		t.Error("rewriting .git/index changed the fingerprint")
	}
	write("node_modules/left-pad/index.js", "x") // npm at work: a skipped folder
	if fingerprint(repo, snap.Dirs, snap.Named, newReadSet(snap.Read)) != before {
		t.Error("a new package in node_modules/ changed the fingerprint")
	}
	write(".worktrees/x/bin/x.card.json", "{}") // an edit in a worktree the scan does not read
	if fingerprint(repo, snap.Dirs, snap.Named, newReadSet(snap.Read)) != before {
		t.Error("a card written in a worktree of its own changed the fingerprint")
	}
	write(".git/refs/heads/main", "2222222222222222222222222222222222222222\n")
	if fingerprint(repo, snap.Dirs, snap.Named, newReadSet(snap.Read)) == before {
		t.Error("a commit (the branch ref moved) left the fingerprint as it was")
	}
}

// The ways to an input through links (a pnpm package) come out the same
// every time, and so does the poll fingerprint of an unchanged tree: map
// order must not make an idle repository rebuild.
func TestInputWaysAreStable(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	pkg := filepath.Join(root, "node_modules/.pnpm/@gsd+core@1/node_modules/@gsd/core")
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pkg, "schema.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "node_modules/@gsd"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../.pnpm/@gsd+core@1/node_modules/@gsd/core", filepath.Join(root, "node_modules/@gsd/core")); err != nil {
		t.Fatal(err)
	}
	named := []string{filepath.Join(root, "node_modules/@gsd/core/schema.json")}
	first := map[string][]string{}
	addWays(first, named[0])
	fp := fingerprint(root, nil, named, readSet{})
	for range 100 {
		ways := map[string][]string{}
		addWays(ways, named[0])
		if !maps.EqualFunc(ways, first, slices.Equal) {
			t.Fatalf("ways %v, then %v", first, ways)
		}
		if fingerprint(root, nil, named, readSet{}) != fp {
			t.Fatal("the fingerprint of an unchanged tree changed")
		}
	}
}

// RebuildingFor says how long a rebuild has run while it runs, for a
// liveness probe to notice one that never ends, and 0 between rebuilds.
func TestRebuildingFor(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		w, _ := fakeWatcher(10*time.Millisecond, time.Second)
		inner := w.build
		release := make(chan struct{})
		var hang atomic.Bool
		w.build = func(ctx context.Context, e enterFunc) (*Snapshot, error) {
			if hang.Load() {
				<-release
			}
			return inner(ctx, e)
		}
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		go w.Run(ctx)
		synctest.Wait()
		if got := w.RebuildingFor(); got != 0 {
			t.Fatalf("between rebuilds: RebuildingFor = %v, want 0", got)
		}
		hang.Store(true)
		w.Changed()
		time.Sleep(10*time.Millisecond + 7*time.Minute) // the debounce, then a long hang
		synctest.Wait()
		if got := w.RebuildingFor(); got != 7*time.Minute {
			t.Errorf("during a hung rebuild: RebuildingFor = %v, want 7m", got)
		}
		close(release)
		synctest.Wait()
		if got := w.RebuildingFor(); got != 0 {
			t.Errorf("after the rebuild: RebuildingFor = %v, want 0", got)
		}
	})
}

// loadSynthetic writes a synthetic repository of n capabilities
// (storetest.WriteRepo) and loads it.
func loadSynthetic(b *testing.B, n int) (string, *Snapshot) {
	b.Helper()
	dir := b.TempDir()
	if err := storetest.WriteRepo(dir, n); err != nil {
		b.Fatal(err)
	}
	snap, err := Load(context.Background(), Options{ScanOptions: ScanOptions{Repo: dir}})
	if err != nil {
		b.Fatal(err)
	}
	return dir, snap
}

// TestPanickingBuildKeepsWatching: after a build that panics, inotify
// still watches the repository, so the change that fixes it is served
// without a reload (synced to the failed build's nothing, every watch was
// dropped).
func TestPanickingBuildKeepsWatching(t *testing.T) {
	repo := t.TempDir()
	copyTree(t, "../testdata/repo", repo)
	w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: repo}}, Debounce: 10 * time.Millisecond})
	var panics atomic.Bool
	load := w.build
	w.build = func(ctx context.Context, entering enterFunc) (*Snapshot, error) {
		snap, err := load(ctx, entering) // the scan runs, as a validation bug would let it
		if panics.Swap(false) {
			var s []int
			_ = s[3]
		}
		return snap, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	waitUntil(t, "the first snapshot", func() bool { return w.Current() != nil })
	manifest := filepath.Join(repo, "capabilities/ui/capability.json")
	panics.Store(true)
	retitle(t, manifest, "Never served")
	waitUntil(t, "the panicking build", func() bool { return w.Status().Failure != nil })
	retitle(t, manifest, "Served again")
	waitUntil(t, "the fix served", func() bool { return uiTitle(w.Current()) == "Served again" })
}

func waitUntil(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !ok(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// TestHeldBy: the refusal of an emptied repository says what the served
// registry held, by the kinds it held any of: one of host workflows only
// read "0 capabilities and 0 tool cards", as if nothing had been served.
func TestHeldBy(t *testing.T) {
	steps := &validate.Contract{Entries: make([]validate.ContractEntry, 5)}
	tests := []struct {
		r    *validate.Result
		want string
	}{
		{&validate.Result{Contract: steps}, "5 host steps"},
		{&validate.Result{Capabilities: make([]*validate.Capability, 1)}, "1 capability"},
		{&validate.Result{Capabilities: make([]*validate.Capability, 12), Contract: steps, Cards: make([]*validate.Card, 5)}, "12 capabilities, 5 host steps and 5 tool cards"},
		{&validate.Result{Cards: make([]*validate.Card, 2), Contract: steps}, "5 host steps and 2 tool cards"},
	}
	for _, tt := range tests {
		if got := heldBy(tt.r); got != tt.want {
			t.Errorf("heldBy = %q, want %q", got, tt.want)
		}
	}
}

// TestFailureCountsErrorsNotListed: a failure's count of errors, in its
// wording and log line, holds the findings validation counts but does not
// list (validate.LimitPerRule): it said 101 errors for 8,000.
func TestFailureCountsErrorsNotListed(t *testing.T) {
	f := &Failure{Diagnostics: validate.Diagnostics{
		{File: "a.json", Rule: "duplicate-producer", Severity: validate.Error, Message: "x"},
		{File: "a.json", Rule: "duplicate-producer", Severity: validate.Error, Message: "7,999 more", Omitted: 7999},
	}}
	if got := f.Errors(); got != 8000 {
		t.Errorf("Errors() = %d, want 8000", got)
	}
	attrs := f.logAttrs(&Status{Generation: 3}, time.Second)
	if i := slices.Index(attrs, any("errors")); i < 0 || attrs[i+1] != 8000 {
		t.Errorf("log attributes %v, want errors 8000", attrs)
	}
}

// TestAtOnceLosesNoChange pins that the change Run skips while the
// debounce is set to fire at once (watcher.go, case <-w.changes:
// debounce.atOnce) is neither lost nor delayed, and that the at-once fire
// leaves the debounce bookkeeping clean: a change signalled while that
// rebuild runs gets one debounced rebuild (not at once, not never), and
// nothing is rebuilt after it without a signal. 40 trials cover both
// orders in which Run's select takes the settled and the change signal.
func TestAtOnceLosesNoChange(t *testing.T) {
	for range 40 {
		synctest.Test(t, func(t *testing.T) {
			gate2, gate3 := make(chan struct{}), make(chan struct{})
			w, builds := startGatedWatcher(t, map[int64]chan struct{}{2: gate2, 3: gate3})
			w.Changed()
			time.Sleep(time.Hour) // rebuild 2 starts and blocks
			synctest.Wait()
			w.changedSettled()
			w.Changed()
			close(gate2)
			synctest.Wait() // rebuild 3, at once, blocks
			if got := builds.Load(); got != 3 {
				t.Fatalf("builds = %d after the settled change, want 3 (at once)", got)
			}
			w.Changed() // seen during rebuild 3: it may have missed it
			close(gate3)
			synctest.Wait()
			if got := builds.Load(); got != 3 {
				t.Fatalf("builds = %d at once after a plain change, want 3 (debounced)", got)
			}
			time.Sleep(time.Hour)
			synctest.Wait()
			if got := builds.Load(); got != 4 {
				t.Fatalf("builds = %d a debounce after the change, want 4", got)
			}
			time.Sleep(5 * time.Hour)
			synctest.Wait()
			if got := builds.Load(); got != 4 {
				t.Fatalf("builds = %d with no change signalled, want 4", got)
			}
		})
	}
}

// startGatedWatcher starts Run, in the calling synctest bubble, on a
// watcher with an hour's debounce whose n-th build blocks until gates[n]
// is closed, and waits until the first build is served. It returns the
// watcher and the count of builds begun: the synctest tests of Run's
// signals each need a rebuild held open while signals arrive.
func startGatedWatcher(t *testing.T, gates map[int64]chan struct{}) (*Watcher, *atomic.Int64) {
	t.Helper()
	w := NewWatcher(WatchOptions{Debounce: time.Hour, MaxDelay: 2 * time.Hour})
	builds := new(atomic.Int64)
	w.build = func(ctx context.Context, _ enterFunc) (*Snapshot, error) {
		n := builds.Add(1)
		if gate, ok := gates[n]; ok {
			<-gate
		}
		return &Snapshot{Registry: &Registry{}, Result: &validate.Result{}, Digest: strconv.FormatInt(n, 10)}, nil
	}
	w.newNotifier = func(*Watcher) notifier { return nopNotifier{} }
	ctx, cancel := context.WithCancel(t.Context())
	t.Cleanup(cancel)
	go w.Run(ctx)
	synctest.Wait()
	return w, builds
}

// TestSettledThenChangedOrder pins that a poll's settled change queued
// while a rebuild runs is rebuilt at once after it (Watcher.changedSettled,
// d406006) whatever else was queued with it. Run's select takes w.settled
// and w.changes in a random order: changes last re-arms the debounce
// (watcher.go, case <-w.changes: debounce.set(delay)) over the settled
// debounce.set(0), and the settled change waits a debounce (here an hour)
// or, with a stream, up to MaxDelay more. Each trial fails with chance
// about 1/4, so 40 trials FAIL on HEAD practically always (on purpose:
// order-dependent behaviour, not a lost rebuild).
func TestSettledThenChangedOrder(t *testing.T) {
	late := 0
	for range 40 {
		synctest.Test(t, func(t *testing.T) {
			gate := make(chan struct{}) // rebuild 2, during which both signals come
			w, builds := startGatedWatcher(t, map[int64]chan struct{}{2: gate})
			w.Changed()
			time.Sleep(time.Hour) // the debounced rebuild 2 starts and blocks
			synctest.Wait()
			if builds.Load() != 2 {
				t.Fatalf("builds = %d, want 2 running", builds.Load())
			}
			w.changedSettled() // a poll's change, its quiet period over
			w.Changed()        // and an event
			close(gate)
			synctest.Wait() // no fake time passes
			if builds.Load() != 3 {
				late++
			}
		})
	}
	if late > 0 {
		t.Errorf("in %d of 40 trials the settled change was not rebuilt at once (a change signal queued beside it re-armed the debounce)", late)
	}
}

// TestPollRebuildWithinDebounceAndMaxDelay pins, under --poll, the bounds the
// README and WatchOptions give for when a rebuild starts: one debounce after
// the last change (a single write), and never more than MaxDelay after the
// first of a stream, plus the poll interval the change may wait to be seen.
// The settle of 062bf16 already waits out the debounce's quiet period (or
// MaxDelay) before it signals, and Run's loop then waits a second debounce:
// a single write is served two debounces late, and a stream MaxDelay plus a
// debounce late (past "20 × the debounce"). Its first wait is a whole
// debounce even when MaxDelay is shorter.
func TestPollRebuildWithinDebounceAndMaxDelay(t *testing.T) {
	for _, tc := range []struct {
		name                     string
		poll, debounce, maxDelay time.Duration
		stream                   time.Duration // writes every 5 ms for this long; 0: one write
		// The rebuild starts in [least, most] after the first write.
		least, most time.Duration
	}{
		// A debounce after the tick that saw the write (at most a poll
		// later): the settled code started at ≥ 2 × 600 ms.
		{"one write", 50 * time.Millisecond, 600 * time.Millisecond, 0, 0, 600 * time.Millisecond, 50*time.Millisecond + 600*time.Millisecond},
		// MaxDelay after that tick, though the writes go on; settled: ≥ 1,200 + 600 ms.
		{"stream", 50 * time.Millisecond, 600 * time.Millisecond, 1200 * time.Millisecond, 2 * time.Second, 1200 * time.Millisecond, 50*time.Millisecond + 1200*time.Millisecond},
		// MaxDelay (shorter than the debounce) after that tick; settled: ≥ 1 s.
		{"MaxDelay under the debounce", 50 * time.Millisecond, time.Second, 100 * time.Millisecond, 0, 100 * time.Millisecond, 50*time.Millisecond + 100*time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// In a bubble, time moves only when every goroutine of the
			// watcher waits, so the bounds hold exactly however slow the
			// machine: with real time, a bound plus 400 ms of slack still
			// failed under -race on a loaded CI runner.
			synctest.Test(t, func(t *testing.T) {
				got := firstRebuildAfterWrites(t, tc.poll, tc.debounce, tc.maxDelay, tc.stream)
				if got < tc.least || got > tc.most {
					t.Errorf("the rebuild started %v after the first write, want %v to %v", got, tc.least, tc.most)
				}
			})
		})
	}
}

// firstRebuildAfterWrites starts a polling watcher on a copy of the test
// repository, waits for its first build, writes a file read by the scan
// (once, or every 5 ms for stream), and returns how long after the first
// write the next rebuild started.
func firstRebuildAfterWrites(t *testing.T, poll, debounce, maxDelay, stream time.Duration) time.Duration {
	t.Helper()
	repo := t.TempDir()
	copyTree(t, "../testdata/repo", repo)
	w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: repo}}, Poll: poll, Debounce: debounce, MaxDelay: maxDelay})
	var (
		mu     sync.Mutex
		starts []time.Time
	)
	started := make(chan struct{}, 16)
	load := w.build
	w.build = func(ctx context.Context, entering enterFunc) (*Snapshot, error) {
		mu.Lock()
		starts = append(starts, time.Now())
		mu.Unlock()
		select {
		case started <- struct{}{}:
		default:
		}
		return load(ctx, entering)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = w.Run(ctx) }()
	defer func() { cancel(); <-done }()
	// The first build, served, before any write.
	if _, err := w.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	// A first scan's dirs, inputs and reads are new to the poller, whose
	// next tick differs and rescans once (see poller.fingerprint): wait
	// until no build has started for longer than any rebuild may wait.
	quiet := poll + 2*debounce + max(maxDelay, debounce) + 200*time.Millisecond
	for idle := false; !idle; {
		select {
		case <-started:
		case <-time.After(quiet):
			idle = true
		}
	}
	// Each write is whole, by a rename: the quiet wait above ends in step
	// with the poller's ticks, and a tick that saw the file created and
	// not yet written (size 0, the same time) was a change under way, which
	// settle rightly waits out a debounce more (1 run in about 15).
	staging := t.TempDir()
	var written []byte
	begin := time.Now()
	for {
		tmp := filepath.Join(staging, "copying.md")
		// Each write one byte longer: the fingerprint tells it from the
		// last by its size, as the real time of its modification may
		// not have moved while the bubble's clock did.
		written = append(written, 'x')
		if err := os.WriteFile(tmp, written, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(tmp, repo+"/docs/copying.md"); err != nil {
			t.Fatal(err)
		}
		if time.Since(begin) >= stream {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	select {
	case <-started:
	case <-time.After(20 * time.Second):
		t.Fatal("no rebuild after the writes")
	}
	mu.Lock()
	defer mu.Unlock()
	for _, s := range starts {
		if s.After(begin) {
			return s.Sub(begin)
		}
	}
	t.Fatal("no rebuild start recorded after the first write")
	return 0
}
