package store

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"hash"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"
)

// fsNotifier follows every walked directory with inotify (via fsnotify), plus
// the directories on the way to the repository path, so that swapping a
// symlinked repository (git-sync) is seen too, and the few files of .git
// that say which commit is checked out (gitHeadFiles). When inotify is
// unavailable or its watch limit is hit, it falls back to polling.
type fsNotifier struct {
	w       *Watcher
	fw      *fsnotify.Watcher
	mu      sync.Mutex
	watched *watchSet // directories holding a watch
	link    string    // the repository path as configured, absolute
	// ways are the directories watched for a few of their entries only,
	// each with the names of those entries (see addWays): the way to the
	// repository path, so that a swapped link on it or a repository that
	// (re)appears is noticed, and to git's files that say which commit is
	// checked out (see gitHeadFiles).
	ways map[string][]string
	// wayOnly says a directory of ways is not read by the scan, so only
	// the events about those entries matter: a busy parent such as /tmp
	// must not cause rebuilds.
	wayOnly map[string]bool
	// root is the real path the repository path led to at the last sync,
	// and left says it leads elsewhere now, as seen at an event about one
	// of the ways (see relevant): git-sync swapped its link to a new
	// worktree, and deletes the old one right after. The rebuild the swap
	// asked for reads the new tree, so events under root are then no
	// change. Counted, each restarted the debounce: with 3,000
	// capabilities and a 250 ms debounce, a new commit was served 0.73 to
	// 0.85 s after the swap, and is 0.42 to 0.54 s after it now, the
	// deletion's own 0.25 to 0.46 s included.
	//
	// to is where it leads now, once left: an old tree may hold the new
	// one (a link repointed from a monorepo to its folder), or the new
	// the old, and events under to are never dropped.
	root, to string
	left     bool
	// dropped are the directories whose watches the last sync removed,
	// as the scan no longer reads them: the old worktree after a swap,
	// which git-sync deletes while the rebuild reads the new one. Their
	// events still queued when the sync ends (fsnotify buffers them) are
	// no change: the sync has also reset left, and each counted was one
	// more full rescan, per commit.
	dropped map[string]bool
	// named are the inputs the last scan named by path (Input.Named),
	// whose ways are followed as the repository's is.
	named []string
	// synced says a scan has reported its directories at least once.
	synced bool
	// read are the files the last scan that read the repository read
	// (Input.Read), once readKnown, and scanning says a scan is running,
	// which may read others: a write to a file is a change only while
	// scanning, or when the file may be read (mayBeRead).
	read                readSet
	readKnown, scanning bool
	// rewatch says events were lost (a queue overflow), the removals among
	// them, so the next sync adds every watch again: the kernel may have
	// dropped watches that n.watched still counts. Atomic, not under mu:
	// it is set by readErrors, which must never wait (see readErrors).
	rewatch atomic.Bool
	// mounts tells of the mounts and unmounts of this namespace, and
	// mountsAt are those at, above or below the repository as last read
	// (see followMounts, the one goroutine that writes it once the
	// notifier runs); nil where the mount table cannot be followed.
	mounts   *mountWatch
	mountsAt string
	fallbk   *poller
	done     chan struct{}
	// running counts loop, readErrors and followMounts, which close
	// waits for.
	running sync.WaitGroup
}

// fallbackPoll is the polling interval used when inotify cannot cover the
// repository.
const fallbackPoll = 5 * time.Second

func newFSNotifier(w *Watcher) notifier {
	n, err := openFSNotifier(w)
	if err != nil {
		msg := "inotify unavailable; polling instead"
		if errors.Is(err, syscall.EMFILE) {
			msg += ": raise the sysctl fs.inotify.max_user_instances (shared by every process of this user on the node), then restart capreg serve"
		}
		w.log.Warn(msg, "interval", fallbackPoll, "error", err)
		w.fallBack()
		return newPoller(w, fallbackPoll)
	}
	n.running.Add(2)
	go func() { defer n.running.Done(); n.loop() }()
	go func() { defer n.running.Done(); n.readErrors() }()
	if n.mounts != nil {
		n.running.Add(1)
		go func() { defer n.running.Done(); n.followMounts() }()
	}
	return n
}

