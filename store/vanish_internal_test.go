package store

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/capreg/capreg/validate"
)

// TestFolderVanishedDuringTheScanIsScannedAgain: a folder deleted between
// the scan listing its parent and opening it (an rm -rf beside the scan)
// failed that rebuild, file-unreadable "vanished during the scan", which a
// long soak saw 5 to 8 times an hour, each flipping the reload-success
// gauge to 0 for a moment. The daemon scans again at once, and records
// the tree as it is after the change; a folder that vanishes at every
// scan still fails, after maxSwapRescans more.
func TestFolderVanishedDuringTheScanIsScannedAgain(t *testing.T) {
	for _, tt := range []struct {
		name      string
		recreate  bool // the folder is back before each next scan
		wantOK    bool
		wantScans int
	}{
		{"deleted once", false, true, 2},
		{"deleted at every scan", true, false, maxSwapRescans + 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			repo := sampleRepoCopy(t)
			gone := filepath.Join(repo, "capabilities", "ui", "notes")
			if err := os.MkdirAll(gone, 0o755); err != nil {
				t.Fatal(err)
			}
			w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: repo}}})
			build, scans := w.build, 0
			w.build = func(ctx context.Context, entering enterFunc) (*Snapshot, error) {
				scans++
				if tt.recreate {
					if err := os.MkdirAll(gone, 0o755); err != nil {
						t.Fatal(err)
					}
				}
				return build(ctx, func(dir string, names ...string) {
					if dir == gone {
						os.RemoveAll(gone) // listed by ui, gone when opened
					}
				})
			}
			b, ok := w.scanSettled(context.Background(), nopNotifier{})
			if !ok || b.err != nil || b.snap == nil {
				t.Fatalf("scanSettled: ok %v, err %v", ok, b.err)
			}
			if b.snap.OK() != tt.wantOK || scans != tt.wantScans {
				t.Errorf("after %d scans the build is OK %v (%v), want %d scans and OK %v",
					scans, b.snap.OK(), b.snap.Diagnostics, tt.wantScans, tt.wantOK)
			}
			if want := []string{"capabilities/ui/notes"}; !tt.wantOK && !slices.Equal(b.snap.Sources.Vanished, want) {
				t.Errorf("Sources.Vanished = %q, want %q", b.snap.Sources.Vanished, want)
			}
		})
	}
}

// TestOnlyAFailingVanishedFolderIsScannedAgain: a rescan is for a build
// that failed because a folder where inputs may live vanished under it.
// A folder of no inputs (a build tool's output beside a repository whose
// card roots are named) vanishing at every scan is a warning: it made
// every rebuild of a repository failing for another reason (a broken
// manifest) scan six times, and a folder that could not be opened for
// another reason than being gone (here a file swapped in its place at
// every scan, ENOTDIR) is no vanished folder however it fails the build.
func TestOnlyAFailingVanishedFolderIsScannedAgain(t *testing.T) {
	for _, tt := range []struct {
		name     string
		folder   string // below the repository
		fileThen bool   // a file takes its place, rather than nothing
		broken   bool   // a manifest is broken as well
	}{
		{"a folder of no inputs, the build fine", "scripts/build", false, false},
		{"a folder of no inputs, the build failing for a manifest", "scripts/build", false, true},
		{"a capability's folder turned into a file", "capabilities/ui/notes", true, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			repo := sampleRepoCopy(t)
			config := `{"configSchema": "config/config-schema.manifest.json", "workflows": ["workflows"], "cards": ["docs"]}`
			if err := os.WriteFile(filepath.Join(repo, "capreg.json"), []byte(config), 0o644); err != nil {
				t.Fatal(err)
			}
			if tt.broken {
				if err := os.WriteFile(filepath.Join(repo, "capabilities", "ui", "capability.json"), []byte("{"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			gone := filepath.Join(repo, filepath.FromSlash(tt.folder))
			w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: repo}}})
			build, scans := w.build, 0
			w.build = func(ctx context.Context, entering enterFunc) (*Snapshot, error) {
				scans++
				if err := os.RemoveAll(gone); err != nil {
					t.Fatal(err)
				}
				if err := os.MkdirAll(gone, 0o755); err != nil {
					t.Fatal(err)
				}
				return build(ctx, func(dir string, names ...string) {
					if dir != gone {
						return
					}
					os.RemoveAll(gone) // listed by its folder, gone when opened
					if tt.fileThen {
						if err := os.WriteFile(gone, nil, 0o644); err != nil {
							t.Error(err)
						}
					}
				})
			}
			b, ok := w.scanSettled(context.Background(), nopNotifier{})
			if !ok || b.err != nil || b.snap == nil {
				t.Fatalf("scanSettled: ok %v, err %v", ok, b.err)
			}
			if scans != 1 {
				t.Errorf("%d scans, want 1 (%v)", scans, b.snap.Diagnostics)
			}
			if wantOK := !tt.broken && !tt.fileThen; b.snap.OK() != wantOK {
				t.Errorf("the build is OK %v, want %v (%v)", b.snap.OK(), wantOK, b.snap.Diagnostics)
			}
			if len(b.snap.Sources.Vanished) != 0 {
				t.Errorf("Sources.Vanished = %q, want none", b.snap.Sources.Vanished)
			}
		})
	}
}

