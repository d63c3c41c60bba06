package store_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/store/storetest"
	"github.com/capreg/capreg/validate"
)

// counter is a store.Observer that counts what the watcher reports,
// including the optional reports of unchanged and waiting rebuilds.
type counter struct {
	ok, failed, unchanged, waiting, events, overflows, fallbacks atomic.Int64
}

func (c *counter) Unchanged(bool, time.Duration, *store.Snapshot) { c.unchanged.Add(1) }
func (c *counter) Waiting(time.Duration)                          { c.waiting.Add(1) }

func (c *counter) Rebuilt(ok bool, _ time.Duration, _ *store.Snapshot) {
	if ok {
		c.ok.Add(1)
	} else {
		c.failed.Add(1)
	}
}
func (c *counter) WatchEvent()    { c.events.Add(1) }
func (c *counter) WatchOverflow() { c.overflows.Add(1) }
func (c *counter) WatchFallback() { c.fallbacks.Add(1) }

// startWatcher runs a watcher on repo until the test ends and waits for its
// first snapshot.
func startWatcher(t *testing.T, repo string, opts store.WatchOptions) (*store.Watcher, *counter) {
	t.Helper()
	c := &counter{}
	opts.Repo, opts.Observer = repo, c
	if opts.Debounce == 0 {
		opts.Debounce = 50 * time.Millisecond
	}
	if opts.ReloadInterval == 0 {
		opts.ReloadInterval = time.Nanosecond // these tests follow changes in real time, reloads included
	}
	w := store.NewWatcher(opts)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	waitFor(t, "the first snapshot", func() bool { return w.Current() != nil })
	return w, c
}

// waitFor polls cond for up to 10 seconds (the watcher works in real time).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func title(w *store.Watcher, id string) string {
	c := w.Current().Registry.ByID[id]
	if c == nil {
		return ""
	}
	return c.Manifest.Get("title").StringOr("")
}

func setTitle(t testing.TB, path, title string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(data), `"title": "`)
	j := i + len(`"title": "`) + strings.Index(string(data[i+len(`"title": "`):]), `"`)
	return []byte(string(data[:i]) + `"title": "` + title + string(data[j:]))
}

// TestWatcherFollowsChanges: the watcher serves edits in place, atomic
// saves, added and removed capabilities and deleted files, reusing what did
// not change; a broken save keeps the last good registry until it is fixed.
func TestWatcherFollowsChanges(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	w, c := startWatcher(t, repo, store.WatchOptions{})
	ui := filepath.Join(repo, "capabilities/ui/capability.json")

	t.Run("edit in place", func(t *testing.T) {
		first := w.Current()
		writeTestFile(t, ui, setTitle(t, ui, "Edited in place"))
		waitFor(t, "the edit", func() bool { return title(w, "ui") == "Edited in place" })
		if w.Current().SearchIndex() != first.SearchIndex() || w.Current().Commands() != first.Commands() {
			t.Error("the tool cards did not change, yet the search index or the command matcher was rebuilt")
		}
		// Unchanged files keep the bytes first read (which the validation
		// cache's documents point into); the edited one has new bytes.
		before, after := manifests(first), manifests(w.Current())
		for folder, data := range after {
			shared := unsafe.SliceData(data) == unsafe.SliceData(before[folder])
			if changed := folder == "ui"; shared == changed {
				t.Errorf("capability %s: shares the previous bytes = %v, changed = %v", folder, shared, changed)
			}
		}
	})
	t.Run("atomic rename save", func(t *testing.T) {
		tmp := filepath.Join(repo, "capabilities/ui/.capability.json.swp")
		writeTestFile(t, tmp, setTitle(t, ui, "Saved by rename"))
		mustRename(t, tmp, ui)
		waitFor(t, "the renamed save", func() bool { return title(w, "ui") == "Saved by rename" })
	})
	t.Run("add a capability directory", func(t *testing.T) {
		data, _ := os.ReadFile(filepath.Join(repo, "capabilities/drift/capability.json"))
		data = []byte(strings.NewReplacer(`"id": "drift"`, `"id": "drift2"`, "workflow.", "workflow2.").Replace(string(data)))
		writeTestFile(t, filepath.Join(repo, "capabilities/drift2/capability.json"), data)
		waitFor(t, "the new capability", func() bool { return w.Current().Registry.ByID["drift2"] != nil })
		// The new directory is watched too.
		p := filepath.Join(repo, "capabilities/drift2/capability.json")
		writeTestFile(t, p, setTitle(t, p, "Drift two"))
		waitFor(t, "an edit in the new directory", func() bool { return title(w, "drift2") == "Drift two" })
	})
	t.Run("remove a capability directory", func(t *testing.T) {
		if err := os.RemoveAll(filepath.Join(repo, "capabilities/drift2")); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the removal", func() bool { return w.Current().Registry.ByID["drift2"] == nil })
	})
	t.Run("a broken save keeps the last good registry, its fix is served", func(t *testing.T) {
		good := w.Current()
		failedBefore := c.failed.Load()
		writeTestFile(t, ui, []byte(`{"id": "ui", `))
		waitFor(t, "the failed rebuild", func() bool { return c.failed.Load() > failedBefore })
		if w.Current() != good {
			t.Fatal("a failed rebuild replaced the served snapshot")
		}
		st := w.Status()
		if st.Failure == nil || len(st.Failure.Diagnostics) == 0 || st.Failure.Diagnostics[0].Rule != "json-syntax" ||
			st.Failure.Diagnostics[0].File != "capabilities/ui/capability.json" {
			t.Fatalf("status failure = %+v", st.Failure)
		}
		writeTestFile(t, ui, setTitle(t, filepath.Join("../testdata/repo/capabilities/ui/capability.json"), "Fixed"))
		waitFor(t, "the fix", func() bool { return title(w, "ui") == "Fixed" })
		if st := w.Status(); st.Failure != nil || st.Generation != w.Current().Generation {
			t.Errorf("after the fix: failure %+v, generation %d vs %d", st.Failure, st.Generation, w.Current().Generation)
		}
	})
	t.Run("delete a file", func(t *testing.T) {
		if err := os.Remove(filepath.Join(repo, "bin/ft.card.json")); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the card removal", func() bool { return len(w.Current().Result.Cards) == 4 })
		if n := w.Current().SearchIndex().Len(); n != 4 {
			t.Errorf("search index holds %d cards after the removal, want 4", n)
		}
	})
}

// manifests maps each capability folder of a snapshot to its manifest bytes.
func manifests(s *store.Snapshot) map[string][]byte {
	out := map[string][]byte{}
	for _, c := range s.Sources.Capabilities {
		out[c.Folder] = c.Manifest.Data
	}
	return out
}

