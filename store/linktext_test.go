package store_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
)

// TestLinksOutsideAreShownByTheirText: a symlink leaving the repository is
// reported by its own text, what the repository says, and never resolved
// outside: "/proc/self/cwd" was reported as the server's working folder
// ("to /"), to every client of GET /status, and a link to a path that does
// not exist gave no finding where one to a path that does gave one, which
// told a repository's author what exists on the server.
func TestLinksOutsideAreShownByTheirText(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	links := map[string]string{
		"docs/cwd.md":     "/proc/self/cwd",
		"docs/exe.md":     "/proc/self/exe",
		"docs/nothing.md": "/nonexistent/capreg-test",
		"docs/hop.md":     "cwd.md", // to a link inside, which leaves
	}
	for name, text := range links {
		if err := os.Symlink(text, filepath.Join(repo, filepath.FromSlash(name))); err != nil {
			t.Fatal(err)
		}
	}
	snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
	got := map[string]string{}
	for _, d := range snap.Diagnostics {
		if d.Rule == "path-escape" {
			got[d.File] = d.Message
		}
	}
	want := map[string]string{
		"docs/cwd.md":     "/proc/self/cwd",
		"docs/exe.md":     "/proc/self/exe",
		"docs/nothing.md": "/nonexistent/capreg-test",
		"docs/hop.md":     "/proc/self/cwd",
	}
	wd, _ := os.Getwd()
	exe, _ := os.Executable()
	for file, text := range want {
		msg, ok := got[file]
		if !ok || !strings.Contains(msg, "(to "+text+")") {
			t.Errorf("%s: path-escape %q, want one naming %s", file, msg, text)
		}
		if strings.Contains(msg, wd) || strings.Contains(msg, "(to /)") || strings.Contains(msg, exe) {
			t.Errorf("%s: %q shows a path of the server", file, msg)
		}
	}
}
