package store

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestWriteMattersWhileAScanRuns: a write to a file the last scan did not
// read (a fragment a declaration just began to name) is no change between
// scans, but is one while a scan runs: that scan may read the file for the
// first time before the write, and the write's event may be read only
// once the scan has ended. Dropped, the file was served as the scan read
// it (empty, half written) until something else changed.
func TestWriteMattersWhileAScanRuns(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(dir, "notes.txt") // no input's name: read only when named
	if err := os.WriteFile(f, []byte("draft\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	n, err := openFSNotifier(NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: dir}}}))
	if err != nil {
		t.Skipf("no inotify: %v", err)
	}
	defer n.close()
	steps := []struct {
		name string
		do   func()
		want bool
	}{
		{"after a scan that did not read it", func() { n.sync(dir, []string{dir}, nil, nil) }, false},
		{"while a scan runs", n.prepare, true},
		{"after the scan that read it", func() { n.sync(dir, []string{dir}, nil, []string{f}) }, true},
		{"after a scan that no longer read it", func() { n.prepare(); n.sync(dir, []string{dir}, nil, nil) }, false},
	}
	for _, s := range steps {
		s.do()
		if got := n.writeMatters(f); got != s.want {
			t.Errorf("%s: a write to %s matters = %v, want %v", s.name, filepath.Base(f), got, s.want)
		}
	}
}

// TestFallbackPollerFollowsEverySync: once inotify has fallen back to
// polling as well (a folder it could not watch, a watch limit reached),
// every rebuild makes the state its scan started from the poller's
// baseline, also when all its watches were added (the folder gone, the
// limit freed): a change that inotify saw and the rebuild read is not
// seen again by the poller's next tick, which rescanned the whole tree
// once more for every change, for as long as the daemon ran.
func TestFallbackPollerFollowsEverySync(t *testing.T) {
	repo := t.TempDir()
	if err := os.CopyFS(repo, os.DirFS("../testdata/repo")); err != nil {
		t.Fatal(err)
	}
	w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: repo}}})
	n, err := openFSNotifier(w) // events are not read: no loop
	if err != nil {
		t.Skipf("no inotify: %v", err)
	}
	defer n.close()
	p := newPoller(w, time.Hour).(*poller) // its ticks are the test's
	n.fallbk = p                           // as a watch that failed left it
	rebuild := func() {
		t.Helper()
		n.prepare()
		snap, err := w.build(context.Background(), n.entering)
		if err != nil || !snap.OK() {
			t.Fatalf("build: %v", err)
		}
		n.sync(snap.Root, snap.Dirs, snap.Named, snap.Read)
	}
	// A tick finds the tree changed when its fingerprint is not the
	// baseline (poller.loop).
	tickSeesAChange := func() bool {
		fp := p.fingerprint()
		p.mu.Lock()
		defer p.mu.Unlock()
		return fp != p.last
	}
	rebuild()
	rebuild() // the folders the first read are in the fingerprint now
	ui := filepath.Join(repo, "capabilities", "ui", "capability.json")
	data, err := os.ReadFile(ui)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(ui, bytes.Replace(data, []byte("UI design contracts"), []byte("UI, edited"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	if !tickSeesAChange() {
		t.Fatal("the poller does not see the edit")
	}
	rebuild() // the rebuild inotify's event asked for
	if tickSeesAChange() {
		t.Error("the fallback poller's next tick rescans a change the last rebuild read")
	}
}

// TestSyncRescansAFolderWatchedOnlyAfterItWasRead: a folder the scan read
// without watching it first (entering could not) is watched by the sync
// after the scan, and what changed there in between raised no event: the
// sync asks for one more rescan. A folder watched as the scan entered it
// asks for none.
func TestSyncRescansAFolderWatchedOnlyAfterItWasRead(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	late, entered := filepath.Join(dir, "late"), filepath.Join(dir, "entered")
	for _, d := range []string{late, entered} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: dir}}})
	n, err := openFSNotifier(w) // events are not read: no loop
	if err != nil {
		t.Skipf("no inotify: %v", err)
	}
	defer n.close()
	// scan runs one scan of dirs, having watched those entered as it read
	// them, and reports whether its sync asked for another.
	scan := func(dirs []string, enter ...string) bool {
		n.prepare()
		for _, d := range enter {
			n.entering(d)
		}
		n.sync(dir, dirs, nil, nil)
		select {
		case <-w.changes:
			return true
		default:
			return false
		}
	}
	scan([]string{dir}, dir) // the first
	if scan([]string{dir, entered}, dir, entered) {
		t.Error("a folder watched as the scan entered it asked for a rescan")
	}
	if !scan([]string{dir, entered, late}, dir, entered) {
		t.Error("a folder first watched after the scan read it asked for no rescan")
	}
	if scan([]string{dir, entered, late}, dir, entered) {
		t.Error("a folder watched since the last scan asked for a rescan")
	}
}
