package store_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"unsafe"

	"github.com/capreg/capreg/internal/memtest"
	"github.com/capreg/capreg/search"
	"github.com/capreg/capreg/search/cmdline"
	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/store/storetest"
	"github.com/capreg/capreg/validate"
)

// TestSnapshotAttachDerivesOncePerKey pins Attach: the first caller of a
// key derives the value, every later caller of that key gets it without
// deriving again, and another key derives its own. The API keeps its
// encoded responses so; a second derive would redo the work, and a value
// shared between keys would answer one route with another's body.
func TestSnapshotAttachDerivesOncePerKey(t *testing.T) {
	type key string
	snap := store.Build(nil, false)
	calls := map[key]int{}
	derive := func(k key, v string) func() any {
		return func() any { calls[k]++; return v }
	}
	for _, step := range []struct {
		key         key
		offer, want string
	}{
		{"a", "first a", "first a"},
		{"a", "second a", "first a"},
		{"b", "first b", "first b"},
		{"a", "third a", "first a"},
		{"b", "second b", "first b"},
	} {
		if got := snap.Attach(step.key, derive(step.key, step.offer)); got != step.want {
			t.Errorf("Attach(%q) offering %q = %v, want %q", step.key, step.offer, got, step.want)
		}
	}
	if calls["a"] != 1 || calls["b"] != 1 {
		t.Errorf("derive calls %v, want one per key", calls)
	}
}

// TestSnapshotMeantIDs pins MeantCapability and MeantCard on a snapshot
// that has a registry and cards: a near miss names the id meant, an exact
// id or one near nothing names none. Only the nil snapshot was pinned, so
// a guard that returned "" for every snapshot passed.
func TestSnapshotMeantIDs(t *testing.T) {
	snap := load(t, "../testdata/repo")
	if !snap.OK() {
		t.Fatalf("testdata/repo did not pass: %v", snap.Diagnostics)
	}
	for _, tc := range []struct {
		kind, id, want string
		meant          func(string) string
	}{
		{"capability", "reserch", "research", snap.MeantCapability},
		{"capability", "zzzzzzzzzzzzzzzz", "", snap.MeantCapability},
		{"card", "lnad", "land", snap.MeantCard},
		{"card", "zzzzzzzzzzzzzzzz", "", snap.MeantCard},
	} {
		if got := tc.meant(tc.id); got != tc.want {
			t.Errorf("meant %s of %q = %q, want %q", tc.kind, tc.id, got, tc.want)
		}
	}
}

// TestSnapshotAnswerCommandKeepsTheRiskAsked pins the risk filter of
// AnswerCommand: a line only the destructive card land matches answers
// that card for "" and "destructive", and nothing for "reversible". The
// existing test asks only for every risk.
func TestSnapshotAnswerCommandKeepsTheRiskAsked(t *testing.T) {
	snap := load(t, "../testdata/repo")
	const line = "git merge --no-ff feature"
	m, err := snap.Commands().Match(context.Background(), line, cmdline.DefaultBudget)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		risk string
		want []string
	}{
		{"", []string{"land"}},
		{"destructive", []string{"land"}},
		{"reversible", nil},
	} {
		a := snap.AnswerCommand(line, tc.risk, m)
		var got []string
		for _, h := range a.Results {
			got = append(got, h.ID)
		}
		if len(got) != len(tc.want) || (len(got) > 0 && got[0] != tc.want[0]) {
			t.Errorf("AnswerCommand(%q, risk %q) = %q, want %q", line, tc.risk, got, tc.want)
		}
		if a.Results == nil || a.Truncated || a.Truncation != nil {
			t.Errorf("risk %q: results nil %v, truncated %v %v", tc.risk, a.Results == nil, a.Truncated, a.Truncation)
		}
	}
}

// TestSnapshotSearchToolsNamesTheReplacedCommand pins SearchTools: the
// card whose replaces pattern matches the command an intent quotes gets
// that pattern as ReplacesPattern (also when it is the first card named,
// index 0), the cards no named command matched get none, and every hit's
// Matched is a list, never nil (JSON [] rather than null). store had no
// test of SearchTools.
func TestSnapshotSearchToolsNamesTheReplacedCommand(t *testing.T) {
	snap := load(t, "../testdata/repo")
	hits := snap.SearchTools(context.Background(), search.Query{Intent: "before I run `git merge feature` on main", Limit: 10})
	if len(hits) < 2 {
		t.Fatalf("want land and another card, got %+v", hits)
	}
	sawLand := false
	for _, h := range hits {
		if h.Matched == nil {
			t.Errorf("%s: Matched is nil", h.ID)
		}
		want := ""
		if h.ID == "land" {
			sawLand, want = true, "git merge .*"
			if len(h.Matched) == 0 {
				t.Errorf("land: no Matched, want what the intent matched")
			}
		}
		if h.ReplacesPattern != want {
			t.Errorf("%s: ReplacesPattern %q, want %q", h.ID, h.ReplacesPattern, want)
		}
	}
	if !sawLand || hits[0].ID != "land" {
		t.Errorf("land not ranked first: %+v", hits)
	}
}

// TestSnapshotDigestHoldsTheProgram pins that Options.Program is part of
// the Digest (CONTRACT: the ETag changes with the program serving): two
// programs give two digests, no program a third, and one program the same
// digest each time.
func TestSnapshotDigestHoldsTheProgram(t *testing.T) {
	digest := func(program string) string {
		snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: "../testdata/repo"}, Program: program})
		if err != nil || !snap.OK() {
			t.Fatalf("Load(program %q): %v", program, err)
		}
		return snap.Digest
	}
	none, a, b := digest(""), digest("a"), digest("b")
	if none == a || none == b || a == b {
		t.Errorf("digests without program %s, of a %s, of b %s: want three", none, a, b)
	}
	if again := digest("a"); again != a {
		t.Errorf("program a: digest %s then %s", a, again)
	}
}