// openFSNotifier sets up the watches; events flow once loop runs.
func openFSNotifier(w *Watcher) (*fsNotifier, error) {
	fw, err := fsnotify.NewBufferedWatcher(4096)
	if err != nil {
		return nil, err
	}
	n := &fsNotifier{w: w, fw: fw, watched: newWatchSet(), link: w.repoLink(), done: make(chan struct{})}
	// Follow the way to the repository from the start, so a repository
	// that appears later (git-sync's first clone, a link swapped in) is
	// noticed even when the first scan found nothing.
	n.sync("", nil, nil, nil)
	if m, err := openMountWatch(); err == nil {
		n.mounts, n.mountsAt = m, m.mountPoints(n.link, n.root)
	} else {
		w.log.Debug("mounts over the repository are not followed", "error", err)
	}
	return n, nil
}

// followMounts watches the repository anew, in a rebuild, each time the
// mounts at, above or below it change (mount --bind over it, a volume
// mounted again, an unmount): inotify tells of none, and the watches
// stay on the folders the mount hides, or are dropped by an unmount
// without an event, so that the registry stayed as it was, with every
// later change unseen, even after SIGHUP. A mount elsewhere is no
// change.
func (n *fsNotifier) followMounts() {
	for n.mounts.wait() {
		n.mu.Lock()
		link, root := n.link, n.root
		n.mu.Unlock()
		at := n.mounts.mountPoints(link, root)
		if at == n.mountsAt {
			continue
		}
		n.mountsAt = at
		n.w.log.Info("the mounts at the repository changed; watching it anew", "repo", link)
		n.rewatch.Store(true)
		n.w.Changed()
	}
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
			if !n.relevant(ev.Name) || ev.Op == fsnotify.Write && !n.writeMatters(ev.Name) {
				continue
			}
			n.event()
		case <-n.done:
			return
		}
	}
}

// readErrors reads fsnotify's errors, in a goroutine of its own that takes no
// lock and makes no call into fsnotify: fsnotify reports an error while
// holding its own lock (failing to drop the watch of a folder moved and
// then deleted: mv a a.old; rm -rf a.old), and until the error is read
// every Add and Remove waits for that lock. Read by loop, which removes
// watches, or by anything that waits for n.mu, which sync holds while
// adding watches, the error would never be read and the watcher would
// stop for good.
func (n *fsNotifier) readErrors() {
	for {
		select {
		case err, ok := <-n.fw.Errors:
			if !ok {
				return
			}
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				if n.w.opts.Observer != nil {
					n.w.opts.Observer.WatchOverflow()
				}
				n.w.log.Warn("watch event queue overflowed; rescanning the whole repository")
				n.rewatch.Store(true)
				n.w.Changed()
				continue
			}
			if errors.Is(err, syscall.EINVAL) {
				// fsnotify failed to drop the watch of a folder the kernel
				// had already dropped (moved, then deleted): expected, and
				// the rebuild that follows the deletion rewatches.
				n.w.log.Debug("watch error", "error", err)
				continue
			}
			n.w.log.Warn("watch error", "error", err)
		case <-n.done:
			return
		}
	}
}

// writeMatters reports whether a write to the file name can change what a
// scan reads. Until a scan has read the repository, and while one runs
// (it may read name for the first time, after this write or before it),
// every write does; otherwise only one to a file the last scan read, whose
// name is an input's, or that is an entry of the ways (git's HEAD and
// refs, which a script may write in place), or a file of more than one
// name: inotify reports a write under the name it was made through, and a
// hard link (ln config/schema.json config/schema.bak) may be another name
// of a file read. A log written in the repository (capreg's own, at debug
// level, logs every rebuild) or an editor's swap file must not rebuild it.
func (n *fsNotifier) writeMatters(name string) bool {
	n.mu.Lock()
	matters := !n.readKnown || n.scanning || mayBeRead(name, n.read) ||
		mayBeNamed(n.ways[filepath.Dir(name)], filepath.Base(name))
	n.mu.Unlock()
	if matters {
		return true
	}
	info, err := os.Lstat(name)
	return err != nil || fileLinks(info) > 1
}

