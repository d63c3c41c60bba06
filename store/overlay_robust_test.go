package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// The tests in this file hold POST /validate to its promise: a change
// validated over the served snapshot (Snapshot.Overlay, then Build) gets
// exactly what `capreg check` says of the repository with the change
// written to disk.

// servedLoad loads repo as the daemon does, with the tree Snapshot.Overlay
// judges unchanged paths by.
func servedLoad(t testing.TB, repo string) *store.Snapshot {
	t.Helper()
	return scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo, Tree: true}, Cache: validate.NewCache()})
}

// overlayCase is one proposed change over a copy of testdata/repo.
type overlayCase struct {
	name string
	// setup prepares the served repository before it is loaded.
	setup   func(t *testing.T, repo string)
	files   map[string]string
	deleted []string
}

const servedSchema = "config/config-schema.manifest.json"

// overlayCard is a valid tool card for a tool at bin/<id> (or elsewhere: the
// card's place decides where its tool is looked for).
func overlayCard(id string) string {
	return `{"id":"` + id + `","command":"bin/` + id + `","summary":"Does one thing.","intent_phrases":["do the thing"],` +
		`"effects":"Writes nothing.","risk":"reversible","example":"bin/` + id + `"}`
}

// overlayFileMode is the mode a test file holding data is written with:
// one starting with #! is a tool, written executable, as Git checks out a
// tool committed so. A body of POST /validate carries no mode, so the
// overlay judges no tool it adds (tool-not-executable); the check
// of the changed tree it is compared with sees the mode a tool has once
// committed, and only a test meaning a tool without its execute bit
// writes one so.
func overlayFileMode[Data string | []byte](data Data) os.FileMode {
	if strings.HasPrefix(string(data), "#!") {
		return 0o755
	}
	return 0o644
}

// writeOverlayFile is writeTestFile with the mode overlayFileMode gives
// for a file it makes; one that is there keeps its mode, as a change of
// content keeps it in Git (and os.WriteFile on disk).
func writeOverlayFile[Data string | []byte](t testing.TB, path string, data Data) {
	t.Helper()
	_, err := os.Lstat(path)
	writeTestFile(t, path, []byte(data))
	if err == nil {
		return
	}
	if err := os.Chmod(path, overlayFileMode(data)); err != nil {
		t.Fatal(err)
	}
}

// overlayWrite returns a setup that writes files into the served repository.
func overlayWrite(files map[string]string) func(*testing.T, string) {
	return func(t *testing.T, repo string) {
		for p, data := range files {
			writeOverlayFile(t, filepath.Join(repo, p), data)
		}
	}
}

// overlayLink returns a setup that makes a symbolic link at the
// repository path at, pointing to target (as written, relative to at's
// folder).
func overlayLink(target, at string) func(*testing.T, string) {
	return func(t *testing.T, repo string) {
		makeSymlink(t, target, filepath.Join(repo, at))
	}
}

func overlayReadRepoFile(t *testing.T, p string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(baseRepoDir, p))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// overlayApply writes a change to disk as a client would commit it; a
// deleted directory goes with all it holds.
func overlayApply[Data string | []byte](t *testing.T, repo string, files map[string]Data, deleted []string) {
	t.Helper()
	for _, p := range deleted {
		if err := os.RemoveAll(filepath.Join(repo, p)); err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
	}
	for p, data := range files {
		writeOverlayFile(t, filepath.Join(repo, p), data)
	}
}

func overlayBytes(files map[string]string) map[string][]byte {
	out := make(map[string][]byte, len(files))
	for p, s := range files {
		out[p] = []byte(s)
	}
	return out
}

