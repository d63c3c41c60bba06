package store

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestFileWrittenDuringTheScanIsScannedAgain: a manifest saved in place
// while the scan read it (here read cut short, and whole again by the
// time the scan is done) failed that rebuild with json-syntax though the
// tree was whole at once after; a soak of 3,000 capabilities saw 12 to
// 18 such failed rebuilds an hour. The daemon reads the files the errors
// are about again and, where they read otherwise, scans again at once. A
// file broken and left so is no cause: one scan, the failure stands.
func TestFileWrittenDuringTheScanIsScannedAgain(t *testing.T) {
	for _, tt := range []struct {
		name      string
		mended    bool // whole again before the scan ends
		wantScans int
		wantOK    bool
	}{
		{"cut while read, then whole", true, 2, true},
		{"broken and left so", false, 1, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			repo := sampleRepoCopy(t)
			manifest := filepath.Join(repo, "capabilities", "ui", "capability.json")
			whole, err := os.ReadFile(manifest)
			if err != nil {
				t.Fatal(err)
			}
			later := filepath.Join(repo, "workflows") // walked after capabilities/
			w := NewWatcher(WatchOptions{Options: Options{ScanOptions: ScanOptions{Repo: repo}}})
			build, scans := w.build, 0
			w.build = func(ctx context.Context, entering enterFunc) (*Snapshot, error) {
				scans++
				if scans == 1 {
					if err := os.WriteFile(manifest, whole[:len(whole)/2], 0o644); err != nil {
						t.Fatal(err)
					}
				}
				return build(ctx, func(dir string, names ...string) {
					if dir == later && scans == 1 && tt.mended {
						if err := os.WriteFile(manifest, whole, 0o644); err != nil {
							t.Error(err)
						}
					}
				})
			}
			b, ok := w.scanSettled(context.Background(), nopNotifier{})
			if !ok || b.err != nil || b.snap == nil {
				t.Fatalf("scanSettled: ok %v, err %v", ok, b.err)
			}
			if scans != tt.wantScans || b.snap.OK() != tt.wantOK {
				t.Errorf("%d scans, build OK %v (%v); want %d scans, OK %v", scans, b.snap.OK(), b.snap.Diagnostics, tt.wantScans, tt.wantOK)
			}
			if !tt.mended {
				if got := rewritten(b.snap); len(got) != 0 {
					t.Errorf("rewritten = %q, want none: the file reads as the scan read it", got)
				}
			}
		})
	}
}

// TestRewrittenNamesOnlyFilesErrorsAreAbout: a failed build is judged by
// the files its errors are about; a file changed since with no error of
// its own (another manifest) is no cause.
func TestRewrittenNamesOnlyFilesErrorsAreAbout(t *testing.T) {
	repo, broken, snap := failingForUI(t)
	other := filepath.Join(repo, "capabilities", "tdd", "capability.json")
	if err := os.WriteFile(other, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := rewritten(snap); len(got) != 0 {
		t.Errorf("rewritten = %q, want none: only capabilities/tdd changed, and no error is about it", got)
	}
	if err := os.WriteFile(broken, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, want := rewritten(snap), []string{"capabilities/ui/capability.json"}; !slices.Equal(got, want) {
		t.Errorf("rewritten = %q, want %q", got, want)
	}
}

// TestRewrittenReadsWithinTheRepository: the second read goes through
// the repository's root, as the scan's does: a link swapped in since,
// leading out of it, is not followed (its target, whatever it holds, is
// no input), so the file counts as changed and the next scan judges it.
func TestRewrittenReadsWithinTheRepository(t *testing.T) {
	_, broken, snap := failingForUI(t)
	outside := filepath.Join(t.TempDir(), "capability.json")
	if err := os.WriteFile(outside, []byte("{"), 0o644); err != nil { // the bytes the scan read
		t.Fatal(err)
	}
	if err := os.Remove(broken); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, broken); err != nil {
		t.Fatal(err)
	}
	if got, want := rewritten(snap), []string{"capabilities/ui/capability.json"}; !slices.Equal(got, want) {
		t.Errorf("rewritten = %q, want %q: a link out of the repository is not read", got, want)
	}
}

// failingForUI is a copy of the sample repository whose capabilities/ui
// manifest, broken, holds "{", and the failed build of it.
func failingForUI(t *testing.T) (repo, broken string, snap *Snapshot) {
	t.Helper()
	repo = sampleRepoCopy(t)
	broken = filepath.Join(repo, "capabilities", "ui", "capability.json")
	if err := os.WriteFile(broken, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	snap, err := Load(context.Background(), Options{ScanOptions: ScanOptions{Repo: repo}})
	if err != nil || snap.OK() {
		t.Fatalf("Load: %v, OK %v: want a build failing for capabilities/ui", err, snap.OK())
	}
	return repo, broken, snap
}
