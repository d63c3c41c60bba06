package store_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/capreg/capreg/store"
)

// TestWatcherConverges drives the watcher, in both watch modes, through
// random bursts of the file operations editors, checkouts, package managers
// and git-sync perform, then checks that once the watcher is quiet it serves
// what a fresh store.Load of the final tree says: that tree's snapshot when
// it is valid, else the last good snapshot with the tree's errors as the
// failure. Each case has its own seed, so a failure replays:
//
//	CAPREG_STRESS_SEEDS=500 go test ./store -run TestWatcherConverges
//	CAPREG_STRESS_SEED=137 go test ./store -run TestWatcherConverges -v
//
// CAPREG_STRESS_BULK=400 adds that many capabilities, so that scans take
// longer and more of each burst lands while one runs. A watcher that is
// quiet but wrong gets convergeGrace more before the case fails (and logs
// "converged late" if it then converges): a slow rebuild is not a lost
// change.
//
// Known limits, not checked:
//   - Polling fingerprints names, sizes, times, modes and inodes, so a file
//     rewritten in place to the same size within one tick of the file
//     system's clock as the write the scan read is not seen until its next
//     change. Linux's multigrain timestamps (6.13 on: ext4, xfs, btrfs,
//     tmpfs) give a fine-grained time to a change made after the file was
//     looked at, which makes that rare here (never seen in thousands of
//     cases) but not impossible elsewhere (NFS, where polling is used).
//   - Run as root, chmod changes what the watcher hears about, not what it
//     can read: unreadable files are covered by
//     TestWatcherServesAPermissionFix, as nobody when run as root.
func TestWatcherConverges(t *testing.T) {
	seeds := []uint64{1, 2, 3, 4}
	if s := os.Getenv("CAPREG_STRESS_SEEDS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("CAPREG_STRESS_SEEDS=%q: %v", s, err)
		}
		seeds = seeds[:0]
		for i := range n {
			seeds = append(seeds, uint64(i+1))
		}
	}
	if s := os.Getenv("CAPREG_STRESS_SEED"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("CAPREG_STRESS_SEED=%q: %v", s, err)
		}
		seeds = []uint64{n}
	}
	for _, mode := range []string{"inotify", "poll"} {
		t.Run(mode, func(t *testing.T) {
			for _, seed := range seeds {
				t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) { convergeOnce(t, mode, seed) })
			}
		})
	}
}

// The watcher's timings in a convergence run are short, drawn from these,
// so that a burst spans several debounces and poll ticks, and rebuilds run
// while it goes on.
var (
	convergeDebounces = []time.Duration{5 * time.Millisecond, 20 * time.Millisecond, 50 * time.Millisecond}
	convergePolls     = []time.Duration{10 * time.Millisecond, 20 * time.Millisecond, 50 * time.Millisecond}
)

const (
	// convergeQuiet is how long the rebuild count must stay the same for
	// the watcher to count as quiet: several debounces and poll ticks, with
	// room for a slow rebuild on a busy machine.
	convergeQuiet = 300 * time.Millisecond
	// convergeGrace is how much longer a watcher that is quiet but wrong
	// gets before the run fails: a rebuild slower than convergeQuiet is
	// late, not wrong.
	convergeGrace = 3 * time.Second
)

// servedObserver is a counter that also keeps the last snapshot a rebuild
// served.
type servedObserver struct {
	counter
	served atomic.Pointer[store.Snapshot]
}

func (o *servedObserver) Rebuilt(ok bool, took time.Duration, snap *store.Snapshot) {
	if ok {
		o.served.Store(snap)
	}
	o.counter.Rebuilt(ok, took, snap)
}

