package store_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/store/storetest"
	"github.com/capreg/capreg/validate"
)

// TestValidationCacheAgreesWithAFreshCheck walks one cache through a series
// of changes to testdata/repo and checks after each that the cached
// validation says exactly what a fresh one says, and that it re-checked only
// the capabilities whose files changed.
func TestValidationCacheAgreesWithAFreshCheck(t *testing.T) {
	in, err := store.Scan(context.Background(), store.ScanOptions{Repo: "../testdata/repo"})
	if err != nil {
		t.Fatal(err)
	}
	base := &in.Sources
	read := func(p string) string {
		data, err := os.ReadFile(filepath.Join("../testdata/repo", p))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	ui, plan := read("capabilities/ui/capability.json"), read("workflows/plan-phase.md")
	research := read("capabilities/research/loop/research-prompt.md")
	steps := []struct {
		name    string
		files   map[string]string
		deleted []string
		misses  int // capabilities checked afresh
	}{
		{name: "first build", misses: len(base.Capabilities)},
		{name: "nothing changed"},
		{name: "schema error in ui", misses: 1, files: map[string]string{
			"capabilities/ui/capability.json": strings.Replace(ui, `"tier": "full"`, `"tier": 5`, 1)}},
		{name: "ui fixed again", misses: 1},
		// security contributes into the planner: a cached capability must
		// turn invalid because of the contract alone.
		{name: "planner leaves the contract", files: map[string]string{
			"workflows/plan-phase.md": strings.Replace(plan, "agent-roles: researcher, planner, checker", "agent-roles: researcher, checker", 1)}},
		{name: "a fragment changes", misses: 1, files: map[string]string{
			"capabilities/research/loop/research-prompt.md": research + "\nOne more line.\n"}},
		// Each step changes the repository as scanned, so research's fragment
		// is back as it was: checked again, as the cache keeps only the last
		// validation's entries.
		{name: "a capability is deleted", misses: 1, deleted: []string{"capabilities/ui/capability.json"}},
	}
	cache := validate.NewCache()
	var results []*validate.Result
	var valid [][]string
	for _, st := range steps {
		files := map[string][]byte{}
		for p, s := range st.files {
			files[p] = []byte(s)
		}
		src, err := store.Overlay(base, files, st.deleted)
		if err != nil {
			t.Fatal(err)
		}
		before := cache.Stats()
		got, want := cache.Validate(src), validate.Validate(src)
		if g, w := fmt.Sprint(got.Diagnostics), fmt.Sprint(want.Diagnostics); g != w {
			t.Errorf("%s: diagnostics differ\ncached: %s\nfresh:  %s", st.name, g, w)
		}
		if g, w := validIDs(got), validIDs(want); !reflect.DeepEqual(g, w) {
			t.Errorf("%s: valid capabilities %v, fresh check says %v", st.name, g, w)
		}
		if !reflect.DeepEqual(got.Capabilities, want.Capabilities) {
			t.Errorf("%s: capabilities differ from a fresh check", st.name)
		}
		if misses := cache.Stats().Misses - before.Misses; misses != uint64(st.misses) || got.Checked != st.misses ||
			got.Reused != len(src.Capabilities)-st.misses {
			t.Errorf("%s: %d capabilities checked afresh (result says %d checked, %d reused), want %d of %d",
				st.name, misses, got.Checked, got.Reused, st.misses, len(src.Capabilities))
		}
		results = append(results, got)
		valid = append(valid, validIDs(got))
	}
	if v := strings.Join(valid[4], ","); strings.Contains(v, "security") || !strings.Contains(v, "tdd") {
		t.Errorf("after the planner left the contract, valid = %v; want security invalid and tdd valid", valid[4])
	}
	// Earlier results are not changed by later validations.
	for i, r := range results {
		if g := validIDs(r); !reflect.DeepEqual(g, valid[i]) {
			t.Errorf("result of %q changed afterwards: %v, was %v", steps[i].name, g, valid[i])
		}
	}
}

func validIDs(r *validate.Result) []string {
	var ids []string
	for _, c := range r.Capabilities {
		ids = append(ids, c.ID)
	}
	return ids
}

// TestLoadWithCacheMatchesLoad: the same repository gives the same artifacts
// and digest with a warm cache as without one.
func TestLoadWithCacheMatchesLoad(t *testing.T) {
	dir := t.TempDir()
	if err := storetest.WriteRepo(dir, 60); err != nil {
		t.Fatal(err)
	}
	cache := validate.NewCache()
	opts := store.Options{ScanOptions: store.ScanOptions{Repo: dir}, Cache: cache}
	for i := range 2 {
		warm, err := store.Load(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		cold := load(t, dir)
		if !warm.OK() || warm.Digest != cold.Digest {
			t.Fatalf("load %d: ok=%v digest %s, without cache %s", i, warm.OK(), warm.Digest, cold.Digest)
		}
		for _, name := range store.ArtifactNames {
			if !bytes.Equal(warm.Artifact(name), cold.Artifact(name)) {
				t.Errorf("load %d: %s differs with the cache", i, name)
			}
		}
	}
	if st := cache.Stats(); st.Hits == 0 || st.Misses != st.Hits || st.CardHits == 0 || st.CardMisses != st.CardHits {
		t.Errorf("stats %+v: want the second load to take every capability and every card from the cache", st)
	}
}

// BenchmarkRebuild10k is what the daemon does after one capability of a
// 10,000-capability repository changed: scan, validate with a warm cache,
// build with the previous snapshot. Compare BenchmarkCheck10k, the same
// without a cache.
func BenchmarkRebuild10k(b *testing.B) {
	dir := b.TempDir()
	if err := storetest.WriteRepo(dir, 10000); err != nil {
		b.Fatal(err)
	}
	opts := store.Options{ScanOptions: store.ScanOptions{Repo: dir}, Cache: validate.NewCache()}
	first, err := store.Load(context.Background(), opts)
	if err != nil {
		b.Fatal(err)
	}
	opts.Previous = first
	entries, err := os.ReadDir(filepath.Join(dir, "capabilities"))
	if err != nil || len(entries) == 0 {
		b.Fatal("no capabilities", err)
	}
	benchRebuilds(b, opts, filepath.Join(dir, "capabilities", entries[0].Name(), "capability.json"), `"description": "`)
}

// benchRebuilds times, at each iteration, the Load that follows an edit of
// file (old, the text of a field's opening, followed by "edit N "), with
// opts's Cache and the previous Load's snapshot, as the daemon rebuilds;
// file is put back afterwards.
func benchRebuilds(b *testing.B, opts store.Options, file, old string) {
	orig, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = os.WriteFile(file, orig, 0o644) })
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		b.StopTimer()
		i++
		edited := bytes.Replace(orig, []byte(old), fmt.Appendf(nil, "%sedit %d ", old, i), 1)
		if err := os.WriteFile(file, edited, 0o644); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		snap, err := store.Load(context.Background(), opts)
		if err != nil || !snap.OK() {
			b.Fatal("not ok", err)
		}
		opts.Previous = snap
	}
}

