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

// BenchmarkLoadMonorepoRoot loads a monorepo's root whose capreg.json
// lists its 300 packages ("packages") and names a cards folder and a
// config schema that are not there: capreg.json is read by the scan, and
// its keys by the findings placed at the paths it names and by the check
// of "packages".
func BenchmarkLoadMonorepoRoot(b *testing.B) {
	dir := b.TempDir()
	var listed []string
	for i := range 300 {
		p := fmt.Sprintf("products/p%03d", i)
		listed = append(listed, fmt.Sprintf("%q", p))
		if err := os.MkdirAll(filepath.Join(dir, p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p, "capreg.json"), []byte("{}"), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	rc := fmt.Sprintf("{\n  \"cards\": [\"tools\"],\n  \"configSchema\": \"config/schema.json\",\n  \"packages\": [\n    %s\n  ]\n}\n", strings.Join(listed, ",\n    "))
	if err := os.WriteFile(filepath.Join(dir, "capreg.json"), []byte(rc), 0o644); err != nil {
		b.Fatal(err)
	}
	opts := store.Options{ScanOptions: store.ScanOptions{Repo: dir}}
	snap, err := store.Load(context.Background(), opts)
	if err != nil {
		b.Fatal(err)
	}
	placed := 0
	for _, d := range snap.Diagnostics {
		if d.File == "capreg.json" && d.Line > 1 {
			placed++
		}
	}
	if placed < 2 {
		b.Fatalf("%d findings placed in capreg.json, want the cards folder's and the schema's: %v", placed, snap.Diagnostics)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := store.Load(context.Background(), opts); err != nil {
			b.Fatal(err)
		}
	}
}
