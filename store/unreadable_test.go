//go:build unix

package store_test

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/capreg/capreg/store"
	"github.com/capreg/capreg/validate"
)

// An unreadable directory where inputs live is an error, so that the build
// fails and a daemon keeps its last good registry, instead of a smaller
// registry passing as good; so is an unreadable input. The message names
// the path from the repository root, though the scan opens a directory's
// entries from the directory. Permissions do not bind root, so as root the
// scan runs in a copy of this test binary as the user nobody.
func TestScanUnreadableDirectory(t *testing.T) {
	tests := []struct {
		name, path string   // made unreadable
		config     string   // capreg.json, when set
		want       []string // severity rule file, of the file-unreadable findings
		message    string   // what the first one's message holds
		mode       os.FileMode
	}{
		{"capabilities folder", "capabilities", "", []string{"error file-unreadable capabilities"}, "openat capabilities: permission denied", 0},
		{"one capability folder", "capabilities/ui", "", []string{"error file-unreadable capabilities/ui"}, "openat capabilities/ui: permission denied", 0},
		{"card folder", "bin", "", []string{"error file-unreadable bin"}, "openat bin: permission denied", 0},
		// With the card and workflow roots named, other folders hold no input.
		{"outside the roots", "docs", `{"configSchema": "config/config-schema.manifest.json", "cards": ["bin"], "workflows": ["workflows"]}`,
			[]string{"warning file-unreadable docs"}, "openat docs: permission denied", 0},
		{"a card", "bin/land.card.json", "", []string{"error file-unreadable bin/land.card.json"}, "openat bin/land.card.json: permission denied", 0},
		{"a declaration", "capabilities/ui/capability.json", "", []string{"error file-unreadable capabilities/ui/capability.json"},
			"openat capabilities/ui/capability.json: permission denied", 0},
		// Listed but not searched: the listing's failure names the folder
		// as it is, not as opened (with a separator at its end).
		{"a folder listed, not searched", "capabilities/ui", "", []string{"error file-unreadable capabilities/ui"},
			"/capabilities/ui: permission denied", 0o444},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := readableTempDir(t)
			repo := filepath.Join(base, "repo")
			copyRepoTree(t, baseRepoDir, repo)
			if tt.config != "" {
				writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(tt.config))
			}
			if err := os.Chmod(filepath.Join(repo, tt.path), tt.mode); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.Chmod(filepath.Join(repo, tt.path), 0o755) })
			diags := scanAsUnprivileged(t, base, repo)
			var got, messages []string
			for _, d := range diags {
				if d.Rule == "file-unreadable" {
					got = append(got, string(d.Severity)+" "+d.Rule+" "+d.File)
					messages = append(messages, d.Message)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("file-unreadable findings %q, want %q", got, tt.want)
			}
			if len(messages) > 0 && !strings.Contains(messages[0], tt.message) {
				t.Errorf("message %q, want it to hold %q", messages[0], tt.message)
			}
			if wantErr := tt.want[0][:5] == "error"; diags.HasErrors() != wantErr {
				t.Errorf("scan has errors = %v, want %v:\n%s", diags.HasErrors(), wantErr, formatDiagnostics(diags))
			}
		})
	}
}

// An unreadable fragment is one fault, reported once: at the declaration
// naming it (fragment-unreadable), not again on the file as markdown that
// might hold a marker (file-unreadable).
func TestScanUnreadableFragmentOnce(t *testing.T) {
	base := readableTempDir(t)
	repo := filepath.Join(base, "repo")
	copyRepoTree(t, baseRepoDir, repo)
	fragment := filepath.Join(repo, "capabilities/research/loop/research-prompt.md")
	if err := os.Chmod(fragment, 0o000); err != nil {
		t.Fatal(err)
	}
	diags := scanAsUnprivileged(t, base, repo)
	var got []string
	for _, d := range diags {
		if d.Severity == validate.Error {
			got = append(got, d.Rule+" "+d.File)
		}
	}
	if want := []string{"fragment-unreadable capabilities/research/capability.json"}; !slices.Equal(got, want) {
		t.Errorf("errors %q, want %q:\n%s", got, want, formatDiagnostics(diags))
	}
}

// TestScanUnreadableDirectoryChild is the scan of TestScanUnreadableDirectory
// when it runs as another user; it does nothing otherwise.
func TestScanUnreadableDirectoryChild(t *testing.T) {
	repo := os.Getenv("CAPREG_UNREADABLE_REPO")
	if repo == "" {
		t.Skip("run by TestScanUnreadableDirectory only")
	}
	snap := scanLoadRepo(t, repo)
	json.NewEncoder(os.Stdout).Encode(snap.Diagnostics)
}

// readableTempDir is a temporary directory that other users may enter.
func readableTempDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "capreg-unreadable-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// scanAsUnprivileged loads repo and returns its diagnostics: in this process
// when permissions bind it, else in a copy of the test binary (placed in
// base, where nobody can run it) run as nobody.
func scanAsUnprivileged(t *testing.T, base, repo string) validate.Diagnostics {
	t.Helper()
	if os.Geteuid() != 0 {
		return scanLoad(t, store.Options{ScanOptions: store.ScanOptions{Repo: repo}}).Diagnostics
	}
	out, err := childAsNobody(t, base, "TestScanUnreadableDirectoryChild", "CAPREG_UNREADABLE_REPO="+repo).Output()
	if err != nil {
		t.Fatalf("scan as nobody: %v\n%s", err, out)
	}
	var diags validate.Diagnostics
	dec := json.NewDecoder(bytes.NewReader(out))
	if err := dec.Decode(&diags); err != nil {
		t.Fatalf("scan as nobody printed no diagnostics: %v\n%s", err, out)
	}
	return diags
}

// childAsNobody is the command that runs the test child of a copy of this
// test binary in base as the user nobody, with env added to the
// environment and args after the test flags: permissions do not bind
// root, as CI runs.
func childAsNobody(t *testing.T, base, child, env string, args ...string) *exec.Cmd {
	t.Helper()
	bin := filepath.Join(base, "store.test")
	copyExecutable(t, os.Args[0], bin)
	cmd := exec.Command(bin, append([]string{"-test.run=^" + child + "$", "-test.count=1"}, args...)...)
	cmd.Env = append(os.Environ(), env)
	cmd.Dir = base
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	return cmd
}

func copyExecutable(t *testing.T, from, to string) {
	t.Helper()
	src, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	dst, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		t.Fatal(err)
	}
	if err := dst.Close(); err != nil {
		t.Fatal(err)
	}
}