func convergeOnce(t *testing.T, mode string, seed uint64) {
	b := &burst{t: t, rng: rand.New(rand.NewPCG(seed, seed^0x5eed)), caps: "capabilities"}
	if b.rng.IntN(3) == 0 {
		// Served through a link that swapRepo swaps, as git-sync's current.
		b.base = t.TempDir()
		copyRepoTree(t, baseRepoDir, filepath.Join(b.base, "rev-0"))
		makeSymlink(t, "rev-0", filepath.Join(b.base, "current"))
		b.repo = filepath.Join(b.base, "current")
	} else {
		b.repo, _ = scanRepoCopy(t)
	}
	repo := b.repo
	if n, _ := strconv.Atoi(os.Getenv("CAPREG_STRESS_BULK")); n > 0 {
		addBulk(t, repo, n)
	}
	obs := &servedObserver{}
	opts := store.WatchOptions{Options: store.Options{ScanOptions: store.ScanOptions{Repo: repo}},
		Debounce: b.pickDuration(convergeDebounces), Observer: obs}
	if mode == "poll" {
		opts.Poll = b.pickDuration(convergePolls)
	}
	w := runUntilCleanup(t, opts)
	waitFor(t, "the first snapshot", func() bool { return w.Current() != nil })

	b.run(5 + b.rng.IntN(26))
	waitQuiet(t, &obs.counter)

	want, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: repo, Tree: true}})
	if err != nil {
		t.Fatalf("store.Load of the final tree: %v\nburst:\n%s", err, b.steps())
	}
	t.Logf("%d steps; the final tree is valid: %v (%d errors)", len(b.log), want.OK(), len(want.Diagnostics.Errors()))
	if os.Getenv("CAPREG_STRESS_SEED") != "" {
		t.Logf("burst:\n%s", b.steps()) // a replay shows what it did
	}
	problem := convergeProblem(w, obs, want)
	if problem == "" {
		return
	}
	// Quiet but wrong: give a slow rebuild time to land before calling it
	// a failure.
	deadline := time.Now().Add(convergeGrace)
	for problem != "" && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
		problem = convergeProblem(w, obs, want)
	}
	if problem == "" {
		t.Logf("converged late, after the watcher had been quiet for %v", convergeQuiet)
		return
	}
	t.Fatalf("%s mode (debounce %v, poll %v), seed %d: the watcher did not converge on the final tree: %s\nburst:\n%s",
		mode, opts.Debounce, opts.Poll, seed, problem, b.steps())
}

// runUntilCleanup runs a watcher until the test ends, and fails the test
// when Run does not return once cancelled: a watcher stuck in a deadlock
// follows nothing, and must not hang the test binary either.
func runUntilCleanup(t *testing.T, opts store.WatchOptions) *store.Watcher {
	t.Helper()
	w := store.NewWatcher(opts)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	t.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Error("Run did not return 10 s after its context was cancelled: the watcher is stuck")
		}
	})
	return w
}

// addBulk adds n copies of the drift capability to repo, each with its
// own id and keys (CAPREG_STRESS_BULK=n): a scan that takes longer lets
// more of a burst land while it runs.
func addBulk(t *testing.T, repo string, n int) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(baseRepoDir, "capabilities/drift/capability.json"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		id := fmt.Sprintf("bulk%d", i)
		copied := strings.NewReplacer(`"id": "drift"`, `"id": "`+id+`"`, "workflow.", id+".").Replace(string(data))
		writeTestFile(t, filepath.Join(repo, "capabilities", id, "capability.json"), []byte(copied))
	}
}

// waitQuiet waits until the watcher has finished no rebuild for
// convergeQuiet.
func waitQuiet(t *testing.T, c *counter) {
	t.Helper()
	last, since := c.rebuilds(), time.Now()
	deadline := time.Now().Add(30 * time.Second)
	for time.Since(since) < convergeQuiet {
		if time.Now().After(deadline) {
			t.Fatal("the watcher never went quiet")
		}
		time.Sleep(5 * time.Millisecond)
		if n := c.rebuilds(); n != last {
			last, since = n, time.Now()
		}
	}
}

