package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/capreg/capreg/validate"
)

// WatchOptions configure a Watcher.
type WatchOptions struct {
	Options
	// Debounce is the quiet period after the last change before a rebuild
	// (trailing debounce); 0 means 100 ms.
	Debounce time.Duration
	// MaxDelay bounds how long a stream of changes can postpone a rebuild;
	// 0 means 20 × Debounce.
	MaxDelay time.Duration
	// ReloadInterval is the least time from the end of one rebuild to the
	// start of the rebuild a Reload asks for; 0 means 1 s. The gap is
	// longer when the last rebuild took longer: see Reload.
	ReloadInterval time.Duration
	// Poll, when set, polls the repository at this interval instead of
	// using inotify (for file systems without change notification).
	Poll time.Duration
	// Logger receives the watcher's log lines (a rebuild served or
	// refused, a fallback to polling); nil logs nothing.
	Logger *slog.Logger
	// Observer, when set, is told what the watcher does (an api.Metrics
	// is one); nil: no one is.
	Observer Observer
}

// Observer is told what the watcher does; the API's metrics implement it.
// Its methods are called from the watcher's goroutines, several of them at
// once (WatchOverflow beside WatchEvent, and either beside Rebuilt), so they
// must be safe for concurrent use, and quick: the watcher waits for them.
type Observer interface {
	// Rebuilt reports one rebuild: whether it was served, how long it took,
	// and the snapshot it produced (which carries the diagnostics), or nil
	// when the repository could not be read at all.
	Rebuilt(ok bool, took time.Duration, snap *Snapshot)
	// WatchEvent reports a change seen in the repository (a file event
	// that matters, or a poll that found the tree changed, once it has
	// settled: a poll a WatchOptions.Debounce later found it unchanged,
	// or MaxDelay passed): one for each, though many may lead to one
	// rebuild.
	WatchEvent()
	// WatchOverflow reports that the kernel's event queue overflowed, so
	// changes were lost and the whole repository is watched and read
	// again.
	WatchOverflow()
}

// UnchangedObserver is an Observer that also hears about the rebuilds whose
// result was already known, which Rebuilt is not told about: a valid build
// identical to the served snapshot (ok), or a failed one with the findings
// of the failure already reported. Such a rebuild swapped nothing and
// counted no failure, so a reload or a duplicate change event does not look
// like a new registry or a new breakage.
type UnchangedObserver interface {
	// Unchanged reports one such rebuild and the snapshot it produced (nil
	// when the repository could not be read); when ok, its Generation is
	// that of the served snapshot it equals.
	Unchanged(ok bool, took time.Duration, snap *Snapshot)
}

// WaitingObserver is an Observer that also hears about the rebuilds that
// found no repository before any build succeeded (git-sync's first clone
// not there yet). Rebuilt is not told about them: a pod waiting for its
// first clone is starting, not failing.
type WaitingObserver interface {
	Waiting(took time.Duration)
}

// FallbackObserver is an Observer that also hears when the watcher starts
// polling, every 5 s, because inotify cannot follow the repository (it is
// unavailable, or out of watches, which an operator fixes by raising the
// node's inotify limits; or the repository is on a network or FUSE file
// system, where inotify does not see the changes made on another machine,
// which an operator may answer with WatchOptions.Poll, polling alone at an
// interval of their choosing): changes are then seen up to 5 s late and
// the tree is read again at each poll. Polling asked for
// (WatchOptions.Poll) is not reported.
type FallbackObserver interface {
	WatchFallback()
}

// Status is what the watcher knows beyond the served snapshot.
type Status struct {
	Generation uint64    `json:"generation"`
	Revision   string    `json:"revision,omitempty"`
	Digest     string    `json:"digest,omitempty"`
	BuiltAt    time.Time `json:"builtAt"`
	// LastAttempt is when the last rebuild finished, successful or not.
	LastAttempt time.Time `json:"lastAttempt"`
	Rebuilds    uint64    `json:"rebuilds"`
	Failures    uint64    `json:"failedRebuilds"`
	// Unchanged counts the rebuilds whose result was already known (see
	// UnchangedObserver); they are in neither Rebuilds nor Failures.
	Unchanged uint64 `json:"unchangedRebuilds"`
	// Failure describes the last failed rebuild while no later rebuild has
	// succeeded; nil otherwise.
	Failure *Failure `json:"failure,omitempty"`
	// Waiting says what the watcher waits for while the repository does
	// not exist yet and nothing has ever been built; "" otherwise. Such a
	// rebuild is not a failure.
	Waiting string `json:"waiting,omitempty"`
}

// Failure is a rebuild that was not served.
type Failure struct {
	At    time.Time `json:"at"`
	Error string    `json:"error"`
	// Revision is the git commit the failed build read ("" when the scan
	// failed or the tree is no checkout). Status.Revision is the served
	// one, so without it an operator told that the checkout is broken
	// (git-sync moved on to a bad commit) could not tell which commit.
	Revision    string               `json:"revision,omitempty"`
	Diagnostics validate.Diagnostics `json:"diagnostics"`
	// unread says the repository could not be read at all: its one
	// diagnostic restates Error (see Unread).
	unread bool
}