// TestWatcherCheckoutStorm writes 200 files as a checkout would and expects
// one or a few rebuilds, not hundreds.
func TestWatcherCheckoutStorm(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	w, c := startWatcher(t, repo, store.WatchOptions{Debounce: 100 * time.Millisecond})
	before := c.ok.Load() + c.failed.Load()
	for i := range 200 {
		tool := filepath.Join(repo, "bin", fmt.Sprintf("gen-%03d", i))
		writeTestFile(t, tool, []byte("#!/bin/sh\n"))
		writeTestFile(t, tool+".card.json", []byte(fmt.Sprintf(`{"id":"gen-%03d","command":"bin/gen-%03d","summary":"Generated tool %d.","intent_phrases":["run generated tool %d"],"effects":"None.","risk":"reversible","example":"bin/gen-%03d"}`, i, i, i, i, i)))
		if i%20 == 0 {
			time.Sleep(time.Millisecond) // a checkout is fast, not instantaneous
		}
	}
	waitFor(t, "all 200 cards", func() bool { return len(w.Current().Result.Cards) == 205 })
	time.Sleep(300 * time.Millisecond)
	rebuilds := c.ok.Load() + c.failed.Load() - before
	t.Logf("400 files written: %d rebuilds, %d watch events", rebuilds, c.events.Load())
	if rebuilds < 1 || rebuilds > 3 {
		t.Errorf("%d rebuilds for one checkout, want 1 to 3", rebuilds)
	}
}

// TestWatcherSymlinkSwap swaps the whole tree the way git-sync and ConfigMap
// mounts do: the repository path is a link, replaced atomically.
func TestWatcherSymlinkSwap(t *testing.T) {
	base := t.TempDir()
	v1, v2 := filepath.Join(base, "rev-1"), filepath.Join(base, "rev-2")
	copyRepoTree(t, "../testdata/repo", v1)
	copyRepoTree(t, "../testdata/repo", v2)
	ui2 := filepath.Join(v2, "capabilities/ui/capability.json")
	writeTestFile(t, ui2, setTitle(t, ui2, "Revision two"))
	current := filepath.Join(base, "current")
	makeSymlink(t, "rev-1", current)
	w, _ := startWatcher(t, current, store.WatchOptions{})
	if title(w, "ui") != "UI design contracts" {
		t.Fatalf("title %q", title(w, "ui"))
	}
	tmp := filepath.Join(base, ".current.tmp")
	makeSymlink(t, "rev-2", tmp)
	mustRename(t, tmp, current)
	waitFor(t, "the swapped tree", func() bool { return title(w, "ui") == "Revision two" })
	if !strings.HasSuffix(w.Current().Root, "rev-2") {
		t.Errorf("root %s", w.Current().Root)
	}
	// The old revision is no longer followed; the new one is.
	ui1 := filepath.Join(v1, "capabilities/ui/capability.json")
	writeTestFile(t, ui1, setTitle(t, ui1, "Old revision edited"))
	writeTestFile(t, ui2, setTitle(t, ui2, "Revision two edited"))
	waitFor(t, "an edit in the new tree", func() bool { return title(w, "ui") == "Revision two edited" })
}

// TestWatcherConfigMapSwap: inside the repository, a ..data link swapped
// atomically (Kubernetes' atomic writer) is followed.
func TestWatcherConfigMapSwap(t *testing.T) {
	repo := t.TempDir()
	copyRepoTree(t, "../testdata/repo", filepath.Join(repo, "..2026_11_29_v1"))
	copyRepoTree(t, "../testdata/repo", filepath.Join(repo, "..2026_11_29_v2"))
	ui2 := filepath.Join(repo, "..2026_11_29_v2/capabilities/ui/capability.json")
	writeTestFile(t, ui2, setTitle(t, ui2, "ConfigMap two"))
	makeSymlink(t, "..2026_11_29_v1", filepath.Join(repo, "..data"))
	for _, name := range []string{"capabilities", "workflows", "bin", "scripts", "config", "capreg.json"} {
		makeSymlink(t, filepath.Join("..data", name), filepath.Join(repo, name))
	}
	w, _ := startWatcher(t, repo, store.WatchOptions{})
	if n := len(w.Current().Registry.Capabilities); n != 12 {
		t.Fatalf("%d capabilities through the ..data links, want 12", n)
	}
	tmp := filepath.Join(repo, "..data_tmp")
	makeSymlink(t, "..2026_11_29_v2", tmp)
	mustRename(t, tmp, filepath.Join(repo, "..data"))
	waitFor(t, "the swapped ..data", func() bool { return title(w, "ui") == "ConfigMap two" })
}

// TestWatcherPolling covers --poll, for file systems without inotify.
func TestWatcherPolling(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	w, _ := startWatcher(t, repo, store.WatchOptions{Poll: 50 * time.Millisecond, Debounce: 10 * time.Millisecond})
	ui := filepath.Join(repo, "capabilities/ui/capability.json")
	writeTestFile(t, ui, setTitle(t, ui, "Polled"))
	waitFor(t, "the polled change", func() bool { return title(w, "ui") == "Polled" })
}

// TestWatcherNeverServesABrokenRepository: a repository that is broken from
// the start is never served, and says why.
func TestWatcherNeverServesABrokenRepository(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	writeTestFile(t, filepath.Join(repo, "capabilities/ui/capability.json"), []byte("{"))
	c := &counter{}
	w := store.NewWatcher(store.WatchOptions{Options: store.Options{ScanOptions: store.ScanOptions{Repo: repo}}, Observer: c})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go w.Run(ctx)
	waitFor(t, "the first attempt", func() bool { return c.failed.Load() == 1 })
	if w.Current() != nil {
		t.Fatal("a broken repository is served")
	}
	if st := w.Status(); st.Failure == nil || !slices.ContainsFunc(st.Failure.Diagnostics, func(d validate.Diagnostic) bool { return d.Rule == "json-syntax" }) {
		t.Errorf("status %+v", st)
	}
}

// BenchmarkChangeToServed measures how long an edit takes to be served: from
// the write to the first Current() that reflects it, with the default 100 ms
// debounce, over 20 edits. It reports the median and the worst.
func BenchmarkChangeToServed(b *testing.B) {
	repo := b.TempDir()
	copyRepoTree(b, "../testdata/repo", repo)
	changeToServed(b, repo, "ui")
}

// BenchmarkChangeToServed10k is the same on a 10,000-capability repository,
// where the rebuild itself dominates.
func BenchmarkChangeToServed10k(b *testing.B) {
	repo := b.TempDir()
	if err := storetest.WriteRepo(repo, 10000); err != nil {
		b.Fatal(err)
	}
	entries, err := os.ReadDir(filepath.Join(repo, "capabilities"))
	if err != nil || len(entries) == 0 {
		b.Fatal("no capabilities", err)
	}
	changeToServed(b, repo, entries[len(entries)/2].Name())
}

