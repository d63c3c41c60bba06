package store_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// misplaced returns the files of the capability-misplaced findings.
func misplaced(diags validate.Diagnostics) []string {
	var out []string
	for _, d := range diags {
		if d.Rule == "capability-misplaced" {
			out = append(out, d.File)
		}
	}
	return out
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
		{"a package of a monorepo, once", []string{"packages/gsd/capabilities/a/capability.json", "packages/gsd/capabilities/b/capability.json"}, nil,
			[]string{"packages/gsd/capabilities/a/capability.json"}},
		{"a package in a skipped folder", []string{"node_modules/gsd/capabilities/a/capability.json"}, nil, nil},
		{"a capability folder linking to bin", nil, [][2]string{{"capabilities/shared", "../bin"}},
			[]string{"capabilities/shared"}},
		{"a capability folder linking to the root names no declaration twice", []string{"packages/gsd/capabilities/a/capability.json"},
			[][2]string{{"capabilities/loop", ".."}}, []string{"capabilities/loop", "packages/gsd/capabilities/a/capability.json"}},
		{"a capability folder linking to another", nil, [][2]string{{"capabilities/ui-copy", "ui"}}, nil},
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
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			writeTestFile(t, filepath.Join(repo, "capabilities/gamma/Capability.json"), []byte(`{"id": "gamma"}`))
			snap := scanLoadRepo(t, repo)
			src, err := snap.Overlay(tt.files, tt.deleted)
			if err != nil {
				t.Fatal(err)
			}
			got := store.Build(src, false)
			for p, data := range tt.files {
				writeTestFile(t, filepath.Join(repo, p), data)
			}
			for _, p := range tt.deleted {
				if err := os.RemoveAll(filepath.Join(repo, p)); err != nil {
					t.Fatal(err)
				}
			}
			want := scanLoadRepo(t, repo)
			if formatDiagnostics(got.Diagnostics) != formatDiagnostics(want.Diagnostics) {
				t.Errorf("overlay:\n%s\nscan:\n%s", formatDiagnostics(got.Diagnostics), formatDiagnostics(want.Diagnostics))
			}
		})
	}
}
