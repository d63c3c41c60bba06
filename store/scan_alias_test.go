package store_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// TestAbsoluteConfigSchemaUnderLinkedRepo: --config-schema given as an
// absolute path through the same link as --repo (git-sync's /git/current).
func TestAbsoluteConfigSchemaUnderLinkedRepo(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	link := filepath.Join(t.TempDir(), "current")
	makeSymlink(t, repo, link)
	snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: link, ConfigSchema: filepath.Join(link, "config/config-schema.manifest.json")}})
	if errs, _ := snap.Diagnostics.Count(); errs != 0 {
		t.Errorf("errors:\n%s", formatDiagnostics(snap.Diagnostics))
	}
}

// editFile rewrites a file of a test repository.
func editFile(t *testing.T, path string, edit func(string) string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, path, []byte(edit(string(data))))
}

// TestScanAliases: a file or folder reached under a second name (a link)
// must not hide the first.
func TestScanAliases(t *testing.T) {
	t.Run("a link beside a fragment does not hide it", func(t *testing.T) {
		repo, _ := scanRepoCopy(t)
		makeSymlink(t, "research-prompt.md", filepath.Join(repo, "capabilities/research/loop/current.md"))
		scanWantClean(t, scanLoadRepo(t, repo))
	})
	t.Run("a fragment named through a link in its folder", func(t *testing.T) {
		repo, _ := scanRepoCopy(t)
		makeSymlink(t, "research-prompt.md", filepath.Join(repo, "capabilities/research/loop/current.md"))
		editFile(t, filepath.Join(repo, "capabilities/research/capability.json"), func(s string) string {
			return strings.Replace(s, "loop/research-prompt.md", "loop/current.md", 1)
		})
		snap := scanLoadRepo(t, repo)
		scanWantClean(t, snap)
		if !strings.Contains(string(snap.Artifact("capability-registry.json")), `"path": "loop/current.md",`) {
			t.Error("the linked fragment was not inlined")
		}
	})
	t.Run("a link to another capability's fragment does not break that capability", func(t *testing.T) {
		repo, _ := scanRepoCopy(t)
		makeSymlink(t, "../../pattern-mapper/loop/mapper.md", filepath.Join(repo, "capabilities/research/loop/shared.md"))
		scanWantClean(t, scanLoadRepo(t, repo))
	})
	t.Run("a link to the config schema does not hide it", func(t *testing.T) {
		repo, _ := scanRepoCopy(t)
		makeSymlink(t, "config-schema.manifest.json", filepath.Join(repo, "config/central.json"))
		snap := scanLoadRepo(t, repo)
		if errs, _ := snap.Diagnostics.Count(); errs != 0 {
			t.Errorf("errors:\n%s", formatDiagnostics(snap.Diagnostics))
		}
	})
	t.Run("a capability folder that links to another is a folder of its own", func(t *testing.T) {
		repo, _ := scanRepoCopy(t)
		makeSymlink(t, "ui", filepath.Join(repo, "capabilities/ui-copy"))
		snap := scanLoadRepo(t, repo)
		if _, ok := scanFind(snap.Diagnostics, "id-folder-mismatch", "capabilities/ui-copy/capability.json"); !ok {
			t.Errorf("capabilities/ui-copy was not read as a capability:\n%s", formatDiagnostics(snap.Diagnostics))
		}
	})
	t.Run("a link in the capabilities folder names no card and hides no finding", func(t *testing.T) {
		repo, out := scanRepoCopy(t)
		makeSymlink(t, "../bin", filepath.Join(repo, "capabilities/shared"))
		makeSymlink(t, "gone.json", filepath.Join(repo, "bin/gone.card.json"))
		writeTestFile(t, filepath.Join(out, "ext.card.json"), []byte("{}"))
		makeSymlink(t, filepath.Join(out, "ext.card.json"), filepath.Join(repo, "bin/ext.card.json"))
		snap := scanLoadRepo(t, repo)
		for _, want := range [][2]string{{"file-unreadable", "bin/gone.card.json"}, {"path-escape", "bin/ext.card.json"}} {
			if _, ok := scanFind(snap.Diagnostics, want[0], want[1]); !ok {
				t.Errorf("no %s at %s:\n%s", want[0], want[1], formatDiagnostics(snap.Diagnostics))
			}
		}
		for _, d := range snap.Diagnostics {
			if strings.HasPrefix(d.File, "capabilities/shared/") {
				t.Errorf("a finding under the link's name: %s", formatDiagnostics([]validate.Diagnostic{d}))
			}
		}
		wantNoCardUnder(t, snap, "capabilities/")
	})
	t.Run("a link in the capabilities folder to the root names nothing", func(t *testing.T) {
		repo, out := scanRepoCopy(t)
		makeSymlink(t, "..", filepath.Join(repo, "capabilities/loop"))
		makeSymlink(t, out, filepath.Join(repo, "docs/external"))
		makeSymlink(t, "gone.json", filepath.Join(repo, "bin/gone.card.json"))
		snap := scanLoadRepo(t, repo)
		for _, want := range [][2]string{{"file-unreadable", "bin/gone.card.json"}, {"path-escape", "docs/external"}} {
			if _, ok := scanFind(snap.Diagnostics, want[0], want[1]); !ok {
				t.Errorf("no %s at %s:\n%s", want[0], want[1], formatDiagnostics(snap.Diagnostics))
			}
		}
		if e := snap.Result.Contract.Entry("plan"); e == nil || e.File != "workflows/plan-phase.md" {
			t.Errorf("plan comes from %+v", e)
		}
		wantNoCardUnder(t, snap, "capabilities/")
	})
	t.Run("a linked workflow counts once", func(t *testing.T) {
		repo, _ := scanRepoCopy(t)
		makeSymlink(t, "../workflows/plan-phase.md", filepath.Join(repo, "docs/a-plan.md"))
		snap := scanLoadRepo(t, repo)
		scanWantClean(t, snap)
		if e := snap.Result.Contract.Entry("plan"); e == nil || e.File != "workflows/plan-phase.md" {
			t.Errorf("plan comes from %+v", e)
		}
	})
}

