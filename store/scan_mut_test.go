package store_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// TestConfiguredPathOutsideTheRootIsPlaced: a path capreg.json gives that
// leaves the repository lexically is reported at its place in capreg.json,
// the line and column of the value, where an editor jumps to; a
// --config-schema flag that leaves it is named as the flag, with no place
// in any file.
func TestConfiguredPathOutsideTheRootIsPlaced(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte("{\n"+
		"  \"configSchema\": \"config/config-schema.manifest.json\",\n"+
		"  \"capabilities\": \"../..\",\n"+
		"  \"workflows\": [\n"+
		"    \"workflows\",\n"+
		"    \"/etc\"\n"+
		"  ]\n"+
		"}\n"))
	snap := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}})
	want := map[string]int{ // the path as given, its line in capreg.json
		`configured path "../.." is outside the repository root; it is not read`: 3,
		`configured path "/etc" is outside the repository root; it is not read`:  6,
	}
	got := map[string]validate.Diagnostic{}
	for _, d := range snap.Diagnostics {
		if d.Rule == "path-escape" {
			got[d.Message] = d
		}
	}
	for msg, line := range want {
		d, ok := got[msg]
		switch {
		case !ok:
			t.Errorf("no path-escape %q among %v", msg, snap.Diagnostics)
		case d.File != "capreg.json" || d.Line != line || d.Column == 0 || d.Severity != validate.Error:
			t.Errorf("path-escape %q at %s:%d:%d (%s), want capreg.json:%d and a column, an error", msg, d.File, d.Line, d.Column, d.Severity, line)
		}
	}
	if len(got) != len(want) {
		t.Errorf("path-escape findings %v, want %d", got, len(want))
	}

	flagged := scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo, ConfigSchema: "../x.json"}})
	var found bool
	for _, d := range flagged.Diagnostics {
		if d.Rule == "path-escape" && strings.HasPrefix(d.Message, "--config-schema ") {
			found = true
			if d.Message != `--config-schema "../x.json" is outside the repository root; it is not read` || d.File != "" || d.Line != 0 {
				t.Errorf("flag's path-escape %q at %q:%d, want it named as the flag, in no file", d.Message, d.File, d.Line)
			}
		}
	}
	if !found {
		t.Errorf("no path-escape for --config-schema ../x.json among %v", flagged.Diagnostics)
	}
}

// TestRevisionFromPackedRefs: a branch whose ref git has packed (git gc,
// git pack-refs, a fresh clone) has no file under refs/heads; its revision
// is the one packed-refs gives for it, not another branch's.
func TestRevisionFromPackedRefs(t *testing.T) {
	const (
		main  = "0123456789abcdef0123456789abcdef01234567"
		other = "89abcdef0123456789abcdef0123456789abcdef"
	)
	for _, tt := range []struct {
		name, head, packed, want string
	}{
		{"packed", "ref: refs/heads/main\n", "# pack-refs with: peeled fully-peeled sorted\n" + other + " refs/heads/dev\n" + main + " refs/heads/main\n", main},
		{"not packed", "ref: refs/heads/gone\n", "# pack-refs with: peeled fully-peeled sorted\n" + main + " refs/heads/main\n", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			repo, git := sampleWithGit(t)
			if err := writeHead(git, tt.head); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(git, "packed-refs"), []byte(tt.packed), 0o644); err != nil {
				t.Fatal(err)
			}
			if got := load(t, repo).Revision; got != tt.want {
				t.Errorf("revision %q, want %q", got, tt.want)
			}
		})
	}
}