// TestOverlayAgreesWithCheck: a change applied as an overlay on the served
// snapshot gives the findings a full check of the changed tree gives, case by
// case (broken capreg.json, paths outside the root, moved fragments, ...).
func TestOverlayAgreesWithCheck(t *testing.T) {
	mapperManifest := func(t *testing.T, fragment string) string {
		return strings.Replace(overlayReadRepoFile(t, "capabilities/pattern-mapper/capability.json"), `"loop/mapper.md"`, `"`+fragment+`"`, 1)
	}
	withToolsRoot := overlayWrite(map[string]string{"capreg.json": `{"configSchema": "` + servedSchema + `", "cards": ["bin", "tools"]}`})
	tests := []struct {
		overlayCase
		// manifest, when set, is the pattern-mapper declaration of the
		// change, naming this fragment.
		fragment string
	}{
		// The tester's findings (robust item 9).
		{overlayCase: overlayCase{name: "a: broken capreg.json", files: map[string]string{"capreg.json": `{"capabilities":`}}},
		{overlayCase: overlayCase{name: "b: capreg.json capabilities outside the root", files: map[string]string{"capreg.json": `{"capabilities":"../.."}`}}},
		{overlayCase: overlayCase{name: "b: every configured path outside the root", files: map[string]string{
			"capreg.json": `{"capabilities":"/etc","configSchema":"../x.json"}`}}},
		{overlayCase: overlayCase{name: "c: the config schema is deleted", deleted: []string{servedSchema}}},
		{overlayCase: overlayCase{name: "d: cards and workflows in skipped directories", files: map[string]string{
			"node_modules/x.card.json":            "{}",
			"vendor/w.md":                         "<!-- gsd:loop-host\nstep: plan\n-->",
			".git/y.card.json":                    "{}",
			"..data/z.md":                         "<loop-point id=\"plan:pre\"/>",
			"capabilities/vendor/capability.json": `{"id":"vendor"}`,
			"bin/venv/t.card.json":                "{}",
		}}},
		{overlayCase: overlayCase{name: "e: a card for a tool already on disk", setup: overlayWrite(map[string]string{"bin/newtool": "#!/bin/sh\n"}),
			files: map[string]string{"bin/newtool.card.json": overlayCard("newtool")}}},
		// A link to a capability folder checked out by Git as a file
		// holding its text (core.symlinks false): warned of, written,
		// rewritten as prose or deleted (review r25).
		{overlayCase: overlayCase{name: "a capability folder link checked out as a file", files: map[string]string{"capabilities/mirror": "../shared/mirror"}}},
		{overlayCase: overlayCase{name: "a link's text rewritten as prose", setup: overlayWrite(map[string]string{"capabilities/mirror": "../shared/mirror"}),
			files: map[string]string{"capabilities/mirror": "notes\n"}}},
		{overlayCase: overlayCase{name: "a link's text deleted", setup: overlayWrite(map[string]string{"capabilities/mirror": "../shared/mirror"}),
			deleted: []string{"capabilities/mirror"}}},
		{overlayCase: overlayCase{name: "a link's text written over a note", setup: overlayWrite(map[string]string{"capabilities/mirror": "notes\n"}),
			files: map[string]string{"capabilities/mirror": "../shared/mirror"}}},
		// A link dangling into a folder that exists: a write beside its
		// target, in another folder, changes nothing it resolves to, and
		// was refused as a rescan for sharing its first folder.
		{overlayCase: overlayCase{name: "a declaration written beside a link dangling in another capability",
			setup: overlayLink("old-prompt.md", "capabilities/ui/old.md"),
			files: map[string]string{"capabilities/research/capability.json": "{}"}}},
		{overlayCase: overlayCase{name: "a new capability beside a link dangling in another",
			setup: overlayLink("old-prompt.md", "capabilities/ui/old.md"),
			files: map[string]string{"capabilities/vendor/capability.json": `{"id": "vendor"}`}}},
		{overlayCase: overlayCase{name: "a note written beside a link dangling in its folder",
			setup: overlayLink("missing.md", "docs/dang"),
			files: map[string]string{"docs/markers.md": "x"}}},

		// capreg.json changes that keep the inputs where they are.
		{overlayCase: overlayCase{name: "capreg.json deleted", deleted: []string{"capreg.json"}}},
		{overlayCase: overlayCase{name: "capreg.json rewritten, same layout", files: map[string]string{
			"capreg.json": `{"$schema": "x", "capabilities": "capabilities/", "configSchema": "./` + servedSchema + `"}`}}},
		{overlayCase: overlayCase{name: "capreg.json of the wrong shape", files: map[string]string{
			"capreg.json": `{"capabilities": 5, "cards": "bin", "configSchema": "` + servedSchema + `"}`}}},
		{overlayCase: overlayCase{name: "capreg.json repeats a key", files: map[string]string{
			"capreg.json": `{"configSchema": "nowhere.json", "configSchema": "` + servedSchema + `"}`}}},
		{overlayCase: overlayCase{name: "capreg.json names a schema the change carries", files: map[string]string{
			"capreg.json":      `{"configSchema": "config/next.json"}`,
			"config/next.json": overlayReadRepoFile(t, servedSchema),
		}}},
		{overlayCase: overlayCase{name: "capreg.json names a schema that does not exist", files: map[string]string{
			"capreg.json": `{"configSchema": "config/none.json"}`}}},
		{overlayCase: overlayCase{name: "a missing named schema made a directory",
			setup: overlayWrite(map[string]string{"capreg.json": `{"configSchema": "config/none.json"}`}),
			files: map[string]string{"config/none.json/x.json": "{}"}}},
		{overlayCase: overlayCase{name: "capreg.json names a directory as the schema", files: map[string]string{
			"capreg.json": `{"configSchema": "config"}`}}},
		{overlayCase: overlayCase{name: "capreg.json names a schema in a skipped directory", files: map[string]string{
			"capreg.json":              `{"configSchema": "node_modules/schema.json"}`,
			"node_modules/schema.json": overlayReadRepoFile(t, servedSchema),
		}}},
		{overlayCase: overlayCase{name: "the default capabilities folder named as a card root, deleted",
			setup:   overlayWrite(map[string]string{"capreg.json": `{"cards": ["capabilities"], "configSchema": "` + servedSchema + `"}`}),
			deleted: []string{"capabilities"},
		}},
		{overlayCase: overlayCase{name: "the default capabilities folder named as a workflow root, deleted",
			setup:   overlayWrite(map[string]string{"capreg.json": `{"workflows": ["workflows", "capabilities"], "configSchema": "` + servedSchema + `"}`}),
			deleted: []string{"capabilities"},
		}},
		// The folder of an input named inside a skipped folder is listed:
		// changes beside it and to it are judged, not left to a rescan.
		{overlayCase: overlayCase{name: "the config schema in node_modules/ deleted",
			setup:   schemaInPackage,
			deleted: []string{"node_modules/@gsd/core/schema.json"},
		}},
		{overlayCase: overlayCase{name: "a file beside the config schema in node_modules/ deleted",
			setup:   schemaInPackage,
			deleted: []string{"node_modules/@gsd/core/README.md"},
		}},
		{overlayCase: overlayCase{name: "a card root that is a file, and an unrelated edit",
			setup: overlayWrite(map[string]string{"capreg.json": `{"cards": ["bin/ft", "bin"], "configSchema": "` + servedSchema + `"}`}),
			files: map[string]string{"docs/markers.md": "Markers.\n"},
		}},
		{overlayCase: overlayCase{name: "a dangling capreg.json link deleted",
			setup: func(t *testing.T, repo string) {
				if err := os.Remove(filepath.Join(repo, "capreg.json")); err != nil {
					t.Fatal(err)
				}
				makeSymlink(t, "shared/capreg.json", filepath.Join(repo, "capreg.json"))
			},
			deleted: []string{"capreg.json"},
		}},
		{overlayCase: overlayCase{name: "an editor's lock file beside a card is no card", files: map[string]string{
			"bin/.#ft.card.json": `{"id": `,
		}}},
		{overlayCase: overlayCase{name: "a served config schema in a skipped directory, edited",
			setup: func(t *testing.T, repo string) {
				if err := os.MkdirAll(filepath.Join(repo, "node_modules", "gsd"), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.Rename(filepath.Join(repo, servedSchema), filepath.Join(repo, "node_modules", "gsd", "schema.json")); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(repo, "capreg.json"), []byte(`{"configSchema": "node_modules/gsd/schema.json"}`), 0o644); err != nil {
					t.Fatal(err)
				}
			},
			files: map[string]string{"node_modules/gsd/schema.json": `{"validKeys": [`},
		}},
		{overlayCase: overlayCase{name: "capreg.json names the capabilities folder, which is missing",
			setup: func(t *testing.T, repo string) {
				if err := os.RemoveAll(filepath.Join(repo, "capabilities")); err != nil {
					t.Fatal(err)
				}
			},
			files: map[string]string{"capreg.json": `{"capabilities": "capabilities", "configSchema": "` + servedSchema + `"}`}}},
		{overlayCase: overlayCase{name: "capreg.json keeps a missing card root", setup: withToolsRoot,
			files: map[string]string{"capreg.json": `{"cards": ["tools", "bin"], "configSchema": "` + servedSchema + `"}`}}},
		{overlayCase: overlayCase{name: "a missing card root is created", setup: withToolsRoot,
			files: map[string]string{"tools/y": "#!/bin/sh\n", "tools/y.card.json": overlayCard("y")}}},
		{overlayCase: overlayCase{name: "a missing card root stays missing", setup: withToolsRoot,
			files: map[string]string{"docs/tools.md": "no marker"}}},

		// The config schema comes back, or is replaced.
		{overlayCase: overlayCase{name: "the config schema is broken", files: map[string]string{servedSchema: "{"}}},

		// Tools and cards.
		{overlayCase: overlayCase{name: "a card whose tool is a directory on disk", setup: overlayWrite(map[string]string{"bin/dirtool/run": "x"}),
			files: map[string]string{"bin/dirtool.card.json": overlayCard("dirtool")}}},
		{overlayCase: overlayCase{name: "a card whose tool the change turns into a directory",
			files: map[string]string{"bin/ft/run": "x"}, deleted: []string{"bin/ft"}}},
		{overlayCase: overlayCase{name: "a tool is deleted", deleted: []string{"bin/ft"}}},
		{overlayCase: overlayCase{name: "a card and its tool in a new folder", files: map[string]string{
			"tools/y": "#!/bin/sh\n", "tools/y.card.json": overlayCard("y")}}},
		{overlayCase: overlayCase{name: "a new card without a tool", files: map[string]string{"bin/ghost.card.json": overlayCard("ghost")}}},
		{overlayCase: overlayCase{name: "a card is deleted", deleted: []string{"bin/land.card.json"}}},

		// Ordinary edits.
		{overlayCase: overlayCase{name: "a schema error in a declaration", files: map[string]string{
			"capabilities/ui/capability.json": strings.Replace(overlayReadRepoFile(t, "capabilities/ui/capability.json"), `"tier": "full"`, `"tier": 5`, 1)}}},
		{overlayCase: overlayCase{name: "a declaration is deleted", deleted: []string{"capabilities/research/capability.json"}}},
		{overlayCase: overlayCase{name: "a new capability", files: map[string]string{
			"capabilities/new/capability.json": `{"id":"new","role":"feature"}`}}},
		{overlayCase: overlayCase{name: "a workflow loses its marker", files: map[string]string{
			"workflows/plan-phase.md": "# Plan phase\n\nNothing here.\n"}}},
		{overlayCase: overlayCase{name: "workflows lose their markers among others edited or new", files: map[string]string{
			"workflows/discuss-phase.md": "# Discuss phase\n",
			"workflows/plan-phase.md":    overlayReadRepoFile(t, "workflows/plan-phase.md") + "\nEdited.\n",
			"workflows/ship.md":          "# Ship\n",
			"docs/extra.md":              "<!-- gsd:loop-host\nstep: extra\n-->\n",
			"workflows/verify-work.md":   "# Verify\n"}}},
		// A workflow capreg.json names is read whatever its extension.
		{overlayCase: overlayCase{name: "a workflow named without .md loses its marker", setup: shipRenamed("workflows/ship.markdown"),
			files: map[string]string{"workflows/ship.markdown": "# Ship\n"}}},
		{overlayCase: overlayCase{name: "a workflow named without .md gets a broken marker", setup: shipRenamed("workflows/ship.MD"),
			files: map[string]string{"workflows/ship.MD": "<!-- gsd:loop-host\nstep: ship\n"}}},
		{overlayCase: overlayCase{name: "a workflow named without .md is written", setup: shipRenamed("workflows/ship.markdown"),
			files: map[string]string{"workflows/ship.markdown": overlayReadRepoFile(t, "workflows/ship.md") + "\nEdited.\n"}}},
		{overlayCase: overlayCase{name: "a workflow named without .md is deleted", setup: shipRenamed("workflows/ship.markdown"),
			deleted: []string{"workflows/ship.markdown"}}},
		{overlayCase: overlayCase{name: "a note gains a marker", files: map[string]string{
			"docs/extra.md": "<!-- gsd:loop-host\nstep: plan\n-->\n"}}},
		{overlayCase: overlayCase{name: "a fragment is deleted", deleted: []string{"capabilities/pattern-mapper/loop/mapper.md"}}},
		{overlayCase: overlayCase{name: "a declaration written through a linked capabilities folder read under no other name",
			setup: func(t *testing.T, repo string) {
				if err := os.MkdirAll(filepath.Join(repo, "vendor"), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.Rename(filepath.Join(repo, "capabilities"), filepath.Join(repo, "vendor/caps")); err != nil {
					t.Fatal(err)
				}
				makeSymlink(t, "vendor/caps", filepath.Join(repo, "capabilities"))
			},
			files: map[string]string{"capabilities/ui/capability.json": `{"id": "ui", "role": "feature", "tier": 5}`}}},
		{overlayCase: overlayCase{name: "a file written on the way to a missing fragment",
			setup: func(t *testing.T, repo string) {
				if err := os.RemoveAll(filepath.Join(repo, "capabilities/pattern-mapper/loop")); err != nil {
					t.Fatal(err)
				}
			},
			files: map[string]string{"capabilities/pattern-mapper/loop": "x"}}},
		{overlayCase: overlayCase{name: "a missing fragment of an unchanged declaration made a folder",
			setup: func(t *testing.T, repo string) {
				if err := os.Remove(filepath.Join(repo, "capabilities/pattern-mapper/loop/mapper.md")); err != nil {
					t.Fatal(err)
				}
			},
			files: map[string]string{"capabilities/pattern-mapper/loop/mapper.md/x.md": "x"}}},

		// Which of two claimants comes first: "bin-x/" sorts before "bin/"
		// by path, after it in a walk.
		{overlayCase: overlayCase{name: "a duplicate card id in a sibling folder", files: map[string]string{
			"bin-x/dup.card.json": overlayReadRepoFile(t, "bin/ft.card.json"), "bin-x/dup": "#!/bin/sh\n"}}},
		{overlayCase: overlayCase{name: "a duplicate step in a sibling folder", files: map[string]string{
			"workflows-x/ship2.md": overlayReadRepoFile(t, "workflows/ship.md")}}},

		// Files where a directory cannot be an input.
		{overlayCase: overlayCase{name: "a new capability.json that is a directory", files: map[string]string{
			"capabilities/newc/capability.json/x": "hi"}}},
		{overlayCase: overlayCase{name: "capreg.json names the repository as the schema", files: map[string]string{
			"capreg.json": `{"configSchema": "."}`}}},

		// A repository mounted from a ConfigMap: every input read through
		// a link into ..data, whose target a rescan reads under no name of
		// its own. A write through such a link needs no rescan.
		{overlayCase: overlayCase{name: "capreg.json edited in a ConfigMap layout", setup: configMapLayout,
			files: map[string]string{"capreg.json": `{"$schema": "x", "configSchema": "` + servedSchema + `"}`}}},
		{overlayCase: overlayCase{name: "a declaration edited in a ConfigMap layout", setup: configMapLayout,
			files: map[string]string{"capabilities/ui/capability.json": overlayReadRepoFile(t, "capabilities/ui/capability.json") + "\n"}}},

		// Directories deleted with all they hold.
		{overlayCase: overlayCase{name: "a capability folder is deleted", deleted: []string{"capabilities/research"}}},
		{overlayCase: overlayCase{name: "a fragment folder is deleted", deleted: []string{"capabilities/research/loop"}}},
		{overlayCase: overlayCase{name: "the workflows folder is deleted", deleted: []string{"workflows"}}},
		{overlayCase: overlayCase{name: "the config schema's folder is deleted", deleted: []string{"config"}}},
		{overlayCase: overlayCase{name: "the card folder is deleted", deleted: []string{"bin"}}},
		{overlayCase: overlayCase{name: "a folder is deleted and a file written in it", deleted: []string{"capabilities/research"},
			files: map[string]string{"capabilities/research/capability.json": overlayReadRepoFile(t, "capabilities/research/capability.json")}}},

		// The config schema found by the walk (nothing names one).
		{overlayCase: overlayCase{name: "capreg.json asks for no config schema", files: map[string]string{"capreg.json": `{"configSchema": ""}`}}},
		{overlayCase: overlayCase{name: "capreg.json names no schema: the one found is the named one read", files: map[string]string{"capreg.json": `{}`}}},
		{overlayCase: overlayCase{name: "capreg.json names the schema found", setup: withoutRepoConfig,
			files: map[string]string{"capreg.json": `{"configSchema": "` + servedSchema + `"}`}}},
		{overlayCase: overlayCase{name: "the schema found is edited", setup: withoutRepoConfig,
			files: map[string]string{servedSchema: `{"validKeys": [`}}},
		{overlayCase: overlayCase{name: "the schema found is deleted", setup: withoutRepoConfig, deleted: []string{servedSchema}}},
		{overlayCase: overlayCase{name: "the schema found, its folder deleted", setup: withoutRepoConfig, deleted: []string{"config"}}},
		{overlayCase: overlayCase{name: "a second schema is found", setup: withoutRepoConfig,
			files: map[string]string{"docs/config-schema.manifest.json": `{"validKeys": []}`}}},
		{overlayCase: overlayCase{name: "a second schema in a fixture folder is passed over", setup: withoutRepoConfig,
			files: map[string]string{"tests/fixtures/config-schema.manifest.json": `{"validKeys": []}`}}},
		{overlayCase: overlayCase{name: "a second schema in a capability folder", setup: withoutRepoConfig,
			files: map[string]string{"capabilities/ui/config-schema.manifest.json": `{"validKeys": []}`}}},
		{overlayCase: overlayCase{name: "a second schema in node_modules/ is not found", setup: withoutRepoConfig,
			files: map[string]string{"node_modules/@gsd/core/config-schema.manifest.json": `{"validKeys": []}`}}},
		{overlayCase: overlayCase{name: "one of two schemas deleted, the other carried", setup: withSecondSchema,
			files: map[string]string{servedSchema: `{"validKeys": ["workflow.research"]}`}, deleted: []string{"docs/config-schema.manifest.json"}}},
		{overlayCase: overlayCase{name: "two schemas, capreg.json names one the change carries", setup: withSecondSchema,
			files: map[string]string{"capreg.json": `{"configSchema": "docs/config-schema.manifest.json"}`, "docs/config-schema.manifest.json": `{"validKeys": ["workflow.research"]}`}}},
		{overlayCase: overlayCase{name: "the schema found moves", setup: withoutRepoConfig, deleted: []string{servedSchema},
			files: map[string]string{"config-schema.manifest.json": overlayReadRepoFile(t, servedSchema)}}},

		// Fragments named anew.
		{overlayCase: overlayCase{name: "a declaration names a fragment the change carries",
			files: map[string]string{"capabilities/pattern-mapper/loop/next.md": "Map the patterns.\n"}}, fragment: "loop/next.md"},
		{overlayCase: overlayCase{name: "a declaration names a fragment in a skipped folder",
			files: map[string]string{"capabilities/pattern-mapper/vendor/next.md": "Map the patterns.\n"}}, fragment: "vendor/next.md"},
		{overlayCase: overlayCase{name: "a declaration names a directory the change makes as its fragment",
			files: map[string]string{"capabilities/pattern-mapper/loop/next/x.md": "x"}}, fragment: "loop/next"},
		{overlayCase: overlayCase{name: "a new capability names a missing fragment", files: map[string]string{
			"capabilities/newcap/capability.json": `{"id":"newcap","role":"feature","steps":[{"point":"plan:pre","fragment":{"path":"loop/none.md"}}]}`}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tc := tt.overlayCase
			if tt.fragment != "" {
				tc.files = mergeFiles(tc.files, map[string]string{"capabilities/pattern-mapper/capability.json": mapperManifest(t, tt.fragment)})
			}
			overlayWantCheck(t, tc)
		})
	}
}

// shipRenamed returns a setup that renames the ship workflow to p and
// names it in capreg.json beside the workflows folder.
func shipRenamed(p string) func(*testing.T, string) {
	return func(t *testing.T, repo string) {
		if err := os.Rename(filepath.Join(repo, "workflows/ship.md"), filepath.Join(repo, filepath.FromSlash(p))); err != nil {
			t.Fatal(err)
		}
		writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"workflows": ["workflows", "`+p+`"], "configSchema": "`+servedSchema+`"}`))
	}
}

func mergeFiles(a, b map[string]string) map[string]string {
	out := map[string]string{}
	for _, m := range []map[string]string{a, b} {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

// overlayWantCheck validates tc over a served copy of testdata/repo, then
// writes the change to that copy, and wants a fresh load to agree. It
// returns the overlay's findings.
func overlayWantCheck(t *testing.T, tc overlayCase) validate.Diagnostics {
	t.Helper()
	repo, _ := scanRepoCopy(t)
	if tc.setup != nil {
		tc.setup(t, repo)
	}
	served := servedLoad(t, repo)
	src, err := served.Overlay(overlayBytes(tc.files), tc.deleted)
	if err != nil {
		t.Fatalf("Overlay: %v", err)
	}
	got := store.Build(src, false)
	overlayApply(t, repo, tc.files, tc.deleted)
	want := scanLoadRepo(t, repo)
	if g, w := formatDiagnostics(got.Diagnostics), formatDiagnostics(want.Diagnostics); g != w {
		t.Errorf("overlay:\n%scheck:\n%s", g, w)
	}
	if got.OK() != want.OK() || got.Digest != want.Digest {
		t.Errorf("overlay ok=%v digest %s; check ok=%v digest %s", got.OK(), got.Digest, want.OK(), want.Digest)
	}
	return got.Diagnostics
}

// TestOverlayNeedsRescan: a change whose answer depends on files the served
// scan never read is refused, with capreg.json's own findings exactly as
// check reports them.
func TestOverlayNeedsRescan(t *testing.T) {
	tests := []struct {
		overlayCase
		reason string // in the error
	}{
		{overlayCase{name: "capreg.json moves the capabilities folder",
			files: map[string]string{"capreg.json": `{"capabilities": "caps", "configSchema": "` + servedSchema + `"}`}},
			`moves the capabilities folder from "capabilities" to "caps"`},
		{overlayCase{name: "a broken capreg.json drops the workflow roots",
			setup: overlayWrite(map[string]string{"capreg.json": `{"workflows": ["workflows"], "configSchema": "` + servedSchema + `"}`}),
			files: map[string]string{"capreg.json": `{"workflows": ["workflows"],`}},
			`changes the workflow roots from ["workflows"] to the whole repository`},
		{overlayCase{name: "capreg.json adds a card root",
			files: map[string]string{"capreg.json": `{"cards": ["bin", "../out"], "configSchema": "` + servedSchema + `"}`}},
			`changes the card roots from the whole repository to ["bin"]`},
		{overlayCase{name: "capreg.json names a schema the scan did not read",
			setup: overlayWrite(map[string]string{"config/other.json": "{}"}),
			files: map[string]string{"capreg.json": `{"configSchema": "config/other.json"}`}},
			"names config/other.json as the config schema"},
		{overlayCase{name: "one of two schemas found deleted, the other not carried",
			setup: withSecondSchema, deleted: []string{"docs/config-schema.manifest.json"}},
			"leaves " + servedSchema + " the only config-schema.manifest.json, which the served scan did not read"},
		{overlayCase{name: "capreg.json stops naming a schema, and one not read is found",
			setup: overlayWrite(map[string]string{"capreg.json": `{"configSchema": "config/other.json"}`, "config/other.json": `{}`}),
			files: map[string]string{"capreg.json": `{}`}},
			"leaves " + servedSchema + " the only config-schema.manifest.json"},
		// Under a link out of the repository nothing is known: check
		// says path-escape there, whatever is out there; "no such file"
		// was the overlay's answer.
		{overlayCase{name: "capreg.json names a schema behind a link out",
			setup: func(t *testing.T, repo string) {
				writeTestFile(t, filepath.Join(filepath.Dir(repo), "outside", "o.json"), []byte(`{}`))
				makeSymlink(t, "../../outside", filepath.Join(repo, "docs", "out"))
			},
			files: map[string]string{"capreg.json": `{"configSchema": "docs/out/o.json"}`}},
			"names docs/out/o.json as the config schema"},
		// A card linked to another by an absolute path, or one that
		// leaves and comes back in, resolves inside as a relative link
		// does: deleting its target makes it dangle. The overlay, which
		// followed only relative links inside, said ok.
		{overlayCase{name: "the target of an absolute link deleted",
			setup: func(t *testing.T, repo string) {
				makeSymlink(t, filepath.Join(repo, "bin", "ft.card.json"), filepath.Join(repo, "docs", "abs.card.json"))
			},
			deleted: []string{"bin/ft.card.json"}},
			"docs/abs.card.json"},
		{overlayCase{name: "the target of a link out and back deleted",
			setup: func(t *testing.T, repo string) {
				makeSymlink(t, "../../"+filepath.Base(repo)+"/bin/ft.card.json", filepath.Join(repo, "docs", "oab.card.json"))
			},
			deleted: []string{"bin/ft.card.json"}},
			"docs/oab.card.json"},
		{overlayCase{name: "the target of a relative link deleted",
			setup: func(t *testing.T, repo string) {
				makeSymlink(t, "../bin/ft.card.json", filepath.Join(repo, "docs", "rel.card.json"))
			},
			deleted: []string{"bin/ft.card.json"}},
			"docs/rel.card.json"},
		{overlayCase{name: "a declaration names a fragment the scan did not read",
			setup: overlayWrite(map[string]string{"capabilities/pattern-mapper/loop/other.md": "Other.\n"}),
			files: map[string]string{"capabilities/pattern-mapper/capability.json": ""}},
			"names the fragment capabilities/pattern-mapper/loop/other.md"},
		// The inside of capability folders is not listed (see readTree).
		{overlayCase{name: "a declaration names a fragment that may not exist",
			files: map[string]string{"capabilities/pattern-mapper/capability.json": ""}},
			"names the fragment capabilities/pattern-mapper/loop/other.md"},
		{overlayCase{name: "a new card in a capability folder",
			files: map[string]string{"capabilities/ui/t.card.json": overlayCard("t")}},
			"whether the tool capabilities/ui/t of the new card"},
		// A delete of a path the served tree cannot tell exists: a file of a
		// capability folder the scan did not read, or one in a skipped folder.
		{overlayCase{name: "a delete of a file in a capability folder the scan did not read",
			deleted: []string{"capabilities/research/never.md"}},
			"whether capabilities/research/never.md exists"},
		{overlayCase{name: "a delete of a capability's file the scan did not read, which exists",
			deleted: []string{"capabilities/tdd/hooks/check-tests.sh"}},
			"whether capabilities/tdd/hooks/check-tests.sh exists"},
		{overlayCase{name: "a delete in a skipped folder", setup: overlayWrite(map[string]string{"node_modules/a.md": "x"}),
			deleted: []string{"node_modules/b.md"}},
			"whether node_modules/b.md exists"},
		// An input the scan read under another name, through a link: a
		// rescan sees the change there, the overlay where it is written.
		{overlayCase{name: "the config schema, read through a linked folder, edited where it is",
			setup: linkedSchema, files: map[string]string{servedSchema: `{"validKeys": [`}},
			"touches " + servedSchema + ", which the served scan read as cfg/config-schema.manifest.json through a link"},
		{overlayCase{name: "the link the config schema is read through deleted, alone",
			setup: linkedSchema, deleted: []string{"cfg"}},
			"replaces or removes cfg, through which the served scan read config"},
		{overlayCase{name: "the folder the config schema is read through deleted",
			setup: linkedSchema, deleted: []string{"config"}},
			"touches config, which the served scan read as cfg/config-schema.manifest.json through a link"},
		{overlayCase{name: "the folder a workflow root links to deleted",
			setup: func(t *testing.T, repo string) {
				makeSymlink(t, "docs", filepath.Join(repo, "manual"))
				writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"workflows": ["workflows", "manual"], "configSchema": "`+servedSchema+`"}`))
			},
			deleted: []string{"docs"}},
			"touches docs, which the served scan read as manual through a link"},
		// A write through a link lands at its target, which the scan may
		// read under its own name too.
		{overlayCase{name: "a note written through a link to a fragment",
			setup: overlayLink("../capabilities/research/loop/research-prompt.md", "docs/extra.md"),
			files: map[string]string{"docs/extra.md": "Research.\n"}},
			"touches docs/extra.md through the link docs/extra.md"},
		{overlayCase{name: "the target of a dangling card link written",
			setup: overlayLink("../capabilities/vendor/capability.json", "bin/new.card.json"),
			files: map[string]string{"capabilities/vendor/capability.json": overlayCard("new")}},
			"writes capabilities/vendor/capability.json, at or on the way to where the dangling link bin/new.card.json points"},
		{overlayCase{name: "the target of a dangling fragment link written",
			setup: func(t *testing.T, repo string) {
				if err := os.Remove(filepath.Join(repo, "capabilities/pattern-mapper/loop/mapper.md")); err != nil {
					t.Fatal(err)
				}
				makeSymlink(t, "next.md", filepath.Join(repo, "capabilities/pattern-mapper/loop/mapper.md"))
			},
			files: map[string]string{"capabilities/pattern-mapper/loop/next.md": "Map.\n"}},
			"writes capabilities/pattern-mapper/loop/next.md, at or on the way to where the dangling link capabilities/pattern-mapper/loop/mapper.md points"},
		{overlayCase{name: "the target of a dangling declaration link written",
			setup: overlayLink("../../config/other.json", "capabilities/new/capability.json"),
			files: map[string]string{"config/other.json": `{"id": "new"}`}},
			"writes config/other.json, at or on the way to where the dangling link capabilities/new/capability.json points"},
		{overlayCase{name: "the folder a link named as a card points to deleted",
			setup:   overlayLink("../config", "bin/new.card.json"),
			deleted: []string{"config"}},
			"deletes config, at or on the way to where the link bin/new.card.json points"},
		{overlayCase{name: "a folder on the way to a dangling link's target deleted",
			setup:   overlayLink("../scripts/missing/x", "bin/new.card.json"),
			deleted: []string{"scripts"}},
			"deletes scripts, at or on the way to where the link bin/new.card.json points"},
		{overlayCase{name: "the folder a dangling card link points into written",
			setup: overlayLink("../tools/y", "bin/new.card.json"),
			files: map[string]string{"tools/y.card.json": overlayCard("y")}},
			"writes tools/y.card.json, at or on the way to where the dangling link bin/new.card.json points"},
		// The kernel applies a ".." after following the linked folder
		// before it: bin/new.card.json leads to tools/y.card.json, not
		// to docs/y.card.json as read lexically.
		{overlayCase{name: "the target of a dangling card link through a linked folder and .. written",
			setup: func(t *testing.T, repo string) {
				writeTestFile(t, filepath.Join(repo, "tools/deep/keep.md"), []byte("Kept.\n"))
				makeSymlink(t, "../tools/deep", filepath.Join(repo, "docs/lnk"))
				makeSymlink(t, "../docs/lnk/../y.card.json", filepath.Join(repo, "bin/new.card.json"))
			},
			files: map[string]string{"tools/y.card.json": overlayCard("y")}},
			"writes tools/y.card.json, at or on the way to where the dangling link bin/new.card.json points"},
		{overlayCase{name: "capreg.json's target edited",
			setup: func(t *testing.T, repo string) {
				writeTestFile(t, filepath.Join(repo, "vendor/cfg/capreg.json"), []byte(`{"configSchema": "`+servedSchema+`"}`))
				if err := os.Remove(filepath.Join(repo, "capreg.json")); err != nil {
					t.Fatal(err)
				}
				makeSymlink(t, "vendor/cfg/capreg.json", filepath.Join(repo, "capreg.json"))
			},
			files: map[string]string{"vendor/cfg/capreg.json": `{"capabilities": "caps"}`}},
			"touches vendor/cfg/capreg.json, which the served scan read as capreg.json through a link"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tc := tt.overlayCase
			if m, ok := tc.files["capabilities/pattern-mapper/capability.json"]; ok && m == "" {
				tc.files["capabilities/pattern-mapper/capability.json"] = strings.Replace(
					overlayReadRepoFile(t, "capabilities/pattern-mapper/capability.json"), "loop/mapper.md", "loop/other.md", 1)
			}
			repo, _ := scanRepoCopy(t)
			if tc.setup != nil {
				tc.setup(t, repo)
			}
			served := servedLoad(t, repo)
			_, err := served.Overlay(overlayBytes(tc.files), tc.deleted)
			var re *store.RescanError
			if !errors.As(err, &re) || !errors.Is(err, store.ErrNeedsRescan) {
				t.Fatalf("Overlay error = %v, want a RescanError", err)
			}
			if !strings.Contains(err.Error(), tt.reason) {
				t.Errorf("error %q does not say %q", err, tt.reason)
			}
			overlayApply(t, repo, tc.files, tc.deleted)
			want := repoConfigFindings(scanLoadRepo(t, repo).Diagnostics)
			if g, w := formatDiagnostics(re.Diagnostics), formatDiagnostics(want); g != w {
				t.Errorf("capreg.json findings:\n%scheck:\n%s", g, w)
			}
		})
	}
}

