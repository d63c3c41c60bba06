package store

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteAtomicInterrupted: a write whose context has ended (an interrupt
// reached gen --write) leaves the artifact as it was and no temporary file
// beside it, whether the artifact existed or not.
func TestWriteAtomicInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name string
		old  []byte // nil: no file there
	}{{"new", nil}, {"existing", []byte("old\n")}} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, RegistryFile)
			if tc.old != nil {
				if err := os.WriteFile(p, tc.old, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := writeAtomic(ctx, p, []byte("new\n")); !errors.Is(err, context.Canceled) {
				t.Errorf("writeAtomic = %v, want %v", err, context.Canceled)
			}
			data, err := os.ReadFile(p)
			switch {
			case tc.old == nil && !errors.Is(err, os.ErrNotExist):
				t.Errorf("%s = %q, %v; want no file", p, data, err)
			case tc.old != nil && string(data) != string(tc.old):
				t.Errorf("%s = %q, %v; want %q", p, data, err, tc.old)
			}
			entries, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			want := 0
			if tc.old != nil {
				want = 1
			}
			if len(entries) != want {
				t.Errorf("%s holds %v, want only the artifact it held", dir, entries)
			}
		})
	}
}

// TestWriteAtomicNamesTheArtifact: a temporary file that cannot be made (a
// read-only or missing folder) is reported as the artifact that could not
// be written, the cause kept for errors.Is. It named the temporary file,
// "capability-registry.json.3205719731.tmp", which no one asked for.
func TestWriteAtomicNamesTheArtifact(t *testing.T) {
	p := filepath.Join(t.TempDir(), "missing", RegistryFile)
	err := writeAtomic(context.Background(), p, []byte("new\n"))
	var pe *fs.PathError
	if !errors.As(err, &pe) || pe.Path != p || !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("writeAtomic = %v, want a path error on %s that is fs.ErrNotExist", err, p)
	}
}
