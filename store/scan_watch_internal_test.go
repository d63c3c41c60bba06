package store

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A configured root that is missing when the scan first looks, and appears
// before the way to it is watched, is found: the scan watches, then looks
// again. Otherwise nothing would ever report the root's arrival, since
// its folder (vendor/, skipped) is watched by no walk.
func TestScanLooksAgainAfterWatching(t *testing.T) {
	repo := t.TempDir()
	copyTree(t, "../testdata/repo", repo)
	if err := os.MkdirAll(filepath.Join(repo, "vendor"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repo, "capreg.json"),
		[]byte(`{"cards": ["bin", "vendor/tools"], "configSchema": "config/config-schema.manifest.json"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	real, err := filepath.EvalSymlinks(repo)
	if err != nil {
		t.Fatal(err)
	}
	vendor := filepath.Join(real, "vendor")
	var watched bool
	entering := func(dir string, _ ...string) {
		if dir == vendor && !watched { // the watch goes on vendor: the root appears just then
			watched = true
			if err := os.Mkdir(filepath.Join(vendor, "tools"), 0o755); err != nil {
				t.Error(err)
			}
		}
	}
	in, err := Scan(context.Background(), ScanOptions{Repo: repo, entering: entering})
	if err != nil {
		t.Fatal(err)
	}
	if !watched {
		t.Fatal("the scan never watched vendor, the nearest folder on the way to vendor/tools")
	}
	for _, d := range in.Sources.Diagnostics {
		if strings.Contains(d.Message, `"vendor/tools" does not exist`) {
			t.Errorf("vendor/tools, made as its way was watched, is reported missing: %v", d)
		}
	}
}

// A folder of inputs reached through a link is one alias in the tree, not
// one per file: POST /validate compares every changed path with them.
func TestTreeAliasesAFolderOnce(t *testing.T) {
	repo := t.TempDir()
	copyTree(t, "../testdata/repo", repo)
	if err := os.MkdirAll(filepath.Join(repo, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(repo, "capabilities"), filepath.Join(repo, "src", "caps")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("src/caps", filepath.Join(repo, "capabilities")); err != nil {
		t.Fatal(err)
	}
	in, err := Scan(context.Background(), ScanOptions{Repo: repo, Tree: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := in.Tree.aliases; len(got) != 1 || got["capabilities"] != "src/caps" {
		t.Errorf("aliases %v, want only capabilities -> src/caps", got)
	}
	if len(in.Sources.Capabilities) != 12 {
		t.Errorf("%d capabilities read through the link, want 12", len(in.Sources.Capabilities))
	}
}

// A folder deleted between its listing and its opening is said to have
// vanished during the scan, not to need its permissions fixed or moving
// out of the repository, which would not help.
func TestScanFolderVanishedDuringScan(t *testing.T) {
	repo := t.TempDir()
	copyTree(t, "../testdata/repo", repo)
	real, err := filepath.EvalSymlinks(repo)
	if err != nil {
		t.Fatal(err)
	}
	ui := filepath.Join(real, "capabilities/ui")
	entering := func(dir string, _ ...string) {
		if dir == ui {
			if err := os.RemoveAll(ui); err != nil {
				t.Error(err)
			}
		}
	}
	in, err := Scan(context.Background(), ScanOptions{Repo: repo, entering: entering})
	if err != nil {
		t.Fatal(err)
	}
	var found bool
	for _, d := range in.Sources.Diagnostics {
		if d.File != "capabilities/ui" {
			continue
		}
		found = true
		if d.Rule != "file-unreadable" || d.Severity != "error" || !strings.Contains(d.Message, "vanished during the scan") || strings.Contains(d.Message, "make it readable") {
			t.Errorf("%s [%s] %s: want a file-unreadable error saying it vanished during the scan", d.Severity, d.Rule, d.Message)
		}
	}
	if !found {
		t.Errorf("nothing says capabilities/ui vanished: %v", in.Sources.Diagnostics)
	}
}