// TestScanReadsOnlyReferencedFragments: capability folders may hold large
// assets; only the fragments the declarations name are read, wherever they
// sit in the folder (vendor/ included, which the walk skips).
func TestScanReadsOnlyReferencedFragments(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	writeTestFile(t, filepath.Join(repo, "capabilities/ui/assets/big.bin"), make([]byte, 9<<20))
	writeTestFile(t, filepath.Join(repo, "capabilities/research/vendor/prompt.md"), []byte("Vendored prompt.\n"))
	editFile(t, filepath.Join(repo, "capabilities/research/capability.json"), func(s string) string {
		return strings.Replace(s, "loop/research-prompt.md", "vendor/prompt.md", 1)
	})
	snap := scanLoadRepo(t, repo)
	scanWantClean(t, snap)
	for _, c := range snap.Sources.Capabilities {
		for name, f := range c.Files {
			if f.Data == nil && f.Err == nil || name == "assets/big.bin" {
				t.Errorf("%s/%s was read", c.Folder, name)
			}
		}
	}
	if !strings.Contains(string(snap.Artifact("capability-registry.json")), `"inline": "Vendored prompt.\n"`) {
		t.Error("the vendored fragment was not inlined")
	}
}

// TestGateFragmentIsIgnored: gates have no fragment in the format; an unknown
// key there is accepted and not read (as in the reference).
func TestGateFragmentIsIgnored(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	editFile(t, filepath.Join(repo, "capabilities/drift/capability.json"), func(s string) string {
		return strings.Replace(s, `"check": { "query": "verify.schema-drift" },`, `"check": { "query": "verify.schema-drift" }, "fragment": { "path": "notes/none.md" },`, 1)
	})
	snap := scanLoadRepo(t, repo)
	scanWantClean(t, snap)
	if strings.Contains(string(snap.Artifact("capability-registry.json")), `"notes/none.md",`+"\n") {
		t.Error("a gate fragment was inlined")
	}
}