func (n *fsNotifier) event() {
	if n.w.opts.Observer != nil {
		n.w.opts.Observer.WatchEvent()
	}
	n.w.Changed()
}

// relevant drops events about the other entries of a directory watched
// only for the way to the repository (the repository's siblings in its
// parent, say). Everything else is relevant, including such a directory
// itself going away. The entries followed are matched as mayBeRead
// matches files (mayBeNamed): --repo ~/Repo is ~/repo on APFS, whose
// events name it so.
//
// Once an event about a way shows the repository path leading away from
// the tree last synced (root), events under that tree are not relevant
// either, unless under the one it leads to now: the old worktree git-sync
// deletes after a swap.
func (n *fsNotifier) relevant(name string) bool {
	dir := filepath.Dir(name)
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.left && within(n.root, name) && !within(n.to, name) {
		return false
	}
	if n.fromDropped(dir, name) {
		return false
	}
	if !mayBeNamed(n.ways[dir], filepath.Base(name)) {
		return !n.wayOnly[dir]
	}
	if n.root != "" {
		now, err := filepath.EvalSymlinks(n.link)
		n.left, n.to = err == nil && now != n.root, now
	}
	return true
}

// fromDropped reports whether an event about name in dir came from a
// watch the last sync removed (see dropped): dir lost its watch then and
// has none again. An event that may come from a live watch counts: one
// about name itself (a directory still watched, deleted), or with dir
// watched again (a tree swapped back, whose scan watched it anew).
// Called with n.mu held.
func (n *fsNotifier) fromDropped(dir, name string) bool {
	return n.dropped[dir] && !n.watched.contains(dir) && !n.watched.contains(name)
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
	if n.watched.contains(name) {
		_ = n.fw.Remove(name) // usually gone already
		n.watched.remove(name)
	}
	if !subtree {
		return // a deleted directory was emptied first, event by event
	}
	// A folder renamed away need not hold a watch to take some along: a
	// skipped node_modules/ holds the watched folder of an input linked
	// to inside it. The index finds them without looking at other watches.
	for _, d := range n.watched.removeBelow(name) {
		_ = n.fw.Remove(d)
	}
}

// prepare watches the way to the repository and its git revision as they
// are before the scan resolves them: a link on it swapped (or a commit made)
// later raises an event, one swapped earlier is read.
func (n *fsNotifier) prepare() {
	n.mu.Lock()
	n.scanning = true
	n.follow()
	fb := n.fallbk
	n.mu.Unlock()
	if fb != nil {
		fb.prepare()
	}
}

// follow watches the ways (wayTo) as they are now, and reports whether
// they hold an entry not followed until now. A directory watched
// already (walked by the last scan) keeps whether the scan reads it.
// Called with n.mu held.
func (n *fsNotifier) follow() (moved bool) {
	ways := n.wayTo()
	moved = n.ways != nil && !waysWithin(ways, n.ways)
	wayOnly := make(map[string]bool, len(ways))
	for d := range ways {
		only, known := n.wayOnly[d]
		if !known {
			only = !n.watched.contains(d)
		}
		wayOnly[d] = only
		if !n.watched.contains(d) && n.fw.Add(d) == nil {
			n.watched.add(d)
		}
	}
	n.ways, n.wayOnly = ways, wayOnly
	return moved
}

// waysWithin reports whether every entry of the ways a is one of b: a way
// followed now that was not followed before (during the scan) may have
// changed unseen, while one no longer followed (an old tree's) cannot.
func waysWithin(a, b map[string][]string) bool {
	for d, names := range a {
		for _, name := range names {
			if !slices.Contains(b[d], name) {
				return false
			}
		}
	}
	return true
}

// entering watches a directory before the scan reads it: a change made
// after the watch exists raises an event, and one made before the read is
// read, so no change can fall between the two. A swapped-in tree (a new
// git-sync worktree) is then complete as soon as its scan ends, with no
// rescan to catch up. A directory it cannot watch is left to sync.
func (n *fsNotifier) entering(dir string, names ...string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if len(names) > 0 {
		n.enteringWay(dir, names)
		return
	}
	if n.wayOnly[dir] {
		n.wayOnly[dir] = false // every event there matters now
	}
	if n.watched.contains(dir) || n.fallbk != nil {
		return
	}
	if n.fw.Add(dir) == nil {
		n.watched.add(dir)
	}
}

