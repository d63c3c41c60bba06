package store_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// filesOf returns the files of the findings of rule, in order.
func filesOf(diags validate.Diagnostics, rule string) []string {
	var out []string
	for _, d := range diags {
		if d.Rule == rule {
			out = append(out, d.File)
		}
	}
	return out
}

// misplaced returns the files of the capability-misplaced findings.
func misplaced(diags validate.Diagnostics) []string { return filesOf(diags, "capability-misplaced") }

// misnamedCards returns the files of the card-misnamed findings.
func misnamedCards(diags validate.Diagnostics) []string { return filesOf(diags, "card-misnamed") }

// overlayAndRescan judges a change (files written, paths deleted) by
// Overlay on the snapshot served for repo, then makes it on disk and scans
// the repository again: the two a test of Overlay compares.
func overlayAndRescan(t *testing.T, repo string, files map[string][]byte, deleted []string) (overlaid, scanned *store.Snapshot) {
	t.Helper()
	src, err := servedLoad(t, repo).Overlay(files, deleted)
	if err != nil {
		t.Fatal(err)
	}
	overlaid = store.Build(src, false)
	overlayApply(t, repo, files, deleted)
	return overlaid, scanLoadRepo(t, repo)
}

// TestScanStrayDeclarations: a file named like a capability declaration that
// is not read as one is a warning, under its own name, once; a capability
// folder that is a link to a folder without a declaration is one too.
func TestScanStrayDeclarations(t *testing.T) {
	tests := []struct {
		name  string
		files []string    // written as {"id": "x"}
		links [][2]string // path, target
		want  []string
	}{
		{"a misnamed declaration", []string{"capabilities/gamma/Capability.json", "capabilities/delta/capability.json.txt"}, nil,
			[]string{"capabilities/delta/capability.json.txt", "capabilities/gamma/Capability.json"}},
		{"a declaration a folder too deep", []string{"capabilities/nested/eps/capability.json"}, nil,
			[]string{"capabilities/nested/eps/capability.json"}},
		{"a misnamed file beside a declaration", []string{"capabilities/ui/capability.json.bak"}, nil, nil},
		// A template to copy (a scaffold folder's capability.json.example)
		// is kept on purpose, as capability.example.json is: renaming it to
		// capability.json, as the warning asked, made a capability of it.
		{"a template of a declaration", []string{"capabilities/_template/capability.json.example", "capabilities/scaffold/capability.json.tmpl"}, nil, nil},
		// Beside capabilities of its own, another capabilities folder is
		// a fixture or an example (a monorepo's root, with none of its
		// own, is testdata/rules/capability-misplaced.txtar).
		{"another capabilities folder beside its own", []string{"packages/gsd/capabilities/a/capability.json", "packages/gsd/capabilities/b/capability.json"}, nil, nil},
		{"a package in a skipped folder", []string{"node_modules/gsd/capabilities/a/capability.json"}, nil, nil},
		{"a capability folder linking to bin", nil, [][2]string{{"capabilities/shared", "../bin"}},
			[]string{"capabilities/shared"}},
		{"a capability folder linking to the root names no declaration twice", []string{"packages/gsd/capabilities/a/capability.json"},
			[][2]string{{"capabilities/loop", ".."}}, []string{"capabilities/loop"}},
		{"a capability folder linking to another", nil, [][2]string{{"capabilities/ui-copy", "ui"}}, nil},
		// The declaration met through it is warned about, and the link
		// is not warned about as well.
		{"a capability folder linking to a misnamed declaration", []string{"lib/Capability.json"},
			[][2]string{{"capabilities/shared", "../lib"}}, []string{"capabilities/shared/Capability.json"}},
		{"a capability folder linking to a declaration a folder too deep", []string{"lib/eps/capability.json"},
			[][2]string{{"capabilities/shared", "../lib"}}, []string{"capabilities/shared/eps/capability.json"}},
		// A declaration read through a link is no stray under its own
		// name: a package's capability linked in, a group folder.
		{"a capability folder linking to a package's", []string{"pkg/capabilities/zeta/capability.json"},
			[][2]string{{"capabilities/zeta", "../pkg/capabilities/zeta"}}, nil},
		{"a capability folder linking into a group folder", []string{"capabilities/_groups/zeta/capability.json"},
			[][2]string{{"capabilities/zeta", "_groups/zeta"}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			for _, f := range tt.files {
				writeTestFile(t, filepath.Join(repo, f), []byte(`{"id": "x"}`))
			}
			for _, l := range tt.links {
				makeSymlink(t, l[1], filepath.Join(repo, l[0]))
			}
			snap := scanLoadRepo(t, repo)
			if got := misplaced(snap.Diagnostics); !slices.Equal(got, tt.want) {
				t.Errorf("capability-misplaced at %q, want %q:\n%s", got, tt.want, formatDiagnostics(snap.Diagnostics))
			}
		})
	}
}