// withoutRepoConfig removes capreg.json, which names the config schema:
// the walk then finds it.
func withoutRepoConfig(t *testing.T, repo string) {
	t.Helper()
	if err := os.Remove(filepath.Join(repo, "capreg.json")); err != nil {
		t.Fatal(err)
	}
}

// withSecondSchema is withoutRepoConfig with a second file named
// config-schema.manifest.json: the walk finds two, and reads neither.
func withSecondSchema(t *testing.T, repo string) {
	t.Helper()
	withoutRepoConfig(t, repo)
	writeTestFile(t, filepath.Join(repo, "docs/config-schema.manifest.json"), []byte(`{"validKeys": []}`))
}

// repoConfigFindings are check's findings about capreg.json's content (not
// about the paths it names being there, or being folders, which needs the
// walk, though they are placed in capreg.json).
func repoConfigFindings(diags validate.Diagnostics) validate.Diagnostics {
	var out validate.Diagnostics
	for _, d := range diags {
		if d.File == "capreg.json" && !strings.Contains(d.Message, "does not exist in the repository") &&
			!strings.HasSuffix(d.Message, "is a file; it must name a folder") &&
			!strings.HasPrefix(d.Message, "config schema ") {
			out = append(out, d)
		}
	}
	return out
}

// TestOverlayLeavesSnapshotAlone: validating a change never changes the
// snapshot being served.
func TestOverlayLeavesSnapshotAlone(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	served := servedLoad(t, repo)
	before := formatDiagnostics(store.Build(served.Sources, false).Diagnostics)
	schema := served.Sources.ConfigSchema
	for _, tc := range []overlayCase{
		{files: map[string]string{"capreg.json": "{"}},
		{deleted: []string{servedSchema, "bin/ft"}},
		{files: map[string]string{servedSchema: "{}", "bin/ft.card.json": "{}"}},
	} {
		if _, err := served.Overlay(overlayBytes(tc.files), tc.deleted); err != nil {
			t.Fatal(err)
		}
	}
	if after := formatDiagnostics(store.Build(served.Sources, false).Diagnostics); after != before || served.Sources.ConfigSchema != schema {
		t.Errorf("the served sources changed:\n%s\nwas:\n%s", after, before)
	}
}

