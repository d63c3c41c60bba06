package store_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/capreg/capreg/store"
)

// These tests drive the real watcher (inotify) through file operations that
// deploy scripts, checkouts and operators perform, and that once left it
// blind: a directory re-created under the same path, a permission fix, a
// repository whose parent (or working directory) disappears and comes back.

// rebuilds is how many rebuilds, served or not, the watcher has finished.
func (c *counter) rebuilds() int64 {
	return c.ok.Load() + c.failed.Load() + c.unchanged.Load() + c.waiting.Load()
}

// waitRebuild waits for a rebuild that finished after before was read.
func waitRebuild(t *testing.T, c *counter, before int64, what string) {
	t.Helper()
	waitFor(t, what, func() bool { return c.rebuilds() > before })
}

// runWatcher runs a watcher on repo until the test ends, without waiting for
// a snapshot (the repository may not exist yet).
func runWatcher(t *testing.T, repo string, debounce time.Duration) (*store.Watcher, *counter) {
	t.Helper()
	c := &counter{}
	return runWatcherIn(t, repo, "inotify", debounce, c), c
}

// editTitle rewrites the ui capability's title in repo and waits until the
// watcher serves it: the proof that the directory holding it is watched.
func editTitle(t *testing.T, w *store.Watcher, repo, want string) {
	t.Helper()
	ui := filepath.Join(repo, "capabilities/ui/capability.json")
	writeTestFile(t, ui, setTitle(t, ui, want))
	waitFor(t, "the edit "+want+" to be served", func() bool { return title(w, "ui") == want })
}

// TestWatcherDirectoryRecreated: a directory deleted (or renamed away) and
// re-created under the same path within one debounce window is watched
// again, so later edits in it are served.
func TestWatcherDirectoryRecreated(t *testing.T) {
	tests := []struct {
		name     string
		recreate func(t *testing.T, repo, outside string)
	}{
		{"capability folder removed and copied back", func(t *testing.T, repo, _ string) {
			ui := filepath.Join(repo, "capabilities/ui")
			removeAll(t, ui)
			copyRepoTree(t, filepath.Join(baseRepoDir, "capabilities/ui"), ui)
		}},
		{"capabilities renamed away and copied back", func(t *testing.T, repo, outside string) {
			// The subdirectories' watches follow the moved inodes; the
			// new ones under the old paths must be watched instead.
			if err := os.Rename(filepath.Join(repo, "capabilities"), filepath.Join(outside, "old")); err != nil {
				t.Fatal(err)
			}
			copyRepoTree(t, filepath.Join(baseRepoDir, "capabilities"), filepath.Join(repo, "capabilities"))
		}},
		{"whole repository removed and copied back", func(t *testing.T, repo, _ string) {
			removeAll(t, repo)
			copyRepoTree(t, baseRepoDir, repo)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo, outside := scanRepoCopy(t)
			// A long debounce puts the delete and the re-creation in one
			// window, as rm -rf && cp -r does with the default 100 ms.
			w, c := startWatcher(t, repo, store.WatchOptions{Debounce: 300 * time.Millisecond})
			before := c.rebuilds()
			tt.recreate(t, repo, outside)
			waitRebuild(t, c, before, "the rebuild after the re-creation")
			editTitle(t, w, repo, "Edited after the re-creation")
			// A reload keeps following it too.
			if _, err := w.Reload(context.Background()); err != nil {
				t.Fatal(err)
			}
			editTitle(t, w, repo, "Edited after a reload")
		})
	}
}

func removeAll(t *testing.T, path string) {
	t.Helper()
	if err := os.RemoveAll(path); err != nil {
		t.Fatal(err)
	}
}

