package store

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer a logger may write from several
// goroutines while a test reads it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

type fallbackCounter struct {
	overflowCounter
	fallbacks atomic.Int64
}

func (c *fallbackCounter) WatchFallback() { c.fallbacks.Add(1) }

// TestWatcherPollsARepositoryOnANetworkFileSystem: on a file system where
// inotify reports only the changes made through this machine's mount (NFS,
// SMB, FUSE, 9p: fileSystemType), the watcher polls as well, says so, and
// tells the observer (capreg_watch_polling_fallback), so that a change
// made elsewhere is served. Watching alone, a repository on a bindfs mount
// edited at its source, as NFS is by another node, stayed served as it
// was at the start, ready, with nothing in the log. The file system here
// is local: the test names it nfs, and blinds inotify as NFS is to a
// change made on the server, by removing every watch.
func TestWatcherPollsARepositoryOnANetworkFileSystem(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for the fallback poll, 5 s")
	}
	repo := sampleRepoCopy(t)
	var logs lockedBuffer
	c := &fallbackCounter{}
	w := NewWatcher(WatchOptions{
		Options:  Options{ScanOptions: ScanOptions{Repo: repo}},
		Debounce: 10 * time.Millisecond,
		Logger:   slog.New(slog.NewTextHandler(&logs, nil)),
		Observer: c,
	})
	w.fsType = func(dir string) string {
		if within(repo, dir) {
			return "nfs"
		}
		return ""
	}
	var fsn atomic.Pointer[fsNotifier]
	orig := w.newNotifier
	w.newNotifier = func(w *Watcher) notifier {
		n := orig(w)
		if f, ok := n.(*fsNotifier); ok {
			fsn.Store(f)
		}
		return n
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	deadline := time.Now().Add(10 * time.Second)
	for w.Current() == nil && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if w.Current() == nil {
		t.Fatal("no first snapshot")
	}
	n := fsn.Load()
	if n == nil {
		t.Skip("no inotify here: the watcher polls anyway")
	}
	if got := c.fallbacks.Load(); got != 1 {
		t.Errorf("the observer heard of %d fallbacks to polling, want 1", got)
	}
	for _, want := range []string{"network or FUSE file system", "fs=nfs", "dir=" + repo, "--poll DUR"} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("the log does not say %q:\n%s", want, logs.String())
		}
	}
	n.mu.Lock()
	for d := range n.watched.all() {
		_ = n.fw.Remove(d)
	}
	n.mu.Unlock()
	manifest := filepath.Join(repo, "capabilities/ui/capability.json")
	data, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(manifest, bytes.Replace(data, []byte(`"title": "`), []byte(`"title": "Edited on the server `), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	deadline = time.Now().Add(3 * fallbackPoll)
	for time.Now().Before(deadline) {
		if c := w.Current().Registry.ByID["ui"]; c != nil && strings.HasPrefix(c.Manifest.Get("title").StringOr(""), "Edited on the server ") {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Errorf("an edit inotify did not report was not served within %v", 3*fallbackPoll)
}