// BenchmarkValidateChange10k is POST /validate's work at 10,000
// capabilities: overlay a one-capability change on the served snapshot and
// check it, with the snapshot's cache (Check) and without (Build, as it was
// before the cache was reused); and the overlay alone of a change that
// rewrites every declaration, whose files must each find their capability
// without a search of all of them.
func BenchmarkValidateChange10k(b *testing.B) {
	dir := b.TempDir()
	if err := storetest.WriteRepo(dir, 10000); err != nil {
		b.Fatal(err)
	}
	snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: dir, Tree: true}, Cache: validate.NewCache()})
	if err != nil || !snap.OK() {
		b.Fatal("not ok", err)
	}
	c := snap.Sources.Capabilities[0]
	change := func(i int) map[string][]byte {
		edited := bytes.Replace(c.Manifest.Data, []byte(`"description": "`), fmt.Appendf(nil, `"description": "edit %d `, i), 1)
		return map[string][]byte{c.Manifest.Path: edited}
	}
	for _, bc := range []struct {
		name  string
		check func(*validate.Sources) validate.Diagnostics
	}{
		{"check", snap.Check},
		{"build", func(src *validate.Sources) validate.Diagnostics { return store.Build(src, snap.Strict).Diagnostics }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				i++
				src, err := snap.Overlay(change(i), nil)
				if err != nil {
					b.Fatal(err)
				}
				if diags := bc.check(src); diags.HasErrors() {
					b.Fatal(diags)
				}
			}
		})
	}
	every := map[string][]byte{}
	for _, c := range snap.Sources.Capabilities {
		every[c.Manifest.Path] = append([]byte(" "), c.Manifest.Data...)
	}
	b.Run("overlay-every-declaration", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			src, err := snap.Overlay(every, nil)
			if err != nil {
				b.Fatal(err)
			}
			if len(src.Capabilities) != len(snap.Sources.Capabilities) {
				b.Fatalf("%d capabilities, want %d", len(src.Capabilities), len(snap.Sources.Capabilities))
			}
		}
	})
}