// sampleRepoCopy is a copy of the sample repository at its real path, as
// the scan names the folders it enters.
func sampleRepoCopy(t *testing.T) string {
	t.Helper()
	repo, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	copyTree(t, "../testdata/repo", repo)
	return repo
}

// TestFileVanishedDuringTheScanIsScannedAgain: a file deleted between the
// scan listing its folder and reading it (a checkout replacing it, an
// editor's save by rename) failed that rebuild as an unreadable input,
// as a vanished folder did, though the next scan reads the change whole.
// The daemon scans again at once; a one-shot Scan names the file and
// says it vanished, not that it must be made readable.
func TestFileVanishedDuringTheScanIsScannedAgain(t *testing.T) {
	for _, tt := range []struct {
		name    string
		file    string // deleted when the scan enters a folder listed before it
		config  string // capreg.json, when not the sample's
		content string // the file's, when the sample has none
	}{
		{"a manifest", "capabilities/ui/capability.json", "", ""},
		{"a card", "bin/ft.card.json", "", ""},
		{"a workflow", "workflows/zz-plan.md", "", "<loop-point id=\"plan:pre\"/>\n"},
		// Reported as a card, unlike a capability folder's markdown.
		{"a card in a capability folder", "capabilities/tdd/hooks/check-tests.sh.card.json", "",
			`{"id": "check-tests", "command": "capabilities/tdd/hooks/check-tests.sh", "summary": "Check the tests.", "risk": "reversible"}`},
		// Read as the walk meets it, and after the walk.
		{"the config schema capreg.json names", "config/config-schema.manifest.json", "", ""},
		{"the config schema discovered", "config/config-schema.manifest.json", "{}", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			repo := sampleRepoCopy(t)
			if tt.config != "" {
				if err := os.WriteFile(filepath.Join(repo, "capreg.json"), []byte(tt.config), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			gone := filepath.Join(repo, filepath.FromSlash(tt.file))
			if tt.content != "" {
				if err := os.WriteFile(gone, []byte(tt.content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			before := filepath.Join(filepath.Dir(gone), "0-listed-first")
			if err := os.MkdirAll(before, 0o755); err != nil {
				t.Fatal(err)
			}
			content, err := os.ReadFile(gone)
			if err != nil {
				t.Fatal(err)
			}
			w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: repo}}})
			build, scans := w.build, 0
			w.build = func(ctx context.Context, entering enterFunc) (*Snapshot, error) {
				scans++
				return build(ctx, func(dir string, names ...string) {
					if dir == before && scans == 1 {
						os.Remove(gone) // listed by its folder, gone when read
					}
				})
			}
			b, ok := w.scanSettled(context.Background(), nopNotifier{})
			if !ok || b.err != nil || b.snap == nil {
				t.Fatalf("scanSettled: ok %v, err %v", ok, b.err)
			}
			if scans != 2 {
				t.Errorf("%d scans, want 2 (%v)", scans, b.snap.Diagnostics)
			}

			// A one-shot scan says what happened.
			if err := os.WriteFile(gone, content, 0o644); err != nil {
				t.Fatal(err)
			}
			in, err := Scan(context.Background(), ScanOptions{Repo: repo, entering: func(dir string, _ ...string) {
				if dir == before {
					os.Remove(gone)
				}
			}})
			if err != nil {
				t.Fatal(err)
			}
			if want := []string{tt.file}; !slices.Equal(in.Sources.Vanished, want) {
				t.Errorf("Sources.Vanished = %q, want %q", in.Sources.Vanished, want)
			}
			snap := Build(&in.Sources, false)
			i := slices.IndexFunc(snap.Diagnostics, func(d validate.Diagnostic) bool { return d.File == tt.file })
			if i < 0 {
				t.Fatalf("nothing is said of %s: %v", tt.file, snap.Diagnostics)
			}
			if d := snap.Diagnostics[i]; d.Rule != "file-unreadable" || d.Severity != validate.Error || !strings.Contains(d.Message, "vanished during the scan") {
				t.Errorf("%s [%s] %s: want a file-unreadable error saying it vanished during the scan", d.Severity, d.Rule, d.Message)
			}
		})
	}
}

