package store_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/capreg/capreg/store"
)

// A folder below the root that is a git repository of its own (a clone,
// or a linked worktree of the repository itself, as `git worktree add
// .worktrees/x` or an agent's .claude/worktrees/x make) is not read: a
// fresh checkout never holds one. A submodule is read, as git-sync and CI
// check it out, and so is anything under the capabilities folder.

// copyWorkflowsAndCard copies the workflows and one card with its tool
// into dir of the repository: read, they declare every step twice.
func copyWorkflowsAndCard(t *testing.T, repo, dir string) {
	t.Helper()
	copyRepoTree(t, filepath.Join(repo, "workflows"), filepath.Join(repo, dir, "workflows"))
	for _, f := range []string{"bin/ft", "bin/ft.card.json"} {
		data, err := os.ReadFile(filepath.Join(repo, f))
		if err != nil {
			t.Fatal(err)
		}
		writeTestFile(t, filepath.Join(repo, dir, f), data)
	}
}

// gitFile writes dir/.git as git writes it for a linked worktree or a
// submodule: "gitdir: " and where the git directory is.
func gitFile(t *testing.T, repo, dir, gitdir string) {
	t.Helper()
	writeTestFile(t, filepath.Join(repo, dir, ".git"), []byte("gitdir: "+gitdir+"\n"))
}

func TestScanSkipsRepositoriesOfTheirOwn(t *testing.T) {
	plain, _ := scanRepoCopy(t)
	want := formatDiagnostics(scanLoadRepo(t, plain).Diagnostics)
	wantDigest := scanLoadRepo(t, plain).Digest

	tests := []struct {
		name  string
		setup func(t *testing.T, repo string)
		read  bool // the copy is read: the steps and the card are declared twice
	}{
		{"a linked worktree (absolute gitdir)", func(t *testing.T, repo string) {
			copyWorkflowsAndCard(t, repo, ".worktrees/feat-x")
			gitFile(t, repo, ".worktrees/feat-x", filepath.Join(repo, ".git", "worktrees", "feat-x"))
		}, false},
		{"an agent's worktree, relative gitdir", func(t *testing.T, repo string) {
			copyWorkflowsAndCard(t, repo, ".claude/worktrees/fix")
			gitFile(t, repo, ".claude/worktrees/fix", "../../../.git/worktrees/fix")
		}, false},
		{"a clone inside", func(t *testing.T, repo string) {
			copyWorkflowsAndCard(t, repo, "scratch/copy")
			writeTestFile(t, filepath.Join(repo, "scratch/copy/.git/HEAD"), []byte("ref: refs/heads/main\n"))
		}, false},
		{"a clone inside, its .git a link to a folder", func(t *testing.T, repo string) {
			copyWorkflowsAndCard(t, repo, "scratch/copy")
			writeTestFile(t, filepath.Join(repo, "scratch/store/HEAD"), []byte("ref: refs/heads/main\n"))
			makeSymlink(t, "../store", filepath.Join(repo, "scratch/copy/.git"))
		}, false},
		{"a folder reached through a link, a worktree", func(t *testing.T, repo string) {
			copyWorkflowsAndCard(t, repo, ".worktrees/feat-x")
			gitFile(t, repo, ".worktrees/feat-x", filepath.Join(repo, ".git", "worktrees", "feat-x"))
			makeSymlink(t, "../.worktrees/feat-x", filepath.Join(repo, "docs", "wt"))
		}, false},
		{"a submodule is read", func(t *testing.T, repo string) {
			copyWorkflowsAndCard(t, repo, "third_party/lib")
			gitFile(t, repo, "third_party/lib", "../../.git/modules/lib")
		}, true},
		// git names a submodule's git directory by its path:
		// git submodule add URL third_party/lib keeps it in
		// .git/modules/third_party/lib.
		{"a submodule at a path of two folders is read", func(t *testing.T, repo string) {
			copyWorkflowsAndCard(t, repo, "third_party/lib")
			gitFile(t, repo, "third_party/lib", "../../.git/modules/third_party/lib")
		}, true},
		{"a submodule of a submodule is read", func(t *testing.T, repo string) {
			copyWorkflowsAndCard(t, repo, "ext/a/deps/b")
			gitFile(t, repo, "ext/a/deps/b", "../../../../.git/modules/ext/a/modules/deps/b")
		}, true},
		{"a submodule of a linked worktree is read", func(t *testing.T, repo string) {
			copyWorkflowsAndCard(t, repo, "third_party/lib")
			gitFile(t, repo, "third_party/lib", "/elsewhere/main/.git/worktrees/feat/modules/third_party/lib")
		}, true},
		{"a worktree of a submodule at a path of two folders", func(t *testing.T, repo string) {
			copyWorkflowsAndCard(t, repo, ".worktrees/lib-fix")
			gitFile(t, repo, ".worktrees/lib-fix", filepath.Join(repo, ".git", "modules", "third_party", "lib", "worktrees", "lib-fix"))
		}, false},
		{"a worktree named modules", func(t *testing.T, repo string) {
			copyWorkflowsAndCard(t, repo, ".worktrees/modules")
			gitFile(t, repo, ".worktrees/modules", filepath.Join(repo, ".git", "worktrees", "modules"))
		}, false},
		{"a .git file that is no gitdir file is read", func(t *testing.T, repo string) {
			copyWorkflowsAndCard(t, repo, "notes")
			writeTestFile(t, filepath.Join(repo, "notes", ".git"), []byte("not a git file\n"))
		}, true},
		{"a .git FIFO is read past, not opened to block", func(t *testing.T, repo string) {
			copyWorkflowsAndCard(t, repo, "notes")
			makeFIFO(t, filepath.Join(repo, "notes", ".git"))
		}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			tt.setup(t, repo)
			snap := scanLoadRepo(t, repo)
			got := formatDiagnostics(snap.Diagnostics)
			if !tt.read {
				if got != want || snap.Digest != wantDigest {
					t.Errorf("the folder was read:\n%swant as without it:\n%s", got, want)
				}
				return
			}
			if !strings.Contains(got, "marker-duplicate-step") || !strings.Contains(got, "card-duplicate-id") {
				t.Errorf("the folder was not read (no step nor card declared twice):\n%s", got)
			}
		})
	}
}