func changeToServed(b *testing.B, repo, id string) {
	c := &counter{}
	w := store.NewWatcher(store.WatchOptions{Options: store.Options{ScanOptions: store.ScanOptions{Repo: repo}}, Observer: c})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go w.Run(ctx)
	for w.Current() == nil {
		time.Sleep(time.Millisecond)
	}
	manifest := filepath.Join(repo, "capabilities", id, "capability.json")
	var lat []time.Duration
	for b.Loop() {
		lat = lat[:0]
		for i := range 20 {
			want := fmt.Sprintf("Edit %d", i)
			data := setTitle(b, manifest, want)
			start := time.Now()
			os.WriteFile(manifest, data, 0o644)
			for title(w, id) != want {
				time.Sleep(100 * time.Microsecond)
			}
			lat = append(lat, time.Since(start))
		}
	}
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(lat[len(lat)-1].Microseconds())/1000, "worst-ms")
	// What the daemon holds between rebuilds: the served snapshot, its
	// search index and the validation cache (plus this test's own data).
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	b.ReportMetric(float64(m.HeapAlloc)/(1<<20), "live-MB")
}

// TestWatcherWaitsForTheRepository: a repository that does not exist yet
// (git-sync still cloning) is waited for, which is not a failed rebuild, and
// served as soon as it appears; once served, its disappearance is a failure.
func TestWatcherWaitsForTheRepository(t *testing.T) {
	for _, mode := range []string{"inotify", "poll"} {
		t.Run(mode, func(t *testing.T) {
			base := t.TempDir()
			current := filepath.Join(base, "current")
			opts := store.WatchOptions{Options: store.Options{ScanOptions: store.ScanOptions{Repo: current}}, Debounce: 10 * time.Millisecond}
			if mode == "poll" {
				opts.Poll = 20 * time.Millisecond
			}
			c := &counter{}
			opts.Observer = c
			w := store.NewWatcher(opts)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			go w.Run(ctx)
			waitFor(t, "the first attempt", func() bool { return c.waiting.Load()+c.failed.Load() >= 1 })
			st := w.Status()
			if w.Current() != nil {
				t.Fatal("served a repository that does not exist")
			}
			if c.failed.Load() != 0 || st.Failures != 0 || st.Failure != nil || !strings.Contains(st.Waiting, "waiting for it to appear") {
				t.Errorf("while waiting: %d failed rebuilds reported, status %+v", c.failed.Load(), st)
			}
			copyRepoTree(t, "../testdata/repo", filepath.Join(base, "rev-1"))
			makeSymlink(t, "rev-1", current)
			waitFor(t, "the repository to be served", func() bool { return w.Current() != nil })
			if st := w.Status(); st.Waiting != "" || st.Failures != 0 {
				t.Errorf("once served: status %+v", st)
			}
			if err := os.Remove(current); err != nil {
				t.Fatal(err)
			}
			waitFor(t, "the vanished repository to fail", func() bool { return c.failed.Load() == 1 })
			if st := w.Status(); st.Waiting != "" || st.Failures != 1 || st.Failure == nil {
				t.Errorf("vanished after a good build: status %+v", st)
			}
		})
	}
}

// TestWatcherUnreadableRootCarriesItsDiagnostic: a repository that cannot
// be read at all (gone, a link to a file, a dangling link, a link loop)
// is a failure whose diagnostic says why, in /status and in the log line,
// as the metrics count it: they said 1 error where the log said 0 and
// /status null.
func TestWatcherUnreadableRootCarriesItsDiagnostic(t *testing.T) {
	tests := []struct {
		name   string
		target string // where current leads once broken, under the base; "": rev-1 deleted
	}{
		{"gone", ""},
		{"a link to a file", "file"},
		{"a dangling link", "nowhere/repo"},
		{"a link loop", "current"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := t.TempDir()
			current := filepath.Join(base, "current")
			copyRepoTree(t, "../testdata/repo", filepath.Join(base, "rev-1"))
			writeTestFile(t, filepath.Join(base, "file"), []byte("not a folder\n"))
			makeSymlink(t, "rev-1", current)
			var log syncBuffer
			w, c := startWatcher(t, current, store.WatchOptions{Logger: slog.New(slog.NewTextHandler(&log, nil))})
			if tt.target == "" {
				// Moved out first, then deleted: a rebuild during a
				// removal in place could read capreg.json with the
				// schema it names already gone, a failure of its own.
				trash := filepath.Join(t.TempDir(), "rev-1")
				if err := os.Rename(filepath.Join(base, "rev-1"), trash); err != nil {
					t.Fatal(err)
				}
				removeAll(t, trash)
			} else {
				storetest.SwapLink(t, tt.target, current)
			}
			waitFor(t, "the failure", func() bool { return c.failed.Load() == 1 })
			f := w.Status().Failure
			if f == nil || len(f.Diagnostics) != 1 || !f.Unread() {
				t.Fatalf("failure %+v, want one diagnostic", f)
			}
			if d := f.Diagnostics[0]; d.Rule != "file-unreadable" || d.Severity != validate.Error || d.Message != f.Error {
				t.Errorf("diagnostic %+v, want the error %q as a file-unreadable error", d, f.Error)
			}
			line := ""
			for l := range strings.SplitSeq(log.String(), "\n") {
				if strings.Contains(l, "rebuild failed") {
					line = l
				}
			}
			for _, want := range []string{"errors=1", `first="capreg: error [file-unreadable] cannot read repository`} {
				if !strings.Contains(line, want) {
					t.Errorf("the failure's log line %q lacks %q", line, want)
				}
			}
		})
	}
}