// enteringWay watches names of dir, a directory on the way to an input
// named by path, before the scan resolves them. Unless the scan reads dir
// too, its other entries are no change. Called with n.mu held.
func (n *fsNotifier) enteringWay(dir string, names []string) {
	if n.ways == nil {
		n.ways, n.wayOnly = map[string][]string{}, map[string]bool{}
	}
	for _, name := range names {
		addWay(n.ways, dir, name)
	}
	if _, known := n.wayOnly[dir]; !known {
		n.wayOnly[dir] = !n.watched.contains(dir)
	}
	if !n.watched.contains(dir) && n.fallbk == nil && n.fw.Add(dir) == nil {
		n.watched.add(dir)
	}
}

// sync adds watches for new directories and drops those no longer walked.
// A directory first watched here, after the scan read it (entering could
// not watch it), may have changed in between unseen; those changes are
// caught by one more rescan.
func (n *fsNotifier) sync(root string, dirs, named, read []string) {
	want := make(map[string]bool, len(dirs)+1)
	for _, d := range dirs {
		want[d] = true
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	n.scanning = false
	if dirs != nil {
		// Set here, before watches are added: out of watches, the rest
		// is left to the fallback poller.
		n.named, n.read, n.readKnown = named, newReadSet(read), true
	}
	moved := n.follow()
	n.root, n.to, n.left = "", "", false
	if root, err := filepath.EvalSymlinks(n.link); err == nil {
		n.root = root
		if n.fallbk == nil { // polling already: no statfs at each rebuild
			if fs := n.w.fsType(root); fs != "" {
				n.pollUnnotified(root, fs)
			}
		}
	}
	for d := range n.ways {
		n.wayOnly[d] = !want[d]
		want[d] = true
	}
	n.dropUnwanted(want)
	fresh, ok := n.addWatches(want)
	if !ok {
		n.fallbk.sync(root, dirs, named, read)
		return
	}
	if n.fallbk != nil {
		// Polling as well since a watch failed: the poller's baseline is
		// the state this scan started from, also once every watch is
		// added, or its next tick rescans for a change this scan read.
		n.fallbk.sync(root, dirs, named, read)
	}
	if fresh && n.synced && dirs != nil {
		n.w.Changed()
	}
	if dirs != nil {
		n.synced = true
	}
	n.settle(moved)
}

// dropUnwanted removes the watches of the directories sync no longer
// wants, and keeps them as dropped (see dropped). n.mu is held.
func (n *fsNotifier) dropUnwanted(want map[string]bool) {
	n.dropped = map[string]bool{}
	for d := range n.watched.all() {
		if !want[d] {
			_ = n.fw.Remove(d) // the directory may already be gone
			n.watched.remove(d)
			n.dropped[d] = true
		}
	}
}

// addWatches watches the wanted directories not watched yet (all of them
// again after lost events, see rewatch), in path order. fresh says a
// directory the scan reads was first watched here; ok is false when one
// could not be watched for a reason no retry changes, and the fallback
// poller is started (pollAsWell). n.mu is held.
func (n *fsNotifier) addWatches(want map[string]bool) (fresh, ok bool) {
	rewatch := n.rewatch.Swap(false)
	added := make([]string, 0, len(want))
	for d := range want {
		if !n.watched.contains(d) || rewatch {
			added = append(added, d)
		}
	}
	slices.Sort(added)
	for _, d := range added {
		err := n.fw.Add(d)
		switch {
		case err == nil:
			fresh = fresh || !n.wayOnly[d] && !n.watched.contains(d)
			n.watched.add(d)
		case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) || errors.Is(err, syscall.ELOOP):
			// Gone between the walk and now, or replaced by a link
			// loop (rm -rf repo; ln -s repo repo), which is no folder
			// for now either; the next event or rescan brings it back.
			n.w.log.Debug("cannot watch directory", "dir", d, "error", err)
		default:
			// Out of watches (ENOSPC, EMFILE), or a directory inotify
			// cannot take at all, which no retry will change: one whose
			// path is over PATH_MAX (ENAMETOOLONG), as a deep tree the walk
			// reads folder by folder may be. The whole tree is polled.
			n.pollAsWell(d, err, len(want))
			return fresh, false
		}
	}
	return fresh, true
}

