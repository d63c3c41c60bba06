package store

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRelevantAfterASwapKeepsTheNewTree: once the repository path leads
// away from the tree last synced, the events under that old tree are
// dropped (git-sync deletes it), but never those under the tree it leads
// to now, which the rebuild reads: a link repointed from a monorepo to
// one of its folders, or back up. A change there during the rebuild's
// scan, after the scan read it, was lost.
func TestRelevantAfterASwapKeepsTheNewTree(t *testing.T) {
	tests := []struct {
		name     string
		from, to string // the link's target before and after, under the temp dir
		event    string // under the temp dir
		want     bool
	}{
		{"old worktree deleted", ".worktrees/a", ".worktrees/b", ".worktrees/a/capabilities/ui/capability.json", false},
		{"new worktree", ".worktrees/a", ".worktrees/b", ".worktrees/b/capabilities/ui/capability.json", true},
		{"new tree inside the old", "mono", "mono/sub", "mono/sub/capabilities/ui/capability.json", true},
		{"old tree around the new", "mono", "mono/sub", "mono/other/capability.json", false},
		{"new tree around the old", "mono/sub", "mono", "mono/sub/capabilities/ui/capability.json", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, err := filepath.EvalSymlinks(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range []string{tt.from, tt.to} {
				if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			link := filepath.Join(dir, "current")
			if err := os.Symlink(filepath.Join(dir, tt.from), link); err != nil {
				t.Fatal(err)
			}
			n := &fsNotifier{link: link, root: filepath.Join(dir, tt.from),
				ways: map[string][]string{dir: {"current"}}, wayOnly: map[string]bool{dir: true}}
			if err := os.Remove(link); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(filepath.Join(dir, tt.to), link); err != nil {
				t.Fatal(err)
			}
			if !n.relevant(link) {
				t.Fatal("the swap itself is not relevant")
			}
			if got := n.relevant(filepath.Join(dir, tt.event)); got != tt.want {
				t.Errorf("after %s → %s, relevant(%s) = %v, want %v", tt.from, tt.to, tt.event, got, tt.want)
			}
		})
	}
}

// TestRelevantAfterTheSyncDropsTheOldTree: the events of the old worktree
// still queued when the rebuild's sync has dropped its watches (git-sync
// deletes it while the new one is scanned) are no change, where each
// counted was one more full rescan per commit. Those of the tree read, of
// a folder watched again (the old tree swapped back and scanned anew) and
// of the way to the repository count.
func TestRelevantAfterTheSyncDropsTheOldTree(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	tree := func(name string) []string {
		root := filepath.Join(dir, name)
		dirs := []string{root, filepath.Join(root, "capabilities"), filepath.Join(root, "capabilities/ui")}
		if err := os.MkdirAll(dirs[len(dirs)-1], 0o755); err != nil {
			t.Fatal(err)
		}
		return dirs
	}
	old, cur := tree("a"), tree("b")
	link := filepath.Join(dir, "current")
	if err := os.Symlink("a", link); err != nil {
		t.Fatal(err)
	}
	n, err := openFSNotifier(NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: link}}}))
	if err != nil {
		t.Skipf("no inotify: %v", err)
	}
	defer n.close()
	n.sync("", old, nil, nil)
	if err := os.Remove(link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("b", link); err != nil {
		t.Fatal(err)
	}
	n.sync("", cur, nil, nil) // the rebuild after the swap
	tests := []struct {
		event string // under the temp dir
		want  bool
	}{
		{"a/capabilities/ui/capability.json", false},
		{"a/capabilities/ui", false},
		{"b/capabilities/ui/capability.json", true},
		{"current", true},
	}
	for _, tt := range tests {
		if got := n.relevant(filepath.Join(dir, tt.event)); got != tt.want {
			t.Errorf("relevant(%s) = %v, want %v", tt.event, got, tt.want)
		}
	}
	n.entering(old[2]) // the old tree swapped back, and read again
	if !n.relevant(filepath.Join(old[2], "capability.json")) {
		t.Error("an event of a folder watched again is not relevant")
	}
}
