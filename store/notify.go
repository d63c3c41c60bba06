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
	watched map[string]bool
	link    string // the repository path as configured
	// parentWalked says the link's parent directory is itself part of the
	// repository; otherwise only events on the link matter there.
	parentWalked bool
	fallbk       *poller
	done         chan struct{}
}

// fallbackPoll is the polling interval used when inotify cannot cover the
// repository.
const fallbackPoll = 5 * time.Second

func newFSNotifier(w *Watcher) notifier {
	fw, err := fsnotify.NewBufferedWatcher(4096)
	if err != nil {
		w.log.Warn("inotify unavailable; polling instead", "interval", fallbackPoll, "error", err)
		return newPoller(w, fallbackPoll)
	}
	n := &fsNotifier{w: w, fw: fw, watched: map[string]bool{}, link: w.repoLink(), done: make(chan struct{})}
	go n.loop()
	return n
}

func (n *fsNotifier) loop() {
	for {
		select {
		case ev, ok := <-n.fw.Events:
			if !ok {
				return
			}
			if ev.Op == fsnotify.Chmod {
				continue // permission changes do not change content
			}
			if filepath.Dir(ev.Name) == filepath.Dir(n.link) && ev.Name != n.link && !n.parentIsRepo() {
				continue // a sibling of the repository in its parent directory
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

func (n *fsNotifier) parentIsRepo() bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.parentWalked
}

// sync adds watches for new directories and drops those no longer walked.
func (n *fsNotifier) sync(snap *Snapshot) {
	want := map[string]bool{}
	for _, d := range snap.Dirs {
		want[d] = true
	}
	parent := filepath.Dir(n.link)
	n.mu.Lock()
	defer n.mu.Unlock()
	n.parentWalked = want[parent]
	want[parent] = true
	for d := range n.watched {
		if !want[d] {
			_ = n.fw.Remove(d) // the directory may already be gone
			delete(n.watched, d)
		}
	}
	dirs := make([]string, 0, len(want))
	for d := range want {
		if !n.watched[d] {
			dirs = append(dirs, d)
		}
	}
	slices.Sort(dirs)
	for _, d := range dirs {
		err := n.fw.Add(d)
		switch {
		case err == nil:
			n.watched[d] = true
		case errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EMFILE):
			if n.fallbk == nil {
				n.w.log.Warn("inotify watch limit reached; polling as well", "interval", fallbackPoll, "watched", len(n.watched))
				n.fallbk = newPoller(n.w, fallbackPoll).(*poller)
			}
			n.fallbk.sync(snap)
			return
		default:
			// Removed between the walk and now; the next event rescans.
			n.w.log.Debug("cannot watch directory", "dir", d, "error", err)
		}
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
	last     [32]byte
	done     chan struct{}
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
			fp := fingerprint(p.w.repoLink())
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

// sync records the state the last build saw.
func (p *poller) sync(*Snapshot) {
	fp := fingerprint(p.w.repoLink())
	p.mu.Lock()
	p.last = fp
	p.mu.Unlock()
}

func (p *poller) close() { close(p.done) }

// fingerprint hashes the path, size, mode and modification time of every
// entry the scanner would walk, following symlinks (each real directory once)
// so a swapped link target changes the result.
func fingerprint(repo string) [32]byte {
	h := sha256.New()
	root, err := filepath.EvalSymlinks(repo)
	if err != nil {
		return [32]byte{}
	}
	h.Write([]byte(root))
	fingerprintDir(h, root, map[string]bool{})
	var out [32]byte
	copy(out[:], h.Sum(nil))
	return out
}

func fingerprintDir(h hash.Hash, dir string, seen map[string]bool) {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil || seen[real] {
		return
	}
	seen[real] = true
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	var buf [8]byte
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		info, err := os.Stat(p) // follow links
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
		if info.IsDir() && !SkipDir(e.Name()) {
			fingerprintDir(h, p, seen)
		}
	}
}