// Errors counts the failure's errors, those its Diagnostics count but do
// not list (validate.LimitPerRule) too.
func (f *Failure) Errors() int {
	errs, _ := f.Diagnostics.Count()
	return errs
}

// Unread reports whether the failure is a repository that could not be
// read at all (missing, not a folder, a link loop, no permission): nothing
// was built, and its one diagnostic says what Error says.
func (f *Failure) Unread() bool { return f.unread }

// Watcher keeps the newest valid Snapshot of a repository. It rescans the
// whole repository after every burst of changes, checks again only the
// capabilities whose inputs changed (validate.Cache) and copies the
// registry pieces of the others from the served snapshot, and swaps the
// result in atomically; readers call Current and never wait for a rebuild
// or see a half-built snapshot. A rebuild that fails leaves the last good
// snapshot in place and is reported through Status.
//
// Make one with NewWatcher: the zero Watcher is not usable (its Run, Reload,
// Current, State and Status panic, saying so, as a nil one's do).
type Watcher struct {
	opts WatchOptions
	log  *slog.Logger
	// build scans, validates and builds; entering is called with each
	// directory the scan is about to read (see notifier.entering).
	build       func(ctx context.Context, entering enterFunc) (*Snapshot, error)
	newNotifier func(w *Watcher) notifier // makes what detects changes (inotify, a poller)
	// fsType names the file system holding a directory when inotify may
	// not report its changes (fileSystemType), else "".
	fsType func(dir string) string
	// state is the served snapshot and the status together: one pointer,
	// so that a reader never pairs a new snapshot with an old status.
	state atomic.Pointer[watchState]
	// built is the Sources of the last build whose checks the Cache
	// took, served or not, finished or not (Options.built, committed).
	built   atomic.Pointer[validate.Sources]
	changes chan struct{} // coalesced change signals
	// settled are change signals whose quiet period was waited out already
	// (a poll's: poller.settle), rebuilt without another debounce.
	settled chan struct{}
	reloads chan struct{} // a reload is queued (capacity 1)
	started chan struct{} // closed once Run's first rebuild is served
	stopped chan struct{} // closed once Run has returned
	running atomic.Bool   // Run was called

	reloadMu sync.Mutex
	queued   *reload // the reload the Run loop has not started; nil if none

	// rebuildStart is when the running rebuild began (Unix nanoseconds),
	// or 0 between rebuilds: see RebuildingFor.
	rebuildStart atomic.Int64
}

// watchState is what a rebuild leaves: the snapshot served (nil before the
// first valid build) and the status that describes it.
type watchState struct {
	snap   *Snapshot
	status Status
}

// reload is one rebuild asked for by Reload, shared by every caller that
// asked before it started.
type reload struct {
	done chan struct{} // closed once st holds the status after the rebuild
	st   Status
}

// enterFunc is told of a directory before the scan reads it, or with names,
// before it resolves those entries of it (see notifier.entering).
type enterFunc = func(dir string, names ...string)

// notifier turns file-system changes into signals on Watcher.changes.
type notifier interface {
	// prepare is called just before a scan starts: a change after it must
	// be noticed, whether or not the scan saw it.
	prepare()
	// entering is called by the scan with each directory it is about to
	// read: watching it there, before the read, leaves no moment in which
	// a change to it could go unseen. With names, only those entries of
	// the directory matter (the way to an input named by path).
	entering(dir string, names ...string)
	// sync makes the notifier follow the directories the scan walked (nil
	// when the repository could not be read at all) and the ways to the
	// inputs it named by path, and tells it which files the scan read
	// (Input.Read): a write to another file changes nothing (mayBeRead).
	// root is the real path of the repository that scan read.
	sync(root string, dirs, named, read []string)
	close()
}