// pollAsWell starts the fallback poller, once, for the directory d that
// could not be watched (err) of the toWatch sync wanted watched. n.mu is
// held.
func (n *fsNotifier) pollAsWell(d string, err error, toWatch int) {
	if n.fallbk != nil {
		return
	}
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EMFILE) {
		// What to raise, by how much, and from which folder on changes
		// are polled for: the line said only that a limit was reached,
		// and how many folders were watched.
		n.w.log.Warn("inotify watch limit reached; polling as well: raise the sysctl fs.inotify.max_user_watches "+
			"(shared by every process of this user on the node) above the folders to watch, then restart capreg serve",
			"interval", fallbackPoll, "watched", n.watched.len(), "toWatch", toWatch, "dir", d, "error", err)
	} else {
		n.w.log.Warn("cannot watch a directory; polling as well", "dir", d, "error", err, "interval", fallbackPoll)
	}
	n.fallbk = newPoller(n.w, fallbackPoll).(*poller)
	n.w.fallBack()
}

// pollUnnotified starts the fallback poller, once, for a repository whose
// real path root is on a file system (fsType) where inotify does not see
// every change (fileSystemType): its watches still serve the changes made
// here at once, and the poller those made elsewhere. Watching alone, a
// repository on NFS that git-sync filled from another node stayed served
// as it was at the start, ready, with no word in the log. n.mu is held.
func (n *fsNotifier) pollUnnotified(root, fsType string) {
	n.w.log.Warn("the repository is on a network or FUSE file system, where inotify does not report changes made on "+
		"another machine or behind the mount; polling as well (capreg serve --poll DUR polls alone, at the interval given)",
		"fs", fsType, "dir", root, "interval", fallbackPoll)
	n.fallbk = newPoller(n.w, fallbackPoll).(*poller)
	n.w.fallBack()
}

// settle asks for one more rescan when the way to the repository may have
// changed unseen: it moved during the scan (a link on it swapped, a missing
// directory on it appeared, or one was deleted), so whatever was created
// in a newly watched directory before its watch existed raised no event;
// or it moved again between following it and watching it. Each rescan
// follows the way further, until the repository itself is read.
func (n *fsNotifier) settle(moved bool) {
	if moved || !maps.EqualFunc(n.wayTo(), n.ways, slices.Equal) {
		n.w.Changed()
	}
}

// wayTo returns the ways to follow (see ways): to the repository path, to
// the inputs the last scan named by path and, in a git work tree, to the
// files that decide its revision. A commit that changes no file of the
// tree then still updates the revision served, while git's other writes
// (the index on every status, a fetch) are no change.
func (n *fsNotifier) wayTo() map[string][]string {
	ways := map[string][]string{}
	addWays(ways, n.link)
	if root, err := filepath.EvalSymlinks(n.link); err == nil {
		for dir, names := range inputWays(root, n.named) {
			for _, name := range names {
				addWay(ways, dir, name)
			}
		}
		for _, f := range gitHeadFiles(root) {
			addWays(ways, f)
		}
	}
	return ways
}

// inputWays are the ways (addWays) to the inputs named, inside the root
// only: where a link on one leads out there is never read (path-escape,
// whatever is there), so a change there is none, and a repository must
// not have the server watch folders of its choosing.
func inputWays(root string, named []string) map[string][]string {
	ways := map[string][]string{}
	for _, p := range named {
		addWays(ways, p)
	}
	maps.DeleteFunc(ways, func(dir string, _ []string) bool { return !within(root, dir) })
	return ways
}

// addWay adds the entry name of dir to ways, once.
func addWay(ways map[string][]string, dir, name string) {
	if !slices.Contains(ways[dir], name) {
		ways[dir] = append(ways[dir], name)
	}
}

