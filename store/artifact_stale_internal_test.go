package store

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/capreg/capreg/store/storetest"
	"github.com/capreg/capreg/validate"
)

// TestRebuildMatchesFreshBuildAfterChanges rebuilds a repository, as the
// watcher does (one cache, the previous snapshot given), after changes a
// copied piece or carried fragment path could miss: a fragment file whose
// declaration did not change, --strict toggled, a central config schema
// appearing and changing, a capability's folder and id changing, a
// capability inserted before the others. Each time the artifacts and
// diagnostics are those of a build from scratch.
func TestRebuildMatchesFreshBuildAfterChanges(t *testing.T) {
	dir := t.TempDir()
	if err := storetest.WriteRepo(dir, 30); err != nil {
		t.Fatal(err)
	}
	capDir := func(id string) string { return filepath.Join(dir, "capabilities", id) }
	writeFile := func(rel, text string) func(*Options) error {
		return func(*Options) error {
			p := filepath.Join(dir, rel)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			return os.WriteFile(p, []byte(text), 0o644)
		}
	}
	rename := func(from, to string) func(*Options) error {
		return func(*Options) error {
			data, err := os.ReadFile(filepath.Join(capDir(from), "capability.json"))
			if err != nil {
				return err
			}
			if err := os.Rename(capDir(from), capDir(to)); err != nil {
				return err
			}
			data = bytes.ReplaceAll(data, []byte(from), []byte(to))
			return os.WriteFile(filepath.Join(capDir(to), "capability.json"), data, 0o644)
		}
	}
	copyCap := func(from, to string) func(*Options) error {
		return func(*Options) error {
			data, err := os.ReadFile(filepath.Join(capDir(from), "capability.json"))
			if err != nil {
				return err
			}
			data = bytes.ReplaceAll(data, []byte(from), []byte(to))
			data = bytes.ReplaceAll(data, []byte("ART-00004.md"), []byte("ART-first.md"))
			return writeFile(filepath.Join("capabilities", to, "capability.json"), string(data))(nil)
		}
	}
	strict := func(on bool) func(*Options) error {
		return func(o *Options) error { o.Strict = on; return nil }
	}
	steps := []struct {
		name   string
		change func(*Options) error
	}{
		{"first build", nil},
		{"a fragment file, its declaration unchanged", writeFile("capabilities/cap-00003/loop/prompt.md", "Other words for {{phase}}.\n")},
		{"strict on", strict(true)},
		{"strict off", strict(false)},
		{"a central config schema appears", writeFile("config/config-schema.manifest.json", `{"validKeys": ["cap-00001.enabled"], "dynamicKeyPatterns": []}`)},
		{"the central config schema changes", writeFile("config/config-schema.manifest.json", `{"validKeys": ["other"], "dynamicKeyPatterns": []}`)},
		{"the central config schema goes", func(*Options) error { return os.RemoveAll(filepath.Join(dir, "config")) }},
		{"a capability's folder and id change", rename("cap-00008", "cap-00008b")},
		{"a capability sorts first", copyCap("cap-00004", "aaa-first")},
		{"the fragment file goes", func(*Options) error { return os.Remove(filepath.Join(capDir("cap-00003"), "loop", "prompt.md")) }},
		{"the fragment file is back", writeFile("capabilities/cap-00003/loop/prompt.md", "Back for {{phase}}.\n")},
	}
	opts := Options{ScanOptions: ScanOptions{Repo: dir}, Cache: validate.NewCache()}
	for _, st := range steps {
		if st.change != nil {
			if err := st.change(&opts); err != nil {
				t.Fatalf("%s: %v", st.name, err)
			}
		}
		snap, err := Load(context.Background(), opts)
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		fresh, err := Load(context.Background(), Options{ScanOptions: opts.ScanOptions, Strict: opts.Strict})
		if err != nil {
			t.Fatal(err)
		}
		if len(snap.Diagnostics) != len(fresh.Diagnostics) || snap.OK() != fresh.OK() {
			t.Fatalf("%s: diagnostics differ:\n%v\n%v", st.name, snap.Diagnostics, fresh.Diagnostics)
		}
		for _, name := range ArtifactNames {
			if got, want := snap.Artifact(name), fresh.Artifact(name); !bytes.Equal(got, want) {
				t.Fatalf("%s: %s differs from a build from scratch:\n%s", st.name, name, firstDifference(got, want))
			}
		}
		if snap.Digest != fresh.Digest {
			t.Fatalf("%s: digest %s, from scratch %s", st.name, snap.Digest, fresh.Digest)
		}
		t.Logf("%s: ok=%v diags=%v", st.name, snap.OK(), snap.Diagnostics)
		if snap.OK() { // the watcher builds on the snapshot it serves
			opts.Previous = snap
		}
	}
}