// NewWatcher returns a watcher for opts.Repo; call Run to start it.
func NewWatcher(opts WatchOptions) *Watcher {
	if opts.Debounce <= 0 {
		opts.Debounce = 100 * time.Millisecond
	}
	if opts.MaxDelay <= 0 {
		opts.MaxDelay = 20 * opts.Debounce
	}
	if opts.ReloadInterval <= 0 {
		opts.ReloadInterval = time.Second
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	// Resolved once: a relative path (the default, the working directory)
	// resolved at every rebuild fails for good ("getwd: no such file or
	// directory") once that directory is deleted and re-created, and the
	// re-created one is the repository to serve.
	opts.Repo = absRepo(opts.Repo)
	if opts.Cache == nil {
		opts.Cache = validate.NewCache()
	}
	opts.Tree = true // a served snapshot answers POST /validate
	w := &Watcher{
		opts:    opts,
		log:     opts.Logger,
		changes: make(chan struct{}, 1),
		settled: make(chan struct{}, 1),
		reloads: make(chan struct{}, 1),
		started: make(chan struct{}),
		stopped: make(chan struct{}),
	}
	w.build = func(ctx context.Context, entering enterFunc) (*Snapshot, error) {
		o := opts.Options
		o.entering = entering
		o.Previous = w.Current()
		o.built = w.built.Load()
		// The bytes the Cache's documents point into once it has taken
		// this build's checks, though the build then stops (Run ending)
		// or panics.
		o.committed = w.built.Store
		return Load(ctx, o)
	}
	w.fsType = fileSystemType
	w.newNotifier = func(w *Watcher) notifier {
		if opts.Poll > 0 {
			return newPoller(w, opts.Poll)
		}
		return newFSNotifier(w)
	}
	w.state.Store(&watchState{})
	return w
}

// notMade is the panic of a Watcher that NewWatcher did not make, the
// zero one or a nil pointer (one declared and never assigned): its
// Reload waited for ctx, forever for context.Background(), and its Run
// failed on a nil channel.
const notMade = "store: the zero Watcher is not usable: make one with NewWatcher"

// served is the state of the last rebuild; it panics for a zero Watcher.
func (w *Watcher) served() *watchState {
	if w == nil {
		panic(notMade)
	}
	st := w.state.Load()
	if st == nil {
		panic(notMade)
	}
	return st
}

// Current returns the snapshot being served, or nil before the first valid
// build.
func (w *Watcher) Current() *Snapshot { return w.served().snap }

// Status returns the watcher's state.
func (w *Watcher) Status() Status { return w.served().status }

// State returns the snapshot being served and the status describing it,
// from the same rebuild. Calling Current and Status one after the other
// may straddle a rebuild.
func (w *Watcher) State() (*Snapshot, Status) {
	st := w.served()
	return st.snap, st.status
}

// RebuildingFor is how long the running rebuild has taken so far, or 0
// between rebuilds. A rebuild that never ends (a hung file system, a
// deadlock) leaves the last snapshot served but every later change unseen;
// a liveness probe that reads this can have the process restarted.
func (w *Watcher) RebuildingFor() time.Duration {
	start := w.rebuildStart.Load()
	if start == 0 {
		return 0
	}
	return time.Since(time.Unix(0, start))
}

// Changed signals that the repository may have changed. Signals coalesce:
// any number of them before the debounce fires cause one rebuild.
func (w *Watcher) Changed() {
	select {
	case w.changes <- struct{}{}:
	default:
	}
}

// changedSettled signals a change after its quiet period: the tree has
// not changed for a debounce, or changed for MaxDelay (poller.settle).
func (w *Watcher) changedSettled() {
	select {
	case w.settled <- struct{}{}:
	default:
	}
}

// Reload rebuilds, bypassing the debounce, and returns the status after the
// rebuild. It is what POST /-/reload and SIGHUP call. Calls made while a
// reload is queued share its rebuild; calls made while one runs share the
// next: a rebuild that started before the call might not see what the
// caller changed, and one full rebuild serves any number of callers.
//
// The rebuild starts at once unless the last one ended less than a gap
// ago, ReloadInterval or as long as the last rebuild took if longer; then
// it starts when the gap is over, or sooner when a debounced rebuild
// starts first, and serves every call made meanwhile. So a client that
// asks again as soon as it is answered (a webhook in a loop) keeps the
// watcher rescanning at most half the time, and once a second on a small
// repository, while a call is never answered by a rebuild that started
// before it: git-sync's webhook after a pull still gets a rescan that
// sees the pull.
//
// Called before Run, Reload is served by Run's first rebuild, which starts
// after it: an embedding program may call it to wait for the first
// snapshot. Called while that rebuild runs, it waits for it and for the
// next, as any call made while a rebuild runs does. Either way it waits
// for ctx at most; once Run has returned, or while a rebuild it waits for
// was cut short by Run returning, it returns ErrWatcherStopped.
func (w *Watcher) Reload(ctx context.Context) (Status, error) {
	if w == nil || w.stopped == nil {
		panic(notMade)
	}
	// Before Run, the reload is queued for the first rebuild, which takes
	// it (timedRebuild); once Run was called, it is queued after that
	// rebuild, which may have started before the call.
	if w.running.Load() {
		select {
		case <-w.started:
		case <-w.stopped:
			return Status{}, ErrWatcherStopped
		case <-ctx.Done():
			return Status{}, ctx.Err()
		}
	}
	r := w.queueReload()
	select {
	case <-r.done:
		return r.st, nil
	case <-w.stopped:
		return Status{}, ErrWatcherStopped
	case <-ctx.Done():
		return Status{}, ctx.Err()
	}
}

// ErrWatcherStopped is Reload's error once Run has returned: no rebuild
// will serve it.
var ErrWatcherStopped = errors.New("the watcher has stopped")

// ErrWatcherRunning is Run's error when called a second time: one watcher
// serves one loop, which its Reload calls and change signals go to.
var ErrWatcherRunning = errors.New("the watcher's Run was called already")

// queueReload returns the queued reload, queuing one when there is none.
func (w *Watcher) queueReload() *reload {
	w.reloadMu.Lock()
	defer w.reloadMu.Unlock()
	if w.queued == nil {
		w.queued = &reload{done: make(chan struct{})}
		select {
		case w.reloads <- struct{}{}:
		default: // not reached: the loop takes the signal before the reload
		}
	}
	return w.queued
}

// takeReload dequeues the queued reload: callers from now on queue the next.
func (w *Watcher) takeReload() *reload {
	w.reloadMu.Lock()
	defer w.reloadMu.Unlock()
	r := w.queued
	w.queued = nil
	return r
}

// reloadQueued reports whether a reload waits for a rebuild.
func (w *Watcher) reloadQueued() bool {
	w.reloadMu.Lock()
	defer w.reloadMu.Unlock()
	return w.queued != nil
}

// lastRebuild is when the last rebuild ended and how long it took: the
// gap before a reload's rebuild (see Reload).
type lastRebuild struct {
	end  time.Time
	took time.Duration
}

// reloadWait is how long from now a reload's rebuild must wait (see
// Reload); 0 or less is none.
func (w *Watcher) reloadWait(last lastRebuild) time.Duration {
	return time.Until(last.end.Add(max(w.opts.ReloadInterval, last.took)))
}

// timedRebuild runs a rebuild, serving the reload queued before it
// started, if any (a debounced rebuild serves it as well as one of its
// own would), and says when it ended and how long it took.
func (w *Watcher) timedRebuild(ctx context.Context, n notifier) lastRebuild {
	r := w.takeReload()
	start := time.Now()
	// A rebuild that Run's ctx cut short served no reload: its callers
	// are told ErrWatcherStopped once Run returns (see Reload), not the
	// status of before, as though it had been answered.
	if !w.rebuild(ctx, n) {
		r = nil
	}
	if r != nil {
		r.st = w.Status()
		close(r.done)
	}
	end := time.Now()
	return lastRebuild{end: end, took: end.Sub(start)}
}

// Run builds the first snapshot and then follows the repository until ctx is
// done. It returns nil on cancellation, and ErrWatcherRunning, at once,
// if it was called before. A rebuild running when ctx ends stops, as Load
// does, between two capabilities or two steps of the build, and is neither
// served nor reported: the last good snapshot stays. Run leaves no
// goroutine of its own behind; one of a dependency's may outlive it by
// a second or so: the timeout clock of regexp2 (runClock), which a
// validation checking the central config schema's dynamicKeyPatterns
// starts, and which ends on its own (a goleak check after Run ignores it
// or waits).
func (w *Watcher) Run(ctx context.Context) error {
	if w == nil || w.stopped == nil {
		panic(notMade)
	}
	if w.running.Swap(true) {
		return ErrWatcherRunning
	}
	defer close(w.stopped)
	n := w.newNotifier(w)
	defer n.close()
	last := w.timedRebuild(ctx, n)
	close(w.started)
	var (
		debounce, reloadTimer loopTimer
		pending               time.Time // first change of the current burst
	)
	defer debounce.stop()
	defer reloadTimer.stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-w.changes:
			if debounce.atOnce {
				// A settled change is rebuilt now; this one with it, not a
				// debounce later, whichever of the two Run reads first.
				continue
			}
			now := time.Now()
			if pending.IsZero() {
				pending = now
			}
			delay := w.opts.Debounce
			if limit := pending.Add(w.opts.MaxDelay).Sub(now); limit < delay {
				delay = max(limit, 0)
			}
			debounce.set(delay)
		case <-w.settled:
			// Its quiet period is over: a debounce more would only serve
			// the change later (one write seen by a poll: a debounce
			// twice; a stream: MaxDelay and a debounce).
			debounce.setAtOnce()
		case <-debounce.fire:
			debounce.fire, debounce.atOnce, pending = nil, false, time.Time{}
			last = w.timedRebuild(ctx, n)
			reloadTimer.stop() // the reload it waited for, if any, is served
		case <-w.reloads:
			if !w.reloadQueued() {
				continue // a debounced rebuild served it already
			}
			if wait := w.reloadWait(last); wait > 0 {
				reloadTimer.set(wait)
				continue
			}
			last = w.reloadNow(ctx, n, &debounce, &pending)
		case <-reloadTimer.fire:
			reloadTimer.fire = nil
			if w.reloadQueued() {
				last = w.reloadNow(ctx, n, &debounce, &pending)
			}
		}
	}
}