// addWays adds the directories that decide where the absolute path p
// leads, by real path, each with the names of the entries that do: every
// component met resolving it, the symbolic links (git-sync's current,
// also above the repository, as in current/sub) and the folders on the
// way, up to its last component or, when one is missing, the first
// missing one (whose nearest existing ancestor then sees it appear). A
// folder renamed away and made again (a deploy tool rebuilding the
// folder that holds its link) takes its own watch along, and is seen
// where its name is watched: with only the links and the last component,
// the repository path led to a new tree that was never read.
func addWays(ways map[string][]string, p string) {
	add := func(dir, name string) { addWay(ways, dir, name) }
	sep := string(filepath.Separator)
	resolved, rest := sep, strings.Split(p, sep)
	for hops := 0; len(rest) > 0; {
		c := rest[0]
		rest = rest[1:]
		switch c {
		case "", ".":
			continue
		case "..":
			resolved = filepath.Dir(resolved)
			continue
		}
		next := filepath.Join(resolved, c)
		st, err := os.Lstat(next)
		switch {
		case errors.Is(err, syscall.ENOTDIR):
			// resolved is a file: replacing it with a directory is an
			// event where it is.
			add(filepath.Dir(resolved), filepath.Base(resolved))
			return
		case err != nil:
			add(resolved, c)
			return
		case st.Mode()&fs.ModeSymlink == 0:
			add(resolved, c)
			resolved = next
			continue
		}
		add(resolved, c)
		target, err := os.Readlink(next)
		if hops++; err != nil || hops > maxLinkHops {
			return
		}
		if filepath.IsAbs(target) {
			resolved = sep
		}
		rest = append(strings.Split(target, sep), rest...)
	}
}

func (n *fsNotifier) close() {
	close(n.done)
	n.fw.Close()
	if n.fallbk != nil {
		n.fallbk.close()
	}
	if n.mounts != nil {
		n.mounts.close()
	}
	n.running.Wait() // Run leaves no goroutine behind
	if n.mounts != nil {
		n.mounts.release()
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
	// named are the inputs the last scan named by path (Input.Named).
	named []string
	// read are the files the last scan read (Input.Read): the size and
	// time of the others are left out of the fingerprint (mayBeRead).
	read readSet
	// root is the real path of the repository the last scan read: a
	// checkout swapped under a link (git-sync's worktrees) moves it, and
	// the paths above are followed to the new one (rebase).
	root      string
	readPaths []string // read, as the scan gave them
	done      chan struct{}
	// running is loop, which close waits for: a tick under way (a
	// fingerprint of the tree, the Observer told) ends before Run returns.
	running sync.WaitGroup
}

func newPoller(w *Watcher, interval time.Duration) notifier {
	p := &poller{w: w, interval: interval, done: make(chan struct{})}
	p.running.Add(1)
	go func() { defer p.running.Done(); p.loop() }()
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
			p.mu.Unlock()
			if !changed {
				continue
			}
			fp, ok := p.settle(fp)
			if !ok {
				return
			}
			t.Reset(p.interval) // the tick that came while settling is stale
			p.mu.Lock()
			served := fp == p.last // a reload's scan, meanwhile, read this state
			p.last = fp
			p.mu.Unlock()
			if served {
				continue
			}
			if p.w.opts.Observer != nil {
				p.w.opts.Observer.WatchEvent()
			}
			p.w.changedSettled()
		case <-p.done:
			return
		}
	}
}