// convergeProblem says how what the watcher serves differs from what it
// should serve for the tree want was loaded from, or "".
func convergeProblem(w *store.Watcher, obs *servedObserver, want *store.Snapshot) string {
	snap, st := w.State()
	switch {
	case snap == nil:
		return "nothing is served"
	case st.Generation != snap.Generation || st.Digest != snap.Digest:
		return fmt.Sprintf("status generation %d digest %s describes another snapshot than the served generation %d digest %s",
			st.Generation, st.Digest, snap.Generation, snap.Digest)
	case want.OK() && st.Failure != nil:
		return fmt.Sprintf("the final tree is valid, yet the status shows the failure %q:\n%s",
			st.Failure.Error, formatDiagnostics(st.Failure.Diagnostics))
	case want.OK() && (snap.Digest != want.Digest || snap.Revision != want.Revision ||
		!slices.Equal(snap.Diagnostics, want.Diagnostics)):
		return fmt.Sprintf("the final tree is valid, but the served snapshot is not its build: digest %s revision %q, want %s %q; diagnostics:\n%swant:\n%s",
			snap.Digest, snap.Revision, want.Digest, want.Revision, formatDiagnostics(snap.Diagnostics), formatDiagnostics(want.Diagnostics))
	case want.OK():
		return ""
	case snap != obs.served.Load():
		return "the final tree is broken, and the served snapshot is not the last one a rebuild served"
	case st.Failure == nil:
		return fmt.Sprintf("the final tree is broken, yet the status shows no failure; its errors:\n%s",
			formatDiagnostics(want.Diagnostics.Errors()))
	case !slices.Equal(st.Failure.Diagnostics, want.Diagnostics.Errors()):
		return fmt.Sprintf("the status shows the failure:\n%sbut the final tree has the errors:\n%s",
			formatDiagnostics(st.Failure.Diagnostics), formatDiagnostics(want.Diagnostics.Errors()))
	}
	return ""
}

// burst applies random file operations to a repository, logging each.
type burst struct {
	t    *testing.T
	rng  *rand.Rand
	repo string
	// base, when set, holds the repository's revisions, rev-N, and the
	// link current to one of them, which is repo.
	base string
	// caps and cards are what capreg.json names (cards nil: everywhere).
	caps  string
	cards []string
	n     int // a counter for fresh names
	log   []string
}

const defaultSchema = "config/config-schema.manifest.json"

// convergeOps are the operations a burst draws from, each returning what it
// did ("" when it found nothing to do it on).
var convergeOps = []func(b *burst) string{
	(*burst).editTitle,
	(*burst).editTitle,
	(*burst).breakJSON,
	(*burst).restoreManifest,
	(*burst).deleteCapability,
	(*burst).recreateCapability,
	(*burst).renameAwayAndBack,
	(*burst).cardBesideTool,
	(*burst).editWorkflowMarker,
	(*burst).atomicSave,
	(*burst).atomicSave,
	(*burst).editorSave,
	(*burst).packageChurn,
	(*burst).gitChurn,
	(*burst).swapFolderLink,
	(*burst).swapRepo,
	(*burst).chmod,
	(*burst).touch,
	(*burst).editRepoConfig,
	(*burst).checkout,
}

func (b *burst) run(ops int) {
	for range ops {
		op := convergeOps[b.rng.IntN(len(convergeOps))]
		if what := op(b); what != "" {
			b.log = append(b.log, what)
		}
		if b.rng.IntN(2) == 0 {
			d := time.Duration(b.rng.IntN(31)) * time.Millisecond
			b.log = append(b.log, "sleep "+d.String())
			time.Sleep(d)
		}
	}
}

func (b *burst) steps() string {
	var s strings.Builder
	for i, l := range b.log {
		fmt.Fprintf(&s, "\t%2d %s\n", i, l)
	}
	return s.String()
}

// path is rel inside the repository.
func (b *burst) path(rel string) string { return filepath.Join(b.repo, filepath.FromSlash(rel)) }

// did words an operation and its error, if any: operations on a tree that
// earlier operations changed may fail, which is part of the burst.
func did(what string, err error) string {
	if err != nil {
		return what + " (" + err.Error() + ")"
	}
	return what
}

