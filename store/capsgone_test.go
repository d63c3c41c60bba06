package store_test

import (
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/store/storetest"
)

// goneLines are the log lines warning that the capabilities went.
func goneLines(log *syncBuffer) []string {
	var out []string
	for l := range strings.SplitSeq(log.String(), "\n") {
		if strings.Contains(l, "the registry holds no capability") {
			out = append(out, l)
		}
	}
	return out
}

// TestWatcherWarnsWhenTheCapabilitiesGo: a repository whose capabilities
// folder is moved away while served, or emptied, is still valid (host
// steps and tool cards) and is served, as every valid tree is; but where
// the registry served held capabilities, the daemon says at WARN that
// the folder is gone, or holds none, and how many the registry it replaces
// held: a bad git-sync or a wrong --repo served a registry without
// capabilities, ready, and logged only "capabilities=0". Said once at the
// change, not at every rebuild after; not for a first build holding none.
func TestWatcherWarnsWhenTheCapabilitiesGo(t *testing.T) {
	repo := t.TempDir()
	copyRepoTree(t, "../testdata/repo", repo)
	var log syncBuffer
	w, _ := startWatcher(t, repo, store.WatchOptions{Logger: slog.New(slog.NewTextHandler(&log, nil))})
	if n := len(w.Current().Registry.Capabilities); n != 12 {
		t.Fatalf("first build: %d capabilities, want 12", n)
	}
	// A rebuild that keeps capabilities says nothing of the kind.
	writeTestFile(t, filepath.Join(repo, "workflows", "first.md"), []byte("# no marker\n"))
	waitFor(t, "generation 2", func() bool { return w.Status().Generation == 2 })
	caps := filepath.Join(repo, "capabilities")
	if err := os.Rename(caps, filepath.Join(t.TempDir(), "capabilities")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the registry without capabilities", func() bool { return len(w.Current().Registry.Capabilities) == 0 })
	if st := w.Status(); st.Failure != nil || st.Generation != 3 {
		t.Errorf("status %+v: want generation 3 served, no failure", st)
	}
	waitFor(t, "the warning", func() bool { return len(goneLines(&log)) == 1 })
	line := goneLines(&log)[0]
	for _, want := range []string{"level=WARN", `"the capabilities folder \"capabilities\" is gone: the registry holds no capability, where generation 2 served 12 capabilities; serving it`,
		"generation=3 ", "servedGeneration=2 ", "servedCapabilities=12 ", "capabilitiesFolder=capabilities ", "repo=" + repo} {
		if !strings.Contains(line, want) {
			t.Errorf("log line %q lacks %q", line, want)
		}
	}
	// A rebuild that still finds none replaces a registry holding none:
	// nothing more is said.
	writeTestFile(t, filepath.Join(repo, "workflows", "extra.md"), []byte("# no marker\n"))
	waitFor(t, "the next generation", func() bool { return w.Status().Generation == 4 })
	// Back, and then every capability folder deleted: the folder is there,
	// holding none. (A rebuild may land between two deletions, and serve
	// the capabilities left: the count served is not pinned here.)
	copyRepoTree(t, "../testdata/repo/capabilities", caps)
	waitFor(t, "the capabilities back", func() bool { return len(w.Current().Registry.Capabilities) == 12 })
	entries, err := os.ReadDir(caps)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		removeAll(t, filepath.Join(caps, e.Name()))
	}
	waitFor(t, "the second warning", func() bool { return len(goneLines(&log)) == 2 })
	if line := goneLines(&log)[1]; !strings.Contains(line, `"the capabilities folder \"capabilities\" holds no capability any more: the registry holds no capability, where generation`) ||
		!regexp.MustCompile(`servedCapabilities=[1-9]`).MatchString(line) {
		t.Errorf("log line %q: want the folder there, holding none, where some were served", line)
	}
	if n := len(goneLines(&log)); n != 2 {
		t.Errorf("%d warnings, want 2:\n%s", n, log.String())
	}
}

// TestWatcherWarnsWhenACheckoutHasNoCapabilities: git-sync moving to a
// commit whose tree has no capabilities folder (the whole checkout
// replaced) is served, with the warning naming the commit's generation.
// A first build without capabilities says nothing of the kind.
func TestWatcherWarnsWhenACheckoutHasNoCapabilities(t *testing.T) {
	const good, moved = "1111111111111111111111111111111111111111", "2222222222222222222222222222222222222222"
	g := &gitSyncRoot{t: t, root: t.TempDir()}
	g.sync(good, nil)
	var log syncBuffer
	w, _ := startWatcher(t, filepath.Join(g.root, "current"), store.WatchOptions{Logger: slog.New(slog.NewTextHandler(&log, nil))})
	g.checkout(moved, nil)
	removeAll(t, filepath.Join(g.root, ".worktrees", moved, "capabilities"))
	storetest.SwapLink(t, filepath.Join(".worktrees", moved), filepath.Join(g.root, "current"))
	waitFor(t, "the commit without capabilities", func() bool { return w.Status().Revision == moved })
	waitFor(t, "the warning", func() bool { return len(goneLines(&log)) == 1 })
	if line := goneLines(&log)[0]; !strings.Contains(line, `capabilities folder \"capabilities\" is gone`) || !strings.Contains(line, "servedCapabilities=12 ") {
		t.Errorf("log line %q", line)
	}

	repo := t.TempDir()
	copyRepoTree(t, "../testdata/repo", repo)
	removeAll(t, filepath.Join(repo, "capabilities"))
	var first syncBuffer
	w, _ = startWatcher(t, repo, store.WatchOptions{Logger: slog.New(slog.NewTextHandler(&first, nil))})
	if w.Current().Registry == nil || len(w.Current().Registry.Capabilities) != 0 {
		t.Fatal("want a registry without capabilities served")
	}
	if lines := goneLines(&first); len(lines) != 0 {
		t.Errorf("a first build warned: %q", lines)
	}
}