// TestOverlayDeletesConfiguredRoots: a path capreg.json names must exist,
// so a change that deletes one (or the folder holding it) gets the error
// check reports, though capreg.json is not part of the change.
func TestOverlayDeletesConfiguredRoots(t *testing.T) {
	named := `{"capabilities": "capabilities", "workflows": ["workflows", "docs/markers.md"], "configSchema": "` + servedSchema +
		`", "cards": ["bin", "scripts/ci"]}`
	unnamed := `{"configSchema": "` + servedSchema + `", "cards": ["bin"]}`
	tests := []struct {
		name    string
		config  string // capreg.json of the served repository
		files   map[string]string
		deleted []string
		finding string // in the overlay's findings; "" for no missing path
	}{
		{name: "the capabilities folder", config: named, deleted: []string{"capabilities"},
			finding: `configured path "capabilities" does not exist in the repository`},
		{name: "a card root", config: named, deleted: []string{"bin"}, finding: `configured path "bin" does not exist`},
		{name: "a workflow root", config: named, deleted: []string{"workflows"}, finding: `configured path "workflows" does not exist`},
		{name: "a workflow root that is a file", config: named, deleted: []string{"docs/markers.md"},
			finding: `configured path "docs/markers.md" does not exist`},
		{name: "the folder holding a card root", config: named, deleted: []string{"scripts"},
			finding: `configured path "scripts/ci" does not exist`},
		{name: "the config schema", config: named, deleted: []string{servedSchema}, finding: "config schema " + servedSchema},
		{name: "the folder holding the config schema", config: named, deleted: []string{"config"}, finding: "config schema " + servedSchema},
		{name: "a card root deleted and made again", config: named, deleted: []string{"bin"},
			files: map[string]string{"bin/x": "#!/bin/sh\n"}},
		{name: "a root and the folder holding another", config: named, deleted: []string{"workflows", "scripts"},
			finding: `configured path "scripts/ci" does not exist`},
		{name: "the default capabilities folder, which capreg.json does not name", config: unnamed, deleted: []string{"capabilities"}},
		{name: "a file made where a missing root's folder would be", config: `{"cards": ["bin", "nowhere/ci"]}`,
			files: map[string]string{"nowhere": "x"}, finding: `configured path "nowhere/ci" does not exist in the repository: not a directory`},
		{name: "a file on a missing root's way, as it was", config: `{"cards": ["bin", "bin/ft/x"]}`,
			files: map[string]string{"bin/ft": "x"}, finding: `configured path "bin/ft/x" does not exist in the repository: not a directory`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			diags := overlayWantCheck(t, overlayCase{setup: overlayWrite(map[string]string{"capreg.json": tt.config}),
				files: tt.files, deleted: tt.deleted})
			got := formatDiagnostics(diags)
			switch {
			case tt.finding != "" && !strings.Contains(got, tt.finding):
				t.Errorf("findings do not say %q:\n%s", tt.finding, got)
			case tt.finding == "" && strings.Contains(got, "does not exist in the repository"):
				t.Errorf("findings report a missing path:\n%s", got)
			}
		})
	}
}

