package store_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
)

// BenchmarkScanEscapesInCheckout scans a monorepo product, twelve folders
// below its git checkout's top, whose 500 tool cards are links to shared
// cards elsewhere in the checkout: 500 cards refused (path-escape), each with
// the hint that --repo is narrower than the checkout, which needs the
// work tree's top.
func BenchmarkScanEscapesInCheckout(b *testing.B) {
	top := b.TempDir()
	if err := os.MkdirAll(filepath.Join(top, ".git"), 0o755); err != nil {
		b.Fatal(err)
	}
	deep := strings.Repeat("d/", 11)
	repo := filepath.Join(top, filepath.FromSlash(deep), "product")
	for _, dir := range []string{filepath.Join(top, "shared"), filepath.Join(repo, "bin")} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			b.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(repo, "capreg.json"), []byte("{}"), 0o644); err != nil {
		b.Fatal(err)
	}
	up := strings.Repeat("../", 13)
	for i := range 500 {
		name := fmt.Sprintf("t%03d.card.json", i)
		if err := os.WriteFile(filepath.Join(top, "shared", name), []byte("{}"), 0o644); err != nil {
			b.Fatal(err)
		}
		if err := os.Symlink(up+"shared/"+name, filepath.Join(repo, "bin", name)); err != nil {
			b.Skipf("cannot create a symlink here: %v", err)
		}
	}
	in, err := store.Scan(context.Background(), store.ScanOptions{Repo: repo})
	if err != nil {
		b.Fatal(err)
	}
	hints := 0
	for _, c := range in.Sources.Cards {
		if c.File.Err != nil && strings.Contains(c.File.Err.Error(), "elsewhere in the same git checkout") {
			hints++
		}
	}
	if hints != 500 {
		b.Fatalf("%d of %d cards read with the checkout hint, want 500", hints, len(in.Sources.Cards))
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := store.Scan(context.Background(), store.ScanOptions{Repo: repo}); err != nil {
			b.Fatal(err)
		}
	}
}
