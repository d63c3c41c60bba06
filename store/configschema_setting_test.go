package store_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// TestConfigSchemaNamedAsTheCallerSetIt: a config schema ScanOptions
// names that is missing, a directory or outside the repository is told as
// named by the setting the caller knows: ScanOptions.ConfigSchema for a
// library caller, who passed no flag (it was told "--config-schema"), and
// what ConfigSchemaSetting says otherwise: the CLI's "--config-schema".
// POST /validate (Snapshot.Overlay) deleting it says the same.
func TestConfigSchemaNamedAsTheCallerSetIt(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	if err := os.Mkdir(filepath.Join(repo, "config", "adir"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, schema, setting string
		rule, want            string
	}{
		{"missing", "config/gone.json", "", "file-unreadable",
			"config schema config/gone.json (named by ScanOptions.ConfigSchema): file does not exist"},
		{"a directory", "config/adir", "", "file-unreadable",
			"config schema config/adir (named by ScanOptions.ConfigSchema): is a directory, not a file: name the schema's file, not its folder"},
		{"outside", "../outside.json", "", "path-escape",
			`ScanOptions.ConfigSchema "../outside.json" is outside the repository root; it is not read`},
		{"missing, the CLI", "config/gone.json", "--config-schema", "file-unreadable",
			"config schema config/gone.json (named by --config-schema): file does not exist"},
		{"a directory, the CLI", "config/adir", "--config-schema", "file-unreadable",
			"config schema config/adir (named by --config-schema): is a directory, not a file: name the schema's file, not its folder"},
		{"outside, the CLI", "../outside.json", "--config-schema", "path-escape",
			`--config-schema "../outside.json" is outside the repository root; it is not read`},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := scanInput(t, store.ScanOptions{Repo: repo, ConfigSchema: c.schema, ConfigSchemaSetting: c.setting})
			var got []validate.Diagnostic
			for _, d := range validate.Validate(&in.Sources).Diagnostics {
				if d.Rule == c.rule {
					got = append(got, d)
				}
			}
			if len(got) != 1 || got[0].Message != c.want {
				t.Errorf("%s findings %v\nwant one: %s", c.rule, got, c.want)
			}
		})
	}
}

// TestConfigSchemaDeletedNamedAsTheCallerSetIt: a change deleting the
// config schema ScanOptions names (POST /validate) is told as the scan
// tells it, by the setting the caller knows, whether or not the change
// carries capreg.json too (which the setting overrides).
func TestConfigSchemaDeletedNamedAsTheCallerSetIt(t *testing.T) {
	const schema = "config/config-schema.manifest.json"
	repo, _ := scanRepoCopy(t)
	for setting, want := range map[string]string{
		"":                "config schema " + schema + " (named by ScanOptions.ConfigSchema): file does not exist",
		"--config-schema": "config schema " + schema + " (named by --config-schema): file does not exist",
	} {
		snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo, ConfigSchema: schema, ConfigSchemaSetting: setting, Tree: true}})
		for _, files := range []map[string][]byte{nil, {"capreg.json": []byte(`{"configSchema": "` + schema + `"}`)}} {
			src, err := snap.Overlay(files, []string{schema})
			if err != nil {
				t.Fatal(err)
			}
			var got []validate.Diagnostic
			for _, d := range validate.Validate(src).Diagnostics {
				if d.Rule == "file-unreadable" {
					got = append(got, d)
				}
			}
			if len(got) != 1 || got[0].Message != want {
				t.Errorf("setting %q, capreg.json changed %v: file-unreadable findings %v\nwant one: %s", setting, files != nil, got, want)
			}
		}
	}
}

// TestConfigSchemaAmbiguousNamesTheCallersSetting: two central config
// schemas found and none named (config-schema-ambiguous) says to name
// one by the setting the caller knows: to set ScanOptions.ConfigSchema
// for a library caller, who has no flag (it was told to pass
// --config-schema), and to pass --config-schema for the CLI, as before;
// POST /validate (Snapshot.Overlay) says the same.
func TestConfigSchemaAmbiguousNamesTheCallersSetting(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	if err := os.Remove(filepath.Join(repo, "capreg.json")); err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, filepath.Join(repo, "docs", "config-schema.manifest.json"), []byte(`{"validKeys": []}`))
	const head = "2 files are named config-schema.manifest.json (" + servedSchema + ", docs/config-schema.manifest.json) and nothing names the central config schema, so config keys are compared with none of them: name the central one in capreg.json's configSchema (or \"\" for none), or "
	for setting, want := range map[string]string{
		"":                head + "set ScanOptions.ConfigSchema",
		"--config-schema": head + "pass --config-schema",
	} {
		snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo, ConfigSchemaSetting: setting, Tree: true}})
		over, err := snap.Overlay(map[string][]byte{"docs/x.md": []byte("x\n")}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for name, diags := range map[string]validate.Diagnostics{"scan": snap.Diagnostics, "overlay": validate.Validate(over).Diagnostics} {
			var got []validate.Diagnostic
			for _, d := range diags {
				if d.Rule == "config-schema-ambiguous" {
					got = append(got, d)
				}
			}
			if len(got) != 1 || got[0].Message != want {
				t.Errorf("setting %q, %s: config-schema-ambiguous findings %v\nwant one: %s", setting, name, got, want)
			}
		}
	}
}