// A capability folder that is a clone of its own is a capability: the
// capabilities folder is read as it is.
func TestScanReadsACapabilityThatIsAClone(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	want := scanLoadRepo(t, repo)
	writeTestFile(t, filepath.Join(repo, "capabilities/research/.git/HEAD"), []byte("ref: refs/heads/main\n"))
	got := scanLoadRepo(t, repo)
	if g, w := formatDiagnostics(got.Diagnostics), formatDiagnostics(want.Diagnostics); g != w || got.Digest != want.Digest {
		t.Errorf("with capabilities/research/.git:\n%swant:\n%s", g, w)
	}
}

// TestOverlayRepositoriesOfTheirOwn: POST /validate judges a change under
// a worktree the scan did not walk as check does once it is written: not
// read.
func TestOverlayRepositoriesOfTheirOwn(t *testing.T) {
	worktree := func(t *testing.T, repo string) {
		gitFile(t, repo, ".worktrees/feat-x", filepath.Join(repo, ".git", "worktrees", "feat-x"))
		writeTestFile(t, filepath.Join(repo, ".worktrees/feat-x/README.md"), []byte("# x\n"))
	}
	tests := []overlayCase{
		{name: "a card and its tool written in a worktree", setup: worktree, files: map[string]string{
			".worktrees/feat-x/bin/ft.card.json": overlayReadRepoFile(t, "bin/ft.card.json"),
			".worktrees/feat-x/bin/ft":           "#!/bin/sh\n"}},
		{name: "a workflow written in a worktree", setup: worktree, files: map[string]string{
			".worktrees/feat-x/workflows/ship.md": overlayReadRepoFile(t, "workflows/ship.md")}},
		{name: "a card written in a sub-folder of a worktree", setup: worktree, files: map[string]string{
			".worktrees/feat-x/a/b/x.card.json": overlayCard("x")}},
		{name: "a card written beside a worktree", setup: worktree, files: map[string]string{
			".worktrees/x.card.json": overlayCard("x")}},
		// capreg.json rewritten, the layout is the proposed one: the
		// worktree is still not walked.
		{name: "capreg.json rewritten and a card written in a worktree", setup: worktree, files: map[string]string{
			"capreg.json":                        "{\n  \"configSchema\": \"" + servedSchema + "\"\n}\n",
			".worktrees/feat-x/bin/ft.card.json": overlayReadRepoFile(t, "bin/ft.card.json"),
			".worktrees/feat-x/bin/ft":           "#!/bin/sh\n"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			overlayWantCheck(t, tc)
		})
	}
}

