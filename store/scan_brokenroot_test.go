package store_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/capreg/capreg/validate"
)

// TestScanBrokenCapabilitiesLink: a capabilities folder that is a link to
// nothing, or to itself, is an error, not a repository without
// capabilities: read as none, it passed the gate and replaced a served
// registry with an empty one. A configured root that is such a link says
// so, rather than offering its own name as a "did you mean"; a loop is
// called one, not a dangling link.
func TestScanBrokenCapabilitiesLink(t *testing.T) {
	tests := []struct {
		name     string
		setup    func(t *testing.T, repo string)
		file     string
		contains []string
	}{
		{"dangling", func(t *testing.T, repo string) {
			moveCapabilities(t, repo, "caps")
			makeSymlink(t, "caps-old", filepath.Join(repo, "capabilities"))
		}, "capabilities", []string{"the capabilities folder is a symlink to caps-old, which does not exist", "no capability is read"}},
		{"a link to a link to nothing", func(t *testing.T, repo string) {
			moveCapabilities(t, repo, "caps")
			makeSymlink(t, "caps-gone", filepath.Join(repo, "caps2"))
			makeSymlink(t, "caps2", filepath.Join(repo, "capabilities"))
		}, "capabilities", []string{"the capabilities folder is a symlink to caps2, which leads to nothing (lstat caps-gone: no such file or directory)"}},
		{"a loop", func(t *testing.T, repo string) {
			moveCapabilities(t, repo, "caps")
			makeSymlink(t, "capabilities", filepath.Join(repo, "capabilities"))
		}, "capabilities", []string{"a symlink to capabilities that leads back to itself"}},
		{"configured", func(t *testing.T, repo string) {
			writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"capabilities": "caps", "configSchema": "config/config-schema.manifest.json"}`))
			moveCapabilities(t, repo, "old")
			makeSymlink(t, "gone", filepath.Join(repo, "caps"))
		}, "capreg.json", []string{`configured path "caps" does not exist in the repository: lstat gone: no such file or directory`}},
		{"configured, a loop", func(t *testing.T, repo string) {
			writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"capabilities": "caps", "configSchema": "config/config-schema.manifest.json"}`))
			makeSymlink(t, "caps", filepath.Join(repo, "caps"))
		}, "capreg.json", []string{`configured path "caps" does not exist in the repository: symlink loop: the link leads back to itself`}},
		{"a link to a file", func(t *testing.T, repo string) {
			moveCapabilities(t, repo, "caps")
			writeTestFile(t, filepath.Join(repo, "caps-file"), []byte("x"))
			makeSymlink(t, "caps-file", filepath.Join(repo, "capabilities"))
		}, "capabilities", []string{"the capabilities folder is a symlink to caps-file, a file, not a folder"}},
		{"a file", func(t *testing.T, repo string) {
			moveCapabilities(t, repo, "caps")
			writeTestFile(t, filepath.Join(repo, "capabilities"), []byte("x"))
		}, "capabilities", []string{"the capabilities folder is a file, not a folder, so no capability is read"}},
		{"a loop inside", func(t *testing.T, repo string) {
			makeSymlink(t, "loop", filepath.Join(repo, "capabilities", "loop"))
		}, "capabilities/loop", []string{"capability folder not read: symlink loop"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo, _ := scanRepoCopy(t)
			tt.setup(t, repo)
			snap := scanLoadRepo(t, repo)
			found := false
			for _, d := range snap.Diagnostics {
				if d.File == tt.file && d.Rule == "file-unreadable" && d.Severity == validate.Error {
					found = true
					for _, c := range tt.contains {
						if !strings.Contains(d.Message, c) {
							t.Errorf("%s: %q does not say %q", d.File, d.Message, c)
						}
					}
					if strings.Contains(d.Message, "did you mean") || strings.Contains(d.Message, "EvalSymlinks") {
						t.Errorf("%s: %q", d.File, d.Message)
					}
				}
			}
			if !found || snap.OK() {
				t.Errorf("no file-unreadable error at %s:\n%s", tt.file, formatDiagnostics(snap.Diagnostics))
			}
		})
	}
}

// moveCapabilities renames the repository's capabilities folder to name.
func moveCapabilities(t *testing.T, repo, name string) {
	t.Helper()
	if err := os.Rename(filepath.Join(repo, "capabilities"), filepath.Join(repo, name)); err != nil {
		t.Fatal(err)
	}
}

// TestScanMissingWorkflowRootIsOneFinding: a workflow root capreg.json
// names that does not exist ("workflow" for "workflows") is the
// file-unreadable error at the value naming it, with the folder meant;
// the capabilities were also told contract-missing, a second error for
// the one slip, whose contract was only unread (new-user review). A root
// that exists but holds no marker is still contract-missing.
func TestScanMissingWorkflowRootIsOneFinding(t *testing.T) {
	for _, tt := range []struct{ workflows, want string }{
		{`["workflow"]`, "file-unreadable"},
		{`["workflows", "gone"]`, "file-unreadable"},
		{`["config"]`, "contract-missing"},
	} {
		repo, _ := scanRepoCopy(t)
		writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"configSchema": "config/config-schema.manifest.json", "workflows": `+tt.workflows+`}`))
		var errs []string
		for _, d := range scanLoadRepo(t, repo).Diagnostics {
			if d.Severity == validate.Error {
				errs = append(errs, d.Rule)
			}
		}
		if len(errs) != 1 || errs[0] != tt.want {
			t.Errorf("workflows %s: errors %q, want %s alone", tt.workflows, errs, tt.want)
		}
	}
	// Named already, the workflows are not told to be named.
	repo, _ := scanRepoCopy(t)
	writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"workflows": ["config"]}`))
	snap := scanLoadRepo(t, repo)
	i := slices.IndexFunc(snap.Diagnostics, func(d validate.Diagnostic) bool { return d.Rule == "contract-missing" })
	if i < 0 || strings.Contains(snap.Diagnostics[i].Message, "name it in") ||
		!strings.Contains(snap.Diagnostics[i].Message, `check the paths capreg.json's "workflows" names (config)`) {
		t.Errorf("contract-missing: %v", snap.Diagnostics)
	}
}