// reloadNow runs the rebuild a reload asked for, which covers the burst of
// changes the debounce was waiting out.
func (w *Watcher) reloadNow(ctx context.Context, n notifier, debounce *loopTimer, pending *time.Time) lastRebuild {
	debounce.stop()
	*pending = time.Time{}
	for _, signals := range []chan struct{}{w.changes, w.settled} {
		select {
		case <-signals: // signalled before this rebuild, which covers it
		default:
		}
	}
	return w.timedRebuild(ctx, n)
}

// loopTimer is a timer of the Run loop: fire is nil while it is not set,
// and atOnce says it was set to fire at once (setAtOnce).
type loopTimer struct {
	t      *time.Timer
	fire   <-chan time.Time
	atOnce bool
}

// set (re)starts the timer to fire after d.
func (l *loopTimer) set(d time.Duration) {
	if l.t == nil {
		l.t = time.NewTimer(d)
	} else {
		l.t.Reset(d)
	}
	l.fire, l.atOnce = l.t.C, false
}

// setAtOnce sets the timer to fire at once; until it fires or is stopped,
// atOnce is true.
func (l *loopTimer) setAtOnce() {
	l.set(0)
	l.atOnce = true
}

// stop stops the timer; it does not fire until set again.
func (l *loopTimer) stop() {
	if l.t != nil {
		l.t.Stop()
	}
	l.fire, l.atOnce = nil, false
}