// TestOverlayStrayDeclarations: a change that renames a misnamed
// declaration, or writes one, gets the warnings a rescan would.
func TestOverlayStrayDeclarations(t *testing.T) {
	tests := []struct {
		name    string
		files   map[string][]byte
		deleted []string
	}{
		{"renamed to capability.json", map[string][]byte{"capabilities/gamma/capability.json": []byte(`{"id": "gamma"}`)}, []string{"capabilities/gamma/Capability.json"}},
		{"written beside it", map[string][]byte{"capabilities/gamma/capability.json": []byte(`{"id": "gamma"}`)}, nil},
		{"deleted", nil, []string{"capabilities/gamma"}},
		{"another misnamed", map[string][]byte{"capabilities/delta/capability.JSON": []byte(`{"id": "delta"}`)}, nil},
		{"a package", map[string][]byte{"packages/gsd/capabilities/a/capability.json": []byte(`{"id": "a"}`)}, nil},
		{"a package in a skipped folder", map[string][]byte{"vendor/gsd/capabilities/a/capability.json": []byte(`{"id": "a"}`)}, nil},
		// A package of its own beside the repository's capabilities
		// (review 33): its capreg.json makes it one.
		{"a package with its capreg.json", map[string][]byte{"services/x/capreg.json": []byte(`{}`), "services/x/capabilities/a/capability.json": []byte(`{"id": "a"}`)}, nil},
		{"a package's capreg.json deleted", map[string][]byte{"services/y/capabilities/a/capability.json": []byte(`{"id": "a"}`)}, []string{"services/z/capreg.json"}},
		// A package whose capreg.json renames its folders: none of its
		// inputs is read, its workflows and cards included.
		{"a package renaming its folders", map[string][]byte{"packages/orbit/capreg.json": []byte(`{"capabilities": "agentloop/caps", "workflows": ["agentloop/flows"]}`),
			"packages/orbit/agentloop/caps/lint/capability.json": []byte(`{ broken`), "packages/orbit/agentloop/flows/plan.md": planWorkflow(t),
			"packages/orbit/bin/x.card.json": []byte(`{`)}, nil},
		{"a package's capreg.json deleted, its workflow read", nil, []string{"services/z/capreg.json"}},
		// An editor's copy beside a declaration is none; alone, it is the
		// declaration left behind.
		{"an editor's backup beside a declaration", map[string][]byte{"capabilities/claude/capability.json~": []byte(`{"id": "x"}`)}, nil},
		{"an editor's backup alone", map[string][]byte{"capabilities/delta/capability.json.bak": []byte(`{"id": "x"}`)}, nil},
		{"a declaration renamed to a backup", map[string][]byte{"capabilities/gamma/Capability.json.orig": []byte(`{"id": "gamma"}`)}, []string{"capabilities/gamma/Capability.json"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			writeTestFile(t, filepath.Join(repo, "capabilities/gamma/Capability.json"), []byte(`{"id": "gamma"}`))
			writeTestFile(t, filepath.Join(repo, "services/z/capreg.json"), []byte(`{}`))
			writeTestFile(t, filepath.Join(repo, "services/z/capabilities/b/capability.json"), []byte(`{"id": "b"}`))
			writeTestFile(t, filepath.Join(repo, "services/z/flows/plan.md"), planWorkflow(t))
			got, want := overlayAndRescan(t, repo, tt.files, tt.deleted)
			if formatDiagnostics(got.Diagnostics) != formatDiagnostics(want.Diagnostics) {
				t.Errorf("overlay:\n%s\nscan:\n%s", formatDiagnostics(got.Diagnostics), formatDiagnostics(want.Diagnostics))
			}
			if g, w := got.Sources.StrayDeclarations, want.Sources.StrayDeclarations; !slices.Equal(g, w) {
				t.Errorf("overlay's stray declarations %q, the scan's %q", g, w)
			}
		})
	}
}