// settle waits, once a tick found the tree changed to fp, for the quiet
// period the debounce promises: until a fingerprint taken a debounce after
// the last agrees with it, or MaxDelay has passed, as a stream of inotify
// events postpones a rebuild; the rebuild then starts at once
// (Watcher.changedSettled). It returns the last fingerprint, and false
// when the poller is closed meanwhile. Without it one tick signalled one
// change, and the rebuild a debounce later read a copy still under way (a
// registry of 47 of 212 capabilities served for a whole interval, with
// --poll 1s).
func (p *poller) settle(fp [32]byte) ([32]byte, bool) {
	deadline := time.Now().Add(p.w.opts.MaxDelay)
	t := time.NewTimer(min(p.w.opts.Debounce, p.w.opts.MaxDelay))
	defer t.Stop()
	for {
		select {
		case <-p.done:
			return fp, false
		case <-t.C:
		}
		next := p.fingerprint()
		if next == fp || !time.Now().Before(deadline) {
			return next, true
		}
		fp = next
		t.Reset(min(p.w.opts.Debounce, time.Until(deadline)))
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
// before the fingerprint covered it is read then. A checkout swapped under
// the repository's link is no such change: what the last scan read is
// looked for at the same places in the new one, so a git-sync commit costs
// one rescan, as with inotify, not two.
func (p *poller) fingerprint() [32]byte {
	p.mu.Lock()
	dirs, named, read, readPaths, was := p.dirs, p.named, p.read, p.readPaths, p.root
	p.mu.Unlock()
	repo := p.w.repoLink()
	if now, err := filepath.EvalSymlinks(repo); err == nil && was != "" && now != was {
		dirs, named, read = rebase(dirs, was, now), rebase(named, was, now), newReadSet(rebase(readPaths, was, now))
	}
	return fingerprint(repo, dirs, named, read)
}

// rebase moves the paths inside root from to the same places inside root
// to; the others are kept.
func rebase(paths []string, from, to string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = p
		if rel, err := filepath.Rel(from, p); err == nil && within(from, p) {
			out[i] = filepath.Join(to, rel)
		}
	}
	return out
}

// entering has nothing to do: the fingerprint taken by prepare covers
// every directory.
func (p *poller) entering(string, ...string) {}

// sync makes the state before the scan the baseline, and follows the
// directories the scan read and the ways to the inputs it named.
func (p *poller) sync(root string, dirs, named, read []string) {
	dirs = slices.Sorted(slices.Values(dirs))
	p.mu.Lock()
	p.last = p.pending
	p.dirs = dirs
	if dirs != nil {
		p.root, p.named, p.read, p.readPaths = root, named, newReadSet(read), read
	}
	p.mu.Unlock()
}

func (p *poller) close() {
	close(p.done)
	p.running.Wait() // Run leaves no goroutine behind
}

// fingerprint hashes the path, size, mode and modification time of every
// entry the scanner would walk: symlinks are followed (each real directory
// once) so a swapped link target changes the result, but never out of the
// repository root. The entries of dirs, the directories a scan read, are
// hashed too where the walk does not reach them: a root capreg.json names
// inside a skipped folder (vendor/caps), the folder of an input reached
// through a link or of a config schema under node_modules/.
//
// The size and time of a file are hashed only where a write to it may
// change what a scan reads (mayBeRead, with read the files the last scan
// read): a log growing in the repository is no change, as with inotify.
func fingerprint(repo string, dirs, named []string, read readSet) [32]byte {
	h := sha256.New()
	root, err := filepath.EvalSymlinks(repo)
	if err != nil {
		return [32]byte{}
	}
	h.Write([]byte(root))
	seen, own := map[string]bool{}, ownRepositories(dirs, named)
	fingerprintDir(h, root, root, read, seen, own, true)
	for _, d := range dirs {
		fingerprintDir(h, root, d, read, seen, own, false) // its subdirectories read are in dirs too
	}
	fingerprintWays(h, root, named)
	for _, f := range gitHeadFiles(root) { // the revision, from .git, which the walk skips
		h.Write([]byte(f))
		switch info, err := os.Stat(f); {
		case err != nil:
		case info.IsDir(): // .git itself, whose time every git command moves
			h.Write([]byte{1})
		default:
			hashInfo(h, info)
		}
	}
	var out [32]byte
	copy(out[:], h.Sum(nil))
	return out
}

// ownRepositories are the real paths of the folders the last scan did not
// walk for being git repositories of their own (scanner.ownRepository):
// those whose .git it named, to watch, and did not walk. The fingerprint
// skips them as the scan did, from what the scan found, rather than
// looking at every folder's .git again on every tick (10,000 capability
// folders: 42,000 allocations and 15% more time a tick).
func ownRepositories(dirs, named []string) map[string]bool {
	var own map[string]bool
	for _, n := range named {
		if filepath.Base(n) == ".git" {
			if own == nil {
				own = map[string]bool{}
			}
			own[filepath.Dir(n)] = true
		}
	}
	if own == nil {
		return nil
	}
	for _, d := range dirs {
		delete(own, d) // walked: a submodule's
	}
	return own
}

// fingerprintDir hashes the entries of one directory and, with walk, of the
// directories below it that the scanner walks (not those in own).
func fingerprintDir(h hash.Hash, root, dir string, read readSet, seen, own map[string]bool, walk bool) {
	if seen[dir] {
		return // a real path hashed already: the scan's dirs are mostly the walk's
	}
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
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		realP := filepath.Join(real, e.Name())
		if e.Type()&os.ModeSymlink != 0 {
			target, err := filepath.EvalSymlinks(p)
			if err != nil || !within(root, target) {
				h.Write([]byte(p)) // the link itself, not what it points out to
				continue
			}
			h.Write([]byte(target)) // repointed to a twin (same size and time) is a change
			if linkInfo, err := e.Info(); err == nil {
				hashLinkTime(h, linkInfo) // repointed away and back
			}
			realP = target
		}
		info, err := os.Stat(p) // follow links inside the root
		if err != nil {
			continue
		}
		h.Write([]byte(p))
		if info.IsDir() && (SkipDir(e.Name()) || inGitDir(root, realP) || own[realP]) {
			// Its time moves with every command of git (index, locks) and
			// npm (node_modules/), and with every edit in a worktree of
			// its own; what the scan reads in one is hashed from dirs,
			// and the revision from gitHeadFiles.
			h.Write([]byte{1})
			continue
		}
		if !info.IsDir() && !mayBeRead(realP, read) {
			hashKind(h, info)
			continue
		}
		hashInfo(h, info)
		if walk && info.IsDir() {
			fingerprintDir(h, root, p, read, seen, own, true)
		}
	}
}