// linkedSchema makes capreg.json name the config schema through cfg, a
// link to the config folder.
func linkedSchema(t *testing.T, repo string) {
	makeSymlink(t, "config", filepath.Join(repo, "cfg"))
	writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"configSchema": "cfg/config-schema.manifest.json"}`))
}

// schemaInPackage moves the config schema into node_modules/@gsd/core, as
// gsd-core ships it, beside a README, and names it in capreg.json.
func schemaInPackage(t *testing.T, repo string) {
	data, err := os.ReadFile(filepath.Join(repo, servedSchema))
	if err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, filepath.Join(repo, "node_modules/@gsd/core/schema.json"), data)
	writeTestFile(t, filepath.Join(repo, "node_modules/@gsd/core/README.md"), []byte("# core\n"))
	writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"configSchema": "node_modules/@gsd/core/schema.json"}`))
}

// TestOverlayRefusesDeepPaths: a change is judged at every folder on the way
// to each path, so a path of 128 KiB ("a/a/…/x.md") took 30 s of the one turn
// POST /validate has, and a 1 MiB body half an hour. Paths deeper than any
// repository are refused with ErrPathTooDeep before any is judged; deep real
// ones are still judged. (BenchmarkOverlayDeepPaths measures the cost of
// those.)
func TestOverlayRefusesDeepPaths(t *testing.T) {
	snap := load(t, "../testdata/repo")
	deep := strings.Repeat("a/", 1<<15) + "x.md"
	for _, change := range []struct {
		files   map[string][]byte
		deleted []string
	}{{files: map[string][]byte{deep: []byte("x")}}, {deleted: []string{deep}}} {
		if _, err := snap.Overlay(change.files, change.deleted); !errors.Is(err, store.ErrPathTooDeep) {
			t.Errorf("a path of %d segments: %v, want ErrPathTooDeep", 1<<15+1, err)
		}
	}
	nested := strings.Repeat("docs/", 200) + "notes.md"
	if _, err := snap.Overlay(map[string][]byte{nested: []byte("notes\n")}, nil); err != nil {
		t.Errorf("a path of 201 segments: %v", err)
	}
}

