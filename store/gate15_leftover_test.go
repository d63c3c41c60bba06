package store_test

import (
	"os"
	"path/filepath"
	"testing"
)

// overlayHardLink returns a setup that makes a hard link at the
// repository path at to the repository path target.
func overlayHardLink(target, at string) func(*testing.T, string) {
	return func(t *testing.T, repo string) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(repo, at)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Link(filepath.Join(repo, target), filepath.Join(repo, at)); err != nil {
			t.Skipf("cannot make a hard link here: %v", err)
		}
	}
}

// TestOverlayLinkedLeftoversWarnedOnce: two editor's copies that are one
// file (a symbolic or a hard link to the other), in two folders beside
// declarations, are one stray once a change deletes both declarations: a
// rescan warns of the name it meets first, so the overlay of POST
// /validate must too, not of each folder. So too where one folder's copy
// is a stray already (no declaration there), or only one declaration
// goes, or the change deletes or rewrites one of the names, or the file
// is a declaration.
func TestOverlayLinkedLeftoversWarnedOnce(t *testing.T) {
	const (
		claude = "capabilities/claude/capability.json"
		ollama = "capabilities/ollama/capability.json"
		codex  = "capabilities/codex/capability.json"
	)
	type linker func(target, at string) func(*testing.T, string)
	symlink := func(target, at string) func(*testing.T, string) {
		rel, err := filepath.Rel(filepath.Dir(at), target)
		if err != nil {
			panic(err)
		}
		return overlayLink(rel, at)
	}
	for i, link := range []struct {
		name string
		make linker
	}{{"symbolic", symlink}, {"hard", overlayHardLink}} { // a hard link is a file of its own to the scan, as its real path tells files apart
		for _, tt := range []struct {
			overlayCase
			extra []string // files written before the links are made
			links [][2]string
			want  [2]int // capability-misplaced warnings: names symbolic links, hard links
		}{
			{
				overlayCase: overlayCase{name: "both declarations deleted", deleted: []string{claude, ollama}},
				links:       [][2]string{{claude + "~", ollama + ".bak"}},
				want:        [2]int{1, 2},
			},
			{
				overlayCase: overlayCase{name: "the link's folder first", deleted: []string{claude, ollama}},
				links:       [][2]string{{ollama + "~", claude + ".bak"}},
				want:        [2]int{1, 2},
			},
			{
				overlayCase: overlayCase{name: "three names, three declarations deleted", deleted: []string{claude, ollama, codex}},
				links:       [][2]string{{claude + "~", ollama + ".bak"}, {claude + "~", codex + ".orig"}},
				want:        [2]int{1, 3},
			},
			{
				overlayCase: overlayCase{name: "one declaration deleted", deleted: []string{ollama}},
				links:       [][2]string{{claude + "~", ollama + ".bak"}},
				want:        [2]int{1, 1},
			},
			{
				overlayCase: overlayCase{name: "one beside a stray already", deleted: []string{claude}},
				extra:       []string{"capabilities/gamma/capability.json~"},
				links:       [][2]string{{"capabilities/gamma/capability.json~", claude + ".bak"}},
				want:        [2]int{1, 2},
			},
			{
				overlayCase: overlayCase{name: "the first name deleted with them", deleted: []string{claude, ollama, claude + "~"}},
				links:       [][2]string{{claude + "~", ollama + ".bak"}},
				want:        [2]int{0, 1},
			},
			{
				overlayCase: overlayCase{name: "a link to a declaration", deleted: []string{ollama}},
				links:       [][2]string{{claude, ollama + ".bak"}},
				want:        [2]int{0, 1},
			},
			{
				overlayCase: overlayCase{name: "a link to a declaration deleted", deleted: []string{claude, ollama}},
				links:       [][2]string{{claude, ollama + ".bak"}},
				want:        [2]int{0, 1},
			},
			{
				overlayCase: overlayCase{name: "the first name rewritten", files: map[string]string{claude + "~": `{"id": "z"}`}, deleted: []string{claude, ollama}},
				links:       [][2]string{{claude + "~", ollama + ".bak"}},
				want:        [2]int{1, 2},
			},
		} {
			t.Run(link.name+"/"+tt.name, func(t *testing.T) {
				tt.setup = func(t *testing.T, repo string) {
					if _, err := os.Stat(filepath.Join(repo, tt.links[0][0])); err != nil {
						overlayWrite(map[string]string{tt.links[0][0]: `{"id": "x"}`})(t, repo)
					}
					for _, p := range tt.extra {
						overlayWrite(map[string]string{p: `{"id": "x"}`})(t, repo)
					}
					for _, l := range tt.links {
						link.make(l[0], l[1])(t, repo)
					}
				}
				if got := misplaced(overlayWantCheck(t, tt.overlayCase)); len(got) != tt.want[i] {
					t.Errorf("capability-misplaced at %q, want %d", got, tt.want[i])
				}
			})
		}
	}
}
