package store_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/validate"
)

// TestCapabilityLinkCheckedOutAsFile pins the warning for a link to a
// capability folder that Git checked out as a file holding its text
// (core.symlinks false, Git for Windows without Developer Mode): the scan
// skipped a file directly in the capabilities folder in silence, and check
// passed with a capability fewer than the repository holds (review r25).
// A note there, a file with a dot in its name, and a link's text anywhere
// else draw nothing.
func TestCapabilityLinkCheckedOutAsFile(t *testing.T) {
	repo, _ := scanRepoCopy(t)
	for p, text := range map[string]string{
		"capabilities/mirror":     "../shared/mirror",
		"capabilities/README":     "These are the capabilities.\n",
		"capabilities/setup":      "./setup.sh --dev", // a command (review cr34)
		"capabilities/notes.txt":  "../shared/notes",
		"capabilities/ui/helper":  "../../shared/helper",
		"docs/shared-link":        "../shared/mirror",
		"capabilities/big-mirror": "../" + strings.Repeat("x", validate.MaxLinkText),
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(repo, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		writeTestFile(t, filepath.Join(repo, p), []byte(text))
	}
	snap := scanLoadRepo(t, repo)
	var got []validate.Diagnostic
	for _, d := range snap.Diagnostics {
		if d.Rule == "capability-misplaced" {
			got = append(got, d)
		}
	}
	want := `capabilities/mirror is a file holding only the text "../shared/mirror", as a symbolic link checked out as a file does (git config core.symlinks false`
	if len(got) != 1 || got[0].File != "capabilities/mirror" || got[0].Severity != validate.Warning || !strings.Contains(got[0].Message, want) {
		t.Errorf("want one capability-misplaced warning for capabilities/mirror containing %q, got %v", want, got)
	}
}
