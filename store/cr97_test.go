package store_test

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestPathEscapeInTheCheckoutCr97 holds what TestPathEscapeInTheCheckout
// leaves out: a link into the checkout's .git folder, or to it, is given
// no hint
// (copying Git's own files in is no fix), a folder beside it whose name
// only starts .git (.github) is; a card reached through a link to a
// folder of the checkout (tools, a link to ../../shared) is told both
// the link it went through and where in the checkout it leads.
func TestPathEscapeInTheCheckoutCr97(t *testing.T) {
	hint := func(to, what string) string {
		return ", to " + to + ", elsewhere in the same git checkout: --repo (its folder products/a) is narrower than the checkout, and nothing outside it is read: copy the " + what + " into products/a"
	}
	for _, tt := range []struct {
		name, link, at, file string // the link's text, where it is in products/a, the card through it
		want                 string // the message's end
	}{
		{"into .git", "../../../.git/lint.card.json", "bin/lint.card.json", "bin/lint.card.json",
			"symlink to ../../../.git/lint.card.json resolves outside the repository root"},
		{"the .git folder", "../../../.git", "gitdir", "gitdir",
			"symlink to ../../../.git resolves outside the repository root; it is not followed"},
		{"into .github", "../../../.github/lint.card.json", "bin/lint.card.json", "bin/lint.card.json",
			"symlink to ../../../.github/lint.card.json resolves outside the repository root" + hint(".github/lint.card.json", "file")},
		{"through a folder link", "../../shared", "tools", "tools/lint.card.json",
			"resolves outside the repository root, through tools, a link to ../../shared" + hint("shared/lint.card.json", "file")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			top := filepath.Join(t.TempDir(), "checkout")
			writeTestFile(t, filepath.Join(top, ".git", "HEAD"), []byte("ref: refs/heads/main\n"))
			for _, dir := range []string{".git", ".github", "shared"} {
				writeTestFile(t, filepath.Join(top, dir, "lint.card.json"), []byte("{}"))
			}
			repo := filepath.Join(top, "products", "a")
			config := "{}"
			if tt.at == "tools" {
				config = `{"cards": ["tools/lint.card.json"]}`
			}
			writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(config))
			makeSymlink(t, tt.link, filepath.Join(repo, filepath.FromSlash(tt.at)))
			snap := scanLoadRepo(t, repo)
			n := 0
			for _, d := range snap.Diagnostics {
				if d.Rule != "path-escape" || d.File != tt.file {
					continue
				}
				n++
				if !strings.HasSuffix(d.Message, tt.want) {
					t.Errorf("message %q, want it to end %q", d.Message, tt.want)
				}
			}
			if n == 0 {
				t.Errorf("no path-escape at %s in %v", tt.file, snap.Diagnostics)
			}
		})
	}
}