// TestWatcherServedRepositoryGoneNamesNoSibling: a repository that was
// served and is then moved away is reported gone, without the "did you
// mean" a mistyped --repo gets: the sibling it named ("repo2" for "repo")
// is no repository meant instead.
func TestWatcherServedRepositoryGoneNamesNoSibling(t *testing.T) {
	base := t.TempDir()
	repo := filepath.Join(base, "repo")
	copyRepoTree(t, "../testdata/repo", repo)
	w, c := startWatcher(t, repo, store.WatchOptions{})
	if err := os.Rename(repo, repo+"2"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the failure", func() bool { return c.failed.Load() == 1 })
	f := w.Status().Failure
	if f == nil || strings.Contains(f.Error, "did you mean") || len(f.Diagnostics) != 1 || strings.Contains(f.Diagnostics[0].Message, "did you mean") {
		t.Errorf("failure %+v, want the repository gone and no sibling named", f)
	}
}

// TestWatcherKeepsARegistryOverAnEmptiedRepository: once a registry that
// holds something is served, a repository emptied (a re-clone still
// fetching: only .git; rm -rf && mkdir) is a failed rebuild that keeps it,
// where an empty registry was served, ready. Filled again, it is served;
// the first build of an empty repository is served, and so is a later
// empty one while the registry served is empty.
func TestWatcherKeepsARegistryOverAnEmptiedRepository(t *testing.T) {
	tests := []struct {
		name  string
		empty func(t *testing.T, repo, outside string)
	}{
		{"a re-clone still fetching", func(t *testing.T, repo, outside string) {
			if err := os.Rename(repo, filepath.Join(outside, "keep")); err != nil {
				t.Fatal(err)
			}
			mustMkdirAll(t, filepath.Join(repo, ".git/objects"))
			writeTestFile(t, filepath.Join(repo, ".git/HEAD"), []byte("ref: refs/heads/main\n"))
		}},
		{"removed and made again", func(t *testing.T, repo, _ string) {
			removeAll(t, repo)
			mustMkdirAll(t, repo)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo, outside := scanRepoCopy(t)
			w, c := startWatcher(t, repo, store.WatchOptions{})
			served := w.Current()
			tt.empty(t, repo, outside)
			emptied := func(d validate.Diagnostic) bool {
				return d.Rule == "file-unreadable" && strings.Contains(d.Message, "holds nothing capreg reads")
			}
			// The observer hears of a rebuild just after its status is
			// stored: wait for both.
			waitFor(t, "the emptied repository to fail", func() bool {
				f := w.Status().Failure
				return f != nil && slices.ContainsFunc(f.Diagnostics, emptied) && c.failed.Load() > 0
			})
			st := w.Status()
			if w.Current() != served || st.Generation != 1 || c.failed.Load() == 0 {
				t.Errorf("status %+v, %d failures reported; want generation 1 served still", st, c.failed.Load())
			}
			d := st.Failure.Diagnostics[slices.IndexFunc(st.Failure.Diagnostics, emptied)]
			for _, want := range []string{"generation 1 served 12 capabilities, 5 host steps and 5 tool cards", "re-clone", "restarting capreg serve"} {
				if !strings.Contains(d.Message, want) {
					t.Errorf("diagnostic %q lacks %q", d.Message, want)
				}
			}
			copyRepoTree(t, baseRepoDir, repo) // the clone done
			waitFor(t, "the filled repository to be served", func() bool { return w.Status().Failure == nil })
			if got := len(w.Current().Registry.Capabilities); got != 12 {
				t.Errorf("%d capabilities served once filled, want 12", got)
			}
		})
	}
	t.Run("empty from the start", func(t *testing.T) {
		repo := t.TempDir()
		w, c := startWatcher(t, repo, store.WatchOptions{})
		mustMkdirAll(t, filepath.Join(repo, "docs"))
		writeTestFile(t, filepath.Join(repo, "docs/readme.md"), []byte("# Nothing yet\n"))
		waitFor(t, "the rebuild", func() bool { return c.ok.Load()+c.unchanged.Load() >= 2 })
		if st := w.Status(); st.Failure != nil || c.failed.Load() != 0 {
			t.Errorf("an empty repository served empty failed: status %+v", st)
		}
	})
}

// An input linked from a folder the walk skips (a capability vendored in
// node_modules/) is watched where it lives: its edits are served, and a
// broken edit is reported, in both watch modes.
func TestWatcherFollowsLinkedInputsInSkippedFolders(t *testing.T) {
	for _, mode := range []string{"inotify", "poll"} {
		t.Run(mode, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			manifest := filepath.Join(repo, "capabilities/ui/capability.json")
			vendored := filepath.Join(repo, "node_modules/caps/ui.json")
			data, err := os.ReadFile(manifest)
			if err != nil {
				t.Fatal(err)
			}
			writeTestFile(t, vendored, data)
			if err := os.Remove(manifest); err != nil {
				t.Fatal(err)
			}
			makeSymlink(t, "../../node_modules/caps/ui.json", manifest)
			opts := store.WatchOptions{}
			if mode == "poll" {
				opts.Poll = 20 * time.Millisecond
			}
			w, c := startWatcher(t, repo, opts)
			writeTestFile(t, vendored, setTitle(t, vendored, "Edited where it lives"))
			waitFor(t, "the edit of the linked manifest", func() bool { return title(w, "ui") == "Edited where it lives" })
			failed := c.failed.Load()
			writeTestFile(t, vendored, []byte(`{"id": "ui", `))
			waitFor(t, "the broken edit to fail the rebuild", func() bool { return c.failed.Load() > failed })
		})
	}
}