func (b *burst) pickDuration(ds []time.Duration) time.Duration { return ds[b.rng.IntN(len(ds))] }

// pick returns one of xs, or "" when there is none.
func (b *burst) pick(xs []string) string {
	if len(xs) == 0 {
		return ""
	}
	return xs[b.rng.IntN(len(xs))]
}

// capFolder picks a capability folder (repository-relative) in the
// capabilities folder on disk: the one capreg.json names, else the default.
func (b *burst) capFolder() string {
	for _, dir := range []string{b.caps, "capabilities"} {
		entries, err := os.ReadDir(b.path(dir))
		if err != nil || len(entries) == 0 {
			continue
		}
		return dir + "/" + entries[b.rng.IntN(len(entries))].Name()
	}
	return ""
}

// manifest picks a capability.json, or "".
func (b *burst) manifest() string {
	if f := b.capFolder(); f != "" {
		return f + "/capability.json"
	}
	return ""
}

// baseFolders are the capability folders of testdata/repo.
func baseFolders() []string {
	entries, _ := os.ReadDir(filepath.Join(baseRepoDir, "capabilities"))
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

// randomTitle is a title of random length, so edits differ in size too.
func (b *burst) randomTitle() string {
	words := []string{"Edited", "UI", "contracts", "design", "saved", "again", "x"}
	n := 1 + b.rng.IntN(4)
	var ws []string
	for range n {
		ws = append(ws, b.pick(words))
	}
	return strings.Join(ws, " ")
}

// retitled is the file at rel with its first title replaced, or nil.
func (b *burst) retitled(rel string) []byte {
	data, err := os.ReadFile(b.path(rel))
	if err != nil {
		return nil
	}
	const key = `"title": "`
	i := strings.Index(string(data), key)
	if i < 0 {
		return nil
	}
	j := strings.Index(string(data[i+len(key):]), `"`)
	if j < 0 {
		return nil
	}
	rest := data[i+len(key)+j:]
	return []byte(string(data[:i+len(key)]) + b.randomTitle() + string(rest))
}

func (b *burst) editTitle() string {
	m := b.manifest()
	data := b.retitled(m)
	if data == nil {
		return ""
	}
	return did("edit the title of "+m+" in place", os.WriteFile(b.path(m), data, 0o644))
}

func (b *burst) breakJSON() string {
	m := b.manifest()
	if m == "" {
		return ""
	}
	return did("break the JSON of "+m, os.WriteFile(b.path(m), []byte(`{"id": "ui", `), 0o644))
}

// restoreManifest writes back a capability.json as testdata has it.
func (b *burst) restoreManifest() string {
	name := b.pick(baseFolders())
	data, err := os.ReadFile(filepath.Join(baseRepoDir, "capabilities", name, "capability.json"))
	if err != nil {
		b.t.Fatal(err)
	}
	rel := b.caps + "/" + name + "/capability.json"
	return did("restore "+rel, writeFileAll(b.path(rel), data))
}

func (b *burst) deleteCapability() string {
	f := b.capFolder()
	if f == "" {
		return ""
	}
	return did("rm -rf "+f, os.RemoveAll(b.path(f)))
}

// recreateCapability copies a capability folder of testdata over whatever
// is there (rm -rf d && cp -r x d).
func (b *burst) recreateCapability() string {
	name := b.pick(baseFolders())
	rel := b.caps + "/" + name
	if err := os.RemoveAll(b.path(rel)); err != nil {
		return did("rm -rf "+rel, err)
	}
	return did("cp -r testdata "+rel, copyTree(filepath.Join(baseRepoDir, "capabilities", name), b.path(rel)))
}

// renameAwayAndBack: mv a a.old; mkdir a; then, most of the time, the
// folder is put back. a is a capability folder or, now and then, a folder
// of the repository root.
func (b *burst) renameAwayAndBack() string {
	f := b.capFolder()
	if b.rng.IntN(4) == 0 {
		f = b.pick([]string{b.caps, "bin", "workflows", "scripts"})
	}
	if f == "" || strings.HasSuffix(f, ".old") {
		return ""
	}
	p := b.path(f)
	if err := os.Rename(p, p+".old"); err != nil {
		return did("mv "+f+" "+f+".old", err)
	}
	if err := os.Mkdir(p, 0o755); err != nil {
		return did("mv "+f+" "+f+".old; mkdir "+f, err)
	}
	what := "mv " + f + " " + f + ".old; mkdir " + f
	switch b.rng.IntN(3) {
	case 0:
		return what + "; leave both"
	default:
		time.Sleep(time.Duration(b.rng.IntN(10)) * time.Millisecond)
		if err := os.Remove(p); err != nil {
			return did(what+"; rmdir "+f, err)
		}
		return did(what+"; rmdir "+f+"; mv "+f+".old "+f, os.Rename(p+".old", p))
	}
}

// cardBesideTool writes a new tool and its card in bin/, and most of the
// time deletes the card again.
func (b *burst) cardBesideTool() string {
	b.n++
	id := fmt.Sprintf("gen-%d", b.n)
	tool, card := b.path("bin/"+id), b.path("bin/"+id+".card.json")
	if err := writeFileAll(tool, []byte("#!/bin/sh\n")); err != nil {
		return did("write bin/"+id, err)
	}
	data := fmt.Sprintf(`{"id":%q,"command":"bin/%s","summary":"Generated tool %d.","intent_phrases":["run generated tool %d"],"effects":"None.","risk":"reversible","example":"bin/%s"}`,
		id, id, b.n, b.n, id)
	if err := os.WriteFile(card, []byte(data), 0o644); err != nil {
		return did("write bin/"+id+".card.json", err)
	}
	what := "write bin/" + id + " and its card"
	if b.rng.IntN(3) > 0 {
		time.Sleep(time.Duration(b.rng.IntN(20)) * time.Millisecond)
		return did(what+"; rm its card", os.Remove(card))
	}
	return what
}

// editWorkflowMarker changes a line of a workflow's marker, or restores it.
func (b *burst) editWorkflowMarker() string {
	entries, _ := os.ReadDir(filepath.Join(baseRepoDir, "workflows"))
	name := entries[b.rng.IntN(len(entries))].Name()
	rel := "workflows/" + name
	orig, err := os.ReadFile(filepath.Join(baseRepoDir, "workflows", name))
	if err != nil {
		b.t.Fatal(err)
	}
	text := string(orig)
	what := "restore " + rel
	switch b.rng.IntN(4) {
	case 0:
		text = strings.Replace(text, "agent-roles: ", "agent-roles: reviewer, ", 1)
		what = "add a role to the marker of " + rel
	case 1:
		text = strings.Replace(text, "step: ", "step: x", 1)
		what = "rename the step of " + rel
	case 2:
		text = strings.Replace(text, "gsd:loop-host", "gsd:loop-hots", 1)
		what = "misspell the marker of " + rel
	}
	return did(what, writeFileAll(b.path(rel), []byte(text)))
}

// atomicSave writes a file as most editors and tools do: a temporary file
// in the same folder renamed over it.
func (b *burst) atomicSave() string {
	var rel string
	var data []byte
	if b.rng.IntN(3) == 0 {
		rel = b.pick([]string{"bin/ft.card.json", "bin/land.card.json", "scripts/ci/check-links.card.json"})
		orig, err := os.ReadFile(filepath.Join(baseRepoDir, rel))
		if err != nil {
			b.t.Fatal(err)
		}
		data = []byte(strings.Replace(string(orig), `"summary": "`, `"summary": "`+b.randomTitle()+". ", 1))
	} else {
		rel = b.manifest()
		data = b.retitled(rel)
	}
	if data == nil {
		return ""
	}
	p := b.path(rel)
	tmp := filepath.Join(filepath.Dir(p), fmt.Sprintf(".%s.tmp%d", filepath.Base(p), b.rng.IntN(1000)))
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return did("write a temporary file beside "+rel, err)
	}
	return did("save "+rel+" by renaming a temporary file over it", os.Rename(tmp, p))
}

