package store_test

import (
	"path/filepath"
	"testing"
)

// TestCapabilityLinkWithoutDeclarationIsWorded: the warning about a
// capability folder that is a link to a folder with no capability.json
// names where the link leads as the repository sees it, the root by name.
func TestCapabilityLinkWithoutDeclarationIsWorded(t *testing.T) {
	for _, c := range []struct{ link, text, want string }{
		{"capabilities/loop", "..", "capabilities/loop is a link to the repository root, which holds no capability.json, so it is no capability: link to a capability folder, or remove the link"},
		{"capabilities/shared", "../bin", "capabilities/shared is a link to bin, which holds no capability.json, so it is no capability: link to a capability folder, or remove the link"},
	} {
		repo, _ := scanRepoCopy(t)
		makeSymlink(t, c.text, filepath.Join(repo, c.link))
		snap := scanLoadRepo(t, repo)
		if d, ok := scanFind(snap.Diagnostics, "capability-misplaced", c.link); !ok || d.Message != c.want {
			t.Errorf("%s -> %s: %q, want %q", c.link, c.text, d.Message, c.want)
		}
	}
}
