package store_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/capreg/capreg/validate"
)

// The tests in this file each fail on a change to the store package that
// every other test let through (gate13's mutants S05, S17, S21, S23).

// TestOverlayKeepsServedHintBesideManyNames: a configured root missing
// beside more names than the scanner compares (maxSiblings) keeps the
// did-you-mean the served scan gave when the change leaves its folder
// alone. The scanner's names are the first its listing gives, not the
// first in byte order, so the overlay, which knows only the latter, must
// not tell the hint anew: here the byte order's first thousand hold no
// near name, and the listing's do.
func TestOverlayKeepsServedHintBesideManyNames(t *testing.T) {
	got := overlayWantCheck(t, overlayCase{
		setup: func(t *testing.T, repo string) {
			writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"configSchema": "`+servedSchema+`", "cards": ["bin", "tools/kit"]}`))
			for i := range 1000 {
				writeTestFile(t, filepath.Join(repo, fmt.Sprintf("tools/a%04d", i)), nil)
			}
			for i := range 10 { // the listing's first thousand of 1010 hold one at least
				writeTestFile(t, filepath.Join(repo, fmt.Sprintf("tools/kit%d", i)), nil)
			}
		},
		files: map[string]string{"bin/newtool.card.json": overlayCard("newtool")},
	})
	if !slices.ContainsFunc(got, func(d validate.Diagnostic) bool {
		return d.File == "capreg.json" && strings.Contains(d.Message, `"tools/kit" does not exist in the repository (did you mean "tools/kit`)
	}) {
		t.Errorf("no did-you-mean for tools/kit:\n%s", formatDiagnostics(got))
	}
}

// TestOverlayHintKnowsOnlyListedFolders: a configured root in a
// capability folder (which the tree does not list) that the change
// deletes gets no did-you-mean from the overlay, and none from check when
// the folder's only near name is past the names the scanner compares:
// the names the tree noted there (a fragment's folder) are not the
// folder's, and may be ones the scanner does not see.
func TestOverlayHintKnowsOnlyListedFolders(t *testing.T) {
	overlayWantCheck(t, overlayCase{
		setup: func(t *testing.T, repo string) {
			dir := filepath.Join(repo, "capabilities/research")
			var candidates []string
			mkCandidates := func(chars string) {
				for _, c := range chars {
					n := "loop" + string(c) // one edit from the root's name
					candidates = append(candidates, n)
					if err := os.Mkdir(filepath.Join(dir, n), 0o755); err != nil {
						t.Fatal(err)
					}
				}
			}
			// Made before and after the others, so that one is listed
			// late whether the file system lists folders in the order
			// entries were made, the reverse, or by hash.
			mkCandidates("abcdefghijklmnopq")
			for i := range 1500 {
				writeTestFile(t, filepath.Join(dir, fmt.Sprintf("f%04d", i)), nil)
			}
			mkCandidates("rstuvwxyz0123456789")
			f, err := os.Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			order, err := f.Readdirnames(-1)
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			at, near := -1, ""
			for i, n := range order {
				if slices.Contains(candidates, n) {
					at, near = i, n
				}
			}
			if at < 1001 { // the scanner compares the first 1000; the change deletes one before it, perhaps
				t.Skipf("the last near name is listed %dth of %d: the scanner would see it", at, len(order))
			}
			for _, n := range candidates {
				if n != near {
					if err := os.Remove(filepath.Join(dir, n)); err != nil {
						t.Fatal(err)
					}
				}
			}
			// The near name is noted in the tree as a fragment's folder.
			writeTestFile(t, filepath.Join(dir, near, "x.md"), []byte("# x\n"))
			manifest := strings.Replace(overlayReadRepoFile(t, "capabilities/research/capability.json"),
				`"contributions": []`, `"contributions": [{"fragment": {"path": "`+near+`/x.md"}}]`, 1)
			writeTestFile(t, filepath.Join(dir, "capability.json"), []byte(manifest))
			writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"configSchema": "`+servedSchema+`", "workflows": ["workflows", "capabilities/research/loop"]}`))
		},
		deleted: []string{"capabilities/research/loop"},
	})
}

// TestOverlayDeletesAStrayLeftover: an editor's copy of a declaration in
// a folder without one is a stray the scan notes in the tree, as it
// notes any stray, so a change deleting it is judged without a rescan.
func TestOverlayDeletesAStrayLeftover(t *testing.T) {
	overlayWantCheck(t, overlayCase{
		setup:   overlayWrite(map[string]string{"capabilities/gamma/capability.json~": `{"id": "x"}`}),
		deleted: []string{"capabilities/gamma/capability.json~"},
	})
}

// TestScanStrayLeftoverOnce: two editor's copies that are one file (a
// link to the other) are one stray, warned of under the name met first.
func TestScanStrayLeftoverOnce(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	writeTestFile(t, filepath.Join(repo, "capabilities/gamma/capability.json~"), []byte(`{"id": "x"}`))
	makeSymlink(t, "../gamma/capability.json~", filepath.Join(repo, "capabilities/delta/capability.json.bak"))
	snap := scanLoadRepo(t, repo)
	if got, want := misplaced(snap.Diagnostics), []string{"capabilities/gamma/capability.json~"}; !slices.Equal(got, want) {
		t.Errorf("capability-misplaced at %q, want %q:\n%s", got, want, formatDiagnostics(snap.Diagnostics))
	}
}