// A root capreg.json names is read wherever it is, inside a clone too, as
// inside a skipped folder.
func TestScanReadsARootNamedInsideAClone(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	copyWorkflowsAndCard(t, repo, "scratch/copy")
	writeTestFile(t, filepath.Join(repo, "scratch/copy/.git/HEAD"), []byte("ref: refs/heads/main\n"))
	writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"configSchema": "`+servedSchema+`", "cards": ["bin", "scratch/copy/bin"]}`))
	got := formatDiagnostics(scanLoadRepo(t, repo).Diagnostics)
	if !strings.Contains(got, "card-duplicate-id") {
		t.Errorf("the card root inside the clone was not read:\n%s", got)
	}
	if strings.Contains(got, "marker-duplicate-step") {
		t.Errorf("the clone's workflows were read:\n%s", got)
	}
}

// TestWatcherFollowsARepositoryOfItsOwn: an edit inside a worktree the
// scan does not walk rebuilds nothing, and its .git removed (the folder
// made a plain one, which check reads) is a change, under inotify as when
// polling: the folder itself is not watched, so its .git is, by name.
func TestWatcherFollowsARepositoryOfItsOwn(t *testing.T) {
	for _, mode := range []string{"inotify", "poll"} {
		t.Run(mode, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			copyWorkflowsAndCard(t, repo, ".worktrees/feat-x")
			gitFile(t, repo, ".worktrees/feat-x", filepath.Join(repo, ".git", "worktrees", "feat-x"))
			w, c := runSettledWatcher(t, repo, mode)
			before := c.rebuilds()
			for i := range 5 {
				writeTestFile(t, filepath.Join(repo, ".worktrees/feat-x/workflows/ship.md"), []byte(fmt.Sprintf("edit %d\n", i)))
				writeTestFile(t, filepath.Join(repo, ".worktrees/feat-x", fmt.Sprintf("notes%d.md", i)), []byte("x"))
				time.Sleep(10 * time.Millisecond)
			}
			time.Sleep(300 * time.Millisecond)
			if n := c.rebuilds() - before; n != 0 || w.Current().Generation != 1 {
				t.Errorf("%d rebuilds, generation %d, for edits inside a worktree of its own", n, w.Current().Generation)
			}
			if err := os.Remove(filepath.Join(repo, ".worktrees/feat-x/.git")); err != nil {
				t.Fatal(err)
			}
			waitFor(t, "the rebuild reading the folder, its steps declared twice", func() bool { return c.failed.Load() > 0 })
		})
	}
}

// TestOverlayMakesARepositoryOfItsOwn: POST /validate refuses to judge a
// change that makes a walked folder a git repository of its own (a .git
// written there, a worktree's file or a folder), or one the scan did not
// walk a plain folder, as its answer depends on files it did not read or
// reads no more; a .git that changes neither is judged as check judges
// it once written.
func TestOverlayMakesARepositoryOfItsOwn(t *testing.T) {
	worktree := func(t *testing.T, repo string) {
		copyWorkflowsAndCard(t, repo, ".worktrees/feat-x")
		gitFile(t, repo, ".worktrees/feat-x", filepath.Join(repo, ".git", "worktrees", "feat-x"))
	}
	plainCopy := func(t *testing.T, repo string) { copyWorkflowsAndCard(t, repo, "docs/sub") }
	for _, tt := range []struct {
		overlayCase
		reason string // "": judged, as check judges it
	}{
		{overlayCase{name: "a worktree's .git written beside a card",
			files: map[string]string{"docs/sub/.git": "gitdir: ../../.git/worktrees/q\n", "docs/sub/x.card.json": overlayCard("ft")}},
			"makes docs/sub a git repository of its own"},
		{overlayCase{name: "a worktree's .git written in a copy", setup: plainCopy,
			files: map[string]string{"docs/sub/.git": "gitdir: /elsewhere/.git/worktrees/q\n"}},
			"makes docs/sub a git repository of its own"},
		{overlayCase{name: "a clone's .git folder written in a copy", setup: plainCopy,
			files: map[string]string{"docs/sub/.git/HEAD": "ref: refs/heads/main\n"}},
			"makes docs/sub a git repository of its own"},
		{overlayCase{name: "a worktree's .git deleted", setup: worktree, deleted: []string{".worktrees/feat-x/.git"}},
			"makes .worktrees/feat-x, a git repository of its own the served scan did not read, a folder check reads"},
		{overlayCase{name: "a worktree's .git made no gitdir file", setup: worktree,
			files: map[string]string{".worktrees/feat-x/.git": "not a git file\n"}},
			"makes .worktrees/feat-x, a git repository of its own the served scan did not read, a folder check reads"},
		{overlayCase{name: "a worktree's .git made a submodule's", setup: worktree,
			files: map[string]string{".worktrees/feat-x/.git": "gitdir: ../../.git/modules/feat-x\n"}},
			"makes .worktrees/feat-x, a git repository of its own the served scan did not read, a folder check reads"},
		{overlayCase{name: "a submodule's .git written beside a card",
			files: map[string]string{"third_party/lib/.git": "gitdir: ../../.git/modules/third_party/lib\n", "third_party/lib/x.card.json": overlayCard("ft")}}, ""},
		{overlayCase{name: "a worktree's .git written again, to another worktree", setup: worktree,
			files: map[string]string{".worktrees/feat-x/.git": "gitdir: ../../.git/worktrees/other\n"}}, ""},
		{overlayCase{name: "a worktree's .git written in a skipped folder",
			files: map[string]string{"node_modules/p/.git": "gitdir: ../../.git/worktrees/q\n", "node_modules/p/x.card.json": overlayCard("ft")}}, ""},
		{overlayCase{name: "a clone's .git written in a capability folder",
			files: map[string]string{"capabilities/research/.git/HEAD": "ref: refs/heads/main\n"}}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.reason == "" {
				overlayWantCheck(t, tt.overlayCase)
				return
			}
			repo, _ := scanRepoCopy(t)
			if tt.setup != nil {
				tt.setup(t, repo)
			}
			_, err := servedLoad(t, repo).Overlay(overlayBytes(tt.files), tt.deleted)
			if !errors.Is(err, store.ErrNeedsRescan) || !strings.Contains(err.Error(), tt.reason) {
				t.Errorf("Overlay error = %v, want a rescan saying %q", err, tt.reason)
			}
		})
	}
}

// With the capabilities folder at the root ("capabilities": "."), a
// worktree below a top-level folder is still skipped (reading everything
// under the capabilities folder, it was read: no capability folder, and a
// package, two warnings a fresh checkout does not give), and a top-level
// folder that is a clone is a capability folder, read.
func TestScanSkipsRepositoriesOfTheirOwnWithCapabilitiesAtTheRoot(t *testing.T) {
	atRoot := func(t *testing.T, repo string) {
		writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"capabilities": ".", "configSchema": "`+servedSchema+`"}`))
	}
	repo, _ := scanRepoCopy(t)
	atRoot(t, repo)
	want := scanLoadRepo(t, repo)

	repo, _ = scanRepoCopy(t)
	atRoot(t, repo)
	copyRepoTree(t, "../testdata/repo", filepath.Join(repo, ".worktrees/feat-x"))
	writeTestFile(t, filepath.Join(repo, ".worktrees/feat-x/capreg.json"), []byte(`{"capabilities": "."}`))
	gitFile(t, repo, ".worktrees/feat-x", filepath.Join(repo, ".git", "worktrees", "feat-x"))
	got := scanLoadRepo(t, repo)
	if g, w := formatDiagnostics(got.Diagnostics), formatDiagnostics(want.Diagnostics); g != w || got.Digest != want.Digest {
		t.Errorf("with a worktree in .worktrees/feat-x:\n%swant as without it:\n%s", g, w)
	}

	repo, _ = scanRepoCopy(t)
	atRoot(t, repo)
	writeTestFile(t, filepath.Join(repo, "capabilities/.git/HEAD"), []byte("ref: refs/heads/main\n"))
	if got := scanLoadRepo(t, repo); formatDiagnostics(got.Diagnostics) != formatDiagnostics(want.Diagnostics) || got.Digest != want.Digest {
		t.Errorf("with capabilities/.git, a capability folder that is a clone:\n%swant:\n%s", formatDiagnostics(got.Diagnostics), formatDiagnostics(want.Diagnostics))
	}
}

// The folders skipped, and a link leading to one, are listed once each,
// sorted (Sources.OwnRepositories), as met in both passes of the walk.
func TestScanListsRepositoriesOfTheirOwn(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	gitFile(t, repo, ".worktrees/b", "../../.git/worktrees/b")
	gitFile(t, repo, ".worktrees/a", "../../.git/worktrees/a")
	gitFile(t, repo, "third_party/lib", "../../.git/modules/third_party/lib") // a submodule: read
	makeSymlink(t, "../.worktrees/a", filepath.Join(repo, "docs", "wt"))
	got := scanLoadRepo(t, repo).Sources.OwnRepositories
	if want := []string{".worktrees/a", ".worktrees/b", "docs/wt"}; !slices.Equal(got, want) {
		t.Errorf("OwnRepositories = %q, want %q", got, want)
	}
}