// editorSave saves a capability.json as vim does: a swap file, a probe
// file (4913), the original renamed to a backup, the new file written,
// the backup and, unless the editor stays open, the swap file removed.
func (b *burst) editorSave() string {
	m := b.manifest()
	data := b.retitled(m)
	if data == nil {
		return ""
	}
	p := b.path(m)
	dir, base := filepath.Dir(p), filepath.Base(p)
	swp := filepath.Join(dir, "."+base+".swp")
	steps := []func() error{
		func() error { return os.WriteFile(swp, []byte("b0VIM 9.1"), 0o600) },
		func() error { return os.WriteFile(filepath.Join(dir, "4913"), nil, 0o644) },
		func() error { return os.Remove(filepath.Join(dir, "4913")) },
		func() error { return os.Rename(p, p+"~") },
		func() error { return os.WriteFile(p, data, 0o644) },
		func() error { return os.Remove(p + "~") },
	}
	if b.rng.IntN(2) == 0 {
		steps = append(steps, func() error { return os.Remove(swp) })
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return did("save "+m+" as vim does", err)
		}
	}
	return "save " + m + " as vim does"
}

// packageChurn adds or removes packages in node_modules/.
func (b *burst) packageChurn() string {
	b.n++
	pkg := fmt.Sprintf("node_modules/p%d", b.rng.IntN(4))
	if b.rng.IntN(2) == 0 {
		return did("rm -rf "+pkg, os.RemoveAll(b.path(pkg)))
	}
	return did("write "+pkg+"/index.js", writeFileAll(b.path(pkg+"/index.js"), []byte(strconv.Itoa(b.n))))
}

