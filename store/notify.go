package store

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"hash"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"
)

// fsNotifier follows every walked directory with inotify (via fsnotify), plus
// the parent of the repository path, so that swapping a symlinked repository
// (git-sync) is seen too. When inotify is unavailable or its watch limit is
// hit, it falls back to polling.
type fsNotifier struct {
	w       *Watcher
	fw      *fsnotify.Watcher
	mu      sync.Mutex
	watched map[string]bool // directories holding a watch, by path
	link    string          // the repository path as configured, absolute
	// anchor is the directory watched to see the repository path itself
	// change: its parent, or while the parent is missing the nearest
	// existing ancestor, so that a repository that (re)appears is noticed.
	anchor string
	// anchorWalked says the anchor is itself part of the repository, so
	// every event in it matters.
	anchorWalked bool
	// synced says a scan has reported its directories at least once.
	synced bool
	// rewatch says events were lost (a queue overflow), the removals among
	// them, so the next sync adds every watch again: the kernel may have
	// dropped watches that n.watched still counts.
	rewatch bool
	fallbk  *poller
	done    chan struct{}
}

// fallbackPoll is the polling interval used when inotify cannot cover the
// repository.
const fallbackPoll = 5 * time.Second

func newFSNotifier(w *Watcher) notifier {
	n, err := openFSNotifier(w)
	if err != nil {
		w.log.Warn("inotify unavailable; polling instead", "interval", fallbackPoll, "error", err)
		return newPoller(w, fallbackPoll)
	}
	go n.loop()
	return n
}

// openFSNotifier sets up the watches; events flow once loop runs.
func openFSNotifier(w *Watcher) (*fsNotifier, error) {
	fw, err := fsnotify.NewBufferedWatcher(4096)
	if err != nil {
		return nil, err
	}
	n := &fsNotifier{w: w, fw: fw, watched: map[string]bool{}, link: w.repoLink(), done: make(chan struct{})}
	// Follow the repository's parent from the start, so a repository that
	// appears later (git-sync's first clone, a link swapped in) is noticed
	// even when the first scan found nothing.
	n.sync(nil)
	return n, nil
}

func (n *fsNotifier) loop() {
	for {
		select {
		case ev, ok := <-n.fw.Events:
			if !ok {
				return
			}
			if ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename) {
				n.forget(ev.Name, ev.Has(fsnotify.Rename))
			}
			// Chmod (IN_ATTRIB, also what touch produces) counts: the
			// permissions decide what capreg can read, and the poller
			// sees mode changes too.
			if !n.relevant(ev.Name) {
				continue
			}
			n.event()
		case err, ok := <-n.fw.Errors:
			if !ok {
				return
			}
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				if n.w.opts.Observer != nil {
					n.w.opts.Observer.WatchOverflow()
				}
				n.w.log.Warn("watch event queue overflowed; rescanning the whole repository")
				n.mu.Lock()
				n.rewatch = true
				n.mu.Unlock()
				n.w.Changed()
				continue
			}
			n.w.log.Warn("watch error", "error", err)
		case <-n.done:
			return
		}
	}
}

func (n *fsNotifier) event() {
	if n.w.opts.Observer != nil {
		n.w.opts.Observer.WatchEvent()
	}
	n.w.Changed()
}

// relevant drops events about the siblings of the repository path in the
// anchor directory, which is watched only to see the repository (re)appear:
// a busy parent such as /tmp must not cause rebuilds. Everything else is
// relevant, including the anchor itself going away.
func (n *fsNotifier) relevant(name string) bool {
	dir := filepath.Dir(name)
	n.mu.Lock()
	defer n.mu.Unlock()
	if dir != n.anchor || n.anchorWalked {
		return true
	}
	return within(name, n.link) // the repository path, or a directory on the way to it
}