// A path no file of the repository can have is refused with ErrBadPath,
// written or deleted, and nothing else is judged.
func TestOverlayRefusesBadPaths(t *testing.T) {
	snap := load(t, "../testdata/repo")
	for _, p := range []string{"", ".", "..", "../x.md", "a/../../x.md", "/etc/x.md", "docs/a\x00b.md", "\x00"} {
		for _, change := range []struct {
			files   map[string][]byte
			deleted []string
		}{{files: map[string][]byte{p: []byte("x")}}, {deleted: []string{p}}} {
			if _, err := snap.Overlay(change.files, change.deleted); !errors.Is(err, store.ErrBadPath) {
				t.Errorf("%q (written %v): %v, want ErrBadPath", p, change.files != nil, err)
			}
		}
	}
	// One that names the root is said to, not to leave the repository.
	for _, p := range []string{".", "workflows/..", "./"} {
		_, err := snap.Overlay(nil, []string{p})
		if want := fmt.Sprintf("%q names the repository's root, not a file in it", p); err == nil || err.Error() != want || !errors.Is(err, store.ErrBadPath) {
			t.Errorf("delete %q: %v, want %q", p, err, want)
		}
	}
}

// A file to write named by a path that names a directory (a trailing
// slash, /. or /..) is refused, where cleaning it judged the file before
// it, and so is a file to delete named so, or any path to delete ending in
// /.. (whose clean path is the folder above); a folder to delete may be
// named with a slash.
func TestOverlayRefusesDirectoryPathsForFiles(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	snap := servedLoad(t, repo) // with the tree a daemon serves, which knows what is a file
	for _, tt := range []struct {
		p, ending string
		written   bool
	}{
		{"workflows/ship.md/", "a slash", true},
		{"workflows/ship.md//", "a slash", true},
		{"workflows/ship.md/.", `"/."`, true},
		{"workflows/ship.md/x/..", `"/.."`, true},
		{"workflows/ship.md/..", `"/.."`, true}, // not "workflows: it is a directory"
		{"workflows/ship.md/", "a slash", false},
		{"docs/markers.md/.", `"/."`, false},
		{"docs/x/..", `"/.."`, false},
	} {
		if !strings.Contains(fmt.Sprint(store.ErrNotFileName), "path") {
			t.Fatalf("ErrNotFileName %q names a file to write, which a delete is not", store.ErrNotFileName)
		}
		var err error
		if tt.written {
			_, err = snap.Overlay(map[string][]byte{tt.p: []byte("x")}, nil)
		} else {
			_, err = snap.Overlay(nil, []string{tt.p})
		}
		if !errors.Is(err, store.ErrNotFileName) || !strings.Contains(err.Error(), "ends with "+tt.ending+", which names a directory") {
			t.Errorf("%q (written %v): %v, want ErrNotFileName saying it ends with %s", tt.p, tt.written, err, tt.ending)
		}
	}
	for _, p := range []string{"docs/", "docs/."} {
		if _, err := snap.Overlay(nil, []string{p}); err != nil {
			t.Errorf("%s deleted: %v", p, err)
		}
	}
	// Written with a file under the folder its clean path names: still
	// the /.. it ends with.
	if _, err := snap.Overlay(map[string][]byte{"docs/x/..": []byte("x"), "docs/y.md": []byte("y")}, nil); !errors.Is(err, store.ErrNotFileName) {
		t.Errorf("docs/x/.. written beside docs/y.md: %v, want ErrNotFileName", err)
	}
}

