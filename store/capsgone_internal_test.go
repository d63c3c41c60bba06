package store

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCapabilitiesFolderGone: the scan's tree says whether the
// capabilities folder is missing, there (empty or not), a file, or, for the
// root named by capreg.json ("."), never gone; a snapshot made by Build
// has no tree (nor one loaded without ScanOptions.Tree), and knows nothing.
func TestCapabilitiesFolderGone(t *testing.T) {
	for _, tt := range []struct {
		name  string
		files map[string]string // path → content; a path ending in / is a folder
		want  bool
	}{
		{"missing", map[string]string{"cards/x.card.json": "{}"}, true},
		{"empty", map[string]string{"capabilities/": ""}, false},
		{"a file", map[string]string{"capabilities": "x"}, false},
		{"holding a folder", map[string]string{"capabilities/a/": ""}, false},
		{"the root", map[string]string{"capreg.json": `{"capabilities": "."}`}, false},
		{"another folder, missing", map[string]string{"capreg.json": `{"capabilities": "caps"}`, "capabilities/": ""}, true},
		{"another folder, there", map[string]string{"capreg.json": `{"capabilities": "caps"}`, "caps/": ""}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			repo := t.TempDir()
			for p, content := range tt.files {
				full := filepath.Join(repo, filepath.FromSlash(p))
				if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
					t.Fatal(err)
				}
				if p[len(p)-1] == '/' {
					if err := os.MkdirAll(full, 0o755); err != nil {
						t.Fatal(err)
					}
					continue
				}
				if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			snap, err := Load(t.Context(), Options{ScanOptions: ScanOptions{Repo: repo, Tree: true}})
			if err != nil {
				t.Fatal(err)
			}
			if got := snap.capabilitiesFolderGone(); got != tt.want {
				t.Errorf("capabilitiesFolderGone() = %v, want %v (tree of %q)", got, tt.want, snap.capabilitiesDir())
			}
			if (&Snapshot{Sources: snap.Sources}).capabilitiesFolderGone() {
				t.Error("a snapshot without a tree says the folder is gone")
			}
		})
	}
}