// gitChurn writes in .git/ as git does: the index and objects, which are no
// change, or a commit that moves the branch HEAD names.
func (b *burst) gitChurn() string {
	b.n++
	switch b.rng.IntN(3) {
	case 0:
		return did("git writes its index", writeLocked(b.path(".git/index"), strconv.Itoa(b.n)))
	case 1:
		return did("git writes an object", writeFileAll(b.path(fmt.Sprintf(".git/objects/%02x/%038x", b.n%256, b.n)), []byte("blob")))
	default:
		if _, err := os.Stat(b.path(".git/HEAD")); err != nil {
			if err := writeLocked(b.path(".git/HEAD"), "ref: refs/heads/main"); err != nil {
				return did("git init", err)
			}
		}
		return did("git commit", writeLocked(b.path(".git/refs/heads/main"), fmt.Sprintf("%040x", b.n)))
	}
}

// swapFolderLink replaces a capability folder, or the capabilities folder
// itself, with a link to a copy of it in vendor/, or repoints such a link
// at a new copy (atomically, as git-sync does) and deletes the old one.
func (b *burst) swapFolderLink() string {
	name := b.pick(baseFolders())
	rel, from, edit := b.caps+"/"+name, filepath.Join(baseRepoDir, "capabilities", name), "capability.json"
	if b.rng.IntN(4) == 0 {
		name = "caps"
		rel, from, edit = b.caps, filepath.Join(baseRepoDir, "capabilities"), b.pick(baseFolders())+"/capability.json"
	}
	p := b.path(rel)
	b.n++
	rev := fmt.Sprintf("vendor/revs/%s-%d", name, b.n)
	if err := copyTree(from, b.path(rev)); err != nil {
		return did("copy "+name+" to "+rev, err)
	}
	if data := b.retitled(rev + "/" + edit); data != nil && b.rng.IntN(2) == 0 {
		if err := os.WriteFile(b.path(rev+"/"+edit), data, 0o644); err != nil {
			return did("edit "+rev, err)
		}
	}
	target, err := filepath.Rel(filepath.Dir(p), b.path(rev))
	if err != nil {
		b.t.Fatal(err)
	}
	old, err := os.Readlink(p)
	if err != nil {
		// A folder (or nothing): replaced by a link.
		if err := os.RemoveAll(p); err != nil {
			return did("rm -rf "+rel, err)
		}
		return did("replace "+rel+" with a link to "+rev, os.Symlink(target, p))
	}
	tmp := p + ".tmp"
	if err := os.Symlink(target, tmp); err != nil {
		return did("link "+rel+".tmp", err)
	}
	if err := os.Rename(tmp, p); err != nil {
		return did("swap the link "+rel+" to "+rev, err)
	}
	what := "swap the link " + rel + " to " + rev
	if b.rng.IntN(2) == 0 {
		return did(what+"; rm -rf the old copy", os.RemoveAll(filepath.Join(filepath.Dir(p), old)))
	}
	return what
}