// TestWatcherLeavesTheServedSnapshotAlone: a rebuild only reads the snapshot
// being served, which requests (POST /validate overlays its sources) read
// at the same time. Run with -race.
func TestWatcherLeavesTheServedSnapshotAlone(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	w, _ := startWatcher(t, repo, store.WatchOptions{Debounce: 5 * time.Millisecond})
	var stop atomic.Bool
	done := make(chan struct{})
	go func() {
		defer close(done)
		for !stop.Load() {
			if _, err := w.Current().Overlay(map[string][]byte{"docs/x.md": []byte("hi")}, nil); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	ui := filepath.Join(repo, "capabilities/ui/capability.json")
	for i := range 10 {
		want := fmt.Sprintf("Edit %d", i)
		writeTestFile(t, ui, setTitle(t, ui, want))
		waitFor(t, want, func() bool { return title(w, "ui") == want })
	}
	stop.Store(true)
	<-done
}

// TestWatcherFollowsConfiguredInputsInSkippedFolders: what capreg.json
// names inside a folder the walk skips (a capabilities folder under
// vendor/, a config schema under node_modules/) is read, so its edits are
// served, in both watch modes: the poller's fingerprint covers what the
// scan read, not only what the walk reaches.
func TestWatcherFollowsConfiguredInputsInSkippedFolders(t *testing.T) {
	for _, mode := range []string{"inotify", "poll"} {
		t.Run(mode, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			if err := os.MkdirAll(filepath.Join(repo, "vendor"), 0o755); err != nil {
				t.Fatal(err)
			}
			mustRename(t, filepath.Join(repo, "capabilities"), filepath.Join(repo, "vendor/caps"))
			schema := filepath.Join(repo, "node_modules/gsd/config-schema.manifest.json")
			if err := os.MkdirAll(filepath.Dir(schema), 0o755); err != nil {
				t.Fatal(err)
			}
			mustRename(t, filepath.Join(repo, "config/config-schema.manifest.json"), schema)
			writeTestFile(t, filepath.Join(repo, "capreg.json"),
				[]byte(`{"capabilities": "vendor/caps", "configSchema": "node_modules/gsd/config-schema.manifest.json"}`))
			opts := store.WatchOptions{}
			if mode == "poll" {
				opts.Poll = 20 * time.Millisecond
			}
			w, c := startWatcher(t, repo, opts)
			ui := filepath.Join(repo, "vendor/caps/ui/capability.json")
			writeTestFile(t, ui, setTitle(t, ui, "Edited under vendor"))
			waitFor(t, "the edit of the configured capabilities folder", func() bool { return title(w, "ui") == "Edited under vendor" })
			failed := c.failed.Load()
			writeTestFile(t, schema, []byte("{"))
			waitFor(t, "the broken config schema to fail the rebuild", func() bool { return c.failed.Load() > failed })
		})
	}
}

// TestWatcherFollowsInputsThatLiveInSkippedFolders: inputs inside a folder
// the walk skips, which the scan reaches by name or through a link, are
// followed where they live even when they are not there yet: capreg.json
// as a link into vendor/, a configured root or config schema that appears
// later in an existing vendor/ or node_modules/, a workflow file named
// there. Each change is served (or fails the rebuild), in both watch modes.
func TestWatcherFollowsInputsThatLiveInSkippedFolders(t *testing.T) {
	const schema = `"configSchema": "config/config-schema.manifest.json"`
	tests := []struct {
		name   string
		setup  func(t *testing.T, repo, outside string)
		change func(t *testing.T, repo, outside string)
		// served says the change was seen; nil means it fails the rebuild.
		served func(w *store.Watcher) bool
	}{
		{name: "capreg.json is a link into vendor/",
			setup: func(t *testing.T, repo, _ string) {
				writeTestFile(t, filepath.Join(repo, "vendor/cfg/capreg.json"), []byte(`{`+schema+`}`))
				removeAll(t, filepath.Join(repo, "capreg.json"))
				makeSymlink(t, "vendor/cfg/capreg.json", filepath.Join(repo, "capreg.json"))
			},
			change: func(t *testing.T, repo, _ string) {
				writeTestFile(t, filepath.Join(repo, "vendor/cfg/capreg.json"), []byte(`{"cards": ["bin"], `+schema+`}`))
			},
			served: func(w *store.Watcher) bool { return len(w.Current().Result.Cards) == 4 }},
		{name: "the configured capabilities folder appears in vendor/",
			setup: func(t *testing.T, repo, outside string) {
				mustRename(t, filepath.Join(repo, "capabilities"), filepath.Join(outside, "caps"))
				writeTestFile(t, filepath.Join(repo, "vendor/modules.txt"), nil)
				writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"capabilities": "vendor/caps", `+schema+`}`))
			},
			change: func(t *testing.T, repo, outside string) {
				mustRename(t, filepath.Join(outside, "caps"), filepath.Join(repo, "vendor/caps"))
			},
			served: func(w *store.Watcher) bool { return w.Current() != nil && len(w.Current().Registry.Capabilities) == 12 }},
		{name: "the configured capabilities folder appears through a dangling link into node_modules/",
			setup: func(t *testing.T, repo, outside string) {
				mustRename(t, filepath.Join(repo, "capabilities"), filepath.Join(outside, "caps"))
				writeTestFile(t, filepath.Join(repo, "node_modules/.package-lock.json"), []byte("{}"))
				makeSymlink(t, "node_modules/pkgs", filepath.Join(repo, "vendor"))
				writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"capabilities": "vendor/caps", `+schema+`}`))
			},
			change: func(t *testing.T, repo, outside string) {
				mustMkdir(t, filepath.Join(repo, "node_modules/pkgs"))
				mustRename(t, filepath.Join(outside, "caps"), filepath.Join(repo, "node_modules/pkgs/caps"))
			},
			served: func(w *store.Watcher) bool { return w.Current() != nil && len(w.Current().Registry.Capabilities) == 12 }},
		{name: "the config schema appears in node_modules/",
			setup: func(t *testing.T, repo, outside string) {
				mustRename(t, filepath.Join(repo, "config/config-schema.manifest.json"), filepath.Join(outside, "schema.json"))
				writeTestFile(t, filepath.Join(repo, "node_modules/.package-lock.json"), []byte("{}"))
				writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"configSchema": "node_modules/gsd/schema.json"}`))
			},
			change: func(t *testing.T, repo, outside string) {
				mustMkdir(t, filepath.Join(repo, "node_modules/gsd"))
				mustRename(t, filepath.Join(outside, "schema.json"), filepath.Join(repo, "node_modules/gsd/schema.json"))
			},
			served: func(w *store.Watcher) bool { return w.Current() != nil }},
		// A link on the way that resolves, repointed (a pnpm upgrade, a
		// release switched): what is read moves without any change where
		// it was read.
		{name: "the config schema's package link in node_modules/ repointed",
			setup: func(t *testing.T, repo, _ string) {
				schemaData, err := os.ReadFile(filepath.Join(repo, "config/config-schema.manifest.json"))
				if err != nil {
					t.Fatal(err)
				}
				writeTestFile(t, filepath.Join(repo, "node_modules/.pnpm/core@1/schema.json"), schemaData)
				writeTestFile(t, filepath.Join(repo, "node_modules/.pnpm/core@2/schema.json"), []byte(`{`))
				makeSymlink(t, "../.pnpm/core@1", filepath.Join(repo, "node_modules/@gsd/core"))
				writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"configSchema": "node_modules/@gsd/core/schema.json"}`))
			},
			change: func(t *testing.T, repo, _ string) {
				storetest.SwapLink(t, "../.pnpm/core@2", filepath.Join(repo, "node_modules/@gsd/core"))
			}},
		{name: "the configured capabilities folder's link in vendor/ repointed",
			setup: func(t *testing.T, repo, _ string) {
				if err := os.MkdirAll(filepath.Join(repo, "vendor/releases"), 0o755); err != nil {
					t.Fatal(err)
				}
				mustRename(t, filepath.Join(repo, "capabilities"), filepath.Join(repo, "vendor/releases/a"))
				if err := os.CopyFS(filepath.Join(repo, "vendor/releases/b"), os.DirFS(filepath.Join(repo, "vendor/releases/a"))); err != nil {
					t.Fatal(err)
				}
				removeAll(t, filepath.Join(repo, "vendor/releases/b/drift"))
				makeSymlink(t, "releases/a", filepath.Join(repo, "vendor/caps"))
				writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"capabilities": "vendor/caps", `+schema+`}`))
			},
			change: func(t *testing.T, repo, _ string) {
				storetest.SwapLink(t, "releases/b", filepath.Join(repo, "vendor/caps"))
			},
			served: func(w *store.Watcher) bool { return len(w.Current().Registry.Capabilities) == 11 }},
		// A real folder on the way renamed away, and the way made again
		// with the root in it: the old folder's watch went with it.
		{name: "a folder on the way to a missing root renamed, and the root made",
			setup: func(t *testing.T, repo, outside string) {
				mustRename(t, filepath.Join(repo, "capabilities"), filepath.Join(outside, "caps"))
				mustMkdirAll(t, filepath.Join(repo, "vendor/a/b"))
				writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"capabilities": "vendor/a/b/caps", `+schema+`}`))
			},
			change: func(t *testing.T, repo, outside string) {
				mustRename(t, filepath.Join(repo, "vendor/a"), filepath.Join(repo, "vendor/a.old"))
				mustMkdirAll(t, filepath.Join(repo, "vendor/a/b"))
				mustRename(t, filepath.Join(outside, "caps"), filepath.Join(repo, "vendor/a/b/caps"))
			},
			served: func(w *store.Watcher) bool { return w.Current() != nil && len(w.Current().Registry.Capabilities) == 12 }},
		// npm replaces a package folder whole, and sets every file's time
		// to 1985: the new schema has the old one's size and time.
		{name: "the config schema's package folder replaced as npm does",
			setup: func(t *testing.T, repo, _ string) {
				schemaData, err := os.ReadFile(filepath.Join(repo, "config/config-schema.manifest.json"))
				if err != nil {
					t.Fatal(err)
				}
				npmWrite(t, filepath.Join(repo, "node_modules/gsd-core/schema.json"), schemaData)
				writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"configSchema": "node_modules/gsd-core/schema.json"}`))
			},
			change: func(t *testing.T, repo, _ string) {
				old, err := os.ReadFile(filepath.Join(repo, "node_modules/gsd-core/schema.json"))
				if err != nil {
					t.Fatal(err)
				}
				broken := bytes.Repeat([]byte("{"), len(old)) // same size, no JSON
				npmWrite(t, filepath.Join(repo, "node_modules/.staging/gsd-core/schema.json"), broken)
				mustRename(t, filepath.Join(repo, "node_modules/gsd-core"), filepath.Join(repo, "node_modules/.old-gsd-core"))
				mustRename(t, filepath.Join(repo, "node_modules/.staging/gsd-core"), filepath.Join(repo, "node_modules/gsd-core"))
			}},
		{name: "a workflow file named in vendor/",
			setup: func(t *testing.T, repo, _ string) {
				if err := os.MkdirAll(filepath.Join(repo, "vendor/gsd"), 0o755); err != nil {
					t.Fatal(err)
				}
				mustRename(t, filepath.Join(repo, "workflows/ship.md"), filepath.Join(repo, "vendor/gsd/ship.md"))
				writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"workflows": ["workflows", "vendor/gsd/ship.md"], `+schema+`}`))
			},
			change: func(t *testing.T, repo, _ string) {
				plan, err := os.ReadFile(filepath.Join(repo, "workflows/plan-phase.md"))
				if err != nil {
					t.Fatal(err)
				}
				writeTestFile(t, filepath.Join(repo, "vendor/gsd/ship.md"), plan) // a second plan step
			}},
	}
	for _, mode := range []string{"inotify", "poll"} {
		for _, tt := range tests {
			t.Run(mode+"/"+tt.name, func(t *testing.T) {
				repo, outside := scanRepoCopy(t)
				tt.setup(t, repo, outside)
				c := &counter{}
				w := runWatcherIn(t, repo, mode, 50*time.Millisecond, c)
				waitFor(t, "the first build", func() bool { return c.rebuilds() > 0 })
				if tt.served == nil && w.Current() == nil {
					t.Fatalf("the first build failed: %+v", w.Status().Failure)
				}
				// Settle: the poller rescans once for directories new to it.
				time.Sleep(100 * time.Millisecond)
				failed := c.failed.Load()
				tt.change(t, repo, outside)
				if tt.served != nil {
					waitFor(t, "the change to be served", func() bool { return tt.served(w) })
					return
				}
				waitFor(t, "the change to fail the rebuild", func() bool { return c.failed.Load() > failed })
			})
		}
	}
}

