package store_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/capreg/capreg/validate"
)

// TestScanDiscoveredSchemaLinkOutside: while nothing names the central
// config schema, a config-schema.manifest.json the walk meets is what
// discovery reads, so one that links out of the repository is an error
// (path-escape), as the same link named by capreg.json is. It was a
// warning, after which the key collisions the schema holds went unchecked
// and the gate passed (review r22). Where capreg.json names another
// schema, such a link is no input and stays a warning.
func TestScanDiscoveredSchemaLinkOutside(t *testing.T) {
	const schema = "config/config-schema.manifest.json"
	t.Run("discovered", func(t *testing.T) {
		repo, out := scanRepoCopy(t)
		if err := os.Remove(filepath.Join(repo, "capreg.json")); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(filepath.Join(repo, schema), filepath.Join(out, "schema.json")); err != nil {
			t.Fatal(err)
		}
		makeSymlink(t, filepath.Join(out, "schema.json"), filepath.Join(repo, schema))
		scanWantOnly(t, scanLoadRepo(t, repo), "path-escape", schema, validate.Error)
	})
	t.Run("another named", func(t *testing.T) {
		repo, out := scanRepoCopy(t)
		writeTestFile(t, filepath.Join(out, "schema.json"), []byte(`{"validKeys":[]}`))
		makeSymlink(t, filepath.Join(out, "schema.json"), filepath.Join(repo, "docs", validate.SchemaFileName))
		scanWantOnly(t, scanLoadRepo(t, repo), "path-escape", "docs/"+validate.SchemaFileName, validate.Warning)
	})
}
