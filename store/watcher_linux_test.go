package store_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
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
	cmd := exec.Command(os.Args[0], "-test.run=^TestWatcherOutOfWatchesChild$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), "CAPREG_OUT_OF_WATCHES_CHILD=1")
	cmd.SysProcAttr = &syscall.SysProcAttr{
		Cloneflags:  syscall.CLONE_NEWUSER,
		UidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getuid(), Size: 1}},
		GidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getgid(), Size: 1}},
	}
	out, err := cmd.CombinedOutput()
	switch {
	case err != nil && cmd.ProcessState == nil:
		t.Skipf("no user namespace here: %v", err)
	case bytes.Contains(out, []byte("--- SKIP: TestWatcherOutOfWatchesChild")):
		t.Skipf("cannot lower the inotify watch limit here:\n%s", out)
	case err != nil:
		t.Fatalf("%v\n%s", err, out)
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
