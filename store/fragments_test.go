package store_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/capreg/capreg/store/storetest"
)

// TestScanReadsAFragmentNamedWithEscapes: a declaration whose "fragment"
// key is spelled with an escape names its fragment all the same, and the
// scan reads it, as validation finds the key.
func TestScanReadsAFragmentNamedWithEscapes(t *testing.T) {
	dir := t.TempDir()
	if err := storetest.WriteRepo(dir, 4); err != nil {
		t.Fatal(err)
	}
	manifest := filepath.Join(dir, "capabilities", "cap-00003", "capability.json")
	data, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	escaped := bytes.Replace(data, []byte(`"fragment": { "path"`), []byte(`"fr\u0061gment": { "path"`), 1)
	if bytes.Equal(escaped, data) {
		t.Fatal("cap-00003 names no fragment")
	}
	if err := os.WriteFile(manifest, escaped, 0o644); err != nil {
		t.Fatal(err)
	}
	if snap := load(t, dir); !snap.OK() {
		t.Errorf("diagnostics %v", snap.Diagnostics)
	}
}