// TestMisnamedCards: a file in the card roots named as a card in another
// case, the plural or YAML is a card-misnamed warning, under its own name,
// unless the card it was meant as is read; outside the card roots it is
// nothing. A change doing any of it, judged by Overlay, gets the warnings
// a rescan of the changed repository gives.
func TestMisnamedCards(t *testing.T) {
	card := []byte(`{"id": "land"}`)
	tests := []struct {
		name    string
		files   map[string][]byte
		deleted []string
		want    []string
	}{
		{"a card renamed in another case", map[string][]byte{"bin/land.Card.json": card}, []string{"bin/land.card.json"}, []string{"bin/land.Card.json"}},
		{"a plural", map[string][]byte{"bin/land.cards.json": card}, []string{"bin/land.card.json"}, []string{"bin/land.cards.json"}},
		{"YAML, its extension in capitals", map[string][]byte{"bin/land.CARD.YML": card}, []string{"bin/land.card.json"}, []string{"bin/land.CARD.YML"}},
		{"a copy beside the card", map[string][]byte{"bin/land.Card.json": card}, nil, nil},
		{"a card's backup", map[string][]byte{"bin/land.card.json.bak": card}, []string{"bin/land.card.json"}, nil},
		{"in a skipped folder", map[string][]byte{"node_modules/x/land.Card.json": card}, nil, nil},
		// A package's cards are its own check's (capability-misplaced
		// says so), as its other inputs are.
		{"in a package", map[string][]byte{"pkg/capreg.json": []byte("{}"), "pkg/bin/land.Card.json": card}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			overlaid, scanned := overlayAndRescan(t, repo, tt.files, tt.deleted)
			if got := misnamedCards(scanned.Diagnostics); !slices.Equal(got, tt.want) {
				t.Errorf("card-misnamed at %q, want %q:\n%s", got, tt.want, formatDiagnostics(scanned.Diagnostics))
			}
			if formatDiagnostics(overlaid.Diagnostics) != formatDiagnostics(scanned.Diagnostics) {
				t.Errorf("overlay:\n%s\nscan:\n%s", formatDiagnostics(overlaid.Diagnostics), formatDiagnostics(scanned.Diagnostics))
			}
		})
	}
}

