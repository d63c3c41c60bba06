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
			// Not a new generation: the served snapshot, or the new one
			// served as it where only the copies the tree keeps differ
			// (Tree.leftovers).
			if bumped := st.Generation != served.Generation; bumped != tt.bump || snap.Generation != st.Generation || (snap == served) && tt.bump {
				t.Errorf("generation %d after %d (snapshot kept: %t), want a new one: %t", st.Generation, served.Generation, snap == served, tt.bump)
			}
			if !tt.bump && (snap.Digest != served.Digest || !snap.BuiltAt.Equal(served.BuiltAt)) {
				t.Errorf("digest %s built at %v, want the served %s built at %v", snap.Digest, snap.BuiltAt, served.Digest, served.BuiltAt)
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

// TestOverlayLeftoverBesideDeletedDeclaration: an editor's copy left in
// a capability folder whose capability.json a change deletes is warned of
// (capability-misplaced) by POST /validate's overlay as by a rescan of the
// repository with the change made, whatever kind of copy it is; and not
// when the change deletes it too, the whole folder, or writes the
// declaration anew.
func TestOverlayLeftoverBesideDeletedDeclaration(t *testing.T) {
	const decl = "capabilities/claude/capability.json"
	leftovers := overlayWrite(map[string]string{
		decl + "~":    `{"id": "x"}`,
		decl + ".bak": `{"id": "x"}`,
		decl + ".swp": "swap",
		"capabilities/ollama/capability.json.orig": `{"id": "y"}`, // beside a declaration the change keeps
	})
	tests := []struct {
		overlayCase
		want []string // capability-misplaced at: once a folder, at its first stray
	}{
		{overlayCase{name: "the declaration deleted", deleted: []string{decl}}, []string{decl + ".bak"}},
		{overlayCase{name: "a copy deleted with it", deleted: []string{decl, decl + ".bak"}}, []string{decl + ".swp"}},
		{overlayCase{name: "a copy rewritten", files: map[string]string{decl + ".bak": "{}"}, deleted: []string{decl}}, []string{decl + ".bak"}},
		{overlayCase{name: "the folder deleted", deleted: []string{"capabilities/claude"}}, nil},
		{overlayCase{name: "the declaration rewritten", files: map[string]string{decl: `{"id": "claude"}`}}, nil},
		{overlayCase{name: "another change", files: map[string]string{"bin/newtool.card.json": overlayCard("newtool")}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.setup = leftovers
			if got := misplaced(overlayWantCheck(t, tt.overlayCase)); !slices.Equal(got, tt.want) {
				t.Errorf("capability-misplaced at %q, want %q", got, tt.want)
			}
		})
	}
}

// TestWatcherKeepsLeftoversForOverlay: a watcher whose rescan differs
// only in an editor's copy come or gone beside a declaration (no new
// generation) still judges a change deleting that declaration as a rescan
// does: the copy made since is warned of, the one deleted since is not.
// The snapshot served before is left as it was (a reader holding it
// judges by what its scan saw), and a rescan finding nothing new keeps
// the snapshot served, with all readers derived from it.
func TestWatcherKeepsLeftoversForOverlay(t *testing.T) {
	const decl = "capabilities/claude/capability.json"
	repo, _ := scanRepoCopy(t)
	writeTestFile(t, filepath.Join(repo, decl+".bak"), []byte(`{"id": "x"}`))
	w, _ := startWatcher(t, repo, store.WatchOptions{})
	served := w.Current()
	if err := os.Remove(filepath.Join(repo, decl+".bak")); err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, filepath.Join(repo, decl+"~"), []byte(`{"id": "x"}`))
	if _, err := w.Reload(context.Background()); err != nil {
		t.Fatal(err)
	}
	now := w.Current()
	if now.Generation != served.Generation || now.Digest != served.Digest || !now.BuiltAt.Equal(served.BuiltAt) {
		t.Fatalf("generation %d, digest %s after generation %d, digest %s: the copies should leave them as they are",
			now.Generation, now.Digest, served.Generation, served.Digest)
	}
	judged := func(snap *store.Snapshot) *store.Snapshot {
		t.Helper()
		src, err := snap.Overlay(nil, []string{decl})
		if err != nil {
			t.Fatal(err)
		}
		return store.Build(src, false)
	}
	got, before := judged(now), judged(served)
	if got, want := misplaced(before.Diagnostics), []string{decl + ".bak"}; !slices.Equal(got, want) {
		t.Errorf("the snapshot served before: capability-misplaced at %q, want %q (what its scan saw)", got, want)
	}
	if _, err := w.Reload(context.Background()); err != nil {
		t.Fatal(err)
	}
	if w.Current() != now {
		t.Errorf("a rescan that found nothing new served another snapshot")
	}
	overlayApply[string](t, repo, nil, []string{decl})
	want := scanLoadRepo(t, repo)
	if g, w := formatDiagnostics(got.Diagnostics), formatDiagnostics(want.Diagnostics); g != w {
		t.Errorf("overlay:\n%scheck:\n%s", g, w)
	}
	if got, want := misplaced(got.Diagnostics), []string{decl + "~"}; !slices.Equal(got, want) {
		t.Errorf("capability-misplaced at %q, want %q", got, want)
	}
}

// TestWatcherLeftoversRace: POST /validate's readers judge changes by the
// served snapshot while the watcher rescans as editor's copies come and
// go beside a declaration: no snapshot is written once served (go test
// -race).
func TestWatcherLeftoversRace(t *testing.T) {
	const decl = "capabilities/claude/capability.json"
	repo, _ := scanRepoCopy(t)
	w, _ := startWatcher(t, repo, store.WatchOptions{})
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-stop:
				return
			default:
			}
			if _, err := w.Current().Overlay(nil, []string{decl}); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	for i := range 6 {
		p := filepath.Join(repo, decl+".bak")
		if i%2 == 0 {
			writeTestFile(t, p, []byte(`{"id": "x"}`))
		} else if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
		if _, err := w.Reload(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	close(stop)
	<-done
}
