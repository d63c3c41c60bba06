package store_test

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
)

// A fragment the walk has read already (a capability folder's *.md is read
// as markdown that may hold a marker when no workflow roots are named) is
// inlined from that read; where workflow roots are named it is resolved
// and read on its own. Both must inline the same bytes, for a fragment
// small enough to be kept from the walk and for one over the 64 KiB the
// walk keeps.
func TestFragmentsFromTheWalkAgreeWithTheirOwnRead(t *testing.T) {
	walked, alone := t.TempDir(), t.TempDir()
	for _, dir := range []string{walked, alone} {
		copyRepoTree(t, filepath.Join("..", "testdata", "repo"), dir)
		big := strings.Repeat("Map the patterns of the codebase, file by file.\n", 1500) // 72 KB
		writeTestFile(t, filepath.Join(dir, "capabilities", "pattern-mapper", "loop", "mapper.md"), []byte(big))
	}
	writeTestFile(t, filepath.Join(alone, "capreg.json"),
		[]byte(`{"configSchema": "config/config-schema.manifest.json", "workflows": ["workflows"]}`))
	load := func(dir string) []byte {
		t.Helper()
		snap, err := store.Load(context.Background(), store.Options{ScanOptions: store.ScanOptions{Repo: dir}})
		if err != nil {
			t.Fatal(err)
		}
		if !snap.OK() {
			t.Fatalf("%s: %v", dir, snap.Diagnostics)
		}
		return snap.Artifact(store.RegistryFile)
	}
	a, b := load(walked), load(alone)
	for _, want := range []string{"Map the patterns of the codebase", `"path": "loop/threat-model.md"`} {
		if !bytes.Contains(a, []byte(want)) {
			t.Fatalf("the registry holds no %q", want)
		}
	}
	if !bytes.Equal(a, b) {
		t.Errorf("the registry inlines fragments read by the walk differently from fragments read on their own")
	}
}