// planWorkflow is testdata/repo's plan workflow, a marker and all.
func planWorkflow(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "repo", "workflows", "plan-phase.md"))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestScanLinkedBrokenManifestOnce: a capability folder that is a link to a
// folder whose capability.json dangles gets one finding, under the
// capability's name, not a second under the folder's own.
func TestScanLinkedBrokenManifestOnce(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	if err := os.MkdirAll(filepath.Join(repo, "extern", "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	makeSymlink(t, "nowhere", filepath.Join(repo, "extern", "x", "capability.json"))
	makeSymlink(t, "../extern/x", filepath.Join(repo, "capabilities", "x"))
	snap := scanLoadRepo(t, repo)
	var got []string
	for _, d := range snap.Diagnostics {
		if d.Rule == "file-unreadable" || d.Rule == "path-escape" {
			got = append(got, d.File)
		}
	}
	if want := []string{"capabilities/x/capability.json"}; !slices.Equal(got, want) {
		t.Errorf("broken link findings at %q, want %q:\n%s", got, want, formatDiagnostics(snap.Diagnostics))
	}
}

// TestScanPackageBesideOwnCapabilities: beside the repository's own
// capabilities another capabilities folder is a fixture, in silence,
// unless its folder holds a capreg.json: then it is a package a check of
// the root does not read, and the warning, at the package's capreg.json,
// says to check it with --repo (review 33: a root check passed over a
// broken package).
func TestScanPackageBesideOwnCapabilities(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	writeTestFile(t, filepath.Join(repo, "services/x/capabilities/y/capability.json"), []byte(`{"id": "y"}`))
	writeTestFile(t, filepath.Join(repo, "tests/fixtures/capabilities/f/capability.json"), []byte(`{"id": "f"}`))
	if got := misplaced(scanLoadRepo(t, repo).Diagnostics); len(got) != 0 {
		t.Errorf("without a capreg.json: capability-misplaced at %q", got)
	}
	writeTestFile(t, filepath.Join(repo, "services/x/capreg.json"), []byte(`{}`))
	snap := scanLoadRepo(t, repo)
	if got := misplaced(snap.Diagnostics); !slices.Equal(got, []string{"services/x/capreg.json"}) {
		t.Errorf("with services/x/capreg.json: capability-misplaced at %q", got)
	}
	for _, d := range snap.Diagnostics {
		if d.Rule == "capability-misplaced" && !strings.Contains(d.Message, "check that package with capreg check --repo services/x") {
			t.Errorf("message %q", d.Message)
		}
	}
	// A fixture repository, under tests/fixtures or testdata, is kept on
	// purpose, capreg.json and all; and past five packages one warning
	// counts the rest (review 36).
	writeTestFile(t, filepath.Join(repo, "tests/fixtures/case1/capreg.json"), []byte(`{}`))
	writeTestFile(t, filepath.Join(repo, "tests/fixtures/case1/capabilities/f/capability.json"), []byte(`{"id": "f"}`))
	for i := range 7 {
		writeTestFile(t, filepath.Join(repo, fmt.Sprintf("packages/p%d/capreg.json", i)), []byte(`{}`))
		writeTestFile(t, filepath.Join(repo, fmt.Sprintf("packages/p%d/capabilities/a/capability.json", i)), []byte(`{"id": "a"}`))
	}
	got := misplaced(scanLoadRepo(t, repo).Diagnostics)
	if len(got) != 6 || slices.ContainsFunc(got, func(p string) bool { return strings.HasPrefix(p, "tests/") }) {
		t.Errorf("with a fixture and 8 packages: capability-misplaced at %q, want 6 and no fixture", got)
	}
}

// TestPackageSchemaIsNotTheRoots: with no central config schema named, the
// root discovers the config-schema.manifest.json outside its packages
// only: a package's was taken for the root's when it was the one found,
// and with the root's own made both "ambiguous", compared with neither.
// A proposed change agrees with a rescan, or asks for one.
func TestPackageSchemaIsNotTheRoots(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	schema, err := os.ReadFile(filepath.Join(repo, "config/config-schema.manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"capreg.json", "config"} {
		if err := os.RemoveAll(filepath.Join(repo, p)); err != nil {
			t.Fatal(err)
		}
	}
	writeTestFile(t, filepath.Join(repo, "packages/x/capreg.json"), []byte(`{}`))
	writeTestFile(t, filepath.Join(repo, "packages/x/config/config-schema.manifest.json"), schema)
	schemaOf := func(snap *store.Snapshot) string {
		if f := snap.Sources.ConfigSchema; f != nil {
			return f.Path
		}
		return ""
	}
	if snap := scanLoadRepo(t, repo); schemaOf(snap) != "" {
		t.Errorf("the root compares its config keys with %s, a package's", schemaOf(snap))
	}

	writeTestFile(t, filepath.Join(repo, "config/config-schema.manifest.json"), schema)
	snap := servedLoad(t, repo)
	if got := schemaOf(snap); got != "config/config-schema.manifest.json" {
		t.Errorf("the root's own schema beside a package's: compared with %q, want the root's", got)
	}
	for _, d := range snap.Diagnostics {
		if d.Rule == "config-schema-ambiguous" {
			t.Errorf("a package's schema makes the root's ambiguous: %s", d.Message)
		}
	}

	// The package's capreg.json deleted: its schema is a second one of the
	// root's. The overlay must agree with a rescan, or ask for one.
	src, err := snap.Overlay(nil, []string{"packages/x/capreg.json"})
	var rescan *store.RescanError
	if errors.As(err, &rescan) {
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	got := store.Build(src, false)
	if err := os.Remove(filepath.Join(repo, "packages/x/capreg.json")); err != nil {
		t.Fatal(err)
	}
	want := scanLoadRepo(t, repo)
	if formatDiagnostics(got.Diagnostics) != formatDiagnostics(want.Diagnostics) {
		t.Errorf("overlay:\n%s\nscan:\n%s", formatDiagnostics(got.Diagnostics), formatDiagnostics(want.Diagnostics))
	}
	if !strings.Contains(formatDiagnostics(want.Diagnostics), "config-schema-ambiguous") {
		t.Errorf("two schemas of the root's, no config-schema-ambiguous:\n%s", formatDiagnostics(want.Diagnostics))
	}
}

// TestMisnamedCardsServed: a change to misnamed cards the served scan
// met (deleting one, its folder, or renaming it as the warning asks) and
// one outside the card roots capreg.json names are judged by Overlay,
// without a rescan, as a rescan of the changed repository judges them.
func TestMisnamedCardsServed(t *testing.T) {
	card := []byte(`{"id": "land"}`)
	noCard := []string{"bin/land.card.json"}
	binOnly := []byte(`{"configSchema": "config/config-schema.manifest.json", "cards": ["bin"]}`)
	tests := []struct {
		name          string
		served        map[string][]byte
		servedDeleted []string
		files         map[string][]byte
		deleted       []string
		want          []string
	}{
		{"one deleted", map[string][]byte{"bin/land.Card.json": card}, noCard, nil, []string{"bin/land.Card.json"}, nil},
		{"one renamed as asked", map[string][]byte{"bin/land.Card.json": card}, noCard,
			map[string][]byte{"bin/land.card.json": card}, []string{"bin/land.Card.json"}, nil},
		{"its folder deleted", map[string][]byte{"bin/old/land.cards.json": card}, nil, nil, []string{"bin/old"}, nil},
		{"one kept, another written", map[string][]byte{"bin/land.Card.json": card}, noCard,
			map[string][]byte{"bin/od.cards.json": card}, nil, []string{"bin/land.Card.json", "bin/od.cards.json"}},
		{"one rewritten", map[string][]byte{"bin/land.Card.json": card}, noCard,
			map[string][]byte{"bin/land.Card.json": []byte(`{"id": "land" }`)}, nil, []string{"bin/land.Card.json"}},
		{"in nested card roots", map[string][]byte{"capreg.json": []byte(`{"configSchema": "config/config-schema.manifest.json", "cards": ["bin", "bin/sub"]}`), "bin/sub/land.Card.json": card}, nil,
			map[string][]byte{"bin/sub/od.Card.json": card}, nil, []string{"bin/sub/land.Card.json", "bin/sub/od.Card.json"}},
		{"outside the card roots capreg.json names", map[string][]byte{"capreg.json": binOnly, "tools/land.Card.json": card}, nil,
			map[string][]byte{"lib/land.Card.json": card}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			overlayApply(t, repo, tt.served, tt.servedDeleted)
			overlaid, scanned := overlayAndRescan(t, repo, tt.files, tt.deleted)
			if got := misnamedCards(scanned.Diagnostics); !slices.Equal(got, tt.want) {
				t.Errorf("card-misnamed at %q, want %q:\n%s", got, tt.want, formatDiagnostics(scanned.Diagnostics))
			}
			if formatDiagnostics(overlaid.Diagnostics) != formatDiagnostics(scanned.Diagnostics) {
				t.Errorf("overlay:\n%s\nscan:\n%s", formatDiagnostics(overlaid.Diagnostics), formatDiagnostics(scanned.Diagnostics))
			}
		})
	}
}