// TestOnlyAFailingVanishedFileIsScannedAgain: a file is among
// Sources.Vanished when its going failed the scan, as a folder is. A
// markdown file of a capability folder that no declaration names is read
// (where no workflow roots are named, as markdown that may hold a marker)
// but nothing is said of it when it cannot be, so its vanishing fails
// nothing: it made every rebuild of a repository failing for another
// reason (a broken manifest) scan six times. One that a declaration names
// as a fragment is reported, and is scanned again for.
func TestOnlyAFailingVanishedFileIsScannedAgain(t *testing.T) {
	for _, tt := range []struct {
		name      string
		file      string // deleted, at every scan, when the scan enters a folder listed before it
		wantScans int
		vanished  bool // the last build's Sources.Vanished names it
		fileThen  bool // its folder is replaced by a file, rather than it deleted
	}{
		{"a capability's markdown no declaration names", "capabilities/research/loop/notes.md", 1, false, false},
		{"a fragment", "capabilities/research/loop/research-prompt.md", maxSwapRescans + 1, true, false},
		// Read for Sources.LinkTexts, and left out when it cannot be.
		{"a file in the capabilities folder that may be a link's text", "capabilities/zz", 1, false, false},
		// Its folder gone, as a folder turned into a file is no vanished
		// folder (ENOTDIR, not ENOENT): see TestOnlyAFailingVanishedFolderIsScannedAgain.
		{"a card whose folder turned into a file", "scripts/ci/check-links.card.json", 1, false, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			repo := sampleRepoCopy(t)
			// Another capability's broken manifest fails every build.
			if err := os.WriteFile(filepath.Join(repo, "capabilities", "ui", "capability.json"), []byte("{"), 0o644); err != nil {
				t.Fatal(err)
			}
			gone := filepath.Join(repo, filepath.FromSlash(tt.file))
			content, err := os.ReadFile(gone)
			if errors.Is(err, fs.ErrNotExist) {
				content, err = []byte("# Notes\n"), nil
			}
			if err != nil {
				t.Fatal(err)
			}
			folder := filepath.Dir(gone)
			before := filepath.Join(folder, "0-listed-first")
			w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: repo}}})
			build, scans := w.build, 0
			w.build = func(ctx context.Context, entering enterFunc) (*Snapshot, error) {
				scans++
				if st, err := os.Lstat(folder); err == nil && !st.IsDir() {
					os.Remove(folder)
				}
				if err := os.MkdirAll(before, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(gone, content, 0o644); err != nil {
					t.Fatal(err)
				}
				return build(ctx, func(dir string, names ...string) {
					switch {
					case dir != before:
					case tt.fileThen:
						os.RemoveAll(folder)
						if err := os.WriteFile(folder, nil, 0o644); err != nil {
							t.Error(err)
						}
					default:
						os.Remove(gone) // listed by its folder, gone when read
					}
				})
			}
			b, ok := w.scanSettled(context.Background(), nopNotifier{})
			if !ok || b.err != nil || b.snap == nil {
				t.Fatalf("scanSettled: ok %v, err %v", ok, b.err)
			}
			if b.snap.OK() {
				t.Fatalf("the build is OK, want it failing for capabilities/ui/capability.json")
			}
			if scans != tt.wantScans {
				t.Errorf("%d scans, want %d (%v)", scans, tt.wantScans, b.snap.Diagnostics)
			}
			if got := slices.Contains(b.snap.Sources.Vanished, tt.file); got != tt.vanished {
				t.Errorf("Sources.Vanished = %q, want %s among them %v", b.snap.Sources.Vanished, tt.file, tt.vanished)
			}
			// A fragment is reported where its declaration names it.
			said := slices.ContainsFunc(b.snap.Diagnostics, func(d validate.Diagnostic) bool {
				return d.Severity == validate.Error && strings.Contains(d.Message, path.Base(tt.file)) && strings.Contains(d.Message, "vanished during the scan")
			})
			if said != tt.vanished {
				t.Errorf("an error says %s vanished: %v, want %v (%v)", tt.file, said, tt.vanished, b.snap.Diagnostics)
			}
		})
	}
}

