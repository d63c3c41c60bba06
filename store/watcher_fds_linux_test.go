package store_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/store"
)

// TestWatcherClosesWhatItOpens: a watcher stopped closes every file it
// opened to follow the repository: the inotify instance, and, to follow
// the mount table, /proc/self/mountinfo, an epoll instance and the two
// ends of the pipe that wakes its wait. A daemon's watcher runs once, but
// a program (or a test) that runs one per repository, or one after
// another, would run out of files with each left open.
func TestWatcherClosesWhatItOpens(t *testing.T) {
	if _, err := os.ReadDir("/proc/self/fd"); err != nil {
		t.Skipf("no /proc/self/fd: %v", err)
	}
	repo, _ := scanRepoCopy(t)
	run := func() {
		w := store.NewWatcher(store.WatchOptions{Options: store.Options{ScanOptions: store.ScanOptions{Repo: repo}}, Debounce: 10 * time.Millisecond})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { w.Run(ctx); close(done) }()
		waitFor(t, "the first snapshot", func() bool { return w.Current() != nil })
		cancel()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("the watcher did not stop within 10 s of its context's end")
		}
	}
	run() // what a process opens once (the runtime's netpoller) is open from here
	before := openFiles(t)
	for range 3 {
		run()
	}
	after := openFiles(t)
	for kind, n := range after {
		if n > before[kind] {
			t.Errorf("%d more %s open after three watchers ran and stopped (%d before, %d after)", n-before[kind], kind, before[kind], n)
		}
	}
}

// openFiles counts this process's open files of the kinds a watcher
// opens: mountinfo, eventpoll, pipe, inotify.
func openFiles(t *testing.T) map[string]int {
	t.Helper()
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Fatal(err)
	}
	n := map[string]int{}
	for _, e := range entries {
		to, err := os.Readlink(filepath.Join("/proc/self/fd", e.Name()))
		if err != nil {
			continue // the directory's own descriptor, closed since
		}
		switch {
		case strings.HasSuffix(to, "/mountinfo"):
			n["mountinfo"]++
		case strings.Contains(to, "eventpoll"):
			n["eventpoll"]++
		case strings.HasPrefix(to, "pipe:"):
			n["pipe"]++
		case strings.Contains(to, "inotify"):
			n["inotify"]++
		}
	}
	return n
}
