package store_test

import (
	"path/filepath"
	"testing"
)

// TestScanEditorLeftoverOfOtherFilesIsNoStray: only an editor's copy of a
// declaration (capability.json~, capability.json.bak) waits for the walk's
// end to be judged a stray; a backup of another file (notes.md~ in a
// capability folder without a declaration, a .bak outside the
// capabilities folder) is none, as before.
func TestScanEditorLeftoverOfOtherFilesIsNoStray(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	for _, p := range []string{"capabilities/newcap/notes.md~", "capabilities/newcap/README.md.bak", "docs/guide.md.orig", "bin/land.swp"} {
		writeTestFile(t, filepath.Join(repo, p), []byte("x\n"))
	}
	writeTestFile(t, filepath.Join(repo, "capabilities/other/capability.json.bak"), []byte(`{"id": "other"}`))
	snap := scanLoadRepo(t, repo)
	if got, want := snap.Sources.StrayDeclarations, []string{"capabilities/other/capability.json.bak"}; len(got) != 1 || got[0] != want[0] {
		t.Errorf("stray declarations %q, want %q", got, want)
	}
}
