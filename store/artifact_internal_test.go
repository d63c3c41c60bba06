package store

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/store/storetest"
	"github.com/capreg/capreg/validate"
	"github.com/capreg/capreg/validate/ojson"
)

// TestRegistryArtifactIsTheDocumentEncoded: the registry artifact, written
// piece by piece, is the encoding of Registry.JSON, fresh and copying the
// pieces of a build of the same repository.
func TestRegistryArtifactIsTheDocumentEncoded(t *testing.T) {
	synthetic := t.TempDir()
	if err := storetest.WriteRepo(synthetic, 60); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		opts ScanOptions
	}{
		{"repo", ScanOptions{Repo: "../testdata/repo"}},
		{"gsd-core", ScanOptions{Repo: "../testdata/gsd-core", ConfigSchema: "gsd-core/bin/shared/config-schema.manifest.json"}},
		{"synthetic", ScanOptions{Repo: synthetic}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := Options{ScanOptions: tc.opts, Cache: validate.NewCache()}
			for i := range 2 {
				snap, err := Load(context.Background(), opts)
				if err != nil || !snap.OK() {
					t.Fatalf("load %d: %v %v", i, err, snap.Diagnostics)
				}
				doc := snap.Registry.JSON()
				if want := encodeFile(&doc, 0); !bytes.Equal(snap.Artifact(RegistryFile), want) {
					t.Fatalf("load %d: the artifact is not the document encoded:\n%s", i, firstDifference(snap.Artifact(RegistryFile), want))
				}
				opts.Previous = snap
			}
		})
	}
}

// TestRegistryArtifactWithIndexKeys: an object whose keys include array
// indices (ids, skills, agents, config keys, points) is written as
// JavaScript orders it (indices first), also in the sections the writer
// writes itself, which then leave it to the encoder.
func TestRegistryArtifactWithIndexKeys(t *testing.T) {
	manifest := func(id string) ojson.Value {
		v, errs := ojson.Parse(fmt.Appendf(nil, `{"id": %q, "role": "feature", "10": {"2": 1, "a": [], "1": {}}}`, id))
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		return v
	}
	var caps []*validate.Capability
	for _, id := range []string{"b", "12", "a", "3"} {
		c := &validate.Capability{ID: id, Role: "feature", Tier: "core", Folder: id, Manifest: manifest(id),
			Config: []validate.ConfigEntry{{Key: id + "7", Type: "boolean", Default: ojson.NewBool(true)}, {Key: "x" + id, Type: "string", Default: ojson.NewString("s")}},
			Skills: []string{"s" + id, id + "0"}, Agents: []string{id}, Requires: []string{"a"}}
		c.Steps = []*validate.Hook{{CapID: id, Kind: validate.StepHook, Point: "plan:pre", Raw: manifest("h" + id)}}
		caps = append(caps, c)
	}
	points := []PointHooks{{Point: "plan:pre"}, {Point: "7"}}
	for _, c := range caps {
		points[0].Steps = append(points[0].Steps, c.Steps...)
	}
	r := buildRegistry(caps, points)
	doc := r.JSON()
	want := encodeFile(&doc, 0)
	prev := newRegistryPieces()
	for i, reuse := range []*registryPieces{nil, prev, nil} {
		next := newRegistryPieces()
		if i == 0 {
			next = prev
		}
		if got, _ := appendRegistry(context.Background(), nil, r, reuse, next); !bytes.Equal(got, want) {
			t.Errorf("build %d:\n%s", i, firstDifference(got, want))
		}
	}
}

// TestRegistryArtifactCopiesUnchangedPieces walks a repository through
// changes on disk, each built with the previous snapshot: the artifact is
// always what a build from scratch writes, and only the pieces of the
// capabilities that changed are encoded again.
func TestRegistryArtifactCopiesUnchangedPieces(t *testing.T) {
	dir := t.TempDir()
	if err := storetest.WriteRepo(dir, 40); err != nil {
		t.Fatal(err)
	}
	capFile := func(id string) string { return filepath.Join(dir, "capabilities", id, "capability.json") }
	edit := func(id, old, new string) func() error {
		return func() error {
			data, err := os.ReadFile(capFile(id))
			if err != nil {
				return err
			}
			if !bytes.Contains(data, []byte(old)) {
				return fmt.Errorf("%s has no %s", id, old)
			}
			return os.WriteFile(capFile(id), bytes.Replace(data, []byte(old), []byte(new), 1), 0o644)
		}
	}
	steps := []struct {
		name    string
		change  func() error
		encoded int // pieces encoded afresh
	}{
		// 40 capabilities: 38 features with 1 step and 2 config keys each,
		// 10 contributions, 8 gates; 2 runtimes.
		{"first build", nil, 40 + 38 + 10 + 8 + 2*38},
		{"nothing changed", nil, 0},
		// cap-00001: one step, two config keys.
		{"a description", edit("cap-00001", `"description": "`, `"description": "Edited. `), 1 + 1 + 2},
		// cap-00020: a step, a contribution, a gate.
		{"a hook moves", edit("cap-00020", `"when": "cap-00020.enabled", "onError": "skip"`, `"when": "cap-00020.level", "onError": "skip"`), 1 + 3 + 2},
		{"a runtime", edit("cap-00019", `"localConfigDir": ".cap-00019"`, `"localConfigDir": ".cap-00019b"`), 1},
		{"a config default", edit("cap-00002", `"default": "low"`, `"default": "high"`), 1 + 1 + 2},
		{"a capability goes", func() error { return os.RemoveAll(filepath.Join(dir, "capabilities", "cap-00039")) }, 0},
	}
	opts := Options{ScanOptions: ScanOptions{Repo: dir}, Cache: validate.NewCache()}
	for _, st := range steps {
		if st.change != nil {
			if err := st.change(); err != nil {
				t.Fatal(err)
			}
		}
		snap, err := Load(context.Background(), opts)
		if err != nil || !snap.OK() {
			t.Fatalf("%s: %v %v", st.name, err, snap.Diagnostics)
		}
		fresh, err := Load(context.Background(), Options{ScanOptions: opts.ScanOptions})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(snap.Artifact(RegistryFile), fresh.Artifact(RegistryFile)) || snap.Digest != fresh.Digest {
			t.Fatalf("%s: the artifact differs from a build from scratch:\n%s", st.name,
				firstDifference(snap.Artifact(RegistryFile), fresh.Artifact(RegistryFile)))
		}
		if snap.pieces.encoded != st.encoded {
			t.Errorf("%s: %d pieces encoded, want %d", st.name, snap.pieces.encoded, st.encoded)
		}
		opts.Previous = snap
	}
}

// firstDifference shows where two artifacts part.
func firstDifference(got, want []byte) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	at := func(b []byte) string {
		return strings.ReplaceAll(string(b[max(0, i-80):min(len(b), i+80)]), "\n", "⏎")
	}
	return fmt.Sprintf("at byte %d (lengths %d, %d)\ngot:  %s\nwant: %s", i, len(got), len(want), at(got), at(want))
}