// forget drops the watch of a directory that was removed or renamed away, so
// that a directory re-created under the same path (rm -rf d && cp -r x d
// within one debounce) is watched again by the next sync: the kernel drops
// the watch of a deleted directory, while n.watched, keyed by path, would
// still count it. A renamed directory takes its subdirectories along, and
// their watches follow the moved inodes, so with subtree they are released
// too. The event that calls this also schedules the rebuild whose sync
// re-adds what is still walked.
func (n *fsNotifier) forget(name string, subtree bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if !n.watched[name] {
		return // a file, or a directory not watched
	}
	_ = n.fw.Remove(name) // usually gone already
	delete(n.watched, name)
	if !subtree {
		return // a deleted directory was emptied first, event by event
	}
	for d := range n.watched {
		if within(name, d) {
			_ = n.fw.Remove(d)
			delete(n.watched, d)
		}
	}
}

func (n *fsNotifier) prepare() {
	n.mu.Lock()
	fb := n.fallbk
	n.mu.Unlock()
	if fb != nil {
		fb.prepare()
	}
}

// entering watches a directory before the scan reads it: a change made
// after the watch exists raises an event, and one made before the read is
// read, so no change can fall between the two. A swapped-in tree (a new
// git-sync worktree) is then complete as soon as its scan ends, with no
// rescan to catch up. A directory it cannot watch is left to sync.
func (n *fsNotifier) entering(dir string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.watched[dir] || n.fallbk != nil {
		return
	}
	if n.fw.Add(dir) == nil {
		n.watched[dir] = true
	}
}

// sync adds watches for new directories and drops those no longer walked.
// A directory first watched here, after the scan read it (entering could
// not watch it), may have changed in between unseen; those changes are
// caught by one more rescan.
func (n *fsNotifier) sync(dirs []string) {
	want := make(map[string]bool, len(dirs)+1)
	for _, d := range dirs {
		want[d] = true
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	anchor := nearestDir(filepath.Dir(n.link))
	moved := n.anchor != "" && anchor != n.anchor
	n.anchor, n.anchorWalked = anchor, want[anchor]
	want[anchor] = true
	for d := range n.watched {
		if !want[d] {
			_ = n.fw.Remove(d) // the directory may already be gone
			delete(n.watched, d)
		}
	}
	added := make([]string, 0, len(want))
	for d := range want {
		if !n.watched[d] || n.rewatch {
			added = append(added, d)
		}
	}
	n.rewatch = false
	slices.Sort(added)
	fresh := false
	for _, d := range added {
		err := n.fw.Add(d)
		switch {
		case err == nil:
			fresh = fresh || d != anchor && !n.watched[d]
			n.watched[d] = true
		case errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EMFILE):
			if n.fallbk == nil {
				n.w.log.Warn("inotify watch limit reached; polling as well", "interval", fallbackPoll, "watched", len(n.watched))
				n.fallbk = newPoller(n.w, fallbackPoll).(*poller)
			}
			n.fallbk.sync(dirs)
			return
		default:
			// Gone between the walk and now; the next event or rescan
			// brings it back.
			n.w.log.Debug("cannot watch directory", "dir", d, "error", err)
		}
	}
	if fresh && n.synced && dirs != nil {
		n.w.Changed()
	}
	if dirs != nil {
		n.synced = true
	}
	n.settleAnchor(anchor, moved)
}

// settleAnchor asks for one more rescan when the directories leading to the
// repository may have changed unseen: the anchor moved (a missing parent
// appeared, or the parent was deleted), so whatever was created in the new
// anchor before its watch existed raised no event; or a directory on the way
// appeared between choosing the anchor and watching it. Each rescan moves
// the anchor closer, until the repository itself is read.
func (n *fsNotifier) settleAnchor(anchor string, moved bool) {
	if moved || nearestDir(filepath.Dir(n.link)) != anchor {
		n.w.Changed()
	}
}

// nearestDir returns dir if it is an existing directory, else its nearest
// ancestor that is one.
func nearestDir(dir string) string {
	for {
		if st, err := os.Stat(dir); err == nil && st.IsDir() {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			return dir
		}
		dir = up
	}
}

func (n *fsNotifier) close() {
	close(n.done)
	n.fw.Close()
	if n.fallbk != nil {
		n.fallbk.close()
	}
}