// A proposed change checked through the snapshot (POST /validate) leaves the
// watcher's cache as it was: the next rebuild of the unchanged repository
// checks nothing afresh, even after a proposal that deletes every
// capability.
func TestCheckLeavesTheCacheAlone(t *testing.T) {
	dir := t.TempDir()
	if err := storetest.WriteRepo(dir, 50); err != nil {
		t.Fatal(err)
	}
	cache := validate.NewCache()
	opts := store.Options{ScanOptions: store.ScanOptions{Repo: dir, Tree: true}, Cache: cache}
	snap, err := store.Load(context.Background(), opts)
	if err != nil || !snap.OK() {
		t.Fatal("not ok", err)
	}
	for _, del := range [][]string{{"capabilities"}, {snap.Sources.Capabilities[0].Manifest.Path}} {
		src, err := snap.Overlay(nil, del)
		if err != nil {
			t.Fatal(err)
		}
		snap.Check(src)
	}
	before := cache.Stats()
	if _, err := store.Load(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	if misses := cache.Stats().Misses - before.Misses; misses != 0 {
		t.Errorf("after two POST /validate, a rebuild of the unchanged repository checked %d capabilities afresh", misses)
	}
}

// BenchmarkRebuildCards3k is a rebuild of a repository of 1,500
// capabilities and 3,000 tool cards, each card with replaces patterns of
// the usual shapes (two of: a regexp, placeholders, an alternation, a
// literal command), after one file changed: a capability's declaration, or a
// card. The card checks (schema, replaces shape and cost) are most of a
// rebuild's validation where cards outnumber capabilities.
func BenchmarkRebuildCards3k(b *testing.B) {
	dir := b.TempDir()
	if err := storetest.WriteRepo(dir, 1500); err != nil {
		b.Fatal(err)
	}
	if err := storetest.WriteToolCards(dir, 3000); err != nil {
		b.Fatal(err)
	}
	entries, err := os.ReadDir(filepath.Join(dir, "capabilities"))
	if err != nil || len(entries) == 0 {
		b.Fatal("no capabilities", err)
	}
	for _, bc := range []struct{ name, file, old string }{
		{"capability-edit", filepath.Join(dir, "capabilities", entries[0].Name(), "capability.json"), `"description": "`},
		{"card-edit", filepath.Join(dir, "tools", "t00", "deploy-0000.card.json"), `"summary": "`},
	} {
		b.Run(bc.name, func(b *testing.B) {
			opts := store.Options{ScanOptions: store.ScanOptions{Repo: dir}, Cache: validate.NewCache()}
			first, err := store.Load(context.Background(), opts)
			if err != nil || !first.OK() {
				b.Fatal("not ok", err)
			}
			opts.Previous = first
			benchRebuilds(b, opts, bc.file, bc.old)
		})
	}
}
