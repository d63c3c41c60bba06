package store

import (
	"context"
	"log/slog"
	"path/filepath"
	"strconv"
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
	// Poll, when set, polls the repository at this interval instead of
	// using inotify (for file systems without change notification).
	Poll     time.Duration
	Logger   *slog.Logger
	Observer Observer
}

// Observer is told what the watcher does; the API's metrics implement it.
type Observer interface {
	// Rebuilt reports one rebuild: whether it was served, how long it took,
	// and the snapshot it produced (which carries the diagnostics), or nil
	// when the repository could not be read at all.
	Rebuilt(ok bool, took time.Duration, snap *Snapshot)
	WatchEvent()
	WatchOverflow()
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
	// Failure describes the last failed rebuild while no later rebuild has
	// succeeded; nil otherwise.
	Failure *Failure `json:"failure,omitempty"`
}

// Failure is a rebuild that was not served.
type Failure struct {
	At          time.Time            `json:"at"`
	Error       string               `json:"error"`
	Diagnostics validate.Diagnostics `json:"diagnostics"`
}

// Watcher keeps the newest valid Snapshot of a repository. It rebuilds from
// scratch (scan, validate, build) after every burst of changes and swaps the
// result in atomically; readers call Current and never wait for a rebuild or
// see a half-built snapshot. A rebuild that fails leaves the last good
// snapshot in place and is reported through Status.
type Watcher struct {
	opts    WatchOptions
	log     *slog.Logger
	build   func(ctx context.Context) (*Snapshot, error)
	notify  func(w *Watcher) notifier // how changes are detected
	current atomic.Pointer[Snapshot]
	status  atomic.Pointer[Status]
	changes chan struct{} // coalesced change signals
	reloads chan chan Status
	started chan struct{}
	once    sync.Once
}

// notifier turns file-system changes into signals on Watcher.changes.
type notifier interface {
	// prepare is called just before a scan starts: a change after it must
	// be noticed, whether or not the scan saw it.
	prepare()
	// sync makes the notifier follow the directories the scan walked (nil
	// when the repository could not be read at all).
	sync(dirs []string)
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
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	// Resolved once: a relative path (the default, the working directory)
	// resolved at every rebuild fails for good ("getwd: no such file or
	// directory") once that directory is deleted and re-created, and the
	// re-created one is the repository to serve.
	opts.Repo = absRepo(opts.Repo)
	w := &Watcher{
		opts:    opts,
		log:     opts.Logger,
		changes: make(chan struct{}, 1),
		reloads: make(chan chan Status),
		started: make(chan struct{}),
	}
	if opts.Cache == nil {
		opts.Cache = validate.NewCache()
	}
	opts.Tree = true // a served snapshot answers POST /validate
	w.build = func(ctx context.Context) (*Snapshot, error) { return Load(ctx, opts.Options) }
	w.notify = func(w *Watcher) notifier {
		if opts.Poll > 0 {
			return newPoller(w, opts.Poll)
		}
		return newFSNotifier(w)
	}
	w.status.Store(&Status{})
	return w
}

// Current returns the snapshot being served, or nil before the first valid
// build.
func (w *Watcher) Current() *Snapshot { return w.current.Load() }

// Status returns the watcher's state.
func (w *Watcher) Status() Status { return *w.status.Load() }

// Changed signals that the repository may have changed. Signals coalesce:
// any number of them before the debounce fires cause one rebuild.
func (w *Watcher) Changed() {
	select {
	case w.changes <- struct{}{}:
	default:
	}
}

// Reload rebuilds now, bypassing the debounce, and returns the status after
// the rebuild. It is what POST /-/reload and SIGHUP call.
func (w *Watcher) Reload(ctx context.Context) (Status, error) {
	select {
	case <-w.started:
	case <-ctx.Done():
		return Status{}, ctx.Err()
	}
	done := make(chan Status, 1)
	select {
	case w.reloads <- done:
	case <-ctx.Done():
		return Status{}, ctx.Err()
	}
	select {
	case st := <-done:
		return st, nil
	case <-ctx.Done():
		return Status{}, ctx.Err()
	}
}

