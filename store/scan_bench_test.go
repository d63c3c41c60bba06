package store_test

import (
	"context"
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