// TestOverlayMatchesScan: a change validated through Overlay gets the
// findings a scan of the changed repository would.
func TestOverlayMatchesScan(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"workflows": ["workflows"], "configSchema": "config/config-schema.manifest.json"}`))
	snap := scanLoadRepo(t, repo)
	tests := []struct {
		name    string
		files   map[string][]byte
		deleted []string
	}{
		{"a marker outside the workflow roots is not a workflow", map[string][]byte{"docs/notes.md": []byte("<loop-point id=\"plan:pre\"/>\n")}, nil},
		{"a fragment without a manifest is no capability", map[string][]byte{"capabilities/newcap/loop/x.md": []byte("hello")}, nil},
		{"a deleted manifest drops its folder", nil, []string{"capabilities/drift/capability.json"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src, err := store.Overlay(snap.Sources, tt.files, tt.deleted)
			if err != nil {
				t.Fatal(err)
			}
			got := store.Build(src, false)
			for p, data := range tt.files {
				writeTestFile(t, filepath.Join(repo, p), data)
			}
			for _, p := range tt.deleted {
				os.Remove(filepath.Join(repo, p))
			}
			want := scanLoadRepo(t, repo)
			if formatDiagnostics(got.Diagnostics) != formatDiagnostics(want.Diagnostics) || got.Digest != want.Digest {
				t.Errorf("overlay:\n%s\nscan:\n%s", formatDiagnostics(got.Diagnostics), formatDiagnostics(want.Diagnostics))
			}
		})
	}
}

// wantNoCardUnder fails t for each card of snap read under prefix: a card
// reached through a link there, which counts under its own name.
func wantNoCardUnder(t *testing.T, snap *store.Snapshot, prefix string) {
	t.Helper()
	for _, c := range snap.Sources.Cards {
		if strings.HasPrefix(c.Path, prefix) {
			t.Errorf("card read as %s", c.Path)
		}
	}
}

// TestLinkedInputsFolderIsWatched: Input.Dirs, the folders a daemon
// watches, holds the folder a linked input lives in when the walk does not
// enter it (node_modules), so that an edit there is seen: a capability's
// declaration, a card, a workflow. A linked file that is
// no input adds no folder: a write there changes nothing read.
func TestLinkedInputsFolderIsWatched(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	real, err := filepath.EvalSymlinks(repo)
	if err != nil {
		t.Fatal(err)
	}
	copyTo := func(from, to string) {
		data, err := os.ReadFile(filepath.Join(repo, from))
		if err != nil {
			t.Fatal(err)
		}
		writeTestFile(t, filepath.Join(repo, to), data)
	}
	copyTo("capabilities/ui/capability.json", "node_modules/decl/capability.json")
	if err := os.Remove(filepath.Join(repo, "capabilities/ui/capability.json")); err != nil {
		t.Fatal(err)
	}
	makeSymlink(t, "../../node_modules/decl/capability.json", filepath.Join(repo, "capabilities/ui/capability.json"))
	copyTo("bin/ft.card.json", "node_modules/card/ft.card.json")
	if err := os.Remove(filepath.Join(repo, "bin/ft.card.json")); err != nil {
		t.Fatal(err)
	}
	makeSymlink(t, "../node_modules/card/ft.card.json", filepath.Join(repo, "bin/ft.card.json"))
	writeTestFile(t, filepath.Join(repo, "node_modules/flow/ship.md"), []byte("# Ship\n"))
	makeSymlink(t, "../node_modules/flow/ship.md", filepath.Join(repo, "docs/ship.md"))
	writeTestFile(t, filepath.Join(repo, "node_modules/notes/notes.txt"), []byte("notes\n"))
	makeSymlink(t, "../node_modules/notes/notes.txt", filepath.Join(repo, "docs/notes.txt"))
	makeSymlink(t, "../node_modules/notes/notes.txt", filepath.Join(repo, "capabilities/ui/notes.txt"))

	in := scanInput(t, store.ScanOptions{Repo: repo})
	for _, dir := range []string{"decl", "card", "flow"} {
		if p := filepath.Join(real, "node_modules", dir); !slices.Contains(in.Dirs, p) {
			t.Errorf("Dirs lacks %s, where a linked input lives", p)
		}
	}
	if p := filepath.Join(real, "node_modules", "notes"); slices.Contains(in.Dirs, p) {
		t.Errorf("Dirs holds %s, where only files no scan reads live", p)
	}
}

// TestLinkedFolderIsListedWhereItLeads: a link to a folder is walked where it
// leads, even when the folder holding the link has a folder of the same
// name as the one it leads to (bin/more -> ../vendor/tools beside
// bin/tools): its cards are the ones there, and the folder of the same
// name is not read in its place.
func TestLinkedFolderIsListedWhereItLeads(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"configSchema": "config/config-schema.manifest.json", "cards": ["bin"]}`))
	ft, err := os.ReadFile(filepath.Join(repo, "bin/ft.card.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"bin/tools", "vendor/tools"} {
		name := strings.ReplaceAll(dir, "/", "-")
		card := strings.Replace(string(ft), `"id": "ft"`, `"id": "`+name+`"`, 1)
		if card == string(ft) {
			t.Fatal("bin/ft.card.json changed; update this test")
		}
		writeTestFile(t, filepath.Join(repo, dir, name), []byte("#!/bin/sh\n"))
		writeTestFile(t, filepath.Join(repo, dir, name+".card.json"), []byte(card))
	}
	makeSymlink(t, "../vendor/tools", filepath.Join(repo, "bin/more"))
	snap := scanLoadRepo(t, repo)
	scanWantClean(t, snap)
	var got []string
	for _, c := range snap.Sources.Cards {
		got = append(got, c.Path)
	}
	want := []string{"bin/deck-sudo.card.json", "bin/ft.card.json", "bin/land.card.json", "bin/more/vendor-tools.card.json", "bin/od-worktree.card.json", "bin/tools/bin-tools.card.json"}
	if !slices.Equal(got, want) {
		t.Errorf("cards %q, want %q", got, want)
	}
}