// TestWatcherSymlinkSwapAboveTheRepository: the repository path goes through
// a link that is not its last component (Capistrano's current/ holding the
// repository, git-sync with a subfolder: current/sub). Swapping that link
// is seen, in both watch modes, and the new tree is followed from then on.
func TestWatcherSymlinkSwapAboveTheRepository(t *testing.T) {
	for _, mode := range []string{"inotify", "poll"} {
		t.Run(mode, func(t *testing.T) {
			base := t.TempDir()
			copyRepoTree(t, baseRepoDir, filepath.Join(base, "releases/1/sub"))
			copyRepoTree(t, baseRepoDir, filepath.Join(base, "releases/2/sub"))
			ui2 := filepath.Join(base, "releases/2/sub/capabilities/ui/capability.json")
			writeTestFile(t, ui2, setTitle(t, ui2, "Release two"))
			current := filepath.Join(base, "current")
			makeSymlink(t, "releases/1", current)
			opts := store.WatchOptions{}
			if mode == "poll" {
				opts.Poll = 20 * time.Millisecond
			}
			w, _ := startWatcher(t, filepath.Join(current, "sub"), opts)
			if got := title(w, "ui"); got != "UI design contracts" {
				t.Fatalf("title %q", got)
			}
			tmp := filepath.Join(base, "current.tmp")
			makeSymlink(t, "releases/2", tmp)
			mustRename(t, tmp, current)
			waitFor(t, "the swapped release", func() bool { return title(w, "ui") == "Release two" })
			writeTestFile(t, ui2, setTitle(t, ui2, "Release two edited"))
			waitFor(t, "an edit in the new release", func() bool { return title(w, "ui") == "Release two edited" })
			// The subfolder itself replaced in the new release is seen too.
			next := filepath.Join(base, "releases/2/next")
			copyRepoTree(t, baseRepoDir, next)
			uiNext := filepath.Join(next, "capabilities/ui/capability.json")
			writeTestFile(t, uiNext, setTitle(t, uiNext, "Subfolder replaced"))
			mustRename(t, filepath.Join(base, "releases/2/sub"), filepath.Join(base, "releases/2/old"))
			mustRename(t, next, filepath.Join(base, "releases/2/sub"))
			waitFor(t, "the replaced subfolder", func() bool { return title(w, "ui") == "Subfolder replaced" })
		})
	}
}

// TestWatcherFollowsAFolderOfLinksMadeAgain: the repository path leads
// through a link held by a folder that a deploy tool renames away and
// makes again, with the link in it pointing elsewhere (current ->
// inner/stable, inner rebuilt with stable -> A). The new tree is served
// and followed, in both watch modes; inotify kept the old one, whose
// watch moved with the folder, and followed nothing more.
func TestWatcherFollowsAFolderOfLinksMadeAgain(t *testing.T) {
	for _, mode := range []string{"inotify", "poll"} {
		t.Run(mode, func(t *testing.T) {
			base := t.TempDir()
			copyRepoTree(t, baseRepoDir, filepath.Join(base, "inner/A"))
			copyRepoTree(t, baseRepoDir, filepath.Join(base, "inner/B"))
			uiB := filepath.Join(base, "inner/B/capabilities/ui/capability.json")
			writeTestFile(t, uiB, setTitle(t, uiB, "Tree B"))
			makeSymlink(t, "B", filepath.Join(base, "inner/stable"))
			makeSymlink(t, "inner/stable", filepath.Join(base, "current"))
			opts := store.WatchOptions{}
			if mode == "poll" {
				opts.Poll = 20 * time.Millisecond
			}
			w, _ := startWatcher(t, filepath.Join(base, "current"), opts)
			if got := title(w, "ui"); got != "Tree B" {
				t.Fatalf("title %q", got)
			}
			mustRename(t, filepath.Join(base, "inner"), filepath.Join(base, "inner.old"))
			if err := os.Mkdir(filepath.Join(base, "inner"), 0o755); err != nil {
				t.Fatal(err)
			}
			mustRename(t, filepath.Join(base, "inner.old/A"), filepath.Join(base, "inner/A"))
			makeSymlink(t, "A", filepath.Join(base, "inner/stable"))
			waitFor(t, "tree A", func() bool { return title(w, "ui") == "UI design contracts" })
			uiA := filepath.Join(base, "inner/A/capabilities/ui/capability.json")
			writeTestFile(t, uiA, setTitle(t, uiA, "Tree A edited"))
			waitFor(t, "an edit in tree A", func() bool { return title(w, "ui") == "Tree A edited" })
		})
	}
}

// writeRef writes a git file as git does: a lock file renamed over it.
func writeRef(t *testing.T, path, content string) {
	t.Helper()
	writeTestFile(t, path+".lock", []byte(content+"\n"))
	mustRename(t, path+".lock", path)
}

