package store_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/store/storetest"
	"github.com/capreg/capreg/validate"
)

// TestScanReadsAFragmentNamedWithEscapes: a declaration whose "fragment"
// key is spelled with an escape names its fragment all the same, and the
// scan reads it, as validation finds the key.
func TestScanReadsAFragmentNamedWithEscapes(t *testing.T) {
	dir := t.TempDir()
	if err := storetest.WriteRepo(dir, 4); err != nil {
		t.Fatal(err)
	}
	manifest := filepath.Join(dir, "capabilities", "cap-00003", "capability.json")
	data, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	escaped := bytes.Replace(data, []byte(`"fragment": { "path"`), []byte(`"fr\u0061gment": { "path"`), 1)
	if bytes.Equal(escaped, data) {
		t.Fatal("cap-00003 names no fragment")
	}
	if err := os.WriteFile(manifest, escaped, 0o644); err != nil {
		t.Fatal(err)
	}
	if snap := load(t, dir); !snap.OK() {
		t.Errorf("diagnostics %v", snap.Diagnostics)
	}
}

// TestFragmentLinkLoopIsNamedALoop: a fragment that is a link leading back
// to itself, or lies in a folder that is one, is fragment-unreadable with
// the words a capreg.json, a capabilities folder or a walked file that loops
// get ("symlink loop: the link leads back to itself"), not the resolver's
// "EvalSymlinks: too many links".
func TestFragmentLinkLoopIsNamedALoop(t *testing.T) {
	const want = `fragment "loop/threat-model.md" could not be read: symlink loop: the link leads back to itself`
	for _, c := range []struct{ name, link, text string }{
		{"the fragment", "capabilities/security/loop/threat-model.md", "threat-model.md"},
		{"its folder", "capabilities/security/loop", "loop"},
	} {
		t.Run(c.name, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			if err := os.RemoveAll(filepath.Join(repo, c.link)); err != nil {
				t.Fatal(err)
			}
			makeSymlink(t, c.text, filepath.Join(repo, c.link))
			snap := scanLoadRepo(t, repo)
			scanWantOnly(t, snap, "fragment-unreadable", "capabilities/security/capability.json", validate.Error)
			if d, _ := scanFind(snap.Diagnostics, "fragment-unreadable", "capabilities/security/capability.json"); d.Message != want {
				t.Errorf("message %q, want %q", d.Message, want)
			}
		})
	}
}

// TestFragmentErrorNamesNoServerPath: a fragment that cannot be read for
// another reason (a name longer than the file system allows) is named by
// its path in the repository, never where the checkout lives on the
// server: findings are served to every client of GET /status.
func TestFragmentErrorNamesNoServerPath(t *testing.T) {
	long := strings.Repeat("a", 300) + ".md" // NAME_MAX is 255
	repo := editedRepo(t, "capabilities/security/capability.json", func(b []byte) []byte {
		return bytes.Replace(b, []byte(`"loop/threat-model.md"`), []byte(`"loop/`+long+`"`), 1)
	})
	snap := scanLoadRepo(t, repo)
	d, ok := scanFind(snap.Diagnostics, "fragment-unreadable", "capabilities/security/capability.json")
	if !ok {
		t.Fatalf("no fragment-unreadable finding: %v", snap.Diagnostics)
	}
	want := fmt.Sprintf("fragment %q could not be read: lstat capabilities/security/loop/%s: file name too long", "loop/"+long, long)
	if d.Message != want || strings.Contains(d.Message, repo) {
		t.Errorf("message %q, want %q", d.Message, want)
	}
}

// TestMissingFragmentIsToldTheFileMeant: a fragment.path naming no file
// is told the file of its folder or of the capability folder it probably
// means, which the scan lists (CapabilitySource.Nearby) but does not read:
// a "_" for a "-", a letter off. A FIFO where the folder is named lists
// nothing and does not hang the scan.
func TestMissingFragmentIsToldTheFileMeant(t *testing.T) {
	const research = "capabilities/research/capability.json"
	for _, c := range []struct {
		name, path, want string
		prepare          func(t *testing.T, repo string)
	}{
		{"joined otherwise", "loop/research_prompt.md", `; did you mean "loop/research-prompt.md"?`, nil},
		{"a letter off", "loop/research-promt.md", `; did you mean "loop/research-prompt.md"?`, nil},
		{"its first word", "loop/research.md", `; did you mean "loop/research-prompt.md"?`, nil},
		{"its first word, another extension", "loop/research.txt", "names no file in the capability folder", nil},
		{"near nothing", "loop/other.md", "names no file in the capability folder", nil},
		// Written from the repository's root, or naming the file without
		// its sub-folder: the folder meant is listed too. Before, both
		// said only "names no file in the capability folder", though
		// validation names the file meant when it is listed.
		{"from the repository's root", "capabilities/research/loop/research-prompt.md", `(a fragment.path is relative to the capability folder: did you mean "loop/research-prompt.md"?)`, nil},
		{"from the capabilities folder", "research/loop/research-prompt.md", `(a fragment.path is relative to the capability folder: did you mean "loop/research-prompt.md"?)`, nil},
		{"without its sub-folder", "research-prompt.md", `; did you mean "loop/research-prompt.md"?`, nil},
		// One level of sub-folders, not hidden ones, not deeper ones.
		{"in a hidden sub-folder", "notes.md", "names no file in the capability folder", func(t *testing.T, repo string) {
			writeFragmentFile(t, filepath.Join(repo, "capabilities", "research", ".old", "notes.md"))
		}},
		{"two sub-folders down", "notes.md", "names no file in the capability folder", func(t *testing.T, repo string) {
			writeFragmentFile(t, filepath.Join(repo, "capabilities", "research", "loop", "old", "notes.md"))
		}},
		{"one sub-folder down", "notes.md", `; did you mean "loop/notes.md"?`, func(t *testing.T, repo string) {
			writeFragmentFile(t, filepath.Join(repo, "capabilities", "research", "loop", "notes.md"))
		}},
		{"a FIFO for the folder", "pipe/other.md", "names no file in the capability folder", func(t *testing.T, repo string) {
			if err := mkfifo(filepath.Join(repo, "capabilities", "research", "pipe")); err != nil {
				t.Skipf("no FIFO here: %v", err)
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			manifest := filepath.Join(repo, filepath.FromSlash(research))
			data, err := os.ReadFile(manifest)
			if err != nil {
				t.Fatal(err)
			}
			named := bytes.Replace(data, []byte(`"loop/research-prompt.md"`), []byte(`"`+c.path+`"`), 1)
			if bytes.Equal(named, data) {
				t.Fatal("research names no loop/research-prompt.md")
			}
			if err := os.WriteFile(manifest, named, 0o644); err != nil {
				t.Fatal(err)
			}
			if c.prepare != nil {
				c.prepare(t, repo)
			}
			snap := scanLoadRepo(t, repo)
			d, ok := scanFind(snap.Diagnostics, "fragment-unreadable", research)
			if !ok || !strings.HasSuffix(d.Message, c.want) {
				t.Errorf("fragment-unreadable %q (found %v); want it to end %q", d.Message, ok, c.want)
			}
		})
	}
}

// writeFragmentFile writes a one-line file at name, making its folders.
func writeFragmentFile(t *testing.T, name string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte("Notes.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}
