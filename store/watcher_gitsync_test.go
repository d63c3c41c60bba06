package store_test

import (
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/store/storetest"
)

// gitSyncRoot lays out a repository as git-sync v4 does: each commit
// checked out at <root>/.worktrees/<sha> (detached, its .git naming the
// commit), and <root>/current a relative link to the one served.
type gitSyncRoot struct {
	t    *testing.T
	root string
	cur  string // the worktree current points at
}

// checkout makes the worktree of commit sha from testdata/repo, with the
// files of broken (path → content) written over it.
func (g *gitSyncRoot) checkout(sha string, broken map[string]string) {
	g.t.Helper()
	dir := filepath.Join(g.root, ".worktrees", sha)
	copyRepoTree(g.t, "../testdata/repo", dir)
	writeTestFile(g.t, filepath.Join(dir, ".git", "HEAD"), []byte(sha+"\n"))
	for p, content := range broken {
		writeTestFile(g.t, filepath.Join(dir, filepath.FromSlash(p)), []byte(content))
	}
}

// sync checks out sha, swaps current to it and deletes the worktree it
// replaced, in git-sync's order.
func (g *gitSyncRoot) sync(sha string, broken map[string]string) {
	g.t.Helper()
	g.checkout(sha, broken)
	storetest.SwapLink(g.t, filepath.Join(".worktrees", sha), filepath.Join(g.root, "current"))
	if g.cur != "" {
		removeAll(g.t, filepath.Join(g.root, ".worktrees", g.cur))
	}
	g.cur = sha
}

// TestWatcherFailureNamesTheBrokenCommit: when git-sync moves to a commit
// whose registry has errors, the status of the failure names that commit
// (the served revision is the last good one), and a later broken commit
// with the same findings is a new failure naming its own commit; a fix
// clears it.
func TestWatcherFailureNamesTheBrokenCommit(t *testing.T) {
	const (
		good   = "1111111111111111111111111111111111111111"
		bad    = "2222222222222222222222222222222222222222"
		bad2   = "3333333333333333333333333333333333333333"
		fixed  = "4444444444444444444444444444444444444444"
		uiFile = "capabilities/ui/capability.json"
	)
	broken := map[string]string{uiFile: `{"id": `}
	g := &gitSyncRoot{t: t, root: t.TempDir()}
	g.sync(good, nil)
	w, _ := startWatcher(t, filepath.Join(g.root, "current"), store.WatchOptions{})
	if got := w.Status().Revision; got != good {
		t.Fatalf("served revision %q, want %s", got, good)
	}
	failedAt := func(sha string) func() bool {
		return func() bool { f := w.Status().Failure; return f != nil && f.Revision == sha }
	}

	g.sync(bad, broken)
	waitFor(t, "the failure of the broken commit", failedAt(bad))
	st := w.Status()
	if st.Revision != good || st.Failures != 1 {
		t.Errorf("after the broken commit: revision %q, %d failures; want %s, 1", st.Revision, st.Failures, good)
	}
	if d := st.Failure.Diagnostics; len(d) == 0 || d[0].File != uiFile {
		t.Errorf("failure diagnostics %v, want one in %s", d, uiFile)
	}

	g.sync(bad2, broken)
	waitFor(t, "the failure of the second broken commit", failedAt(bad2))
	if st := w.Status(); st.Failures != 2 {
		t.Errorf("a second broken commit with the same findings: %d failures, want 2", st.Failures)
	}

	g.sync(fixed, nil)
	waitFor(t, "the fixed commit", func() bool { return w.Status().Revision == fixed })
	if f := w.Status().Failure; f != nil {
		t.Errorf("failure %+v after the fix", f)
	}
}