// fingerprintWays hashes the entries that decide where each named input
// leads (addWays) inside the repository: what each is, which inode,
// and where a link points. A package folder renamed in by npm
// (node_modules/gsd-core replaced, its files' times fixed in 1985) is a new
// inode there.
func fingerprintWays(h hash.Hash, root string, named []string) {
	ways := inputWays(root, named)
	for _, dir := range slices.Sorted(maps.Keys(ways)) {
		for _, name := range slices.Sorted(slices.Values(ways[dir])) {
			p := filepath.Join(dir, name)
			h.Write([]byte(p))
			info, err := os.Lstat(p)
			if err != nil {
				continue
			}
			// What it is and which inode, not its times: a folder on the
			// way (node_modules/) changes with every install beside it.
			var buf [16]byte
			binary.LittleEndian.PutUint64(buf[:8], uint64(info.Mode().Type()))
			binary.LittleEndian.PutUint64(buf[8:], fileInode(info))
			h.Write(buf[:])
			if target, err := os.Readlink(p); err == nil {
				h.Write([]byte(target))
				hashLinkTime(h, info)
			}
		}
	}
}

// hashLinkTime hashes the modification time of a symbolic link, info its
// Lstat. A link is never changed in place, so its time moves only when it
// is made again: repointed away and back between two ticks, to the inode
// it had, it otherwise hashed as before, and a scan that read it pointing
// away stayed served (the baseline is the state before that scan).
func hashLinkTime(h hash.Hash, info os.FileInfo) {
	var buf [8]byte
	binary.LittleEndian.PutUint64(buf[:], uint64(info.ModTime().UnixNano()))
	h.Write(buf[:])
}

// hashKind hashes the mode and inode of a file, not its size and times,
// which every write moves.
func hashKind(h hash.Hash, info os.FileInfo) {
	var buf [8]byte
	for _, v := range []uint64{uint64(info.Mode()), fileInode(info)} {
		binary.LittleEndian.PutUint64(buf[:], v)
		h.Write(buf[:])
	}
}

// hashInfo hashes the size, modification time and mode of a file.
func hashInfo(h hash.Hash, info os.FileInfo) {
	var buf [8]byte
	for _, v := range []uint64{uint64(info.Size()), uint64(info.ModTime().UnixNano()), uint64(info.Mode()), fileIdentity(info)} {
		binary.LittleEndian.PutUint64(buf[:], v)
		h.Write(buf[:])
	}
}
