package store_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
)

// TestCheckArtifactsFarLargerFileIsNotDiffed: a committed artifact far
// larger than the one generated, in bytes or in lines, is drift said in a
// note, not read whole and diffed line by line: 40 MB of newlines made
// gen --check take 4.7 GB and print an 80 MB diff, and the size allowed
// was a gigabyte (review). One a little larger is diffed as ever.
func TestCheckArtifactsFarLargerFileIsNotDiffed(t *testing.T) {
	snap := load(t, editedRepo(t, "capabilities/tdd/capability.json", func(b []byte) []byte { return b }))
	reg := snap.Artifact(store.RegistryFile)
	for _, tc := range []struct {
		name, note string
		committed  []byte
	}{
		{"bytes", "bytes, over four times", append(bytes.Repeat([]byte("x"), 4*len(reg)+1<<20), '\n')},
		{"lines", "lines, over four times", append(bytes.Clone(reg), bytes.Repeat([]byte("\n"), 4*bytes.Count(reg, []byte("\n"))+1025)...)},
		{"a little larger", "", append(bytes.Clone(reg), "\n\n\n"...)},
		// Exactly at the bound of lines: diffed.
		{"at the line bound", "", append(bytes.Clone(reg), bytes.Repeat([]byte("\n"), 3*bytes.Count(reg, []byte("\n"))+1024)...)},
	} {
		out := t.TempDir()
		if err := os.WriteFile(filepath.Join(out, store.RegistryFile), tc.committed, 0o644); err != nil {
			t.Fatal(err)
		}
		drifts, err := store.CheckArtifacts(context.Background(), out, snap)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var d *store.Drift
		for i := range drifts {
			if filepath.Base(drifts[i].File) == store.RegistryFile {
				d = &drifts[i]
			}
		}
		switch {
		case d == nil:
			t.Errorf("%s: no drift of the registry", tc.name)
		case tc.note != "" && (!strings.Contains(d.Note, tc.note) || d.Diff != ""):
			t.Errorf("%s: note %q, diff of %d bytes; want a note saying %q and no diff", tc.name, d.Note, len(d.Diff), tc.note)
		case tc.note == "" && (d.Note != "" || !strings.Contains(d.Diff, "@@")):
			t.Errorf("%s: note %q, diff %q; want a diff", tc.name, d.Note, d.Diff)
		}
	}
}