// Run builds the first snapshot and then follows the repository until ctx is
// done. It returns nil on cancellation.
func (w *Watcher) Run(ctx context.Context) error {
	n := w.notify(w)
	defer n.close()
	w.rebuild(ctx, n)
	w.once.Do(func() { close(w.started) })
	var (
		timer   *time.Timer
		fire    <-chan time.Time
		pending time.Time // first change of the current burst
	)
	for {
		select {
		case <-ctx.Done():
			if timer != nil {
				timer.Stop()
			}
			return nil
		case <-w.changes:
			now := time.Now()
			if pending.IsZero() {
				pending = now
			}
			delay := w.opts.Debounce
			if limit := pending.Add(w.opts.MaxDelay).Sub(now); limit < delay {
				delay = max(limit, 0)
			}
			if timer == nil {
				timer = time.NewTimer(delay)
			} else {
				timer.Reset(delay)
			}
			fire = timer.C
		case <-fire:
			fire, pending = nil, time.Time{}
			w.rebuild(ctx, n)
		case done := <-w.reloads:
			if timer != nil {
				timer.Stop()
			}
			fire, pending = nil, time.Time{}
			w.rebuild(ctx, n)
			done <- w.Status()
		}
	}
}

// rebuild runs one full scan-validate-build and swaps the result in when it
// passes the gate.
func (w *Watcher) rebuild(ctx context.Context, n notifier) {
	n.prepare()
	start := time.Now()
	snap, err := w.build(ctx)
	took := time.Since(start)
	if ctx.Err() != nil {
		return // shutting down: not a failed build
	}
	var dirs []string
	if snap != nil {
		dirs = snap.Dirs
	}
	n.sync(dirs) // follow new directories even when the build failed
	st := w.Status()
	st.LastAttempt = time.Now().UTC()
	ok := err == nil && snap.OK()
	if ok {
		snap.shareSources(w.current.Load())
		snap.shareSearch(w.current.Load())
		snap.Search() // build the search index before anyone can ask
		st.Generation++
		snap.Generation = st.Generation
		w.current.Store(snap)
		st.Revision, st.Digest, st.BuiltAt = snap.Revision, snap.Digest, snap.BuiltAt
		st.Rebuilds++
		st.Failure = nil
		w.log.Info("registry rebuilt", "generation", st.Generation, "revision", snap.Revision,
			"capabilities", len(snap.Registry.Capabilities), "tools", len(snap.Result.Cards), "took", took)
	} else {
		st.Failures++
		f := &Failure{At: st.LastAttempt}
		if err != nil {
			f.Error = err.Error()
		} else {
			f.Diagnostics = errorsOnly(snap.Diagnostics)
			f.Error = rejectedWording(len(f.Diagnostics), st.Generation)
		}
		st.Failure = f
		msg := "rebuild failed; keeping the last good registry"
		if st.Generation == 0 {
			msg = "build failed; nothing is served until a build succeeds"
		}
		w.log.Warn(msg, "generation", st.Generation, "error", f.Error, "errors", len(f.Diagnostics), "took", took)
	}
	w.status.Store(&st)
	if w.opts.Observer != nil {
		w.opts.Observer.Rebuilt(ok, took, snap)
	}
}

// rejectedWording is the error of a build rejected for its findings: what
// is served instead, which before the first good build is nothing (there is
// no generation 0 to fall back on).
func rejectedWording(errors int, generation uint64) string {
	what := "1 error"
	if errors != 1 {
		what = strconv.Itoa(errors) + " errors"
	}
	if generation == 0 {
		return "the repository has " + what + "; no registry has been built successfully yet"
	}
	return "the repository has " + what + "; still serving generation " + strconv.FormatUint(generation, 10)
}

func errorsOnly(ds validate.Diagnostics) validate.Diagnostics {
	out := validate.Diagnostics{}
	for _, d := range ds {
		if d.Severity == validate.Error {
			out = append(out, d)
		}
	}
	return out
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
