package store_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/capreg/capreg/store"
)

// TestWatcherOutOfWatchesIgnoresWritesToFilesItDoesNotRead: once inotify
// runs out of watches the watcher polls as well, and a write to a file no
// scan reads is still no change: a log written in the repository rebuilt it
// every debounce there. The watch limit is lowered in a user namespace of
// its own (TestWatcherOutOfWatchesChild); without user namespaces it skips.
func TestWatcherOutOfWatchesIgnoresWritesToFilesItDoesNotRead(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for the fallback poll, 5 s")
	}
	runInUserNamespace(t, "TestWatcherOutOfWatchesChild", "CAPREG_OUT_OF_WATCHES_CHILD=1")
}

// runInUserNamespace runs the test named test of this binary, with env
// added, in a user namespace of its own, where it may lower the inotify
// limits (/proc/sys/user) for itself alone. It fails when that test fails
// or does not run, and skips when it skips or when user namespaces are not
// available.
func runInUserNamespace(t *testing.T, test, env string) {
	t.Helper()
	runInNamespaces(t, test, env, 0)
}

// runInNamespaces is runInUserNamespace, with namespaces of its own of the
// kinds in flags too (syscall.CLONE_NEWNS: mounts that no other process
// sees).
func runInNamespaces(t *testing.T, test, env string, flags uintptr) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), env)
	cmd.SysProcAttr = &syscall.SysProcAttr{
		Cloneflags:  syscall.CLONE_NEWUSER | flags,
		UidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getuid(), Size: 1}},
		GidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getgid(), Size: 1}},
	}
	out, err := cmd.CombinedOutput()
	switch {
	case err != nil && cmd.ProcessState == nil:
		t.Skipf("no user namespace here: %v", err)
	case bytes.Contains(out, []byte("--- SKIP: "+test)):
		t.Skipf("%s skipped:\n%s", test, out)
	case err != nil || !bytes.Contains(out, []byte("--- PASS: "+test)):
		t.Fatalf("%s did not pass: %v\n%s", test, err, out)
	}
}

// TestWatcherOutOfWatchesChild is the watcher of the test above, run in a
// user namespace whose inotify watch limit it lowers below what the sample
// repository needs.
func TestWatcherOutOfWatchesChild(t *testing.T) {
	if os.Getenv("CAPREG_OUT_OF_WATCHES_CHILD") == "" {
		t.Skip("run by TestWatcherOutOfWatchesIgnoresWritesToFilesItDoesNotRead")
	}
	if err := os.WriteFile("/proc/sys/user/max_inotify_watches", []byte("8"), 0); err != nil {
		t.Skipf("cannot lower the inotify watch limit: %v", err)
	}
	repo, _ := scanRepoCopy(t)
	log := filepath.Join(repo, "serve.log")
	writeTestFile(t, log, []byte("start\n"))
	c := &counter{}
	w := runWatcherIn(t, repo, "inotify", 20*time.Millisecond, c)
	waitFor(t, "the first build", func() bool { return w.Current() != nil })
	// The fallback poll's first tick, 5 s on, rescans once: its baseline
	// predates the directories the first scan read.
	waitFor(t, "the fallback poll's first rescan", func() bool { return c.rebuilds() >= 2 })
	time.Sleep(100 * time.Millisecond)
	before := c.rebuilds()
	for i := range 20 {
		appendTo(t, log, fmt.Appendf(nil, "line %d\n", i))
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond)
	if n := c.rebuilds() - before; n != 0 {
		t.Errorf("%d rebuilds for writes to a log in the repository, out of inotify watches", n)
	}
	// A write to an input is still served.
	ui := filepath.Join(repo, "capabilities/ui/capability.json")
	writeTestFile(t, ui, setTitle(t, ui, "Still followed"))
	waitFor(t, "the edit to be served", func() bool { return title(w, "ui") == "Still followed" })
}

// TestWatcherReportsFallbackToPolling: the observer hears, once, that the
// watcher polls because inotify cannot follow the repository (out of
// watches, or no inotify instance to be had), and not when inotify follows
// it all or polling was asked for: capreg_watch_polling_fallback, and an
// alert on it, must tell a node whose inotify limits are too low from a
// daemon run with --poll.
func TestWatcherReportsFallbackToPolling(t *testing.T) {
	tests := []struct {
		name, mode string
		limit      string // file=value of /proc/sys/user, set in a user namespace
		want       int64
	}{
		{"inotify", "inotify", "", 0},
		{"polling asked for", "poll", "", 0},
		{"out of watches", "inotify", "max_inotify_watches=8", 1},
		{"no inotify instance", "inotify", "max_inotify_instances=0", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.limit == "" {
				checkFallbacks(t, tt.mode, tt.want)
				return
			}
			runInUserNamespace(t, "TestWatcherFallbackChild", "CAPREG_FALLBACK_CHILD="+tt.limit)
		})
	}
}