// TestManifestBackDuringTheScanIsScannedAgain: a capability folder the
// walk listed while its capability.json was away for a moment (Git
// unlinks a file it rewrites and creates it anew; an editor saves by
// renaming the old one aside) read as a folder without a capability, so
// that rebuild failed for whatever requires it (a soak under git stash
// saw runtime-compat-unknown for the runtime claude), though the manifest
// was back before the scan ended and the next scan reads the change
// whole. The daemon scans again at once; a manifest that stays away is
// the tree as it is, and fails the build after one scan.
func TestManifestBackDuringTheScanIsScannedAgain(t *testing.T) {
	for _, tt := range []struct {
		name      string
		back      bool // the manifest is back before the scan ends
		wantOK    bool
		wantScans int
	}{
		{"rewritten beside the scan", true, true, 2},
		{"deleted", false, false, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			repo := sampleRepoCopy(t)
			folder := filepath.Join(repo, "capabilities", "claude")
			manifest := filepath.Join(folder, "capability.json")
			inside := filepath.Join(folder, "0-listed-after")
			if err := os.MkdirAll(inside, 0o755); err != nil {
				t.Fatal(err)
			}
			content, err := os.ReadFile(manifest)
			if err != nil {
				t.Fatal(err)
			}
			w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: repo}}})
			build, scans, restored := w.build, 0, false
			w.build = func(ctx context.Context, entering enterFunc) (*Snapshot, error) {
				scans++
				return build(ctx, func(dir string, names ...string) {
					switch {
					case dir == folder && scans == 1:
						os.Remove(manifest) // away when the folder is listed
					case dir == inside && scans == 1 && tt.back:
						if err := os.WriteFile(manifest, content, 0o644); err != nil {
							t.Error(err)
						}
						restored = true
					}
				})
			}
			b, ok := w.scanSettled(context.Background(), nopNotifier{})
			if !ok || b.err != nil || b.snap == nil {
				t.Fatalf("scanSettled: ok %v, err %v", ok, b.err)
			}
			if tt.back && !restored {
				t.Fatal("the walk never entered the folder inside claude")
			}
			if b.snap.OK() != tt.wantOK || scans != tt.wantScans {
				t.Errorf("after %d scans the build is OK %v (%v), want %d scans and OK %v",
					scans, b.snap.OK(), b.snap.Diagnostics, tt.wantScans, tt.wantOK)
			}
		})
	}
}