// poller detects changes by fingerprinting the repository tree (names, sizes,
// modification times) at an interval.
type poller struct {
	w        *Watcher
	interval time.Duration
	mu       sync.Mutex
	last     [32]byte // the state the served scan started from
	pending  [32]byte // taken before the running scan
	// dirs are the directories the last scan read, sorted: the fingerprint
	// covers those the walk of the tree does not reach (a configured root
	// or a linked input inside a skipped folder).
	dirs []string
	done chan struct{}
}

func newPoller(w *Watcher, interval time.Duration) notifier {
	p := &poller{w: w, interval: interval, done: make(chan struct{})}
	go p.loop()
	return p
}

func (p *poller) loop() {
	t := time.NewTicker(p.interval)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			fp := p.fingerprint()
			p.mu.Lock()
			changed := fp != p.last
			p.last = fp
			p.mu.Unlock()
			if changed {
				if p.w.opts.Observer != nil {
					p.w.opts.Observer.WatchEvent()
				}
				p.w.Changed()
			}
		case <-p.done:
			return
		}
	}
}

// prepare fingerprints the tree before a scan: a change during the scan then
// differs from it and is seen on the next tick.
func (p *poller) prepare() {
	fp := p.fingerprint()
	p.mu.Lock()
	p.pending = fp
	p.mu.Unlock()
}

// fingerprint fingerprints the repository and the directories the last scan
// read. When a scan reads new ones, the next tick differs from the baseline
// and rescans once, as a new inotify watch does: whatever changed there
// before the fingerprint covered it is read then.
func (p *poller) fingerprint() [32]byte {
	p.mu.Lock()
	dirs := p.dirs
	p.mu.Unlock()
	return fingerprint(p.w.repoLink(), dirs)
}

// entering has nothing to do: the fingerprint taken by prepare covers
// every directory.
func (p *poller) entering(string) {}

// sync makes the state before the scan the baseline, and follows the
// directories the scan read.
func (p *poller) sync(dirs []string) {
	dirs = slices.Sorted(slices.Values(dirs))
	p.mu.Lock()
	p.last = p.pending
	p.dirs = dirs
	p.mu.Unlock()
}

func (p *poller) close() { close(p.done) }

// fingerprint hashes the path, size, mode and modification time of every
// entry the scanner would walk: symlinks are followed (each real directory
// once) so a swapped link target changes the result, but never out of the
// repository root. The entries of dirs, the directories a scan read, are
// hashed too where the walk does not reach them: a root capreg.json names
// inside a skipped folder (vendor/caps), the folder of an input reached
// through a link or of a config schema under node_modules/.
func fingerprint(repo string, dirs []string) [32]byte {
	h := sha256.New()
	root, err := filepath.EvalSymlinks(repo)
	if err != nil {
		return [32]byte{}
	}
	h.Write([]byte(root))
	seen := map[string]bool{}
	fingerprintDir(h, root, root, seen, true)
	for _, d := range dirs {
		fingerprintDir(h, root, d, seen, false) // its subdirectories read are in dirs too
	}
	var out [32]byte
	copy(out[:], h.Sum(nil))
	return out
}

// fingerprintDir hashes the entries of one directory and, with walk, of the
// directories below it that the scanner walks.
func fingerprintDir(h hash.Hash, root, dir string, seen map[string]bool, walk bool) {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil || seen[real] || !within(root, real) {
		return
	}
	seen[real] = true
	h.Write([]byte(real)) // an empty directory read that goes away is a change
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	var buf [8]byte
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if e.Type()&os.ModeSymlink != 0 {
			if target, err := filepath.EvalSymlinks(p); err != nil || !within(root, target) {
				h.Write([]byte(p)) // the link itself, not what it points out to
				continue
			}
		}
		info, err := os.Stat(p) // follow links inside the root
		if err != nil {
			continue
		}
		h.Write([]byte(p))
		binary.LittleEndian.PutUint64(buf[:], uint64(info.Size()))
		h.Write(buf[:])
		binary.LittleEndian.PutUint64(buf[:], uint64(info.ModTime().UnixNano()))
		h.Write(buf[:])
		binary.LittleEndian.PutUint64(buf[:], uint64(info.Mode()))
		h.Write(buf[:])
		if walk && info.IsDir() && !SkipDir(e.Name()) {
			fingerprintDir(h, root, p, seen, true)
		}
	}
}
