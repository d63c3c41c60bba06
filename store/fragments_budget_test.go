package store_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// TestFragmentsInlinedAreBounded: a capability's hooks inline at most 16
// MiB of fragments, each reference counted, and the reference past that is
// a file-too-large error that inlines nothing: 200 references to one 4 MiB
// fragment made capreg check peak at 8.4 GB, and 20 put 169 MB in the
// registry.
func TestFragmentsInlinedAreBounded(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	capDir := filepath.Join(repo, "capabilities", "tdd")
	p := filepath.Join(capDir, "capability.json")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var d map[string]any
	if err := json.Unmarshal(data, &d); err != nil {
		t.Fatal(err)
	}
	first := d["contributions"].([]any)[0].(map[string]any)
	first["fragment"] = map[string]any{"path": "big.md"}
	d["contributions"] = slices.Repeat([]any{first}, 8)
	data, _ = json.Marshal(d)
	writeTestFile(t, p, data)
	writeTestFile(t, filepath.Join(capDir, "big.md"), bytes.Repeat([]byte("word word word word\n"), 3<<20/20)) // 3 MiB
	snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
	var found []validate.Diagnostic
	for _, d := range snap.Diagnostics {
		if d.Rule == "file-too-large" {
			found = append(found, d)
		}
	}
	// 5 × 3 MiB fit in 16 MiB; the 6th, 7th and 8th do not.
	if len(found) != 3 || found[0].Pointer != "/contributions/5/fragment/path" ||
		!strings.Contains(found[0].Message, `fragment "big.md" (3.0 MiB) is not inlined: this capability's hooks would inline over 16 MiB`) {
		t.Errorf("file-too-large findings %v, want 3, the first at /contributions/5/fragment/path", found)
	}
}

// A fragment reached from several capability folders (one linked to
// another's) is read once, its bytes shared: sixty links to a folder with
// a 7 MiB fragment read 420 MB, and its capabilities, misfiled, copied it
// into memory again, 1.3 GB in all.
func TestLinkedFoldersShareTheirFragments(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	capDir := filepath.Join(repo, "capabilities")
	for _, name := range []string{"r1", "r2"} {
		if err := os.Symlink("research", filepath.Join(capDir, name)); err != nil {
			t.Fatal(err)
		}
	}
	in, err := store.Scan(t.Context(), store.ScanOptions{Repo: repo})
	if err != nil {
		t.Fatal(err)
	}
	var data [][]byte
	for _, cs := range in.Sources.Capabilities {
		for p, f := range cs.Files {
			if strings.HasSuffix(p, "research-prompt.md") && len(f.Data) > 0 {
				data = append(data, f.Data)
			}
		}
	}
	if len(data) != 3 {
		t.Fatalf("the fragment read for %d folders, want 3", len(data))
	}
	for _, d := range data[1:] {
		if &d[0] != &data[0][0] {
			t.Errorf("a linked folder's fragment was read again, not shared")
		}
	}
}