// TestWatcherLogsTheBrokenCommit: the log line of a failed rebuild names
// the commit and its first finding, for an operator who has only the logs,
// and the commit still served under the key "registry rebuilt" gives it
// (revision, as in /status), the broken one under failedRevision: the
// line gave the broken commit as revision and not the served one. The
// rebuild that serves a fix says it resolves the failure, and how many
// warnings /status lists.
func TestWatcherLogsTheBrokenCommit(t *testing.T) {
	const (
		good  = "1111111111111111111111111111111111111111"
		bad   = "2222222222222222222222222222222222222222"
		fixed = "3333333333333333333333333333333333333333"
	)
	g := &gitSyncRoot{t: t, root: t.TempDir()}
	g.sync(good, nil)
	var log syncBuffer
	w, _ := startWatcher(t, filepath.Join(g.root, "current"), store.WatchOptions{Logger: slog.New(slog.NewTextHandler(&log, nil))})
	g.sync(bad, map[string]string{"capabilities/ui/capability.json": `{"id": `})
	waitFor(t, "the failure", func() bool { return w.Status().Failure != nil })
	g.sync(fixed, nil)
	waitFor(t, "the fix", func() bool { return w.Status().Revision == fixed })
	lineOf := func(msg, revision string) string {
		for l := range strings.SplitSeq(log.String(), "\n") {
			if strings.Contains(l, msg) && strings.Contains(l, revision) {
				return l
			}
		}
		return ""
	}
	for _, tt := range []struct {
		msg, revision string
		want          []string
	}{
		{"rebuild failed", bad, []string{"generation=1 revision=" + good + " ", "failedRevision=" + bad,
			`first="capabilities/ui/capability.json:1:8: error [json-syntax]`}},
		{"registry rebuilt", fixed, []string{"generation=2 revision=" + fixed + " ", "digest=", "warnings=1 ", "resolved=true"}},
	} {
		line := lineOf(tt.msg, tt.revision)
		for _, want := range tt.want {
			if !strings.Contains(line, want) {
				t.Errorf("the %q line %q lacks %q\n%s", tt.msg, line, want, log.String())
			}
		}
	}
	if line := lineOf("registry rebuilt", good); strings.Contains(line, "resolved") {
		t.Errorf("the first build's line %q says it resolves a failure", line)
	}
}

// TestWatcherIgnoresTheOldWorktree: once git-sync has swapped its link,
// the deletion of the worktree it replaced is no change: the rebuild the
// swap asked for reads the new tree. Each of its events restarted the
// debounce, which put off serving a large repository's new commit.
func TestWatcherIgnoresTheOldWorktree(t *testing.T) {
	const (
		first  = "1111111111111111111111111111111111111111"
		second = "2222222222222222222222222222222222222222"
		third  = "3333333333333333333333333333333333333333"
	)
	g := &gitSyncRoot{t: t, root: t.TempDir()}
	g.sync(first, nil)
	// A debounce long enough for the swap and the deletion to be seen
	// before the rebuild, as they are with git-sync and a large tree.
	w, c := startWatcher(t, filepath.Join(g.root, "current"), store.WatchOptions{Debounce: time.Second})
	swap := func(sha string) int64 {
		before := c.events.Load()
		g.checkout(sha, nil)
		storetest.SwapLink(t, filepath.Join(".worktrees", sha), filepath.Join(g.root, "current"))
		return before
	}
	before := swap(second) // the first worktree stays
	waitFor(t, "the second commit", func() bool { return w.Status().Revision == second })
	swapEvents := c.events.Load() - before

	before = swap(third)
	removeAll(t, filepath.Join(g.root, ".worktrees", second))
	waitFor(t, "the third commit", func() bool { return w.Status().Revision == third })
	if got := c.events.Load() - before; got != swapEvents {
		t.Errorf("a swap and the deletion of the old worktree counted %d events; the swap alone counts %d", got, swapEvents)
	}
}

// TestPollGitSyncCommitCostsOneRebuild: under --poll a git-sync commit
// (new worktree, link swapped, old worktree removed) costs one rebuild, as
// with inotify. What the last scan read was looked for in the old
// worktree, so the tick after the rebuild differed and rescanned the whole
// tree again, to find it unchanged.
func TestPollGitSyncCommitCostsOneRebuild(t *testing.T) {
	const (
		first  = "1111111111111111111111111111111111111111"
		second = "2222222222222222222222222222222222222222"
	)
	g := &gitSyncRoot{t: t, root: t.TempDir()}
	g.sync(first, nil)
	const poll = 200 * time.Millisecond
	w, c := startWatcher(t, filepath.Join(g.root, "current"), store.WatchOptions{Poll: poll})
	time.Sleep(5 * poll) // past the rescan that follows the first scan
	before := c.ok.Load() + c.failed.Load() + c.unchanged.Load()
	g.sync(second, nil)
	waitFor(t, "the second commit", func() bool { return w.Status().Revision == second })
	time.Sleep(5 * poll)
	if got := c.ok.Load() + c.failed.Load() + c.unchanged.Load() - before; got != 1 {
		t.Errorf("one git-sync commit under --poll cost %d rebuilds (%d unchanged), want 1", got, c.unchanged.Load())
	}
}