// The registry carries the central config schema validation read, so that
// a render can tell a key the schema owns from a misspelt declared one.
func TestSnapshotRegistryKeepsTheCentralSchema(t *testing.T) {
	snap := load(t, "../testdata/repo")
	if snap.Registry == nil || snap.Result.Central == nil {
		t.Fatalf("testdata/repo: registry %v, central schema %v", snap.Registry != nil, snap.Result.Central != nil)
	}
	got := snap.Registry.Central
	if owned, _ := got.Owner().Owns("git.branching_strategy"); got != snap.Result.Central || !owned {
		t.Errorf("Registry.Central = %+v; want the validation's central schema, owning its valid key git.branching_strategy", got)
	}
}

// BenchmarkServedLive3k loads a 3,000 capability repository as the
// watcher does (with a validation cache, the search index and the command
// matcher built) and reports live-MB, the heap that snapshot and cache
// hold once the load has returned: what a daemon keeps while it serves.
//
//	go test ./store -run '^$' -bench ServedLive3k -benchtime 3x
func BenchmarkServedLive3k(b *testing.B) {
	dir := b.TempDir()
	if err := storetest.WriteRepo(dir, 3000); err != nil {
		b.Fatal(err)
	}
	load := func() any {
		cache := validate.NewCache()
		snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: dir}, Cache: cache})
		if err != nil || !snap.OK() {
			b.Fatal(err)
		}
		snap.SearchIndex()
		snap.Commands()
		return []any{snap, cache}
	}
	b.ReportAllocs()
	for b.Loop() {
		load()
	}
	b.StopTimer()
	b.ReportMetric(memtest.LiveMB(load), "live-MB")
}

// TestArtifactsKeepNoSpareRoom: the artifacts a snapshot keeps while it is
// served hold no more room than their bytes take (a 64th more at most),
// however they were built; the registry kept the room of its estimate of
// three times the sources, 1.5 MB of the 10 MB one 1,500 capabilities
// gave, and the contract a 4 KiB buffer for some hundred bytes.
func TestArtifactsKeepNoSpareRoom(t *testing.T) {
	dir := t.TempDir()
	if err := storetest.WriteRepo(dir, 200); err != nil {
		t.Fatal(err)
	}
	cache := validate.NewCache()
	first, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: dir}, Cache: cache})
	if err != nil || !first.OK() {
		t.Fatalf("%v %v", err, first.Diagnostics)
	}
	for _, tc := range []struct {
		name string
		opts store.Options
	}{
		{"testdata", store.Options{ScanOptions: store.ScanOptions{Repo: "../testdata/repo"}}},
		{"synthetic", store.Options{ScanOptions: store.ScanOptions{Repo: dir}}},
		{"rebuilt", store.Options{ScanOptions: store.ScanOptions{Repo: dir}, Cache: cache, Previous: first}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			snap, err := store.Load(context.Background(), tc.opts)
			if err != nil || !snap.OK() {
				t.Fatalf("%v %v", err, snap.Diagnostics)
			}
			for _, name := range store.ArtifactNames {
				data := snap.Artifact(name)
				if spare := cap(data) - len(data); spare > len(data)/64 {
					t.Errorf("%s: %d bytes and room for %d more", name, len(data), spare)
				}
			}
		})
	}
}

// TestLoadSharesThePreviousBytes: Load with a Cache and the Previous
// snapshot holds Previous's bytes of every file that did not change (the
// cache's documents point into them) and new bytes of the one that did; a
// program other than the watcher that keeps a Cache so holds no second
// copy. Without a Cache nothing is shared.
func TestLoadSharesThePreviousBytes(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	cache := validate.NewCache()
	opts := store.Options{ScanOptions: store.ScanOptions{Repo: repo}, Cache: cache}
	first := scanLoad(t, opts)
	ui := filepath.Join(repo, "capabilities/ui/capability.json")
	writeTestFile(t, ui, setTitle(t, ui, "Edited"))
	for _, withCache := range []bool{true, false} {
		o := opts
		o.Previous = first
		if !withCache {
			o.Cache = nil
		}
		next := scanLoad(t, o)
		before, after := manifests(first), manifests(next)
		if len(after) < 2 {
			t.Fatalf("%d capabilities read", len(after))
		}
		for folder, data := range after {
			shared := unsafe.SliceData(data) == unsafe.SliceData(before[folder])
			if want := withCache && folder != "ui"; shared != want {
				t.Errorf("cache %v: capability %s shares the previous bytes = %v, want %v", withCache, folder, shared, want)
			}
		}
	}
}

// BuildContext builds what Build does while ctx lives, and once ctx has
// ended returns no snapshot and an error matching ctx's, so that a
// program building on a request's behalf can stop when the client goes.
func TestBuildContextStopsWithItsContext(t *testing.T) {
	in, err := store.Scan(context.Background(), store.ScanOptions{Repo: filepath.Join("..", "testdata", "repo")})
	if err != nil {
		t.Fatal(err)
	}
	want := store.Build(&in.Sources, false)
	got, err := store.BuildContext(context.Background(), &in.Sources, false)
	if err != nil || !got.OK() || got.Digest != want.Digest {
		t.Fatalf("BuildContext = OK %v, digest %q, %v; want Build's OK, digest %q", got.OK(), got.Digest, err, want.Digest)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got, err := store.BuildContext(ctx, &in.Sources, false); got != nil || !errors.Is(err, context.Canceled) {
		t.Errorf("BuildContext(cancelled) = %v, %v; want nil and context.Canceled", got, err)
	}
}