// outcome is what a rebuild did.
type outcome uint8

const (
	served          outcome = iota // a new snapshot was swapped in
	failed                         // a new failure was recorded
	sameAsServed                   // valid, and identical to the served snapshot
	sameFailure                    // failed with the findings already reported
	waitingToAppear                // no repository yet, and nothing ever built
)

// built is the result of one scan-validate-build.
type built struct {
	snap *Snapshot // nil when the repository could not be read
	err  error
	took time.Duration
}

// rebuild runs one full scan-validate-build and records its outcome: a
// valid build is swapped in unless it is what is served already, a failed
// one is reported unless it is the failure already reported. It reports
// false only when ctx ended first (Run returning): a queued Reload is then
// not answered by this rebuild.
func (w *Watcher) rebuild(ctx context.Context, n notifier) (answered bool) {
	w.rebuildStart.Store(time.Now().UnixNano())
	defer w.rebuildStart.Store(0)
	b, ok := w.scanSettled(ctx, n)
	if !ok {
		return ctx.Err() == nil // a repository swapped at every scan is recorded as it was
	}
	prev := w.state.Load()
	// Follow new directories even when the build failed. A build that
	// gave no snapshot (it panicked, or the scan failed) walked nothing
	// to follow: the served snapshot's are kept, as synced to nothing the
	// watches were all dropped, and the fix of a panicking change was
	// never seen.
	watched := b.snap
	if watched == nil && !repoMissing(b.err) {
		watched = prev.snap
	}
	var root string
	var dirs, named, read []string
	if watched != nil {
		root, dirs, named, read = watched.Root, watched.Dirs, watched.Named, watched.Read
	}
	n.sync(root, dirs, named, read)
	if b.err == nil && b.snap.OK() {
		refuseEmptied(prev.snap, b.snap)
	}
	next := &watchState{snap: prev.snap, status: prev.status}
	st := &next.status
	st.LastAttempt = time.Now().UTC()
	var out outcome
	switch {
	case st.Generation == 0 && repoMissing(b.err):
		out = w.wait(st, b)
	case b.err == nil && b.snap.OK():
		out = w.serve(next, b)
	default:
		out = w.reject(st, b)
	}
	if out != waitingToAppear {
		st.Waiting = ""
	}
	w.state.Store(next)
	w.report(out, b)
	return true
}

// maxSwapRescans bounds the immediate rescans of a repository swapped while
// it was being scanned.
const maxSwapRescans = 5

// scanSettled builds the repository, again at once when it was swapped
// during the scan: git-sync points its link at a new worktree and deletes
// the old one right away (Kubernetes' atomic writer does the same with the
// ..data link), so a scan that began on the old tree may have read it half
// deleted or read both trees. Such a build says nothing about either commit:
// it is neither served nor counted as a failure. ok is false when nothing
// is to be recorded: shutting down, or the repository kept being swapped,
// in which case a debounced rebuild is scheduled.
//
// A build that found an input file or folder gone between listing and
// opening it, or a capability folder listed while its manifest was
// being rewritten (Sources.Vanished: an rm -rf or a checkout ran beside
// the scan) is scanned again at once too, up to maxSwapRescans times, and
// then stands: it failed only for reading half of a change, which the
// next scan reads whole (a long soak saw 5 to 8 such failed rebuilds an
// hour, each flipping the reload-success gauge and logging a warning for
// a moment). So is a build failing for a file that reads otherwise now
// than the scan read it (rewritten: saved in place, or checked out,
// while the scan read it; a soak of 3,000 capabilities saw 12 to 18 such
// failed rebuilds an hour), or for a file read empty that was modified
// lately and is written within a second (a save that truncates first).
func (w *Watcher) scanSettled(ctx context.Context, n notifier) (b built, ok bool) {
	for i := range maxSwapRescans + 1 {
		n.prepare()
		before := w.locate()
		start := time.Now()
		snap, err := w.buildSafely(ctx, n.entering)
		b = built{snap: snap, err: err, took: time.Since(start)}
		if ctx.Err() != nil {
			return built{}, false // shutting down: not a failed build
		}
		after := w.locate()
		if after == before {
			what, v := "an input vanished during the scan", vanished(b.snap)
			if len(v) == 0 && i < maxSwapRescans {
				what, v = "an input was written during the scan", rewritten(ctx, b.snap, start.Add(-emptyLately), emptyWait)
				if ctx.Err() != nil {
					return built{}, false // ended while waiting for an emptied file
				}
			}
			if len(v) == 0 || i == maxSwapRescans {
				return b, true
			}
			w.log.Info(what+"; discarding the build and rescanning", "paths", v)
			continue
		}
		w.log.Info("the repository was swapped during the scan; discarding the build and rescanning",
			"root", before.root, "now", after.root, "data", before.data, "dataNow", after.data)
	}
	w.log.Warn("the repository was swapped during every scan; keeping the current state until the next change settles",
		"scans", maxSwapRescans+1)
	w.Changed()
	return built{}, false
}