// BenchmarkOverlayDeepPaths: the served snapshot (scanned with its tree, as
// capreg serve scans) judges each folder on the way to every path of a
// change; a lookup that cleaned and walked up the whole path again for
// every folder made that cubic in the depth, so 1,900 paths of 250
// segments, a 1 MiB POST /validate body, held the one validation turn for
// 55 s. Deep paths within the limit must cost about what shallow ones do
// per segment: compare depth=16 with depth=256 (300 writes and 300 deletes
// an operation).
//
//	go test ./store -run XXX -bench OverlayDeepPaths
func BenchmarkOverlayDeepPaths(b *testing.B) {
	repo, _ := scanRepoCopy(b)
	served := servedLoad(b, repo)
	for _, depth := range []int{16, maxSegmentsForTest} {
		b.Run(fmt.Sprintf("depth=%d", depth), func(b *testing.B) {
			deep := strings.Repeat("d/", depth-1)
			files := map[string][]byte{}
			var deleted []string
			for i := range 300 {
				files[deep+strconv.Itoa(i)+".md"] = []byte("x")
				deleted = append(deleted, deep+strconv.Itoa(i))
			}
			for b.Loop() {
				if _, err := served.Overlay(files, nil); err != nil {
					b.Fatal(err)
				}
				served.Overlay(nil, deleted) // a delete of what is not there: judged, whatever the answer
			}
		})
	}
}

