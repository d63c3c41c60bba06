package store_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/capreg/capreg/store"
)

// TestWatcherIgnoresEditorLeftovers: the files an editor leaves beside a
// capability.json it edits (a backup, a swap file, an atomic save's
// temporary file, Emacs's lock, a link to nothing) are no new generation
// and no finding, while a misnamed declaration in a folder without one,
// and the same leftover alone in a folder, are warned of as before.
func TestWatcherIgnoresEditorLeftovers(t *testing.T) {
	const decl = `{"id": "x"}`
	tests := []struct {
		name string
		file string // under capabilities/
		link bool   // a link to nothing, as Emacs makes its lock
		bump bool   // a new generation, with a capability-misplaced warning at file
	}{
		{"a backup", "claude/capability.json~", false, false},
		{"a .bak", "claude/capability.json.bak", false, false},
		{"a merge's .orig", "claude/capability.json.orig", false, false},
		{"an atomic save's temporary file", "claude/capability.json.tmp1234", false, false},
		{"a temporary file in upper case", "claude/capability.json.TMP", false, false},
		{"vim's swap file", "claude/capability.json.swp", false, false},
		{"Emacs's lock", "claude/.#capability.json", true, false},
		{"Emacs's lock as a file", "claude/.#capability.json", false, false},
		{"Emacs's autosave", "claude/#capability.json#", false, false},
		{"vim's test of the folder", "claude/4913", false, false},
		{"a misnamed declaration alone", "gamma/Capability.json", false, true},
		{"a backup alone", "gamma/capability.json~", false, true},
		{"a temporary file alone", "gamma/capability.json.tmp1234", false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			if _, err := os.Stat(filepath.Join(repo, "capabilities/claude/capability.json")); err != nil {
				t.Fatal(err)
			}
			w, _ := startWatcher(t, repo, store.WatchOptions{})
			served := w.Current()
			p := filepath.Join(repo, "capabilities", filepath.FromSlash(tt.file))
			if tt.link {
				makeSymlink(t, "user@host.1234:1700000000", p)
			} else {
				writeTestFile(t, p, []byte(decl))
			}
			st, err := w.Reload(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			snap := w.Current()
			want := []string(nil)
			if tt.bump {
				want = []string{"capabilities/" + tt.file}
			}
			if got := misplaced(snap.Diagnostics); !slices.Equal(got, want) {
				t.Errorf("capability-misplaced at %q, want %q:\n%s", got, want, formatDiagnostics(snap.Diagnostics))
			}
			if bumped := st.Generation != served.Generation; bumped != tt.bump || (snap == served) == tt.bump {
				t.Errorf("generation %d after %d (snapshot kept: %t), want a new one: %t", st.Generation, served.Generation, snap == served, tt.bump)
			}
			if !tt.bump && !slices.Equal(snap.Diagnostics, served.Diagnostics) {
				t.Errorf("findings changed:\n%s", formatDiagnostics(snap.Diagnostics))
			}
		})
	}
}

// TestScanManifestInOtherCase: Capability.json beside a capability.json,
// which a Windows or macOS checkout cannot hold both of, is a reserved-name
// warning at it, and no capability-misplaced; an editor's copy of it is
// nothing.
func TestScanManifestInOtherCase(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	writeTestFile(t, filepath.Join(repo, "capabilities/claude/Capability.json"), []byte(`{"id": "x"}`))
	writeTestFile(t, filepath.Join(repo, "capabilities/claude/Capability.json~"), []byte(`{"id": "x"}`))
	snap := scanLoadRepo(t, repo)
	if got, want := filesOf(snap.Diagnostics, "reserved-name"), []string{"capabilities/claude/Capability.json"}; !slices.Equal(got, want) {
		t.Errorf("reserved-name at %q, want %q:\n%s", got, want, formatDiagnostics(snap.Diagnostics))
	}
	if got := misplaced(snap.Diagnostics); len(got) != 0 {
		t.Errorf("capability-misplaced at %q", got)
	}
}
