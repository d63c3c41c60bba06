package store_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// TestScanDiscoversConfigSchema: when neither capreg.json nor the flag
// names a central config schema, the one file named
// config-schema.manifest.json that the walk meets is the schema (a
// gsd-core checkout needs no set-up for its collisions to be found); of
// several, none is, with a warning naming them; named ones always win, and
// capreg.json's "configSchema": "" asks for none. testdata/repo's
// capreg.json names config/config-schema.manifest.json; its research
// capability declares a key the schema lists (a pending-migration warning
// when the schema is read).
func TestScanDiscoversConfigSchema(t *testing.T) {
	const other = "config/other.json" // a schema listing no key
	noRepoConfig := func(t *testing.T, repo string) {
		t.Helper()
		if err := os.Remove(filepath.Join(repo, "capreg.json")); err != nil {
			t.Fatal(err)
		}
	}
	moveSchema := func(to string) func(*testing.T, string) {
		return func(t *testing.T, repo string) {
			noRepoConfig(t, repo)
			if err := os.MkdirAll(filepath.Dir(filepath.Join(repo, to)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(filepath.Join(repo, servedSchema), filepath.Join(repo, to)); err != nil {
				t.Fatal(err)
			}
		}
	}
	second := func(p string) func(*testing.T, string) {
		return func(t *testing.T, repo string) {
			noRepoConfig(t, repo)
			writeTestFile(t, filepath.Join(repo, p), []byte(`{"validKeys": []}`))
		}
	}
	repoConfig := func(cfg string) func(*testing.T, string) {
		return func(t *testing.T, repo string) {
			writeTestFile(t, filepath.Join(repo, other), []byte(`{"validKeys": []}`))
			writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(cfg))
		}
	}
	tests := []struct {
		name  string
		setup func(t *testing.T, repo string)
		flag  string
		// schema is the path read as the schema ("" for none), from what
		// chose it, found the files met.
		schema, from string
		found        []string
		ambiguous    bool // a config-schema-ambiguous warning
	}{
		{name: "one, nothing named", setup: noRepoConfig,
			schema: servedSchema, from: "discovery", found: []string{servedSchema}},
		{name: "one, capreg.json names no schema", setup: repoConfig(`{"capabilities": "capabilities"}`),
			schema: servedSchema, from: "discovery", found: []string{servedSchema}},
		{name: "one at the root", setup: moveSchema("config-schema.manifest.json"),
			schema: "config-schema.manifest.json", from: "discovery", found: []string{"config-schema.manifest.json"}},
		{name: "one in a capability folder", setup: moveSchema("capabilities/research/config-schema.manifest.json"),
			schema: "capabilities/research/config-schema.manifest.json", from: "discovery", found: []string{"capabilities/research/config-schema.manifest.json"}},
		{name: "two", setup: second("docs/config-schema.manifest.json"),
			from: "discovery", found: []string{servedSchema, "docs/config-schema.manifest.json"}, ambiguous: true},
		// A copy kept as test data beside the real one is no candidate.
		{name: "two, one a fixture's", setup: second("tests/fixtures/config-schema.manifest.json"),
			schema: servedSchema, from: "discovery", found: []string{servedSchema, "tests/fixtures/config-schema.manifest.json"}},
		{name: "three, one a fixture's", setup: func(t *testing.T, repo string) {
			second("testdata/repo/config-schema.manifest.json")(t, repo)
			writeTestFile(t, filepath.Join(repo, "docs/config-schema.manifest.json"), []byte(`{"validKeys": []}`))
		}, from: "discovery", found: []string{servedSchema, "docs/config-schema.manifest.json", "testdata/repo/config-schema.manifest.json"}, ambiguous: true},
		{name: "one only, in a fixture folder", setup: moveSchema("examples/config-schema.manifest.json"),
			schema: "examples/config-schema.manifest.json", from: "discovery", found: []string{"examples/config-schema.manifest.json"}},
		{name: "two, both in fixture folders", setup: func(t *testing.T, repo string) {
			moveSchema("examples/config-schema.manifest.json")(t, repo)
			writeTestFile(t, filepath.Join(repo, "__fixtures__/config-schema.manifest.json"), []byte(`{"validKeys": []}`))
		}, from: "discovery", found: []string{"__fixtures__/config-schema.manifest.json", "examples/config-schema.manifest.json"}, ambiguous: true},
		{name: "one under two names, by a link", setup: func(t *testing.T, repo string) {
			noRepoConfig(t, repo)
			makeSymlink(t, "../"+servedSchema, filepath.Join(repo, "docs/config-schema.manifest.json"))
		}, schema: servedSchema, from: "discovery", found: []string{servedSchema}},
		{name: "in node_modules, not walked", setup: moveSchema("node_modules/@gsd/core/config-schema.manifest.json"),
			from: "discovery"},
		{name: "in vendor and .venv, not walked", setup: func(t *testing.T, repo string) {
			moveSchema("vendor/config-schema.manifest.json")(t, repo)
			writeTestFile(t, filepath.Join(repo, ".venv/config-schema.manifest.json"), []byte(`{}`))
		}, from: "discovery"},
		{name: "in node_modules, linked to from a walked folder", setup: func(t *testing.T, repo string) {
			moveSchema("node_modules/@gsd/core/config-schema.manifest.json")(t, repo)
			makeSymlink(t, "node_modules/@gsd/core/config-schema.manifest.json", filepath.Join(repo, "config-schema.manifest.json"))
		}, schema: "config-schema.manifest.json", from: "discovery", found: []string{"config-schema.manifest.json"}},
		{name: "a folder of that name is no schema", setup: func(t *testing.T, repo string) {
			second("docs/config-schema.manifest.json/x.json")(t, repo)
		}, schema: servedSchema, from: "discovery", found: []string{servedSchema}},
		{name: "capreg.json names another", setup: repoConfig(`{"configSchema": "` + other + `"}`),
			schema: other, from: "capreg.json", found: []string{servedSchema}},
		{name: "capreg.json names one of two", setup: func(t *testing.T, repo string) {
			second("docs/config-schema.manifest.json")(t, repo)
			writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"configSchema": "docs/config-schema.manifest.json"}`))
		}, schema: "docs/config-schema.manifest.json", from: "capreg.json", found: []string{servedSchema, "docs/config-schema.manifest.json"}},
		{name: "the flag names another", setup: repoConfig(`{}`), flag: other,
			schema: other, from: "--config-schema", found: []string{servedSchema}},
		{name: `capreg.json's "configSchema": "" asks for none`, setup: repoConfig(`{"configSchema": ""}`),
			found: []string{servedSchema}},
		{name: `"configSchema": "" with two`, setup: func(t *testing.T, repo string) {
			second("docs/config-schema.manifest.json")(t, repo)
			writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"configSchema": ""}`))
		}, found: []string{servedSchema, "docs/config-schema.manifest.json"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			tt.setup(t, repo)
			snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo, ConfigSchema: tt.flag}})
			src := snap.Sources
			got := ""
			if src.ConfigSchema != nil {
				got = src.ConfigSchema.Path
			}
			if got != tt.schema || src.ConfigSchemaFrom != tt.from || !slices.Equal(src.ConfigSchemaFound, tt.found) {
				t.Errorf("schema %q from %q, found %q; want %q from %q, found %q", got, src.ConfigSchemaFrom, src.ConfigSchemaFound, tt.schema, tt.from, tt.found)
			}
			_, pending := scanFind(snap.Diagnostics, "config-key-pending-migration", "capabilities/research/capability.json")
			keyless := []string{"", other, "docs/config-schema.manifest.json"} // what second and repoConfig write
			if wantPending := !slices.Contains(keyless, tt.schema); pending != wantPending {
				t.Errorf("pending-migration warning: %v, want %v (is the served schema compared?)", pending, wantPending)
			}
			if _, ambiguous := scanFind(snap.Diagnostics, "config-schema-ambiguous", ""); ambiguous != tt.ambiguous {
				t.Errorf("config-schema-ambiguous warning: %v, want %v", ambiguous, tt.ambiguous)
			}
			if snap.Diagnostics.HasErrors() {
				t.Errorf("errors:\n%s", formatDiagnostics(snap.Diagnostics))
			}
			if t.Failed() {
				t.Logf("diagnostics:\n%s", formatDiagnostics(snap.Diagnostics))
			}
		})
	}
}

// TestScanDiscoveredSchemaIsReadAsNamed: a discovered schema that is
// broken is reported as a named one is, so that discovery never makes a
// broken schema look like none.
func TestScanDiscoveredSchemaIsReadAsNamed(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	if err := os.Remove(filepath.Join(repo, "capreg.json")); err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, filepath.Join(repo, servedSchema), []byte(`{"validKeys": [`))
	scanWantOnly(t, scanLoadRepo(t, repo), "json-syntax", servedSchema, validate.Error)
}

// TestGSDCoreFindsItsConfigSchema: pointed at a gsd-core checkout with no
// set-up, capreg compares the config keys with gsd-core's own
// config-schema.manifest.json, and says exactly what naming it says.
func TestGSDCoreFindsItsConfigSchema(t *testing.T) {
	named := gsdLoad(t)
	found := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: gsdRepo}})
	if f := found.Sources.ConfigSchema; f == nil || f.Path != gsdConfigSchema || found.Sources.ConfigSchemaFrom != validate.SchemaFromDiscovery {
		t.Fatalf("config schema %+v from %q, want %s found", f, found.Sources.ConfigSchemaFrom, gsdConfigSchema)
	}
	if g, w := formatDiagnostics(found.Diagnostics), formatDiagnostics(named.Diagnostics); g != w || found.Digest != named.Digest {
		t.Errorf("found:\n%s(digest %s)\nnamed:\n%s(digest %s)", g, found.Digest, w, named.Digest)
	}
}
