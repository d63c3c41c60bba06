package store_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/capreg/capreg/validate"
)

// TestPathEscapeInTheCheckout: a link out of the repository to a file
// elsewhere in the same git work tree (a monorepo's product given as
// --repo, as /git/current/products/a, and a card linked from shared
// tooling beside it) says where in the checkout it leads and that --repo
// is narrower than the checkout; a link out of the checkout, or with the
// repository at the work tree's top, says nothing of it. Before, each
// read "resolves outside the repository root" alone, though the file is
// plainly there in the checkout the user sees.
func TestPathEscapeInTheCheckout(t *testing.T) {
	const hint = ", to shared/lint.card.json, elsewhere in the same git checkout: --repo (its folder products/a) is narrower than the checkout, and nothing outside it is read: copy the file into products/a"
	for _, tt := range []struct {
		name     string
		git      bool   // the checkout holds .git
		link     string // products/a/bin/lint.card.json's text
		wantHint bool
	}{
		{"in the checkout", true, "../../../shared/lint.card.json", true},
		{"no git", false, "../../../shared/lint.card.json", false},
		{"out of the checkout", true, "../../../../outside.card.json", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			top := filepath.Join(t.TempDir(), "checkout")
			if tt.git {
				writeTestFile(t, filepath.Join(top, ".git", "HEAD"), []byte("ref: refs/heads/main\n"))
			}
			writeTestFile(t, filepath.Join(top, "shared", "lint.card.json"), []byte("{}"))
			writeTestFile(t, filepath.Join(top, "..", "outside.card.json"), []byte("{}"))
			repo := filepath.Join(top, "products", "a")
			writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte("{}"))
			makeSymlink(t, tt.link, filepath.Join(repo, "bin", "lint.card.json"))
			snap := scanLoadRepo(t, repo)
			scanWantOnly(t, snap, "path-escape", "bin/lint.card.json", validate.Error)
			for _, d := range snap.Diagnostics {
				if d.Rule != "path-escape" {
					continue
				}
				want := "symlink to " + tt.link + " resolves outside the repository root"
				if tt.wantHint {
					want += hint
				}
				if !strings.HasSuffix(d.Message, want) {
					t.Errorf("message %q, want it to end %q", d.Message, want)
				}
			}
		})
	}
}

// TestConfiguredPathEscapeInTheCheckout: a path capreg.json names out of
// the repository and into the checkout around it (a monorepo product's
// configSchema, "../../shared/config-schema.manifest.json", shared by
// every product; its workflows in "../../shared") says where in the
// checkout it leads, that --repo is narrower than the checkout, and what
// to copy in.
func TestConfiguredPathEscapeInTheCheckout(t *testing.T) {
	top := filepath.Join(t.TempDir(), "checkout")
	writeTestFile(t, filepath.Join(top, ".git", "HEAD"), []byte("ref: refs/heads/main\n"))
	writeTestFile(t, filepath.Join(top, "shared", "config-schema.manifest.json"), []byte(`{"validKeys": [], "dynamicKeyPatterns": []}`))
	repo := filepath.Join(top, "products", "a")
	writeTestFile(t, filepath.Join(repo, "capreg.json"), []byte(`{"configSchema": "../../shared/config-schema.manifest.json", "workflows": ["../../shared"]}`))
	snap := scanLoadRepo(t, repo)
	want := map[string]string{
		"/configSchema": `configured path "../../shared/config-schema.manifest.json" is outside the repository root, to shared/config-schema.manifest.json, elsewhere in the same git checkout: --repo (its folder products/a) is narrower than the checkout, and nothing outside it is read: copy the file into products/a; it is not read`,
		"/workflows/0":  `configured path "../../shared" is outside the repository root, to shared, elsewhere in the same git checkout: --repo (its folder products/a) is narrower than the checkout, and nothing outside it is read: copy the folder into products/a; it is not read`,
	}
	for _, d := range snap.Diagnostics {
		if d.Rule != "path-escape" {
			continue
		}
		if w, ok := want[d.Pointer]; !ok || d.Message != w {
			t.Errorf("%s %s: %s\nwant %s", d.File, d.Pointer, d.Message, w)
		}
		delete(want, d.Pointer)
	}
	for p := range want {
		t.Errorf("no path-escape at capreg.json %s", p)
	}
}