// vanished is the files and folders snap's scan found gone when it opened
// them, when that failed the build.
func vanished(snap *Snapshot) []string {
	if snap == nil || snap.OK() || snap.Sources == nil {
		return nil
	}
	return snap.Sources.Vanished
}

// ErrBuildPanicked is wrapped by the error of a Watcher's rebuild that
// panicked (a bug some repository's content trips, in the build or in the
// search index and command matcher made before serving): the panic is
// recovered, the rebuild is a failure (Status.Failure), and the last good
// snapshot stays served.
var ErrBuildPanicked = errors.New("the build panicked (a bug in capreg: please report it with the log)")

// buildSafely is w.build with the tool search index and the command
// matcher built too, and a panic in any turned into a failed build: a bug
// that some repository's content trips (a card's replaces pattern made
// the compilation of its patterns index out of range) must cost that
// build, not the daemon and the last good registry it serves to every
// replica's clients. Built here, neither is first built by a request
// handler, where a panic would be that request's 500 every time.
func (w *Watcher) buildSafely(ctx context.Context, entering enterFunc) (snap *Snapshot, err error) {
	defer func() {
		if v := recover(); v != nil {
			w.log.Error("the build panicked; the served registry stays", "panic", v, "stack", string(debug.Stack()))
			snap = nil
			if e, ok := v.(error); ok { // a runtime.Error: errors.As finds it
				err = fmt.Errorf("%w: %w", ErrBuildPanicked, e)
			} else {
				err = fmt.Errorf("%w: %v", ErrBuildPanicked, v)
			}
		}
	}()
	snap, err = w.build(ctx, entering)
	if err == nil && snap.OK() && ctx.Err() == nil { // not served once ctx ended (scanSettled)
		prev := w.state.Load().snap
		snap.shareSearch(prev)
		// Before it is served, and here, where a panic is caught.
		logVocabularyBound(w.log, prev, snap, snap.SearchIndex())
		snap.Commands()
	}
	return snap, err
}

// location is where the repository path leads: its real root and, when
// the root holds the ..data link of Kubernetes' atomic writer, that link's
// target. The scan resolves the root once (os.OpenRoot) and follows ..data
// at every read, so its result is consistent only if neither moved.
type location struct{ root, data string }

func (w *Watcher) locate() location {
	root, err := filepath.EvalSymlinks(w.opts.Repo)
	if err != nil {
		return location{} // not there: the scan fails the same way
	}
	data, _ := os.Readlink(filepath.Join(root, "..data"))
	return location{root: root, data: data}
}

// repoMissing reports a build that failed because the repository path does
// not exist (git-sync has not cloned yet, or its link is dangling).
func repoMissing(err error) bool {
	return errors.Is(err, ErrRepo) && errors.Is(err, fs.ErrNotExist)
}

// wait records that the repository has not appeared yet. Nothing was ever
// built, so there is nothing to fail against: the watcher is starting.
func (w *Watcher) wait(st *Status, b built) outcome {
	first := st.Waiting == ""
	st.Waiting = "the repository " + w.opts.Repo + " does not exist yet; waiting for it to appear"
	var hint didYouMean
	typo := errors.As(b.err, &hint)
	if typo {
		st.Waiting += " (" + hint.Error() + ")"
	}
	if first {
		// A folder beside it named almost so is more likely a --repo
		// mistyped than a clone to come (git-sync's first sync).
		level := slog.LevelInfo
		if typo {
			level = slog.LevelWarn
		}
		w.log.Log(context.Background(), level, "waiting for the repository to appear", "repo", w.opts.Repo, "error", b.err)
	}
	st.Failure = nil
	return waitingToAppear
}

