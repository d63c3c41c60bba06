package store_test

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestWatcherFollowsAFolderMountedOverTheRepository: a folder mounted over
// the repository (mount --bind, a volume mounted again) or unmounted from
// it raises no inotify event, and the watches stay on the folders it
// hides, or are dropped without a word: the registry stayed as it was
// before the mount, and every later edit in the mounted tree went unseen,
// even after a reload. The watcher follows the mount table, and watches
// the repository anew when a mount at, above or below it changes; a mount
// elsewhere rebuilds nothing. Run in
// user and mount namespaces of its own (TestWatcherMountChild).
func TestWatcherFollowsAFolderMountedOverTheRepository(t *testing.T) {
	runInNamespaces(t, "TestWatcherMountChild", "CAPREG_MOUNT_CHILD=1", syscall.CLONE_NEWNS)
}

// TestWatcherMountChild is the watcher of the test above.
func TestWatcherMountChild(t *testing.T) {
	if os.Getenv("CAPREG_MOUNT_CHILD") == "" {
		t.Skip("run by TestWatcherFollowsAFolderMountedOverTheRepository")
	}
	if err := syscall.Mount("", "/", "", syscall.MS_REC|syscall.MS_PRIVATE, ""); err != nil {
		t.Skipf("cannot make the mounts private: %v", err)
	}
	repo, _ := scanRepoCopy(t)
	other, _ := scanRepoCopy(t)
	const ui = "capabilities/ui/capability.json"
	w, c := runSettledWatcher(t, repo, "inotify")
	before := title(w, "ui")
	mounted := false
	t.Cleanup(func() {
		if mounted {
			syscall.Unmount(repo, syscall.MNT_DETACH)
		}
	})
	// A mount elsewhere (a container started beside capreg) is no change.
	elsewhere := t.TempDir()
	rebuilds := c.rebuilds()
	if err := syscall.Mount("none", elsewhere, "tmpfs", 0, ""); err != nil {
		t.Skipf("cannot mount a tmpfs: %v", err)
	}
	defer syscall.Unmount(elsewhere, syscall.MNT_DETACH)
	time.Sleep(300 * time.Millisecond)
	if n := c.rebuilds() - rebuilds; n != 0 {
		t.Errorf("%d rebuilds for a mount outside the repository", n)
	}
	// Several times: each mount must be seen, not most.
	for i := range 5 {
		writeTestFile(t, filepath.Join(other, ui), setTitle(t, filepath.Join(other, ui), fmt.Sprintf("Mounted %d", i)))
		if err := syscall.Mount(other, repo, "", syscall.MS_BIND, ""); err != nil {
			t.Skipf("cannot bind-mount: %v", err)
		}
		mounted = true
		waitFor(t, fmt.Sprintf("the tree mounted over the repository to be served (mount %d)", i),
			func() bool { return title(w, "ui") == fmt.Sprintf("Mounted %d", i) })
		writeTestFile(t, filepath.Join(repo, ui), setTitle(t, filepath.Join(repo, ui), "Edited in the mount"))
		waitFor(t, "an edit in the mounted tree to be served", func() bool { return title(w, "ui") == "Edited in the mount" })

		if err := syscall.Unmount(repo, 0); err != nil {
			t.Fatal(err)
		}
		mounted = false
		waitFor(t, fmt.Sprintf("the tree under the mount to be served again (unmount %d)", i), func() bool { return title(w, "ui") == before })
	}
	writeTestFile(t, filepath.Join(repo, ui), setTitle(t, filepath.Join(repo, ui), "Edited once unmounted"))
	waitFor(t, "an edit once unmounted to be served", func() bool { return title(w, "ui") == "Edited once unmounted" })
}