// maxSegmentsForTest is the deepest path a change may name (store's
// maxPathSegments).
const maxSegmentsForTest = 256

// configMapLayout moves the repository into ..2026_v1 and links each of its
// entries through ..data, as Kubernetes' atomic writer lays out a volume.
func configMapLayout(t *testing.T, repo string) {
	entries, err := os.ReadDir(repo)
	if err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(repo, "..2026_v1")
	if err := os.Mkdir(data, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if err := os.Rename(filepath.Join(repo, e.Name()), filepath.Join(data, e.Name())); err != nil {
			t.Fatal(err)
		}
		makeSymlink(t, filepath.Join("..data", e.Name()), filepath.Join(repo, e.Name()))
	}
	makeSymlink(t, "..2026_v1", filepath.Join(repo, "..data"))
}

// Workflows the change leaves without a marker are no longer inputs, however
// many, and the others are kept, edited or added, as the scanner would read
// them (check cannot tell: a markdown file without a marker declares
// nothing).
func TestOverlayDropsWorkflowsWithoutMarkers(t *testing.T) {
	marker := func(id string) []byte { return []byte(`<loop-point id="` + id + `"/>`) }
	src := &validate.Sources{CapabilitiesDir: "capabilities"}
	for _, p := range []string{"w/a.md", "w/b.md", "w/c.md", "w/d.md"} {
		src.Workflows = append(src.Workflows, validate.File{Path: p, Data: marker(p)})
	}
	files := map[string][]byte{"w/a.md": []byte("# a"), "w/b.md": marker("b2"), "w/c.md": []byte("# c"), "w/d.md": []byte("# d"), "w/e.md": marker("e")}
	got, err := store.Overlay(src, files, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []validate.File{{Path: "w/b.md", Data: marker("b2")}, {Path: "w/e.md", Data: marker("e")}}
	if !slices.EqualFunc(got.Workflows, want, func(a, b validate.File) bool { return a.Path == b.Path && string(a.Data) == string(b.Data) }) {
		t.Errorf("workflows %v, want %v", got.Workflows, want)
	}
	if len(src.Workflows) != 4 || string(src.Workflows[1].Data) != string(marker("w/b.md")) {
		t.Errorf("the served workflows changed: %v", src.Workflows)
	}
}

// BenchmarkValidateChangeManyRoots is POST /validate over a capreg.json
// naming n roots (n/2 workflow roots, n/2 card roots, each holding one
// input) with a change rewriting the n inputs: routing each file of the
// change must not try every root, nor search every workflow or card.
// Compare n=1000 with n=10000.
//
//	go test ./store -run XXX -bench ValidateChangeManyRoots
func BenchmarkValidateChangeManyRoots(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		repo, _ := scanRepoCopy(b)
		files := manyRootsRepo(b, repo, n/2)
		served := servedLoad(b, repo)
		if len(served.Sources.Workflows) < n/2 || len(served.Sources.Cards) < n/2 {
			b.Fatalf("served %d workflows and %d cards, want at least %d of each", len(served.Sources.Workflows), len(served.Sources.Cards), n/2)
		}
		b.Run(fmt.Sprintf("scan/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := store.Scan(context.Background(), store.ScanOptions{Repo: repo}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("write/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				src, err := served.Overlay(files, nil)
				if err != nil {
					b.Fatal(err)
				}
				if len(src.Workflows) < n/2 || len(src.Cards) < n/2 {
					b.Fatalf("%d workflows and %d cards, want at least %d of each", len(src.Workflows), len(src.Cards), n/2)
				}
			}
		})
		deleted := slices.Sorted(maps.Keys(files))
		b.Run(fmt.Sprintf("delete/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				src, err := served.Overlay(nil, deleted)
				if err != nil {
					b.Fatal(err)
				}
				if len(src.Workflows) >= n/2 || len(src.Cards) >= n/2 {
					b.Fatalf("%d workflows and %d cards left, want fewer than %d of each", len(src.Workflows), len(src.Cards), n/2)
				}
			}
		})
	}
}

// manyRootsRepo writes into repo a capreg.json naming k workflow roots
// flows/<i> and k card roots tools/<i> (besides the served ones), each
// holding one workflow or one card and its tool, and returns a change
// rewriting all 2k inputs.
func manyRootsRepo(b *testing.B, repo string, k int) map[string][]byte {
	b.Helper()
	workflows, cards := []string{"workflows"}, []string{"bin"}
	change := map[string][]byte{}
	for i := range k {
		w, c := fmt.Sprintf("flows/%d", i), fmt.Sprintf("tools/%d", i)
		workflows, cards = append(workflows, w), append(cards, c)
		writes := map[string]string{
			w + "/w.md":        fmt.Sprintf("<loop-point id=\"p%d:pre\"/>\n", i),
			c + "/t":           "tool",
			c + "/t.card.json": overlayCard(fmt.Sprintf("t%d", i)),
		}
		for p, data := range writes {
			if err := writeFileAll(filepath.Join(repo, filepath.FromSlash(p)), []byte(data)); err != nil {
				b.Fatal(err)
			}
		}
		change[w+"/w.md"] = []byte(fmt.Sprintf("<loop-point id=\"p%d:post\"/>\n", i))
		change[c+"/t.card.json"] = []byte(overlayCard(fmt.Sprintf("u%d", i)))
	}
	data, err := json.Marshal(map[string]any{"configSchema": servedSchema, "workflows": workflows, "cards": cards})
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repo, "capreg.json"), data, 0o644); err != nil {
		b.Fatal(err)
	}
	return change
}

// TestOverlayFoundSchemaTurnedOff: "configSchema": "" in a changed
// capreg.json turns off a schema the served scan found rather than was
// told: the overlay kept it (its pending-migration warnings stayed), and
// with the schema deleted too it reported the deleted file as missing,
// "named by " nothing, where check passes.
func TestOverlayFoundSchemaTurnedOff(t *testing.T) {
	turnOff := map[string]string{"capreg.json": `{"configSchema": ""}`}
	overlayWantCheck(t, overlayCase{setup: withoutRepoConfig, files: turnOff})
	overlayWantCheck(t, overlayCase{setup: withoutRepoConfig, files: turnOff, deleted: []string{servedSchema}})
}

// TestOverlayLinkBackThroughAnOutsideAlias: deleting the target of a link
// that comes back in through a link outside gives what check gives (the
// link leaves either way); the overlay said ok where check then failed.
func TestOverlayLinkBackThroughAnOutsideAlias(t *testing.T) {
	overlayWantCheck(t, overlayCase{name: "alias",
		setup: func(t *testing.T, repo string) {
			makeSymlink(t, repo, filepath.Join(filepath.Dir(repo), "alias"))
			makeSymlink(t, "../../alias/bin/ft.card.json", filepath.Join(repo, "docs", "x.card.json"))
		},
		deleted: []string{"bin/ft.card.json"}})
}