// TestWatcherFallbackChild is a case of the test above with an inotify
// limit lowered, run in a user namespace of its own.
func TestWatcherFallbackChild(t *testing.T) {
	file, value, ok := strings.Cut(os.Getenv("CAPREG_FALLBACK_CHILD"), "=")
	if !ok {
		t.Skip("run by TestWatcherReportsFallbackToPolling")
	}
	if err := os.WriteFile(filepath.Join("/proc/sys/user", file), []byte(value), 0); err != nil {
		t.Skipf("cannot lower %s: %v", file, err)
	}
	checkFallbacks(t, "inotify", 1)
}

// checkFallbacks runs a watcher in mode on a copy of the sample repository
// until it has settled and checks how often it reported falling back to
// polling.
func checkFallbacks(t *testing.T, mode string, want int64) {
	t.Helper()
	repo, _ := scanRepoCopy(t)
	_, c := runSettledWatcher(t, repo, mode)
	if got := c.fallbacks.Load(); got != want {
		t.Errorf("%s: the observer heard of %d fallbacks to polling, want %d", mode, got, want)
	}
}

// TestWatcherPollsADirectoryInotifyCannotTake: a directory whose path is
// over PATH_MAX, which the walk reads folder by folder but inotify cannot
// watch (ENAMETOOLONG), makes the watcher poll as well, and says so: it was
// left unwatched, logged at debug level only, and a broken card written
// there was never noticed.
func TestWatcherPollsADirectoryInotifyCannotTake(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for the fallback poll, 5 s")
	}
	repo, _ := scanRepoCopy(t)
	fd, err := syscall.Open(filepath.Join(repo, "docs"), syscall.O_RDONLY|syscall.O_DIRECTORY, 0)
	if err != nil {
		t.Fatal(err)
	}
	name := strings.Repeat("d", 200)
	for depth := 0; len(repo)+depth*(len(name)+1) < 4200; depth++ {
		if err := syscall.Mkdirat(fd, name, 0o755); err != nil {
			t.Fatal(err)
		}
		next, err := syscall.Openat(fd, name, syscall.O_RDONLY|syscall.O_DIRECTORY, 0)
		syscall.Close(fd)
		if err != nil {
			t.Fatal(err)
		}
		fd = next
	}
	defer syscall.Close(fd)
	_, c := runSettledWatcher(t, repo, "inotify")
	if got := c.fallbacks.Load(); got != 1 {
		t.Errorf("the observer heard of %d fallbacks to polling, want 1", got)
	}
	card, err := syscall.Openat(fd, "bad.card.json", syscall.O_CREAT|syscall.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	syscall.Write(card, []byte("{"))
	syscall.Close(card)
	waitFor(t, "the broken card deep down to fail a rebuild", func() bool { return c.failed.Load() > 0 })
}

// TestWatcherOutOfWatchesSaysWhatToRaise: the warning of a watch limit
// reached names the sysctl to raise, how many folders were to be watched
// and the first folder left to polling, with the error: it said only
// "inotify watch limit reached" and how many were watched, which left an
// operator to find out which limit, and by how much. Run in a user
// namespace of its own (TestWatcherOutOfWatchesLogChild).
func TestWatcherOutOfWatchesSaysWhatToRaise(t *testing.T) {
	runInUserNamespace(t, "TestWatcherOutOfWatchesLogChild", "CAPREG_OUT_OF_WATCHES_LOG_CHILD=1")
}

// TestWatcherOutOfWatchesLogChild is the watcher of the test above.
func TestWatcherOutOfWatchesLogChild(t *testing.T) {
	if os.Getenv("CAPREG_OUT_OF_WATCHES_LOG_CHILD") == "" {
		t.Skip("run by TestWatcherOutOfWatchesSaysWhatToRaise")
	}
	if err := os.WriteFile("/proc/sys/user/max_inotify_watches", []byte("8"), 0); err != nil {
		t.Skipf("cannot lower the inotify watch limit: %v", err)
	}
	repo, _ := scanRepoCopy(t)
	var log syncBuffer
	w, _ := startWatcher(t, repo, store.WatchOptions{Logger: slog.New(slog.NewJSONHandler(&log, nil))})
	waitFor(t, "the first build", func() bool { return w.Current() != nil })
	waitFor(t, "the warning", func() bool { return strings.Contains(log.String(), "inotify watch limit reached") })
	for l := range strings.SplitSeq(log.String(), "\n") {
		if !strings.Contains(l, "inotify watch limit reached") {
			continue
		}
		var rec struct {
			Msg     string
			Watched int
			ToWatch int
			Dir     string
			Error   string
		}
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		if !strings.Contains(rec.Msg, "fs.inotify.max_user_watches") || rec.Watched != 8 || rec.ToWatch <= rec.Watched ||
			rec.Dir == "" || !strings.Contains(rec.Error, "no space left on device") {
			t.Errorf("the warning %s: want the sysctl to raise, 8 watched of more to watch, the folder left to polling and the error", l)
		}
	}
}