// serve puts a valid build in next, unless it is identical to the served
// one: then the served snapshot stays, with its generation, and only a
// failure reported since (a broken change that was reverted) is cleared.
// A build identical but for the editors' copies of a declaration its
// tree keeps (Tree.leftovers) is served under the served generation, in
// its place: a served snapshot never changes.
func (w *Watcher) serve(next *watchState, b built) outcome {
	st := &next.status
	snap, cur := b.snap, next.snap
	if snap.sameAs(cur) {
		if !snap.Tree.sameLeftovers(cur.Tree) {
			// Only the editors' copies of a declaration differ, which
			// sameAs leaves out (they are no new generation) and POST
			// /validate judges a change by (Tree.leftovers): the new
			// snapshot is served as the served one, which never changes
			// once served. Readers derive again what they attached to it.
			snap.Generation, snap.BuiltAt = cur.Generation, cur.BuiltAt
			next.snap = snap
		}
		st.Unchanged++
		if st.Failure != nil {
			w.log.Info("the failure is resolved: the repository is back to the served registry",
				"generation", st.Generation, "revision", st.Revision, "took", b.took)
		} else {
			w.log.Debug("registry unchanged", "generation", st.Generation, "took", b.took)
		}
		st.Failure = nil
		return sameAsServed
	}
	st.Generation++
	snap.Generation = st.Generation
	next.snap = snap
	st.Revision, st.Digest, st.BuiltAt = snap.Revision, snap.Digest, snap.BuiltAt
	st.Rebuilds++
	// The digest says whether the registry changed (a file capreg does
	// not read, created where the walk goes, is a new generation with the
	// same digest); resolved, that this build ends a failure logged
	// before, which "registry rebuilt" alone did not say.
	rebuilt := []any{"generation", st.Generation, "revision", snap.Revision, "digest", snap.Digest,
		"capabilities", len(snap.Registry.Capabilities), "tools", len(snap.Result.Cards), "took", b.took}
	if _, warns := snap.Diagnostics.Count(); warns > 0 {
		rebuilt = append(rebuilt, "warnings", warns) // listed by /status
	}
	if st.Failure != nil {
		rebuilt = append(rebuilt, "resolved", true)
	}
	st.Failure = nil
	w.log.Info("registry rebuilt", rebuilt...)
	w.warnCapabilitiesGone(cur, snap)
	if snap.HoldsNothing() {
		// Valid, and seldom meant: serve --repo testdata, or a checkout's
		// capabilities/ folder, serves an empty registry, ready.
		attrs := []any{"repo", w.opts.Repo}
		if root := RootAbove(w.opts.Repo); root != "" {
			attrs = append(attrs, "looksLikeTheRepository", root)
		}
		// Declarations it holds where it does not read them (a monorepo
		// served from its root): /status lists the warnings.
		if m := snap.Misplaced(); m.Any() {
			attrs = append(attrs, "capabilityMisplacedWarnings", m.Total())
		}
		w.log.Warn("the repository holds nothing capreg reads (no "+snap.DeclarationPath()+", host workflow marker or tool card); serving an empty registry", attrs...)
	}
	return served
}

// warnCapabilitiesGone logs at WARN that snap, about to be served in
// place of served, holds no capability where served held some. Valid, and
// served as every valid tree is, but seldom meant: a git-sync to a commit
// without the capabilities folder, the folder moved away, or a checkout
// swapped for one laid out otherwise served a registry of host steps and
// tool cards alone, ready, and said only "capabilities=0". The line names
// how many capabilities the registry replaced held, and whether the
// folder is gone or is there holding none. Said once, at the change: the
// next rebuild replaces a registry holding none.
func (w *Watcher) warnCapabilitiesGone(served, snap *Snapshot) {
	if served == nil || len(served.Registry.Capabilities) == 0 || len(snap.Registry.Capabilities) > 0 {
		return
	}
	capDir := snap.capabilitiesDir()
	state := "holds no capability any more"
	if snap.capabilitiesFolderGone() {
		state = "is gone"
	}
	w.log.Warn(fmt.Sprintf("the capabilities folder %q %s: the registry holds no capability, where generation %d served %s; "+
		"serving it, as every valid repository is served (a git-sync to a commit without it, or the folder moved away? restore it, or give --repo the checkout that holds it)",
		capDir, state, served.Generation, validate.Plural(len(served.Registry.Capabilities), "capability")),
		"generation", snap.Generation, "servedGeneration", served.Generation, "servedCapabilities", len(served.Registry.Capabilities),
		"capabilitiesFolder", capDir, "repo", w.opts.Repo)
}

// refuseEmptied fails snap, a valid build of a repository that holds
// nothing capreg reads at all, when the served registry holds something:
// a re-clone still fetching (only .git) or a folder emptied by mistake
// (rm -rf repo && mkdir repo) is valid to capreg check, and was served as
// an empty registry, ready. The error tells the operator to restart
// capreg serve when it was emptied on purpose: the first build of an
// empty repository is served. snap is not served, so it is changed in
// place: the error also reaches the metrics.
func refuseEmptied(served, snap *Snapshot) {
	if served == nil || served.HoldsNothing() || !snap.empty() {
		return
	}
	snap.Registry = nil // not OK, as a build with errors
	snap.Diagnostics = slices.Concat(snap.Diagnostics, validate.Diagnostics{{
		Rule: "file-unreadable", Severity: validate.Error, Message: fmt.Sprintf(
			"the repository holds nothing capreg reads (no capreg.json, capability declaration, host workflow marker or tool card), "+
				"where generation %d served %s: not served. A re-clone in progress fills it, and the rebuild that follows serves it; "+
				"if it was emptied on purpose, restarting capreg serve accepts it",
			served.Generation, heldBy(served.Result)),
	}})
}

// heldBy says what a validation result holds, by the kinds it holds any of: "12
// capabilities, 5 host steps and 5 tool cards", "5 host steps".
func heldBy(r *validate.Result) string {
	steps := 0
	if r.Contract != nil {
		steps = len(r.Contract.Entries)
	}
	var parts []string
	for _, p := range []struct {
		n    int
		noun string
	}{{len(r.Capabilities), "capability"}, {steps, "host step"}, {len(r.Cards), "tool card"}} {
		if p.n > 0 {
			parts = append(parts, validate.Plural(p.n, p.noun))
		}
	}
	return validate.AndList(parts)
}