// TestWatcherAttributeChanges: chmod and touch (IN_ATTRIB) count as changes:
// permissions decide what capreg can read (TestWatcherServesAPermissionFix),
// and touch is how people ask for a file to be read again.
func TestWatcherAttributeChanges(t *testing.T) {
	t.Run("touch picks up a write the watcher could not see", func(t *testing.T) {
		repo, outside := scanRepoCopy(t)
		w, _ := startWatcher(t, repo, store.WatchOptions{})
		ui := filepath.Join(repo, "capabilities/ui/capability.json")
		// Written through a hard link in a directory nobody watches: the
		// content changes without an event in the repository.
		alias := filepath.Join(outside, "ui.json")
		if err := os.Link(ui, alias); err != nil {
			t.Skipf("cannot hard-link here: %v", err)
		}
		writeInPlace(t, alias, os.O_TRUNC, setTitle(t, ui, "Touched"))
		now := time.Now()
		if err := os.Chtimes(ui, now, now); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the touched file to be served", func() bool { return title(w, "ui") == "Touched" })
	})
	t.Run("chmod rebuilds, and a rebuild does not trigger another", func(t *testing.T) {
		repo, _ := scanRepoCopy(t)
		_, c := startWatcher(t, repo, store.WatchOptions{})
		before := c.rebuilds()
		if err := os.Chmod(filepath.Join(repo, "capabilities/ui/capability.json"), 0o600); err != nil {
			t.Fatal(err)
		}
		waitRebuild(t, c, before, "the rebuild after chmod")
		// Reading the tree must not itself count as a change.
		settled := c.rebuilds()
		time.Sleep(500 * time.Millisecond)
		if n := c.rebuilds() - settled; n != 0 {
			t.Errorf("%d more rebuilds with nothing changing", n)
		}
	})
}

// TestWatcherRepositoryParent: the repository is served once it appears
// even when its parent directory is missing at start or deleted and
// re-created, and a relative repository path survives the re-creation of
// the working directory it was relative to.
func TestWatcherRepositoryParent(t *testing.T) {
	t.Run("parent missing at start", func(t *testing.T) {
		base := t.TempDir()
		repo := filepath.Join(base, "nest/x/repo")
		w, c := runWatcher(t, repo, 10*time.Millisecond)
		waitFor(t, "the first attempt", func() bool { return c.waiting.Load()+c.failed.Load() >= 1 })
		if n := c.failed.Load(); n != 0 {
			t.Errorf("%d failed rebuilds while waiting for the repository", n)
		}
		// Waiting costs nothing: no rebuild until something appears.
		time.Sleep(300 * time.Millisecond)
		if n := c.rebuilds(); n != 1 {
			t.Errorf("%d rebuilds while nothing changed, want 1", n)
		}
		if err := os.MkdirAll(filepath.Dir(repo), 0o755); err != nil {
			t.Fatal(err)
		}
		copyRepoTree(t, baseRepoDir, repo)
		waitFor(t, "the repository to be served", func() bool { return w.Current() != nil })
		editTitle(t, w, repo, "Edited in the late repository")
	})
	t.Run("parent deleted and re-created", func(t *testing.T) {
		base := t.TempDir()
		repo := filepath.Join(base, "p/repo")
		copyRepoTree(t, baseRepoDir, repo)
		w, c := startWatcher(t, repo, store.WatchOptions{})
		failed := c.failed.Load()
		removeAll(t, filepath.Join(base, "p"))
		waitFor(t, "the failed rebuild", func() bool { return c.failed.Load() > failed })
		copyRepoTree(t, baseRepoDir, repo)
		editTitle(t, w, repo, "New checkout")
	})
	t.Run("working directory re-created", func(t *testing.T) {
		from, err := filepath.Abs(baseRepoDir)
		if err != nil {
			t.Fatal(err)
		}
		repo := filepath.Join(t.TempDir(), "c")
		copyRepoTree(t, from, repo)
		t.Chdir(repo)
		w, _ := startWatcher(t, "", store.WatchOptions{}) // the default: the working directory
		removeAll(t, repo)
		copyRepoTree(t, from, repo)
		editTitle(t, w, repo, "New working directory")
		if st := w.Status(); st.Failure != nil {
			t.Errorf("failure %+v", st.Failure)
		}
	})
}

// appendTo appends data to the file at path, in place (no new inode), as a
// process writing its log does.
func appendTo(t *testing.T, path string, data []byte) {
	t.Helper()
	writeInPlace(t, path, os.O_APPEND, data)
}