// TestWatcherFollowsTheGitRevision: a commit, a branch switch or a pack of
// the refs that changes no file of the working tree still changes the
// revision /status reports, in both watch modes, in a repository and in a
// linked worktree (whose .git is a file); git's other writes (the index, a
// fetch) cause no rebuild.
func TestWatcherFollowsTheGitRevision(t *testing.T) {
	const (
		rev1 = "1111111111111111111111111111111111111111"
		rev2 = "2222222222222222222222222222222222222222"
		rev3 = "3333333333333333333333333333333333333333"
		rev4 = "4444444444444444444444444444444444444444"
		rev5 = "5555555555555555555555555555555555555555"
	)
	for _, mode := range []string{"inotify", "poll"} {
		for _, layout := range []string{"repository", "worktree"} {
			t.Run(mode+"/"+layout, func(t *testing.T) {
				repo, outside := scanRepoCopy(t)
				common, gitDir := filepath.Join(repo, ".git"), filepath.Join(repo, ".git")
				if layout == "worktree" {
					// The main checkout is elsewhere; the repository is a
					// linked worktree of it.
					common = filepath.Join(outside, "main/.git")
					gitDir = filepath.Join(common, "worktrees/repo")
					writeTestFile(t, filepath.Join(repo, ".git"), []byte("gitdir: "+gitDir+"\n"))
					writeTestFile(t, filepath.Join(gitDir, "commondir"), []byte("../..\n"))
				}
				writeTestFile(t, filepath.Join(gitDir, "HEAD"), []byte("ref: refs/heads/main\n"))
				writeTestFile(t, filepath.Join(common, "refs/heads/main"), []byte(rev1+"\n"))
				writeTestFile(t, filepath.Join(common, "packed-refs"), []byte("# pack-refs with: peeled fully-peeled sorted\n"+rev3+" refs/heads/feature/x\n"))
				opts := store.WatchOptions{}
				if mode == "poll" {
					opts.Poll = 20 * time.Millisecond
				}
				w, c := startWatcher(t, repo, opts)
				revision := func(want string) func() bool { return func() bool { return w.Status().Revision == want } }
				waitFor(t, "the first revision", revision(rev1))

				writeRef(t, filepath.Join(common, "refs/heads/main"), rev2)
				waitFor(t, "the commit's revision", revision(rev2))

				writeRef(t, filepath.Join(gitDir, "HEAD"), "ref: refs/heads/feature/x")
				waitFor(t, "the packed revision of the branch switched to", revision(rev3))

				// A commit on a packed branch writes its loose ref, in a
				// folder that did not exist.
				writeRef(t, filepath.Join(common, "refs/heads/feature/x"), rev4)
				waitFor(t, "the commit on the packed branch", revision(rev4))

				// git pack-refs: the loose ref goes, packed-refs holds it.
				writeRef(t, filepath.Join(common, "packed-refs"), "# pack-refs with: peeled fully-peeled sorted\n"+rev5+" refs/heads/feature/x")
				removeAll(t, filepath.Join(common, "refs/heads/feature/x"))
				waitFor(t, "the packed revision", revision(rev5))

				time.Sleep(200 * time.Millisecond)
				before := c.rebuilds()
				for range 5 {
					writeRef(t, filepath.Join(common, "index"), "index")
					writeRef(t, filepath.Join(gitDir, "index"), "index")
					writeTestFile(t, filepath.Join(common, "FETCH_HEAD"), []byte(rev1))
					writeRef(t, filepath.Join(common, "refs/heads/other"), rev1)
				}
				time.Sleep(500 * time.Millisecond)
				if n := c.rebuilds() - before; n != 0 {
					t.Errorf("%d rebuilds for git's writes that do not move HEAD", n)
				}
			})
		}
	}
}

// TestWatcherFollowsGitCommits runs git itself, where it is installed: an
// empty commit is served with its revision, git status is no change.
func TestWatcherFollowsGitCommits(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git here")
	}
	repo, _ := scanRepoCopy(t)
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=capreg", "-c", "user.email=capreg@example.invalid", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = repo
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q", "-b", "main")
	git("add", "-A")
	git("commit", "-q", "-m", "one")
	w, c := startWatcher(t, repo, store.WatchOptions{})
	if got, want := w.Status().Revision, git("rev-parse", "HEAD"); got != want {
		t.Fatalf("revision %s, want %s", got, want)
	}
	git("commit", "-q", "--allow-empty", "-m", "two")
	want := git("rev-parse", "HEAD")
	waitFor(t, "the new commit's revision", func() bool { return w.Status().Revision == want })
	time.Sleep(200 * time.Millisecond)
	before := c.rebuilds()
	git("status")
	git("update-index", "--really-refresh")
	time.Sleep(500 * time.Millisecond)
	if n := c.rebuilds() - before; n != 0 {
		t.Errorf("%d rebuilds for git status", n)
	}
}

// npmWrite writes a file as npm installs it: its time set to npm's fixed
// 1985-10-26.
func npmWrite(t *testing.T, path string, data []byte) {
	t.Helper()
	writeTestFile(t, path, data)
	npmTime := time.Date(1985, 10, 26, 8, 15, 0, 0, time.UTC)
	if err := os.Chtimes(path, npmTime, npmTime); err != nil {
		t.Fatal(err)
	}
}