// swapRepo copies the repository as it is now to a new revision, edits
// it, and swaps the link current over to it, deleting the old revision
// most of the time, as git-sync does.
func (b *burst) swapRepo() string {
	if b.base == "" {
		return ""
	}
	old, err := os.Readlink(b.repo)
	if err != nil {
		b.t.Fatal(err)
	}
	b.n++
	rev := fmt.Sprintf("rev-%d", b.n)
	if err := copyTree(filepath.Join(b.base, old), filepath.Join(b.base, rev)); err != nil {
		return did("copy the repository to "+rev, err)
	}
	if m := b.manifest(); m != "" {
		if data := b.retitled(m); data != nil {
			_ = os.WriteFile(filepath.Join(b.base, rev, filepath.FromSlash(m)), data, 0o644)
		}
	}
	tmp := filepath.Join(b.base, "current.tmp")
	if err := os.Symlink(rev, tmp); err != nil {
		return did("link current.tmp", err)
	}
	what := "swap current from " + old + " to " + rev
	if err := os.Rename(tmp, b.repo); err != nil {
		return did(what, err)
	}
	if b.rng.IntN(3) > 0 {
		return did(what+"; rm -rf "+old, os.RemoveAll(filepath.Join(b.base, old)))
	}
	return what
}

// files lists the regular files and folders of the tree outside .git and
// node_modules, repository-relative.
func (b *burst) files() []string {
	var out []string
	filepath.WalkDir(b.repo, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && store.SkipDir(d.Name()) {
			return filepath.SkipDir
		}
		if rel, err := filepath.Rel(b.repo, p); err == nil && rel != "." {
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	return out
}

func (b *burst) chmod() string {
	rel := b.pick(b.files())
	if rel == "" {
		return ""
	}
	modes := []fs.FileMode{0o644, 0o600, 0o755, 0o700}
	if fi, err := os.Lstat(b.path(rel)); err == nil && fi.IsDir() {
		modes = modes[2:]
	}
	mode := modes[b.rng.IntN(len(modes))]
	return did(fmt.Sprintf("chmod %o %s", mode, rel), os.Chmod(b.path(rel), mode))
}

func (b *burst) touch() string {
	rel := b.pick(b.files())
	if rel == "" {
		return ""
	}
	now := time.Now()
	return did("touch "+rel, os.Chtimes(b.path(rel), now, now))
}

// editRepoConfig edits capreg.json: moves the capabilities folder (with
// the folder, or the setting alone), changes the card roots, breaks it, or
// restores it.
func (b *burst) editRepoConfig() string {
	var what string
	switch b.rng.IntN(5) {
	case 0:
		to := b.pick([]string{"capabilities", "caps", "lib/caps"})
		if to == b.caps {
			return ""
		}
		if err := os.MkdirAll(filepath.Dir(b.path(to)), 0o755); err != nil {
			return did("mkdir -p "+filepath.Dir(to), err)
		}
		if err := os.Rename(b.path(b.caps), b.path(to)); err != nil {
			return did("mv "+b.caps+" "+to, err)
		}
		what = "mv " + b.caps + " " + to + " and name it in capreg.json"
		b.caps = to
	case 1:
		b.caps = b.pick([]string{"capabilities", "caps", "lib/caps"})
		what = "name " + b.caps + " as the capabilities folder in capreg.json"
	case 2:
		b.cards = [][]string{nil, {"bin"}, {"bin", "scripts"}, {"tools"}}[b.rng.IntN(4)]
		what = fmt.Sprintf("name the card roots %q in capreg.json", b.cards)
	case 3:
		return did("break capreg.json", os.WriteFile(b.path("capreg.json"), []byte(`{"capabilities": `), 0o644))
	default:
		what = "rewrite capreg.json"
	}
	return did(what, b.writeRepoConfig())
}

func (b *burst) writeRepoConfig() error {
	cfg := struct {
		Capabilities string   `json:"capabilities,omitempty"`
		Cards        []string `json:"cards,omitempty"`
		ConfigSchema string   `json:"configSchema"`
	}{Cards: b.cards, ConfigSchema: defaultSchema}
	if b.caps != "capabilities" {
		cfg.Capabilities = b.caps
	}
	data, err := json.MarshalIndent(cfg, "", "  ")
	if err != nil {
		b.t.Fatal(err)
	}
	return os.WriteFile(b.path("capreg.json"), data, 0o644)
}

// checkout puts the tree back as testdata has it, file by file, as
// git checkout does: a storm of writes ending valid (unless the working
// tree keeps other breakage, such as a folder left renamed).
func (b *burst) checkout() string {
	b.caps, b.cards = "capabilities", nil
	for _, rel := range []string{"caps", "lib", "vendor", "capabilities", "workflows", "bin"} {
		if err := os.RemoveAll(b.path(rel)); err != nil {
			return did("git checkout .", err)
		}
	}
	return did("git checkout .", copyTree(baseRepoDir, b.repo))
}

// copyTree copies the folder from to the folder to, overwriting files, and
// copying links as links.
func copyTree(from, to string) error {
	return filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		dst := filepath.Join(to, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(dst, 0o755)
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			if err := os.RemoveAll(dst); err != nil {
				return err
			}
			return os.Symlink(target, dst)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, info.Mode().Perm())
	})
}

