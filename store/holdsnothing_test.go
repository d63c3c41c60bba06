package store_test

import (
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
)

// TestHoldsNothingNamesTheConfiguredFolder pins that the daemon's warning
// of an empty registry names where this repository reads declarations:
// with capreg.json naming "caps", it said capabilities/<id>/capability.json,
// a folder the repository does not use, while capreg check named caps.
func TestHoldsNothingNamesTheConfiguredFolder(t *testing.T) {
	repo := t.TempDir()
	writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"capabilities": "caps"}`))
	writeTestFile(t, filepath.Join(repo, "caps", "x", "Capability.json"), []byte(`{"id": "x"}`))
	var log syncBuffer
	w, _ := startWatcher(t, repo, store.WatchOptions{Logger: slog.New(slog.NewTextHandler(&log, nil))})
	waitFor(t, "the empty registry", func() bool { return w.Current() != nil })
	waitFor(t, "the warning", func() bool { return strings.Contains(log.String(), "holds nothing capreg reads") })
	for l := range strings.SplitSeq(log.String(), "\n") {
		if !strings.Contains(l, "holds nothing capreg reads") {
			continue
		}
		if !strings.Contains(l, "no caps/<id>/capability.json,") || !strings.Contains(l, "capabilityMisplacedWarnings=1") {
			t.Errorf("log line %q: want it to name caps/<id>/capability.json and count the misnamed declaration", l)
		}
	}
	if m := w.Current().Misplaced(); m != (store.Misplaced{Misnamed: 1}) {
		t.Errorf("Misplaced() = %+v, want one misnamed declaration", m)
	}
}

// TestMisplacedCountsByPlace pins how Snapshot.Misplaced sorts the
// capability-misplaced findings: a misnamed declaration in the
// repository's own capabilities folder, one under another capabilities
// folder, and a package's capreg.json, each counted once in its kind.
func TestMisplacedCountsByPlace(t *testing.T) {
	repo := t.TempDir()
	writeTestFile(t, filepath.Join(repo, "capabilities", "x", "capability.json.txt"), []byte(`{"id": "x"}`))
	writeTestFile(t, filepath.Join(repo, "packages", "a", "capabilities", "y", "capability.json"), []byte(`{"id": "y"}`))
	writeTestFile(t, filepath.Join(repo, "tools", "b", "capreg.json"), []byte(`{}`))
	snap, err := store.Load(t.Context(), store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
	if err != nil {
		t.Fatal(err)
	}
	if m := snap.Misplaced(); m != (store.Misplaced{Misnamed: 1, Elsewhere: 1, Packages: 1}) || !m.Any() {
		t.Errorf("Misplaced() = %+v, want one of each kind (%v)", m, snap.Diagnostics)
	}
	if got := snap.DeclarationPath(); got != "capabilities/<id>/capability.json" {
		t.Errorf("DeclarationPath() = %q, want the default folder's", got)
	}
	var none *store.Snapshot
	if none.Misplaced().Any() || none.DeclarationPath() != "capabilities/<id>/capability.json" {
		t.Error("a nil snapshot counts something or names another folder")
	}
}

// TestMisplacedCountsEveryLinkText pins that Snapshot.Misplaced counts each
// link text checked out as a file, not each warning: past five, validate
// folds the rest into one capability-misplaced warning standing for them
// (Omitted), and capreg check's "nothing to check" note, "N declarations in
// its capabilities folder are misnamed", said 6 for 9 files.
func TestMisplacedCountsEveryLinkText(t *testing.T) {
	for _, n := range []int{5, 6, 7, 9} {
		repo := t.TempDir()
		for i := range n {
			writeTestFile(t, filepath.Join(repo, "capabilities", fmt.Sprintf("cap%d", i)), fmt.Appendf(nil, "../../shared/cap%d", i))
		}
		snap, err := store.Load(t.Context(), store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
		if err != nil {
			t.Fatal(err)
		}
		if m := snap.Misplaced(); m != (store.Misplaced{Misnamed: n}) {
			t.Errorf("%d link texts: Misplaced() = %+v, want Misnamed %d (%d findings)", n, m, n, len(snap.Diagnostics))
		}
		if _, warns := snap.Diagnostics.Count(); warns != n {
			t.Errorf("%d link texts: %d warnings counted, want one a file", n, warns)
		}
	}
}