// reject records a failed build, unless it failed with the findings already
// reported: the same broken commit seen twice is one failure, while another
// commit with the same findings is another failure, reported as such.
func (w *Watcher) reject(st *Status, b built) outcome {
	f := &Failure{At: st.LastAttempt}
	if b.err != nil {
		f.Error = b.err.Error()
		if hint := didYouMean(""); st.Generation > 0 && errors.As(b.err, &hint) {
			// The repository was there and served: a sibling spelled
			// nearly the same is no repository meant instead (the hint is
			// for a mistyped --repo, before any build).
			f.Error = strings.Replace(f.Error, " ("+hint.Error()+")", "", 1)
		}
		if errors.Is(b.err, ErrRepo) {
			// The metrics count it as an error; the log line and
			// /status must say which, where they said 0 and null.
			f.Diagnostics, f.unread = validate.Diagnostics{unreadRepo(errors.New(f.Error))}, true
		}
	} else {
		f.Diagnostics = b.snap.Diagnostics.Errors()
		f.Error = rejectedWording(f.Errors(), st.Generation)
		f.Revision = b.snap.Revision
	}
	if f.same(st.Failure) {
		st.Unchanged++
		w.log.Debug("rebuild failed as before", "generation", st.Generation, "took", b.took)
		return sameFailure
	}
	st.Failures++
	st.Failure = f
	msg := "rebuild failed; keeping the last good registry"
	if st.Generation == 0 {
		msg = "build failed; nothing is served until a build succeeds"
	}
	w.log.Warn(msg, f.logAttrs(st, b.took)...)
	return failed
}

// unreadRepo is the diagnostic of a repository that could not be read at
// all: the rule of an input directory that could not be read, about the
// repository as a whole (no file).
func unreadRepo(err error) validate.Diagnostic {
	return validate.Diagnostic{Rule: "file-unreadable", Severity: validate.Error, Message: err.Error()}
}

// logAttrs are the attributes of a failure's log line: with the commit and
// the first finding, so that a log pipeline alone says what broke and
// where, without a GET /status from inside the cluster. As in /status,
// generation and revision are what is served (revision left out before
// the first build, or where the tree is no checkout), and failedRevision
// the commit the failed build read: "revision" named the broken commit
// here and the served one on "registry rebuilt", so a query for the
// commit a replica serves found the broken one, and the line did not say
// which commit was still served.
func (f *Failure) logAttrs(st *Status, took time.Duration) []any {
	attrs := []any{"generation", st.Generation}
	if st.Generation > 0 && st.Revision != "" {
		attrs = append(attrs, "revision", st.Revision)
	}
	attrs = append(attrs, "error", f.Error, "errors", f.Errors())
	if f.Revision != "" {
		attrs = append(attrs, "failedRevision", f.Revision)
	}
	if len(f.Diagnostics) > 0 {
		attrs = append(attrs, "first", f.Diagnostics[0].String())
	}
	return append(attrs, "took", took)
}

// same reports whether f has the findings of g, read from the same commit
// (not counting when).
func (f *Failure) same(g *Failure) bool {
	return g != nil && f.Error == g.Error && f.Revision == g.Revision && slices.Equal(f.Diagnostics, g.Diagnostics)
}

// report tells the observer what the rebuild did.
func (w *Watcher) report(out outcome, b built) {
	obs := w.opts.Observer
	if obs == nil {
		return
	}
	switch out {
	case served, failed:
		obs.Rebuilt(out == served, b.took, b.snap)
	case sameAsServed, sameFailure:
		if u, ok := obs.(UnchangedObserver); ok {
			u.Unchanged(out == sameAsServed, b.took, b.snap)
		}
	case waitingToAppear:
		if wo, ok := obs.(WaitingObserver); ok {
			wo.Waiting(b.took)
		}
	}
}

// fallBack reports to the observer that the watcher polls because inotify
// cannot follow the repository (see FallbackObserver).
func (w *Watcher) fallBack() {
	if fo, ok := w.opts.Observer.(FallbackObserver); ok {
		fo.WatchFallback()
	}
}

// rejectedWording is the error of a build rejected for its findings: what
// is served instead, which before the first good build is nothing (there is
// no generation 0 to fall back on).
func rejectedWording(errors int, generation uint64) string {
	what := validate.Plural(errors, "error")
	if generation == 0 {
		return "the repository has " + what + "; no registry has been built successfully yet"
	}
	return "the repository has " + what + "; still serving generation " + strconv.FormatUint(generation, 10)
}

// repoLink returns the repository path as given (made absolute, links not
// resolved): when it is a symlink that git-sync swaps, the change shows up as
// an event on this name in its parent directory.
func (w *Watcher) repoLink() string { return absRepo(w.opts.Repo) }

// absRepo makes a repository path absolute without resolving links; "" is
// the working directory. When the working directory cannot be found the path
// is kept as given, and the scan reports why it cannot be read.
func absRepo(repo string) string {
	if repo == "" {
		repo = "."
	}
	abs, err := filepath.Abs(repo)
	if err != nil {
		return repo
	}
	return abs
}