// writeFileAll writes a file, making its folder first.
func writeFileAll(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// writeLocked writes a file as git does: a lock file renamed over it.
func writeLocked(path, content string) error {
	if err := writeFileAll(path+".lock", []byte(content+"\n")); err != nil {
		return err
	}
	return os.Rename(path+".lock", path)
}

// TestWatcherFolderMovedAndDeleted: watched folders renamed and deleted at
// once (mv a a.old; rm -rf a.old, as a checkout after an editor's rename
// does) leave the watcher following the tree.
func TestWatcherFolderMovedAndDeleted(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	c := &counter{}
	var logs syncBuffer
	w := runUntilCleanup(t, store.WatchOptions{Options: store.Options{ScanOptions: store.ScanOptions{Repo: repo}},
		Debounce: 20 * time.Millisecond, Observer: c, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	waitFor(t, "the first snapshot", func() bool { return w.Current() != nil })
	for _, name := range baseFolders() {
		if name == "ui" {
			continue
		}
		p := filepath.Join(repo, "capabilities", name)
		mustRename(t, p, p+".old")
		removeAll(t, p+".old")
	}
	ui := filepath.Join(repo, "capabilities/ui/capability.json")
	writeTestFile(t, ui, setTitle(t, ui, "Still followed"))
	waitFor(t, "the edit after the moves to be served", func() bool { return title(w, "ui") == "Still followed" })
	// Each move and delete makes fsnotify fail to drop a watch the kernel
	// dropped: expected, so not a warning an operator has to read.
	if out := logs.String(); strings.Contains(out, "level=WARN") {
		t.Errorf("warnings logged:\n%s", out)
	}
}

// syncBuffer is a bytes.Buffer for a logger that several goroutines write.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
