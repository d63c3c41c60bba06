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
	inlineBig(t, repo, "tdd", bytes.Repeat([]byte("word word word word\n"), 3<<20/20), 8) // 3 MiB
	found := tooLarge(t, repo)
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

// inlineBig makes the first contribution of the capability in folder name
// name a fragment file of data, n times over.
func inlineBig(t *testing.T, repo, name string, data []byte, n int) {
	t.Helper()
	capDir := filepath.Join(repo, "capabilities", name)
	p := filepath.Join(capDir, "capability.json")
	raw, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var d map[string]any
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	first := d["contributions"].([]any)[0].(map[string]any)
	first["fragment"] = map[string]any{"path": "big.md"}
	d["contributions"] = slices.Repeat([]any{first}, n)
	raw, _ = json.Marshal(d)
	writeTestFile(t, p, raw)
	writeTestFile(t, filepath.Join(capDir, "big.md"), data)
}

// tooLarge are the file-too-large findings of a build of repo.
func tooLarge(t *testing.T, repo string) []validate.Diagnostic {
	t.Helper()
	snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
	var found []validate.Diagnostic
	for _, d := range snap.Diagnostics {
		if d.Rule == "file-too-large" {
			found = append(found, d)
		}
	}
	return found
}

// TestFragmentsInlinedAreBoundedAsJSONText: the bounds count a fragment's
// text as the registry holds it, JSON text, where a control character
// takes six bytes; and the capabilities together inline at most 32 MiB.
// Four capabilities each inlining 1 MiB of control characters fifteen
// times (15 MiB of file, 90 MiB of JSON text each) passed, and capreg
// check peaked at 3.4 GB, the daemon at 7.5 GB (review).
func TestFragmentsInlinedAreBoundedAsJSONText(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	inlineBig(t, repo, "tdd", bytes.Repeat([]byte{1}, 1<<20), 3) // 6 MiB each
	found := tooLarge(t, repo)
	if len(found) != 1 || found[0].Pointer != "/contributions/2/fragment/path" || !strings.Contains(found[0].Message, "as JSON text") {
		t.Errorf("control characters: file-too-large findings %v, want 1, at /contributions/2/fragment/path", found)
	}

	repo, _ = scanRepoCopy(t)
	// 5 MiB, as JSON text too; the sample's own fragments are kilobytes.
	plain := bytes.Repeat([]byte("word word word word "), 5<<20/20)
	inlineBig(t, repo, "assumptions", plain, 3) // 15 MiB
	inlineBig(t, repo, "security", plain, 3)    // 30 MiB
	inlineBig(t, repo, "tdd", plain, 3)         // past 32 MiB at its first
	found = tooLarge(t, repo)
	if len(found) != 1 || found[0].File != "capabilities/tdd/capability.json" || found[0].Pointer != "/contributions/0/fragment/path" ||
		!strings.Contains(found[0].Message, "the repository's hooks would inline over 32 MiB") {
		t.Errorf("the repository's total: file-too-large findings %v, want 1, in tdd at /contributions/0/fragment/path", found)
	}
}
