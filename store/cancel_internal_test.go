package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/capreg/capreg/internal/ctxtest"
	"github.com/capreg/capreg/store/storetest"
	"github.com/capreg/capreg/validate"
)

// scanCalls is how many times a scan of opts looks at its ctx.
func scanCalls(t *testing.T, opts ScanOptions) int64 {
	t.Helper()
	ctx := ctxtest.New(0, nil)
	if _, err := Scan(ctx, opts); err != nil {
		t.Fatal(err)
	}
	return ctx.Calls.Load()
}

// A Load whose ctx ends while it validates a large repository stops at the
// next capability: it returns ctx's error, no snapshot, and leaves its
// validation cache as it was. It validated every capability first (827 ms
// late for a Load of 3,000 cancelled at 300 ms), and the cache then held
// the checks of the Load nobody wanted.
func TestLoadStopsWhileValidating(t *testing.T) {
	const n = 2000
	dir := t.TempDir()
	if err := storetest.WriteRepo(dir, n); err != nil {
		t.Fatal(err)
	}
	scan := ScanOptions{Repo: dir}
	const after = 100 // capabilities begun, about, before ctx ends
	end := scanCalls(t, scan) + after
	ctx := ctxtest.New(end, nil)
	cache := validate.NewCache()
	snap, err := Load(ctx, Options{ScanOptions: scan, Cache: cache})
	if !errors.Is(err, context.Canceled) || snap != nil {
		t.Fatalf("Load gave a snapshot: %v, error %v; want none and an error wrapping context.Canceled", snap != nil, err)
	}
	// Once ctx has ended, one more call per worker, then checkAll's and
	// the error's.
	if calls, most := ctx.Calls.Load(), end+int64(runtime.GOMAXPROCS(0))+2; calls > most {
		t.Errorf("ctx was asked %d times, want at most %d: the validation of %d capabilities went on after ctx ended", calls, most, n)
	}
	if st := cache.Stats(); st != (validate.CacheStats{}) {
		t.Errorf("the stopped Load filled the cache: %+v, want nothing checked kept", st)
	}
	if snap, err := Load(context.Background(), Options{ScanOptions: scan, Cache: cache}); err != nil || !snap.OK() || snap.Result.Checked != n {
		t.Errorf("Load after the stopped one: %v; want a valid snapshot of %d capabilities checked afresh", err, n)
	}
}

// A rebuild stopped by the end of Run's ctx (a shutdown while a change is
// being built) serves nothing, records no failure and leaves the cache as
// it was: the last good snapshot is what the watcher holds when Run
// returns, and Run returns at the next capability rather than after
// validating the whole repository.
func TestWatcherStoppedRebuildKeepsTheServedSnapshot(t *testing.T) {
	const n = 1000
	dir := t.TempDir()
	if err := storetest.WriteRepo(dir, n); err != nil {
		t.Fatal(err)
	}
	cache := validate.NewCache()
	w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: dir}, Cache: cache},
		Poll: time.Hour, ReloadInterval: time.Millisecond})
	guard, stopGuard := context.WithTimeout(context.Background(), time.Minute) // a hang, not a measure
	defer stopGuard()
	run, stopRun := context.WithCancel(guard)
	defer stopRun()
	// Run's ctx as the second build sees it: ending part way through its
	// validation, and ending Run then.
	const after = n / 4
	second := ctxtest.New(0, stopRun)
	build := w.build
	var armed atomic.Bool // the next build is the one to stop
	w.build = func(ctx context.Context, entering enterFunc) (*Snapshot, error) {
		if armed.CompareAndSwap(true, false) {
			return build(second, entering)
		}
		return build(ctx, entering)
	}
	done := make(chan error, 1)
	go func() { done <- w.Run(run) }()
	// Answered by the first build, or by the next if Run began first:
	// either way no rebuild is left to run.
	if st, err := w.Reload(guard); err != nil || st.Generation != 1 {
		t.Fatalf("first build: %+v, %v", st, err)
	}
	served, stats := w.Current(), cache.Stats()

	// A change, so that the rebuild would serve a new snapshot.
	manifest := filepath.Join(dir, "capabilities", "cap-00000", "capability.json")
	data, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(manifest, []byte(strings.Replace(string(data), `"title": "`, `"title": "Changed `, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	second.N.Store(scanCalls(t, ScanOptions{Repo: dir, Tree: true}) + after)
	armed.Store(true)
	reloaded := make(chan struct{})
	go func() { w.Reload(guard); close(reloaded) }() // returns once the rebuild ends: answered, or ErrWatcherStopped once it was stopped
	select {
	case <-reloaded:
	case <-guard.Done():
		t.Fatal("the rebuild did not end")
	}
	if st := w.Status(); st.Generation != 1 {
		t.Errorf("the rebuild whose ctx ended went on and was served: generation %d", st.Generation)
		stopRun()
	}
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run = %v, want nil on cancellation", err)
		}
	case <-guard.Done():
		t.Fatal("Run did not return")
	}
	if calls, most := second.Calls.Load(), second.N.Load()+int64(runtime.GOMAXPROCS(0))+2; calls > most {
		t.Errorf("the rebuild's ctx was asked %d times, want at most %d: it went on validating after ctx ended", calls, most)
	}
	snap, st := w.State()
	if snap != served || st.Generation != 1 || st.Failure != nil || st.Failures != 0 {
		t.Errorf("after the stopped rebuild: generation %d (snapshot kept: %v), failure %v, %d failures; want generation 1 still served, no failure",
			st.Generation, snap == served, st.Failure, st.Failures)
	}
	if got := cache.Stats(); got != stats {
		t.Errorf("the stopped rebuild changed the cache: %+v, was %+v", got, stats)
	}
}
