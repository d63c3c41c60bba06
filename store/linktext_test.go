package store_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
)

// TestLinksOutsideAreShownByTheirText: a symlink leaving the repository is
// named in its finding by its own text, what the repository says, not by
// where it resolves: "/proc/self/cwd", directly or through a link inside
// to /proc, was named as the server's working folder, and "/proc/self/exe"
// as its binary, to every client of GET /status.
func TestLinksOutsideAreShownByTheirText(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	links := map[string]string{
		"docs/cwd.md": "/proc/self/cwd",
		"docs/exe.md": "/proc/self/exe",
		"docs/proc":   "/proc",
		"docs/via.md": "proc/self/cwd", // through a link inside, which leaves
	}
	for name, text := range links {
		if err := os.Symlink(text, filepath.Join(repo, filepath.FromSlash(name))); err != nil {
			t.Fatal(err)
		}
	}
	// A root capreg.json names, through that link.
	writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"cards": ["docs/proc/self/cwd"]}`))
	snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
	got := map[string]string{}
	for _, d := range snap.Diagnostics {
		if d.Rule == "path-escape" || d.Rule == "file-unreadable" {
			got[d.File] = d.Message
		}
	}
	wd, _ := os.Getwd()
	exe, _ := os.Executable()
	want := map[string]string{
		"docs/cwd.md":        "/proc/self/cwd",
		"docs/exe.md":        "/proc/self/exe",
		"docs/proc":          "/proc",
		"docs/via.md":        "docs/proc, a link to /proc", // the link that leaves
		"docs/proc/self/cwd": "docs/proc, a link to /proc",
	}
	for file, text := range want {
		msg, ok := got[file]
		if !ok || !strings.Contains(msg, "(to "+text+")") {
			t.Errorf("%s: path-escape %q, want one naming %s", file, msg, text)
		}
		if strings.Contains(msg, wd) || strings.Contains(msg, exe) {
			t.Errorf("%s: %q names a path of the server", file, msg)
		}
	}
}

// A capreg.json that is a link written as an absolute path into the
// repository is not followed (every read is confined to the repository,
// which follows no absolute link) and says how to write it: it said
// "statat capreg.json: path escapes from parent".
func TestAbsoluteCapregJSONLinkSaysHowToFix(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	cfg := filepath.Join(repo, "cfg")
	if err := os.Mkdir(cfg, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(repo, "capreg.json"), filepath.Join(cfg, "capreg.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(cfg, "capreg.json"), filepath.Join(repo, "capreg.json")); err != nil {
		t.Fatal(err)
	}
	snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
	for _, d := range snap.Diagnostics {
		if d.File == "capreg.json" {
			if !strings.Contains(d.Message, "written as an absolute path") || !strings.HasSuffix(d.Message, "link it as cfg/capreg.json") {
				t.Errorf("capreg.json: %q, want how to write the link", d.Message)
			}
			return
		}
	}
	t.Error("no finding for capreg.json")
}
