package store_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/store/storetest"
)

// BenchmarkScan10k is the scan a rebuild starts with, of a repository of
// 10,000 capabilities: nearly all of it system calls, to list every
// directory and read every declaration.
func BenchmarkScan10k(b *testing.B) {
	dir := b.TempDir()
	if err := storetest.WriteRepo(dir, 10000); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := store.Scan(context.Background(), store.ScanOptions{Repo: dir}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScanFragments10k is BenchmarkScan10k with a fragment file named
// by each feature's step (9,500 of them, where the synthetic repository
// has 500): each fragment is resolved inside its capability folder and
// read.
func BenchmarkScanFragments10k(b *testing.B) {
	dir := b.TempDir()
	if err := storetest.WriteRepo(dir, 10000); err != nil {
		b.Fatal(err)
	}
	caps := filepath.Join(dir, "capabilities")
	entries, err := os.ReadDir(caps)
	if err != nil {
		b.Fatal(err)
	}
	for _, e := range entries {
		manifest := filepath.Join(caps, e.Name(), "capability.json")
		data, err := os.ReadFile(manifest)
		if err != nil {
			b.Fatal(err)
		}
		if !bytes.Contains(data, []byte(`"role": "feature"`)) || bytes.Contains(data, []byte(`"fragment": { "path"`)) {
			continue
		}
		data = bytes.Replace(data, []byte(`"onError": "skip" }`), []byte(`"onError": "skip", "fragment": { "path": "loop/prompt.md" } }`), 1)
		prompt := filepath.Join(caps, e.Name(), "loop", "prompt.md")
		if err := os.MkdirAll(filepath.Dir(prompt), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(prompt, []byte("Do the work of "+e.Name()+" for phase {{phase}}.\n"), 0o644); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(manifest, data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		in, err := store.Scan(context.Background(), store.ScanOptions{Repo: dir})
		if err != nil {
			b.Fatal(err)
		}
		fragments := 0
		for _, c := range in.Sources.Capabilities {
			fragments += len(c.Files)
		}
		if fragments != 9500 {
			b.Fatalf("%d fragments read, want 9500", fragments)
		}
	}
}