// writeInPlace writes data to the existing file at path, opened with flag
// (os.O_APPEND or os.O_TRUNC) added to os.O_WRONLY: the same inode, as a
// log or a write through a hard link is.
func writeInPlace(t *testing.T, path string, flag int, data []byte) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY|flag, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestWatcherIgnoresWritesToFilesItDoesNotRead: writing to a file that is
// no input (a log, vim's swap file, a card's tool) changes nothing capreg
// reads, so it rebuilds nothing. `capreg serve --log-level debug 2>serve.log`
// run in the repository (the default --repo) rebuilt on every line it
// logged, and logged a line on every rebuild: a full rebuild every debounce,
// for ever. A write to an input is still seen, also one whose name is no
// input's (the config schema), in both modes.
func TestWatcherIgnoresWritesToFilesItDoesNotRead(t *testing.T) {
	for _, mode := range []string{"inotify", "poll"} {
		t.Run(mode, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			noInputs := []string{"serve.log", "capabilities/ui/.capability.json.swp", "bin/ft", "workflows/notes.txt"}
			for _, p := range noInputs {
				writeTestFile(t, filepath.Join(repo, p), []byte("start\n"))
			}
			w, c := runSettledWatcher(t, repo, mode)
			before := c.rebuilds()
			for i := range 20 {
				for _, p := range noInputs {
					appendTo(t, filepath.Join(repo, p), fmt.Appendf(nil, "line %d\n", i))
				}
				time.Sleep(10 * time.Millisecond)
			}
			time.Sleep(300 * time.Millisecond)
			if n := c.rebuilds() - before; n != 0 {
				t.Errorf("%d rebuilds for writes to files capreg does not read", n)
			}
			// The config schema's name is no input's; its content is one.
			schema := filepath.Join(repo, "config/config-schema.manifest.json")
			data, err := os.ReadFile(schema)
			if err != nil {
				t.Fatal(err)
			}
			f, err := os.OpenFile(schema, os.O_WRONLY|os.O_TRUNC, 0)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.Write(bytes.Replace(data, []byte(`"workflow.research",`), nil, 1)); err != nil {
				t.Fatal(err)
			}
			if err := f.Close(); err != nil {
				t.Fatal(err)
			}
			waitFor(t, "the edited config schema to be served", func() bool {
				_, warnings := w.Current().Diagnostics.Count()
				return warnings == 0
			})
		})
	}
}

// TestWatcherFollowsGitFilesWrittenInPlace: git renames a lock file over
// HEAD and a ref, but a ref written in place (echo $sha >
// .git/refs/heads/main, as scripts and some git libraries do) moves the
// revision too, although no scan reads those files as inputs.
func TestWatcherFollowsGitFilesWrittenInPlace(t *testing.T) {
	const (
		rev1 = "1111111111111111111111111111111111111111"
		rev2 = "2222222222222222222222222222222222222222"
		rev3 = "3333333333333333333333333333333333333333"
	)
	for _, mode := range []string{"inotify", "poll"} {
		t.Run(mode, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			gitDir := filepath.Join(repo, ".git")
			writeTestFile(t, filepath.Join(gitDir, "HEAD"), []byte("ref: refs/heads/main\n"))
			writeTestFile(t, filepath.Join(gitDir, "refs/heads/main"), []byte(rev1+"\n"))
			c := &counter{}
			w := runWatcherIn(t, repo, mode, 20*time.Millisecond, c)
			revision := func(want string) func() bool { return func() bool { return w.Status().Revision == want } }
			waitFor(t, "the first revision", revision(rev1))
			time.Sleep(100 * time.Millisecond)
			writeTestFile(t, filepath.Join(gitDir, "refs/heads/main"), []byte(rev2+"\n"))
			waitFor(t, "the revision of the ref written in place", revision(rev2))
			writeTestFile(t, filepath.Join(gitDir, "HEAD"), []byte(rev3+"\n"))
			waitFor(t, "the detached HEAD written in place", revision(rev3))
		})
	}
}

// TestWatcherFollowsWritesThroughHardLinks: a write in place through a hard
// link in the repository whose name is no input's (config/schema.bak, made
// by ln for a backup) changes an input, the same inode; inotify reports it
// under the link's name only.
func TestWatcherFollowsWritesThroughHardLinks(t *testing.T) {
	for _, mode := range []string{"inotify", "poll"} {
		t.Run(mode, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			schema := filepath.Join(repo, "config/config-schema.manifest.json")
			alias := filepath.Join(repo, "config/schema.bak")
			if err := os.Link(schema, alias); err != nil {
				t.Skipf("cannot hard-link here: %v", err)
			}
			data, err := os.ReadFile(schema)
			if err != nil {
				t.Fatal(err)
			}
			w, _ := runSettledWatcher(t, repo, mode)
			writeInPlace(t, alias, os.O_TRUNC, bytes.Replace(data, []byte(`"workflow.research",`), nil, 1))
			waitFor(t, "the config schema written through its hard link to be served", func() bool {
				_, warnings := w.Current().Diagnostics.Count()
				return warnings == 0
			})
		})
	}
}