// TestWatcherIgnoresPackageChurn: a config schema reached through a pnpm
// link in node_modules/ watches that link's entry, not node_modules/: an
// install adding packages beside it is no change, in either mode.
func TestWatcherIgnoresPackageChurn(t *testing.T) {
	for _, mode := range []string{"inotify", "poll"} {
		t.Run(mode, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			schemaData, err := os.ReadFile(filepath.Join(repo, "config/config-schema.manifest.json"))
			if err != nil {
				t.Fatal(err)
			}
			writeTestFile(t, filepath.Join(repo, "node_modules/.pnpm/gsd-core@1/node_modules/gsd-core/schema.json"), schemaData)
			makeSymlink(t, ".pnpm/gsd-core@1/node_modules/gsd-core", filepath.Join(repo, "node_modules/gsd-core"))
			writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"configSchema": "node_modules/gsd-core/schema.json"}`))
			w, c := runSettledWatcher(t, repo, mode)
			before := c.rebuilds()
			for i := range 15 {
				writeTestFile(t, filepath.Join(repo, fmt.Sprintf("node_modules/.pnpm/p%d@1/node_modules/p%d/index.js", i, i)), []byte("x"))
				makeSymlink(t, fmt.Sprintf(".pnpm/p%d@1/node_modules/p%d", i, i), filepath.Join(repo, fmt.Sprintf("node_modules/p%d", i)))
				time.Sleep(10 * time.Millisecond)
			}
			time.Sleep(300 * time.Millisecond)
			if n := c.rebuilds() - before; n != 0 || w.Current().Generation != 1 {
				t.Errorf("%d rebuilds, generation %d, for packages installed beside the schema's", n, w.Current().Generation)
			}
		})
	}
}

// mustRename renames from to to, or fails the test.
func mustRename(t *testing.T, from, to string) {
	t.Helper()
	if err := os.Rename(from, to); err != nil {
		t.Fatal(err)
	}
}

// mustMkdir makes the directory dir, or fails the test.
func mustMkdir(t *testing.T, dir string) {
	t.Helper()
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}

// runWatcherIn runs a watcher on repo until the test ends, reporting to c,
// with inotify or, for mode "poll", polling every 20 ms.
func runWatcherIn(t *testing.T, repo, mode string, debounce time.Duration, c *counter) *store.Watcher {
	t.Helper()
	opts := store.WatchOptions{Options: store.Options{ScanOptions: store.ScanOptions{Repo: repo}}, Debounce: debounce, Observer: c}
	if mode == "poll" {
		opts.Poll = 20 * time.Millisecond
	}
	w := store.NewWatcher(opts)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return w
}

// runSettledWatcher runs a watcher on repo in mode (runWatcherIn, 20 ms
// debounce) until its first build and the one rescan that follows for the
// directories it found, so that what a test does next is all it counts.
func runSettledWatcher(t *testing.T, repo, mode string) (*store.Watcher, *counter) {
	t.Helper()
	c := &counter{}
	w := runWatcherIn(t, repo, mode, 20*time.Millisecond, c)
	waitFor(t, "the first build", func() bool { return w.Current() != nil })
	settle(w, c, 400*time.Millisecond)
	return w, c
}

// settle waits until no rebuild has run for quiet (at most 10 s): the one
// rescan for new directories comes late on a loaded machine, and takes
// long under -race (after a fixed 200 ms wait, and then after 300 ms
// without a rebuild finishing, it was counted as the test's own rebuild).
// A rebuild running counts as not quiet, however long it has run.
func settle(w *store.Watcher, c *counter, quiet time.Duration) {
	last, since := c.rebuilds(), time.Now()
	for deadline := time.Now().Add(10 * time.Second); time.Since(since) < quiet && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
		if n := c.rebuilds(); n != last || w.RebuildingFor() > 0 {
			last, since = n, time.Now()
		}
	}
}

// mustMkdirAll makes the directory dir and its parents, or fails the test.
func mustMkdirAll(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}

// TestWatcherFollowsASkippedFolderRenamedAway: node_modules/ is skipped
// and not watched, but the folder of the config schema linked to inside
// it is.
// Renamed away (npm moving the old tree aside) and replaced by a new one,
// the watch on the old folder goes with it, and the new folder of the same
// path is watched in its place: a later edit of the schema is seen.
func TestWatcherFollowsASkippedFolderRenamedAway(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	schema := filepath.Join(repo, "node_modules/gsd/config-schema.manifest.json")
	if err := os.MkdirAll(filepath.Dir(schema), 0o755); err != nil {
		t.Fatal(err)
	}
	good, err := os.ReadFile(filepath.Join(repo, "config/config-schema.manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, schema, good)
	link := filepath.Join(repo, "config/config-schema.manifest.json")
	if err := os.Remove(link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../node_modules/gsd/config-schema.manifest.json", link); err != nil {
		t.Fatal(err)
	}
	w, c := startWatcher(t, repo, store.WatchOptions{})
	mustRename(t, filepath.Join(repo, "node_modules"), filepath.Join(repo, "node_modules.old"))
	if err := os.MkdirAll(filepath.Dir(schema), 0o755); err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, schema, good)
	if _, err := w.Reload(context.Background()); err != nil { // synced with the new tree
		t.Fatal(err)
	}
	failed := c.failed.Load()
	writeTestFile(t, schema, []byte("{"))
	waitFor(t, "the broken config schema in the new node_modules to fail the rebuild", func() bool { return c.failed.Load() > failed })
}

// A workflow capreg.json names without .md (workflows/ship.markdown) is
// followed as check reads it: edited, saved by rename, deleted and made
// again. Without its marker the ship step is missing, a failed rebuild.
func TestWatcherFollowsAWorkflowNamedWithoutMD(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	shipRenamed("workflows/ship.markdown")(t, repo)
	ship := filepath.Join(repo, "workflows/ship.markdown")
	marker, err := os.ReadFile(ship)
	if err != nil {
		t.Fatal(err)
	}
	w, _ := startWatcher(t, repo, store.WatchOptions{})
	if w.Current().Result.Contract.Entry("ship") == nil {
		t.Fatal("the ship step of workflows/ship.markdown is not served")
	}
	uncovered := func() bool {
		f := w.Status().Failure
		return f != nil && slices.ContainsFunc(f.Diagnostics, func(d validate.Diagnostic) bool { return d.Rule == "point-uncovered" })
	}
	served := func() bool { return w.Status().Failure == nil }
	writeTestFile(t, ship, []byte("# Ship\n"))
	waitFor(t, "the marker's removal", uncovered)
	tmp := filepath.Join(repo, "workflows/.ship.markdown.swp")
	writeTestFile(t, tmp, marker)
	mustRename(t, tmp, ship)
	waitFor(t, "the renamed save", served)
	if err := os.Remove(ship); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the delete", uncovered)
	writeTestFile(t, ship, marker)
	waitFor(t, "the file made again", served)
}

// TestWatcherLogsWaitingOnce: a repository not there yet is logged once,
// however many times the watcher looks for it, at WARN where a folder
// beside it is named almost so (a mistyped --repo), at INFO otherwise.
func TestWatcherLogsWaitingOnce(t *testing.T) {
	for _, tt := range []struct {
		name, sibling, level string
	}{
		{"a clone to come", "", "level=INFO"},
		{"a mistyped --repo", "capreg-rpeo", "level=WARN"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			base := t.TempDir()
			if tt.sibling != "" {
				if err := os.Mkdir(filepath.Join(base, tt.sibling), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			var log syncBuffer
			c := &counter{}
			w := store.NewWatcher(store.WatchOptions{Options: store.Options{ScanOptions: store.ScanOptions{Repo: filepath.Join(base, "capreg-repo")}},
				Debounce: 10 * time.Millisecond, Poll: 20 * time.Millisecond, Observer: c, Logger: slog.New(slog.NewTextHandler(&log, nil))})
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan struct{})
			go func() { w.Run(ctx); close(done) }()
			defer func() { cancel(); <-done }()
			waitFor(t, "the first look for the repository", func() bool { return c.waiting.Load() > 0 })
			for range 3 { // a change signalled: the watcher looks again
				before := c.waiting.Load()
				w.Changed()
				waitFor(t, "another look for the repository", func() bool { return c.waiting.Load() > before })
			}
			var lines []string
			for l := range strings.SplitSeq(log.String(), "\n") {
				if strings.Contains(l, "waiting for the repository to appear") {
					lines = append(lines, l)
				}
			}
			if len(lines) != 1 || !strings.Contains(lines[0], tt.level) {
				t.Errorf("%d waits logged %q, want one line at %s\n%s", c.waiting.Load(), lines, tt.level, log.String())
			}
		})
	}
}
